"""The rules of Nauticus as three functions: set up, list the legal moves, apply one.

The state machine: a phase starts with the chooser's ``choose`` (and its bonus tile);
then every seat from the chooser clockwise has a *go*: it performs the action (a
performance of one or more uses, ended by ``done``) or passes, and may play its extra
action before or after. Completion rewards and the all-four item interrupt a
performance as pending choices. After the last go the phase ends, and after seven
phases the round.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard_tui.core.rng import Rng, seed_state
from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules.catalog import (
    ACTIONS,
    BLUE_WORKERS,
    BONUS_CHOICES,
    BONUS_GAINS,
    COMPENSATION,
    CROWN_CAP,
    EXTRA_FIRST_PRICE,
    EXTRA_WORKERS,
    FIELD_BONUS,
    FIELDS,
    FURTHER_COPY_PRICE,
    GOODS,
    ITEMS,
    ITEMS_OF_ACTION,
    PASS_TILES,
    PHASES_PER_ROUND,
    REWARD_COINS,
    REWARD_LIMIT,
    REWARD_VP,
    REWARD_WORKERS,
    STACK_SIZES,
    START_COINS,
    START_VP,
    START_WORKERS,
    Action,
    Reward,
    item_kind,
    price,
    warehouse_units,
)
from shipyard_tui.games.nauticus.rules.moves import (
    Buy,
    Choose,
    Crown,
    Deliver,
    Done,
    EndGo,
    Extra,
    FreeItem,
    Move,
    Pass,
    TakeBonus,
    Transport,
    Withdraw,
)
from shipyard_tui.games.nauticus.rules.moves import Reward as RewardMove
from shipyard_tui.games.nauticus.rules.scoring import final_lines, leftovers, ranking
from shipyard_tui.games.nauticus.rules.state import (
    NauticusConfig,
    NauticusState,
    Pending,
    Performance,
    Seat,
    Step,
)
from shipyard_tui.games.nauticus.rules.yard import WAREHOUSE, build_of, place, yard_destinations

Events = list[ev.Event]


def blue_workers(state: NauticusState, field: int) -> int:
    """Blue workers the tile on ``field`` has this round (NA-4.1, NA-4.3)."""
    return BLUE_WORKERS[(field - state.anchor) % FIELDS]


# -- setup -------------------------------------------------------------------


def new_game(config: NauticusConfig) -> tuple[NauticusState, Events]:
    """Set up a game (NAUTICUS.md §2)."""
    config.validate()
    n = config.players
    rng = Rng(seed_state(config.seed))
    drawn = rng.below(n)  # drawn even when a seat was picked: the shuffles stay the same
    start = drawn if config.start_seat is None else config.start_seat  # NA-2.4
    seats = [Seat(s.name, START_COINS, START_WORKERS, 0) for s in config.seats]
    for k, (coins, workers) in enumerate(COMPENSATION[n]):
        seat = seats[(start + k) % n]
        seat.coins += coins
        seat.workers += workers
    tiles = [a.value for a in ACTIONS]
    rng.shuffle(tiles)
    state = NauticusState(config=config, rng=rng.state, seats=seats, stacks=dict(STACK_SIZES),
                          tiles=tiles, face_down=[False] * FIELDS, start_seat=start,
                          chooser=start)
    events: Events = [ev.GameStarted([s.name for s in seats], start, config.seed,
                                     config.rounds)]
    for i, seat in enumerate(seats):
        events.append(ev.SetupGiven(i, seat.coins, seat.workers))
        _score(state, i, "start", START_VP, "starting VP", events)
    events.append(ev.RoundStarted(1, state.anchor, list(tiles),
                                  [blue_workers(state, f) for f in range(FIELDS)]))
    return state, events


# -- legal moves -------------------------------------------------------------


def legal_moves(state: NauticusState) -> list[Move]:
    """Every legal move of the seat to move, in a fixed order."""
    step = state.step
    if step is Step.OVER:
        return []
    seat = state.seats[state.seat]
    if step is Step.CHOOSE:
        open_actions = {state.tiles[f] for f in range(FIELDS) if not state.face_down[f]}
        return [Choose(a) for a in ACTIONS if a.value in open_actions]
    if step is Step.BONUS:
        return [TakeBonus(i) for i in _pending_options(state, state.pending[0])]
    if step is Step.FREE:
        return [FreeItem(i) for i in _pending_options(state, state.pending[0])]
    if step is Step.REWARD:
        return [RewardMove(r) for r in _reward_options(seat, state, state.pending[0])]
    if step is Step.AFTER:
        return [EndGo(), *_extra_moves(state, seat)]
    if step is Step.ACT:
        perf = state.perf
        assert perf is not None
        uses = _use_moves(state, seat, perf)
        # to perform is to make at least one use (NA-5.2): the extra action's
        # performance ends only after one (a main performance starts with one)
        return uses if perf.uses == 0 and uses else [*uses, Done()]
    # Step.GO
    perf = _main_performance(state)
    moves = [*_use_moves(state, seat, perf), Pass()]
    if seat.extra:
        moves.extend(_extra_moves(state, seat))
    return moves


def _extra_moves(state: NauticusState, seat: Seat) -> list[Move]:
    """The extra action on each action the seat could make a use of with the extra
    action's 2 workers added (NA-12.1, NA-5.2: an extra action with no use to make is
    not offered)."""
    return [Extra(a) for a in ACTIONS
            if next(_uses(state, seat, Performance(a, True, 0), EXTRA_WORKERS), None)
            is not None]


def _main_performance(state: NauticusState) -> Performance:
    """A fresh performance of the current action with its field's blue workers."""
    assert state.chosen is not None
    return Performance(Action(state.tiles[state.chosen]), False,
                       blue_workers(state, state.chosen))


