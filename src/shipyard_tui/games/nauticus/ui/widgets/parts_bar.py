"""The line under the board on a terminal too small for the whole table: which part of
the table is shown, which others ``r`` brings, and what the symbols mean is on each."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from shipyard_tui.ui.palette import HIGHLIGHT


class PartsBar(Widget):
    """One line: ``r`` and the parts it steps through, the one shown marked by ``▸`` and
    drawn reversed."""

    DEFAULT_CSS = """
    PartsBar {
        height: 1;
        background: $panel;
    }
    """

    parts: reactive[tuple[str, ...]] = reactive(())
    """The names of the parts, in the order ``r`` shows them."""
    shown: reactive[int] = reactive(0)
    """The part shown now."""

    def render(self) -> Text:
        text = Text.assemble((" r", "bold magenta"))
        text.append(" next part:", style="dim")
        for i, name in enumerate(self.parts):
            text.append("  ")
            if i == self.shown:
                text.append(f"▸{name}", style=f"bold {HIGHLIGHT}")
            else:
                text.append(f" {name}")
        return text
