"""The rules engine: setup, the legal moves of every decision, and playing a move.

Everything here works on a :class:`~.state.GameState` in place and reports what
happened as events appended to a list. The engine resolves everything that needs
no decision (income, refills, rotations, automa turns) on its own and stops at
the next decision, so ``state.turn.seat`` and ``state.turn.step`` always name who
decides what. :class:`~.game.Game` wraps this in a friendlier object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from . import events as ev
from .canals import CanalSystem, end_token, parse_space, score_path, space_text
from .catalog import (
    CATALOG,
    PIECES,
    Action,
    ContractColour,
    Good,
    Piece,
    TileKind,
)
from .moves import (
    COLUMN_KINDS,
    Bonus,
    Buy,
    BuyBlank,
    BuyCommodity,
    Choose,
    Cruise,
    Discard,
    EndBuild,
    EndLoad,
    Exchange,
    Final,
    Helmsman,
    Hire,
    Load,
    Move,
    Pass,
    Place,
    PlaceCanal,
    Proceed,
    Rigger,
    SailFirst,
    Sell,
    StartToken,
    Step,
    Take,
    TakeCanal,
    Trade,
)
from .moves import Step as StepMove
from .rng import Rng, seed_state
from .scoring import (
    builder_extras,
    fits,
    rigger_limit,
    score_contract,
    ship_points,
    ship_speed,
    tile_features,
    trader_points,
)
from .state import (
    DismantledShip,
    GameConfig,
    GameState,
    Market,
    PlacedCanal,
    Role,
    SailedShip,
    Seat,
    SeatKind,
    SoloState,
    Stage,
    Token,
    TrackSlot,
    Turn,
)
from .state import Step as S
from .yard import KIND_LETTER, complete_ships, completing_cells, legal_cells, pattern

Events = list[ev.Event]

WHEEL_POSITIONS = 12
DISPLAY_ROWS = 5
BONUS_COST = 6
SUBSIDY = 2
RESERVE_CUBES = {2: 3, 3: 5, 4: 7}
RING_EXTRA_STEPS = 3
TRACK_EXTRA_STEPS = 7
ACCOUNTANT_FREE = 2
FOREMAN_FREE = 3
MARKET_SLOTS = 5


class RulesError(ValueError):
    """Raised when the engine is asked to do something the rules do not allow."""


# -- helpers -----------------------------------------------------------------


def starting_commodity_id(seat: int) -> str:
    return f"start-{seat + 1}"


def commodity_goods(tile_id: str) -> tuple[Good, Good, Good]:
    if tile_id.startswith("start-"):
        return CATALOG.starting_goods
    return CATALOG.commodities[tile_id].goods


def has_employee(seat: Seat, kind: str) -> bool:
    return any(CATALOG.employees[e].kind == kind for e in seat.employees)


def slot_price(row: int) -> int:
    return CATALOG.slot_prices[row]


def track_actions(state: GameState) -> list[Action]:
    return [slot.action for slot in state.track]


def track_index(state: GameState, action: Action) -> int:
    for i, slot in enumerate(state.track):
        if slot.action is action:
            return i
    raise RulesError(f"{action.value} is not on the action track")


def is_first_turn(state: GameState, seat: int) -> bool:
    """First turns skip step 1: one per seat, two per seat with 2 seats (R-3.6, R-3.7)."""
    return state.seats[seat].turns < (2 if state.players == 2 else 1)


def income(state: GameState, index: int) -> int:
    """What choosing the tile at track slot ``index`` pays now (R-3.3)."""
    track = state.track
    return sum(1 for slot in track[:index] if slot.cubes) + track[index].guilders


def income_for(state: GameState, index: int) -> tuple[list[str], int]:
    """Occupied tiles ahead of track slot ``index`` and the guilders lying on it (R-3.3)."""
    ahead = [slot.action.value for slot in state.track[:index] if slot.cubes]
    return ahead, state.track[index].guilders


def ship_stack(market: Market, column: int) -> list[str]:
    kind = COLUMN_KINDS[column]
    if kind is TileKind.BOW:
        return market.bow_stack
    if kind is TileKind.STERN:
        return market.stern_stack
    return market.middle_stack


def _bump(pieces: dict[str, int], piece: str, n: int = 1) -> None:
    value = pieces.get(piece, 0) + n
    if value:
        pieces[piece] = value
    else:
        pieces.pop(piece, None)


# -- setup -------------------------------------------------------------------


def new_game(config: GameConfig) -> tuple[GameState, Events]:
    """Set up a game (§2) and run it to the first decision."""
    config.validate()
    rng = Rng(seed_state(config.seed))
    n = config.players

    seats = []
    for i, sc in enumerate(config.seats):
        seat = Seat(name=sc.name, kind=sc.kind)
        if sc.kind is SeatKind.AUTOMA:
            seat.guilders = 0
        else:
            seat.commodities.append(starting_commodity_id(i))
        seats.append(seat)

    bows = list(CATALOG.bows)
    sterns = list(CATALOG.sterns)
    mid1 = list(CATALOG.middles_1)
    mid2 = list(CATALOG.middles_2)
    for stack in (bows, sterns, mid1, mid2):
        rng.shuffle(stack)
    canal_deck = list(CATALOG.canals)
    rng.shuffle(canal_deck)
    commodity_deck = list(CATALOG.commodities)
    rng.shuffle(commodity_deck)
    market = Market(
        ships=[[None] * MARKET_SLOTS for _ in range(4)],
        bow_stack=bows,
        middle_stack=mid2 + mid1,
        stern_stack=sterns,
        canals=[None] * MARKET_SLOTS,
        canal_deck=canal_deck,
        canal_spent=[],
        commodities=[None] * MARKET_SLOTS,
        commodity_deck=commodity_deck,
        commodity_spent=[],
    )
    for col in range(4):
        stack = ship_stack(market, col)
        market.ships[col] = [stack.pop() for _ in range(MARKET_SLOTS)]
    market.canals = [canal_deck.pop() for _ in range(MARKET_SLOTS)]
    market.commodities = [commodity_deck.pop() for _ in range(MARKET_SLOTS)]

    equipment_marker = rng.below(4)
    crew_marker = rng.below(4)
    employee_marker = rng.below(8)

    deck = list(CATALOG.employees)
    spaces: list[list[str | None]] = [[None, None, None] for _ in range(8)]
    if config.first_game:
        for space, emp in enumerate(CATALOG.first_game_employees):
            spaces[space][0] = emp
        rest = [e for e in deck if e not in CATALOG.first_game_employees]
    else:
        rest = deck
    rng.shuffle(rest)
    fill = iter(rest)
    for cells in spaces:
        for k in range(3):
            if cells[k] is None:
                cells[k] = next(fill)
    copies = 1 if n == 2 or config.solo else 2
    employee_track = [[[e] * copies for e in cells if e is not None] for cells in spaces]

    actions: list[Action] = [a for a in Action if a is not Action.SUBSIDY]
    if n == 4:
        actions.append(Action.SUBSIDY)
    rng.shuffle(actions)
    track = [TrackSlot(a) for a in actions]

    players = [i for i, s in enumerate(seats) if not s.is_automa]
    out: Events = []
    dealt: list[list[str]] = [[] for _ in seats]
    if config.first_game:
        sets = list(CATALOG.first_game_sets)
        rng.shuffle(sets)
        for seat_index, contract_set in zip(players, sets, strict=False):
            dealt[seat_index] = list(contract_set)
    else:
        per_colour = 3 if config.advanced else 2
        reds = list(CATALOG.red_contracts)
        blues = list(CATALOG.blue_contracts)
        rng.shuffle(reds)
        rng.shuffle(blues)
        for seat_index in players:
            dealt[seat_index] = [reds.pop() for _ in range(per_colour)]
            dealt[seat_index] += [blues.pop() for _ in range(per_colour)]
    for seat_index in players:
        seats[seat_index].contracts = dealt[seat_index]

    solo = None
    if config.solo:
        stack = list(CATALOG.solo_tiles)
        rng.shuffle(stack)
        solo = SoloState(stack=stack)
        start_seat = 0
    else:
        start_seat = rng.below(n)

    state = GameState(
        config=config,
        rng=rng.state,
        seats=seats,
        track=track,
        market=market,
        employee_track=employee_track,
        equipment_marker=equipment_marker,
        crew_marker=crew_marker,
        exchange_marker=0,
        employee_marker=employee_marker,
        start_seat=start_seat,
        turn=Turn(seat=start_seat),
        reserve=RESERVE_CUBES[n],
        solo=solo,
    )
    out.append(ev.GameStarted(
        seats=[s.name for s in seats],
        kinds=[s.kind.value for s in seats],
        start_seat=start_seat,
        seed=config.seed,
        first_game=config.first_game,
        advanced=config.advanced,
        solo=config.solo,
        track=[a.value for a in actions],
        reserve=state.reserve,
    ))
    out.append(table_set_up(state))
    for seat_index in players:
        reds_held = sum(1 for c in dealt[seat_index]
                        if CATALOG.contracts[c].colour is ContractColour.RED)
        out.append(ev.ContractsDealt(seat_index, reds_held, len(dealt[seat_index]) - reds_held,
                                     list(dealt[seat_index])))
    _begin_turn(state, start_seat, out)
    return state, out


def table_set_up(state: GameState) -> ev.TableSetUp:
    """The public table (§2, R-11.1) as an event: displays, deck sizes, markers, the
    whole employee board, and each seat's guilders and commodity tiles."""
    market = state.market
    solo = state.solo
    top_back = None
    if solo is not None and solo.stack:
        top_back = CATALOG.solo_tiles[solo.stack[-1]].back
    return ev.TableSetUp(
        ship_display=[list(column) for column in market.ships],
        ship_stacks={
            "bow": len(market.bow_stack),
            "middle": len(market.middle_stack),
            "middle_deck_2": sum(1 for t in market.middle_stack if CATALOG.ship(t).deck == 2),
            "stern": len(market.stern_stack),
        },
        canals=list(market.canals),
        canal_deck=len(market.canal_deck),
        commodities=list(market.commodities),
        commodity_deck=len(market.commodity_deck),
        equipment_marker=state.equipment_marker,
        crew_marker=state.crew_marker,
        exchange_marker=state.exchange_marker,
        employee_marker=state.employee_marker,
        employee_board=[[list(stack) for stack in space] for space in state.employee_track],
        wheel=state.wheel,
        guilders=[seat.guilders for seat in state.seats],
        seat_commodities=[list(seat.commodities) for seat in state.seats],
        solo_top_back=top_back,
    )


