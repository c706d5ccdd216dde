"""The classic action ring (RC-2.7): the 23 spaces drawn around a loop as they stand on
the table, each card on its space with the letter that chooses it, the gaps between the
cards (RC-3.3 b), the lead (RC-3.0), the space where the next step 1 puts its card
(RC-3.1) and the countdown in words (RC-3.8). A classic game shows it instead of the
2nd edition's action track.

The loop is a rectangle ten spaces wide, read clockwise::

     0  1  2  3  4  5  6  7  8  9
     ↑                          10
    22                          11
    21 20 19 18 17 16 15 14 13 12
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import Action, GameState, Move
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui.widgets.action_track import SHORT_NAMES
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

RING_NAMES = {
    Action.BUILD: "Bu", Action.CANAL: "Ca", Action.PURCHASE: "Pu", Action.EQUIPMENT: "Eq",
    Action.CREW: "Cr", Action.HIRE: "Hi", Action.EXCHANGE: "Ex", Action.SUBSIDY: "Su",
}
"""Two-letter card names, for cells too narrow for the whole name (then a legend says
them where there is room)."""

COLUMNS = 10
"""Spaces across the top and the bottom of the loop."""
ROWS = 4
LEAD = "▸"
LANDING = "▾"
UP = "↑"
EMPTY = "·"


def ring_position(space: int) -> tuple[int, int]:
    """Where ``space`` (0 to 22) is drawn: its row and column of the rectangle, clockwise
    from space 0 at the top left."""
    if space < COLUMNS:
        return 0, space
    if space < COLUMNS + 2:
        return space - COLUMNS + 1, COLUMNS - 1
    if space < 2 * COLUMNS + 2:
        return ROWS - 1, COLUMNS - 1 - (space - COLUMNS - 2)
    return ROWS - 2, 0


def _fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow="crop")
    text.append(" " * (width - cell_len(text.plain)))
    return text


def draw_ring(view: GameState, width: int, key_for: Callable[[Move], str],
              highlight: Action | None = None) -> Group:
    """The ring at ``width`` columns, four lines; ``key_for`` gives the letter that
    plays a move now, ``highlight`` the card the player is looking at."""
    ring = q.ring_cards(view)
    assert ring is not None
    spaces, landing = ring
    cell = max(width, 70) // COLUMNS
    full = cell >= 14  # whole names fit: no legend needed
    grid: list[list[Text]] = [[Text(" " * cell) for _ in range(COLUMNS)]
                              for _ in range(ROWS)]
    by_action = {slot.action: (slot, space)
                 for slot, space in zip(view.track, q.track_spaces(view), strict=True)}
    refused = q.unavailable_actions(view) if view.turn.step is S.CHOOSE else {}
    for number, action in enumerate(spaces):
        row, column = ring_position(number)
        if action is None:
            grid[row][column] = _empty(number, number == landing, cell)
            continue
        slot, space = by_action[action]
        letter = key_for(mv.Choose(action)) or key_for(mv.Final(action))
        text = Text(letter or " ", style="bold magenta")
        text.append(LEAD if space.lead else " ", style="bold yellow")
        name = SHORT_NAMES[action] if full else RING_NAMES[action]
        text.append(name, style="bold reverse" if action is highlight else "bold")
        if full:
            text.append(" ")
        if slot.cubes:
            for seat in slot.cubes:
                text.append(seat_mark(seat), style=seat_style(seat))
        elif space.lead and full:
            text.append("lead", style="bold yellow")
        elif space.lead:
            pass  # the words inside the ring name the lead
        elif action in refused:
            text.append("not now" if full else "✗", style="dim")
        elif view.turn.step is S.CHOOSE:
            # what choosing it pays, the gap bonus included (RC-3.3)
            text.append(f"+{space.pays}", style="bold cyan" if space.gap else
                        "green" if space.pays else "dim")
        grid[row][column] = _fit(text, cell)
    grid[1][0] = _fit(Text(f" {UP}", style="dim"), cell)
    inner = cell * (COLUMNS - 2)
    for row, line in zip((1, 2), _inside(view, landing, inner, full), strict=True):
        grid[row][1:COLUMNS - 1] = [_fit(line, inner)]
    out = []
    for cells in grid:
        line = Text(no_wrap=True, overflow="crop")
        for part in cells:
            line.append_text(part)
        out.append(line)
    return Group(*out)


def _empty(number: int, landing: bool, cell: int) -> Text:
    """An empty space: a gap between cards, or where the next card lands."""
    if landing:
        words = f" {LANDING}{number} next"
        return _fit(Text(words if len(words) <= cell else words[1:], style="bold magenta"),
                    cell)
    return _fit(Text(f" {EMPTY}{number}", style="dim"), cell)


def _inside(view: GameState, landing: int, width: int, full: bool) -> list[Text]:
    """The two lines inside the loop: the lead and where the next card lands, the
    countdown in words, then the gap bonus on offer and the legend, as room allows."""
    lead = view.track[0].action
    pieces = [Text.assemble((f"{LEAD} lead: ", "bold yellow"), (SHORT_NAMES[lead], "bold")),
              Text(f"{LANDING} next card lands on space {landing}", style="magenta")]
    countdown = view.countdown
    if countdown is not None:
        laps = ("the regular turns are over" if countdown <= 0 else "final lap"
                if countdown == 1 else f"{countdown} laps to go")
        pieces.append(Text(f"countdown {countdown}: {laps}", style="bold"))
    if view.turn.step is S.CHOOSE:
        gaps = [f"{RING_NAMES[s.action]} +{s.gap}" for s in q.track_spaces(view)
                if s.gap and not s.taken]
        if gaps:
            pieces.append(Text("gap bonus: " + ", ".join(gaps), style="bold cyan"))
    if countdown is not None:
        pieces.append(Text("a lap ends when the lead lands on space 0", style="dim"))
    lines = [Text(" "), Text(" ")]
    for piece in pieces:  # each on the first line with room for it, in order
        _place(lines, piece, width)
    if not full:  # the legend, whole or not at all
        legend = [line.copy() for line in lines]
        if all(_place(legend, Text(f"{RING_NAMES[slot.action]} {SHORT_NAMES[slot.action]}",
                                   style="dim"), width) for slot in view.track):
            return legend
    return lines


def _place(lines: list[Text], piece: Text, width: int) -> bool:
    """Put ``piece`` on the first of ``lines`` with room for it; whether one had."""
    for line in lines:
        used = cell_len(line.plain)
        gap = 3 if used > 1 else 0
        if used + gap + cell_len(piece.plain) <= width:
            if gap:
                line.append(" · ", style="dim")
            line.append_text(piece)
            return True
    return False


class ActionRing(ModelWidget):
    """Four lines: the ring of 23 spaces around a loop, and inside it the lead, where the
    next card lands, the countdown and, where room allows, the gap bonus on offer and
    the names of the cards."""

    DEFAULT_CSS = """
    ActionRing {
        height: auto;
        min-height: 4;
    }
    """

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        highlight = getattr(self.model.highlight, "action", None)
        return draw_ring(view, self.size.width, self.model.key_for, highlight)
