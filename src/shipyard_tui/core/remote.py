"""A game as one seat at a server table sees it: the seam's side of remote play.

The table host sends each connection only its seat's view of the game (R-11.1). A
:class:`RemoteView` answers what a table screen asks of its game (the state, whose
turn, the legal moves, the prompt) from the host's last message. Each game provides
one subclass (:meth:`~shipyard_tui.core.game.GameKind.remote_view`) that says how its
states, events and moves are read from the host's JSON and how its decision is put in
words; everything else — the model of the seat, the reading of the messages — is
written once (:mod:`shipyard_tui.server.remote`).

Standard library only, like the rest of the seam.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, TypeVar


class SeatState(Protocol):
    """What a view needs of a game's state."""

    @property
    def config(self) -> Any: ...

    @property
    def to_move(self) -> int | None: ...


StateT = TypeVar("StateT", bound=SeatState)
MoveT = TypeVar("MoveT")
EventT = TypeVar("EventT")


class RemoteView(Generic[StateT, MoveT, EventT]):
    """One seat's view of a game kept by the table host (only what that seat may see).

    A game's subclass sets :attr:`game_type` and provides the readers
    (:meth:`read_state`, :meth:`read_event`, :meth:`read_move`), :attr:`is_over` and
    :attr:`prompt`."""

    game_type: ClassVar[Any]
    """The game's own loop class: the whole game the host sends once it is over is one
    (:meth:`read_final`), and so is a seat's copy for a hint (:meth:`from_state`)."""

    def __init__(self, state: StateT) -> None:
        self.state = state
        self.config = state.config
        self.events: list[EventT] = []
        self.legal: list[MoveT] = []
        self.can_undo = False
        self.moves_played = 0
        """How many moves the host's game holds (the list itself stays there)."""

    # -- what each game reads its own way ---------------------------------------------

    @classmethod
    def read_state(cls, data: dict[str, Any]) -> StateT:
        """The state the host sent (the seat's view of it)."""
        raise NotImplementedError

    @classmethod
    def read_event(cls, data: dict[str, Any]) -> EventT:
        """An event as the host sent it to this seat (secret fields it may not read are
        left out, ``None``)."""
        raise NotImplementedError

    def read_move(self, text: str) -> MoveT:
        """A legal move the host sent, in notation, at this view's decision."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        """The decision in front of the seat to move, in words."""
        raise NotImplementedError

    @classmethod
    def read_final(cls, data: dict[str, Any]) -> Any:
        """The whole game the host sends once it is over (for the review)."""
        return cls.game_type.from_json(data, replay=False)

    @classmethod
    def from_state(cls, state: StateT) -> Any:
        """A game of the seat's own from ``state`` (its view), to think over: the hint
        (:meth:`~shipyard_tui.core.game.GameKind.copy_game`)."""
        return cls.game_type.from_state(state)

    # -- what a table screen asks of its game ----------------------------------------

    @property
    def moves(self) -> list[MoveT]:
        """Move lists stay on the host (they would replay hidden draws)."""
        return []

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    def legal_moves(self) -> list[MoveT]:
        return self.legal

    def view(self, seat: int | None) -> StateT:
        return self.state

    def events_for(self, seat: int | None, start: int = 0) -> list[EventT]:
        """The host sent this seat's events only."""
        return self.events[start:]

    def outcome(self) -> None:
        """The outcome arrives with the whole game, once it is over."""
        return None
