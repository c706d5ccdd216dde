"""Changing board panels at a small terminal (issues 36 and 39): a panel shown again,
at the size it was drawn at and with the game unchanged meanwhile, keeps its drawing
instead of drawing anew (the key most players press over SSH while another decides);
a panel hidden while the game changed shows the game as it is now."""

from __future__ import annotations

from collections import Counter

from textual.widget import Widget

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.widgets.employee_track import EmployeeTrack
from shipyard_tui.games.shipyard.ui.widgets.exchange_ring import ExchangeRing
from shipyard_tui.games.shipyard.ui.widgets.piece_rings import PieceRings
from shipyard_tui.games.shipyard.ui.widgets.ship_display import ShipDisplay
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.widgets.base import RENDER_ERRORS, ModelWidget, fingerprint
from support import settle
from support.ui import drawn

RONDELS = (PieceRings, ExchangeRing, EmployeeTrack)


def against_the_beginner() -> ShipyardApp:
    """Ann, at the screen, against the beginner bot, which moves at once."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=5)
    return ShipyardApp(config=config, bot_delay=0.0)


def on_screen(app: ShipyardApp, widget: ModelWidget) -> list[str]:
    """The lines the terminal shows of ``widget``: the top of it, as far as the panels
    around it let it be seen."""
    region = widget.content_region
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Widget):
            region = region.intersection(ancestor.content_region)
    assert region.y == widget.content_region.y and region.height > 0
    lines = ["".join(seg.text for seg in line) for line in rendered_lines(app.screen)]
    return [line[region.x:region.right].rstrip() for line in lines[region.y:region.bottom]]


def top_of(lines: list[str], shown: list[str]) -> list[str]:
    """``lines`` cut to as many as are ``shown`` (a panel taller than its room)."""
    return lines[:len(shown)]


async def test_a_panel_shown_again_unchanged_is_not_drawn_anew(monkeypatch) -> None:
    draws: Counter[str] = Counter()
    real_draw = ModelWidget._draw

    def counting_draw(self: ModelWidget):  # type: ignore[no-untyped-def]
        draws[type(self).__name__] += 1
        return real_draw(self)

    monkeypatch.setattr(ModelWidget, "_draw", counting_draw)
    app = against_the_beginner()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("f2", "f3", "f4", "f2"):
            await pilot.press(key)
            await settle(pilot)
        display = app.screen.query_one(ShipDisplay)
        assert display.region, "the market is on screen"
        draws.clear()
        for key in ("f3", "f4", "f2", "f3", "f2"):
            await pilot.press(key)
            await settle(pilot)
        assert draws["ShipDisplay"] == 0 and sum(draws[w.__name__] for w in RONDELS) == 0, \
            draws
        # the market drawing on screen is the market now
        shown = on_screen(app, display)
        assert shown == top_of(drawn(display.render_view(app.model.view),
                                     display.content_region.width, "colour"), shown)
    assert RENDER_ERRORS == []


async def test_a_panel_hidden_while_the_game_changes_shows_it_as_it_is_now() -> None:
    app = against_the_beginner()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        await pilot.press("f3")  # the rondels drawn once, then hidden behind the market
        await settle(pilot)
        rondels = [app.screen.query_one(kind) for kind in RONDELS]
        before = [fingerprint(w.render_view(model.view)) for w in rondels]
        await pilot.press("f2")
        await settle(pilot)
        assert not any(w.region for w in rondels), "the rondels are hidden"
        for _ in range(12):  # play the first choice until a rondel changes
            if [fingerprint(w.render_view(model.view)) for w in rondels] != before:
                break
            await pilot.press("a", "enter")
            await settle(pilot)
            if "(y)" in "".join("".join(s.text for s in line)
                                for line in rendered_lines(app.screen)):
                await pilot.press("y")
                await settle(pilot)
        else:
            raise AssertionError("no move changed the rondels")
        await pilot.press("f3")
        await settle(pilot)
        for widget in rondels:
            width = widget.content_region.width
            expected = drawn(widget.render_view(model.view), width, "colour")
            shown = on_screen(app, widget)
            assert shown == top_of(expected, shown), type(widget).__name__
    assert RENDER_ERRORS == []


async def test_a_part_drawn_for_the_first_time_is_rendered_once_for_height_and_paint() -> None:
    """Textual measures a part's height, then paints it: both now read one rendering of
    the drawing. With the comparison of its lines once it has its size, a part is
    rendered twice as the app starts (it was four times: a table of the board each)."""
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table
    from textual.app import App, ComposeResult

    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.model import GameModel

    renders: list[int] = []

    class Counted:
        def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
            renders.append(options.max_width)
            table = Table("a", "b")
            table.add_row("one", "two")
            yield table

    class Part(ModelWidget):
        def render_view(self, view):  # type: ignore[no-untyped-def]
            return Counted()

    model = GameModel(Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=1)))

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Part(model)

    app = One()
    async with app.run_test(size=(60, 12)) as pilot:
        await settle(pilot)
        shown = "\n".join("".join(seg.text for seg in line)
                          for line in rendered_lines(app.screen))
        assert "one" in shown and "two" in shown
    assert renders == [60, 60], renders


async def test_the_parts_a_move_changes_are_drawn_in_one_callback_of_the_app(
        monkeypatch) -> None:
    """A move reached some twenty widgets, each woken by a message of its own to draw
    again; they are now drawn together in one callback of the app, and a part taken
    off the screen before that callback is simply skipped."""
    from textual.app import App

    from shipyard_tui.ui.widgets import base

    widget_callbacks: list[str] = []
    real_call_later = ModelWidget.call_later

    def counting(self, callback, *args, **kwargs):  # type: ignore[no-untyped-def]
        if getattr(callback, "__name__", "") == "_redraw_now":
            widget_callbacks.append(type(self).__name__)
        return real_call_later(self, callback, *args, **kwargs)

    monkeypatch.setattr(ModelWidget, "call_later", counting)
    app_callbacks: list[object] = []
    real_app_call_later = App.call_later

    def counting_app(self, callback, *args, **kwargs):  # type: ignore[no-untyped-def]
        app_callbacks.append(callback)
        return real_app_call_later(self, callback, *args, **kwargs)

    monkeypatch.setattr(App, "call_later", counting_app)
    app = against_the_beginner()
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        widget_callbacks.clear()
        app_callbacks.clear()
        display = app.screen.query_one(ShipDisplay)
        model.play(model.game.legal_moves()[0])
        await display.remove()  # gone before the batch is drawn
        await settle(pilot)
        assert widget_callbacks == []
        assert app_callbacks.count(base._redraw_batch) >= 1
        shown = "\n".join("".join(seg.text for seg in line)
                          for line in rendered_lines(app.screen))
        track = app.screen.query_one(EmployeeTrack)
        assert drawn(track.render_view(model.view), track.content_region.width,
                     "colour")[0] in shown
    assert RENDER_ERRORS == []
