"""Passing the terminal to the next person (R-11.2): secrets stay hidden until they confirm."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandOverScreen(ModalScreen[bool]):
    """Covers the board until the named player takes the seat."""

    BINDINGS = [Binding("enter", "take", "I am here")]

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

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            message = Text("Pass the terminal to ")
            message.append(self.player, style="bold")
            message.append(".\n\nTheir secret contracts will show once they take the seat.")
            yield Static(message)
            yield Button(Text(f"I am {self.player}: show my table"), variant="primary", id="take")

    def on_button_pressed(self) -> None:
        self.action_take()

    def action_take(self) -> None:
        self.dismiss(True)
