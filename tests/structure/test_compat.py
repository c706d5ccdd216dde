"""Each internal of Textual and Rich the program reads (ui/compat.py) still exists and
still means what the program takes it to mean: an upgrade that renames one fails here,
loudly, instead of silently in a crash path (issue 33)."""

from __future__ import annotations

import importlib
import io

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import App
from textual.filter import LineFilter, NoColor

from shipyard_tui.ui.compat import (
    OVERRIDDEN,
    column_cells,
    lazy_strip_caches,
    quick_parameter_count,
    rendered_lines,
    share_parsed_css,
    swap_filters,
    table_width,
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


def test_stylesheets_share_what_they_parsed_per_css_and_variables(monkeypatch) -> None:
    import textual.css.stylesheet as stylesheet_module
    from textual.css.stylesheet import Stylesheet

    share_parsed_css()
    share_parsed_css()  # a second call changes nothing
    parsed: list[str] = []
    real_parse = stylesheet_module.parse

    def counting_parse(scope, css, *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(css)
        return real_parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting_parse)
    css = "Static.shared-css-test { color: $ink; }"

    def rules(ink: str) -> list:  # type: ignore[type-arg]
        sheet = Stylesheet(variables={"ink": ink})
        sheet.add_source(css, ("test", "shared-css-test"))
        sheet.parse()
        return sheet.rules

    red_once, red_again = rules("red"), rules("red")
    assert parsed == [css], "the same CSS with the same variables is parsed once"
    assert red_again == red_once
    blue = rules("blue")
    assert parsed == [css, css], "other variables (another theme) are parsed anew"
    colour = {name: str(found[0].styles.color) for name, found
              in (("red", red_once), ("blue", blue))}
    assert "255, 0, 0" in colour["red"] and "0, 0, 255" in colour["blue"]


async def test_two_apps_with_other_themes_each_keep_their_own_colours() -> None:
    share_parsed_css()

    class Themed(App[None]):
        CSS = "Screen { background: $primary; }"

    backgrounds = []
    for theme in ("textual-dark", "textual-light", "textual-dark"):
        app = Themed()
        app.theme = theme
        async with app.run_test():
            backgrounds.append(app.screen.styles.background)
    assert backgrounds[0] == backgrounds[2] != backgrounds[1]


def test_the_quick_parameter_count_counts_as_inspect_does() -> None:
    import functools
    import inspect

    import textual._callback as callback

    quick_parameter_count()
    quick_parameter_count()

    def plain(a, b):  # type: ignore[no-untyped-def]
        return a, b

    def defaults(a, b=1, *rest, c, d=2, **more):  # type: ignore[no-untyped-def]
        return a

    def only_positional(a, /, b):  # type: ignore[no-untyped-def]
        return a

    @functools.wraps(plain)
    def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
        return plain(*args, **kwargs)

    def signed(*args):  # type: ignore[no-untyped-def]
        return args

    signed.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("x", inspect.Parameter.POSITIONAL_ONLY)])

    class Holder:
        def method(self, a):  # type: ignore[no-untyped-def]
            return a

    closures = [(lambda k=k: k) for k in range(2)]
    for func in (plain, defaults, only_positional, wrapped, signed, lambda: None,
                 lambda x, *y: x, Holder().method, functools.partial(plain, 1), print,
                 *closures):
        assert callback._count_parameters(func) == len(inspect.signature(func).parameters), \
            func
    assert getattr(callback._count_parameters, "quick", False)
    assert callback.count_parameters(Holder().method) == 1


def test_table_width_is_what_rich_measures_or_none() -> None:
    import io

    from rich.console import Console

    def table(**options) -> Table:  # type: ignore[no-untyped-def]
        made = Table(**{"box": None, "show_header": False, **options})
        made.add_column("")
        made.add_column("", justify="right")
        made.add_row(Text("a longer cell"), Text("x"))
        made.add_row(Text("two\nlines, the second wider"), Text("wide ³ ★"))
        return made

    measured = [table(), table(padding=(0, 1, 0, 0), pad_edge=False),
                table(padding=(0, 2)), table(pad_edge=False, padding=(0, 3, 0, 1))]
    for made in measured:
        for width in (40, 200):
            console = Console(width=width, file=io.StringIO())
            assert table_width(made, width) == console.measure(made).maximum, (made, width)
        assert table_width(made, 10) is None, "too wide: Rich narrows it"
    # what the rule does not cover is left to Rich
    boxed = Table("a")
    boxed.add_row("b")
    assert table_width(boxed, 80) is None
    assert table_width(table(show_header=True), 80) is None
    with_string = Table(box=None, show_header=False)
    with_string.add_column("")
    with_string.add_row("a plain string")
    assert table_width(with_string, 80) is None


def test_strips_make_their_caches_only_when_used() -> None:
    from textual.strip import Strip

    assert lazy_strip_caches(), "Textual's Strip is no longer shaped as compat expects"
    assert lazy_strip_caches()  # a second call changes nothing
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    caches = [name for name in Strip.__slots__ if name.endswith("_cache")
              and name != "_render_cache"]
    assert len(caches) >= 5

    def made(name: str) -> bool:
        try:
            Strip.__dict__[name].slot.__get__(strip, Strip)
        except AttributeError:
            return False
        return True

    assert not any(made(name) for name in caches), "a new strip makes no cache"
    cropped = strip.crop(2, 9)
    assert cropped.text == "llo wor" and cropped.cell_length == 7
    assert strip.crop(2, 9) is cropped, "the crop cache keeps what it made"
    assert made("_crop_cache") and not made("_divide_cache")
    parts = strip.divide([3, 8, 11])
    assert [p.text for p in parts] == ["hel", "lo wo", "rld"]
    assert strip.divide([3, 8, 11]) is parts
    styled = strip.apply_style(Style(italic=True))
    assert all(seg.style is not None and seg.style.italic for seg in styled)
    assert strip.apply_style(Style(italic=True)) is styled
    longer = strip.extend_cell_length(14)
    assert longer.cell_length == 14 and longer.text == "hello world   "
    assert strip.crop_extend(0, 14, None).cell_length == 14
    assert strip.render(Console(file=io.StringIO())).count("hello") == 1
