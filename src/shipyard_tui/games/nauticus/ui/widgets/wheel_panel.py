"""The board's ring of eight fields around the wheel, as they lie on the table (NA-1.1,
NA-4): each field with its action tile and the letter that chooses it, its bonus, the
blue workers the wheel gives it this round, the prices of the blue tile on it, the
wheel's anchor section and the anchor tile; the round, the phase and the chooser in the
middle.

The fields go clockwise from field 0 at the top left::

    0  1  2
    7     3
    6  5  4
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.text import Text

from shipyard_tui.games.nauticus import Move, NauticusState
from shipyard_tui.games.nauticus.rules.catalog import (
    FIELD_BONUS,
    ITEMS_OF_ACTION,
    PHASES_PER_ROUND,
    PRICE_DIGITS,
    Action,
    item_name,
)
from shipyard_tui.games.nauticus.rules.engine import blue_workers
from shipyard_tui.games.nauticus.rules.moves import Choose, Extra
from shipyard_tui.games.nauticus.ui.widgets.pieces import ANCHOR_TILE, WORKER, both_ends, fit
from shipyard_tui.model import GameModel
from shipyard_tui.ui.palette import HIGHLIGHT, WORKER_STYLE, seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

PLACES = {0: (0, 0), 1: (0, 1), 2: (0, 2), 3: (1, 2), 4: (2, 2), 5: (2, 1), 6: (2, 0),
          7: (1, 0)}
"""Each field's row and column around the wheel, clockwise from the top left."""
CELL_LINES = 4
MIN_CELL = 24
"""The narrowest field: "a Crown evaluation done", the longest first line."""
CHOSEN = "▶"
DONE = "done"


def field_lines(state: NauticusState, field: int, width: int, letter: str,
                looked_at: bool = False) -> list[Text]:
    """One field in four lines of ``width``: the tile and its letter (or ``done`` when
    face down), the bonus and the blue workers (or the wheel's anchor section), the
    prices of a blue tile, and in the corner the anchor tile and the field's number."""
    action = Action(state.tiles[field])
    down = state.face_down[field]
    chosen = state.chosen == field
    first = Text.assemble((CHOSEN if chosen else letter or " ", "bold magenta"))
    first.append(" ")
    style = "dim" if down else ""
    if chosen or looked_at:
        style += f" bold {HIGHLIGHT}"
    first.append(action.label, style=style)
    workers = blue_workers(state, field)
    bonus = Text(f"+{FIELD_BONUS[field].value}")
    wheel = (Text(WORKER * workers, style=WORKER_STYLE) if workers
             else Text("anchor", style="bold"))
    lines = [both_ends(first, Text(DONE, style="dim") if down else Text(), width),
             both_ends(bonus, wheel, width)]
    items = ITEMS_OF_ACTION.get(action)
    if items:
        prices = []
        for position, name in enumerate(items):
            prices.append(Text(f"{item_name(name)} {PRICE_DIGITS[field][position]}"))
        lines += [Text("  ").join(prices[:2]), Text("  ").join(prices[2:])]
    else:
        lines += [Text("free action"), Text()]
    corner = Text(f"{ANCHOR_TILE} " if state.anchor_tile == field else "")
    corner.append(str(field))
    lines[3] = both_ends(lines[3], corner, width)
    return [fit(line, width) for line in lines]


def hub_lines(state: NauticusState, width: int) -> list[Text]:
    """The middle of the wheel: the round and phase, the seat holding the start-player
    marker (the chooser), and the symbols in words."""
    rounds = state.config.rounds
    chooser = state.chooser
    lines = [Text(f"Round {min(state.round, rounds)} of {rounds}, "
                  f"phase {min(state.phase, PHASES_PER_ROUND)}"),
             Text.assemble("chooser ", (f"{seat_mark(chooser)} {state.seats[chooser].name}",
                                        seat_style(chooser))),
             Text.assemble((WORKER, WORKER_STYLE), " blue worker"),
             Text(f"{ANCHOR_TILE} anchor next round")]
    return [fit(Text(" ").append_text(line), width) for line in lines]


def draw_wheel(state: NauticusState, width: int, key_for: Callable[[Move], str],
               looked_at: Action | None = None, *, rules: bool = False) -> list[Text]:
    """The ring at ``width`` columns: three rows of fields, four lines each (with a
    line between the rows when ``rules``); ``key_for`` gives the letter that picks a
    move now."""
    cell = max(MIN_CELL, (width - 2) // 3)
    grid: list[list[list[Text]]] = [[[] for _ in range(3)] for _ in range(3)]
    for field, (row, column) in PLACES.items():
        action = Action(state.tiles[field])
        letter = key_for(Choose(action))
        grid[row][column] = field_lines(state, field, cell, letter, action is looked_at)
    grid[1][1] = hub_lines(state, cell)
    out: list[Text] = []
    for row in range(3):
        if rules and row:
            out.append(Text("┼".join(["─" * cell] * 3), style="dim", no_wrap=True,
                            overflow="crop"))
        for i in range(CELL_LINES):
            line = Text(no_wrap=True, overflow="crop")
            for column in range(3):
                if column:
                    line.append("│")
                line.append_text(grid[row][column][i])
            out.append(line)
    return out


class WheelPanel(ModelWidget):
    """The ring of eight fields around the wheel (:func:`draw_wheel`); the tile the
    player is looking at among the choices is drawn highlighted."""

    DEFAULT_CSS = """
    WheelPanel {
        height: auto;
    }
    """

    watches_highlight = True

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(model, id=id, classes=classes)
        self._rules = False

    @property
    def rules(self) -> bool:
        """Whether a line parts the rows of fields (where the screen has the room)."""
        return self._rules

    @rules.setter
    def rules(self, rules: bool) -> None:
        if rules != self._rules:
            self._rules = rules
            self.redraw()

    def render_view(self, view: NauticusState) -> Group:
        highlight = self.model.highlight
        looked_at = highlight.action if isinstance(highlight, Choose | Extra) else None
        width = self.content_region.width or self.size.width or 80
        return Group(*draw_wheel(view, width, self.model.key_for, looked_at,
                                 rules=self.rules))
