"""How to play (issue 34): each game's pages for a newcomer, from the title screen and
from the help (``?``) at a table, paged by keys, in ASCII and without colour, the solo
rating scale being the one the result screen uses."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console

from shipyard_tui import games
from shipyard_tui.core.game import Options
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.shipyard.rules import Game, GameConfig
from shipyard_tui.games.shipyard.words import SOLO_RATINGS, solo_rating
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.screens.how_to_play import HowToPlayScreen, every_guide
from shipyard_tui.ui.screens.title import TitleScreen
from support.ui import settle

BOT = SeatConfig("Bob", SeatKind.BOT, "greedy")


def shipyard(edition: str = "second") -> Callable[[], Any]:
    return lambda: Game(GameConfig((SeatConfig("Ann"), BOT), seed=1, edition=edition))


def solo() -> Any:
    kind = games.kind("shipyard")
    return Game(kind.make_config([SeatConfig("Ann")], 1, Options(solo=True)))


def nauticus() -> Any:
    return NauticusGame(NauticusConfig((SeatConfig("Ann"), BOT), seed=1))


TABLES = [("Shipyard", shipyard()), ("Shipyard classic", shipyard("classic")),
          ("Shipyard solo", solo), ("Nauticus", nauticus)]
"""A game of each page set, by the title of the pages that explain it."""


def screen_text(app: ShipyardApp) -> str:
    return "\n".join("".join(s.text for s in line) for line in rendered_lines(app.screen))


def guide_screen(app: ShipyardApp) -> HowToPlayScreen:
    screen = app.screen
    assert isinstance(screen, HowToPlayScreen), type(screen)
    return screen


@pytest.fixture
def data(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))


async def test_the_title_screen_opens_every_game_s_pages_and_they_page_by_keys(data):
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        screen = guide_screen(app)
        titles = [guide.title for guide in screen.guides]
        assert titles[:4] == [title for title, _make in TABLES]
        pages = screen.pages
        assert "1 Goal" in screen_text(app) and "page 1 of" in screen_text(app)
        await pilot.press("right")
        assert screen.page == 1 and pages[1].title == "A turn"
        assert "Move up." in screen_text(app)
        await pilot.press("n", "n")
        assert screen.page == 3
        await pilot.press("p", "left")
        assert screen.page == 1
        await pilot.press("left", "left")  # no page before the first
        assert screen.page == 0
        await pilot.press(str(len(pages)))
        assert screen.page == len(pages) - 1
        await pilot.press("right")  # nor after the last
        assert screen.page == len(pages) - 1
        await pilot.press("9")  # no such page: stays
        assert screen.page == len(pages) - 1
        await pilot.press("tab")
        assert screen.guide == 1 and screen.page == 0
        assert "ring of 23" in (await _turned_to(pilot, app, 2))
        await pilot.press("shift+tab", "shift+tab")
        assert screen.guide == len(titles) - 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def _turned_to(pilot: Any, app: ShipyardApp, number: int) -> str:
    await pilot.press(str(number))
    await settle(pilot)
    return screen_text(app)


@pytest.mark.parametrize("title,make", TABLES, ids=[t for t, _m in TABLES])
async def test_the_help_at_a_table_opens_that_game_s_pages(data, title, make):
    app = ShipyardApp(game=make(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("question_mark")
        await settle(pilot)
        help_screen = app.screen
        assert "h opens How to play" in screen_text(app)
        await pilot.press("h")
        await settle(pilot)
        screen = guide_screen(app)
        assert [guide.title for guide in screen.guides] == [title]
        assert not screen.query_one("#guide-tabs").display  # one page set: no tabs
        first = screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert screen.page == 1 and screen_text(app) != first
        await pilot.press("p")
        assert screen.page == 0
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is help_screen
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table


async def test_the_solo_pages_say_the_rating_thresholds_the_result_screen_uses(data):
    app = ShipyardApp(game=solo(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark", "h")
        await settle(pilot)
        screen = guide_screen(app)
        titles = [page.title for page in screen.pages]
        assert "Automa" in titles
        shown = await _turned_to(pilot, app, titles.index("Rating") + 1)
        lowest = min(threshold for threshold, _words in SOLO_RATINGS)
        for threshold, words in SOLO_RATINGS:
            assert f"{threshold} or more" in shown and words in shown
            assert solo_rating(threshold) == words
        assert f"below {lowest}" in shown and solo_rating(lowest - 1) in shown


def every_page() -> Iterator[tuple[str, int]]:
    for guide in every_guide():
        for index in range(len(guide.pages)):
            yield guide.title, index


def test_every_drawing_has_an_ascii_form():
    """Drawn for ASCII, every page's drawing is ASCII whole (also the part that a small
    terminal scrolls to), before the line filter."""
    console = Console(width=80, record=True, color_system=None)
    for guide in every_guide():
        for page in guide.pages:
            if page.picture is None:
                continue
            with console.capture() as captured:
                console.print(page.picture(True))
            out = captured.get()
            assert out.strip() and out.isascii(), (guide.title, page.title, out)


@pytest.mark.parametrize("ascii", [True, False], ids=["ascii", "utf8"])
async def test_every_page_draws_in_ascii_and_without_colour(data, monkeypatch, ascii):
    monkeypatch.setenv("NO_COLOR", "1")
    app = ShipyardApp(bot_delay=0.0, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        screen = guide_screen(app)
        for guide in range(len(screen.guides)):
            for page in range(len(screen.pages)):
                text = await _turned_to(pilot, app, page + 1)
                where = (screen.guides[guide].title, page + 1)
                assert screen.pages[page].title in text, where
                assert not ascii or text.isascii(), (where, {c for c in text
                                                             if not c.isascii()})
            await pilot.press("tab")


async def test_a_wide_terminal_puts_the_drawing_beside_the_words(data):
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("h", "3")
        await settle(pilot)
        screen = guide_screen(app)
        text = screen.query_one("#page-text")
        picture = screen.query_one("#page-picture")
        assert screen.has_class("-wide")
        assert picture.region.x > text.region.right - 1
        assert picture.region.y == text.region.y


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


def test_a_third_game_offers_its_pages_through_the_seam(beacons):
    titles = [guide.title for guide in every_guide()]
    assert "Beacons" in titles
    kind = games.kind("beacons")
    assert kind.how_to_play()[0].title == "Goal"
    # a game that gives no pages is left out, and the default gives none
    assert super(type(kind), kind).how_to_play() == []
