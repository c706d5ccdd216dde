"""The view bar: which board panel is shown in a small terminal, and the keys to switch."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

VIEWS = (("market", "Market"), ("rondels", "Rondels"), ("yards", "Yards"),
         ("canals", "Canals"), ("seats", "Seats"), ("log", "Log"))


class ViewBar(Widget):
    """One line: ``1 Market 2 Rondels …`` with the current view in reverse video."""

    DEFAULT_CSS = """
    ViewBar {
        height: 1;
    }
    """

    current: reactive[str] = reactive("market")
    """The view shown now."""

    class Picked(Message):
        def __init__(self, view: str) -> None:
            super().__init__()
            self.view = view

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, (key, title) in enumerate(VIEWS, start=1):
            style = "reverse bold" if key == self.current else ""
            text.append(f" {number} ", style="bold")
            text.append(title, style=style)
        return text

    def on_click(self, event: events.Click) -> None:
        x = event.x
        pos = 0
        for number, (key, title) in enumerate(VIEWS, start=1):
            width = len(f" {number} ") + len(title)
            if pos <= x < pos + width:
                self.post_message(self.Picked(key))
                return
            pos += width
