"""A whole 2-seat game, human against a bot, played through the interface by key
presses only, to the final scores, checked against the engine."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.widgets.base import RENDER_ERRORS
from support.ui import play_to_the_end, settle, statics_text


@pytest.mark.slow(seconds=32, waits=True)
async def test_whole_two_seat_game_by_keys_matches_the_engine():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    rng = random.Random(11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        presses = await play_to_the_end(pilot, app, rng)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("space", "space", "space")
        await settle(pilot)
        shown = statics_text(app.screen)
        outcome = model.game.outcome()
        assert outcome is not None
        for name, score in zip(("Ann", "Bob"), outcome.scores, strict=True):
            assert name in shown and str(score) in shown
        assert "reveals" in shown and "Traders" in shown
        played = list(model.game.moves)
    replayed = Game.replay(config, played)
    assert replayed.outcome() == outcome
    assert replayed.state.to_dict() == model.game.state.to_dict()
    assert presses > 50
    assert any(m.__class__.__name__ == "Choose" for m in played)
    assert RENDER_ERRORS == []
