"""Government contracts as objects (COMPONENTS §5, R-10.5).

Each kind of contract (its catalog ``rule``) is one small class that scores a seat's
fleet and describes itself in a line; :data:`CONTRACT_RULES` maps the catalog's rule
names to them, and :func:`contract_rule` finds the one of a contract. Scoring
(:func:`~.scoring.score_contract`), the review, the advice and the bots reach the
contracts through here instead of dispatching on the rule's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Colour,
    Contract,
    EmployeeKind,
    EmployeeType,
    Feature,
    Piece,
)
from shipyard_tui.games.shipyard.rules.scoring import ContractScore, contract_points, tile_features
from shipyard_tui.games.shipyard.rules.state import SailedShip

P = Piece
Fleet = Sequence[SailedShip]

_FEATURE_WORDS = {"buoy": "lifebuoy", "boat": "lifeboat", "lantern": "lantern"}
_VARIETY_PIECES = (P.SMOKESTACK, P.SAIL, P.CRANE, P.CANNON, P.BUSINESSMAN, P.SOLDIER,
                   P.STOKER)


def _employee(emp_id: str) -> EmployeeType:
    return CATALOG.employees[emp_id]


def _officers(ship: SailedShip) -> int:
    return max(0, ship.piece(P.CAPTAIN) - 1)


def _fleet_pieces(fleet: Fleet, piece: Piece) -> int:
    return sum(ship.piece(piece) for ship in fleet)


IRREGULAR_PLURALS = {"businessman": "businessmen"}
"""The game's words whose plural is not the word and an s (the texts outside the rules
read it through :mod:`.query`)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {IRREGULAR_PLURALS.get(word, word + 's')}"


def table_text(c: Contract, bounded: bool = False) -> str:
    """A contract's printed table; past its end the points stay, unless it says "+n above"."""
    rows = c.param("table")
    above = c.param("above", 0)
    last, points = rows[-1]
    tail = "" if bounded else (f", +{above} each above {last}" if above
                               else f" ({points} also for more than {last})")
    return ", ".join(f"{a}→{b}" for a, b in rows) + tail


class ContractRule:
    """One kind of contract: how it scores a fleet and how it reads."""

    rule: ClassVar[str]
    """The rule's name in the catalog."""

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        """What ``c`` counts in a seat's fleet, employees and used canals, and scores."""
        raise NotImplementedError

    def describe(self, c: Contract) -> str:
        """What ``c`` scores, in a line."""
        raise NotImplementedError


class SafetyTable(ContractRule):
    rule = "safety_table"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        feature = Feature(c.param("feature"))
        count = sum(tile_features(s.tiles).get(feature, 0) for s in fleet)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, _FEATURE_WORDS[feature.value])} in the fleet")

    def describe(self, c: Contract) -> str:
        return f"{_FEATURE_WORDS[c.param('feature')]}s in your fleet: {table_text(c)}"


class SafeShips(ContractRule):
    rule = "safe_ships"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = 0
        for ship in fleet:
            f = tile_features(ship.tiles)
            if all(f.get(x, 0) >= 1 for x in (Feature.BUOY, Feature.BOAT, Feature.LANTERN)):
                count += 1
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'ship')} with lifebuoy, lifeboat and lantern")

    def describe(self, c: Contract) -> str:
        return "5 per ship with a lifebuoy, a lifeboat and a lantern"


class ColouredStaff(ContractRule):
    rule = "coloured_staff"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = sum(1 for e in employees
                    if _employee(e).colour in (Colour.BLUE, Colour.YELLOW, Colour.RED))
        words = c.param("words", "blue, yellow or red")
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, words + ' employee')}")

    def describe(self, c: Contract) -> str:
        return f"2 per {c.param('words', 'blue, yellow or red')} employee"


class VariedStaff(ContractRule):
    rule = "varied_staff"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        kinds = set()
        for e in employees:
            emp = _employee(e)
            kinds.add(f"trader{emp.level}" if emp.kind is EmployeeKind.TRADER else emp.colour.value)
        count = len(kinds)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'type')} of employee")

    def describe(self, c: Contract) -> str:
        return f"types of employee (level-2 traders count apart): {table_text(c, bounded=True)}"


class StaffPairs(ContractRule):
    rule = "staff_pairs"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        plain = sum(1 for e in employees if _employee(e).colour in (Colour.GRAY, Colour.GREEN))
        coloured = len(employees) - plain
        points = (plain // 2) * c.param("plain_pair") + (coloured // 2) * c.param("coloured_pair")
        pairs = plain // 2 + coloured // 2
        return ContractScore(c.id, pairs, points,
                             f"{_plural(pairs, 'pair')} of employees ({plain // 2} gray/green, "
                             f"{coloured // 2} blue/red/yellow)")

    def describe(self, c: Contract) -> str:
        return "3 per pair of gray/green employees, 4 per pair of blue/red/yellow ones"


class StaffCount(ContractRule):
    rule = "staff_count"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = len(employees)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'employee')}")

    def describe(self, c: Contract) -> str:
        return f"employees: {table_text(c)}"


class ShipSizes(ContractRule):
    rule = "ship_sizes"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        sizes = set(c.param("sizes"))
        present = sorted({s.length for s in fleet} & sizes)
        count = len(present)
        shown = ", ".join(str(n) for n in present) or "none"
        listed = ", ".join(str(n) for n in sorted(sizes)[:-1]) + f" and {max(sizes)}"
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{count} of the sizes {listed} tiles present ({shown})")

    def describe(self, c: Contract) -> str:
        sizes = c.param("sizes")
        listed = ", ".join(str(n) for n in sizes[:-1]) + f" and {sizes[-1]}"
        return f"ships of exactly {listed} tiles, sizes present: {table_text(c, bounded=True)}"


