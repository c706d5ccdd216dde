"""Colours and glyphs, chosen to stay legible with the terminal's 16 colours."""

from __future__ import annotations

SEAT_STYLES = ("bold bright_red", "bold bright_cyan", "bold bright_green", "bold bright_magenta")
SEAT_MARKS = ("■", "▲", "●", "◆")
"""Each seat has a colour and a shape, so seats stay apart without colour too."""

FEATURE_STYLES = {
    "mast": "cyan",
    "cannon": "cyan",
    "crane": "cyan",
    "cabin": "green",
    "boiler": "green",
    "prop": "green",
    "buoy": "yellow",
    "boat": "yellow",
    "lantern": "yellow",
}
ICON_STYLES = {"mil": "bold red", "com": "bold green", "lantern": "bold yellow",
               "boat": "bold yellow", "buoy": "bold yellow", "riband": "bold blue reverse"}
HIGHLIGHT = "reverse"
LEGAL = "bold underline"
DIM = "dim"
PRICE_STYLE = "yellow"


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_mark(seat: int) -> str:
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


CREST_STYLES = {"whale": "bold bright_blue", "boat": "bold yellow", "helm": "bold green",
                "trident": "bold magenta", "crown": "bold bright_yellow"}
"""Nauticus's crests: each also has its own letter or symbol, so none is told by colour
alone."""
HULL_STYLE = "reverse"
"""A Nauticus hull tile: a solid block, in colour and without."""
WORKER_STYLE = "bold bright_blue"
