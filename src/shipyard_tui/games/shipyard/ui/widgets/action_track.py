"""The action track of the 2nd edition drawn as the row of tiles on the table (R-2.7,
R-3.1–R-3.3): each tile framed, from the lead on the left, its name on its top edge
with the letter that chooses it, the cubes and guilders lying on it inside, and on its
bottom edge what choosing it pays now, or why it cannot be chosen ("taken", "lead",
"not now"). A classic game shows its ring instead (``action_ring``)::

    ┌▸Hire──┬aPurchase──┬bSubsidy──┬─Build─┬─Equipment─┐
    │       │           │ 1g       │ ◆ Di  │ ● Cy      │
    └─lead──┴─pays 0────┴─pays 1───┴─taken─┴─taken─────┘

Each cube is its seat's mark (named where the tile has room). The tiles share the width
equally when their words fit; else each is as wide as its words, and the names shorten
(``Equip``) only where the whole would not fit; where the tiles have room (160
columns) the bottom edge says "pays 2 guilders". Every state is told by a glyph or a
word, never by colour alone, and the frame keeps its shape in ASCII (``+aPurchase+``,
``|``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Self

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.geometry import Region

from shipyard_tui.games.shipyard.rules import Action, GameState, Move
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.model import GameModel
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

SHORT_NAMES = {
    Action.BUILD: "Build",
    Action.CANAL: "Canal",
    Action.PURCHASE: "Purchase",
    Action.EQUIPMENT: "Equipment",
    Action.CREW: "Crew",
    Action.HIRE: "Hire",
    Action.EXCHANGE: "Exchange",
    Action.SUBSIDY: "Subsidy",
}
NARROW_NAMES = {Action.EQUIPMENT: "Equip"}
"""Names for a track too narrow for the short ones (no terminal of 80 columns or more
needs them: the tiles then take the width their words need)."""

LEAD = "▸"
EDGE = "─"
FRAME = "dim"
TAKEN, AT_LEAD, NOT_NOW = "taken", "lead", "not now"
"""What the bottom edge of a tile that cannot be chosen says."""
PAYS = "pays"
"""A tile that may be chosen: its bottom edge says what choosing it pays."""


def pays(amount: int, long: bool) -> str:
    """What choosing a tile pays, on its bottom edge (R-3.3)."""
    if not long:
        return f"pays {amount}"
    return f"pays {amount} guilder{'' if amount == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as drawn: what its three lines say, before the frame."""

    action: Action
    letter: str
    """The letter that chooses it now, or ``""``."""
    lead: bool
    cubes: tuple[int, ...]
    """The seat of each cube on it."""
    guilders: int
    """Guilders lying on it (R-3.8)."""
    foot: str
    """``taken``, ``lead``, ``not now``, :data:`PAYS`, or ``""`` (an automa's turn)."""
    pay: int
    """What choosing it pays now, when ``foot`` is :data:`PAYS`."""

    def middle(self) -> str:
        coins = f"{self.guilders}g" if self.guilders else ""
        marks = "".join(seat_mark(seat) for seat in self.cubes)
        return " " + " ".join(part for part in (marks, coins) if part)

    def foot_text(self, long: bool) -> str:
        return pays(self.pay, long) if self.foot == PAYS else self.foot

    def width(self, names: dict[Action, str], long: bool) -> int:
        """The inner width its words need."""
        return max(1 + cell_len(names[self.action]), cell_len(self.middle()),
                   1 + cell_len(self.foot_text(long)))


def track_tiles(view: GameState, key_for: Callable[[Move], str]) -> list[Tile]:
    """The tiles from the lead, with what each shows for the seat to move."""
    choosing = view.turn.step is S.CHOOSE
    first = q.is_first_turn(view, view.turn.seat) if choosing else False
    # tiles the seat may not choose because their action cannot be performed now
    # the choice panel says why. An automa's turn, shown by the solo
    # replay, takes no income and refuses nothing of its own: the tiles say
    # only what is taken and the lead
    automa = view.seats[view.turn.seat].is_automa
    refused = q.unavailable_actions(view) if choosing and not automa else {}
    tiles = []
    for slot, space in zip(view.track, q.track_spaces(view), strict=True):
        if space.taken:
            foot = TAKEN
        elif space.lead and not (choosing and first):
            foot = AT_LEAD
        elif slot.action in refused:
            foot = NOT_NOW
        elif automa:
            foot = ""
        else:
            foot = PAYS
        letter = key_for(mv.Choose(slot.action)) or key_for(mv.Final(slot.action))
        tiles.append(Tile(slot.action, letter, space.lead, tuple(slot.cubes),
                          slot.guilders, foot, space.pays))
    return tiles


LAYOUTS: tuple[tuple[dict[Action, str], bool], ...] = (
    ({action: action.label for action in Action}, True),
    (SHORT_NAMES, True),
    (SHORT_NAMES, False),
    ({**SHORT_NAMES, **NARROW_NAMES}, False),
)
"""The words from fullest to shortest: the tiles' names, and whether the bottom edge
says "guilders"."""


def tile_widths(tiles: Sequence[Tile], width: int
                ) -> tuple[list[int], dict[Action, str], bool]:
    """The inner width of each tile at ``width`` columns, and the words that fit: the
    fullest words whose tiles can all be as wide as each other, else the fullest whose
    tiles fit each as wide as its words (the rest of the row shared out)."""
    count = len(tiles)
    room = width - 1 - count  # less the frame: one edge between tiles, two outside
    equal = room // count
    for names, long in LAYOUTS:
        if all(tile.width(names, long) <= equal for tile in tiles):
            return _share([equal] * count, room), names, long
    for names, long in LAYOUTS:
        needs = [tile.width(names, long) for tile in tiles]
        if sum(needs) <= room:
            break
    return _share(needs, room), names, long  # else the shortest words, cut


