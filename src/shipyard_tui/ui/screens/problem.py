"""A save that could not be loaded: what is wrong with it, and its backup if good."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from shipyard_tui.saves import SaveError
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog
from shipyard_tui.ui.screens.load import backup_words


class ProblemScreen(Dialog[bool]):
    """Explains a :class:`SaveError`; answers True when the player takes the backup."""

    BINDINGS = [Binding("escape", "dismiss(False)", "Close")]

    DEFAULT_CSS = """
    ProblemScreen {
        align: center middle;
    }
    ProblemScreen > Vertical {
        width: 70;
        max-width: 100%;
        height: auto;
        border: round $error;
        padding: 0 1;
        background: $surface;
    }
    ProblemScreen Horizontal {
        height: 3;
        margin-top: 1;
    }
    ProblemScreen Button {
        width: 1fr;
    }
    """

    def __init__(self, error: SaveError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b]This save cannot be loaded[/b]")
            yield Static(self.error.message, id="problem-message", markup=False)
            if self.error.backup is not None:
                info = self.error.backup_info
                yield Static(backup_words(info) if info is not None
                             else "Its backup is good.", id="problem-backup", markup=False)
            with Horizontal():
                if self.error.backup is not None:
                    yield Button("Load the backup", variant="primary", id="backup")
                yield Button("Close", id="close")

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "backup")
