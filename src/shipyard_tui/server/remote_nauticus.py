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
    Event,
    IllegalMoveError,
    Move,
    NauticusGame,
    NauticusState,
    Step,
    action_used,
    decision_prompt,
    event_from_json,
    parse_move,
)
from shipyard_tui.server.remote_base import RemoteSeat, RemoteView, Send


class RemoteNauticusGame(RemoteView[NauticusState, Move, Event]):
    """One seat's view of a Nauticus game kept by the table host."""

    def __init__(self, state: NauticusState, send: Send, table: str) -> None:
        super().__init__(state)
        self._send = send
        self._table = table

    @property
    def is_over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def prompt(self) -> str:
        return decision_prompt(self.state.step, list(self.legal), used=action_used(self.state))

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


class RemoteNauticusModel(RemoteSeat[NauticusGame, RemoteNauticusGame]):
    """The seat (or a watcher) at a Nauticus table of the server, kept up to date from
    the host's messages; the screen listens through :attr:`on_change`."""

    def __init__(self, send: Send, table: str, seat: int | None, first: dict[str, Any]) -> None:
        super().__init__(send, table, seat, first)
        self.revision = 0
        self.game: NauticusGame | RemoteNauticusGame = self.game_from(first, None)
        self.on_change: Callable[[bool], None] | None = None
        """Called after each message; True when the event list starts over."""

    def read_final(self, data: dict[str, Any]) -> NauticusGame:
        return NauticusGame.from_json(data, replay=False)

    def read_view(self, state: dict[str, Any]) -> RemoteNauticusGame:
        return RemoteNauticusGame(NauticusState.from_dict(state), self.send, self.table)

    def read_event(self, data: dict[str, Any]) -> Event:
        return event_from_json(data)

    def read_move(self, text: str, view: RemoteNauticusGame) -> Move:
        return parse_move(text)

    def apply(self, message: dict[str, Any]) -> None:
        """Take in the host's next ``game`` message."""
        taken = self.take(message, self.game)
        if taken is None:
            return
        self.game, restart = taken
        if self.on_change is not None:
            self.on_change(restart)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.game.to_move == self.seat