def current_performance(state: NauticusState) -> Performance:
    """The performance under way, or the one a first use of the current action starts."""
    return state.perf if state.perf is not None else _main_performance(state)


def item_price(state: NauticusState, perf: Performance, item: str) -> int:
    """What the next copy of ``item`` costs in this performance (NA-6.1, NA-12.2)."""
    if perf.bought.get(item, 0):
        return FURTHER_COPY_PRICE
    if perf.extra:
        return EXTRA_FIRST_PRICE
    assert state.chosen is not None
    return price(state.chosen, item)


def _use_moves(state: NauticusState, seat: Seat, perf: Performance, *,
               spare: int = 0) -> list[Move]:
    """The uses the seat can make in ``perf`` (``spare``: workers it is about to get)."""
    return list(_uses(state, seat, perf, spare))


def _uses(state: NauticusState, seat: Seat, perf: Performance, spare: int) -> Iterator[Move]:
    """:func:`_use_moves` one by one, in the same order: whether an extra action has a
    use to make is known at its first (issue 39)."""
    workers = perf.blue + seat.workers + spare
    if workers <= 0:
        return
    action = perf.action
    if action.paid:
        room = seat.warehouse_room
        for item in ITEMS_OF_ACTION[action]:
            if state.stacks[item] <= 0:
                continue
            cost = item_price(state, perf, item)
            if cost > seat.coins:
                continue
            # golden rule: an item bought for 0 coins goes to the warehouse (NA-5.3)
            if cost > 0:
                for dest in yard_destinations(seat.yard, item):
                    yield Buy(item, dest)
            if warehouse_units(item) <= room:  # seat.fits(item)
                yield Buy(item, WAREHOUSE)
    elif action is Action.TRANSPORT:
        for item in ITEMS:
            if seat.warehouse.get(item, 0):
                for dest in yard_destinations(seat.yard, item):
                    yield Transport(item, dest)
    elif action is Action.WITHDRAW:
        yield Withdraw()
    elif action is Action.DELIVER:
        for b, build in enumerate(seat.yard):
            if build.complete and build.loaded and build.size <= workers:
                yield Deliver(b)
    elif seat.crowns >= 1 and perf.crown_vp < CROWN_CAP:
        yield Crown()


def _pending_options(state: NauticusState, pending: Pending) -> list[str]:
    """Items a bonus or free-item choice may take: in stock and with room (NA-10.2)."""
    seat = state.seats[state.seat]
    return [i for i in pending.options if state.stacks[i] > 0 and seat.fits(i)]


