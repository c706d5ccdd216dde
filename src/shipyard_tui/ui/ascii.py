"""Plain ASCII output for terminals and locales that cannot show UTF-8.

Rather than teach every widget two sets of glyphs, the app runs every line it draws
through :class:`AsciiFilter` (a Textual line filter) when ASCII is wanted: each
character outside ASCII becomes one of the same width inside it, so layouts stay put
and nothing outside ASCII reaches the terminal, on any screen. The few drawings that one
character for one cannot keep legible (a canal's shape: every bend would be ``+``) ask
:func:`draws_ascii` and draw an ASCII form of their own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.color import Color
from textual.command import SearchIcon
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.screen import Screen

ASCII_TERMS = ("linux", "vt100", "vt102", "vt220", "ansi", "cons25")
"""Consoles whose fonts lack the box drawing and symbols the game uses."""

GLYPHS = {
    "■": "#", "▲": "^", "●": "o", "◆": "*", "○": ".", "◀": "<", "▶": ">", "▸": ">",
    "◂": "<", "▼": "v", "▾": "+", "✗": "!", "✓": "v", "·": ".", "—": "-", "–": "-",
    "…": "~", "→": "=", "←": "<", "↑": "^", "↓": "v", "×": "x", "★": "*", "²": '"',
    "³": "3", "✣": "%", "⏎": "<", "⎯": "-", "•": "*", "◼": "#", "□": "#", "▪": "#",
    "≈": "~", "⚑": "@", "±": "+", "§": "S", "▣": "#", "⟳": "@",
    "☼": "L", "⌂": "C", "†": "M", "¤": "K", "Γ": "T", "◎": "O", "◡": "B", "◁": "<",
}
"""The game's own symbols and the typography of its texts, one ASCII character each
(seat marks stay apart: # ^ o *). The mark of a stack of two employees, ``²``, is not
a digit in ASCII: after a number ("Crn+1²") a "2" read as "+12". The arrow of a score
(``3 types of employee → 4``, a contract's ``3→4``) is ``=``: as ``>`` it read "3 is
more than 4"; the arrow keys are named in words where an ASCII screen shows them. Text
cut short ends in ``~``: as ``.`` it read as a finished sentence ("Discard green."). The
classic ring's landing space ``▾`` is ``+``: as ``v`` it ran into the cards' letters
("CaEqBuv"). A ship tile's feature symbols are the letters its cards draw in ASCII
(lantern ``L``, cabin ``C``, mast ``M``, cannon ``K``, crane ``T``, lifebuoy ``O``,
lifeboat ``B``),
and a bow's point ``◁`` is ``<``."""


def draws_ascii(node: DOMNode) -> bool:
    """Whether ``node``'s app draws only ASCII: for the few drawings that the line
    filter's one character per character cannot keep legible (a canal's shape)."""
    return bool(getattr(node.app, "ascii", False))


def plain_palette_icon(palette: Screen[object]) -> None:
    """Textual's command palette shows a magnifying glass, one wide character that the
    line filter can only make "??": an ASCII screen shows a prompt instead."""
    for icon in palette.query(SearchIcon):
        icon.icon = ">"


def wants_ascii(env: Mapping[str, str], charset: str = "auto") -> bool:
    """Whether to draw in ASCII: forced by the setting, else when the locale is not
    UTF-8 (``LANG=C`` or ``POSIX`` included) or the terminal is a plain console."""
    if charset == "ascii":
        return True
    if charset == "unicode":
        return False
    if env.get("TERM", "").split("-")[0] in ASCII_TERMS:
        return True
    return "utf8" not in _squash(_user_locale(env))


def _user_locale(env: Mapping[str, str]) -> str:
    """The character locale the user set. Python coerces a C locale to UTF-8 for itself
    (PEP 538) by setting ``LC_CTYPE=C.UTF-8``; seen beside ``LANG=C``, ``POSIX`` or no
    ``LANG`` at all, that is Python's doing, and the terminal is still a C one."""
    lang = env.get("LANG") or "C"
    ctype = env.get("LC_CTYPE") or ""
    if env.get("LC_ALL"):
        return env["LC_ALL"]
    if ctype and _squash(ctype) in ("c.utf8", "utf8") and lang in ("C", "POSIX"):
        return lang
    return ctype or lang


def _squash(locale: str) -> str:
    return locale.lower().replace("-", "").replace("_", "")


def ascii_char(char: str) -> str:
    """One character in ASCII, as wide on screen as the original."""
    if char.isascii():
        return char
    if char in GLYPHS:
        return GLYPHS[char]
    width = max(cell_len(char), 1)
    try:
        name = unicodedata.name(char)
    except ValueError:
        return "?" * width
    if name.startswith("BOX DRAWINGS"):
        vertical = "VERTICAL" in name or "UP" in name or "DOWN" in name
        horizontal = "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name
        if "ARC" in name or (vertical and horizontal):
            return "+"
        return "|" if vertical else "-"
    if name.startswith(("LEFT ", "RIGHT ")) and "BLOCK" in name:
        return "|"
    if name == "UPPER ONE EIGHTH BLOCK":
        return "-"
    if name == "LOWER ONE EIGHTH BLOCK":
        return "_"
    if "BLOCK" in name or "SHADE" in name or name.startswith("QUADRANT"):
        return "#"
    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    if len(base) == width and base.isprintable():
        return base
    return "?" * width


def to_ascii(text: str) -> str:
    return text if text.isascii() else "".join(ascii_char(c) for c in text)


def drawing(lines: str, ascii: bool, own: Mapping[str, str] | None = None) -> Text:
    """Markup ``lines`` as Rich text (a small drawing of a help or how-to-play page); in
    ASCII, ``own``'s stand-ins first (where one character for one would not read,
    such as an arrow of two), then :func:`to_ascii`."""
    if ascii:
        for glyph, plain in (own or {}).items():
            lines = lines.replace(glyph, plain)
        lines = to_ascii(lines)
    return Text.from_markup(lines)


class AsciiFilter(LineFilter):
    """Turns every character of every line drawn into ASCII of the same width."""

    def __init__(self, enabled: bool = True) -> None:
        super().__init__(enabled)
        self._cache: dict[str, str] = {}

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        cache = self._cache
        out = []
        for text, style, control in segments:
            if not text.isascii():
                plain = cache.get(text)
                if plain is None:
                    plain = to_ascii(text)
                    if len(cache) < 4096:
                        cache[text] = plain
                text = plain
            out.append(Segment(text, style, control))
        return out
