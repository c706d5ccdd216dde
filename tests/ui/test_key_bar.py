"""The key bar at the foot of every screen: what Textual's footer shows, as one widget
that draws again only when its keys change (issue 39: the footer was a third of the
processor time a table screen took to open)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Button, Footer

from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.widgets.key_bar import KeyBar


class Keyed(Widget, can_focus=True):
    """A focusable widget with a key of its own."""

    BINDINGS = [Binding("x", "noted('x')", "Extra")]

    def action_noted(self, what: str) -> None:
        self.app.noted.append(what)  # type: ignore[attr-defined]


class Keys(App[None]):
    BINDINGS = [
        Binding("a", "noted('a')", "Apple"),
        Binding("b", "noted('b')", "Banana"),
        Binding("B", "noted('b')", "Banana again"),  # one action: shown once
        Binding("h", "noted('h')", "Hidden", show=False),
        Binding("n", "noted('n')", "Not now"),
        Binding("ctrl+s", "noted('s')", "Save as"),
    ]

    def __init__(self, bar: Widget) -> None:
        super().__init__()
        self.bar = bar
        self.noted: list[str] = []

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield Keyed(id="keyed")
        yield self.bar

    def action_noted(self, what: str) -> None:
        self.noted.append(what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if parameters == ("n",) else True


def bottom_line(app: App[None]) -> list[tuple[str, str]]:
    line = rendered_lines(app.screen, filtered=False)[-1]
    return [(segment.text, str(segment.style)) for segment in line]


def text_of(line: list[tuple[str, str]]) -> str:
    return "".join(text for text, _ in line)


async def drawn_line(bar: Widget, size: tuple[int, int] = (80, 6)) -> list[tuple[str, str]]:
    app = Keys(bar)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        return bottom_line(app)


async def test_the_bar_shows_what_textuals_footer_shows() -> None:
    for size in ((80, 6), (160, 6), (30, 6)):
        footer = text_of(await drawn_line(Footer(), size))
        bar = text_of(await drawn_line(KeyBar(), size))
        assert bar == footer, size
    shown = text_of(await drawn_line(KeyBar()))
    assert " a Apple  b Banana  n Not now  ^s Save as " in shown
    assert "Hidden" not in shown and "again" not in shown
    assert shown.rstrip().endswith("▏^p palette")


async def test_keys_look_as_in_the_footer_and_a_key_not_now_is_dim() -> None:
    footer = await drawn_line(Footer())
    bar = await drawn_line(KeyBar())
    key_styles = {style for text, style in footer if text.strip() in ("a", "b", "^s")}
    assert key_styles and key_styles == {style for text, style in bar
                                         if text.strip() in ("a", "b", "^s")}
    [not_now] = [style for text, style in bar if text.strip() == "n"]
    assert "dim" in not_now
    assert "dim" not in next(style for text, style in bar if text.strip() == "a")


async def test_a_click_presses_the_key_and_a_key_not_now_only_rings() -> None:
    bar = KeyBar()
    app = Keys(bar)
    bells: list[int] = []
    app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        shown = text_of(bottom_line(app))
        await pilot.click(KeyBar, offset=(shown.index("Banana"), 0))
        await pilot.click(KeyBar, offset=(shown.index(" a ") + 1, 0))
        await pilot.pause()
        assert app.noted == ["b", "a"]
        await pilot.click(KeyBar, offset=(shown.index("Not now"), 0))
        await pilot.click(KeyBar, offset=(shown.rindex("  ") , 0))  # between keys: nothing
        await pilot.pause()
        assert app.noted == ["b", "a"] and bells == [1]


async def test_a_change_of_focus_draws_again_only_when_the_keys_change() -> None:
    bar = KeyBar()
    app = Keys(bar)
    renders: list[int] = []
    original = bar.render

    def counted() -> object:
        renders.append(1)
        return original()

    bar.render = counted  # type: ignore[method-assign]
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        before = len(renders)
        for target in ("#two", "#one", "#two"):
            app.query_one(target).focus()
            await pilot.pause()
        assert len(renders) == before  # the same keys: not drawn again
        assert "Extra" not in text_of(bottom_line(app))
        app.query_one("#keyed").focus()
        await pilot.pause()
        await pilot.pause()
        assert len(renders) > before
        assert " x Extra " in text_of(bottom_line(app))
