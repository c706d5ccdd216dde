"""Moves: every choice a seat makes, as a small frozen value with a text form.

Each move has a one-line notation (``str(move)``) that :func:`parse_move` reads
back, so move lists can be saved, replayed and typed.

>>> parse_move("buy mid1 3")
Buy(column=1, row=3)
>>> str(PlaceCanal(1, -2, 3))
'place-canal 1 -2 3'
>>> parse_move(str(Cruise(("0,0,C", "0,0,E")))) == Cruise(("0,0,C", "0,0,E"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import Field, dataclass
from functools import lru_cache
from typing import Any, ClassVar

from shipyard_tui.core import moves as core_moves
from shipyard_tui.core.moves import MoveSyntaxError as MoveSyntaxError
from shipyard_tui.core.moves import move_table, parse_notation
from shipyard_tui.games.shipyard.rules.catalog import Action, Piece, TileKind
from shipyard_tui.games.shipyard.rules.state import DecisionStep

COLUMNS = ("bow", "mid1", "mid2", "stern")
"""Ship display columns, left to right."""

COLUMN_KINDS = (TileKind.BOW, TileKind.MIDDLE, TileKind.MIDDLE, TileKind.STERN)


class Move(core_moves.Move):
    """Base of all Shipyard moves; the notation is the core's (:mod:`shipyard_tui.core.moves`)."""

    __slots__ = ()

    @classmethod
    def _convert(cls, field: Field[Any], arg: str) -> object:
        kind = _ENUM_FIELDS.get(str(field.type))
        if kind is None:
            return core_moves.Move._convert(field, arg)
        try:
            return kind(arg)
        except ValueError:
            raise MoveSyntaxError(f"{arg!r} is not a valid {field.type}") from None


_ENUM_FIELDS: dict[str, type[Action] | type[Piece] | type[TileKind]] = {
    "Action": Action, "Piece": Piece, "TileKind": TileKind,
}


@dataclass(frozen=True, slots=True)
class Choose(Move):
    """Put a cube on an action tile (step 2)."""

    keyword: ClassVar[str] = "choose"
    action: Action


@dataclass(frozen=True, slots=True)
class Bonus(Move):
    """Pay 6 guilders for a bonus action, before or after the chosen one (R-3.4)."""

    keyword: ClassVar[str] = "bonus"
    action: Action


@dataclass(frozen=True, slots=True)
class Proceed(Move):
    """Go on to the chosen action without a bonus action first."""

    keyword: ClassVar[str] = "proceed"


@dataclass(frozen=True, slots=True)
class DeclineBonus(Move):
    """No bonus action this turn: go on to the chosen action, and be asked no bonus
    question after it either (R-3.4). The turn keeps it, so a save keeps it too."""

    keyword: ClassVar[str] = "nobonus"


@dataclass(frozen=True, slots=True)
class NoBonus(Move):
    """Take no bonus action after the chosen one: on to the shakedown (R-3.4).

    Written ``pass``, like :class:`NoLastTile`: the decision tells them apart
    (:func:`parse_move`)."""

    keyword: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class NoLastTile(Move):
    """Buy no tile at the last chance: the next seat has its last chance (R-10.4).

    Written ``pass``, like :class:`NoBonus`: the decision tells them apart
    (:func:`parse_move`)."""

    keyword: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """Buy the ship tile at a display column and row (row 0 is the free bottom row)."""

    keyword: ClassVar[str] = "buy"
    column: int
    row: int

    def __str__(self) -> str:
        return f"buy {COLUMNS[self.column]} {self.row}"

    @classmethod
    def _from_args(cls, args: list[str]) -> Move:
        if len(args) != 2 or args[0] not in COLUMNS:
            raise MoveSyntaxError("buy takes a column (bow, mid1, mid2, stern) and a row")
        try:
            return cls(COLUMNS.index(args[0]), int(args[1]))
        except ValueError:
            raise MoveSyntaxError(f"{args[1]!r} is not a row number") from None


@dataclass(frozen=True, slots=True)
class BuyBlank(Move):
    """Take a free blank tile of a kind that has run out (R-4.1)."""

    keyword: ClassVar[str] = "blank"
    kind: TileKind


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Place the tile just bought in a yard cell (0-9)."""

    keyword: ClassVar[str] = "place"
    cell: int


@dataclass(frozen=True, slots=True)
class EndBuild(Move):
    """Confirm the Build Ships action: the display slides down and refills."""

    keyword: ClassVar[str] = "end-build"


@dataclass(frozen=True, slots=True)
class TakeCanal(Move):
    """Rent the canal at a slot of the canal column (slot 0 is free)."""

    keyword: ClassVar[str] = "canal"
    slot: int


@dataclass(frozen=True, slots=True)
class PlaceCanal(Move):
    """Place the rented canal at grid ``x, y`` turned ``rotation`` quarter turns clockwise."""

    keyword: ClassVar[str] = "place-canal"
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class BuyCommodity(Move):
    """Buy the commodity tile at a slot of the commodity column."""

    keyword: ClassVar[str] = "commodity"
    slot: int


@dataclass(frozen=True, slots=True)
class MarkerStep(Move):
    """Move the ring or employee marker one more space (paid unless an employee covers it).

    Not to be confused with :class:`~.state.DecisionStep`, the decision a seat faces."""

    keyword: ClassVar[str] = "step"


Step = MarkerStep
"""The old name of :class:`MarkerStep`, kept for the code that imports it."""


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take the piece the equipment or crew marker shows (plus engineers' or recruiters')."""

    keyword: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Hire(Move):
    """Hire the top employee of a slot (0-2) of the marked employee space."""

    keyword: ClassVar[str] = "hire"
    slot: int


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Give up a commodity tile at the exchange."""

    keyword: ClassVar[str] = "exchange"
    tile: str


@dataclass(frozen=True, slots=True)
class Sell(Move):
    """Sell the current good of the exchanged tile at the marked price."""

    keyword: ClassVar[str] = "sell"


@dataclass(frozen=True, slots=True)
class Trade(Move):
    """Trade the current good for one item of its trade list."""

    keyword: ClassVar[str] = "trade"
    piece: Piece


@dataclass(frozen=True, slots=True)
class SailFirst(Move):
    """Choose which completed ship (by its bow cell) takes its shakedown next."""

    keyword: ClassVar[str] = "sail"
    cell: int


@dataclass(frozen=True, slots=True)
class Load(Move):
    """Put one piece from beside the yard on the completed ship."""

    keyword: ClassVar[str] = "load"
    piece: Piece


@dataclass(frozen=True, slots=True)
class EndLoad(Move):
    """Finish loading the completed ship."""

    keyword: ClassVar[str] = "end-load"


@dataclass(frozen=True, slots=True)
class Rigger(Move):
    """Use this much of the Rigger's speed bonus (R-7.1)."""

    keyword: ClassVar[str] = "rigger"
    bonus: int


