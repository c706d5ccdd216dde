"""The greedy bot's valuations: what a guilder, a tile, a canal, an employee and a
contract are worth to it, and the knobs that scale them (:class:`GreedyTuning`).
The planner and the strong bot share them through the greedy bot."""


from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

from shipyard_tui.games.shipyard.advice import waters_key
from shipyard_tui.games.shipyard.rules import CATALOG, Action
from shipyard_tui.games.shipyard.rules.query import (
    CanalSystem,
    EmployeeKind,
    PlacedCanal,
    Token,
    complete_ships,
    pattern,
    tile_features,
)

GUILDER = 0.7
"""What a guilder is worth to the bot, in points."""

KIND_NAMES = {"B": "bow", "M": "middle", "S": "stern"}


def ship_runs(p: str) -> list[tuple[int, int]]:
    """Maximal runs of occupied cells (partial or complete ships)."""
    runs = []
    i = 0
    cells = len(p)
    while i < cells:
        if p[i] != ".":
            j = i
            while j + 1 < cells and p[j + 1] != ".":
                j += 1
            runs.append((i, j))
            i = j + 1
        else:
            i += 1
    return runs


@cache
def contract_weights(contracts: tuple[str, ...], scale: float = 1.0) -> dict[str, float]:
    """Extra value of things the seat's contracts reward (``scale``: see
    :attr:`GreedyTuning.contracts`)."""
    weights: dict[str, float] = {}
    for contract in contracts:
        if contract.startswith("hidden"):
            continue
        c = CATALOG.contracts[contract]
        rule = c.rule
        bump = 1.5 if len(contracts) <= 2 else 0.7
        if rule == "safety_table":
            weights[c.param("feature")] = weights.get(c.param("feature"), 0) + bump
        elif rule == "safe_ships":
            for f in ("buoy", "boat", "lantern"):
                weights[f] = weights.get(f, 0) + bump * 0.6
        elif rule in ("beyond_first", "per_piece"):
            weights[c.param("piece")] = weights.get(c.param("piece"), 0) + bump
        elif rule in ("pairs_on_ship", "ships_with_all"):
            for p in c.param("pieces"):
                weights[p] = weights.get(p, 0) + bump * 0.8
        elif rule == "same_pairs_on_ship":
            weights[c.param("piece")] = weights.get(c.param("piece"), 0) + bump
        elif rule == "officers":
            weights["captain"] = weights.get("captain", 0) + bump
        elif rule in ("coloured_staff", "varied_staff", "staff_pairs", "staff_count"):
            weights["employee"] = weights.get("employee", 0) + bump * 1.5
        elif rule == "used_canals":
            weights["canal"] = weights.get("canal", 0) + bump
        elif rule in ("fleet_size", "ships_of_length", "long_ships", "tonnage", "ship_sizes"):
            weights["ship"] = weights.get("ship", 0) + bump
    return {k: scale * v for k, v in weights.items()} if scale != 1.0 else weights


CRUISE_LENGTHS: dict[tuple[object, ...], frozenset[int]] = {}
"""Cruise lengths already worked out, by canal system, token and limit."""


def cruise_lengths_of(canals: list[PlacedCanal], token: Token | None,
                      limit: int) -> frozenset[int]:
    """Every cruise length up to ``limit`` in this canal system from the token (see
    :meth:`CanalSystem.cruise_lengths`), kept by system: the valuations of the bots
    ask for the same system's lengths again and again."""
    key = (*waters_key(canals, token), limit)
    lengths = CRUISE_LENGTHS.get(key)
    if lengths is None:
        if len(CRUISE_LENGTHS) >= 20_000:
            CRUISE_LENGTHS.clear()
        system = CanalSystem(canals)
        lengths = CRUISE_LENGTHS[key] = frozenset(system.cruise_lengths(token, limit)
                                            if system.tiles else ())
    return lengths


@lru_cache(maxsize=4096)
def tile_worth(tile_id: str, contracts: tuple[str, ...], cannon: bool, crane: bool,
                crew: bool, bump: float = 1.0) -> float:
    """What a ship tile is worth to the greedy bot: its features, more for those its
    contracts reward (``bump``: :attr:`GreedyTuning.contracts`), and for mounts and
    cabins its pieces (cannons, cranes and businessmen or soldiers) are waiting for."""
    weights = contract_weights(contracts, bump)
    value = 0.0
    for feature in CATALOG.ship(tile_id).features:
        f = feature.value
        value += 0.6 + weights.get(f, 0.0)
        if (f == "cannon" and cannon) or (f == "crane" and crane):
            value += 1.0
        if f == "cabin" and crew:
            value += 0.6
    return value


@lru_cache(maxsize=4096)
def yard_shape(yard: tuple[str | None, ...]) -> tuple[dict[str, int], int]:
    """The mounts and cabins on a yard's tiles, and how many ships (complete or not) it
    holds, at least 1 (kept by yard: the piece valuations ask for them very often)."""
    room = {f.value: n for f, n in tile_features([t for t in yard if t is not None]).items()}
    return room, max(1, len(ship_runs(pattern(yard))))


