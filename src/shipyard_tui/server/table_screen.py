"""A table of the server as one seat's terminal shows it: the game's own table screen
over the seat's :class:`~shipyard_tui.server.remote.RemoteModel`, with what every game
does the same at a server table (:class:`AtServerTable`, which the game's kind mixes
into its table screen: :meth:`~shipyard_tui.core.game.GameKind.remote_table_screen`):
this connection decides its own seat only, moves and takebacks go to the host, bots
move there, the bell and the terminal's title say when the turn comes round, saving is
the server's, and leaving asks nothing.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.app import App
from textual.screen import Screen

from shipyard_tui.model import Change
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.ui.ascii import ascii_char
from shipyard_tui.ui.compat import terminal_driver


def who_decides(lobby: dict[str, Any], seat: int) -> str:
    """How the lobby says who decides for ``seat``: a person, a bot, a stand-in, away."""
    seats = lobby.get("seats", [])
    if 0 <= seat < len(seats):
        info = seats[seat]
        if info.get("kind") == "bot":
            return "the bot is playing for"
        if info.get("stand_in"):
            return "a bot stands in for"
        if not info.get("present"):
            return "waiting for (away)"
    return "waiting for"


def turn_signal(app: App[Any], mine: bool, was_mine: bool, announced: bool, game: str) -> None:
    """Ring the bell when the turn comes round (unless turned off) and put whose turn
    it is in the terminal's title when that changed or was never said."""
    if mine and not was_mine and getattr(app, "bell_on_turn", True):
        app.bell()
    if mine != was_mine or not announced:
        set_terminal_title(app, f"Your turn — {game}" if mine else game)


def set_terminal_title(app: App[Any], title: str) -> None:
    """Write the title to the terminal (xterm's OSC 2), in ASCII when the app draws
    in ASCII (the title does not pass through the app's line filters)."""
    driver = terminal_driver(app)
    if getattr(app, "ascii", False):
        title = "".join(ascii_char(c) for c in title)
    if not app.is_headless and driver is not None:
        driver.write(f"\x1b]2;{title}\x07")


@runtime_checkable
class Seated(Protocol):
    """An app that holds a seat at the host (the session app): told when its table
    screen goes."""

    def left_table(self, model: RemoteModel) -> None: ...


class _TableScreen(Protocol):
    """What :class:`AtServerTable` needs of the screen it is mixed into."""

    model: RemoteModel
    NOTHING_TO_UNDO: str
    _was_my_turn: bool

    @property
    def app(self) -> App[Any]: ...

    @property
    def replaying(self) -> bool: ...

    def finish_replay(self) -> None: ...

    def notify(self, message: str, *, timeout: float | None = None) -> None: ...


class AtServerTable:
    """What a game's table screen does at a server table, whichever the game.

    It comes first among the screen's bases. Textual calls the mount and unmount
    handlers of every class of a screen, so these run beside the game screen's own
    (which must not be called again from here)."""

    NOTHING_TO_UNDO = "Nothing to take back in this decision."
    _was_my_turn = False

    @property
    def remote(self: _TableScreen) -> RemoteModel:
        """The seat's model (the screen's own)."""
        return self.model

    def on_mount(self: _TableScreen) -> None:
        _turn_signal(self)

    def on_unmount(self: _TableScreen) -> None:
        app = self.app
        if isinstance(app, Seated):
            app.left_table(self.model)

    def after_change(self: _TableScreen, change: Change) -> None:
        _turn_signal(self)

    def decides_here(self: _TableScreen, seat: int) -> bool:
        """Only this connection's seat, and not while its move is on the way."""
        return self.model.is_human(seat) and not self.model.waiting

    def waiting_words(self: _TableScreen, seat: int, what: str) -> str:
        """Who decides at the table, as the lobby tells it, or that a move was sent."""
        model = self.model
        name = model.view.seats[seat].name
        who = who_decides(model.lobby, seat)
        if model.waiting:
            return "Sent; waiting for the table…"
        if model.seat is None:
            return f"Watching: {who} {name}."
        return f"It is {name}'s {what}: {who} {name}."

    def action_undo(self: _TableScreen) -> None:
        """Ask the host to take the last move back (one decision at a time)."""
        if self.replaying:
            self.finish_replay()
            return
        if self.model.can_undo:
            self.model.undo()
        else:
            self.notify(self.NOTHING_TO_UNDO, timeout=3)

    def action_save_as(self: _TableScreen) -> None:
        self.notify("The server keeps this game: every move is saved there.", timeout=3)

    def action_leave(self: _TableScreen) -> None:
        self.app.pop_screen()


def _turn_signal(screen: _TableScreen) -> None:
    """Ring the bell and put it in the terminal's title when the turn comes round."""
    model = screen.model
    mine = model.my_turn
    turn_signal(screen.app, mine, screen._was_my_turn, bool(model.revision), model.kind.title)
    screen._was_my_turn = mine


def remote_screen(model: RemoteModel) -> Screen[None]:
    """The table screen of a seat at a server table, as the model's game makes it
    (:meth:`~shipyard_tui.core.game.GameKind.remote_table_screen`)."""
    screen: Screen[None] = model.kind.remote_table_screen(model)
    return screen
