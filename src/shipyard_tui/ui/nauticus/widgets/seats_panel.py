"""Every seat at a glance."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.games.nauticus.words import seat_lines


class SeatsPanel(Static):
    """Every seat's VP, coins, workers, pass tiles, crowns, extra tile and yard; the
    seat deciding now is marked with ``>`` and bold."""

    DEFAULT_CSS = """
    SeatsPanel {
        border: round $primary;
        height: 10;
        padding: 0 1;
        text-wrap: nowrap;
    }
    """

    view: reactive[NauticusState | None] = reactive(None, always_update=True)
    """The state to draw."""

    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        self.border_title = "Seats (r: each in full)"
        text = Text(no_wrap=True)
        per_seat = max(1, 8 // len(state.seats))
        for i in range(len(state.seats)):
            lines = seat_lines(state, i)[:per_seat]
            mark = ">" if state.to_move == i else " "
            text.append(mark + lines[0] + "\n", style="bold" if mark == ">" else "")
            for line in lines[1:]:
                text.append(" " + line + "\n")
        text.rstrip()
        return text