@cache
def placement_shape(p: str, letter: str, cell: int) -> tuple[tuple[tuple[int, int], ...],
                                                              float]:
    """For a tile of kind ``letter`` put in ``cell`` of a yard with pattern ``p``: the
    ships it completes, and the value of the shape it makes with its neighbours."""
    new = p[:cell] + letter + p[cell + 1 :]
    before = set(complete_ships(p))
    spans = tuple((i, j) for i, j in complete_ships(new)
                  if (i, j) not in before and i <= cell <= j)
    left = new[cell - 1] if cell > 0 else "|"
    right = new[cell + 1] if cell < len(new) - 1 else "|"
    if letter == "M":
        shape = 1.5 * (left in "BM") + 1.5 * (right in "MS")
    elif letter == "B":
        shape = 1.5 * (right == "M") + (0.5 if cell <= 2 else 0.0)
    else:
        shape = 1.5 * (left == "M")
    return spans, shape


EMPLOYEE_VALUE: dict[EmployeeKind, float] = {
    EmployeeKind.ENGINEER: 3.0, EmployeeKind.RECRUITER: 3.0, EmployeeKind.HELMSMAN: 4.0,
    EmployeeKind.RIGGER: 2.0, EmployeeKind.BUILDER: 2.0, EmployeeKind.ACCOUNTANT: 2.0,
    EmployeeKind.FOREMAN: 1.2, EmployeeKind.TRADER: 2.0,
}
"""What an employee of each kind is worth to the greedy bot before its details (times
:attr:`GreedyTuning.employee`)."""


@dataclass(frozen=True, slots=True)
class GreedyTuning:
    """Knobs on the greedy valuations, each scaling or shifting one of them; the
    defaults leave them as written (the greedy level plays so)."""

    employee: float = 1.0
    """Times :data:`EMPLOYEE_VALUE`."""
    contracts: float = 1.0
    """Times the extra value of what the seat's contracts reward."""
    piece: float = 1.0
    """Times the value of one more piece."""
    tile: float = 1.0
    """Times the value of a ship tile's features."""
    action_bias: Mapping[Action, float] = field(default_factory=dict)
    """Added to the value of choosing an action (the actions not named: 0)."""
    contract_loads: bool = False
    """Load ships, and value the ships a tile completes, counting the seat's contracts
    too (:func:`~shipyard_tui.games.shipyard.advice.best_load` with ``contracts``)."""
    purchase: float = 0.0
    """The share of what the best commodity tile the seat can afford would bring at the
    exchange (its goods sold or traded, R-4.7; less its price) that choosing Purchase
    Commodities is worth, and the tile picked by that worth; 0: a flat value for the
    action, and the tile picked by its sale price (the 2nd edition's valuations)."""


TUNED = GreedyTuning(employee=1.3, contracts=1.3, tile=0.75,
                     action_bias={Action.CANAL: -2.0, Action.CREW: -1.0, Action.HIRE: 2.0})
"""Valuations tuned by solo self-play (``scripts/tune_greedy.py``: a coordinate search on
the paired scores of 1,000 seeded solo games, checked on 1,000 others: +10.4 points a
solo game, and 120 of 200 two-seat games against the untuned bot; docs/performance.md).
The planner plays its turns with them; the greedy level keeps the untuned ones (it is
the beginner's opponent), and so do the strong bot's rollouts, where they did not pay."""

UNTUNED = GreedyTuning()

PURCHASE_SHARE = 0.2
"""The greedy level's :attr:`GreedyTuning.purchase` in classic games (issue 37): over
150 seat-rotated pairs of 2-seat classic games against the greedy level before it, 0.2
scored +1.6 ± 2.0 points a game (0.5: -1.7 ± 2.0; docs/performance.md, "Classic bots")."""

SENSIBLE_PURCHASE_SHARE = 0.5
"""The planner's :attr:`GreedyTuning.purchase` in classic games (issue 37): +9.1 ± 2.1
points a game against the planner before it over 150 seat-rotated pairs of 2-seat
classic games (0.3: +7.3, 0.7: +5.5, 1.0: +3.4 over 100 other pairs; docs/performance.md)."""


def classic_tuning(tuning: GreedyTuning) -> GreedyTuning:
    """The valuations ``tuning`` plays by in classic games: Purchase Commodities valued
    by the tile's worth (:data:`PURCHASE_SHARE`) unless it already is. A card nobody
    chooses gathers no guilders in classic games (RC-3.3: the gap bonus instead), so a
    flat value left Purchase at the back of the ring, where the lead caught it some 20
    to 40 times a game (RC-3.10)."""
    return tuning if tuning.purchase else replace(tuning, purchase=PURCHASE_SHARE)


CLASSIC_TUNED = replace(TUNED, purchase=SENSIBLE_PURCHASE_SHARE)
"""The planner's valuations in classic games (see :func:`classic_tuning`)."""