@dataclass(frozen=True, slots=True)
class Helmsman(Move):
    """Use the Helmsman's +1 speed (``1``) or decline it (``0``) for this ship (R-7.1)."""

    keyword: ClassVar[str] = "helmsman"
    use: int


@dataclass(frozen=True, slots=True)
class StartToken(Move):
    """Place the ship token on an open port space before the first cruise (R-9.1)."""

    keyword: ClassVar[str] = "start"
    x: int
    y: int
    cell: str


@dataclass(frozen=True, slots=True)
class Cruise(Move):
    """Sail the ship along a path of spaces written ``x,y,cell`` (R-9.2)."""

    keyword: ClassVar[str] = "cruise"
    path: tuple[str, ...]

    @classmethod
    def _from_args(cls, args: list[str]) -> Move:
        for space in args:
            parts = space.split(",")
            if len(parts) != 3 or parts[2] not in ("C", "N", "E", "S", "W"):
                raise MoveSyntaxError(f"{space!r} is not a canal space like 0,-1,C")
            try:
                int(parts[0]), int(parts[1])
            except ValueError:
                raise MoveSyntaxError(f"{space!r} is not a canal space like 0,-1,C") from None
        return cls(tuple(args))


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Discard a government contract from hand (R-3.9)."""

    keyword: ClassVar[str] = "discard"
    contract: str


@dataclass(frozen=True, slots=True)
class Final(Move):
    """Choose the final action (R-10.3)."""

    keyword: ClassVar[str] = "final"
    action: Action


MOVE_TYPES: dict[str, type[Move]] = move_table(
    Choose, Bonus, Proceed, DeclineBonus, Buy, BuyBlank, Place, EndBuild, TakeCanal, PlaceCanal,
    BuyCommodity, MarkerStep, Take, Hire, Exchange, Sell, Trade, SailFirst, Load, EndLoad,
    Helmsman, Rigger, StartToken, Cruise, Discard, Final,
)
"""The move types by keyword, but for ``pass``, which names one of :data:`PASSES`."""

PASS = "pass"
"""The notation of both :class:`NoBonus` and :class:`NoLastTile`."""

PASSES: dict[DecisionStep, type[Move]] = {
    DecisionStep.BONUS_AFTER: NoBonus, DecisionStep.LAST_CHANCE: NoLastTile,
}
"""The move that ``pass`` names at each decision where it is one."""


def parse_move(text: str, step: DecisionStep | None = None) -> Move:
    """Read a move from its notation; raise :class:`MoveSyntaxError` if it is not one.

    ``pass`` is read by the decision ``step`` it answers: :class:`NoBonus` after the
    chosen action, :class:`NoLastTile` at the last chance; at any other step, or with
    no step, it is no move.

    >>> parse_move("pass", DecisionStep.LAST_CHANCE)
    NoLastTile()
    """
    if len(text) <= core_moves.LONGEST_REMEMBERED:
        return _parse_remembered(text, step)
    return _parse_move(text, step)


@lru_cache(maxsize=core_moves.REMEMBERED_PARSES)
def _parse_remembered(text: str, step: DecisionStep | None) -> Move:
    """:func:`parse_move`, its answers remembered (a move is frozen: one instance serves
    every game): a save's moves are read again at each load, and a game's at each
    round trip of the tests."""
    return _parse_move(text, step)


def _parse_move(text: str, step: DecisionStep | None) -> Move:
    words = text.split()
    if words and words[0] == PASS:
        cls = PASSES.get(step) if step is not None else None
        if cls is None:
            raise MoveSyntaxError("'pass' is a move only after the chosen action (no bonus "
                                  "action) or at the last chance (no tile)")
        return parse_notation(text, {PASS: cls})
    return parse_notation(text, MOVE_TYPES)


def read_moves(notations: Iterable[str]) -> list[Move]:
    """A game's moves from their notations, without playing them.

    A ``pass`` before the first final action declines a bonus action, after it the
    last-chance tile: the last chance comes after the final actions (R-10.4), and a
    final action has no bonus action after it (R-10.3). A game that can be replayed
    reads each move at its own decision instead (:meth:`~.game.Game.parse`)."""
    step = DecisionStep.BONUS_AFTER
    moves: list[Move] = []
    for text in notations:
        move = parse_move(text, step)
        if isinstance(move, Final):
            step = DecisionStep.LAST_CHANCE
        moves.append(move)
    return moves

