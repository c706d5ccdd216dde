"""The ship display: five rows of bow, middle and stern tiles drawn as cards, each row at
its price, the stacks' sizes over their columns and a legend of the features."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, GameState, Move, TileKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import slot_price
from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import card, flow, legend, printed_features
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.palette import HIGHLIGHT, LEGAL, PRICE_STYLE
from shipyard_tui.ui.widgets.base import ModelWidget

COLUMN_KINDS = (TileKind.BOW, TileKind.MIDDLE, TileKind.MIDDLE, TileKind.STERN)


def stack_sizes(view: GameState) -> tuple[int, int, int, int]:
    """The tiles left in the bow stack, the two middle decks (1, then 2) and the stern
    stack."""
    market = view.market
    decks = {1: 0, 2: 0}
    for tile in market.middle_stack:
        deck = tile.split(":")[-1]
        decks[int(deck) if deck.isdigit() else CATALOG.ship(tile).deck] += 1
    return len(market.bow_stack), decks[1], decks[2], len(market.stern_stack)


PRICE_WIDTH = 4
"""``free``, or ``2g``."""
COLUMN_WIDTH = 10
"""A column: the letter that buys its tile, a space, the card and a space."""


def header(view: GameState) -> Text:
    """Each column's kind over it, with the tiles left in the stack that refills it (the
    two middle columns share one stack, deck 1 then deck 2)."""
    bows, deck1, deck2, sterns = stack_sizes(view)
    text = Text(" " * (PRICE_WIDTH + 1))
    for words, columns in ((f"bow ({bows})", 1), (f"middle ({deck1}+{deck2})", 2),
                           (f"stern ({sterns})", 1)):
        text.append("  " + words, style="bold")
        text.append(" " * max(1, COLUMN_WIDTH * columns - 2 - cell_len(words)))
    text.rstrip()
    return text


def draw_display(view: GameState, key_for: Callable[[Move], str], legal: set[Move],
                 highlight: Move | None, *, ascii: bool = False) -> Group:
    """The display as the table shows it; ``key_for`` gives the letter that plays a
    move now, ``legal`` the moves playable, ``highlight`` the one looked at."""
    lines = [header(view)]
    seen: set[str] = set()
    for row in reversed(range(len(CATALOG.slot_prices))):
        price = slot_price(row)
        line = Text(f"{price}g" if price else "free", style=PRICE_STYLE)
        line.pad_left(PRICE_WIDTH - cell_len(line.plain))
        line.append(" ")
        for col in range(len(COLUMN_KINDS)):
            tile = view.market.ships[col][row]
            move = mv.Buy(col, row)
            letter = key_for(move)
            line.append(letter or " ", style="bold magenta")
            line.append(" ")
            if tile is None:
                text = Text("  ·", style="dim")
            else:
                seen.update(printed_features(tile))
                text = card(tile, ascii)
                if move == highlight:
                    text.stylize(HIGHLIGHT)
                elif move in legal:
                    text.stylize(LEGAL)
            line.append_text(text)
            line.append(" " * (COLUMN_WIDTH - 2 - cell_len(text.plain)))
        line.rstrip()
        lines.append(line)
    for kind in TileKind:
        blank = mv.BuyBlank(kind)
        letter = key_for(blank)
        if letter:
            text = Text(letter, style="bold magenta")
            text.append(f" blank {kind.value} (free, no features)",
                        style=HIGHLIGHT if blank == highlight else "")
            lines.append(text)
    width = PRICE_WIDTH + 1 + COLUMN_WIDTH * len(COLUMN_KINDS)
    lines += flow(legend(seen, ascii), width)
    for line in lines:
        line.no_wrap = True
        line.overflow = "crop"
    return Group(*lines)


class ShipDisplay(ModelWidget):
    """The 5 × 4 ship display, the most expensive row on top, as on the board."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        return draw_display(view, self.model.key_for, set(self.model.legal_moves()),
                            self.model.highlight, ascii=draws_ascii(self))
