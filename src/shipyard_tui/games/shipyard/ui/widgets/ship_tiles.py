"""Ship tiles drawn as cards, for the ship display and the yards (issue 34).

A card has the shape of its kind, as the tiles on the table: a bow points forward (to
the left, where the yard's bows go), a stern is rounded, a middle is square. Each
feature is a symbol named by a legend; an ASCII screen shows a letter for each (the
letter the line filter gives the symbol, so the two never disagree). The display's
cards are one line high, the yard's three, with the cell number in the top edge::

    ◁☼ ⌂ │  │† ◎ │  │§ ◡ )        ╱0────┐┌1────┐┌2────╮
                                  < ☼ ⌂ ││ † ◎ ││ § ◡ )
                                  ╲─────┘└─────┘└─────╯
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, TileKind
from shipyard_tui.games.shipyard.words import FEATURE_ABBREV, FEATURE_NAMES
from shipyard_tui.ui.ascii import to_ascii
from shipyard_tui.ui.palette import FEATURE_STYLES

FEATURE_SYMBOLS = {
    "lantern": "☼",
    "cabin": "⌂",
    "mast": "†",
    "cannon": "¤",
    "crane": "Γ",
    "boiler": "§",
    "prop": "✣",
    "buoy": "◎",
    "boat": "◡",
}
"""One symbol a feature, in the order the legend names them."""

FEATURE_LETTERS = {
    "lantern": "L",
    "cabin": "C",
    "mast": "M",
    "cannon": "K",
    "crane": "T",
    "boiler": "S",
    "prop": "%",
    "buoy": "O",
    "boat": "B",
}
"""The features on an ASCII screen: a letter each, all different (the legend names
them); the propeller is ``%`` as everywhere else in ASCII."""

FEATURE_WORDS = {
    "lantern": "lantern",
    "cabin": "cabin",
    "mast": "mast",
    "cannon": "cannon",
    "crane": "crane",
    "boiler": "stoker cabin",
    "prop": "propeller",
    "buoy": "lifebuoy",
    "boat": "lifeboat",
}
"""What the legend calls each feature: the names of the rules, short."""

KIND_EDGES = {
    TileKind.BOW: ("◁", "│"),
    TileKind.MIDDLE: ("│", "│"),
    TileKind.STERN: ("│", ")"),
}
"""A card's left and right edges on one line: a bow points, a stern is rounded."""

ASCII_EDGES = {"◁": "<", "│": "|", ")": ")"}

BLANK = "blank"
"""A blank tile's face (R-4.1): no features."""


def feature_symbol(feature: str, ascii: bool) -> str:
    return FEATURE_LETTERS[feature] if ascii else FEATURE_SYMBOLS[feature]


def printed_features(tile_id: str) -> list[str]:
    """The features printed on a tile, as the rules list them."""
    return [f.value for f in CATALOG.ship(tile_id).features]


def features_text(tile_id: str, ascii: bool, width: int = 0) -> Text:
    """A tile's features as coloured symbols a space apart, padded to ``width``; a blank
    tile says so."""
    feats = printed_features(tile_id)
    if not feats:
        text = Text(BLANK[:width] if width else BLANK, style="dim")
    else:
        text = Text()
        for feature in feats:
            if text:
                text.append(" ")
            text.append(feature_symbol(feature, ascii), style=FEATURE_STYLES[feature])
    if width:
        text.append(" " * max(0, width - cell_len(text.plain)))
    return text


FACE_WIDTH = 5
"""Three features a space apart: the most a tile has."""


def card(tile_id: str, ascii: bool, width: int = FACE_WIDTH) -> Text:
    """A tile as a card on one line, its edges shaped by its kind: ``◁☼ ⌂  │``."""
    left, right = KIND_EDGES[CATALOG.ship(tile_id).kind]
    if ascii:
        left, right = ASCII_EDGES[left], ASCII_EDGES[right]
    text = Text(left, style="bold")
    text.append_text(features_text(tile_id, ascii, width))
    text.append(right, style="bold")
    return text


def legend(features: Iterable[str], ascii: bool) -> list[Text]:
    """The legend of these features, one piece each (``☼ lantern``), in the legend's
    order; a caller lays the pieces out in the room it has."""
    wanted = set(features)
    return [Text.assemble((feature_symbol(f, ascii), FEATURE_STYLES[f]), f" {FEATURE_WORDS[f]}")
            for f in FEATURE_SYMBOLS if f in wanted]


