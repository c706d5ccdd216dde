"""The employee track: 8 spaces of 3 slots, stacks, surcharges and the marker."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from shipyard_tui.games.shipyard.rules import CATALOG, Action, GameState
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.words import GOOD_ABBREV, PIECE_ABBREV
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget

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


TIGHTER = ("as printed", "without the surcharges", "the marker and letters packed")
"""How the track narrows where its panel is narrow (a large terminal's middle column,
about 37 wide, while hiring): first the "+1" surcharges go (the choices say "you pay 1
guilder more"), then the marker joins the cost ("▶free") and each letter touches its
name ("aBld Sai", as on the action track), before Rich would cut the names."""


class EmployeeTrack(ModelWidget):
    """One line per space; the marker's space is marked, costs shown for the seat to move."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        room = self._room()
        for tight in range(len(TIGHTER)):
            table = self._table(view, tight)
            if self.app.console.measure(table).maximum <= room:
                break
        return table

    def _room(self) -> int:
        """The width the track may take: its panel's, when it sits under the rings (a
        large terminal); beside them (a small one) the panel leaves it what it asks."""
        parent = self.parent
        if isinstance(parent, Widget) and parent.styles.layout is not None \
                and parent.styles.layout.name == "vertical" and parent.content_region.width:
            return parent.content_region.width - self.styles.margin.width
        return 1 << 16

    def _table(self, view: GameState, tight: int = 0) -> Table:
        """The track, drawn ``tight`` steps narrower (see :data:`TIGHTER`)."""
        seat = view.seats[view.turn.seat]
        costs = q.marker_costs(view, Action.HIRE)
        marker = view.employee_marker
        highlight = self.model.highlight
        surcharges = tight < 1
        merged = tight >= 2
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False,
                      show_header=False, title="Employees (cost to reach)",
                      title_justify="left", title_style="bold")
        if not merged:
            table.add_column("", no_wrap=True)
        table.add_column("cost", justify="right", no_wrap=True)
        for _ in range(3):
            table.add_column("", no_wrap=True)
        for space, slots in enumerate(view.employee_track):
            cost = costs[space]
            mark = Text("▶" if space == marker else " ", style="bold")
            if space == marker:
                mark.stylize(HIGHLIGHT)
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
                if emp.surcharge and surcharges:
                    text.append(f"+{emp.surcharge}", style="yellow")
                if len(stack) > 1:
                    text.append("²", style="dim")
                if not q.hireable(seat, top):
                    text.stylize("dim strike")
                if (isinstance(highlight, mv.Hire) and space == marker
                        and highlight.slot == slot):
                    text.stylize(HIGHLIGHT)
                # the letter of the choice that hires here: on the marker's space, or
                # on a later one the marker walks to (a play-test found only the
                # marker's row lettered)
                walk = (mv.MarkerStep(),) * (space - marker)
                letter = self.model.key_for_moves((*walk, mv.Hire(slot))) \
                    if space >= marker else ""
                if letter:
                    text = self.with_letter(letter, text)
                    if merged:  # the letter against the name, as on the action track
                        text = text[:1] + text[2:]
                cells.append(text)
            while len(cells) < 3:
                cells.append(Text(""))
            if merged:
                table.add_row(mark + cost_text, *cells)
            else:
                table.add_row(mark, cost_text, *cells)
        return table

    def marker_rows(self) -> Region:
        """The lines of the marker's space and the spaces after it, where it can be
        moved (R-4.6), in the coordinates of the panel that scrolls this track."""
        view = self.model.view
        top = self.virtual_region.y + 1 + view.employee_marker  # under the title
        return Region(0, top, 1, len(view.employee_track) - view.employee_marker)
