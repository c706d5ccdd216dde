"""The employee track: 8 spaces of 3 slots, stacks, surcharges and the marker."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.geometry import Region

from shipyard_tui.rules import CATALOG, Action, GameState
from shipyard_tui.rules import moves as mv
from shipyard_tui.rules import query as q

from ...text import GOOD_ABBREV, PIECE_ABBREV
from ..palette import HIGHLIGHT
from .base import ModelWidget

KIND_STYLES = {"gray": "white", "green": "green", "red": "red", "blue": "blue",
               "yellow": "yellow"}


PIECE_KINDS = {q.EmployeeKind.ENGINEER: "Eng", q.EmployeeKind.RECRUITER: "Rec",
               q.EmployeeKind.BUILDER: "Bld"}
"""Employees that bring a piece, and how the track abbreviates them."""


def employee_short(employee: str) -> str:
    """An employee in at most nine columns, e.g. ``Eng Smk``, ``Trd Coa2``, ``Helmsman``.

    A ``²`` after it (on the track) marks a stack of two identical tiles."""
    emp = CATALOG.employees[employee]
    if emp.kind in PIECE_KINDS and emp.piece is not None:
        return f"{PIECE_KINDS[emp.kind]} {PIECE_ABBREV[emp.piece.value]}"
    if emp.kind is q.EmployeeKind.TRADER:
        assert emp.good is not None
        return f"Trd {GOOD_ABBREV[emp.good.value]}{emp.level}"
    return "Accountnt" if emp.kind is q.EmployeeKind.ACCOUNTANT else emp.kind.capitalize()


class EmployeeTrack(ModelWidget):
    """One line per space; the marker's space is marked, costs shown for the seat to move."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        seat = view.seats[view.turn.seat]
        costs = q.marker_costs(view, Action.HIRE)
        marker = view.employee_marker
        highlight = self.model.highlight
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False,
                      show_header=False, title="Employees (cost to reach)",
                      title_justify="left", title_style="bold")
        table.add_column("", no_wrap=True)
        table.add_column("cost", justify="right", no_wrap=True)
        for _ in range(3):
            table.add_column("", no_wrap=True)
        for space, slots in enumerate(view.employee_track):
            cost = costs[space]
            mark = Text("▶" if space == marker else " ", style="bold")
            if cost is None:
                cost_text = Text("—", style="dim")
            else:
                cost_text = Text(f"{cost}g" if cost else "free",
                                 style="yellow" if cost else "green")
            cells = []
            for slot, stack in enumerate(slots):
                if not stack:
                    cells.append(Text("—", style="dim"))
                    continue
                top = stack[-1]
                emp = CATALOG.employees[top]
                text = Text(employee_short(top), style=KIND_STYLES[emp.colour.value])
                if emp.surcharge:
                    text.append(f"+{emp.surcharge}", style="yellow")
                if len(stack) > 1:
                    text.append("²", style="dim")
                if not q.hireable(seat, top):
                    text.stylize("dim strike")
                if (isinstance(highlight, mv.Hire) and space == marker
                        and highlight.slot == slot):
                    text.stylize(HIGHLIGHT)
                if space == marker and self.model.key_for(mv.Hire(slot)):
                    text = self.with_key(mv.Hire(slot), text)
                cells.append(text)
            while len(cells) < 3:
                cells.append(Text(""))
            if space == marker:
                mark.stylize(HIGHLIGHT)
            table.add_row(mark, cost_text, *cells)
        return table

    def marker_rows(self) -> Region:
        """The lines of the marker's space and the spaces after it, where it can be
        moved (R-4.6), in the coordinates of the panel that scrolls this track."""
        view = self.model.view
        top = self.virtual_region.y + 1 + view.employee_marker  # under the title
        return Region(0, top, 1, len(view.employee_track) - view.employee_marker)
