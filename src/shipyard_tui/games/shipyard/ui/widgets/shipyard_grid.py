"""One seat's shipyard: its cells with the tiles drawn as cards, complete ships outlined,
placing and loading shown live (issue 34)."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.advice import completes_unscorable_ship
from shipyard_tui.games.shipyard.rules import CATALOG, GameState, Move
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.rules.query import (
    KIND_LETTER,
    complete_ships,
    pattern,
    placement_problem,
)
from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import (
    flow,
    legend,
    printed_features,
    tall_card,
)
from shipyard_tui.games.shipyard.words import NOT_COMPLETING, PIECE_ABBREV, plural
from shipyard_tui.model import GameModel
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.palette import HIGHLIGHT, seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

CELL_WIDTHS = (7, 11)
"""The narrowest and widest a cell is drawn: three features a space apart between two
edges, and room to spare on a wide panel."""

def cell_width(cells: int, width: int) -> int:
    """How wide each of ``cells`` cells is drawn in ``width`` columns."""
    low, high = CELL_WIDTHS
    return max(low, min(high, (width - 1) // max(cells, 1)))


def empty_cell(number: int, width: int, mark: Text | None = None) -> list[Text]:
    """An empty cell: its number, and what placing there would do (``ok``, ``✗``)."""
    top = Text(f" {number}", style="dim")
    if mark is not None:
        top.stylize("bold")
        top.append(" ")
        top.append_text(mark)
    middle = Text("  ·", style="dim")
    return [_fit(top, width), _fit(middle, width), Text(" " * width)]


def _fit(text: Text, width: int) -> Text:
    text = text.copy()
    text.truncate(width, overflow="crop")
    text.append(" " * (width - cell_len(text.plain)))
    return text


def yard_cells(yard: list[str | None], width: int, *, ascii: bool = False,
               marks: dict[int, Text] | None = None, preview: tuple[int, str] | None = None,
               loading: tuple[int, ...] = (), lit: tuple[int, ...] = ()) -> list[Text]:
    """A yard's cells side by side as cards, three lines; complete ships (R-5.3, as the
    rules find them) outlined. ``marks`` say what placing in an empty cell would do,
    ``preview`` a tile shown where it would go, ``loading`` the ship being loaded,
    ``lit`` the cells of the ship the player is looking at."""
    size = cell_width(len(yard), width)
    shown = list(yard)
    if preview is not None:
        shown[preview[0]] = preview[1]
    ships = complete_ships(pattern(shown))
    in_ship = {c for bow, stern in ships for c in range(bow, stern + 1)}
    lines = [Text(no_wrap=True, overflow="crop") for _ in range(3)]
    for cell, tile in enumerate(shown):
        if tile is None:
            parts = empty_cell(cell, size, (marks or {}).get(cell))
        else:
            parts = tall_card(tile, cell, size, ascii=ascii, complete=cell in in_ship)
        if (preview is not None and preview[0] == cell) or cell in lit:
            for part in parts:
                part.stylize(HIGHLIGHT)
        if cell in loading:
            parts[1].stylize("underline")
        for line, part in zip(lines, parts, strict=True):
            line.append_text(part)
    for line in lines:
        line.rstrip()
    while lines and not lines[-1].plain:  # an empty yard: its numbers and dots
        lines.pop()
    return lines


def yard_title(view: GameState, seat: int, width: int, *, ascii: bool = False,
               shown: list[str | None] | None = None,
               key_for: Callable[[Move], str] | None = None,
               looked: Move | None = None) -> list[Text]:
    """The yard's owner, its complete ships in words (each with the letter that sails
    it first, when the player chooses that), and a legend of the symbols its tiles
    show, in as many lines as ``width`` needs (the first goes over the cells, the
    others under them)."""
    yard = shown if shown is not None else view.seats[seat].yard
    title = Text(f"{seat_mark(seat)} {view.seats[seat].name}", style=seat_style(seat))
    title.append(" · shipyard", style="dim")
    pieces = []
    for bow, stern in complete_ships(pattern(yard)):
        move = mv.SailFirst(bow)
        letter = key_for(move) if key_for is not None else ""
        piece = Text(f"{letter} " if letter else "", style="bold magenta")
        piece.append(f"complete ship: cells {bow}-{stern}",
                     style=HIGHLIGHT if move == looked else "bold")
        pieces.append(piece)
    features = {f for tile in yard if tile is not None for f in printed_features(tile)}
    pieces += legend(features, ascii)
    return flow(pieces, width, lead=title)


class ShipyardGrid(ModelWidget):
    """A seat's yard cells as cards; legal cells marked while placing, the tile looked at
    previewed where it would go, the ship being loaded shows its load, room and speed."""

    watches_highlight = True

    def __init__(self, model: GameModel, seat: int, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(model, id=id, classes=classes)
        self.seat = seat

    def render_view(self, view: GameState) -> Group:
        seat = view.seats[self.seat]
        turn = view.turn
        mine = turn.seat == self.seat
        placing = mine and turn.step is S.PLACE and turn.holding is not None
        p = pattern(seat.yard)
        legal: tuple[int, ...] = ()
        letter = ""
        if placing:
            assert turn.holding is not None
            letter = KIND_LETTER[CATALOG.ship(turn.holding).kind]
            legal = self._offered_cells()
        loading = mine and turn.ship and turn.step in (S.LOAD, S.RIGGER, S.TOKEN_START,
                                                       S.CRUISE)
        highlight = self.model.highlight
        ascii = draws_ascii(self)
        width = self.size.width or 78
        marks: dict[int, Text] = {}
        if placing:
            for cell in range(len(seat.yard)):
                if seat.yard[cell] is None:
                    marks[cell] = (Text("ok", style="bold magenta") if cell in legal
                                   else Text("✗", style="red"))
        preview = None
        if placing and isinstance(highlight, mv.Place) and turn.holding is not None \
                and seat.yard[highlight.cell] is None:
            preview = (highlight.cell, turn.holding)
        shown = list(seat.yard)
        if preview is not None:
            shown[preview[0]] = preview[1]
        lit: tuple[int, ...] = ()
        if mine and turn.step is S.SAIL_ORDER and isinstance(highlight, mv.SailFirst):
            lit = next((tuple(range(bow, stern + 1)) for bow, stern in complete_ships(p)
                        if bow == highlight.cell), ())
        title = yard_title(view, self.seat, width, ascii=ascii, shown=shown,
                           key_for=self.model.key_for if mine else None, looked=highlight)
        parts = title[:1]  # the cell numbers stay on the second line
        parts += yard_cells(seat.yard, width, ascii=ascii, marks=marks, preview=preview,
                            loading=tuple(turn.ship) if loading else (), lit=lit)
        parts += title[1:]
        if placing and isinstance(highlight, mv.Place):
            # the same warning as the choice: "fine" contradicted it
            assert turn.holding is not None
            why = completes_unscorable_ship(view, self.seat, turn.holding, highlight.cell)
            parts.append(Text(f"cell {highlight.cell}: completes a ship that will be "
                              f"dismantled ({why})", style="yellow", overflow="fold")
                         if why else Text(f"cell {highlight.cell}: fine", style="green"))
        elif placing:
            reasons = []
            for cell in range(len(seat.yard)):
                if seat.yard[cell] is None and cell not in legal:
                    problem = placement_problem(p, letter, cell) or NOT_COMPLETING
                    reasons.append(f"{cell}: {problem}")
            if reasons:
                parts.append(Text("✗ " + "; ".join(reasons), style="red", overflow="fold"))
        if loading:
            parts.append(self._load_line(view))
        return Group(*parts)

    def _offered_cells(self) -> tuple[int, ...]:
        """The cells the rules offer now (at the last chance: only completing ones)."""
        return tuple(m.cell for m in self.model.legal_moves() if isinstance(m, mv.Place))

    def _load_line(self, view: GameState) -> Text:
        seat = view.seats[self.seat]
        turn = view.turn
        extras = q.builder_extras(seat.employees)
        text = Text("on board: ", style="bold")
        text.append(", ".join(f"{PIECE_ABBREV[p]} {n}" for p, n in sorted(turn.load.items()))
                    or "nothing")
        text.append(f" · speed {q.current_speed(view)}", style="bold")
        room = [f"{PIECE_ABBREV[piece]} {more}" for piece, more in q.room_left(view).items()
                if more]
        text.append(" · room for " + (", ".join(room) or "nothing more"), style="dim")
        if extras:
            text.append(" · builders " + ", ".join(f"+{plural(n, p)}" for p, n in extras.items()),
                        style="dim")
        if q.sailing_problem(view, q.current_speed(view)) == "captain":
            text.append(" · no captain: it will not score!", style="bold red")
        return text
