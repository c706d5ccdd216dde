"""Scoring as plain functions: what a ship may carry, its speed, its points,
each government contract and the traders.

Pieces are given as ``{piece name: count}`` dictionaries, as stored on ships.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Contract,
    EmployeeKind,
    EmployeeType,
    Feature,
    Piece,
)
from shipyard_tui.games.shipyard.rules.state import SailedShip

P = Piece


def tile_features(tiles: Iterable[str]) -> dict[Feature, int]:
    """How many of each feature the given ship tiles carry together."""
    counts: Counter[Feature] = Counter()
    for tile_id in tiles:
        counts.update(CATALOG.ship(tile_id).features)
    return dict(counts)


def builder_extras(employees: Iterable[str]) -> dict[str, int]:
    """Extra pieces per ship that the seat's builders allow without a cabin or mount."""
    extras: dict[str, int] = {}
    for emp_id in employees:
        emp = CATALOG.employees[emp_id]
        if emp.kind is EmployeeKind.BUILDER and emp.piece is not None:
            extras[emp.piece.value] = extras.get(emp.piece.value, 0) + emp.extra
    return extras


def fits(load: dict[str, int], features: dict[Feature, int], extras: dict[str, int]) -> bool:
    """Whether these pieces fit on a ship with these features (R-6.3).

    One captain needs no cabin; further captains are officers and need cabins, as do
    businessmen and soldiers; stokers need boilers; sails and smokestacks need masts;
    cannons and cranes their own mounts. Builders add room for their own kind only.

    >>> f = {Feature.MAST: 1, Feature.CABIN: 1}
    >>> fits({"captain": 2, "sail": 1}, f, {})
    True
    >>> fits({"captain": 2, "soldier": 1}, f, {})
    False
    >>> fits({"captain": 2, "soldier": 1}, f, {"soldier": 2})
    True
    """
    get = load.get
    extra = extras.get
    sails_on_masts = max(0, get("sail", 0) - extra("sail", 0))
    if get("smokestack", 0) + sails_on_masts > features.get(Feature.MAST, 0):
        return False
    if get("cannon", 0) > features.get(Feature.CANNON, 0) + extra("cannon", 0):
        return False
    if get("crane", 0) > features.get(Feature.CRANE, 0) + extra("crane", 0):
        return False
    if get("stoker", 0) > features.get(Feature.BOILER, 0) + extra("stoker", 0):
        return False
    if get("propeller", 0) > features.get(Feature.PROP, 0) + extra("propeller", 0):
        return False  # classic: a propeller needs a propeller mount (RC-6.3)
    cabin_crew = (
        max(0, get("captain", 0) - 1)
        + max(0, get("businessman", 0) - extra("businessman", 0))
        + max(0, get("soldier", 0) - extra("soldier", 0))
    )
    return cabin_crew <= features.get(Feature.CABIN, 0)


@dataclass(frozen=True, slots=True)
class Speed:
    """A ship's speed and how it was reached (R-7.1)."""

    base: int
    helmsman: int
    rigger: int

    @property
    def total(self) -> int:
        return self.base + self.helmsman + self.rigger


def base_speed(pieces: dict[str, int]) -> int:
    """Speed from the ship's own pieces (R-7.1).

    With a smokestack and a stoker: 4, plus 1 for every further smokestack and
    stoker, plus 1 per sail. Otherwise: 1, plus 1 per sail and per stoker, plus 1
    per pair of smokestacks.

    >>> base_speed({"smokestack": 1, "stoker": 1, "sail": 2})  # the book's first example
    6
    >>> base_speed({"sail": 1, "smokestack": 2})  # the book's second example
    3
    >>> base_speed({"smokestack": 2, "propeller": 1, "sail": 1})  # classic, RC-7.1
    6
    """
    smoke = pieces.get(P.SMOKESTACK.value, 0)
    # the classic propeller takes the stoker's place (RC-7.1); a ship has only one kind
    stoke = pieces.get(P.STOKER.value, 0) + pieces.get(P.PROPELLER.value, 0)
    sails = pieces.get(P.SAIL.value, 0)
    if smoke >= 1 and stoke >= 1:
        return 4 + (smoke - 1) + (stoke - 1) + sails
    return 1 + sails + stoke + smoke // 2


