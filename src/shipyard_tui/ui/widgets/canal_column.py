"""The canal column: the five canals for rent, with their water and officials."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.rules import CATALOG, GameState
from shipyard_tui.rules import moves as mv

from ...text import ICON_ABBREV
from ..palette import HIGHLIGHT, ICON_STYLES, LEGAL
from .base import ModelWidget

PORT_GLYPHS = {
    frozenset("WE"): "─", frozenset("NS"): "│",
    frozenset("WN"): "┘", frozenset("NE"): "└", frozenset("ES"): "┌", frozenset("SW"): "┐",
    frozenset("WNE"): "┴", frozenset("NES"): "├", frozenset("ESW"): "┬", frozenset("SWN"): "┤",
    frozenset("WNES"): "┼",
}
"""The shape of a canal's water, as a box-drawing character (unrotated)."""


def canal_text(canal: str) -> Text:
    """A canal in a few columns: its id, the shape of its water, and its officials."""
    tile = CATALOG.canals[canal]
    text = Text(f"{canal} ", style="bold")
    text.append(PORT_GLYPHS[frozenset(tile.ports)], style="blue")
    for _cell, icon in tile.icons:
        text.append(" ")
        text.append(ICON_ABBREV[icon.value], style=ICON_STYLES[icon.value])
    return text


class CanalColumn(ModelWidget):
    """Canals for rent, the most expensive on top, level with the ship display's rows
    (the slots cost the same as those rows)."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        rentable = {m.slot for m in self.model.legal_moves() if isinstance(m, mv.TakeCanal)}
        highlight = self.model.highlight
        table = Table(box=None, padding=0, show_edge=False, pad_edge=False)
        table.add_column(f"  Canal ({len(view.market.canal_deck)})", no_wrap=True)
        for slot in reversed(range(len(view.market.canals))):
            canal = view.market.canals[slot]
            text = canal_text(canal) if canal else Text("·", style="dim")
            if isinstance(highlight, mv.TakeCanal) and highlight.slot == slot:
                text.stylize(HIGHLIGHT)
            elif slot in rentable:
                text.stylize(LEGAL)
            table.add_row(self.with_key(mv.TakeCanal(slot), text))
        return table
