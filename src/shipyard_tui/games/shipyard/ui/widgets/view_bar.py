"""The view bar: which board panel is shown in a small terminal, and the keys to switch."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

VIEWS = (("market", "Market"), ("rondels", "Rondels"), ("yards", "Yards"),
         ("canals", "Canals"), ("seats", "Seats"), ("log", "Log"))


def view_key(number: int, function_keys: bool) -> str:
    """The key shown for the ``number``-th view (from 1): its digit, or while the
    digits pick yard cells its function key, F2 to F7 (F1 is the help)."""
    return f"F{number + 1}" if function_keys else str(number)


class ViewBar(Widget):
    """One line: ``1 Market 2 Rondels …`` with the current view in reverse video; while
    the digits pick yard cells, ``F2 Market F3 Rondels …``, the keys that work then."""

    DEFAULT_CSS = """
    ViewBar {
        height: 1;
    }
    """

    current: reactive[str] = reactive("market")
    """The view shown now."""

    function_keys: reactive[bool] = reactive(False)
    """Whether the digits are taken (they pick yard cells), so the bar shows F2–F7."""

    class Picked(Message):
        def __init__(self, view: str) -> None:
            super().__init__()
            self.view = view

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, (key, title) in enumerate(VIEWS, start=1):
            style = "reverse bold" if key == self.current else ""
            text.append(f" {view_key(number, self.function_keys)} ", style="bold")
            text.append(title, style=style)
        return text

    def on_click(self, event: events.Click) -> None:
        x = event.x
        pos = 0
        for number, (key, title) in enumerate(VIEWS, start=1):
            width = len(f" {view_key(number, self.function_keys)} ") + len(title)
            if pos <= x < pos + width:
                self.post_message(self.Picked(key))
                return
            pos += width
