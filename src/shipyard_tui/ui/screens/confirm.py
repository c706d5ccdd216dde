"""A yes/no question in a small dialog."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog


class ConfirmScreen(Dialog[bool]):
    """Asks a question; ``y`` answers yes, ``n``/Esc answers no, and Enter presses the
    focused button, the safe "no" (a second quick Enter must not say yes)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    ConfirmScreen > Vertical {
        width: 56;
        max-width: 100%;
        height: auto;
        border: round $warning;
        padding: 0 1;
        background: $surface;
    }
    ConfirmScreen Horizontal {
        height: 3;
        margin-top: 1;
    }
    ConfirmScreen Button {
        width: 1fr;
    }
    """

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button(f"{self.yes} (y)", variant="warning", id="yes")
                yield Button(f"{self.no} (n)", variant="primary", id="no")

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def leave_game(screen: Screen[Any], over: bool) -> None:
    """Back to the title screen from a game's ``screen`` (and any dialog over it, such
    as the hand-over, closed without its answer): at once when the game is ``over``,
    else once the player confirms (the game stays saved)."""
    if over:
        _close(screen)
        return
    if isinstance(screen.app.screen, ConfirmScreen):
        return  # already asking (a second quick q)

    def answered(leave: bool | None) -> None:
        if leave:
            _close(screen)

    screen.app.push_screen(ConfirmScreen("Leave this game for the title screen? It is "
                                         "saved: Continue on the title screen resumes it.",
                                         "Leave", "Stay"), answered)


def _close(screen: Screen[Any]) -> None:
    """Take ``screen`` and every screen above it off the stack."""
    app = screen.app
    while screen in app.screen_stack:
        app.pop_screen()
