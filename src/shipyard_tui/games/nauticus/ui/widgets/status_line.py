"""The line under the Nauticus table: whose decision it is and what it is."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from shipyard_tui.games.shipyard.ui.widgets.status_line import longest_fitting


class NauticusStatus(Widget):
    """One line, never cut: the longest of its wordings that fits the width (a cut
    question could hide its end; the choice panel shows the question whole)."""

    DEFAULT_CSS = """
    NauticusStatus {
        height: 1;
    }
    """

    wordings: reactive[tuple[str, ...]] = reactive(())
    """The line in a few wordings, longest first."""

    def render(self) -> Text:
        lines = [Text(f" {words}", no_wrap=True, overflow="ellipsis")
                 for words in self.wordings]
        return longest_fitting(self.size.width, lines or [Text()])