def _reward_options(seat: Seat, state: NauticusState, pending: Pending) -> list[str]:
    """Rewards still open for this ship (NA-9.1 to NA-9.3)."""
    def open_(kind: Reward) -> bool:
        return pending.taken.get(kind.value, 0) < REWARD_LIMIT

    options = []
    if open_(Reward.CROWN_MAST) and state.stacks["mast:crown"] > 0 and seat.fits("mast:crown"):
        options.append(Reward.CROWN_MAST.value)
    if open_(Reward.CROWN_SAIL) and state.stacks["sail:crown"] > 0 and seat.fits("sail:crown"):
        options.append(Reward.CROWN_SAIL.value)
    options.extend(r.value for r in (Reward.VP, Reward.COINS, Reward.WORKERS) if open_(r))
    if open_(Reward.GOODS) and seat.warehouse_room >= 2:
        stocked = [g for g in GOODS if state.stacks[f"good:{g}"] > 0]
        options.extend(f"goods:{a}+{b}" for i, a in enumerate(stocked) for b in stocked[i + 1:])
    return options


# -- applying a move ---------------------------------------------------------


def apply_move(state: NauticusState, move: Move, events: Events) -> None:
    """Apply a move from :func:`legal_moves` (not checked)."""
    round_before = state.round
    seat_index = state.seat
    before = None if state.step is Step.OVER else seat_index  # state.to_move
    seat = state.seats[seat_index]
    if isinstance(move, _USE_MOVES):  # the commonest first
        if state.perf is None:
            state.perf = _main_performance(state)
        _use(state, seat_index, state.perf, move, events)
    elif isinstance(move, Done):
        perf = state.perf
        assert perf is not None
        events.append(ev.PerformanceEnded(seat_index, perf.action.value, perf.extra, perf.uses))
        state.perf = None
        if not perf.extra:
            state.resolved = True
    elif isinstance(move, Choose):
        _choose(state, move.action, events)
    elif isinstance(move, _FREE_MOVES):
        state.pending.pop(0)
        _to_warehouse(state, seat, move.item)
        if isinstance(move, TakeBonus):
            assert state.chosen is not None
            events.append(ev.BonusReceived(seat_index, state.chosen, 0, 0, move.item, False))
        else:
            events.append(ev.FreeItemTaken(seat_index, move.item))
    elif isinstance(move, RewardMove):
        _reward(state, seat_index, move.reward, events)
    elif isinstance(move, Pass):
        tile = seat.pass_up.pop(0) if seat.pass_up else None
        events.append(ev.Passed(seat_index, tile))
        state.resolved = True
    elif isinstance(move, Extra):
        seat.extra = False
        seat.workers += EXTRA_WORKERS
        state.perf = Performance(move.action, True, 0)
        events.append(ev.ExtraPlayed(seat_index, move.action.value))
    elif isinstance(move, EndGo):
        _end_go(state, events)
    else:
        raise ValueError(f"{move} is not a Nauticus move")
    _settle(state, events)
    state.moves_played += 1
    if state.to_move != before or state.round != round_before:
        state.undo_floor = state.moves_played


_USE_MOVES = (Buy, Transport, Deliver, Withdraw, Crown)
"""The moves that are uses of the performed action (NA-5.1)."""
_FREE_MOVES = (TakeBonus, FreeItem)
_PLACING_MOVES = (Buy, Transport)


def after_move(state: NauticusState, move: Move) -> NauticusState:
    """The position after a move from :func:`legal_moves`, played on a copy that shares
    with ``state`` what the move leaves as it is (:meth:`NauticusState.copy_for`): the
    other seats' possessions and the builds it puts no tile on or takes no goods from.
    ``state`` is not changed. Bots value their moves this way (issue 39)."""
    build = None
    if isinstance(move, _PLACING_MOVES):
        build = build_of(move.dest)
    elif isinstance(move, Deliver):
        build = move.build
    after = state.copy_for(state.seat, build)
    apply_move(after, move, [])
    return after


def _choose(state: NauticusState, action: Action, events: Events) -> None:
    field = state.tiles.index(action.value)
    seat_index = state.seat
    seat = state.seats[seat_index]
    state.chosen = field
    events.append(ev.ActionChosen(seat_index, state.phase, action.value, field,
                                  blue_workers(state, field)))
    bonus = FIELD_BONUS[field]
    workers, coins, vp = BONUS_GAINS[bonus]
    seat.workers += workers
    seat.coins += coins
    if vp:
        _score(state, seat_index, "bonus", vp, f"bonus of field {field}", events)
    if bonus in BONUS_CHOICES:
        if workers or coins:
            events.append(ev.BonusReceived(seat_index, field, workers, coins, None, False))
        state.pending.append(Pending("bonus", list(BONUS_CHOICES[bonus])))
    else:
        events.append(ev.BonusReceived(seat_index, field, workers, coins, None, False))


