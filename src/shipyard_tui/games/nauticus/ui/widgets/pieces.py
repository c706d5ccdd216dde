"""How the Nauticus widgets draw the game's pieces: crests, masts, sails, hull tiles,
goods and blue workers, each by a symbol or a word as well as a colour, and the legend
that names the symbols (:data:`LEGEND`). Drawing only: what the pieces are comes from
the rules' catalog."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from shipyard_tui.games.nauticus.rules.catalog import item_kind, item_name
from shipyard_tui.ui.palette import CREST_STYLES, HULL_STYLE

CREST_MARKS = {"whale": "W", "boat": "B", "helm": "H", "trident": "T", "crown": "★"}
"""One character per crest (the crown a star, also in ASCII: ``*``)."""
SAIL = "▲"
MAST = "┃"
WORKER = "●"
ANCHOR_TILE = "⚑"
BOW = "◀"
STERN = "▶"
EMPTY = "·"

LEGEND = (f"{SAIL} sail", f"{MAST} mast", *(f"{mark} {name}" for name, mark in CREST_MARKS.items()))
"""The symbols the yard, warehouse and supply draw, in words."""


def rigging(kind: str, name: str) -> Text:
    """A mast or sail with its crest: ``┃W``, ``▲★``."""
    glyph = MAST if kind == "mast" else SAIL
    return Text(glyph + CREST_MARKS[name], style=CREST_STYLES[name])


def item(name: str) -> Text:
    """Any stack item as the widgets draw it: a mast or sail by symbol and crest, a hull
    tile or a good by its word."""
    kind, what = item_kind(name), item_name(name)
    if kind in ("mast", "sail"):
        return rigging(kind, what)
    return Text(what, style=HULL_STYLE if kind == "hull" else "")


def centred(text: Text, width: int) -> Text:
    """``text`` in the middle of ``width`` cells (cut if longer)."""
    text = text.copy()
    text.truncate(width, overflow="crop")
    room = width - cell_len(text.plain)
    out = Text(" " * (room // 2))
    out.append_text(text)
    out.append(" " * (room - room // 2))
    return out


def fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow="crop")
    text.append(" " * (width - cell_len(text.plain)))
    return text


def both_ends(left: Text, right: Text, width: int) -> Text:
    """``left`` and, when there is room for both, ``right`` at the end of ``width``."""
    used = cell_len(left.plain)
    if used + 1 + cell_len(right.plain) > width:
        return fit(left, width)
    out = left.copy()
    out.append(" " * (width - used - cell_len(right.plain)))
    out.append_text(right)
    return out


def flow(pieces: list[Text], width: int, gap: str = " · ") -> list[Text]:
    """``pieces`` in lines of ``width`` cells, as many on a line as fit, in order; a
    piece wider than a line gets one of its own, cut."""
    lines: list[Text] = []
    line: Text | None = None
    for piece in pieces:
        if line is not None and cell_len(line.plain) + len(gap) + cell_len(piece.plain) <= width:
            line.append(gap)
            line.append_text(piece)
            continue
        if line is not None:
            lines.append(line)
        line = Text()
        line.append_text(piece)
        line.truncate(width, overflow="ellipsis")
    if line is not None:
        lines.append(line)
    return lines


def legend(width: int) -> list[Text]:
    """The names of the symbols, in lines of ``width``."""
    lines = flow([Text(words) for words in LEGEND], width)
    for line in lines:
        line.stylize("dim")
    return lines
