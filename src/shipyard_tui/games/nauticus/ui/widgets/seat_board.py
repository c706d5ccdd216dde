"""One seat's side of the table: its VP, coins, workers, pass tiles, crowns and extra
action; its yard, every build drawn as a ship (sails over masts over the hull, the
goods below it); its warehouse as the 12 spaces it has; its delivered goods.

A build of a bow, a centre and a stern, with whale masts and one sail::

    1
      ▲W
      ┃W    ┃W
    ◀ bow │centre│stern ▶
      fish    ·      ·
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.games.nauticus.rules.catalog import (
    ITEMS,
    PASS_TILES,
    WAREHOUSE_CAPACITY,
    item_kind,
    warehouse_units,
)
from shipyard_tui.games.nauticus.rules.state import Build, Seat
from shipyard_tui.games.nauticus.ui.widgets.pieces import (
    BOW,
    CREST_MARKS,
    EMPTY,
    STERN,
    centred,
    fit,
    flow,
    item,
    legend,
    rigging,
)
from shipyard_tui.games.nauticus.words import plural
from shipyard_tui.model import GameModel
from shipyard_tui.ui.palette import HULL_STYLE, seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

TILE = 7
"""Columns a hull tile takes in a ship: its edge and its word."""
SHIP_GAP = 2
SPACE = 6
"""Columns inside one warehouse space."""


def head(state: NauticusState, seat_index: int, width: int) -> list[Text]:
    """The seat's name and counts in words, on as many lines as ``width`` needs."""
    seat = state.seats[seat_index]
    name = Text.assemble((f"{seat_mark(seat_index)} {seat.name}", seat_style(seat_index)))
    if state.to_move == seat_index:
        name.append(" ◀ to move", style="bold")
    passes = Text("pass")
    for tile in PASS_TILES:
        passes.append(" ")
        passes.append(f"-{tile}" if tile in seat.pass_up else CREST_MARKS["crown"])
    pieces = [name, Text(f"{seat.vp} VP"), Text(plural(seat.coins, "coin")),
              Text(plural(seat.workers, "worker")), passes,
              Text(plural(seat.crowns, "crown")),
              Text("extra action ready" if seat.extra else "extra action used")]
    return flow(pieces, width, "  ")


def ship(build: Build, number: int, ascii: bool) -> list[Text]:
    """One build as five lines: its number, sails, masts, hull, goods."""
    width = TILE * build.size + 1
    label = Text.assemble((str(number), "bold"))
    if build.complete:
        done = " complete" if width >= 11 else " ok" if ascii else " ✓"
        label.append(done, style="green")
    sails, masts, hull, goods = Text(), Text(), Text(), Text()
    for i, slot in enumerate(build.slots):
        for line, kind, crest in ((sails, "sail", slot.sail), (masts, "mast", slot.mast)):
            line.append(" ")
            line.append_text(centred(rigging(kind, crest) if crest else Text(), TILE - 1))
        edge = BOW if i == 0 and slot.hull in ("bow", "single") else "│" if i else " "
        hull.append(edge, style=HULL_STYLE)
        hull.append(slot.hull.center(TILE - 1), style=HULL_STYLE)
        goods.append(" ")
        goods.append_text(centred(Text(slot.good or EMPTY), TILE - 1))
    end = STERN if build.has_stern or build.is_single else " "
    hull.append(end, style=HULL_STYLE)
    return [fit(line, width) for line in (label, sails, masts, hull, goods)]


def yard(seat: Seat, width: int, ascii: bool) -> list[Text]:
    """Every build as a ship, side by side in rows as ``width`` allows; a row's line
    of sails or of masts only where one has some."""
    if not seat.yard:
        return [Text("yard: empty (no hull tile yet)", style="dim")]
    rows: list[list[Text]] = []
    row: list[Text] | None = None
    for number, build in enumerate(seat.yard, 1):
        drawn = ship(build, number, ascii)
        if row is not None and cell_len(row[0].plain) + SHIP_GAP + cell_len(drawn[0].plain) \
                <= width:
            for line, part in zip(row, drawn, strict=True):
                line.append(" " * SHIP_GAP)
                line.append_text(part)
            continue
        row = [line.copy() for line in drawn]
        rows.append(row)
    # a row of ships without sails (or masts) shows no empty line for them
    return [line for r in rows for i, line in enumerate(r) if i not in (1, 2)
            or line.plain.strip()]


