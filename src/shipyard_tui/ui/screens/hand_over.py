"""Passing the terminal to the next person (R-11.2): secrets stay hidden until they confirm.

While the terminal is on its way, the game can still be left (it is autosaved), saved
under a name, and the help read; nothing of the last turn can be taken back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from shipyard_tui.model import GameModel
from shipyard_tui.ui.screens.dialog import Dialog
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from shipyard_tui.ui.widgets.key_bar import KeyBar

if TYPE_CHECKING:
    from shipyard_tui.ui.screens.table import TableScreen


class HandOverScreen(Dialog[bool]):
    """Covers the board until the named player takes the seat."""

    BINDINGS = [
        Binding("enter", "take", "I am here", key_display="Enter"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("ctrl+s", "save_as", "Save as"),
        Binding("q", "leave", "Quit"),
    ]

    DEFAULT_CSS = """
    HandOverScreen {
        align: center middle;
        background: $background;
    }
    HandOverScreen > Vertical {
        width: 50;
        height: auto;
        border: round $primary;
        padding: 1 2;
    }
    HandOverScreen Button {
        margin-top: 1;
        width: 100%;
    }
    """

    def __init__(self, name: str, table: TableScreen) -> None:
        """``table`` is the game screen below: its help is shown, and it is left with
        this one on Quit."""
        super().__init__()
        self.player = name
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical():
            message = Text("Pass the terminal to ")
            message.append(self.player, style="bold")
            message.append(".\n\nTheir secret contracts will show once they take the seat.")
            yield Static(message)
            yield Button(Text(f"I am {self.player}: show my table"), variant="primary", id="take")
        yield KeyBar()

    def on_button_pressed(self) -> None:
        self.action_take()

    def action_take(self) -> None:
        self.dismiss(True)

    def action_help(self) -> None:
        self.table.action_help()

    def action_save_as(self) -> None:
        from shipyard_tui.ui.screens.save_as import save_as

        save_as(self)

    def action_leave(self) -> None:
        """Back to the title screen, the secrets still hidden (the game is autosaved)."""
        from shipyard_tui.ui.screens.confirm import leave_game

        leave_game(self.table, False)


class HandOver:
    """Passing the terminal between the people of a hot-seat game (R-11.2): the board
    hides everyone's secrets until the next person says they are at the screen."""

    def __init__(self, screen: TableScreen, model: GameModel,
                 done: Callable[[], None]) -> None:
        self.screen = screen
        self.model = model
        self._done = done
        self.active = False
        """The terminal is on its way to the next person."""

    def needed(self, seat: int) -> bool:
        """Whether ``seat`` is a person other than the one at the screen, at a table of
        several people."""
        model = self.model
        return model.is_human(seat) and seat != model.viewer and len(model.humans) > 1

    def begin(self, seat: int) -> None:
        if self.active:
            return
        self.active = True
        app = self.screen.app
        app.clear_notifications()  # a notice may name the last seat's secrets
        self.model.set_viewer(None)
        self.screen.query_one(ChoicePanel).set_choices("Waiting for the next player…", [])
        # the top line names the seat to move: a person, who is not thinking but
        # taking the terminal (a bot's "thinking…" from the turn before must go)
        self.screen.say_status("the terminal passes to them")
        name = self.model.game.state.seats[seat].name

        def taken(_: bool | None) -> None:
            self.active = False
            if self.model.set_viewer(seat) is False:
                self._done()

        app.push_screen(HandOverScreen(name, self.screen), taken)
