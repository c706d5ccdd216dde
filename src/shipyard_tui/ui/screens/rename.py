"""Renaming a save from the Load screen: a small dialog like Save as."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from shipyard_tui.saves import SaveError, SaveStore
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog


class RenameScreen(Dialog[str | None]):
    """Asks for a save's new name (its old one filled in); a bad or taken name is
    explained and nothing changes. Dismissed with the new name, or ``None``."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    DEFAULT_CSS = """
    RenameScreen {
        align: center middle;
    }
    RenameScreen > Vertical {
        width: 60;
        max-width: 100%;
        height: auto;
        border: round $primary;
        padding: 0 1;
        background: $surface;
    }
    RenameScreen #rename-error {
        color: $error;
    }
    """

    def __init__(self, store: SaveStore, old: str) -> None:
        super().__init__()
        self.store = store
        self.old = old

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Rename {self.old!r} to (Enter renames, Esc cancels):",
                         markup=False)
            yield Input(self.old, placeholder="a name, e.g. Sunday game", id="rename-name",
                        max_length=80)
            yield Static("", id="rename-error", markup=False)

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.value.strip() == self.old:
            self.dismiss(None)
            return
        try:
            entry = self.store.rename(self.old, event.value)
        except SaveError as exc:
            self.query_one("#rename-error", Static).update(f"✗ {exc.message}")
            return
        self.dismiss(entry.name)
