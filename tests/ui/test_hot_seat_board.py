"""At a hot-seat table the person at the screen sees their own yard and canals first.

On a small terminal the Yards view has room for about one yard: the person placing a
tile must see theirs whole, not the first seat's with theirs cut off below it.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import Action, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.games.shipyard.ui.widgets.canal_map import CanalMap
from shipyard_tui.games.shipyard.ui.widgets.seat_panel import SeatPanel
from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.hand_over import HandOverScreen
from support.ui import key_for, key_for_move, pick, settle, until


def yard_order(screen: GameScreen) -> list[int]:
    return [grid.seat for grid in screen.query_one("#yards").query_children(ShipyardGrid)]


def panel_order(screen: GameScreen) -> list[str]:
    return [str(panel.id) for panel in screen.query_one("#seats").query_children(SeatPanel)]


def shown_whole(screen: GameScreen, seat: int) -> bool:
    box = screen.query_one("#yards").content_region
    grid = screen.query_one(f"#yard-{seat}", ShipyardGrid).region
    return box.contains_region(grid)


async def test_the_person_at_the_screen_sees_their_own_yard_and_canals_first(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob"),
                         SeatConfig("Cy", SeatKind.BOT, "sensible")), seed=4)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.game.state.start_seat == 1  # Bob starts
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and model.viewer == 1
        # Bob choosing his action already has his own canals and yard in front
        assert screen.query_one(CanalMap).seat == 1
        assert yard_order(screen) == [1, 2, 0]
        assert panel_order(screen) == ["seat-1", "seat-2", "seat-0"]
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.BUILD)))
        if model.game.state.turn.step is Step.BONUS_BEFORE:
            await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))
        await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
        assert model.game.state.turn.step is Step.PLACE
        await settle(pilot)
        assert screen.view_name == "yards"
        assert yard_order(screen) == [1, 2, 0]
        assert shown_whole(screen, 1)
        screen._set_view("canals")
        await settle(pilot)
        assert screen.query_one(CanalMap).seat == 1
        # a wider terminal and back keeps Bob's board in front
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert yard_order(screen) == [1, 2, 0]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        screen._set_view("yards")
        await settle(pilot)
        assert shown_whole(screen, 1)
        # Bob ends his turn; after Cy's, Ann takes the screen and sees hers first
        await pick(pilot, app, key_for_move(app, mv.Place(0)))
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.EndBuild)))
        for _ in range(3):
            if model.game.state.turn.step is Step.BONUS_AFTER:
                await pick(pilot, app, key_for_move(app, mv.NoBonus()))
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert model.game.to_move == 0
        await pilot.press("enter")
        await settle(pilot)
        assert model.viewer == 0
        assert yard_order(screen) == [0, 1, 2]
        assert panel_order(screen) == ["seat-0", "seat-1", "seat-2"]
        assert screen.query_one(CanalMap).seat == 0
