"""The canal column: the five canals for rent, with their water and officials."""

from __future__ import annotations

from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.ui.widgets.market_column import MarketColumn
from shipyard_tui.games.shipyard.words import ICON_ABBREV
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.palette import ICON_STYLES

PORT_GLYPHS = {
    frozenset("WE"): "─", frozenset("NS"): "│",
    frozenset("WN"): "┘", frozenset("NE"): "└", frozenset("ES"): "┌", frozenset("SW"): "┐",
    frozenset("WNE"): "┴", frozenset("NES"): "├", frozenset("ESW"): "┬", frozenset("SWN"): "┤",
    frozenset("WNES"): "┼",
}
"""The shape of a canal's water, as a box-drawing character (unrotated)."""

ASCII_PORT_GLYPHS = {
    frozenset("WE"): "---", frozenset("NS"): " | ",
    frozenset("WN"): "-' ", frozenset("NE"): " '-", frozenset("ES"): " .-",
    frozenset("SW"): "-. ",
    frozenset("WNE"): "-'-", frozenset("NES"): " |-", frozenset("ESW"): "-.-",
    frozenset("SWN"): "-| ",
    frozenset("WNES"): "-+-",
}
"""The same shapes in ASCII, three columns each: the west arm, the middle (``'`` bends
north, ``.`` south, as in ASCII boxes), the east arm. One character could not do it: the
line filter turned every bend, T and cross into ``+``."""


def canal_shape(ports: frozenset[str], ascii: bool = False) -> str:
    """The shape of water with these ports, in box drawing or in ASCII."""
    return (ASCII_PORT_GLYPHS if ascii else PORT_GLYPHS)[ports]


def canal_text(canal: str, ascii: bool = False) -> Text:
    """A canal in a few columns: its id, the shape of its water, and its officials."""
    tile = CATALOG.canals[canal]
    text = Text(f"{canal} ", style="bold")
    text.append(canal_shape(frozenset(tile.ports), ascii), style="blue")
    for _cell, icon in tile.icons:
        text.append(" ")
        text.append(ICON_ABBREV[icon.value], style=ICON_STYLES[icon.value])
    return text


class CanalColumn(MarketColumn):
    """Canals for rent."""

    heading = "Canal"

    def slots(self, view: GameState) -> list[str | None]:
        return view.market.canals

    def deck_size(self, view: GameState) -> int:
        return len(view.market.canal_deck)

    def take(self, slot: int) -> Move:
        return mv.TakeCanal(slot)

    def item_text(self, item: str) -> Text:
        return canal_text(item, draws_ascii(self))

    def legend(self, view: GameState) -> list[Text]:
        """The officials on the canals on show, by their short names."""
        shown = {icon.value for canal in view.market.canals if canal
                 for _cell, icon in CATALOG.canals[canal].icons}
        return [Text(f"{ICON_ABBREV[icon]} {OFFICIAL_WORDS[icon]}") for icon in ICON_ABBREV
                if icon in shown]


OFFICIAL_WORDS = {"mil": "military", "com": "commerce", "lantern": "lantern",
                  "boat": "lifeboat", "buoy": "lifebuoy", "riband": "Riband"}
"""The officials on the canals (R-8.1, R-9.3), in a word each: the column's legend (the
Blue Riband by its last word, so that the column keeps its width)."""
