"""The decision loop every game of the project speaks, as a protocol.

A game is a sequence of decisions: :attr:`to_move` names the seat that decides,
:meth:`legal_moves` lists its choices in a fixed order, :meth:`play` (checked) or
:meth:`push` (unchecked) makes one and returns the events it caused, :meth:`undo`
takes the last back, :meth:`view` is what one seat may see, :meth:`outcome` is the
result once the game is over, and :meth:`to_json` saves it. Saves, the model, bots,
the seat driver and the interface shell are written against this protocol, so a
second game (Nauticus, the classic rules) plugs into them by providing it.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

MoveT = TypeVar("MoveT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT", covariant=True)
OutcomeT = TypeVar("OutcomeT", covariant=True)


@runtime_checkable
class DecisionLoop(Protocol[MoveT, EventT, ViewT, OutcomeT]):
    """A game as a loop of decisions (see the module docstring)."""

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> list[MoveT]:
        """The legal moves of the seat to decide, in a fixed order."""
        ...

    def push(self, move: MoveT) -> list[EventT]:
        """Play a move known to be legal; return the events it caused."""
        ...

    def play(self, move: MoveT | str) -> list[EventT]:
        """Check and play a move (or its notation); return the events it caused."""
        ...

    @property
    def can_undo(self) -> bool: ...

    def undo(self) -> MoveT:
        """Take back the last move and return it."""
        ...

    def view(self, seat: int | None) -> ViewT:
        """What ``seat`` may see (``None``: the public view)."""
        ...

    def outcome(self) -> OutcomeT | None:
        """The result, once the game is over."""
        ...

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]:
        """The game as JSON-ready data (a save)."""
        ...