class ShipsOfLength(ContractRule):
    rule = "ships_of_length"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        length = c.param("length")
        count = sum(1 for s in fleet if s.length == length)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, f'{length}-tile ship')}")

    def describe(self, c: Contract) -> str:
        return f"ships of exactly {c.param('length')} tiles: {table_text(c)}"


class LongShips(ContractRule):
    rule = "long_ships"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        length = c.param("length")
        count = sum(1 for s in fleet if s.length >= length)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship')} of {length} or more tiles")

    def describe(self, c: Contract) -> str:
        return f"ships of {c.param('length')} or more tiles: {table_text(c)}"


class Tonnage(ContractRule):
    rule = "tonnage"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = sum(s.length for s in fleet)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship tile')} in the fleet")

    def describe(self, c: Contract) -> str:
        return f"ship tiles in your fleet: {table_text(c)}"


class FleetSize(ContractRule):
    rule = "fleet_size"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = len(fleet)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'ship')} in the fleet")

    def describe(self, c: Contract) -> str:
        return f"ships in your fleet: {table_text(c)}"


class BeyondFirst(ContractRule):
    rule = "beyond_first"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        piece = Piece(c.param("piece"))
        total = _fleet_pieces(fleet, piece)
        count = max(0, total - 1)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(total, piece.value)}, {count} beyond the first")

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per {c.param('piece')} in your fleet beyond the first"


class PerPiece(ContractRule):
    rule = "per_piece"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        piece = Piece(c.param("piece"))
        count = _fleet_pieces(fleet, piece)
        return ContractScore(c.id, count, count * c.param("points"),
                             _plural(count, piece.value))

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per {c.param('piece')} in your fleet"


class PairsOnShip(ContractRule):
    rule = "pairs_on_ship"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        a, b = (Piece(p) for p in c.param("pieces"))
        count = sum(min(s.piece(a), s.piece(b)) for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, f'{a.value}–{b.value} pair')} on the same ship")

    def describe(self, c: Contract) -> str:
        a, b = c.param("pieces")
        return f"{c.param('points')} per {a}–{b} pair on the same ship"


class SamePairsOnShip(ContractRule):
    rule = "same_pairs_on_ship"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        piece = Piece(c.param("piece"))
        count = sum(s.piece(piece) // 2 for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'pair')} of {piece.value}s on the same ship")

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per pair of {c.param('piece')}s on the same ship"


class UsedCanals(ContractRule):
    rule = "used_canals"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        return ContractScore(c.id, used_canals, used_canals * c.param("points"),
                             f"{_plural(used_canals, 'used canal')}")

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per used canal"


class Officers(ContractRule):
    rule = "officers"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        count = sum(_officers(s) for s in fleet)
        return ContractScore(c.id, count, count * c.param("points"), f"{_plural(count, 'officer')}")

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per officer (every captain after a ship's first)"


class ShipsWithAll(ContractRule):
    rule = "ships_with_all"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        needed = [Piece(p) for p in c.param("pieces")]
        count = sum(1 for s in fleet if all(s.piece(p) >= 1 for p in needed))
        names = ", ".join(p.value for p in needed)
        return ContractScore(c.id, count, count * c.param("points"),
                             f"{_plural(count, 'ship')} carrying {names}")

    def describe(self, c: Contract) -> str:
        return f"{c.param('points')} per ship carrying {', '.join(c.param('pieces'))}"


class Variety(ContractRule):
    rule = "variety"

    def score(self, c: Contract, fleet: Fleet, employees: Sequence[str],
              used_canals: int) -> ContractScore:
        elements = set()
        pieces = tuple(Piece(p) for p in c.param("pieces", ())) or _VARIETY_PIECES
        for s in fleet:
            for piece in pieces:
                if s.piece(piece):
                    elements.add(piece.value)
            if _officers(s):
                elements.add("officer")
        count = len(elements)
        return ContractScore(c.id, count, contract_points(c, count),
                             f"{_plural(count, 'different element')}")

    def describe(self, c: Contract) -> str:
        pieces = c.param("pieces", ()) or tuple(p.value for p in _VARIETY_PIECES)
        return (f"different pieces in your fleet ({', '.join(pieces)}, officer): "
                f"{table_text(c, bounded=True)}")


CONTRACT_RULES: dict[str, ContractRule] = {
    rule.rule: rule
    for rule in (SafetyTable(), SafeShips(), ColouredStaff(), VariedStaff(), StaffPairs(),
                 StaffCount(), ShipSizes(), ShipsOfLength(), LongShips(), Tonnage(),
                 FleetSize(), BeyondFirst(), PerPiece(), PairsOnShip(), SamePairsOnShip(),
                 UsedCanals(), Officers(), ShipsWithAll(), Variety())
}
"""Every kind of contract, by the rule name the catalog gives it."""


def contract_rule(contract_id: str) -> ContractRule:
    """The rule of a contract; ``ValueError`` for a rule no class implements."""
    c = CATALOG.contracts[contract_id]
    rule = CONTRACT_RULES.get(c.rule)
    if rule is None:
        raise ValueError(f"contract {contract_id} has an unknown rule {c.rule!r}")
    return rule


def score_contract(contract_id: str, fleet: Fleet, employees: Sequence[str],
                   used_canals: int) -> ContractScore:
    """Score one contract for a seat's fleet, employees and used canals (R-10.5)."""
    return contract_rule(contract_id).score(CATALOG.contracts[contract_id], fleet, employees,
                                            used_canals)


def describe_contract(contract_id: str) -> str:
    """What a contract scores, in a line (COMPONENTS §5)."""
    return contract_rule(contract_id).describe(CATALOG.contracts[contract_id])
