"""Every seat at a glance."""

from __future__ import annotations

from rich.text import Text

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.games.nauticus.ui.widgets.follow import FollowsModel
from shipyard_tui.games.nauticus.words import seat_lines

INDENT = "   "
"""The start of a row that goes on with the line above."""


def wrapped(line: str, width: int) -> list[str]:
    """``line`` in rows of at most ``width`` characters, broken between a yard's builds
    (`` | ``) or a list's items (``, ``), never inside a ship's code or a word; the later
    rows are indented. A single item too long for a row is cut with ``…``.

    >>> wrapped(" yard B... C... | B..g | C...", 20)
    [' yard B... C... |', '   B..g | C...']
    >>> wrapped(" warehouse 2/12: 1 single hull, 1 stern hull", 32)
    [' warehouse 2/12: 1 single hull,', '   1 stern hull']
    """
    width = max(width, len(INDENT) + 2)
    if len(line) <= width:
        return [line]
    sep = " | " if " | " in line else ", "
    parts = line.split(sep)
    items = [part + sep.rstrip() for part in parts[:-1]] + [parts[-1]]
    rows: list[str] = []
    row = items[0]
    for item in items[1:]:
        if len(row) + 1 + len(item) <= width:
            row += " " + item
        else:
            rows.append(row)
            row = INDENT + item
    rows.append(row)
    return [r if len(r) <= width else r[: width - 1] + "…" for r in rows]


def seat_rows(state: NauticusState, width: int) -> list[list[str]]:
    """Each seat's lines (:func:`seat_lines`) in rows of ``width``, the seat's head
    first."""
    return [[row for line in seat_lines(state, i) for row in wrapped(line, width)]
            for i in range(len(state.seats))]


class SeatsPanel(FollowsModel):
    """Every seat's VP, coins, workers, pass tiles, crowns, extra tile, yard, warehouse
    and deliveries, as many of those rows as the panel's height gives each seat (the
    screen makes it as tall as they need, within the terminal); the seat deciding now
    is marked with ``>`` and bold."""

    DEFAULT_CSS = """
    SeatsPanel {
        border: round $primary;
        height: 100%;
        padding: 0 1;
        text-wrap: nowrap;
    }
    """


    def rows_needed(self, width: int) -> int:
        """How many rows every seat's lines take at a content width of ``width``."""
        state = self.model.view  # the model's, which the panel may not have taken yet
        return sum(len(r) for r in seat_rows(state, width - 1))

    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        self.border_title = "Seats (r: each in full)"
        width, height = self.content_size.width, self.content_size.height
        rows = seat_rows(state, max(1, width - 1))  # one column for the > mark
        share = max(1, height // len(rows))
        spare = max(0, height - sum(min(len(r), share) for r in rows))
        text = Text(no_wrap=True, overflow="crop")
        for i, seat in enumerate(rows):
            extra = min(spare, max(0, len(seat) - share))
            spare -= extra
            mark = ">" if state.to_move == i else " "
            text.append(mark + seat[0] + "\n", style="bold" if mark == ">" else "")
            shown = seat[1:share + extra]
            if shown and len(shown) < len(seat) - 1:  # the rest is one r away
                shown[-1] = shown[-1].rstrip(" ,|")[: width - 3] + " …"
            for row in shown:
                text.append(" " + row + "\n")
        text.rstrip()
        return text
