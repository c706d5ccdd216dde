"""Bad input at the keyboard or a strange terminal loses nothing and says why."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from support.ui import settle


def app_for(tmp_path, monkeypatch) -> ShipyardApp:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)
    return ShipyardApp(config=config, bot_delay=0.0)


async def test_a_too_small_terminal_asks_for_room_and_the_game_waits(tmp_path, monkeypatch):
    app = app_for(tmp_path, monkeypatch)
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.has_class("-tiny")
        message = str(screen.query_one("#too-small").content)
        assert "60×18" in message and "80×24" in message
        moves = len(app.model.game.moves)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not screen.has_class("-tiny")
        assert len(app.model.game.moves) == moves


async def test_quitting_asks_first_and_the_game_stays_saved(tmp_path, monkeypatch):
    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.saves import SaveStore
    from shipyard_tui.ui.screens.confirm import ConfirmScreen

    app = app_for(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await settle(pilot)
        assert not isinstance(app.screen, GameScreen)
    assert SaveStore().latest_autosave() is not None