def warehouse_spaces(seat: Seat) -> list[str | None]:
    """The 12 spaces, each holding an item (a mast in two spaces side by side, masts
    first so that none is split between rows) or ``None``."""
    spaces: list[str | None] = []
    items = sorted(seat.warehouse.items(), key=lambda entry: (item_kind(entry[0]) != "mast",
                                                               ITEMS.index(entry[0])))
    for name, count in items:
        spaces.extend([name] * warehouse_units(name) * count)
    return spaces + [None] * (WAREHOUSE_CAPACITY - len(spaces))


def warehouse(seat: Seat, width: int) -> list[Text]:
    """A header and the 12 spaces in rows of 6 (or fewer, in a narrow column)."""
    used = seat.warehouse_used
    title = Text.assemble(("warehouse", "bold"))
    title.append(f" {used} of {WAREHOUSE_CAPACITY} spaces used")
    per_row = next((n for n in (6, 4, 2) if n * (SPACE + 1) + 1 <= width), 2)
    spaces = warehouse_spaces(seat)
    lines = [title]
    for start in range(0, len(spaces), per_row):
        line = Text()
        row = spaces[start:start + per_row]
        i = 0
        while i < len(row):
            line.append("│")
            name = row[i]
            if name is None:
                line.append_text(centred(Text(EMPTY), SPACE))
                i += 1
                continue
            span = warehouse_units(name)
            token = item(name)
            if item_kind(name) == "mast":
                token.append(" mast")
            line.append_text(centred(token, SPACE * span + span - 1))
            i += span
        line.append("│")
        lines.append(line)
    return lines


def delivered(seat: Seat, width: int) -> list[Text]:
    if not seat.delivered:
        return []
    text = Text.assemble(("delivered: ", "bold"))
    text.append(", ".join(f"{n} {name}" for name, n in sorted(seat.delivered.items())))
    return flow([text], width)


def draw_seat(state: NauticusState, seat_index: int, width: int, *, ascii: bool = False,
              with_legend: bool = True) -> list[Text]:
    """The seat's side of the table at ``width`` columns: the head, the yard and the
    warehouse (beside the ships when both fit), the deliveries and the legend."""
    seat = state.seats[seat_index]
    ships = yard(seat, width, ascii)
    ships_width = max(cell_len(line.plain) for line in ships)
    store = warehouse(seat, width)
    store_width = max(cell_len(line.plain) for line in store)
    if len(ships) <= 5 and ships_width + 3 + store_width <= width:
        body = [fit(ship_line, ships_width) for ship_line in ships]
        body += [Text(" " * ships_width)] * (len(store) - len(body))
        lines = []
        for left, right in zip(body, store + [Text()] * (len(body) - len(store)),
                               strict=True):
            line = left.copy()
            line.append("   ")
            line.append_text(right)
            lines.append(line)
    else:
        lines = ships + store
    out = head(state, seat_index, width) + lines + delivered(seat, width)
    if with_legend:
        out += legend(width)
    return out


class SeatBoard(ModelWidget):
    """One seat's side of the table (:func:`draw_seat`); the screen says which seat."""

    DEFAULT_CSS = """
    SeatBoard {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, model: GameModel, seat: int = 0, *, with_legend: bool = True,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(model, id=id, classes=classes)
        self._seat = seat
        self.with_legend = with_legend

    @property
    def seat(self) -> int:
        """The seat drawn."""
        return self._seat

    @seat.setter
    def seat(self, seat: int) -> None:
        if seat != self._seat:
            self._seat = seat
            self.redraw()

    def render_view(self, view: NauticusState) -> Group:
        from shipyard_tui.ui.ascii import draws_ascii

        width = max(20, self.content_region.width or self.size.width or 78)
        seat = min(self.seat, len(view.seats) - 1)
        lines = draw_seat(view, seat, width, ascii=draws_ascii(self),
                          with_legend=self.with_legend)
        room = self.content_region.height
        if self.with_legend and room and len(lines) > room:
            # the seat's pieces before the legend, which the bar or the supply also has
            lines = draw_seat(view, seat, width, ascii=draws_ascii(self), with_legend=False)
        return Group(*lines)
