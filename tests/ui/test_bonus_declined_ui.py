"""Issue 35 items 1 and 3 (R-3.4): "No bonus action this turn" is the rules' move, so
the question does not come back after a save and a continue, and its key is the same
every turn and never buys a ship tile when the question does not come."""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.rules import Action, Game
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.games.shipyard.ui.choice_labels import DECLINE_KEY, GO_ON_KEY
from shipyard_tui.saves import SaveStore
from shipyard_tui.ui.app import ShipyardApp
from support.shipyard import finish_turn, solo_game
from support.ui import (
    choices,
    confirm_if_asked,
    key_for,
    key_for_label,
    key_for_move,
    panel,
    pick,
    settle,
)


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    return SaveStore()


def round_two() -> Game:
    """The play-test's game: `shipyard solo --seed 11`, at the player's second turn
    (Build Ships then brings 8 guilders: the bonus question comes)."""
    game = solo_game(seed=11)
    game.play("choose crew")
    finish_turn(game)
    assert game.state.turn.seat == 0 and game.state.turn.step is Step.CHOOSE
    return game


async def test_a_declined_bonus_stays_declined_after_save_and_continue_r3_4(store):
    """The play-test: decline, buy and place a free tile, quit, `shipyard continue`,
    finish building: the bonus question came back (the screen remembered the no)."""
    app = ShipyardApp(game=round_two(), bot_delay=0.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.BUILD)))
        assert app.model.game.state.turn.step is Step.BONUS_BEFORE
        await pick(pilot, app, key_for_label(app, "No bonus action this turn"))
        await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
        assert app.model.game.state.turn.step is Step.PLACE
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Place)))
        assert app.model.game.state.turn.step is Step.BUILD
        number = app.model.game.state.turn_number
        assert app.model.game.state.seats[0].guilders >= 6  # a bonus could be bought
    again = ShipyardApp(continue_last=True, bot_delay=0.0, store=store)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await confirm_if_asked(pilot, again)  # the test's first session still holds it
        game = again.model.game
        assert game.state.turn_number == number and game.state.turn.step is Step.BUILD
        played = len(game.moves)
        await pick(pilot, again, key_for_move(again, mv.EndBuild()))
        await settle(pilot)
        state = again.model.game.state
        assert not (state.turn_number == number and state.turn.step is Step.BONUS_AFTER)
        assert mv.NoBonus() not in again.model.game.moves[played:]


async def test_the_decline_key_is_the_same_and_never_buys_a_ship_tile_r3_4(store):
    """Item 3: the question comes only when a bonus action can be bought, so the key
    that declined it one turn was "buy the first ship tile" the next."""
    keys = []
    for guilders in (6, 9, 20):
        game = round_two()
        game.state.seats[0].guilders = guilders
        app = ShipyardApp(game=game, bot_delay=0.0, store=store)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pick(pilot, app, key_for_move(app, mv.Choose(Action.BUILD)))
            assert app.model.game.state.turn.step is Step.BONUS_BEFORE
            shown = choices(app)
            assert isinstance(shown[0].move, mv.DeclineBonus)
            assert isinstance(shown[1].move, mv.Proceed)
            keys.append((panel(app).key_of(0), panel(app).key_of(1)))
    assert set(keys) == {(DECLINE_KEY, GO_ON_KEY)}
    # no bonus question (too few guilders): those keys buy nothing
    game = round_two()
    game.state.seats[0].guilders = 0
    app = ShipyardApp(game=game, bot_delay=0.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.BUILD)))
        assert app.model.game.state.turn.step is Step.BUILD
        shown = panel(app)
        keyed = {shown.key_of(i): c.move for i, c in enumerate(shown.choices)}
        for key in (DECLINE_KEY, GO_ON_KEY):
            assert not isinstance(keyed.get(key), mv.Buy | mv.BuyBlank)
        played = len(app.model.game.moves)
        await pilot.press(DECLINE_KEY, "enter")
        await settle(pilot)
        assert not any(isinstance(m, mv.Buy | mv.BuyBlank)
                       for m in app.model.game.moves[played:])
