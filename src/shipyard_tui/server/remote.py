"""The game as one seat's interface sees it from the table host.

:class:`RemoteGame` answers the questions the game screen asks of a
:class:`~shipyard_tui.games.shipyard.rules.Game`
(the state, whose turn, the legal moves, the prompt)
from the host's last ``game`` message, which holds only this seat's view (R-11.1).
:class:`RemoteModel` is a :class:`~shipyard_tui.model.GameModel` over it: widgets
subscribe exactly as they do to a local game, and its commands send the move to the
host instead of playing it; the host's answer arrives as the next change.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, cast

from shipyard_tui.core.codec import from_data
from shipyard_tui.games.shipyard.rules import (
    STEP_PROMPTS,
    Event,
    Game,
    GameState,
    IllegalMoveError,
    Move,
    SeatKind,
    Stage,
    event_from_json,
    events,
    parse_move,
)
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.server.remote_base import RemoteSeat, RemoteView, Send


def wire_event(data: dict[str, Any]) -> Event:
    """An event as the host sent it: secret fields redacted for this seat stay ``None``."""
    kind = events.EVENT_TYPES.get(data.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    blank = {name for name in kind.secret_fields if data.get(name) is None}
    if not blank:
        return event_from_json(data)
    hints = typing.get_type_hints(kind)
    # a field left out at its default (a classic-only field of a 2nd-edition game) keeps it
    values = {f.name: None if f.name in blank else from_data(hints[f.name], data[f.name])
              for f in dataclasses.fields(kind)
              if f.init and (f.name in data or not f.metadata.get("omit_default"))}
    return kind(**values)


class RemoteGame(RemoteView[GameState, Move, Event]):
    """One seat's view of a Shipyard game kept by the table host."""

    @property
    def is_over(self) -> bool:
        return self.state.stage is Stage.OVER

    @property
    def prompt(self) -> str:
        return STEP_PROMPTS[self.state.turn.step]

    def events_for(self, seat: int | None) -> list[Event]:
        return self.events


class RemoteModel(RemoteSeat[Game, RemoteGame], GameModel):
    """The observable model of a seat (or a watcher) at a table of the server."""

    def __init__(self, send: Send, table: str, seat: int | None, first: dict[str, Any]) -> None:
        RemoteSeat.__init__(self, send, table, seat, first)
        # A RemoteGame answers every question GameModel asks of a Game.
        GameModel.__init__(self, cast(Game, self.game_from(first, None)), viewer=seat,
                           game_id=table)
        self._past_boards: dict[int, GameState] = {}
        """The boards after the automa turns of the last move (a solo table)."""

    # -- the host's messages ----------------------------------------------------------

    def read_final(self, data: dict[str, Any]) -> Game:
        return Game.from_json(data, replay=False)

    def read_view(self, state: dict[str, Any]) -> RemoteGame:
        return RemoteGame(GameState.from_dict(state))

    def read_event(self, data: dict[str, Any]) -> Event:
        return wire_event(data)

    def read_move(self, text: str, view: RemoteGame) -> Move:
        return parse_move(text, view.state.turn.step)

    def apply(self, message: dict[str, Any]) -> None:
        """Take in the host's next ``game`` message and tell every listener."""
        old = self.game
        taken = self.take(message, old)
        if taken is None:
            return
        self.game = cast(Game, taken[0])
        self.highlight = None
        self._past_boards = {int(turn): GameState.from_dict(board)
                             for turn, board in message.get("past", {}).items()}
        if taken[1]:
            self._notify(Change(ChangeKind.LOAD, self.revision))
        else:
            start = len(old.events)
            self._notify(Change(ChangeKind.MOVE, self.revision, tuple(self.game.events[start:])))

    def boards_after_automa_turns(self) -> dict[int, GameState]:
        """The host sends them with the move (this seat's view of each)."""
        return dict(self._past_boards)

    @property
    def moves_played(self) -> int:
        """The host keeps the moves; its messages say how many there are."""
        game = self.game
        return game.moves_played if isinstance(game, RemoteGame) else len(game.moves)

    # -- who is at this screen ----------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        """Only this connection's seat is decided at this screen."""
        return [] if self.seat is None else [self.seat]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat and \
            self.game.config.seats[seat].kind is SeatKind.HUMAN

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.to_move == self.seat

    @property
    def human_to_move(self) -> bool:
        return self.my_turn and not self.waiting

    def _default_viewer(self) -> int | None:
        return getattr(self, "seat", None)

    # -- commands -----------------------------------------------------------------------

    def play(self, move: Move | str, *, at: int | None = None) -> list[Event]:
        """Send the move to the host; the result arrives as the next change (a move
        chosen ``at`` an earlier revision is dropped, as :meth:`GameModel.play` does)."""
        if at is not None and at != self.revision:
            return []
        if not self.human_to_move and not self.waiting:
            raise IllegalMoveError("it is not your turn")
        self.send({"op": "play", "table": self.table, "move": str(move)})
        self.waiting = True
        return []

    @property
    def can_undo(self) -> bool:
        game = self.game
        return self.human_to_move and isinstance(game, RemoteGame) and game.can_undo

    def undo(self) -> Move | None:
        """Ask the host to take back the last move; which one it was shows in the log."""
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo in this turn")
        self.send({"op": "undo", "table": self.table})
        self.waiting = True
        return None

    def replace_game(self, game: Game) -> None:
        raise NotImplementedError("a table's game is kept by the host")
