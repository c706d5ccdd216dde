"""The equipment and crew rondels drawn as the rings on the table (R-4.4, R-4.5): each
ring a loop of its four sectors read clockwise, the marker's sector pointed at, and
after each piece what bringing the marker there costs the seat to move::

    Equipment ╭ smokestack 1g → crane 2g╮
         ring ╰   cannon free ← ▶sail 3g╯
    Crew ╭ captain free → businessman 1g╮
    ring ╰   ▶stoker 3g ←     soldier 2g╯

Where the names do not fit beside the loops (a narrow panel, the letters of a marker
action), each stands on a line above its loop; where the words still do not fit, a
free step reads ``0g`` and a letter touches its piece.

While a ring's action is under way, the letter of the choice that stops the marker on a
sector and takes its piece is printed before the piece. The loop is also how the
commodity exchange draws its wheel (``exchange_ring``).

Every state is told by a glyph or a word: the marker by ``▶`` (in ASCII the sector
between ``[`` and ``]``), costs in guilders (``2g``, ``free``, ``—`` out of reach).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import Action, GameState, Move
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget

MARKER = "▶"
UNREACHABLE = "—"
RING_LABELS = {Action.EQUIPMENT: "Equipment", Action.CREW: "Crew"}
FRAME = "dim"


@dataclass(frozen=True, slots=True)
class LoopStyle:
    """How a loop is drawn: its frame, where its name goes, how costs are worded."""

    frame: bool
    """Round corners close the loop at both ends."""
    beside: bool
    """The name stands left of the loop (else on a line above it)."""
    short: bool = False
    """A free step reads ``0g`` instead of ``free``."""
    touching: bool = False
    """A choice's letter touches the piece (``acrane``), as on the action track."""


STYLES = (LoopStyle(True, True), LoopStyle(False, True), LoopStyle(False, True, True),
          LoopStyle(True, False), LoopStyle(False, False), LoopStyle(False, False, True),
          LoopStyle(False, False, True, True))
"""From the fullest to the narrowest; a drawing takes the first that fits its width."""


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a loop: its words, and whether the marker or pointer is on it."""

    text: Text
    marked: bool
    aside: str = ""
    """A glyph for the marker's slot when the marker is not there (the exchange's next
    space, ``▸``); none in ASCII, where the slot is the marker's brackets."""


def cell(space: Space, ascii: bool) -> Text:
    """A space with its marker slot: ``▶`` before it, or in ASCII ``[`` and ``]`` around
    it (``>`` would run into the arrows between the spaces)."""
    if ascii:
        out = Text("[" if space.marked else " ", style="bold")
        out.append_text(space.text)
        out.append("]" if space.marked else " ", style="bold")
        return out
    out = Text(MARKER if space.marked else space.aside or " ", style="bold yellow")
    out.append_text(space.text)
    return out


def draw_loop(label: tuple[str, str], spaces: Sequence[Space], style: LoopStyle,
              ascii: bool) -> list[Text]:
    """A ring of spaces as a loop of two rows, read clockwise: the first half left to
    right along the top, the rest right to left along the bottom, so that the last
    space comes back round to the first."""
    half = len(spaces) // 2
    assert 2 * half == len(spaces), "a loop of two rows has an even number of spaces"
    top = [cell(s, ascii) for s in spaces[:half]]
    bottom = [cell(s, ascii) for s in reversed(spaces[half:])]
    widths = [max(cell_len(a.plain), cell_len(b.plain))
              for a, b in zip(top, bottom, strict=True)]
    ahead, back = ("->", "<-") if ascii else (" →", " ←")
    lines = []
    for row, (cells, arrow, ends) in enumerate(((top, ahead, "╭╮"), (bottom, back, "╰╯"))):
        line = Text(no_wrap=True, overflow="crop")
        if style.frame:
            line.append(ends[0], style=FRAME)
        for index, (part, width) in enumerate(zip(cells, widths, strict=True)):
            if index:
                line.append(arrow, style=FRAME)
            padded = part.copy()
            pad = " " * (width - cell_len(part.plain))
            # the bottom row is read right to left: its words keep to the right
            if row:
                padded = Text(pad) + padded
            else:
                padded.append(pad)
            line.append_text(padded)
        if style.frame:
            line.append(ends[1], style=FRAME)
        lines.append(line)
    if style.beside:
        room = max(cell_len(words) for words in label)
        heads = (Text(label[0].ljust(room) + " ", style="bold"),
                 Text(label[1].rjust(room) + " ", style="dim"))
        return [_joined(head, line) for head, line in zip(heads, lines, strict=True)]
    title = Text(" ".join(w for w in label if w), style="bold")
    return [_joined(title, Text()), *lines]


