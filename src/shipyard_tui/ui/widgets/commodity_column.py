"""The commodity column: five commodity tiles for sale."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.rules import GameState
from shipyard_tui.rules import moves as mv

from ...text import GOOD_ABBREV, goods_text
from ..palette import HIGHLIGHT, LEGAL
from .base import ModelWidget

GOOD_STYLES = {"coal": "bold", "cloth": "magenta", "steel": "cyan"}


def goods_markup(tile: str) -> Text:
    """A commodity tile's three goods as three-letter words."""
    text = Text()
    for good in goods_text(tile).split():
        if text:
            text.append(" ")
        text.append(GOOD_ABBREV[good], style=GOOD_STYLES.get(good, ""))
    return text


class CommodityColumn(ModelWidget):
    """Commodity tiles for sale, the most expensive on top, level with the ship display's
    rows (the slots cost the same as those rows)."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        buyable = {m.slot for m in self.model.legal_moves() if isinstance(m, mv.BuyCommodity)}
        highlight = self.model.highlight
        table = Table(box=None, padding=0, show_edge=False, pad_edge=False)
        table.add_column(f"  Goods ({len(view.market.commodity_deck)})", no_wrap=True)
        for slot in reversed(range(len(view.market.commodities))):
            tile = view.market.commodities[slot]
            text = goods_markup(tile) if tile else Text("·", style="dim")
            if isinstance(highlight, mv.BuyCommodity) and highlight.slot == slot:
                text.stylize(HIGHLIGHT)
            elif slot in buyable:
                text.stylize(LEGAL)
            table.add_row(self.with_key(mv.BuyCommodity(slot), text))
        return table