def _use(state: NauticusState, seat_index: int, perf: Performance, move: Move,
         events: Events) -> None:
    """One use of the performed action (Deliver: one use per good), NA-5.1."""
    seat = state.seats[seat_index]
    if isinstance(move, Deliver):
        build = seat.yard[move.build]
        blue = min(perf.blue, build.size)
        perf.blue -= blue
        seat.workers -= build.size - blue
        perf.uses += build.size
        goods = []
        for slot in build.slots:
            assert slot.good is not None
            goods.append(slot.good)
            seat.delivered[slot.good] = seat.delivered.get(slot.good, 0) + 1
            slot.good = None
        events.append(ev.GoodsDelivered(seat_index, move.build, goods, blue))
        return
    by_blue = perf.blue > 0
    if by_blue:
        perf.blue -= 1
    else:
        seat.workers -= 1
    perf.uses += 1
    if isinstance(move, Buy):
        cost = item_price(state, perf, move.item)
        seat.coins -= cost
        state.stacks[move.item] -= 1
        perf.bought[move.item] = perf.bought.get(move.item, 0) + 1
        events.append(ev.ItemBought(seat_index, move.item, cost, move.dest, by_blue))
        _put(state, seat_index, move.item, move.dest, events)
        items = ITEMS_OF_ACTION[perf.action]
        bought = perf.bought
        if (not perf.all_four and len(bought) >= len(items)
                and all(bought.get(i, 0) for i in items)):
            perf.all_four = True
            state.pending.append(Pending("free", list(items)))
    elif isinstance(move, Transport):
        _take_from_warehouse(seat, move.item)
        events.append(ev.TileTransported(seat_index, move.item, move.dest, by_blue))
        _put(state, seat_index, move.item, move.dest, events)
    elif isinstance(move, Withdraw):
        seat.coins += 2
        events.append(ev.MoneyWithdrawn(seat_index, 2, by_blue))
    elif isinstance(move, Crown):
        crowns = seat.crowns
        vp = min(crowns, CROWN_CAP - perf.crown_vp)
        perf.crown_vp += vp
        events.append(ev.CrownsEvaluated(seat_index, crowns, by_blue))
        _score(state, seat_index, "crowns", vp,
               f"{crowns} crown{'' if crowns == 1 else 's'}", events)
    else:
        raise ValueError(f"{move} is not a use of {perf.action.value}")


def _put(state: NauticusState, seat_index: int, item: str, dest: str, events: Events) -> None:
    """Place a tile in the yard or the warehouse; a completed ship pauses for rewards."""
    seat = state.seats[seat_index]
    if dest == WAREHOUSE:
        seat.warehouse[item] = seat.warehouse.get(item, 0) + 1
        return
    b = place(seat, item, dest)
    build = seat.yard[b]
    if item_kind(item) != "good" and build.complete:
        events.append(ev.ShipCompleted(seat_index, b, build.size))
        # rewards come before any later choice of the same performance (NA-9.1)
        state.pending.insert(0, Pending("reward", build=b, left=build.size))


def _to_warehouse(state: NauticusState, seat: Seat, item: str) -> None:
    state.stacks[item] -= 1
    seat.warehouse[item] = seat.warehouse.get(item, 0) + 1


def _take_from_warehouse(seat: Seat, item: str) -> None:
    left = seat.warehouse[item] - 1
    if left:
        seat.warehouse[item] = left
    else:
        del seat.warehouse[item]


def _reward(state: NauticusState, seat_index: int, reward: str, events: Events) -> None:
    seat = state.seats[seat_index]
    pending = state.pending[0]
    kind = reward.split(":", 1)[0]
    pending.taken[kind] = pending.taken.get(kind, 0) + 1
    pending.left -= 1
    events.append(ev.RewardTaken(seat_index, pending.build, reward))
    if kind == Reward.CROWN_MAST:
        _to_warehouse(state, seat, "mast:crown")
    elif kind == Reward.CROWN_SAIL:
        _to_warehouse(state, seat, "sail:crown")
    elif kind == Reward.VP:
        _score(state, seat_index, "reward", REWARD_VP, f"reward for ship {pending.build}", events)
    elif kind == Reward.COINS:
        seat.coins += REWARD_COINS
    elif kind == Reward.WORKERS:
        seat.workers += REWARD_WORKERS
    else:
        for good in reward.split(":", 1)[1].split("+"):
            _to_warehouse(state, seat, f"good:{good}")


