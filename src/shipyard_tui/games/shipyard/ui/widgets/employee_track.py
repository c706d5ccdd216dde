"""The employee board: 8 spaces of 3 stacks, the marker, what reaching each space costs,
and a legend of the board's short names and marks (issue 34)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from shipyard_tui.games.shipyard.rules import CATALOG, Action, GameState
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import flow
from shipyard_tui.games.shipyard.words import GOOD_ABBREV, PIECE_ABBREV, employee_colour
from shipyard_tui.ui.compat import table_width
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget

KIND_STYLES = {"gray": "white", "green": "green", "red": "red", "blue": "blue",
               "yellow": "yellow"}


PIECE_KINDS = {q.EmployeeKind.ENGINEER: "Eng", q.EmployeeKind.RECRUITER: "Rec",
               q.EmployeeKind.BUILDER: "Bld"}
"""Employees that bring a piece, and how the track abbreviates them."""

KIND_SHORT = {**PIECE_KINDS, q.EmployeeKind.TRADER: "Trd",
              q.EmployeeKind.ACCOUNTANT: "Accountnt"}
"""The kinds the board shortens (the legend names them); the others are whole words."""

MARKER = "▶"
STACKED = "²"
STRUCK = "dim strike"


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


def track_legend(view: GameState, width: int, *, surcharges: bool = True,
                 full: bool = True) -> list[Text]:
    """What the board's short names and marks mean, for what it shows now, in lines of
    ``width``: the marks; each kind with its colour (contracts count colours: the words
    carry them without colour, and gray is drawn white), a trader's good and level by
    example; when ``full``, also each piece and good (the help names them all too)."""
    tops = [stack[-1] for slots in view.employee_track for stack in slots if stack]
    seat = view.seats[view.turn.seat]
    pieces = [Text.assemble((MARKER, "bold"), " marker")]
    if surcharges and any(CATALOG.employees[e].surcharge for e in tops):
        pieces.append(Text.assemble(("+1", "yellow"), " costs 1 more"))
    if any(len(stack) > 1 for slots in view.employee_track for stack in slots):
        pieces.append(Text(f"{STACKED} two alike"))
    if not all(q.hireable(seat, e) for e in tops):
        pieces.append(Text.assemble(("struck", STRUCK), ": not for you"))
    kinds: dict[str, Text] = {}
    others: dict[str, list[str]] = {}
    short: dict[str, str] = {}
    trader = None
    for employee in tops:
        emp = CATALOG.employees[employee]
        colour = employee_colour(employee, view)
        style = KIND_STYLES.get(emp.colour.value, "")
        code = KIND_SHORT.get(emp.kind)
        if code is not None and len(code) <= 3:
            kinds.setdefault(code, Text.assemble((code, f"bold {style}"),
                                                 f" {colour} {emp.kind.value}"))
        else:  # a whole word: only its colour to say
            name = code or emp.kind.capitalize()
            names = others.setdefault(colour, [])
            if name not in names:
                names.append(name)
        if emp.kind is q.EmployeeKind.TRADER and trader is None:
            trader = Text(f"{employee_short(employee).split()[1]} {emp.good}, "
                          f"level {emp.level}")
        if emp.piece is not None:
            short[PIECE_ABBREV[emp.piece.value]] = emp.piece.value
        if emp.good is not None:
            short[GOOD_ABBREV[emp.good.value]] = emp.good.value
    pieces += [kinds[code] for code in KIND_SHORT.values() if code in kinds]
    if trader is not None:
        pieces.append(trader)
    pieces += [Text(f"{colour} {' '.join(names)}") for colour, names in others.items()]
    if full:
        pieces += [Text.assemble((code, "bold"), f" {words}")
                   for code, words in sorted(short.items(), key=lambda item: item[1])]
    return flow(pieces, width)


TIGHTER = ("as printed", "without the surcharges", "the marker and letters packed")
"""How the track narrows where its panel is narrow (a large terminal's middle column,
about 37 wide, while hiring): first the "+1" surcharges go (the choices say "you pay 1
guilder more"), then the marker joins the cost ("▶free") and each letter touches its
name ("aBld Sai", as on the action track), before Rich would cut the names."""


class EmployeeTrack(ModelWidget):
    """One line per space; the marker's space is marked, costs shown for the seat to move."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        room = self._room()
        console = self.app.console
        for tight in range(len(TIGHTER)):
            table = self._table(view, tight)
            ruled = table_width(table, console.width)  # the cells' words not measured
            width = console.measure(table).maximum if ruled is None else ruled
            if width <= room:
                break
        # under the rings the legend takes the panel's width; beside them the board's
        # (it must not take room from the rings)
        under = self._under_rings()
        return Group(table, *track_legend(view, room if under else max(width, 30),
                                          surcharges=tight < 1, full=not under))

    def _under_rings(self) -> bool:
        """Whether the track sits under the rings (a large terminal, every panel shown:
        the legend leaves the pieces and goods to the help) or beside them (a small one,
        in a panel that scrolls: the whole legend)."""
        parent = self.parent
        return isinstance(parent, Widget) and parent.styles.layout is not None \
            and parent.styles.layout.name == "vertical" and bool(parent.content_region.width)

    def _room(self) -> int:
        """The width the track may take: its panel's, when it sits under the rings (a
        large terminal); beside them (a small one) the panel leaves it what it asks."""
        parent = self.parent
        if self._under_rings() and isinstance(parent, Widget):
            # less its scroll bar, when the panel scrolls (beside the market, 120x35)
            return parent.scrollable_content_region.width - self.styles.margin.width
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
            mark = Text(MARKER if space == marker else " ", style="bold")
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
                    text.append(STACKED, style="dim")
                if not q.hireable(seat, top):
                    text.stylize(STRUCK)
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
