"""A game at a server table as one connection's interface sees it, for every game.

:class:`RemoteModel` is the observable model (:class:`~shipyard_tui.model.GameModel`)
of one seat (or a watcher) at a table of the host. It holds the game as the host last
showed it: a :class:`~shipyard_tui.core.remote.RemoteView` of the game's own kind
(:meth:`~shipyard_tui.core.game.GameKind.remote_view`), which holds only this seat's
view (R-11.1), or, once the game is over, the whole game the host sends for the review.
Widgets subscribe exactly as they do to a local game; its commands send the move or the
takeback to the host instead of playing it, and the host's answer arrives as the next
change (:meth:`RemoteModel.apply`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.core.loop import IllegalMoveError
from shipyard_tui.core.remote import RemoteView
from shipyard_tui.model import Change, ChangeKind, GameModel

Send = Callable[[dict[str, Any]], None]

RemoteGame = RemoteView
"""The game as a seat at a server table holds it while it is played (each game's own
subclass)."""


def _marks(message: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The stand-in's marks a ``game`` message carries (none: none)."""
    marks = message.get("stood_in", [])
    return [(int(m[0]), int(m[1]), int(m[2])) for m in marks
            if isinstance(m, list) and len(m) == 3]


def kind_of_message(message: dict[str, Any]) -> GameKind:
    """The game a ``game`` message is about: the lobby's line for its table names it
    (a host that did not name it plays the default game)."""
    name = message.get("lobby", {}).get("game") or games.DEFAULT
    return games.kind(str(name))


class RemoteModel(GameModel):
    """The observable model of a seat (or a watcher) at a table of the server."""

    def __init__(self, send: Send, table: str, seat: int | None, first: dict[str, Any],
                 kind: GameKind | None = None) -> None:
        self.send = send
        self.table = table
        self.seat = seat
        self.waiting = False
        """A move was sent and the host has not answered yet."""
        self.lobby: dict[str, Any] = first.get("lobby", {})
        budget = first.get("budget_ms")
        self.budget_ms = float(budget) if isinstance(budget, int | float) else None
        """How long the table's strong bots think, as the host says (None: the game's
        default): the hint at this seat thinks as long."""
        self.reader: type[RemoteView[Any, Any, Any]] = \
            (kind or kind_of_message(first)).remote_view()
        """The game's view class: how its states, events and moves are read."""
        self.stood_in: list[tuple[int, int, int]] = _marks(first)
        """The events the table's stand-in made: (first, end, seat)."""
        self._past_boards: dict[int, Any] = {}
        """The boards after the turns the last move played by itself (Shipyard's solo
        automa), as this seat may see them: the host sends them with the move."""
        super().__init__(self.game_from(first, None), viewer=seat, game_id=table)
        self._past_boards = self._boards(first)

    # -- the host's messages ------------------------------------------------------------

    def game_from(self, message: dict[str, Any], old: Any) -> Any:
        """The game a ``game`` message shows: a view, or the whole game once it is over.
        The message sends only the events from ``events_from`` on; the earlier ones are
        the old view's."""
        if "final" in message:
            return self.reader.read_final(message["final"])
        game = self.reader(self.reader.read_state(message["state"]))
        start = int(message.get("events_from", 0))
        earlier = old.events[:start] if isinstance(old, RemoteView) else []
        game.events = earlier + [self.reader.read_event(e) for e in message.get("events", [])]
        game.legal = [game.read_move(m) for m in message.get("legal", [])]
        game.can_undo = bool(message.get("can_undo"))
        game.moves_played = int(message.get("moves_played", 0))
        return game

    def _boards(self, message: dict[str, Any]) -> dict[int, Any]:
        return {int(turn): self.reader.read_state(board)
                for turn, board in message.get("past", {}).items()}

    def apply(self, message: dict[str, Any]) -> None:
        """Take in the host's next ``game`` message and tell every listener: a move with
        the events it added, or (the event list starts over, or the game is over) a
        whole new game. A message that only updates the lobby changes nothing else."""
        self.lobby = message.get("lobby", self.lobby)
        if "state" not in message and "final" not in message:
            return
        old = self.game
        self.stood_in = _marks(message)
        self.game = self.game_from(message, old)
        self.waiting = False
        self.revision += 1
        self.highlight = None
        self._past_boards = self._boards(message)
        start = int(message.get("events_from", 0))
        if "final" in message or start == 0 or start != len(old.events):
            self._notify(Change(ChangeKind.LOAD, self.revision))
        else:
            self._notify(Change(ChangeKind.MOVE, self.revision,
                                tuple(self.game.events[len(old.events):])))

    def log_note(self, event: int) -> str:
        """The stand-in's moves are marked: "(played by the stand-in for Bob)"."""
        for first, end, seat in self.stood_in:
            if first <= event < end:
                names = self.seat_names()
                name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
                return f" (played by the stand-in for {name})"
        return ""

    def seat_names(self) -> list[str]:
        """The seat names, as the lobby's line for the table has them."""
        return [str(seat.get("name", "")) for seat in self.lobby.get("seats", [])]

    def boards_after_automa_turns(self) -> dict[int, Any]:
        """The host sends them with the move (this seat's view of each)."""
        return dict(self._past_boards)

    @property
    def moves_played(self) -> int:
        """The host keeps the moves; its messages say how many there are."""
        game = self.game
        return game.moves_played if isinstance(game, RemoteView) else len(game.moves)

    # -- who is at this screen ------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        """Only this connection's seat is decided at this screen."""
        return [] if self.seat is None else [self.seat]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat and super().is_human(seat)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.to_move == self.seat

    @property
    def human_to_move(self) -> bool:
        return self.my_turn and not self.waiting

    def _default_viewer(self) -> int | None:
        return getattr(self, "seat", None)

    # -- commands -------------------------------------------------------------------------

    def play(self, move: Any, *, at: int | None = None) -> list[Any]:
        """Send the move to the host; the result arrives as the next change (a move
        chosen ``at`` an earlier revision is dropped, as :meth:`GameModel.play` does).
        Several moves may be sent in a row (every use left of a Nauticus choice): the
        host checks and plays each in turn."""
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
        return self.human_to_move and isinstance(game, RemoteView) and game.can_undo

    def undo(self) -> Any:
        """Ask the host to take back the last move; which one it was shows in the log."""
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo in this decision")
        self.send({"op": "undo", "table": self.table})
        self.waiting = True
        return None

    def replace_game(self, game: Any) -> None:
        raise NotImplementedError("a table's game is kept by the host")
