"""Each internal of Textual and Rich the program reads (ui/compat.py) still exists and
still means what the program takes it to mean: an upgrade that renames one fails here,
loudly, instead of silently in a crash path (issue 33)."""

from __future__ import annotations

import importlib

import pytest
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import App
from textual.filter import LineFilter, NoColor

from shipyard_tui.ui.compat import (
    OVERRIDDEN,
    column_cells,
    rendered_lines,
    swap_filters,
    terminal_driver,
)


class AsciiOnly(LineFilter):
    """A filter that turns every non-ASCII character into ``?``."""

    def apply(self, segments: list[Segment], background):  # type: ignore[no-untyped-def]
        return [Segment("".join(c if c.isascii() else "?" for c in s.text), s.style,
                        s.control) for s in segments]


@pytest.mark.parametrize(("module", "cls", "method"), OVERRIDDEN)
def test_each_overridden_private_method_still_exists(module: str, cls: str, method: str) -> None:
    owner = getattr(importlib.import_module(module), cls)
    assert callable(getattr(owner, method, None)), \
        f"{cls}.{method} is gone from Textual: the program's override no longer runs"


def test_column_cells_are_the_cells_added_in_order() -> None:
    table = Table("a", "b")
    table.add_row("1", Text("2"))
    table.add_row("3", "4")
    first, second = table.columns
    assert column_cells(first) == ["1", "3"]
    assert [str(c) for c in column_cells(second)] == ["2", "4"]


async def test_filters_are_swapped_and_the_driver_is_found() -> None:
    app: App[None] = App()
    async with app.run_test():
        assert terminal_driver(app) is not None
        swap_filters(app, lambda f: f)
        before = list(app._filters)
        swap_filters(app, lambda _f: NoColor())
        assert all(isinstance(f, NoColor) for f in app._filters)
        assert len(app._filters) == len(before)


async def test_rendered_lines_are_the_screen_as_sent_through_the_filters() -> None:
    from textual.widgets import Static

    class Hello(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("héllo")

    app = Hello()
    async with app.run_test(size=(20, 3)):
        plain = rendered_lines(app.screen, filtered=False)
        assert len(plain) == 3
        assert "".join(s.text for s in plain[0]).startswith("héllo")
        swap_filters(app, lambda _f: AsciiOnly())
        shown = rendered_lines(app.screen)
        assert "".join(s.text for s in shown[0]).startswith("h?llo")
