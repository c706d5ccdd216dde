"""A whole 2-seat game, human against a bot, played through the interface by key
presses only, to the final scores, checked against the engine."""

from __future__ import annotations

import random

from shipyard_tui.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.review import ReviewScreen
from shipyard_tui.ui.widgets.base import RENDER_ERRORS
from shipyard_tui.ui.widgets.choice_panel import OPTION_KEYS
from ui_helpers import choices, settle, statics_text


async def test_whole_two_seat_game_by_keys_matches_the_engine():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    rng = random.Random(11)
    presses = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        while not model.game.is_over:
            assert presses < 2000, "the game does not move on"
            if not model.human_to_move:
                await pilot.pause(0.01)
                continue
            legal = [c for c in choices(app) if c.move is not None]
            assert legal, f"no choice offered at {model.game.state.turn.step}"
            index = rng.randrange(min(len(legal), len(OPTION_KEYS)))
            await pilot.press(OPTION_KEYS[index], "enter")
            presses += 1
            await settle(pilot, 2)
        await settle(pilot)
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