def _share(widths: list[int], room: int) -> list[int]:
    """``widths`` grown to fill ``room`` columns, the spare shared out from the left."""
    spare = max(room - sum(widths), 0)
    count = len(widths)
    return [w + spare // count + (1 if i < spare % count else 0)
            for i, w in enumerate(widths)]


def draw_track(view: GameState, width: int, key_for: Callable[[Move], str],
               highlight: Action | None = None) -> Group:
    """The track at ``width`` columns, three lines; ``key_for`` gives the letter that
    plays a move now, ``highlight`` the tile the player is looking at."""
    tiles = track_tiles(view, key_for)
    widths, names, long = tile_widths(tiles, width)
    top, middle, bottom = (Text(no_wrap=True, overflow="crop") for _ in range(3))
    for index, (tile, inner) in enumerate(zip(tiles, widths, strict=True)):
        first, last = index == 0, index == len(tiles) - 1
        top.append("┌" if first else "┬", style=FRAME)
        middle.append("│", style=FRAME)
        bottom.append("└" if first else "┴", style=FRAME)
        top.append_text(_head(tile, names[tile.action], inner, tile.action is highlight))
        middle.append_text(_middle(view, tile, inner))
        bottom.append_text(_foot(tile, inner, long))
        if last:
            top.append("┐", style=FRAME)
            middle.append("│", style=FRAME)
            bottom.append("┘", style=FRAME)
    return Group(top, middle, bottom)


def _head(tile: Tile, name: str, inner: int, highlighted: bool) -> Text:
    """The top edge of a tile: the letter that chooses it (or the lead's mark) and its
    name, in reverse video while the player looks at it."""
    if tile.letter:
        text = Text(tile.letter, style="bold magenta")
    elif tile.lead:
        text = Text(LEAD, style="bold yellow")
    else:
        text = Text(EDGE, style=FRAME)
    text.append(name, style="bold reverse" if highlighted else "bold")
    return _pad(text, inner, EDGE)


def _middle(view: GameState, tile: Tile, inner: int) -> Text:
    """Inside a tile: each cube in its seat's mark and colour, the guilders lying on
    it, and the cubes' seat by name where it fits."""
    text = Text(" ")
    for seat in tile.cubes:
        text.append(seat_mark(seat), style=seat_style(seat))
    if tile.guilders:
        text.append(" " if tile.cubes else "")
        text.append(f"{tile.guilders}g", style="bold yellow")
    seats = set(tile.cubes)
    if len(seats) == 1:
        name = view.seats[tile.cubes[0]].name
        if cell_len(text.plain) + 1 + cell_len(name) <= inner:
            text.append(" ")
            text.append(name, style=seat_style(tile.cubes[0]))
    return _pad(text, inner, " ")


def _foot(tile: Tile, inner: int, long: bool) -> Text:
    """The bottom edge: what choosing the tile pays now, or why it cannot be chosen."""
    text = Text(EDGE, style=FRAME)
    words = tile.foot_text(long)
    if tile.foot == PAYS:
        text.append(words, style="bold green" if tile.pay else "green")
    elif words:
        text.append(words, style="dim" if tile.foot != AT_LEAD else "yellow")
    return _pad(text, inner, EDGE)


def _pad(text: Text, inner: int, fill: str) -> Text:
    """``text`` cut or filled to ``inner`` columns."""
    text.truncate(inner, overflow="crop")
    gap = inner - cell_len(text.plain)
    if gap > 0:
        text.append(fill * gap, style=FRAME if fill != " " else "")
    return text


class ActionTrack(ModelWidget):
    """Three lines: the row of tiles from the lead, each with its name and letter, the
    cubes and guilders on it, and what choosing it pays now ("not now" when its action
    cannot be performed)."""

    DEFAULT_CSS = """
    ActionTrack {
        height: auto;
        min-height: 3;
    }
    """

    watches_highlight = True

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(model, id=id, classes=classes)
        self._lines_before: list[Hashable] | None = None
        """The lines drawn before the latest drawing, to repaint only what changed."""

    def render_view(self, view: GameState) -> Group:
        highlight = getattr(self.model.highlight, "action", None)
        return draw_track(view, self.size.width, self.model.key_for, highlight)

    def _line_prints(self, renderable: RenderableType) -> list[Hashable] | None:
        self._lines_before = self._drawn_lines
        return super()._line_prints(renderable)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """A line that changed is repainted only from its first changed cell to its last:
        the highlight moving from tile to tile sends the terminal two names, not the
        whole frame of the top line (a navigation key's bytes)."""
        before, after = self._lines_before, self._drawn_lines
        if before is not None and after is not None and len(before) == len(after):
            regions = tuple(_changed(region, before, after) for region in regions)
        return super().refresh(*regions, repaint=repaint, layout=layout,
                               recompose=recompose)


def _cells(line: Hashable) -> list[tuple[str, str]]:
    """A line's print (its segments' text and style) as one entry per character."""
    assert isinstance(line, tuple)
    return [(char, style) for text, style in line for char in text]


def _changed(region: Region, before: list[Hashable], after: list[Hashable]) -> Region:
    """``region``, when it is one line, narrowed to the cells of it that changed."""
    if region.height != 1 or not 0 <= region.y < len(after):
        return region
    old, new = _cells(before[region.y]), _cells(after[region.y])
    if len(old) != len(new) or any(cell_len(char) != 1 for char, _ in new):
        return region
    changed = [x for x, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    if not changed:
        return region
    return Region(changed[0], region.y, changed[-1] - changed[0] + 1, 1)
