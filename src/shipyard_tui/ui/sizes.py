"""The smallest terminal a table or the lobby draws itself in, shared by their screens."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

SMALLEST = (80, 24)
"""Below this size a table asks for a larger terminal instead of drawing itself."""


def ask_to_grow(screen: Screen[None], message: Static, width: int, height: int, *,
                place: str = "the table",
                meanwhile: str = "the game waits (and is saved)") -> bool:
    """Mark ``screen`` ``-tiny`` (its stylesheet then shows only ``message``) when the
    terminal is smaller than :data:`SMALLEST`, with the words saying so; whether it is.

    ``place`` is what needs the room and ``meanwhile`` what becomes of the player's games
    while the window is small (the lobby says so in its own words)."""
    tiny = width < SMALLEST[0] or height < SMALLEST[1]
    screen.set_class(tiny, "-tiny")
    if tiny:
        message.update(f"The terminal is {width}×{height}; {place} needs at least "
                       f"{SMALLEST[0]}×{SMALLEST[1]}.\nMake the window larger: "
                       f"{meanwhile}.")
    return tiny
