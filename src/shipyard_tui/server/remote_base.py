"""What a seat's view of any game at a server table shares: the game as the host last
showed it, and the reading of the host's ``game`` messages.

:class:`RemoteView` answers the questions a game's screen asks of its game (the state,
whose turn, the legal moves) from the host's last message, which holds only this seat's
view. :class:`RemoteSeat` is the link of one connection to its table: it reads each
message into a new view (or, once the game is over, into the whole game the host sends
for the review). Each game's remote module (:mod:`.remote`, :mod:`.remote_nauticus`)
fills in how its states, events and moves are read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

Send = Callable[[dict[str, Any]], None]


class SeatState(Protocol):
    """What a view needs of a game's state."""

    @property
    def config(self) -> Any: ...

    @property
    def to_move(self) -> int | None: ...


class SeatGame(Protocol):
    """What the seat needs of a whole game (the one sent once it is over)."""

    @property
    def events(self) -> list[Any]: ...


StateT = TypeVar("StateT", bound=SeatState)
MoveT = TypeVar("MoveT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT", bound="RemoteView[Any, Any, Any]")
GameT = TypeVar("GameT", bound=SeatGame)


class RemoteView(Generic[StateT, MoveT, EventT]):
    """One seat's view of a game kept by the table host (only what that seat may see)."""

    def __init__(self, state: StateT) -> None:
        self.state = state
        self.config = state.config
        self.events: list[EventT] = []
        self.legal: list[MoveT] = []
        self.can_undo = False
        self.moves_played = 0
        """How many moves the host's game holds (the list itself stays there)."""

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

    def outcome(self) -> None:
        """The outcome arrives with the whole game, once it is over."""
        return None


class RemoteSeat(Generic[GameT, ViewT]):
    """One connection's seat (``None``: a watcher) at a table of the host, and the reading
    of the host's messages; a game's model provides the four readers."""

    revision: int
    """Counts the messages taken in (the model's own revision)."""

    def __init__(self, send: Send, table: str, seat: int | None, first: dict[str, Any]) -> None:
        self.send = send
        self.table = table
        self.seat = seat
        self.waiting = False
        """A move was sent and the host has not answered yet."""
        self.lobby: dict[str, Any] = first.get("lobby", {})

    # -- what each game reads its own way -------------------------------------------

    def read_final(self, data: dict[str, Any]) -> GameT:
        """The whole game the host sends once it is over."""
        raise NotImplementedError

    def read_view(self, state: dict[str, Any]) -> ViewT:
        """A view (no events or moves yet) of the state the host sent."""
        raise NotImplementedError

    def read_event(self, data: dict[str, Any]) -> Any:
        """An event as the host sent it to this seat."""
        raise NotImplementedError

    def read_move(self, text: str, view: ViewT) -> Any:
        """A legal move the host sent, at the decision of ``view``."""
        raise NotImplementedError

    # -- the host's messages --------------------------------------------------------

    def game_from(self, message: dict[str, Any], old: GameT | ViewT | None) -> GameT | ViewT:
        """The game a ``game`` message shows: a view, or the whole game once it is over.
        The message sends only the events from ``events_from`` on; the earlier ones are
        the old view's."""
        if "final" in message:
            return self.read_final(message["final"])
        game = self.read_view(message["state"])
        start = int(message.get("events_from", 0))
        earlier = old.events[:start] if isinstance(old, RemoteView) else []
        game.events = earlier + [self.read_event(e) for e in message.get("events", [])]
        game.legal = [self.read_move(m, game) for m in message.get("legal", [])]
        game.can_undo = bool(message.get("can_undo"))
        game.moves_played = int(message.get("moves_played", 0))
        return game

    def take(self, message: dict[str, Any], old: GameT | ViewT
             ) -> tuple[GameT | ViewT, bool] | None:
        """Read the host's next ``game`` message: the game it shows, and whether its
        event list starts over (not just goes on from ``old``'s); ``None`` when the
        message only updates the lobby."""
        self.lobby = message.get("lobby", self.lobby)
        if "state" not in message and "final" not in message:
            return None
        game = self.game_from(message, old)
        self.waiting = False
        self.revision += 1
        start = int(message.get("events_from", 0))
        return game, "final" in message or start == 0 or start != len(old.events)