def rigger_limit(pieces: dict[str, int]) -> int:
    """The most a Rigger can add: one per pair of sails."""
    return pieces.get(P.SAIL.value, 0) // 2


def ship_speed(pieces: dict[str, int], employees: Sequence[str], rigger: int = 0,
               helmsman: bool = True) -> Speed:
    """Full speed: base speed, +1 for a Helmsman unless the owner declines it, plus the
    Rigger bonus the owner uses (R-7.1)."""
    kinds = [CATALOG.employees[e].kind for e in employees]
    helmsmen = helmsman * sum(1 for kind in kinds if kind is EmployeeKind.HELMSMAN)
    has_rigger = EmployeeKind.RIGGER in kinds
    bonus = min(rigger, rigger_limit(pieces)) if has_rigger else 0
    return Speed(base_speed(pieces), helmsmen, bonus)


def possible_speeds(pieces: dict[str, int], employees: Sequence[str]) -> list[int]:
    """Every speed the owner can give a ship with these pieces, fastest first: the
    Helmsman's +1 and the Rigger's bonus are the owner's choice (R-7.1).

    >>> possible_speeds({"sail": 2}, ["helmsman", "rigger"])
    [5, 4, 3]
    """
    top = ship_speed(pieces, employees, rigger_limit(pieces))
    speeds = {top.base + helm + bonus
              for helm in range(top.helmsman, -1, -1) for bonus in range(top.rigger, -1, -1)}
    return sorted(speeds, reverse=True)


def ship_points(pieces: dict[str, int], speed: int) -> dict[str, int]:
    """Points before the cruise (R-7.3): crew, cannons and cranes, speed.

    >>> ship_points({"captain": 1, "businessman": 2, "soldier": 1, "cannon": 1, "crane": 1}, 6)
    {'crew': 4, 'cannons_cranes': 4, 'speed': 6}
    """
    crew = sum(pieces.get(p.value, 0) for p in (P.CAPTAIN, P.BUSINESSMAN, P.SOLDIER))
    guns = 2 * (pieces.get(P.CANNON.value, 0) + pieces.get(P.CRANE.value, 0))
    return {"crew": crew, "cannons_cranes": guns, "speed": speed}


# -- government contracts (COMPONENTS §5) --------------------------------------


@dataclass(frozen=True, slots=True)
class ContractScore:
    """What a contract counted and what it scored, with a short explanation."""

    contract: str
    counted: int
    points: int
    detail: str


def table_points(table: Sequence[Sequence[int]], count: int, above: int = 0) -> int:
    """Points of a printed ``count → points`` table (COMPONENTS §5): the entry of the
    highest count reached, 0 below the first; past the last entry the points stay at
    its value, plus ``above`` per count beyond it (the tiles' "+n above").

    >>> lifebuoys = ((1, 1), (2, 2), (3, 4), (4, 6), (5, 8), (6, 12))
    >>> table_points(lifebuoys, 0), table_points(lifebuoys, 6), table_points(lifebuoys, 8, 1)
    (0, 12, 14)
    >>> table_points(((1, 5), (2, 12)), 4)
    12
    """
    points = 0
    for threshold, value in table:
        if count >= threshold:
            points = value
    if table and above:
        points += above * max(0, count - table[-1][0])
    return points


def contract_points(contract: Contract, count: int) -> int:
    """Points of a table contract for ``count`` of what it counts (COMPONENTS §5)."""
    return table_points(contract.param("table"), count, contract.param("above", 0))


def _employee(emp_id: str) -> EmployeeType:
    return CATALOG.employees[emp_id]


def score_contract(contract_id: str, fleet: Sequence[SailedShip], employees: Sequence[str],
                   used_canals: int) -> ContractScore:
    """Score one contract for a seat's fleet, employees and used canals (R-10.5): the
    contract's rule object (:mod:`.contracts`) does it."""
    from shipyard_tui.games.shipyard.rules.contracts import (
        score_contract as score,  # contracts build on this module
    )

    return score(contract_id, fleet, employees, used_canals)


def trader_points(employees: Sequence[str]) -> int:
    """End-game points of traders: 1 per level-1 trader, 3 per level-2 trader (R-10.5)."""
    points = 0
    for e in employees:
        emp = _employee(e)
        if emp.kind is EmployeeKind.TRADER:
            points += 1 if emp.level == 1 else 3
    return points
