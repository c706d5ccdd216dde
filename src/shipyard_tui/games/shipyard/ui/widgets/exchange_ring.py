"""The commodity exchange: prices of each space, the marker, and the trade lists."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, Action, GameState, Good
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.words import PIECE_ABBREV
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget


class ExchangeRing(ModelWidget):
    """The six exchange spaces (coal/cloth/steel prices), current and next marked."""

    def render_view(self, view: GameState) -> Group:
        marker = view.exchange_marker
        moved = view.turn.action is Action.EXCHANGE
        following = q.marker_next(view, Action.EXCHANGE)
        # the name over the goods' column, not a title of its own: a line saved, and
        # the steel row was below the Rondels view of a classic game at 80x24 (issue 35
        # item 8), the lap ring's line over it
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        table.add_column(Text("Exchange", style="bold"), no_wrap=True)
        for space in range(len(CATALOG.exchange_prices)):
            table.add_column(str(space), justify="center", no_wrap=True)
        rows = []
        for good in (Good.COAL, Good.CLOTH, Good.STEEL):
            cells = []
            for space, prices in enumerate(CATALOG.exchange_prices):
                text = Text(str(prices[good]))
                if space == marker:
                    text.stylize(HIGHLIGHT)
                elif space == following and not moved:
                    text.stylize("bold underline")
                cells.append(text)
            rows.append((good.value, cells))
        for name, cells in rows:
            table.add_row(name, *cells)
        trades = Text("trade: ", style="dim")
        for good, pieces in q.catalog_of(view).trade_lists.items():
            trades.append(f"{good.value[:2]}→", style="bold")
            trades.append("|".join(PIECE_ABBREV[p.value] for p in pieces) + " ")
        return Group(table, trades)