def _draw_rng(state: GameState) -> Rng:
    return Rng(state.rng)


def _store_rng(state: GameState, rng: Rng) -> None:
    state.rng = rng.state


def _reveal(state: GameState) -> None:
    """Hidden information came to light: undo may not go back past this point."""
    state.undo_floor = state.move_count


# -- performability (R-4.0) --------------------------------------------------


def tile_buys(state: GameState, kind: TileKind, guilders: int) -> Iterator[Move]:
    """The ways to get a ship tile of ``kind``: each affordable displayed tile, or a free
    blank tile when none of that kind is displayed (R-4.1, N-8)."""
    displayed = False
    for col, column in enumerate(state.market.ships):
        if COLUMN_KINDS[col] is not kind:
            continue
        for row, tile in enumerate(column):
            if tile is not None:
                displayed = True
                if slot_price(row) <= guilders:
                    yield Buy(col, row)
    if not displayed:
        yield BuyBlank(kind)


def _placeable_kinds(seat: Seat, completing: bool = False) -> list[TileKind]:
    """Kinds of ship tile with a legal cell in the yard (only completing cells if asked)."""
    p = pattern(seat.yard)
    cells = completing_cells if completing else legal_cells
    return [k for k in (TileKind.BOW, TileKind.MIDDLE, TileKind.STERN)
            if cells(p, KIND_LETTER[k])]


def can_build(state: GameState, seat: Seat, guilders: int) -> bool:
    return any(next(tile_buys(state, kind, guilders), None) is not None
               for kind in _placeable_kinds(seat))


def can_rent_canal(state: GameState, seat: Seat, guilders: int) -> bool:
    if not any(c is not None and slot_price(i) <= guilders
               for i, c in enumerate(state.market.canals)):
        return False
    return CanalSystem(seat.canals).accepts_a_tile()


def can_purchase(state: GameState, guilders: int) -> bool:
    return any(c is not None and slot_price(i) <= guilders
               for i, c in enumerate(state.market.commodities))


def hireable(seat: Seat, employee: str) -> bool:
    """Whether a seat may hire this employee at all (R-4.6), ignoring the surcharge."""
    if employee in seat.employees:
        return False
    emp = CATALOG.employees[employee]
    if emp.kind == "trader" and emp.level == 2:
        return f"trader:{emp.good}:1" in seat.employees
    return True


def _hire_step_cost(seat: Seat, steps_taken: int) -> int:
    free = FOREMAN_FREE if has_employee(seat, "foreman") else 0
    return 0 if steps_taken < free else 1


def _hire_options(state: GameState, seat: Seat, space: int, guilders: int) -> list[int]:
    out = []
    for k, stack in enumerate(state.employee_track[space]):
        if stack:
            top = stack[-1]
            if hireable(seat, top) and CATALOG.employees[top].surcharge <= guilders:
                out.append(k)
    return out


def _hire_reachable(state: GameState, seat: Seat, space: int, steps_taken: int,
                    guilders: int) -> bool:
    """Whether some space from ``space`` onward can still be reached and hired from."""
    budget = guilders
    for k in range(TRACK_EXTRA_STEPS - steps_taken + 1):
        if k > 0:
            budget -= _hire_step_cost(seat, steps_taken + k - 1)
            if budget < 0:
                return False
        if _hire_options(state, seat, (space + k) % 8, budget):
            return True
    return False