def _score(state: NauticusState, seat_index: int, kind: str, points: int, detail: str,
           events: Events) -> None:
    state.seats[seat_index].vp += points
    events.append(ev.Scored(seat_index, kind, points, detail))


# -- what comes next ---------------------------------------------------------


def _settle(state: NauticusState, events: Events) -> None:
    """Resolve what needs no decision and set the step of the seat to move."""
    while True:
        if state.step is Step.OVER:
            return
        if state.chosen is None:
            state.step = Step.CHOOSE
            return
        if state.pending:
            top = state.pending[0]
            if top.kind == "reward":
                if top.left > 0:
                    state.step = Step.REWARD
                    return
                state.pending.pop(0)
                continue
            if not _pending_options(state, top):
                # a forced free tile with no stock or room is lost (NA-10.2)
                state.pending.pop(0)
                seat_index = state.seat
                if top.kind == "bonus":
                    events.append(ev.BonusReceived(seat_index, state.chosen, 0, 0, None, True))
                else:
                    events.append(ev.FreeItemTaken(seat_index, None))
                continue
            state.step = Step.BONUS if top.kind == "bonus" else Step.FREE
            return
        if state.perf is not None:
            state.step = Step.ACT
            return
        if not state.resolved:
            state.step = Step.GO
            return
        if state.seats[state.seat].extra:
            state.step = Step.AFTER
            return
        _end_go(state, events)


def _end_go(state: NauticusState, events: Events) -> None:
    state.resolved = False
    state.goer += 1
    if state.goer < len(state.seats):
        state.step = Step.GO
        return
    field = state.chosen
    assert field is not None
    state.face_down[field] = True
    first = state.phase == 1
    if first:
        state.anchor_tile = field
    events.append(ev.PhaseEnded(state.round, state.phase, field, first))
    state.goer = 0
    state.chosen = None
    state.chooser = (state.chooser + 1) % len(state.seats)
    state.phase += 1
    state.step = Step.CHOOSE
    if state.phase > PHASES_PER_ROUND:
        _end_round(state, events)


def _end_round(state: NauticusState, events: Events) -> None:
    """Pass penalties, then the next round's wheel and tiles, or the end (NA-3.3)."""
    for i, seat in enumerate(state.seats):
        penalty = sum(seat.pass_up)
        if penalty:
            face_up = len(seat.pass_up)
            _score(state, i, "penalty", -penalty, f"round {state.round}: {face_up} pass "
                   f"tile{'s' if face_up > 1 else ''} face up", events)
        seat.pass_up = list(PASS_TILES)
    events.append(ev.RoundEnded(state.round))
    if state.round >= state.config.rounds:
        _end_game(state, events)
        return
    assert state.anchor_tile is not None
    state.round += 1
    state.phase = 1
    state.anchor = state.anchor_tile
    state.anchor_tile = None
    rng = Rng(state.rng)
    tiles = [a.value for a in ACTIONS]
    rng.shuffle(tiles)
    state.rng = rng.state
    state.tiles = tiles
    state.face_down = [False] * FIELDS
    events.append(ev.RoundStarted(state.round, state.anchor, list(tiles),
                                  [blue_workers(state, f) for f in range(FIELDS)]))


def _end_game(state: NauticusState, events: Events) -> None:
    """End scoring and the winners (NAUTICUS.md §13)."""
    for i, seat in enumerate(state.seats):
        for line in final_lines(seat):
            _score(state, i, line.kind, line.points, line.detail, events)
    scores = [s.vp for s in state.seats]
    remainders = [leftovers(s).remainder for s in state.seats]
    totals = [leftovers(s).total for s in state.seats]
    state.winners = ranking(scores, remainders, totals)
    state.step = Step.OVER
    events.append(ev.GameEnded(scores, remainders, totals, list(state.winners)))