def flow(pieces: list[Text], width: int, lead: Text | None = None) -> list[Text]:
    """``pieces`` laid out in lines of at most ``width`` cells, two spaces apart, the
    first line after ``lead``."""
    lines = [lead.copy() if lead is not None else Text()]
    for piece in pieces:
        line = lines[-1]
        used = cell_len(line.plain)
        gap = 2 if used else 0
        if used and used + gap + cell_len(piece.plain) > width:
            lines.append(Text())
            line, gap = lines[-1], 0
        line.append(" " * gap)
        line.append_text(piece)
    return [line for line in lines if line.plain]


def ship_tiles_help(ascii: bool) -> str:
    """The help's paragraph on ship tiles: the cards' shapes and every feature's symbol
    (with the three letters the review's lists use)."""
    def shown(glyph: str) -> str:
        return ASCII_EDGES.get(glyph, glyph) if ascii else glyph

    features = " · ".join(
        f"`{feature_symbol(f, ascii)}` {FEATURE_NAMES[f]} (`{FEATURE_ABBREV[f]}`)"
        for f in FEATURE_SYMBOLS)
    return (f"**Ship tiles.** The display and the yards draw each tile as a card shaped "
            f"like its kind: a bow points forward (`{shown('◁')}`), a stern is rounded "
            f"(`)`), a middle is square (`{shown('│')}`). Its features: {features}. "
            "Each display row's price is on its left (the bottom row is free), the "
            "underlined cards are the ones you may buy now, and the number by each "
            "column's kind is the tiles left in its stack. In a yard a card's top edge "
            "carries its cell number; a complete ship is outlined in double lines "
            f"(`{'=' if ascii else '═'}`) and named over the yard.")


TALL_EDGES = {
    # kind: [top left, middle left, bottom left], [top right, middle right, bottom right]
    TileKind.BOW: (["╱", "<", "╲"], ["┐", "│", "┘"]),
    TileKind.MIDDLE: (["┌", "│", "└"], ["┐", "│", "┘"]),
    TileKind.STERN: (["┌", "│", "└"], ["╮", ")", "╯"]),
}
"""A tall card's outline, as the tile on the table: a bow points forward (left), a stern
is rounded."""

SHIP_CORNERS = {"┌": "╒", "┐": "╕", "└": "╘", "┘": "╛", "╮": "╕", "╯": "╛"}
"""A complete ship is outlined in double lines."""

ASCII_LINES = {"╱": "/", "╲": "\\", "╮": ".", "╯": "'", "─": "-", "═": "="}
"""Outlines in ASCII: the bow's slants, the stern's round corners, and ``=`` along a
complete ship where a tile not yet in one has ``-``."""


def _line(glyph: str, ascii: bool) -> str:
    if not ascii:
        return glyph
    return ASCII_LINES.get(glyph) or to_ascii(glyph)


def tall_card(tile_id: str, number: int, width: int, *, ascii: bool = False,
              complete: bool = False) -> list[Text]:
    """A placed tile as a card three lines high, its cell number in its top edge."""
    left, right = TALL_EDGES[CATALOG.ship(tile_id).kind]
    if complete:
        left = [SHIP_CORNERS.get(g, g) for g in left]
        right = [SHIP_CORNERS.get(g, g) for g in right]
    rule = _line("═" if complete else "─", ascii)
    inner = width - 2
    edge = "bold" if complete else ""
    top = Text(_line(left[0], ascii), style=edge)
    top.append(str(number), style="bold")
    top.append(rule * (inner - len(str(number))), style=edge)
    top.append(_line(right[0], ascii), style=edge)
    faces = features_text(tile_id, ascii)
    pad = max(0, inner - cell_len(faces.plain))
    middle = Text(_line(left[1], ascii), style=edge)
    middle.append(" " * (pad // 2))
    middle.append_text(faces)
    middle.append(" " * (pad - pad // 2))
    middle.append(_line(right[1], ascii), style=edge)
    bottom = Text(_line(left[2], ascii), style=edge)
    bottom.append(rule * inner, style=edge)
    bottom.append(_line(right[2], ascii), style=edge)
    return [top, middle, bottom]
