"""The observable game model between the rules and the interface.

The screen owns a :class:`GameModel` and is the only caller of :meth:`play`,
:meth:`undo` and the other commands; widgets subscribe and re-render from the view
the model computes for the seat in front of the screen. The model imports no
interface library, so saves and tests can use it headless.

It holds a game of any kind (:class:`~shipyard_tui.core.game.GameKind`): what differs
between games (which events a seat may read, the turns a game plays by itself after a
move) it asks the game's kind, found from the game's configuration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.core.moves import moves_key
from shipyard_tui.core.seats import SeatKind

Event = Any
"""An event of the game held (its kind's own type)."""
Move = Any
"""A move of the game held (its kind's own type)."""
GameState = Any
"""A state of the game held (its kind's own type)."""


class ChangeKind(StrEnum):
    """What a :class:`Change` tells (a string enum, so it still equals its name)."""

    MOVE = "move"
    """A move was played; the change carries its events."""
    UNDO = "undo"
    """A move was taken back."""
    VIEWER = "viewer"
    """The table is shown as another seat sees it."""
    HIGHLIGHT = "highlight"
    """The move the interface shows as a preview changed."""
    LOAD = "load"
    """Another game (or a whole new state) was put in."""
    PAST = "past"
    """The table shows a moment already played (the solo automa's turns, one by one),
    or the present again; nothing was played."""


@dataclass(frozen=True, slots=True)
class Change:
    """What changed: a move played, a move taken back, the viewer, or the highlight."""

    kind: ChangeKind
    revision: int
    events: tuple[Event, ...] = ()
    move: Move | None = None


Listener = Callable[[Change], None]


@dataclass(slots=True)
class _Cache:
    revision: int = -1
    view: GameState | None = None
    legal: list[Move] = field(default_factory=list)


class GameModel:
    """An observable game, of any kind, seen by one seat at a time."""

    def __init__(self, game: Any, viewer: int | None = None, game_id: str = "") -> None:
        self.game: Any = game
        """The game (or a table's proxy of it, answering what the model asks)."""
        self.game_id = game_id
        """The id under which the game is autosaved."""
        self._listeners: list[Listener] = []
        self.revision = 0
        self._cache = _Cache()
        self.viewer = self._default_viewer() if viewer is None else viewer
        self.highlight: Move | None = None
        self.key_hints: dict[str, str] = {}
        """Letters the screen gives to the moves on offer, by move notation."""
        self.commit_hooks: list[Callable[[GameModel], None]] = []
        self.before: GameState | None = None
        """Where the game plays turns by itself after a move (Shipyard's solo automa),
        the state before the last move played (those turns are shown from it); None
        otherwise (:meth:`GameKind.state_before_move`)."""
        self._past: GameState | None = None

    # -- observing ------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` on every change; return a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)

    # -- reading ----------------------------------------------------------------

    @property
    def kind(self) -> GameKind:
        """The game's kind (found from its configuration, which a table's proxy of
        the game shares)."""
        return games.kind_of(self.game.config)

    @property
    def state(self) -> GameState:
        """The full state. Widgets use :attr:`view`, which hides other seats' secrets."""
        return self.game.state

    @property
    def view(self) -> GameState:
        """The state as the current viewer may see it (R-11); while a moment already
        played is shown (:meth:`show_past`), that moment."""
        if self._past is not None:
            return self._past
        self._refresh_cache()
        assert self._cache.view is not None
        return self._cache.view

    @property
    def moves_played(self) -> int:
        """How many moves the game holds: the decision in front of the table is the one
        before move number ``moves_played`` (the hint's seed; see ``decision_seed``)."""
        return len(self.game.moves)

    def legal_moves(self) -> list[Move]:
        self._refresh_cache()
        return self._cache.legal

    def _refresh_cache(self) -> None:
        if self._cache.revision != self.revision:
            self._cache = _Cache(self.revision, self.game.view(self.viewer),
                                 self.game.legal_moves())

    @property
    def to_move(self) -> int | None:
        seat: int | None = self.game.to_move
        return seat

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.game.config.seats) if s.kind is SeatKind.HUMAN]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.game.config.seats[seat].kind is SeatKind.HUMAN

    @property
    def human_to_move(self) -> bool:
        return self.is_human(self.to_move)

    def visible_events(self) -> list[Event]:
        return self.kind.visible_events(self.game, self.viewer)

    def log_note(self, event: int) -> str:
        """What the log adds to the line of event number ``event``: at a server table,
        who played the move for an away person (here, nothing)."""
        return ""

    def _default_viewer(self) -> int | None:
        """The one person at the screen; with several, nobody until a hand-over (R-11.2)."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    # -- commands (the screen only) ---------------------------------------------

    def play(self, move: Move | str, *, at: int | None = None) -> list[Event]:
        """Check and play a move, then tell every listener (and the commit hooks).

        ``at``: the revision the move was chosen at; a move chosen before the game
        changed (a second quick Enter) is dropped quietly, and nothing happens."""
        if at is not None and at != self.revision:
            return []
        before = self.kind.state_before_move(self.game)
        events: list[Event] = self.game.play(move)
        self.before = before
        self._past = None
        self.revision += 1
        self.highlight = None
        moves = self.game.moves
        played = moves[-1] if moves else None  # a table's proxy keeps no moves
        for hook in self.commit_hooks:
            hook(self)
        self._notify(Change(ChangeKind.MOVE, self.revision, tuple(events), played))
        return events

    @property
    def can_undo(self) -> bool:
        return self.human_to_move and self.game.can_undo

    def undo(self) -> Move | None:
        """Take back the last move and return it. A model whose moves are taken back
        elsewhere (a table of the server) returns ``None``: the move shows in the log."""
        move = self.game.undo()
        self.before = self._past = None
        self.revision += 1
        self.highlight = None
        for hook in self.commit_hooks:
            hook(self)
        self._notify(Change(ChangeKind.UNDO, self.revision, (), move))
        return move

    def set_viewer(self, seat: int | None) -> bool:
        """Show the table as ``seat`` sees it; False when it already was."""
        if seat == self.viewer:
            return False
        self.viewer = seat
        self._past = None
        self.revision += 1
        self._notify(Change(ChangeKind.VIEWER, self.revision))
        return True

    def set_highlight(self, move: Move | None) -> None:
        """The move the player is looking at; widgets preview it."""
        if move == self.highlight:
            return
        self.highlight = move
        self._notify(Change(ChangeKind.HIGHLIGHT, self.revision, (), move))

    def set_key_hints(self, hints: dict[str, str]) -> None:
        """The letters that pick each move now, so widgets can print them on the board."""
        if hints == self.key_hints:
            return
        self.key_hints = hints
        self._notify(Change(ChangeKind.HIGHLIGHT, self.revision, (), self.highlight))

    def boards_after_automa_turns(self) -> dict[int, GameState]:
        """In the solo game, the board at the end of each automa turn the last move
        played, by turn number (R-12.3; empty when none or unknown)."""
        if self.before is None or not self.game.moves:
            return {}
        return self.kind.boards_after_turns(self.before, self.game.moves[-1])

    def show_past(self, state: GameState | None) -> None:
        """Show ``state``, a moment already played, as the current viewer may see it
        (R-11), until the present is shown again with None; widgets redraw."""
        past = None if state is None else self.kind.seat_view(state, self.viewer)
        if past is None and self._past is None:
            return
        self._past = past
        self._notify(Change(ChangeKind.PAST, self.revision))

    @property
    def showing_past(self) -> bool:
        return self._past is not None

    def key_for(self, move: Move) -> str:
        return self.key_hints.get(str(move), "")

    def key_for_moves(self, moves: tuple[Move, ...]) -> str:
        """The key of the choice that plays ``moves`` in a row (a marker's steps and
        what it takes at the end), or of the one move."""
        return self.key_hints.get(moves_key(moves), "")

    def replace_game(self, game: Any) -> None:
        """Swap in another game (after loading); everything re-renders."""
        self.game = game
        self.before = self._past = None
        self.revision += 1
        self.highlight = None
        self.viewer = self._default_viewer()
        self._notify(Change(ChangeKind.LOAD, self.revision))
