"""The ship display: five rows of bows, middles and sterns with their prices and features."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, GameState, TileKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import slot_price
from shipyard_tui.games.shipyard.words import FEATURE_ABBREV
from shipyard_tui.ui.palette import FEATURE_STYLES, HIGHLIGHT, LEGAL
from shipyard_tui.ui.widgets.base import ModelWidget

HEADINGS = ("  Bow", "  Middle", "  Middle", "  Stern")


def tile_text(tile_id: str | None) -> Text:
    """A ship tile's features in three-letter words, coloured by kind of feature."""
    if tile_id is None:
        return Text("  ·", style="dim")
    text = Text()
    for feature in CATALOG.ship(tile_id).features:
        if text:
            text.append(" ")
        text.append(FEATURE_ABBREV[feature.value], style=FEATURE_STYLES[feature.value])
    return text


class ShipDisplay(ModelWidget):
    """The 5 × 4 ship display, most expensive row on top, as on the board."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        buyable = {(m.column, m.row) for m in self.model.legal_moves() if isinstance(m, mv.Buy)}
        highlight = self.model.highlight
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
        table.add_column("g ", justify="right", style="yellow", no_wrap=True)
        for heading in HEADINGS:
            table.add_column(heading, no_wrap=True)
        for row in reversed(range(len(CATALOG.slot_prices))):
            cells = []
            for col in range(4):
                text = tile_text(view.market.ships[col][row])
                if isinstance(highlight, mv.Buy) and (highlight.column, highlight.row) == (
                        col, row):
                    text.stylize(HIGHLIGHT)
                elif (col, row) in buyable:
                    text.stylize(LEGAL)
                cells.append(self.with_key(mv.Buy(col, row), text))
            table.add_row(f"{slot_price(row)}g", *cells)
        market = view.market
        decks = {1: 0, 2: 0}
        for tile in market.middle_stack:
            deck = tile.split(":")[-1]
            decks[int(deck) if deck.isdigit() else CATALOG.ship(tile).deck] += 1
        stacks = Text(
            f"stacks: bow {len(market.bow_stack)} · mid {decks[1]}+{decks[2]} "
            f"· stern {len(market.stern_stack)}",
            style="dim", no_wrap=True, overflow="ellipsis",
        )
        blanks = [self.with_key(mv.BuyBlank(kind), Text(f"blank {kind.value} (free)"))
                  for kind in TileKind if self.model.key_for(mv.BuyBlank(kind))]
        return Group(table, stacks, *blanks)
