"""The title screen's menu is made when the screen is first shown (issue 39): a game
started from the command line (``shipyard play``, ``continue``, ``load``) opens over
it at once, and building the menu there, reading the saves for its Continue entry,
was a tenth of the app's start."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.confirm import ConfirmScreen
from shipyard_tui.ui.screens.title import TitleScreen
from support.ui import settle


def _config() -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=5)


def _title(app: ShipyardApp) -> TitleScreen:
    titles = [screen for screen in app.screen_stack if isinstance(screen, TitleScreen)]
    assert len(titles) == 1, app.screen_stack
    return titles[0]


async def test_a_game_started_at_once_leaves_the_menu_unmade_until_it_is_left() -> None:
    app = ShipyardApp(config=_config(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = _title(app)
        assert app.screen is not title
        assert not title.query(OptionList), "the menu was made under the game"
        await pilot.press("1")  # a board panel: the table goes on as before
        await settle(pilot)
        assert not title.query(OptionList)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is title
        menu = title.query_one("#title-menu", OptionList)
        assert app.focused is menu
        continued = menu.get_option("continue")
        assert not continued.disabled  # the game just left is the one to continue
        assert "Ann, Bob" in str(continued.prompt)
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is not title and app.playing is not None
        await pilot.press("q", "y")
        await settle(pilot)
        assert app.screen is title
        assert len(title.query("#title-menu")) == 1  # made once, shown again


async def test_the_title_shown_first_has_its_menu_at_once() -> None:
    app = ShipyardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = _title(app)
        assert app.screen is title
        menu = title.query_one("#title-menu", OptionList)
        assert app.focused is menu
        continued = menu.get_option("continue")
        assert continued.disabled and "none unfinished" in str(continued.prompt)
        await pilot.press("down", "enter")  # the arrows and Enter reach the menu
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"


async def test_a_title_under_a_save_that_cannot_be_read_is_made_once_it_shows(
        tmp_path: Path) -> None:
    """``shipyard load`` of a broken file: the problem is shown over the title, whose
    menu is made when the problem is put away."""
    broken = tmp_path / "broken.json"
    broken.write_text("{not a save")
    app = ShipyardApp(load_path=broken)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = _title(app)
        assert type(app.screen).__name__ == "ProblemScreen"
        assert not title.query(OptionList)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is title
        assert app.focused is title.query_one("#title-menu", OptionList)
