"""One seat's shipyard: ten cells with their tiles, placing and loading shown live."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.advice import completes_unscorable_ship
from shipyard_tui.games.shipyard.rules import CATALOG, GameState
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.rules.query import KIND_LETTER, pattern, placement_problem
from shipyard_tui.games.shipyard.words import FEATURE_ABBREV, NOT_COMPLETING, PIECE_ABBREV, plural
from shipyard_tui.model import GameModel
from shipyard_tui.ui.palette import FEATURE_STYLES, HIGHLIGHT, seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

KIND_NAMES = {"bow": "Bo", "middle": "Mi", "stern": "St"}

FEATURE_LINES = 3


def cell_lines(tile_id: str | None) -> list[Text]:
    """A yard cell's features, one per line (at most three)."""
    lines = [Text("") for _ in range(FEATURE_LINES)]
    if tile_id is None:
        return lines
    feats = [f.value for f in CATALOG.ship(tile_id).features]
    if not feats:
        lines[0] = Text("blnk", style="dim")
    for i, feature in enumerate(feats[:FEATURE_LINES]):
        lines[i] = Text(FEATURE_ABBREV[feature], style=FEATURE_STYLES[feature])
    return lines


class ShipyardGrid(ModelWidget):
    """A seat's ten yard cells; legal cells glow while placing, the ship being loaded shows
    its load, room and speed."""

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
        table = Table.grid(padding=(0, 1))
        for _ in range(len(seat.yard)):
            table.add_column(width=4, no_wrap=True)
        heads: list[Text] = []
        rows: list[list[Text]] = [[] for _ in range(FEATURE_LINES)]
        for cell in range(len(seat.yard)):
            tile = seat.yard[cell]
            head = Text(f"{cell}", style="dim")
            if tile is not None:
                head.append(f" {KIND_NAMES[CATALOG.ship(tile).kind.value]}", style="bold")
            elif placing and cell in legal:
                head.stylize("bold")
                head.append(" ok", style="bold magenta")
            elif placing:
                head.append(" ✗", style="red")
            lines = cell_lines(tile)
            if isinstance(highlight, mv.Place) and placing and highlight.cell == cell:
                head.stylize(HIGHLIGHT)
                lines = cell_lines(turn.holding)
                for line in lines:
                    line.stylize(HIGHLIGHT)
            if loading and cell in turn.ship:
                head.stylize("underline")
            heads.append(head)
            for i, line in enumerate(lines):
                rows[i].append(line)
        table.add_row(*heads)
        for row in rows:
            if any(row):
                table.add_row(*row)
        title = Text(f"{seat_mark(self.seat)} {seat.name}", style=seat_style(self.seat))
        title.append(" · shipyard", style="dim")
        parts: list[Text | Table] = [title, table]
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