def can_perform(state: GameState, seat_index: int, action: Action, guilders: int) -> bool:
    """Whether a complete legal way to do the action exists now (R-4.0)."""
    seat = state.seats[seat_index]
    if action is Action.BUILD:
        return can_build(state, seat, guilders)
    if action is Action.CANAL:
        return can_rent_canal(state, seat, guilders)
    if action is Action.PURCHASE:
        return can_purchase(state, guilders)
    if action is Action.HIRE:
        return _hire_reachable(state, seat, (state.employee_marker + 1) % 8, 0, guilders)
    if action is Action.EXCHANGE:
        return bool(seat.commodities)
    return True


def least_guilders(state: GameState, seat_index: int, action: Action) -> int:
    """The fewest guilders with which the seat could perform the action now (R-4.0);
    more than the seat holds when it cannot."""
    guilders = state.seats[seat_index].guilders
    for g in range(guilders + 1):
        if can_perform(state, seat_index, action, g):
            return g
    return guilders + 1


def spendable(state: GameState) -> int:
    """Guilders the seat may spend in the current action: a bonus action taken before
    the chosen action must leave enough to perform it (R-3.4)."""
    return state.seats[state.turn.seat].guilders - state.turn.keep


def _bonus_options(state: GameState, before: bool) -> list[Action]:
    """Bonus actions the seat may buy now (R-3.4). Before the chosen action, only those
    that leave enough guilders to perform it: the bonus action can change nothing else
    the chosen action needs (it is a different action), so guilders are the only thing
    it could spoil."""
    turn = state.turn
    seat = state.seats[turn.seat]
    if turn.bonus_used or turn.role is not Role.MAIN or seat.guilders < BONUS_COST:
        return []
    budget = seat.guilders - BONUS_COST
    if before:
        assert turn.chosen is not None
        budget -= least_guilders(state, turn.seat, turn.chosen)
    if budget < 0:
        return []
    return [a for a in track_actions(state)
            if a is not turn.chosen and can_perform(state, turn.seat, a, budget)]


# -- legal moves --------------------------------------------------------------


def legal_moves(state: GameState) -> list[Move]:
    """Every legal move of the seat to decide, in a fixed order."""
    step = state.turn.step
    generator = _GENERATORS.get(step)
    if generator is None:
        return []
    return generator(state)


def _choose_moves(state: GameState) -> list[Move]:
    s = state.turn.seat
    seat = state.seats[s]
    first = is_first_turn(state, s)
    free = [i for i, slot in enumerate(state.track) if not slot.cubes and (first or i != 0)]
    moves: list[Move] = []
    track = state.track
    for i in free:
        if can_perform(state, s, track[i].action, seat.guilders + income(state, i)):
            moves.append(Choose(track[i].action))
    if not moves:
        moves = [Choose(state.track[i].action) for i in free]
    return moves


def _bonus_before_moves(state: GameState) -> list[Move]:
    return [Proceed(), *(Bonus(a) for a in _bonus_options(state, before=True))]


def _bonus_after_moves(state: GameState) -> list[Move]:
    return [Pass(), *(Bonus(a) for a in _bonus_options(state, before=False))]


def _build_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    moves: list[Move] = []
    if turn.bought < 3:
        for kind in _placeable_kinds(seat):
            moves.extend(tile_buys(state, kind, spendable(state)))
    if turn.bought:
        moves.append(EndBuild())
    return moves


def _holding_letter(state: GameState) -> str:
    assert state.turn.holding is not None
    return KIND_LETTER[CATALOG.ship(state.turn.holding).kind]


def _place_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    p = pattern(seat.yard)
    letter = _holding_letter(state)
    if state.turn.role is Role.LAST_CHANCE:
        cells = completing_cells(p, letter)
    else:
        cells = legal_cells(p, letter)
    return [Place(c) for c in cells]


def _canal_pick_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    if not CanalSystem(seat.canals).accepts_a_tile():
        return []
    budget = spendable(state)
    return [TakeCanal(i) for i, c in enumerate(state.market.canals)
            if c is not None and slot_price(i) <= budget]


def _canal_place_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    canal = state.turn.canal
    assert canal is not None
    return [PlaceCanal(x, y, r) for x, y, r in CanalSystem(seat.canals).placements(canal)]


def _purchase_moves(state: GameState) -> list[Move]:
    budget = spendable(state)
    return [BuyCommodity(i) for i, c in enumerate(state.market.commodities)
            if c is not None and slot_price(i) <= budget]


def _ring_step_cost(seat: Seat, steps_taken: int) -> int:
    free = ACCOUNTANT_FREE if has_employee(seat, "accountant") else 0
    return 0 if steps_taken < free else 1


def _ring_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    moves: list[Move] = [Take()]
    cost = _ring_step_cost(seat, turn.ring_steps)
    if turn.ring_steps < RING_EXTRA_STEPS and spendable(state) >= cost:
        moves.append(StepMove())
    return moves


def _hire_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    budget = spendable(state)
    moves: list[Move] = [Hire(k) for k in
                         _hire_options(state, seat, state.employee_marker, budget)]
    if turn.ring_steps < TRACK_EXTRA_STEPS:
        cost = _hire_step_cost(seat, turn.ring_steps)
        if cost <= budget and _hire_reachable(
            state, seat, (state.employee_marker + 1) % 8, turn.ring_steps + 1,
            budget - cost,
        ):
            moves.append(StepMove())
    return moves


def _exchange_pick_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    return [Exchange(t) for t in seat.commodities]


def _exchange_good_moves(state: GameState) -> list[Move]:
    turn = state.turn
    assert turn.exchange_tile is not None
    good = commodity_goods(turn.exchange_tile)[turn.exchange_index]
    moves: list[Move] = [Sell()]
    moves.extend(Trade(p) for p in CATALOG.trade_lists[good] if p.value not in turn.traded)
    return moves


def _sail_order_moves(state: GameState) -> list[Move]:
    return [SailFirst(cells[0]) for cells in state.turn.ships]


def _load_options(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    tiles = [t for t in (seat.yard[c] for c in turn.ship) if t is not None]
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    moves: list[Move] = []
    for piece in PIECES:
        if seat.pieces.get(piece.value, 0) <= 0:
            continue
        trial = dict(turn.load)
        _bump(trial, piece.value)
        if fits(trial, features, extras):
            moves.append(Load(piece))
    return moves


def _load_moves(state: GameState) -> list[Move]:
    return [*_load_options(state), EndLoad()]


def _helmsman_moves(state: GameState) -> list[Move]:
    return [Helmsman(1), Helmsman(0)]


def _rigger_moves(state: GameState) -> list[Move]:
    limit = rigger_limit(state.turn.load)
    return [Rigger(k) for k in range(limit, -1, -1)]


def _current_ship_tiles(state: GameState) -> list[str]:
    seat = state.seats[state.turn.seat]
    return [t for t in (seat.yard[c] for c in state.turn.ship) if t is not None]


def current_speed(state: GameState) -> int:
    """The speed of the ship being sailed, with its load and Rigger choice."""
    seat = state.seats[state.turn.seat]
    turn = state.turn
    return ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman).total


