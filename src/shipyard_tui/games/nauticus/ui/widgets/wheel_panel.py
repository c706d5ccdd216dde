"""The wheel: the eight board fields, or one seat in full."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from shipyard_tui.games.nauticus.ui.widgets.follow import FollowsModel
from shipyard_tui.games.nauticus.ui.widgets.seats_panel import wrapped
from shipyard_tui.games.nauticus.words import seat_lines, wheel_rows


class WheelPanel(FollowsModel):
    """The eight board fields: tile, bonus, blue workers, price digits; or one seat's
    possessions in full (warehouse and deliveries included), as the screen selects.

    ``@`` marks the field the wheel's anchor section faces, ``#`` the anchor tile and
    ``>`` the tile chosen in this phase; a tile in brackets lies face down.
    """

    DEFAULT_CSS = """
    WheelPanel {
        border: round $primary;
        height: 10;
        padding: 0 1;
        text-wrap: nowrap;
    }
    """

    detail: reactive[int] = reactive(-1)
    """-1: the wheel; a seat number: that seat in full."""

    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        if 0 <= self.detail < len(state.seats):
            self.border_title = f"Seat {self.detail + 1} of {len(state.seats)} (r: next)"
            width = max(1, self.content_size.width)
            rows = [row for line in seat_lines(state, self.detail)
                    for row in wrapped(line, width)]
            return Text("\n".join(rows), no_wrap=True, overflow="crop")
        self.border_title = f"Round {state.round}/{state.config.rounds}, phase " \
                            f"{min(state.phase, 7)}/7 (r: seats)"
        return Text("\n".join(wheel_rows(state)), no_wrap=True)
