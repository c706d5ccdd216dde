"""A seat's canal system: tiles, water, officials and the ship token.

While a canal is being placed the highlighted placement shows as a ghost tile;
before a cruise the highlighted path shows its step numbers.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive

from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import GameState
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import CanalSystem, Face, Token, face
from shipyard_tui.games.shipyard.words import ICON_ABBREV, ROTATION_NAMES, canal_water
from shipyard_tui.ui.palette import ICON_STYLES, seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

CELL_AT = {(1, 0): "N", (0, 1): "W", (1, 1): "C", (2, 1): "E", (1, 2): "S"}
ARROWS = {"N": "▼", "S": "▲", "E": "◀", "W": "▶"}
"""The token's arrow points away from where it came from (the came-from edge)."""
AWAY = {"N": "S", "S": "N", "E": "W", "W": "E"}
TILE_WIDTH = 7


class CanalMap(ModelWidget):
    """The canal system of one seat."""

    watches_highlight = True

    seat: reactive[int] = reactive(0)
    """Which seat's canals are shown."""

    def watch_seat(self) -> None:
        self.redraw()

    def render_view(self, view: GameState) -> Group:
        seat = view.seats[self.seat]
        system = CanalSystem(seat.canals)
        faces: dict[tuple[int, int], Face] = dict(system.faces)
        ids = {pos: c.canal for pos, c in system.tiles.items()}
        ghost: tuple[int, int] | None = None
        highlight = self.model.highlight
        turn = view.turn
        mine = turn.seat == self.seat
        spots: dict[tuple[int, int], str] = {}
        if mine and turn.step is S.CANAL_PLACE:
            for move in self.model.legal_moves():
                if isinstance(move, mv.PlaceCanal):
                    key = (move.x, move.y)
                    spots.setdefault(key, self.model.key_for(move))
        if mine and isinstance(highlight, mv.PlaceCanal) and turn.canal:
            ghost = (highlight.x, highlight.y)
            faces[ghost] = face(turn.canal, highlight.rotation)
            ids[ghost] = turn.canal
        path_steps: dict[tuple[int, int, str], int] = {}
        start: tuple[int, int, str] | None = None
        if mine and isinstance(highlight, mv.Cruise):
            for step, space in enumerate(highlight.path, start=1):
                sx, sy, scell = space.split(",")
                path_steps[(int(sx), int(sy), scell)] = step
        if mine and isinstance(highlight, mv.StartToken):
            start = (highlight.x, highlight.y, highlight.cell)
        title = Text(f"{seat_mark(self.seat)} {seat.name}", style=seat_style(self.seat))
        title.append(" · canals", style="dim")
        title.append(f" · used {seat.used_canals}", style="dim")
        used = {pos: placed for pos, placed in self._used().items() if pos not in faces}
        if not faces and not spots and not used:
            return Group(title, Text("no canals yet", style="dim"))
        xs = [p[0] for p in [*faces, *spots, *used]]
        ys = [p[1] for p in [*faces, *spots, *used]]
        lines = [title]
        header = Text("     ")
        for x in range(min(xs), max(xs) + 1):
            header.append(f"x{x}".center(TILE_WIDTH), style="dim")
        lines.append(header)
        token = seat.token
        for y in range(min(ys), max(ys) + 1):
            for row in range(3):
                line = Text(f"y{y}".rjust(4) + " " if row == 1 else "     ", style="dim")
                for x in range(min(xs), max(xs) + 1):
                    f = faces.get((x, y))
                    if f is None and (x, y) in used and (x, y) not in spots:
                        line.append_text(self._used_tile(*used[(x, y)], row))
                        continue
                    if f is None:
                        line.append_text(self._spot(spots, (x, y), row))
                        continue
                    for col in range(3):
                        cell = CELL_AT.get((col, row))
                        line.append_text(self._cell(f, cell, x, y, token, path_steps, start,
                                                    ghost == (x, y), ids[(x, y)], row, col))
                    line.append(" ")
                lines.append(line)
        if used:
            lines.append(Text("dotted water: used canals, cruised through (R-9.6)",
                              style="dim"))
        if mine and turn.step is S.CANAL_PLACE and isinstance(highlight, mv.PlaceCanal):
            if turn.canal:
                # the drawing is small: the ways in and out in words (issue 35 item 6)
                lines.append(Text(f"{turn.canal} {ROTATION_NAMES[highlight.rotation]}: "
                                  f"{canal_water(turn.canal, highlight.rotation)}",
                                  style="bold"))
            lines.append(Text("r: turn the canal · ghost: where it goes · "
                              "dotted: other legal spots", style="dim"))
        return Group(*lines)

    def _used(self) -> dict[tuple[int, int], tuple[str, int]]:
        """The seat's used canals (R-9.6) where they lay, with their turn, from the
        public events: the rules keep only their number, and a canal cruised through
        vanished from the map (issue 35 item 6). A canal placed later on a used one's
        spot takes it."""
        placed: dict[str, tuple[int, int, int]] = {}
        used: dict[tuple[int, int], tuple[str, int]] = {}
        for event in self.model.visible_events():
            if isinstance(event, ev.CanalPlaced) and event.seat == self.seat:
                placed[event.canal] = (event.x, event.y, event.rotation)
                used.pop((event.x, event.y), None)
            elif isinstance(event, ev.CanalsRemoved) and event.seat == self.seat:
                for canal in event.used:
                    if canal in placed:
                        x, y, rotation = placed[canal]
                        used[(x, y)] = (canal, rotation)
        return used

    def _used_tile(self, canal: str, rotation: int, row: int) -> Text:
        """One row of a used canal: its id and its water dotted, dim."""
        f = face(canal, rotation)
        out = Text(style="dim")
        for col in range(3):
            cell = CELL_AT.get((col, row))
            if row == 0 and col == 0:
                out.append(canal.ljust(2)[:2], style="italic")
            elif cell is not None and (cell == "C" or cell in f.ports):
                out.append("··", style="blue")
            else:
                out.append("  ")
        out.append(" ")
        return out

    def _spot(self, spots: dict[tuple[int, int], str], pos: tuple[int, int], row: int) -> Text:
        """An empty place: a legal spot for the canal being placed shows as a dotted box."""
        if pos not in spots:
            return Text(" " * TILE_WIDTH)
        if row == 1:
            letter = spots[pos] or "+"
            return Text(f"┆ {letter:^2} ┆ ", style="bold magenta")
        return Text("┄┄┄┄┄┄ ", style="magenta")

    def _cell(self, f: Face, cell: str | None, x: int, y: int, token: Token | None,
              path_steps: dict[tuple[int, int, str], int], start: tuple[int, int, str] | None,
              ghost: bool, canal: str, row: int, col: int) -> Text:
        if cell is None or (cell != "C" and cell not in f.ports):
            if row == 0 and col == 0:
                return Text(canal.ljust(2)[:2], style="dim italic" + (" reverse" if ghost else ""))
            return Text("░░", style="dim" + (" reverse" if ghost else ""))
        icon = f.icon(cell)
        space = (x, y, cell)
        if token is not None and (token.x, token.y, token.cell) == space:
            if token.came_from == "C":
                arrow = ARROWS[AWAY[cell]] if cell in AWAY else "•"
            else:
                arrow = ARROWS.get(token.came_from, "•")
            return Text(seat_mark(self.seat) + arrow, style=seat_style(self.seat) + " reverse")
        if start == space:
            return Text("⚑ ", style="bold reverse")
        if space in path_steps:
            return Text(str(path_steps[space]).rjust(2), style="bold black on yellow")
        if icon is not None:
            style = ICON_STYLES[icon.value] + (" dim" if ghost else "")
            return Text(ICON_ABBREV[icon.value], style=style)
        return Text("≈≈", style="blue dim" if ghost else "blue")

