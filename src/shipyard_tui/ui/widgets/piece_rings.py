"""The equipment and crew rings: where each marker stands and what each sector costs."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.rules import CATALOG, Action, GameState
from shipyard_tui.rules.query import has_employee

from ...text import PIECE_ABBREV
from ..palette import HIGHLIGHT
from .base import ModelWidget


def sector_costs(marker: int, free_steps: int, *, moved: bool = False) -> list[int]:
    """Guilders to reach each sector of a 4-sector ring from ``marker``.

    Before the action the first step is free; ``moved`` means that step is already
    taken. An Accountant makes the first ``free_steps`` paid steps free.
    """
    costs = []
    for sector in range(4):
        steps = (sector - marker) % 4
        if not moved:
            steps = (steps - 1) % 4
        costs.append(max(0, steps - free_steps))
    return costs


class PieceRings(ModelWidget):
    """Two lines: the equipment ring and the crew ring, marker in reverse video; the
    digit after each piece is what reaching it costs the seat to move, in guilders."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        seat = view.seats[view.turn.seat]
        free = 2 if has_employee(seat, "accountant") else 0
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False,
                      show_header=False, title="Rings (cost to reach)", title_justify="left",
                      title_style="bold")
        table.add_column(style="bold", no_wrap=True)
        for _ in range(4):
            table.add_column(no_wrap=True)
        for action, ring, marker in (
            (Action.EQUIPMENT, CATALOG.equipment_ring, view.equipment_marker),
            (Action.CREW, CATALOG.crew_ring, view.crew_marker),
        ):
            moved = view.turn.action is action
            costs = sector_costs(marker, free, moved=moved)
            cells = []
            for sector, piece in enumerate(ring):
                text = Text(PIECE_ABBREV[piece.value])
                text.append(str(costs[sector]), style="yellow" if costs[sector] else "green")
                if sector == marker:
                    text.stylize(HIGHLIGHT)
                cells.append(text)
            table.add_row("Equip" if action is Action.EQUIPMENT else "Crew", *cells)
        return table
