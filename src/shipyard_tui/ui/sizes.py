"""The smallest terminal a game's table draws itself in, shared by both games' screens."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

SMALLEST = (80, 24)
"""Below this size a table asks for a larger terminal instead of drawing itself."""


def ask_to_grow(screen: Screen[None], message: Static, width: int, height: int) -> bool:
    """Mark ``screen`` ``-tiny`` (its stylesheet then shows only ``message``) when the
    terminal is smaller than :data:`SMALLEST`, with the words saying so; whether it is."""
    tiny = width < SMALLEST[0] or height < SMALLEST[1]
    screen.set_class(tiny, "-tiny")
    if tiny:
        message.update(f"The terminal is {width}×{height}; the table needs at least "
                       f"{SMALLEST[0]}×{SMALLEST[1]}.\nMake the window larger: the game "
                       "waits (and is saved).")
    return tiny
