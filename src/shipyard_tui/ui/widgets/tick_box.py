"""A checkbox whose mark says whether it is on, not only its colour."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """``[X]`` when on and ``[ ]`` when off, legible without colour (NO_COLOR) and in
    plain ASCII; Textual's own checkbox draws an ``X`` either way."""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble("[", ("X" if self.value else " ", style), "]")