def _start_options(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    system = CanalSystem(seat.canals)
    speed = current_speed(state)
    moves: list[Move] = []
    for token in system.start_tokens():
        if system.cruise_paths(token, speed):
            moves.append(StartToken(token.x, token.y, token.cell))
    return moves


def cruise_options(state: GameState) -> list[tuple[Cruise, dict[str, int]]]:
    """Every cruise path of the ship being sailed with its cruise points, best first (R-9.7)."""
    seat = state.seats[state.turn.seat]
    if seat.token is None:
        return []
    system = CanalSystem(seat.canals)
    features = tile_features(_current_ship_tiles(state))
    options = []
    for path in system.cruise_paths(seat.token, current_speed(state)):
        score = score_path(system, path, state.turn.load, features)
        options.append((Cruise(tuple(space_text(s) for s in path)), score.parts))
    options.sort(key=lambda o: (-sum(o[1].values()), str(o[0])))
    return options


def _cruise_moves(state: GameState) -> list[Move]:
    return [move for move, _ in cruise_options(state)]


def _discard_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    target = state.discard_target
    moves: list[Move] = []
    for colour in (ContractColour.RED, ContractColour.BLUE):
        held = [c for c in seat.contracts if CATALOG.contracts[c].colour is colour]
        if len(held) > target:
            moves.extend(Discard(c) for c in held)
    return moves


def _final_moves(state: GameState) -> list[Move]:
    s = state.turn.seat
    guilders = state.seats[s].guilders
    return [Final(a) for a in track_actions(state) if can_perform(state, s, a, guilders)]


def _last_chance_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    moves: list[Move] = []
    for kind in _placeable_kinds(seat, completing=True):
        moves.extend(tile_buys(state, kind, seat.guilders))
    return moves


_GENERATORS: dict[S, Callable[[GameState], list[Move]]] = {
    S.CHOOSE: _choose_moves,
    S.BONUS_BEFORE: _bonus_before_moves,
    S.BONUS_AFTER: _bonus_after_moves,
    S.BUILD: _build_moves,
    S.PLACE: _place_moves,
    S.CANAL_PICK: _canal_pick_moves,
    S.CANAL_PLACE: _canal_place_moves,
    S.PURCHASE: _purchase_moves,
    S.RING: _ring_moves,
    S.HIRE: _hire_moves,
    S.EXCHANGE_PICK: _exchange_pick_moves,
    S.EXCHANGE_GOOD: _exchange_good_moves,
    S.SAIL_ORDER: _sail_order_moves,
    S.LOAD: _load_moves,
    S.HELMSMAN: _helmsman_moves,
    S.RIGGER: _rigger_moves,
    S.TOKEN_START: _start_options,
    S.CRUISE: _cruise_moves,
    S.DISCARD: _discard_moves,
    S.FINAL_CHOOSE: _final_moves,
    S.LAST_CHANCE: lambda state: [Pass(), *_last_chance_moves(state)],
}


# -- applying moves -----------------------------------------------------------


def apply_move(state: GameState, move: Move, out: Events) -> None:
    """Play a move without checking it is legal (use :func:`legal_moves` first)."""
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise RulesError(f"unknown move type {type(move).__name__}")
    state.move_count += 1
    handler(state, move, out)


def _on_choose(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Choose)
    s = state.turn.seat
    seat = state.seats[s]
    index = track_index(state, move.action)
    slot = state.track[index]
    ahead, lying = income_for(state, index)
    cubes = 2 if state.players == 2 and seat.turns == 0 else 1
    slot.cubes.extend([s] * cubes)
    if state.players == 2 and seat.turns == 1:
        seat.older = seat.newest
    seat.newest = move.action
    out.append(ev.CubePlaced(s, move.action.value, index, cubes))
    slot.guilders = 0
    seat.guilders += len(ahead) + lying
    out.append(ev.IncomePaid(s, ahead, lying, len(ahead) + lying, seat.guilders))
    state.turn.chosen = move.action
    if not can_perform(state, s, move.action, seat.guilders):
        out.append(ev.ActionForfeited(s, move.action.value, "the action cannot be performed"))
        _after_main(state, out)
    elif _bonus_options(state, before=True):
        state.turn.step = S.BONUS_BEFORE
    else:
        _start_action(state, move.action, Role.MAIN, out)


def _on_proceed(state: GameState, move: Move, out: Events) -> None:
    chosen = state.turn.chosen
    assert chosen is not None
    _start_action(state, chosen, Role.MAIN, out)


def _on_bonus(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Bonus)
    turn = state.turn
    seat = state.seats[turn.seat]
    turn.main_pending = turn.step is S.BONUS_BEFORE
    if turn.main_pending:
        assert turn.chosen is not None
        turn.keep = least_guilders(state, turn.seat, turn.chosen)
    seat.guilders -= BONUS_COST
    turn.bonus_used = True
    out.append(ev.BonusPaid(turn.seat, move.action.value, BONUS_COST, seat.guilders))
    _start_action(state, move.action, Role.BONUS, out)


def _on_pass(state: GameState, move: Move, out: Events) -> None:
    if state.turn.step is S.BONUS_AFTER:
        _shakedown(state, out)
    else:
        _end_extra_turn(state, "last_chance", out)
        _next_last_chance(state, out)


def _start_action(state: GameState, action: Action, role: Role, out: Events) -> None:
    turn = state.turn
    s = turn.seat
    seat = state.seats[s]
    turn.action = action
    turn.role = role
    turn.bought = 0
    turn.ring_steps = 0
    out.append(ev.ActionStarted(s, action.value, role.value))
    if action is Action.BUILD:
        turn.step = S.BUILD
    elif action is Action.CANAL:
        turn.step = S.CANAL_PICK
    elif action is Action.PURCHASE:
        turn.step = S.PURCHASE
    elif action in (Action.EQUIPMENT, Action.CREW):
        move_marker(state, action, 1, 0, 0, out)
        turn.step = S.RING
    elif action is Action.HIRE:
        move_marker(state, action, 1, 0, 0, out)
        turn.step = S.HIRE
    elif action is Action.EXCHANGE:
        move_marker(state, action, 1, 0, 0, out)
        turn.step = S.EXCHANGE_PICK
    elif action is Action.SUBSIDY:
        seat.guilders += SUBSIDY
        out.append(ev.SubsidyReceived(s, SUBSIDY, seat.guilders))
        _finish_action(state, out)


MARKER_RING = {
    Action.EQUIPMENT: ("equipment", 4),
    Action.CREW: ("crew", 4),
    Action.HIRE: ("employee", 8),
    Action.EXCHANGE: ("exchange", 6),
}


def _marker(state: GameState, action: Action) -> int:
    name = MARKER_RING[action][0]
    value: int = getattr(state, f"{name}_marker")
    return value


def move_marker(state: GameState, action: Action, steps: int, paid: int, free: int,
                 out: Events) -> None:
    name, size = MARKER_RING[action]
    start = _marker(state, action)
    end = (start + steps) % size
    setattr(state, f"{name}_marker", end)
    out.append(ev.MarkerMoved(name, state.turn.seat, start, end, steps, paid, free))


def _finish_action(state: GameState, out: Events) -> None:
    turn = state.turn
    role = turn.role
    turn.action = None
    if role is Role.BONUS and turn.main_pending:
        turn.main_pending = False
        turn.keep = 0
        chosen = turn.chosen
        assert chosen is not None
        # the bonus action kept what the chosen action needs: it is never lost
        assert can_perform(state, turn.seat, chosen, state.seats[turn.seat].guilders)
        _start_action(state, chosen, Role.MAIN, out)
    elif role is Role.MAIN:
        _after_main(state, out)
    else:
        _shakedown(state, out)


def _after_main(state: GameState, out: Events) -> None:
    state.turn.role = Role.MAIN
    if _bonus_options(state, before=False):
        state.turn.step = S.BONUS_AFTER
    else:
        _shakedown(state, out)


# Build Ships


def _on_buy(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Buy)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile = state.market.ships[move.column][move.row]
    assert tile is not None
    price = slot_price(move.row)
    state.market.ships[move.column][move.row] = None
    seat.guilders -= price
    turn.holding = tile
    info = CATALOG.ship(tile)
    out.append(ev.ShipTileBought(turn.seat, tile, info.kind.value,
                                 [f.value for f in info.features], move.column, move.row, price,
                                 seat.guilders))
    turn.step = S.PLACE


def _on_buy_blank(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, BuyBlank)
    turn = state.turn
    state.blanks += 1
    tile = f"blank-{move.kind.value}-{state.blanks}"
    turn.holding = tile
    out.append(ev.ShipTileBought(turn.seat, tile, move.kind.value, [], -1, -1, 0,
                                 state.seats[turn.seat].guilders))
    turn.step = S.PLACE


def _on_place(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Place)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile = turn.holding
    assert tile is not None
    seat.yard[move.cell] = tile
    turn.holding = None
    turn.bought += 1
    out.append(ev.ShipTilePlaced(turn.seat, tile, move.cell, pattern(seat.yard)))
    if turn.role is Role.LAST_CHANCE:
        refill_ships(state, out)
        _finish_action(state, out)
    else:
        turn.step = S.BUILD


def _on_end_build(state: GameState, move: Move, out: Events) -> None:
    refill_ships(state, out)
    _finish_action(state, out)


def _trigger_end(state: GameState, reason: str, out: Events) -> None:
    if state.end_trigger is None:
        state.end_trigger = reason
        out.append(ev.EndTriggered(reason, state.turn.seat))


def refill_ships(state: GameState, out: Events) -> None:
    """Slide each display column down and refill it from its stack (R-4.1).

    Revealing the last tile of the bow, stern or middle stack triggers the end at once
    (R-10.2); a refill from an already empty stack leaves the slots empty.
    """
    market = state.market
    for col in range(4):
        column = market.ships[col]
        tiles = [t for t in column if t is not None]
        if len(tiles) == MARKET_SLOTS:
            continue
        stack = ship_stack(market, col)
        drawn = []
        while len(tiles) < MARKET_SLOTS and stack:
            tile = stack.pop()
            tiles.append(tile)
            drawn.append(tile)
        new: list[str | None] = [*tiles, *([None] * (MARKET_SLOTS - len(tiles)))]
        if new != column:
            market.ships[col] = new
            out.append(ev.DisplayRefilled("ships", col, drawn, list(new), len(stack)))
            if drawn:
                _reveal(state)
                if not stack:
                    _trigger_end(state, "ship_tiles", out)


def refill_column(state: GameState, area: str, out: Events) -> None:
    """Slide the canal or commodity column down and refill it, rebuilding an empty deck."""
    market = state.market
    column: list[str | None] = market.canals if area == "canals" else market.commodities
    deck = market.canal_deck if area == "canals" else market.commodity_deck
    spent = market.canal_spent if area == "canals" else market.commodity_spent
    tiles = [t for t in column if t is not None]
    if len(tiles) == MARKET_SLOTS:
        return
    drawn = []
    while len(tiles) < MARKET_SLOTS:
        if not deck:
            if not spent:
                break
            rng = _draw_rng(state)
            deck.extend(spent)
            spent.clear()
            rng.shuffle(deck)
            _store_rng(state, rng)
            out.append(ev.DeckRebuilt(area, len(deck)))
        tile = deck.pop()
        tiles.append(tile)
        drawn.append(tile)
    new: list[str | None] = [*tiles, *([None] * (MARKET_SLOTS - len(tiles)))]
    column[:] = new
    out.append(ev.DisplayRefilled(area, 0, drawn, list(new), len(deck)))
    if drawn:
        _reveal(state)


# Rent a Canal


def _on_take_canal(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, TakeCanal)
    turn = state.turn
    seat = state.seats[turn.seat]
    canal = state.market.canals[move.slot]
    assert canal is not None
    price = slot_price(move.slot)
    state.market.canals[move.slot] = None
    seat.guilders -= price
    turn.canal = canal
    out.append(ev.CanalRented(turn.seat, canal, move.slot, price, seat.guilders))
    turn.step = S.CANAL_PLACE


def _on_place_canal(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, PlaceCanal)
    turn = state.turn
    seat = state.seats[turn.seat]
    canal = turn.canal
    assert canal is not None
    seat.canals.append(PlacedCanal(canal, move.x, move.y, move.rotation))
    turn.canal = None
    out.append(ev.CanalPlaced(turn.seat, canal, move.x, move.y, move.rotation))
    refill_column(state, "canals", out)
    _finish_action(state, out)


# Purchase Commodities


def _on_buy_commodity(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, BuyCommodity)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile = state.market.commodities[move.slot]
    assert tile is not None
    price = slot_price(move.slot)
    state.market.commodities[move.slot] = None
    seat.guilders -= price
    seat.commodities.append(tile)
    out.append(ev.CommodityBought(turn.seat, tile, [g.value for g in commodity_goods(tile)],
                                  move.slot, price, seat.guilders))
    refill_column(state, "commodities", out)
    _finish_action(state, out)


# Manufacture Equipment, Recruit Crew, Hire Employee


def _on_step(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    action = turn.action
    assert action is not None
    if action is Action.HIRE:
        cost = _hire_step_cost(seat, turn.ring_steps)
    else:
        cost = _ring_step_cost(seat, turn.ring_steps)
    seat.guilders -= cost
    turn.ring_steps += 1
    move_marker(state, action, 1, cost, 1 - cost, out)


def _on_take(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    action = turn.action
    assert action is not None
    ring = CATALOG.equipment_ring if action is Action.EQUIPMENT else CATALOG.crew_ring
    helper = "engineer" if action is Action.EQUIPMENT else "recruiter"
    marked = ring[_marker(state, action)]
    gained: dict[str, int] = {marked.value: 1}
    helpers = []
    for e in seat.employees:
        emp = CATALOG.employees[e]
        if emp.kind == helper and emp.piece is not None:
            _bump(gained, emp.piece.value)
            helpers.append(e)
    for piece, n in gained.items():
        _bump(seat.pieces, piece, n)
    out.append(ev.PiecesTaken(turn.seat, marked.value, helpers, gained))
    _finish_action(state, out)


def _on_hire(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Hire)
    turn = state.turn
    seat = state.seats[turn.seat]
    space = state.employee_marker
    employee = state.employee_track[space][move.slot].pop()
    surcharge = CATALOG.employees[employee].surcharge
    seat.guilders -= surcharge
    seat.employees.append(employee)
    out.append(ev.EmployeeHired(turn.seat, employee, space, move.slot, surcharge, seat.guilders))
    _finish_action(state, out)


# Exchange Commodities


def _on_exchange(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Exchange)
    turn = state.turn
    seat = state.seats[turn.seat]
    seat.commodities.remove(move.tile)
    turn.exchange_tile = move.tile
    turn.exchange_index = 0
    turn.traded = []
    out.append(ev.CommodityGivenUp(turn.seat, move.tile,
                                   [g.value for g in commodity_goods(move.tile)],
                                   state.exchange_marker))
    turn.step = S.EXCHANGE_GOOD


def _current_good(state: GameState) -> Good:
    tile = state.turn.exchange_tile
    assert tile is not None
    return commodity_goods(tile)[state.turn.exchange_index]


def sale_price(state: GameState, seat: Seat, good: Good) -> tuple[int, int]:
    """The exchange price of a good and the seat's trader bonus for it (R-4.7)."""
    base = CATALOG.exchange_prices[state.exchange_marker][good]
    bonus = sum(1 for e in seat.employees
                if CATALOG.employees[e].kind == "trader" and CATALOG.employees[e].good is good)
    return base, bonus


def _on_sell(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    good = _current_good(state)
    base, bonus = sale_price(state, seat, good)
    seat.guilders += base + bonus
    out.append(ev.GoodSold(turn.seat, good.value, base, bonus, seat.guilders))
    _next_good(state, out)


def _on_trade(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Trade)
    turn = state.turn
    seat = state.seats[turn.seat]
    good = _current_good(state)
    _bump(seat.pieces, move.piece.value)
    turn.traded.append(move.piece.value)
    out.append(ev.GoodTraded(turn.seat, good.value, move.piece.value))
    _next_good(state, out)


def _next_good(state: GameState, out: Events) -> None:
    turn = state.turn
    turn.exchange_index += 1
    if turn.exchange_index < 3:
        return
    tile = turn.exchange_tile
    assert tile is not None
    if not tile.startswith("start-"):
        state.market.commodity_spent.append(tile)
    turn.exchange_tile = None
    turn.exchange_index = 0
    turn.traded = []
    _finish_action(state, out)


# Shakedown (step 5)


def _shakedown(state: GameState, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    turn.action = None
    ships = complete_ships(pattern(seat.yard))
    turn.ships = [list(range(i, j + 1)) for i, j in ships]
    for cells in turn.ships:
        out.append(ev.ShipCompleted(turn.seat, cells, [seat.yard[c] or "" for c in cells]))
    _next_ship(state, out)


def _next_ship(state: GameState, out: Events) -> None:
    turn = state.turn
    if not turn.ships:
        turn.ship = []
        _after_shakedown(state, out)
    elif len(turn.ships) == 1:
        _begin_ship(state, turn.ships.pop(), out)
    else:
        turn.step = S.SAIL_ORDER


def _on_sail_first(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, SailFirst)
    turn = state.turn
    for i, cells in enumerate(turn.ships):
        if cells[0] == move.cell:
            _begin_ship(state, turn.ships.pop(i), out)
            return
    raise RulesError(f"no completed ship starts at cell {move.cell}")


def _begin_ship(state: GameState, cells: list[int], out: Events) -> None:
    turn = state.turn
    turn.ship = cells
    turn.load = {}
    turn.helmsman = True
    turn.rigger = 0
    if _load_options(state):
        turn.step = S.LOAD
    else:
        _after_load(state, out)


def _on_load(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Load)
    turn = state.turn
    seat = state.seats[turn.seat]
    _bump(seat.pieces, move.piece.value, -1)
    _bump(turn.load, move.piece.value)
    out.append(ev.PieceLoaded(turn.seat, move.piece.value, dict(turn.load), list(turn.ship)))


def _on_end_load(state: GameState, move: Move, out: Events) -> None:
    _after_load(state, out)


def _after_load(state: GameState, out: Events) -> None:
    """The speed decisions (R-7.1): the Helmsman's +1, then the Rigger's bonus."""
    if has_employee(state.seats[state.turn.seat], "helmsman"):
        state.turn.step = S.HELMSMAN
    else:
        _after_helmsman(state, out)


def _on_helmsman(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Helmsman)
    state.turn.helmsman = bool(move.use)
    _after_helmsman(state, out)


def _after_helmsman(state: GameState, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    if has_employee(seat, "rigger") and rigger_limit(turn.load) >= 1:
        turn.step = S.RIGGER
    else:
        _resolve_ship(state, out)


def _on_rigger(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Rigger)
    state.turn.rigger = move.bonus
    _resolve_ship(state, out)


def _resolve_ship(state: GameState, out: Events) -> None:
    """Decide whether the ship can score (R-7.2) and go on to its cruise or dismantle it."""
    turn = state.turn
    seat = state.seats[turn.seat]
    if turn.load.get(Piece.CAPTAIN.value, 0) < 1:
        _dismantle(state, "it has no captain", out)
        return
    if not seat.canals:
        _dismantle(state, "there is no canal to sail", out)
        return
    if seat.token is None:
        if not _start_options(state):
            _dismantle(state, f"no cruise of exactly {current_speed(state)} spaces exists", out)
            return
        turn.step = S.TOKEN_START
        return
    if not CanalSystem(seat.canals).cruise_paths(seat.token, current_speed(state)):
        _dismantle(state, f"no cruise of exactly {current_speed(state)} spaces exists", out)
        return
    turn.step = S.CRUISE


def _clear_ship(state: GameState) -> list[str]:
    turn = state.turn
    seat = state.seats[turn.seat]
    tiles = []
    for c in turn.ship:
        tile = seat.yard[c]
        assert tile is not None
        tiles.append(tile)
        seat.yard[c] = None
    return tiles


def _dismantle(state: GameState, reason: str, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    speed = ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman)
    tiles = _clear_ship(state)
    features = tile_features(tiles)
    seat.dismantled.append(DismantledShip(tiles, dict(turn.load), reason, state.turn_number))
    out.append(ev.ShipDismantled(
        seat=turn.seat,
        tiles=tiles,
        features={f.value: n for f, n in features.items()},
        pieces=dict(turn.load),
        base_speed=speed.base,
        helmsman=speed.helmsman,
        rigger=speed.rigger,
        speed=speed.total,
        reason=reason,
    ))
    turn.load = {}
    turn.ship = []
    _next_ship(state, out)


def _on_start_token(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, StartToken)
    seat = state.seats[state.turn.seat]
    seat.token = Token(move.x, move.y, move.cell, move.cell)
    out.append(ev.TokenPlaced(state.turn.seat, move.x, move.y, move.cell))
    state.turn.step = S.CRUISE


def _on_cruise(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Cruise)
    turn = state.turn
    s = turn.seat
    seat = state.seats[s]
    assert seat.token is not None
    system = CanalSystem(seat.canals)
    path = tuple(parse_space(p) for p in move.path)
    speed = ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman)
    tiles = _clear_ship(state)
    features = tile_features(tiles)
    cruise = score_path(system, path, turn.load, features)
    points = ship_points(turn.load, speed.total)
    points.update(cruise.parts)
    total = sum(points.values())
    seat.score += total
    seat.fleet.append(SailedShip(tiles, dict(turn.load), speed.total, list(move.path), points,
                                 state.turn_number))
    start = seat.token
    seat.token = end_token(path, start)
    out.append(ev.ShipSailed(
        seat=s,
        tiles=tiles,
        features={f.value: n for f, n in features.items()},
        pieces=dict(turn.load),
        base_speed=speed.base,
        helmsman=speed.helmsman,
        rigger=speed.rigger,
        speed=speed.total,
        path=list(move.path),
        scored_spaces=[[space_text(sp), icon.value, pts] for sp, icon, pts in cruise.scored_spaces],
        points=points,
        total=total,
        score=seat.score,
    ))
    _remove_canals(state, s, start, path, out)
    turn.load = {}
    turn.ship = []
    _next_ship(state, out)


def _remove_canals(state: GameState, s: int, start: Token, path: tuple[tuple[int, int, str], ...],
                   out: Events) -> None:
    """Canals the token left become used canals; tiles no longer attached to the token's
    tile are discarded (R-9.6).

    Removal happens when the token enters a new tile; doing it once for the cruise, from
    the last tile entered, gives the same result (N-13): a tile detached at one entry
    stays detached, and a tile attached to the last tile was attached at every entry.
    """
    seat = state.seats[s]
    left: list[tuple[int, int]] = []
    here = (start.x, start.y)
    entered: Token | None = None
    for x, y, cell in path:
        if (x, y) != here:
            left.append(here)
            here = (x, y)
            entered = Token(x, y, cell, cell)
    if entered is None:
        return
    left_set = set(left)
    remaining = [c for c in seat.canals if (c.x, c.y) not in left_set]
    by_pos = {(c.x, c.y): c for c in seat.canals}
    used = [by_pos[p].canal for p in left]
    reach = CanalSystem(remaining).attached((entered.x, entered.y))
    discarded = [c.canal for c in remaining if (c.x, c.y) not in reach]
    seat.canals = [c for c in remaining if (c.x, c.y) in reach]
    seat.used_canals += len(used)
    state.market.canal_spent.extend(used)
    state.market.canal_spent.extend(discarded)
    out.append(ev.CanalsRemoved(s, used, discarded, seat.used_canals))


def _after_shakedown(state: GameState, out: Events) -> None:
    if state.stage is Stage.FINAL:
        _end_extra_turn(state, "final", out)
        _next_final(state, out)
    elif state.stage is Stage.LAST_CHANCE:
        _end_extra_turn(state, "last_chance", out)
        _next_last_chance(state, out)
    else:
        _end_turn(state, out)


def _end_extra_turn(state: GameState, kind: str, out: Events) -> None:
    """The end of a final action or last chance turn (R-10.3, R-10.4)."""
    s = state.turn.seat
    seat = state.seats[s]
    out.append(ev.TurnEnded(s, state.turn_number, seat.score, seat.guilders, kind))


# -- turns ----------------------------------------------------------------------


def _begin_turn(state: GameState, s: int, out: Events) -> None:
    state.turn = Turn(seat=s)
    state.turn_number += 1
    state.undo_floor = state.move_count
    seat = state.seats[s]
    first = is_first_turn(state, s)
    out.append(ev.TurnStarted(s, state.turn_number, "first" if first else "regular"))
    if seat.is_automa:
        _automa_turn(state, s, first, out)
        _end_turn(state, out)
        return
    if not first:
        _advance(state, s, out)
    state.turn.step = S.CHOOSE


def _advance(state: GameState, s: int, out: Events) -> None:
    """Step 1 (R-3.1): the seat's previous tile becomes the lead; the wheel turns."""
    seat = state.seats[s]
    two = state.players == 2
    action = seat.older if two else seat.newest
    assert action is not None
    index = track_index(state, action)
    slot = state.track.pop(index)
    state.track.insert(0, slot)
    moved_to = None
    if two:
        slot.cubes = [c for c in slot.cubes if c != s]
        assert seat.newest is not None
        state.track[track_index(state, seat.newest)].cubes.append(s)
        moved_to = seat.newest.value
        seat.older = seat.newest
    else:
        slot.cubes.remove(s)
    seat.newest = None
    track = [a.value for a in track_actions(state)]
    out.append(ev.TileAdvanced(s, action.value, index, moved_to, track))
    state.wheel = (state.wheel + 1) % WHEEL_POSITIONS
    completed = state.wheel == 0
    if completed:
        state.turn.rotation_done = True
    out.append(ev.WheelTurned(state.wheel, completed))


def _end_turn(state: GameState, out: Events) -> None:
    s = state.turn.seat
    seat = state.seats[s]
    kind = "first" if is_first_turn(state, s) else "regular"
    seat.turns += 1
    out.append(ev.TurnEnded(s, state.turn_number, seat.score, seat.guilders, kind))
    state.prev_seat = s
    if state.turn.rotation_done:
        _complete_rotation(state, out)
        if state.queue:
            _next_discard(state, out)
            return
    _continue_play(state, out)


def _continue_play(state: GameState, out: Events) -> None:
    s = state.prev_seat
    if state.end_trigger is not None and s == state.last_seat:
        turns = {seat.turns for seat in state.seats}
        if len(turns) == 1:
            _begin_final(state, out)
            return
    _begin_turn(state, (s + 1) % state.players, out)


def discard_target(state: GameState) -> int | None:
    """How many contracts of each colour seats keep after this reserve cube (R-3.9)."""
    n = state.players
    removed = state.cubes_removed
    if n == 2:
        return 1 if removed == 2 else None
    if n == 3 and state.config.advanced:
        return {2: 2, 4: 1}.get(removed)
    return 1 if removed == 4 else None


def _complete_rotation(state: GameState, out: Events) -> None:
    """End of a wheel rotation (R-3.8): remove a reserve cube, maybe place a guilder,
    maybe call for contract discards; with no cube left the countdown ends (R-10.1)."""
    if state.reserve == 0:
        _trigger_end(state, "countdown", out)
        return
    state.reserve -= 1
    state.cubes_removed += 1
    last = state.track[-1]
    guilder_on = None
    if not last.cubes:
        last.guilders += 1
        guilder_on = last.action.value
    out.append(ev.RotationCompleted(state.reserve, state.cubes_removed, guilder_on))
    target = discard_target(state)
    if target is not None:
        _require_discards(state, target, out)


def _require_discards(state: GameState, target: int, out: Events) -> None:
    state.discard_target = target
    waiting = []
    for offset in range(state.players):
        i = (state.start_seat + offset) % state.players
        seat = state.seats[i]
        if seat.is_automa:
            continue
        reds = sum(1 for c in seat.contracts
                   if CATALOG.contracts[c].colour is ContractColour.RED)
        if reds > target or len(seat.contracts) - reds > target:
            waiting.append(i)
    state.queue = waiting
    if waiting:
        out.append(ev.DiscardRequired(list(waiting), target))


def _next_discard(state: GameState, out: Events) -> None:
    if state.stage is not Stage.DISCARD:
        state.resume_stage = state.stage
        state.stage = Stage.DISCARD
    s = state.queue[0]
    state.turn = Turn(seat=s, step=S.DISCARD)
    state.undo_floor = state.move_count


def _on_discard(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Discard)
    s = state.turn.seat
    seat = state.seats[s]
    seat.contracts.remove(move.contract)
    seat.discarded.append(move.contract)
    colour = CATALOG.contracts[move.contract].colour
    out.append(ev.ContractDiscarded(s, colour.value, move.contract))
    if _discard_moves(state):
        return
    state.queue.pop(0)
    if state.queue:
        _next_discard(state, out)
        return
    resume = state.resume_stage
    if resume is Stage.LAST_CHANCE:
        _score_game(state, out)
    else:
        state.stage = resume
        _continue_play(state, out)


def _begin_final(state: GameState, out: Events) -> None:
    """Final actions (R-10.3): every player, from the starting seat, one free action."""
    state.stage = Stage.FINAL
    out.append(ev.StageStarted(Stage.FINAL.value))
    state.queue = _players_from_start(state)
    _next_final(state, out)


def _players_from_start(state: GameState) -> list[int]:
    order = [(state.start_seat + k) % state.players for k in range(state.players)]
    return [i for i in order if not state.seats[i].is_automa]


def _next_final(state: GameState, out: Events) -> None:
    if not state.queue:
        _begin_last_chance(state, out)
        return
    s = state.queue.pop(0)
    state.turn = Turn(seat=s, step=S.FINAL_CHOOSE, role=Role.FINAL)
    state.turn_number += 1
    state.undo_floor = state.move_count
    out.append(ev.TurnStarted(s, state.turn_number, "final"))


def _on_final(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Final)
    _start_action(state, move.action, Role.FINAL, out)


def _begin_last_chance(state: GameState, out: Events) -> None:
    """Last chance (R-10.4): from the starting seat, one tile to complete a ship."""
    state.stage = Stage.LAST_CHANCE
    out.append(ev.StageStarted(Stage.LAST_CHANCE.value))
    state.queue = _players_from_start(state)
    _next_last_chance(state, out)


def _next_last_chance(state: GameState, out: Events) -> None:
    while state.queue:
        s = state.queue.pop(0)
        state.turn = Turn(seat=s, step=S.LAST_CHANCE, role=Role.LAST_CHANCE)
        if _last_chance_moves(state):
            state.turn_number += 1
            state.undo_floor = state.move_count
            out.append(ev.TurnStarted(s, state.turn_number, "last_chance"))
            return
    _require_discards(state, 1, out)
    if state.queue:
        _next_discard(state, out)
        return
    _score_game(state, out)


def _score_game(state: GameState, out: Events) -> None:
    """Reveal and score contracts and traders (R-10.5); name the winners (R-10.6)."""
    for offset in range(state.players):
        s = (state.start_seat + offset) % state.players
        seat = state.seats[s]
        if seat.is_automa:
            continue
        for contract in seat.contracts:
            result = score_contract(contract, seat.fleet, seat.employees, seat.used_canals)
            seat.score += result.points
            seat.end_points[contract] = result.points
            out.append(ev.ContractScored(s, contract, CATALOG.contracts[contract].name,
                                         result.counted, result.points, result.detail,
                                         seat.score))
        traders = [e for e in seat.employees if CATALOG.employees[e].kind == "trader"]
        points = trader_points(traders)
        seat.score += points
        seat.end_points["traders"] = points
        out.append(ev.TradersScored(s, traders, points, seat.score))
    contenders = [i for i, seat in enumerate(state.seats) if not seat.is_automa]
    best = max((state.seats[i].score, state.seats[i].guilders) for i in contenders)
    winners = [i for i in contenders
               if (state.seats[i].score, state.seats[i].guilders) == best]
    state.winners = winners
    state.stage = Stage.OVER
    state.queue = []
    state.turn = Turn(seat=state.turn.seat, step=S.OVER)
    state.undo_floor = state.move_count
    out.append(ev.GameEnded([seat.score for seat in state.seats],
                            [seat.guilders for seat in state.seats], winners))


# -- the solo automa (R-12) -----------------------------------------------------


def _automa_turn(state: GameState, s: int, first: bool, out: Events) -> None:
    from .automa import play_automa_turn

    if not first:
        _advance(state, s, out)
    play_automa_turn(state, s, first, out)
    _reveal(state)


_HANDLERS: dict[type[Move], Callable[[GameState, Move, Events], None]] = {
    Choose: _on_choose,
    Proceed: _on_proceed,
    Bonus: _on_bonus,
    Pass: _on_pass,
    Buy: _on_buy,
    BuyBlank: _on_buy_blank,
    Place: _on_place,
    EndBuild: _on_end_build,
    TakeCanal: _on_take_canal,
    PlaceCanal: _on_place_canal,
    BuyCommodity: _on_buy_commodity,
    Step: _on_step,
    Take: _on_take,
    Hire: _on_hire,
    Exchange: _on_exchange,
    Sell: _on_sell,
    Trade: _on_trade,
    SailFirst: _on_sail_first,
    Load: _on_load,
    EndLoad: _on_end_load,
    Helmsman: _on_helmsman,
    Rigger: _on_rigger,
    StartToken: _on_start_token,
    Cruise: _on_cruise,
    Discard: _on_discard,
    Final: _on_final,
}
