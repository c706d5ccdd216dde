"""A table of the server as one seat's terminal shows it: the game's own table screen
(:meth:`~shipyard_tui.core.game.GameKind.table_screen`, the same screen a table of this
program has) over the seat's :class:`~shipyard_tui.server.remote.RemoteModel`, with no
bots of its own and the server's policy (:class:`AtServer`), the same for every game:
this connection decides its own seat only, moves and takebacks go to the host (one
decision at a time), bots move there, the bell and the terminal's title say when the
turn comes round, saving is the server's, and leaving asks nothing.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.app import App

from shipyard_tui.core import SeatDriver
from shipyard_tui.model import Change
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.tables import how_long
from shipyard_tui.ui.ascii import ascii_char
from shipyard_tui.ui.compat import terminal_driver
from shipyard_tui.ui.screens.table import TablePolicy, TableScreen


def who_decides(lobby: dict[str, Any], seat: int, name: str = "") -> str:
    """Who decides for ``seat`` (called ``name``), as the lobby says it: "the bot is
    playing for Bot 2", "a bot stands in for Bob", "Bob is away (a bot plays for Bob
    after 1 minute of the turn)", "waiting for Bob (away)", "waiting for Bob"."""
    seats = lobby.get("seats", [])
    name = name or "them"
    if 0 <= seat < len(seats):
        info = seats[seat]
        if info.get("kind") == "bot":
            return f"the bot is playing for {name}"
        if info.get("stand_in"):
            return f"a bot stands in for {name}"
        if not info.get("present"):
            after = lobby.get("stand_in")
            if isinstance(after, int | float):
                return (f"{name} is away (a bot plays for {name} after "
                        f"{how_long(after)} of the turn)")
            return f"waiting for {name} (away)"
    return f"waiting for {name}"


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


class AtServer(TablePolicy):
    """What a table screen does at a server table, whichever the game (one per screen:
    it remembers whether the turn was this seat's, for the bell)."""

    bots_elsewhere = True
    leaves_for_lobby = True

    def __init__(self, model: RemoteModel) -> None:
        self.model = model
        """The seat's model (the screen's own)."""
        self._was_my_turn = False

    def mounted(self, screen: TableScreen) -> None:
        self._turn_signal(screen)

    def unmounted(self, screen: TableScreen) -> None:
        app = screen.app
        if isinstance(app, Seated):
            app.left_table(self.model)

    def after_change(self, screen: TableScreen, change: Change) -> None:
        self._turn_signal(screen)

    def replay_over(self, screen: TableScreen) -> None:
        self._turn_signal(screen)

    def decides_here(self, screen: TableScreen, seat: int) -> bool:
        """Only this connection's seat, and not while its move is on the way."""
        return self.model.is_human(seat) and not self.model.waiting

    def waiting_for(self, screen: TableScreen, seat: int) -> tuple[str, str]:
        """Who decides at the table, as the lobby tells it, or that a move was sent."""
        what = screen.DECISION_WORD
        return self.waiting_words(screen, seat, what), f"{screen.seat_name(seat)}'s {what}"

    def waiting_words(self, screen: TableScreen, seat: int, what: str) -> str:
        """Who decides ``seat``'s ``what`` (its turn, its decision) at the table."""
        model = self.model
        name = screen.seat_name(seat)
        who = who_decides(model.lobby, seat, name)
        if model.waiting:
            return "Sent; waiting for the table…"
        if model.seat is None:
            return f"Watching: {who}."
        return f"It is {name}'s {what}: {who}."

    def take_back(self, screen: TableScreen) -> None:
        """Ask the host to take the last move back (one decision at a time: the host
        keeps the moves, the model knows whether one may be taken back)."""
        self.model.undo()

    def save_as(self, screen: TableScreen) -> None:
        screen.notify("The server keeps this game: every move is saved there.", timeout=3)

    def leave(self, screen: TableScreen) -> None:
        screen.app.pop_screen()

    def _turn_signal(self, screen: TableScreen) -> None:
        """Ring the bell and put it in the terminal's title when the turn comes round: not
        while the turns the game played by itself (the solo automa's) are being shown."""
        model = self.model
        mine = model.my_turn and not screen.replaying
        turn_signal(screen.app, mine, self._was_my_turn, bool(model.revision),
                    model.kind.title)
        self._was_my_turn = mine


def remote_screen(model: RemoteModel) -> TableScreen:
    """The table screen of a seat at a server table, for every game: the game's own
    table screen (:meth:`~shipyard_tui.core.game.GameKind.table_screen`) over ``model``
    with no bots here (the host paces them; the strong level's budget is the host's,
    for the hint) and the server's policy (:class:`AtServer`)."""
    screen: TableScreen = model.kind.table_screen(
        model, bot_delay=0.0, bot_budget_ms=model.budget_ms, driver=SeatDriver({}),
        policy=AtServer(model))
    return screen


def at_server(screen: object) -> bool:
    """Whether ``screen`` is the table screen of a seat at a server table."""
    return isinstance(screen, TableScreen) and isinstance(screen.policy, AtServer)
