"""How the Nauticus bots value a position: :func:`position_value`, an estimate of a
seat's final VP, and :func:`relative_value`, the seat's against the best other seat's,
with the :class:`Plan` the sensible level adds at a 2-seat table (issue 37). The
greedy, sensible and strong bots (:mod:`.bots`, :mod:`.search`) all judge by them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from shipyard_tui.games.nauticus.rules.catalog import (
    CROWN,
    CROWN_CAP,
    GOODS,
    PASS_TILES,
    PHASES_PER_ROUND,
    SHIP_VP,
    STACK_SIZES,
    Action,
    goods_vp,
)
from shipyard_tui.games.nauticus.rules.state import Build, NauticusState, Step

SHIP_REWARD_VALUE = 3.0
"""What one completion reward is worth (NA-9.2: 3 VP is always on offer)."""
LINEAR_SHARE = 0.5
"""How much of a ship's worth a build's progress earns linearly (the rest grows with
its square, so the last tiles are worth more and a started build gets finished)."""
PHASES_PER_TILE = 2.5
"""Phases a seat needs per ship tile still to place, its builds' tiles queued nearest
completion first (a build out of reach in the phases left is worth its leftovers only,
so a bot finishes one ship before it starts the next). Tuned in 2-seat games against
the previous valuation: 0.8 spread the tiles over many builds and lost."""
CROWN_WORKER_SHARE = 0.8
"""What a worker kept for this round's Crown evaluation is worth per crown."""
DELIVERY_ODDS = 0.6
"""The chance one Deliver performance still to come is one the seat can use (the tile
may come too late in the round, or its workers be spent)."""
EXTRA_DELIVERY = 0.5
"""The share of a Deliver performance the unplayed extra action counts for."""
CARGO_AHEAD = 3
CARGO_SHARE = 0.5
"""A good counts this share of the mean gain of the next :data:`CARGO_AHEAD` goods of
its kind, the rest its own gain."""
PART_LOADED_SHARE = 0.5
"""A partly loaded ship's goods count the loaded chance scaled from this share (no good
aboard yet) up to 1 (full): every good loaded makes the delivery of all of them likelier,
so loading is worth its price step by step, not only with the last good (issue 37)."""
BUILD_GOODS_CHANCE = 0.5
"""The same chance for goods under a build still to be finished (times its reach)."""
WAREHOUSE_GOOD_CHANCE = 0.45
"""The chance a good in the warehouse is carried aboard a ship with room and delivered."""
DELIVERY_WORKER_SHARE = 0.5
"""The share of a worker a delivered or carried good costs: the Deliver and Transport
tiles bring blue workers (NA-5.1) that pay for part of it."""
EMPTY_SLOT = 1.5
"""What an empty place on a complete ship is worth early on: it can be loaded again."""
RESERVE_BLUE = 1
"""Blue workers expected at the Crown evaluation."""
WORKER_EARLY = 1.4
"""What a worker is worth above its leftover third of a VP at the start (less as the
game goes on)."""
PERMANENT_CROWN = 1.0
"""Scale of a crown mast or sail's worth per Crown evaluation still to come: each saves
workers there (with *c* crowns a 15-VP evaluation takes 15/*c* uses), so the first
crowns are worth most (NA-7.4, NA-9.2)."""
EXPECTED_PASS_CROWNS = 3
"""Crowns from turned pass tiles a seat is expected to have at a Crown evaluation."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What the planner adds to :func:`position_value` (issue 37): a complete ship is
    worth the cargoes it can still carry, so a small ship completed early is worth more
    than the same ship completed late, and an unfinished hull is aimed at ``hull`` tiles."""

    fleet: float = 0.0
    """VP per hull tile of a complete ship for each Deliver performance still to come
    after the next one (loading and delivering again, NA-7.3)."""
    hull: int = 3
    """The size an unfinished hull is valued at (at least one more than it has)."""
    coins: int = 0
    """Coins beyond this many are worth their leftover third of a VP only (0: no limit):
    bots that keep every coin end games with dozens unspent."""
    stored: float = WAREHOUSE_GOOD_CHANCE
    """The chance a good in the warehouse is carried aboard a ship with room and
    delivered (the cargo plan loads by Transport when its blue workers pay)."""
    cargo: bool = False
    """Whether it always delivers a full ship when it can, and loads its complete ships
    while the Buy goods or Transport tile's blue workers pay for it."""
    load: bool = True
    """With ``cargo``: whether it also loads its complete ships while the blue workers
    pay (without, it only delivers a full ship whenever it can)."""
    extra_crowns: bool = False
    """Whether its extra action is kept for a Crown evaluation (NA-12.1, NA-7.4)."""
    tile_phases: float = PHASES_PER_TILE
    """Phases a seat needs per ship tile still to place (see :data:`PHASES_PER_TILE`)."""
    reply: bool = False
    """Whether the planner, choosing an action tile, also plays out the next phase: the
    tile the next chooser would pick judging it by its own go (as the beginner does)."""


