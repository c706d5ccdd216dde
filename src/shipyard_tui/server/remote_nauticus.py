"""A Nauticus game as one seat's interface sees it from the table host.

:class:`RemoteNauticusGame` answers what the Nauticus screen asks of a
:class:`~shipyard_tui.games.nauticus.NauticusGame` from the host's last ``game``
message; its ``play`` and ``undo`` send the request to the host, whose answer arrives as
the next message (:meth:`RemoteNauticusModel.apply`). Once the game is over the host
sends the whole game, and the screen gets a real ``NauticusGame`` for its review.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shipyard_tui.games.nauticus import (
    STEP_PROMPTS,
    Event,
    IllegalMoveError,
    Move,
    NauticusGame,
    NauticusState,
    Outcome,
    Step,
    event_from_json,
    parse_move,
)

Send = Callable[[dict[str, Any]], None]


class RemoteNauticusGame:
    """One seat's view of a Nauticus game kept by the table host."""

    def __init__(self, state: NauticusState, send: Send, table: str) -> None:
        self.state = state
        self.config = state.config
        self.events: list[Event] = []
        self.legal: list[Move] = []
        self.can_undo = False
        self._send = send
        self._table = table

    @property
    def moves(self) -> list[Move]:
        """The move list stays on the host."""
        return []

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def prompt(self) -> str:
        return STEP_PROMPTS[self.state.step]

    def legal_moves(self) -> list[Move]:
        return self.legal

    def view(self, seat: int | None) -> NauticusState:
        return self.state

    def outcome(self) -> Outcome | None:
        return None

    def play(self, move: Move | str) -> list[Event]:
        """Send the move to the host; what it did arrives with the next message."""
        if str(move) not in {str(m) for m in self.legal}:
            raise IllegalMoveError(f"{move} is not on offer at this seat now")
        self._send({"op": "play", "table": self._table, "move": str(move)})
        return []

    def undo(self) -> None:
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo in this decision")
        self._send({"op": "undo", "table": self._table})


class RemoteNauticusModel:
    """The seat (or a watcher) at a Nauticus table of the server, kept up to date from
    the host's messages; the screen listens through :attr:`on_change`."""

    def __init__(self, send: Send, table: str, seat: int | None, first: dict[str, Any]) -> None:
        self.send = send
        self.table = table
        self.seat = seat
        self.waiting = False
        """A move was sent and the host has not answered yet."""
        self.revision = 0
        self.lobby: dict[str, Any] = first.get("lobby", {})
        self.game: NauticusGame | RemoteNauticusGame = self._game_from(first, None)
        self.on_change: Callable[[bool], None] | None = None
        """Called after each message; True when the event list starts over."""

    def _game_from(self, message: dict[str, Any], old: NauticusGame | RemoteNauticusGame | None
                   ) -> NauticusGame | RemoteNauticusGame:
        if "final" in message:
            return NauticusGame.from_json(message["final"], replay=False)
        game = RemoteNauticusGame(NauticusState.from_dict(message["state"]), self.send,
                                  self.table)
        start = int(message.get("events_from", 0))
        earlier = old.events[:start] if isinstance(old, RemoteNauticusGame) else []
        game.events = earlier + [event_from_json(e) for e in message.get("events", [])]
        game.legal = [parse_move(m) for m in message.get("legal", [])]
        game.can_undo = bool(message.get("can_undo"))
        return game

    def apply(self, message: dict[str, Any]) -> None:
        """Take in the host's next ``game`` message."""
        self.lobby = message.get("lobby", self.lobby)
        if "state" not in message and "final" not in message:
            return
        old = self.game
        self.game = self._game_from(message, old)
        self.waiting = False
        self.revision += 1
        start = int(message.get("events_from", 0))
        restart = "final" in message or start == 0 or start != len(old.events)
        if self.on_change is not None:
            self.on_change(restart)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.game.to_move == self.seat
