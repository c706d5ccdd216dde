"""Saving the game under a name of the player's choice."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from shipyard_tui.saves import SaveError
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.host import host_of
from shipyard_tui.ui.screens.dialog import Dialog


class SaveAsScreen(Dialog[str | None]):
    """Asks for a name; a bad name is explained and nothing is written."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    DEFAULT_CSS = """
    SaveAsScreen {
        align: center middle;
    }
    SaveAsScreen > Vertical {
        width: 60;
        max-width: 100%;
        height: auto;
        border: round $primary;
        padding: 0 1;
        background: $surface;
    }
    SaveAsScreen #save-error {
        color: $error;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game as (Enter saves, Esc cancels):")
            yield Input(placeholder="a name, e.g. Sunday game", id="save-name", max_length=80)
            yield Static("", id="save-error", markup=False)

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            path = host_of(self.app).save_as(event.value)
        except SaveError as exc:
            self.query_one("#save-error", Static).update(f"✗ {exc.message}")
            return
        self.dismiss(path.name)


def save_as(screen: Screen[Any]) -> None:
    """Ask for a name over ``screen`` and save the game under it, saying so there."""

    def saved(name: str | None) -> None:
        if name:
            screen.notify(f"Saved as {name}.", title="Saved", timeout=3, markup=False)

    screen.app.push_screen(SaveAsScreen(), saved)