NO_PLAN = Plan()
PLANNER_PLAN = Plan(fleet=3.0, hull=4, coins=15, stored=0.8, cargo=True, load=False,
                    extra_crowns=True, tile_phases=3.0, reply=True)
"""The sensible level's plan (issue 37), tuned in 2-seat games against the previous
planner, seeds 300-319 with the seats swapped: a fleet worth of 2 with cargo won 22-18,
3 won 25-15 with about one delivery a game, 5 and 8 built many single ships and lost
18-22 and 11-29. Then, against the beginner (seeds 30000-33079): the extra action kept
for a Crown evaluation, hulls aimed at 4 tiles, 3 phases a tile and no forced loading
took its margin from about +1 to +8 VP; looking at the other seat's reply to a chosen
tile (``reply``) added about 2 more, and modelling that reply as the beginner judges a
tile about 5 more (docs/performance.md)."""


def position_value(state: NauticusState, seat_index: int, plan: Plan = NO_PLAN) -> float:
    """An estimate of the seat's final VP from a position (higher is better).

    A build is worth its share of the ship's VP and completion rewards, if it can
    still be finished in the phases left (its leftovers otherwise). A good is worth
    what delivering it adds to its kind's count (NA-13.2) less the workers carrying and
    delivering it take, times the chance it is delivered: high when its complete ship
    is full and a delivery is still possible, growing with every good loaded, lower
    under an unfinished build or in the warehouse (only while a ship has room for it).
    Delivered goods count as at the end. A crown mast or sail is worth the workers it
    saves at every Crown evaluation still to come. The workers this round's Crown
    evaluation will need are kept for it. (Issue 37: the earlier valuation counted a
    good loaded on a partly loaded ship for less than the empty place it took, and a
    crown reward for less than 3 VP: bots loaded, delivered and crowned nothing.)
    """
    seat = state.seats[seat_index]
    if state.step is Step.OVER:
        return float(seat.vp)
    rounds = state.config.rounds
    left, phases_left, coin, worker, carry, tile, pass_share, empty_slot, extra = \
        _phase_worths(rounds, state.round, state.phase)
    coins = seat.coins
    spent = min(coins, plan.coins) if plan.coins else coins
    value = seat.vp + coin * spent + (coins - spent) / 3 + worker * seat.workers
    # one pass over each build's tiles (complete ships first, then the builds nearest
    # completion: the tiles still needed queue up, so a build started beside others is
    # further out of reach); the crown masts and sails it holds are counted on the way
    warehouse = seat.warehouse
    permanent = warehouse.get("mast:crown", 0) + warehouse.get("sail:crown", 0)
    facts = []
    for build in seat.yard:
        built = _build_facts(build)
        permanent += built[6]
        facts.append(built)
    if len(facts) > 1:
        facts.sort(key=_first)
    # while this round's Crown evaluation is still to come, the workers it will need
    # are worth what each of them will score there
    crowns_tile = state.tiles.index(_CROWNS)
    crowns_ahead = not state.face_down[crowns_tile] and state.chosen != crowns_tile
    if crowns_ahead:
        expected = permanent + _PASS_CROWNS  # seat.crowns + len(seat.pass_up)
        if expected:
            reserve = min(seat.workers, _uses(expected) - RESERVE_BLUE)
            value += max(0.0, CROWN_WORKER_SHARE * expected - worker) * max(0, reserve)
    delivered = seat.delivered
    if delivered:
        value += sum(map(_GOODS_VP.__getitem__, delivered.values()))
    counts = dict(delivered)
    ahead_of_me = _deliveries_ahead(state, seat_index, rounds)
    delivery = _delivery_chance(ahead_of_me)
    can_deliver = delivery > 0
    fleet = plan.fleet
    cargoes = ahead_of_me - 1 if fleet else 0.0
    queue = 0
    room = 0
    evaluations = rounds - state.round + crowns_ahead
    # completion rewards: 3 VP each, or crowns while crowns are worth more (NA-9.2)
    rewards, crowns_worth = _crown_values(permanent, evaluations)
    for _, complete, finished, size, placed, goods, _ in facts:
        if complete:
            value += SHIP_VP[size]
            value += fleet * size * max(0.0, cargoes)
            if goods:
                full = len(goods) / size
                chance = delivery * (PART_LOADED_SHARE + (1 - PART_LOADED_SHARE) * full)
                value += _goods_worth(goods, counts, chance, carry)
            if can_deliver:
                value += empty_slot * (size - len(goods))
                room += size - len(goods)
            continue
        aim = size if finished else max(plan.hull, min(4, size + 1))
        queue += 3 * aim - placed
        reach = min(1.0, phases_left / (plan.tile_phases * queue))
        progress = placed / (3 * aim)
        share = LINEAR_SHARE * progress + (1 - LINEAR_SHARE) * progress ** 2
        worth = (SHIP_VP[aim] + rewards[aim]) * share
        if fleet and phases_left:
            # the cargoes still to come after the ship is expected to be complete
            after = max(0.0, 1.0 - plan.tile_phases * queue / phases_left)
            worth += fleet * aim * max(0.0, cargoes * after) * progress
        value += max(placed / 3, reach * worth + (1 - reach) * placed / 3)
        if goods:
            value += _goods_worth(goods, counts, BUILD_GOODS_CHANCE * reach * delivery, carry)
        if reach >= 1.0 and can_deliver:
            room += size - len(goods)
    stored = plan.stored * delivery
    for item, n in warehouse.items():
        good = _GOOD_OF.get(item)
        if good is None:
            value += n * tile
            continue
        for _ in range(n):
            if room > 0:
                room -= 1
                value += max(tile, _goods_worth((good,), counts, stored, 2 * carry))
            else:
                value += tile
    pass_up = seat.pass_up
    if pass_up:
        value -= sum(pass_up) * pass_share
    value += min(permanent + _PASS_CROWNS - len(pass_up), CROWN_CAP) * 0.8 * left
    value += crowns_worth
    if seat.extra:
        value += extra
    return value


