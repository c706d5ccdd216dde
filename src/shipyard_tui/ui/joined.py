"""Fewer style changes sent to the terminal: neighbouring pieces of a line in the same
style are sent as one.

Textual sends every piece of a line (a Rich segment) as its own style code, the text,
and a reset: about 45 bytes of codes for each piece in 24-bit colour. The board's
drawings are built of many pieces, and side by side many share a style (a table cell's
padding and its words, a card's edge and its inside): at 80x24 the market panel's
lines held 445 pieces, 355 once joined. Joining them changes no character and no
colour on screen, only how many times the terminal is told the same style.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter


class JoinSameStyles(LineFilter):
    """A line filter that joins neighbouring segments of the same style."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if len(segments) < 2:
            return segments
        return list(Segment.simplify(segments))


JOIN = JoinSameStyles()


def joined(filters: Sequence[LineFilter]) -> list[LineFilter]:
    """``filters`` with the joining last (after a filter that may make two styles one,
    as NO_COLOR's does)."""
    return [*filters, JOIN]