def _joined(head: Text, line: Text) -> Text:
    out = Text(no_wrap=True, overflow="crop")
    out.append_text(head)
    out.append_text(line)
    return out


def fitted(drawings: Callable[[LoopStyle], list[Text]], width: int) -> list[Text]:
    """The fullest of the :data:`STYLES` whose lines fit ``width`` columns (else the
    narrowest, cut)."""
    lines: list[Text] = []
    for style in STYLES:
        lines = drawings(style)
        if max(cell_len(line.plain) for line in lines) <= width:
            return lines
    return lines


def cost_words(cost: int | None, short: bool) -> Text:
    """What bringing the marker to a space costs: ``free``, ``2g``, or ``—`` when the
    paid steps left cannot reach it (R-4.4–R-4.6)."""
    if cost is None:
        return Text(UNREACHABLE, style="dim")
    if cost == 0:
        return Text("0g" if short else "free", style="green")
    return Text(f"{cost}g", style="yellow")


@dataclass(frozen=True, slots=True)
class Sector:
    """A sector of a rondel as the seat to move sees it."""

    piece: str
    cost: int | None
    marked: bool
    letter: str
    """The letter of the choice that stops the marker here and takes the piece."""
    highlighted: bool


def ring_sectors(view: GameState, action: Action, key_for_moves: Callable[[tuple[Move, ...]], str],
                 highlight: Move | None = None) -> list[Sector]:
    """The sectors of the ``action``'s ring, clockwise from the first."""
    catalog = q.catalog_of(view)
    ring = catalog.equipment_ring if action is Action.EQUIPMENT else catalog.crew_ring
    marker = view.equipment_marker if action is Action.EQUIPMENT else view.crew_marker
    costs = q.marker_costs(view, action)
    working = view.turn.action is action and view.turn.step is S.RING
    out = []
    for sector, piece in enumerate(ring):
        letter = ""
        if working:
            steps = (sector - marker) % len(ring)
            letter = key_for_moves((*(mv.MarkerStep(),) * steps, mv.Take()))
        out.append(Sector(piece.value, costs[sector], sector == marker, letter,
                          working and sector == marker and isinstance(highlight, mv.Take)))
    return out


def sector_text(sector: Sector, style: LoopStyle) -> Text:
    text = Text()
    if sector.letter:
        text.append(sector.letter, style="bold magenta")
        text.append("" if style.touching else " ")
    text.append(sector.piece, style=HIGHLIGHT if sector.highlighted
                else "bold" if sector.marked else "")
    text.append(" ")
    text.append_text(cost_words(sector.cost, style.short))
    return text


def draw_rings(view: GameState, width: int,
               key_for_moves: Callable[[tuple[Move, ...]], str] = lambda moves: "",
               highlight: Move | None = None, *, ascii: bool = False) -> Group:
    """Both rondels at ``width`` columns (four lines where their names fit beside them,
    else six)."""
    rings = [(action, ring_sectors(view, action, key_for_moves, highlight))
             for action in (Action.EQUIPMENT, Action.CREW)]

    def drawings(style: LoopStyle) -> list[Text]:
        return [line for action, sectors in rings
                for line in draw_loop((RING_LABELS[action], "ring"),
                                      [Space(sector_text(s, style), s.marked)
                                       for s in sectors], style, ascii)]

    return Group(*fitted(drawings, width))


class PieceRings(ModelWidget):
    """Two loops: the equipment ring and the crew ring, each sector's piece and what
    reaching it costs the seat to move, the marker pointed at."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        return draw_rings(view, self.size.width, self.model.key_for_moves,
                          self.model.highlight, ascii=draws_ascii(self))