_BuildFacts = tuple[tuple[int, float], bool, bool, int, int, list[str], int]
"""What :func:`position_value` reads of a build: its place in the queue
(complete ships first, loaded ones before the rest, then the builds nearest
completion), whether it is complete, whether its hull is finished, its size,
the tiles placed, the goods aboard and the crown masts and sails on it."""
_first = itemgetter(0)


def _build_facts(build: Build) -> _BuildFacts:
    """The :data:`_BuildFacts` of a build, in one pass over its hull tiles."""
    slots = build.slots
    size = len(slots)
    placed = size
    rigged = True
    crowns = 0
    goods = []
    for s in slots:
        mast, sail, good = s.mast, s.sail, s.good
        if mast is None:
            rigged = False
        else:
            placed += 1
            crowns += mast == CROWN
        if sail is None:
            rigged = False
        else:
            placed += 1
            crowns += sail == CROWN
        if good is not None:
            goods.append(good)
    finished = size > 0 and ((size == 1 and slots[0].hull == "single")
                             or (slots[0].hull == "bow" and slots[-1].hull == "stern"))
    complete = finished and rigged
    if complete:
        order: tuple[int, float] = (0 if len(goods) == size else 1), 0.0
    else:
        order = 2, -placed / (3 * max(size, 3 if not finished else 1))
    return order, complete, finished, size, placed, goods, crowns


_GOODS_VP = tuple(goods_vp(n) for n in range(sum(STACK_SIZES.values()) + CARGO_AHEAD + 1))
""":func:`goods_vp` for every count of one kind a seat can reach, and beyond by the
goods looked ahead at (a table: the valuation asks for it hundreds of thousands of
times a game)."""
_GOODS_GAINS = tuple(
    (_GOODS_VP[n + 1] - _GOODS_VP[n], (_GOODS_VP[n + CARGO_AHEAD] - _GOODS_VP[n]) / CARGO_AHEAD)
    for n in range(len(_GOODS_VP) - CARGO_AHEAD))
"""For ``n`` goods of a kind counted: the next good's own gain, and the mean gain of
the next :data:`CARGO_AHEAD`."""
_GOODS_MIX = tuple((1 - CARGO_SHARE) * step + CARGO_SHARE * ahead for step, ahead in _GOODS_GAINS)
"""For ``n`` goods of a kind counted: what the next good adds, half its own gain and half
the mean of the next :data:`CARGO_AHEAD` (:data:`CARGO_SHARE`), before its cost."""
_GOOD_OF = {f"good:{good}": good for good in GOODS}
"""The good a warehouse item is, by the item's name (goods only)."""
_PASS_CROWNS = len(PASS_TILES)
_CROWNS = Action.CROWNS.value
_DELIVER = Action.DELIVER.value


