"""No notice that names a seat's move outlives that seat's turn on screen (R-11.2).

A take-back notice ("Took back: …") can name a secret, such as the contract just
discarded; when the terminal passes to the next person it must already be gone.
"""

from __future__ import annotations

from shipyard_tui.rules import Action, GameConfig, SeatConfig
from shipyard_tui.rules import moves as mv
from shipyard_tui.rules.state import Step
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.hand_over import HandOverScreen
from ui_helpers import key_for, key_for_move, pick, settle


async def test_a_take_back_notice_is_gone_when_the_next_player_takes_the_terminal_r11_2(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    app = ShipyardApp(config=GameConfig((SeatConfig("Ann"), SeatConfig("Eva")), seed=0),
                      bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        model = app.model
        assert model is not None and model.viewer == 0
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.EQUIPMENT)))
        if model.game.state.turn.step is Step.BONUS_BEFORE:
            await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))
        await pick(pilot, app, key_for_move(app, mv.Take()))
        await pilot.press("u")
        await settle(pilot)
        assert any("Took back" in n.message for n in app._notifications)
        await pick(pilot, app, key_for_move(app, mv.Take()))
        if model.game.state.turn.step is Step.BONUS_AFTER:
            await pick(pilot, app, key_for_move(app, mv.NoBonus()))
        assert model.game.to_move == 1
        assert isinstance(app.screen, HandOverScreen)
        assert not list(app._notifications), [n.message for n in app._notifications]
