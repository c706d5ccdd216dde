"""Widgets of the Nauticus table. Each draws one part of a state the screen hands down;
none of them reaches into the game."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from shipyard_tui.games.nauticus import Event, NauticusState
from shipyard_tui.games.nauticus.scoring import score_by_kind
from shipyard_tui.games.nauticus.words import seat_lines, wheel_rows


class WheelPanel(Static):
    """The eight board fields: tile, bonus, blue workers, price digits; or one seat's
    possessions in full, as the screen's view selects.

    ``@`` marks the field the wheel's anchor section faces, ``#`` the anchor tile and
    ``>`` the tile chosen in this phase.
    """

    DEFAULT_CSS = """
    WheelPanel {
        border: round $primary;
        height: 10;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    view: reactive[NauticusState | None] = reactive(None, always_update=True)
    """The state to draw."""
    detail: reactive[int] = reactive(-1)
    """-1: the wheel; a seat number: that seat in full."""

    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        if 0 <= self.detail < len(state.seats):
            self.border_title = f"Seat {self.detail + 1} of {len(state.seats)} (r: next)"
            return Text("\n".join(seat_lines(state, self.detail)))
        self.border_title = f"Round {state.round}/{state.config.rounds}, phase " \
                            f"{min(state.phase, 7)}/7 (r: seats)"
        return Text("\n".join(wheel_rows(state)), no_wrap=True, overflow="ellipsis")


class SeatsPanel(Static):
    """Every seat's VP, coins, workers, pass tiles and yard, the seat to move marked."""

    DEFAULT_CSS = """
    SeatsPanel {
        border: round $primary;
        height: 10;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    view: reactive[NauticusState | None] = reactive(None, always_update=True)

    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        self.border_title = "Seats"
        text = Text(no_wrap=True, overflow="ellipsis")
        per_seat = max(1, 8 // len(state.seats))
        for i in range(len(state.seats)):
            lines = seat_lines(state, i)[:per_seat]
            mark = ">" if state.to_move == i else " "
            text.append(mark + lines[0] + "\n", style="bold" if mark == ">" else "")
            for line in lines[1:]:
                text.append(" " + line + "\n")
        return text


def breakdown_text(state: NauticusState, events: list[Event]) -> str:
    """The final VP of every seat by scoring kind, as a small table."""
    table = score_by_kind(events, len(state.seats))
    lines = [f"{'VP':<10}" + "".join(f"{s.name[:7]:>8}" for s in state.seats)]
    for kind in table[0]:
        lines.append(f"{kind:<10}" + "".join(f"{row[kind]:>8}" for row in table))
    lines.append(f"{'total':<10}" + "".join(f"{s.vp:>8}" for s in state.seats))
    return "\n".join(lines)