def _goods_worth(goods: Iterable[str], counts: dict[str, int], chance: float,
                 cost: float) -> float:
    """What delivering ``goods`` adds, each counted after the goods of its kind in
    ``counts`` (which it adds them to), less ``cost`` a good, times ``chance``: at
    least a third of a VP each, their leftover worth. Half the next good's own gain,
    half the mean of the next three: a first good of a kind starts a cargo worth more
    per good (NA-13.2: 2, 5, 9, 14 VP)."""
    worths = []
    for good in goods:
        n = counts.get(good, 0)
        counts[good] = n + 1
        worths.append(max(1 / 3, (_GOODS_MIX[n] - cost) * chance))
    return sum(worths)


@cache
def _phase_worths(rounds: int, round_: int, phase: int) -> tuple[
        float, int, float, float, float, float, float, float, float]:
    """What :func:`position_value` reads of the time in a game of ``rounds`` rounds, in
    phase ``phase`` of round ``round_`` (cached: under a hundred triples): the share of the
    game left and the phases left; a coin's worth and a worker's; what carrying and
    delivering a good costs (:data:`DELIVERY_WORKER_SHARE` of a worker); a leftover
    tile's worth; the weight of a face-up pass tile's
    penalty (more as the round ends); an empty place on a complete ship's worth; and
    the unplayed extra action's."""
    total_phases = rounds * PHASES_PER_ROUND
    done = (round_ - 1) * PHASES_PER_ROUND + phase - 1
    left = max(0.0, 1.0 - done / total_phases)
    phases_left = max(0, total_phases - done)
    coin = 1 / 3 + 0.45 * left
    worker = 1 / 3 + WORKER_EARLY * left
    late = (min(phase, PHASES_PER_ROUND) - 1) / (PHASES_PER_ROUND - 1)
    return (left, phases_left, coin, worker, DELIVERY_WORKER_SHARE * worker,
            1 / 3 + 0.5 * left, 0.3 + 0.7 * late, EMPTY_SLOT * left,
            2 * worker + 1.0 + 3.0 * left)


@cache
def _crown_values(permanent: int, evaluations: int) -> tuple[tuple[float, ...], float]:
    """For a seat holding ``permanent`` crown masts and sails with ``evaluations`` Crown
    evaluations to come: what the completion rewards of a ship of each size (0-4 hull
    tiles) are worth, and what the crowns held are worth (cached: a few dozen pairs)."""
    rewards = [0.0]
    for k in range(4):
        rewards.append(rewards[-1] + max(SHIP_REWARD_VALUE,
                                         _crown_worth(permanent + k, evaluations)))
    return tuple(rewards), sum(_crown_worth(k, evaluations) for k in range(permanent))


def _crown_worth(held: int, evaluations: int) -> float:
    """What one more crown mast or sail is worth to a seat holding ``held`` of them,
    with ``evaluations`` Crown evaluations to come: the uses it saves at each."""
    crowns = held + EXPECTED_PASS_CROWNS
    return PERMANENT_CROWN * evaluations * CROWN_CAP / (crowns * (crowns + 1))


def _uses(crowns: int) -> int:
    """Uses of Crown evaluation that reach its cap with this many crowns."""
    return -(-CROWN_CAP // crowns)


def _deliveries_ahead(state: NauticusState, seat_index: int, rounds: int) -> float:
    """Deliver performances still open to the seat: this phase's while its go is still
    to come or under way, 7 in 8 in each later round (a round plays 7 of its 8 tiles),
    and half of one for its unplayed extra action (NA-7.3, NA-12.1). ``rounds``: the
    game's."""
    seat = state.seats[seat_index]
    field = state.tiles.index(_DELIVER)
    chances: float = (rounds - state.round) * PHASES_PER_ROUND / len(state.tiles)
    if not state.face_down[field]:
        if state.chosen != field:
            chances += 1
        else:
            order = (seat_index - state.chooser) % len(state.seats)
            if order > state.goer or (order == state.goer and not state.resolved):
                chances += 1
    if seat.extra:
        chances += EXTRA_DELIVERY
    return chances


def _delivery_chance(deliveries: float) -> float:
    """The chance a seat's full ship is delivered before the end, from the Deliver
    performances still open to it (:func:`_deliveries_ahead`, NA-7.3): this phase's
    while its go is still to come or under way, one in each later round (a round plays
    7 of its 8 tiles), and its extra action (NA-12.1). The last chance counts for
    little, so a bot delivers rather than holding goods aboard until it is gone."""
    miss: float = (1.0 - DELIVERY_ODDS) ** deliveries
    return 1.0 - miss


def relative_value(state: NauticusState, me: int, plan: Plan = NO_PLAN) -> float:
    """The seat's position value less half the best other seat's (half: the others'
    gains matter, but less than one's own)."""
    others = [position_value(state, i, plan) for i in range(len(state.seats)) if i != me]
    return position_value(state, me, plan) - 0.5 * max(others)
