"""Scoring as plain functions: what a ship may carry, its speed, its points,
each government contract and the traders.

Pieces are given as ``{piece name: count}`` dictionaries, as stored on ships.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .catalog import CATALOG, Colour, Contract, EmployeeType, Feature, Piece
from .state import SailedShip

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
        if emp.kind == "builder" and emp.piece is not None:
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
    """
    smoke = pieces.get(P.SMOKESTACK.value, 0)
    stoke = pieces.get(P.STOKER.value, 0)
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
    helmsmen = helmsman * sum(1 for e in employees if CATALOG.employees[e].kind == "helmsman")
    has_rigger = any(CATALOG.employees[e].kind == "rigger" for e in employees)
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


def _officers(ship: SailedShip) -> int:
    return max(0, ship.piece(P.CAPTAIN) - 1)


def _fleet_pieces(fleet: Sequence[SailedShip], piece: Piece) -> int:
    return sum(ship.piece(piece) for ship in fleet)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def score_contract(contract_id: str, fleet: Sequence[SailedShip], employees: Sequence[str],
                   used_canals: int) -> ContractScore:
    """Score one contract for a seat's fleet, employees and used canals (R-10.5)."""
    c: Contract = CATALOG.contracts[contract_id]
    rule = c.rule
    if rule == "safety_table":
        feature = Feature(c.param("feature"))
        count = sum(tile_features(s.tiles).get(feature, 0) for s in fleet)
        word = {"buoy": "lifebuoy", "boat": "lifeboat", "lantern": "lantern"}[feature.value]
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, word)} in the fleet")
    if rule == "safe_ships":
        count = 0
        for ship in fleet:
            f = tile_features(ship.tiles)
            if all(f.get(x, 0) >= 1 for x in (Feature.BUOY, Feature.BOAT, Feature.LANTERN)):
                count += 1
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'ship')} with lifebuoy, lifeboat and lantern")
    if rule == "coloured_staff":
        count = sum(1 for e in employees
                    if _employee(e).colour in (Colour.BLUE, Colour.YELLOW, Colour.RED))
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'blue, yellow or red employee')}")
    if rule == "varied_staff":
        kinds = set()
        for e in employees:
            emp = _employee(e)
            kinds.add(f"trader{emp.level}" if emp.kind == "trader" else emp.colour.value)
        count = len(kinds)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'type')} of employee")
    if rule == "staff_pairs":
        plain = sum(1 for e in employees if _employee(e).colour in (Colour.GRAY, Colour.GREEN))
        coloured = len(employees) - plain
        points = (plain // 2) * c.param("plain_pair") + (coloured // 2) * c.param("coloured_pair")
        pairs = plain // 2 + coloured // 2
        return ContractScore(c.id, pairs, points,
                             f"{_plural(pairs, 'pair')} of employees ({plain // 2} gray/green, "
                             f"{coloured // 2} blue/red/yellow)")
    if rule == "staff_count":
        count = len(employees)
        points = contract_points(c, count)
        return ContractScore(c.id, count, points, f"{_plural(count, 'employee')}")
    if rule == "ship_sizes":
        sizes = set(c.param("sizes"))
        present = sorted({s.length for s in fleet} & sizes)
        count = len(present)
        shown = ", ".join(str(n) for n in present) or "none"
        listed = ", ".join(str(n) for n in sorted(sizes)[:-1]) + f" and {max(sizes)}"
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{count} of the sizes {listed} tiles present ({shown})")
    if rule == "ships_of_length":
        length = c.param("length")
        count = sum(1 for s in fleet if s.length == length)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, f'{length}-tile ship')}")
    if rule == "long_ships":
        length = c.param("length")
        count = sum(1 for s in fleet if s.length >= length)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship')} of {length} or more tiles")
    if rule == "tonnage":
        count = sum(s.length for s in fleet)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship tile')} in the fleet")
    if rule == "fleet_size":
        count = len(fleet)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship')} in the fleet")
    if rule == "beyond_first":
        piece = Piece(c.param("piece"))
        total = _fleet_pieces(fleet, piece)
        count = max(0, total - 1)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(total, piece.value)}, {count} beyond the first")
    if rule == "per_piece":
        piece = Piece(c.param("piece"))
        count = _fleet_pieces(fleet, piece)
        return ContractScore(c.id, count, count * c.param("points"),
                             _plural(count, piece.value))
    if rule == "pairs_on_ship":
        a, b = (Piece(p) for p in c.param("pieces"))
        count = sum(min(s.piece(a), s.piece(b)) for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, f'{a.value}–{b.value} pair')} on the same ship")
    if rule == "same_pairs_on_ship":
        piece = Piece(c.param("piece"))
        count = sum(s.piece(piece) // 2 for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'pair')} of {piece.value}s on the same ship")
    if rule == "used_canals":
        return ContractScore(c.id, used_canals, used_canals * c.param("points"),
                             f"{_plural(used_canals, 'used canal')}")
    if rule == "officers":
        count = sum(_officers(s) for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"), f"{_plural(count, 'officer')}")
    if rule == "ships_with_all":
        needed = [Piece(p) for p in c.param("pieces")]
        count = sum(1 for s in fleet if all(s.piece(p) >= 1 for p in needed))
        names = ", ".join(p.value for p in needed)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'ship')} carrying {names}")
    if rule == "variety":
        elements = set()
        for s in fleet:
            for piece in (P.SMOKESTACK, P.SAIL, P.CRANE, P.CANNON, P.BUSINESSMAN, P.SOLDIER,
                          P.STOKER):
                if s.piece(piece):
                    elements.add(piece.value)
            if _officers(s):
                elements.add("officer")
        count = len(elements)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'different element')}")
    raise ValueError(f"contract {contract_id} has an unknown rule {rule!r}")


def trader_points(employees: Sequence[str]) -> int:
    """End-game points of traders: 1 per level-1 trader, 3 per level-2 trader (R-10.5)."""
    points = 0
    for e in employees:
        emp = _employee(e)
        if emp.kind == "trader":
            points += 1 if emp.level == 1 else 3
    return points
