"""The commodity exchange drawn as its wheel (R-4.7, COMPONENTS §4): the six spaces in a
loop read clockwise from the start space, each with its sale prices of coal, cloth and
steel, the price pointer on its space, and the space an exchange moves it to::

    Exchange ╭▶2·2·2 →▸3·1·2 → 1·3·2╮
       wheel ╰ 1·4·3 ← 4·2·1 ← 2·1·3╯
    ▸ next: coal 3g, cloth 1g, steel 2g
    trade coal: smokestack, stoker
          cloth: sail, captain, businessman
          steel: cannon, crane, soldier

Under the wheel, the prices in words (they name the goods of each space's three
prices): before an exchange those of the next space, where exchanging moves the pointer;
while exchanging those at the pointer, with the letter that sells the good at the
exchange. A Trader's bonus for the seat to move is added in words (``coal 2g +1
trader``). Then the trade lists, with the letters that trade the good. In ASCII the
pointer's space is between ``[`` and ``]`` and the next one underlined.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, Action, GameState, Good, Move
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui.widgets.piece_rings import LoopStyle, Space, draw_loop, fitted
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.palette import HIGHLIGHT
from shipyard_tui.ui.widgets.base import ModelWidget

GOODS = (Good.COAL, Good.CLOTH, Good.STEEL)
"""The order of the three prices on each space."""
POINTER, NEXT = "▶", "▸"


def prices(space: int, ascii: bool) -> str:
    """A space's three prices, in the order of :data:`GOODS`."""
    return ("/" if ascii else "·").join(str(CATALOG.exchange_prices[space][g]) for g in GOODS)


def draw_exchange(view: GameState, width: int,
                  key_for: Callable[[Move], str] = lambda move: "",
                  highlight: Move | None = None, *, ascii: bool = False) -> Group:
    """The exchange at ``width`` columns: the wheel, the prices in words, the trades."""
    marker = view.exchange_marker
    moving = view.turn.action is Action.EXCHANGE  # the pointer has moved
    following = q.marker_next(view, Action.EXCHANGE)
    good = q.exchange_good(view)
    selling = view.turn.step is S.EXCHANGE_GOOD and good is not None

    def drawings(style: LoopStyle) -> list[Text]:
        spaces = []
        for space in range(len(CATALOG.exchange_prices)):
            text = Text(prices(space, ascii), style="bold" if space == marker else "")
            ahead = space == following and not moving
            if ahead:  # where exchanging moves the pointer
                text.stylize("underline")
            spaces.append(Space(text, space == marker, NEXT if ahead else ""))
        return draw_loop(("Exchange", "wheel"), spaces, style, ascii)

    lines = fitted(drawings, width)
    seat = view.seats[view.turn.seat]
    bonus = {g: q.sale_price(view, seat, g)[1] for g in GOODS}
    if moving:
        lines.append(_prices_line("" if ascii else POINTER, "now", marker, bonus,
                                  good if selling else None,
                                  key_for(mv.Sell()) if selling else "",
                                  isinstance(highlight, mv.Sell)))
    else:
        lines.append(_prices_line("" if ascii else NEXT, "next", following, bonus))
    lines += _trades(view, width, key_for if selling else None, good, highlight)
    return Group(*lines)


def _trades(view: GameState, width: int, key_for: Callable[[Move], str] | None,
            good: Good | None, highlight: Move | None) -> list[Text]:
    """The trade lists (R-4.7), the letters that trade the good at the exchange before
    its pieces: ``trade coal: smokestack, stoker`` and one line for each other good
    under it, or under a line of their own where that is too wide. A letter touches its
    piece (``bsail``) where a list would not fit otherwise."""
    for touching in (False, True):
        lists = []
        for traded, pieces in q.catalog_of(view).trade_lists.items():
            line = Text(f"{traded.value}: ", style="bold" if traded is good else "")
            for index, piece in enumerate(pieces):
                if index:
                    line.append(", ")
                trade = mv.Trade(piece)
                letter = key_for(trade) if key_for is not None and traded is good else ""
                if letter:
                    line.append(letter, style="bold magenta")
                    line.append("" if touching else " ")
                line.append(piece.value, style=HIGHLIGHT if highlight == trade else "")
            lists.append(line)
        longest = max(cell_len(line.plain) for line in lists)
        if 6 + longest <= width:
            return [Text("trade " if not index else "      ", style="dim") + line
                    for index, line in enumerate(lists)]
        if 1 + longest <= width or touching:
            break
    return [Text("or trade a good for one of:", style="dim"),
            *(Text(" ") + line for line in lists)]


def _prices_line(mark: str, when: str, space: int, bonus: dict[Good, int],
                 selling: Good | None = None, letter: str = "",
                 highlighted: bool = False) -> Text:
    """A space's prices in words: ``▶ now: coal 2g, cloth 2g, steel 2g`` (in ASCII
    without the mark, which there is the brackets around the space), each with the
    seat's Trader bonus (R-4.7); the good being sold with the letter that sells it."""
    line = Text(f"{mark} {when}: ".lstrip(), style="bold" if when == "now" else "")
    for index, good in enumerate(GOODS):
        if index:
            line.append(", ")
        if good is selling and letter:
            line.append(letter, style="bold magenta")
            line.append(" ")
        words = f"{good.value} {CATALOG.exchange_prices[space][good]}g"
        if bonus[good]:
            words += f" +{bonus[good]} trader"
        line.append(words, style=HIGHLIGHT if good is selling and highlighted
                    else "bold" if good is selling else "")
    return line


class ExchangeRing(ModelWidget):
    """The exchange's wheel with its price pointer, the prices at the pointer and the
    next space in words, and the trade lists."""

    watches_highlight = True

    def render_view(self, view: GameState) -> Group:
        return draw_exchange(view, self.size.width, self.model.key_for,
                             self.model.highlight, ascii=draws_ascii(self))
