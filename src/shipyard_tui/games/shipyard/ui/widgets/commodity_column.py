"""The commodity column: five commodity tiles for sale."""

from __future__ import annotations

from rich.text import Text

from shipyard_tui.games.shipyard.rules import GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.ui.widgets.market_column import MarketColumn
from shipyard_tui.games.shipyard.words import GOOD_ABBREV, goods_text

GOOD_STYLES = {"coal": "bold", "cloth": "magenta", "steel": "cyan"}


def goods_markup(tile: str) -> Text:
    """A commodity tile's three goods as three-letter words."""
    text = Text()
    for good in goods_text(tile).split():
        if text:
            text.append(" ")
        text.append(GOOD_ABBREV[good], style=GOOD_STYLES.get(good, ""))
    return text


class CommodityColumn(MarketColumn):
    """Commodity tiles for sale."""

    heading = "Goods"

    def slots(self, view: GameState) -> list[str | None]:
        return view.market.commodities

    def deck_size(self, view: GameState) -> int:
        return len(view.market.commodity_deck)

    def take(self, slot: int) -> Move:
        return mv.BuyCommodity(slot)

    def item_text(self, item: str) -> Text:
        return goods_markup(item)

    def legend(self, view: GameState) -> list[Text]:
        """The goods by their short names."""
        return [Text(f"{short} {good}") for good, short in GOOD_ABBREV.items()]
