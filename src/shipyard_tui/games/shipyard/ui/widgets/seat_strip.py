"""Two lines with what the seat at the screen holds, visible whatever panel is shown."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import GameState
from shipyard_tui.games.shipyard.rules.query import PIECES
from shipyard_tui.games.shipyard.ui.widgets.employee_track import employee_short
from shipyard_tui.games.shipyard.words import (
    PIECE_ABBREV,
    contract_label,
    contract_title,
    guilders,
    held_goods,
    plural,
)
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget


class SeatStrip(ModelWidget):
    """Guilders, points, pieces and goods on one line; employees and own contracts on
    the next, so a decision never needs a trip to the Seats panel (R-2.2: only the
    viewer's own contracts are named)."""

    DEFAULT_CSS = """
    SeatStrip {
        height: auto;
        max-height: 5;
        padding: 0 1;
    }
    """

    def _wrapped(self, parts: list[Text]) -> int:
        """How many lines ``parts`` take, each wrapped at the strip's width."""
        console = self.app.console
        options = console.options.update_width(max(1, self.content_region.width))
        return sum(len(console.render_lines(part, options, pad=False)) for part in parts)

    def render_view(self, view: GameState) -> Group:
        index = self.model.viewer
        if index is None or view.seats[index].is_automa:
            return Group(Text(""), Text(""))
        seat = view.seats[index]
        head = Text()
        head.append(f"{seat_mark(index)} {seat.name}", style=seat_style(index))
        head.append(f"  {guilders(seat.guilders)}", style="bold")
        head.append(f"  {plural(seat.score, 'pt')}")
        held = [f"{PIECE_ABBREV[p.value]} {seat.piece(p)}" for p in PIECES if seat.piece(p)]
        pieces = _part("pieces", ", ".join(held))
        goods = _part("goods", held_goods(view, index))
        staff = _part("staff", ", ".join(employee_short(e) for e in seat.employees))
        titles = _part("contracts", ", ".join(contract_title(c) for c in seat.contracts))
        # the printed numbers when the titles do not fit (the classic deal of six at 80
        # columns; the Seats panel has the titles)
        labels = _part("contracts", ", ".join(contract_label(c) for c in seat.contracts))
        # the usual lines, with the titles or the numbers; then the line break moved, if
        # that cuts nothing; failing all, each line on its own: the goods before a long
        # list of pieces, the contracts before a long staff, whose ends are cut instead
        # (late in a game the goods and the contracts were lost so)
        usual = [([head, pieces, goods, staff, titles], 3),
                 ([head, pieces, goods, staff, labels], 3)]
        moved = [([head, pieces, goods, staff, labels], split) for split in (2, 4, 1)]
        room = self.content_region.width

        def fits(layout: tuple[list[Text], int]) -> bool:
            """Whether both lines of ``layout`` fit, uncut."""
            return not room or all(line.cell_len <= room for line in _lines(*layout))

        # then the pieces and goods in short ("Cnn3 Crn1", "Coa Clo Stl"), which
        # take a third of the room
        short_pieces = _part("pieces", " ".join(
            f"{PIECE_ABBREV[p.value]}{seat.piece(p)}" for p in PIECES if seat.piece(p)))
        short_goods = _part("goods", held_goods(view, index, short=True))
        short = [([head, short_pieces, short_goods, staff, labels], split)
                 for split in (3, 2, 4, 1)]
        chosen = next((layout for layout in usual + moved + short if fits(layout)), None)
        if chosen is not None:
            return Group(*_lines(*chosen))
        # failing all: the contracts before a long staff, whose end is cut (the
        # Seats panel names it whole); the first line whole, if need be in short, or
        # else on two lines, never cut (a play-test at 80x24 lost the end of the
        # pieces so, issue 35 item 8)
        last = next((gap.join([staff, contracts]) for contracts in (titles, labels)
                     if fits(([staff, contracts], 2))), gap.join([labels, staff]))
        top = next((parts for parts in ([head, pieces, goods],
                                         [head, short_pieces, short_goods])
                    if fits((parts, 3))), None)
        if top is not None:
            return Group(gap.join(top), last)
        lines = _lines([head, short_pieces, short_goods], 2)
        if fits(([head, short_pieces, short_goods], 2)):
            return Group(*lines, last)
        if fits(([head, short_goods, short_pieces], 2)):
            return Group(*_lines([head, short_goods, short_pieces], 2), last)
        # the goods fit no line, even alone (six tiles, or four and the goods at the
        # exchange): on a line of their own, wrapped, never cut (issue 34)
        first = [gap.join([head, short_pieces])] if fits(([head, short_pieces], 2)) \
            else list(_lines([head, short_pieces], 1))
        return Group(*first, short_goods, last)


gap = Text("  ", no_wrap=True, overflow="ellipsis")
"""What parts of a line are joined with (a joined line is cut at its end)."""


def _lines(parts: list[Text], split: int) -> tuple[Text, Text]:
    """The strip's two lines: ``parts[:split]``, then the rest."""
    return gap.join(parts[:split]), gap.join(parts[split:])


def _part(label: str, value: str) -> Text:
    text = Text(f"{label}: ", style="dim")
    text.append(value or "none")
    return text
