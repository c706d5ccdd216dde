"""The equipment and crew rings: where each marker stands and what each sector costs."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import Action, GameState
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.words import PIECE_ABBREV
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget


class PieceRings(ModelWidget):
    """Two lines: the equipment ring and the crew ring, marker in reverse video; the
    digit after each piece is what reaching it costs the seat to move, in guilders."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False,
                      show_header=False, title="Rings (cost to reach)", title_justify="left",
                      title_style="bold")
        table.add_column(style="bold", no_wrap=True)
        for _ in range(4):
            table.add_column(no_wrap=True)
        for action, ring, marker in (
            (Action.EQUIPMENT, q.catalog_of(view).equipment_ring, view.equipment_marker),
            (Action.CREW, q.catalog_of(view).crew_ring, view.crew_marker),
        ):
            costs = q.marker_costs(view, action)
            cells = []
            for sector, piece in enumerate(ring):
                text = Text(PIECE_ABBREV[piece.value])
                cost = costs[sector]
                if cost is None:
                    text.append("-", style="dim")
                else:
                    text.append(str(cost), style="yellow" if cost else "green")
                if sector == marker:
                    text.stylize(HIGHLIGHT)
                cells.append(text)
            table.add_row("Equip" if action is Action.EQUIPMENT else "Crew", *cells)
        return table
