"""The choices of a decision as the interface offers them, for every game: a line of the
choice panel (:class:`Choice`) holds one legal move, a :class:`Plan` of several played
in a row or a :class:`Repeat` of one. Pure data, no interface library: the Key moments
name a decision by the choice the player saw, and the command line reads them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from shipyard_tui.core.moves import Move

OPTION_KEYS = "abcdefghijklmnopstvwxyzABCDEFGIJKLMNOPQRSTUVWXYZ"
"""Letters that pick options, the capitals after the small ones (a Nauticus purchase
can offer more than 23); q, r, u and H are left to the screen's own commands."""

MoveT = TypeVar("MoveT", bound=Move)


@dataclass(frozen=True, slots=True)
class Plan(Generic[MoveT]):
    """A choice that plays several legal moves in a row (a suggested load, a marker's
    steps and what it takes at the end)."""

    moves: tuple[MoveT, ...]

    @property
    def last(self) -> MoveT:
        return self.moves[-1]


@dataclass(frozen=True, slots=True)
class Repeat:
    """A choice that plays the same legal move ``times`` times in a row (Nauticus: every
    use left of Withdraw money, one decision instead of seven)."""

    move: Move
    times: int


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of the panel: a legal move of the game at the table (Shipyard's or
    Nauticus's: any :class:`~shipyard_tui.core.moves.Move`), a plan of several, or a
    shown-but-illegal one with its reason."""

    label: str
    move: Move | Plan[Any] | Repeat | None = None
    reason: str = ""
    key: str = ""
    """A key of its own (a yard cell's printed number); otherwise a letter is given."""


def moves_of(move: Move | Plan[Any] | Repeat) -> tuple[Move, ...]:
    """The legal moves a choice plays, in order."""
    if isinstance(move, Plan):
        return tuple(move.moves)
    if isinstance(move, Repeat):
        return (move.move,) * move.times
    return (move,)
