"""The solo game through the interface: a whole game by keys, the automa shown step by
step (and skipped with a key), and the rating of R-12.5."""

from __future__ import annotations

import random
import re

import pytest

from shipyard_tui.games.shipyard.kind import solo_config
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.games.shipyard.ui.widgets.action_track import ActionTrack
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import round_of, solo_rating
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.palette import seat_mark
from shipyard_tui.ui.widgets.base import RENDER_ERRORS
from support.ui import choices, plain, play_to_the_end, settle, statics_text


@pytest.mark.slow(seconds=22, waits=True)
async def test_whole_solo_game_by_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = solo_config("Ann", seed=8)
    app = ShipyardApp(config=config, bot_delay=0.0)
    rng = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        await play_to_the_end(pilot, app, rng)
        assert isinstance(app.screen, ReviewScreen)
        shown = statics_text(app.screen)
        score = model.game.state.seats[0].score
        assert solo_rating(score) in shown
        moves = list(model.game.moves)
    replayed = Game.replay(config, moves)
    assert replayed.outcome() == model.game.outcome()
    wheel_turns = sum(1 for e in replayed.events if e.type == "WheelTurned")
    assert wheel_turns == 72
    assert RENDER_ERRORS == []


async def test_automa_turns_are_shown_step_by_step_and_a_key_skips_them(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    # each automa step stays on screen until a key, however slow the machine: at 0.5 s
    # a step, a loaded machine had moved on to Automa B before the prompt was read
    app = ShipyardApp(config=solo_config("Ann", seed=5), bot_delay=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        model = app.model
        assert model is not None
        while model.game.state.seats[0].turns == 0:
            await pilot.press("enter")
            await settle(pilot)
        assert screen.replaying
        prompt = str(screen.query_one("#prompt").content)
        assert "Automa A" in prompt and "flips" in prompt
        # the top line names the automa whose turn is shown, with its own mark: it said
        # "■ Ann: Automa A's turn", as if the turn were Ann's
        top = str(screen.query_one(StatusLine).render())
        automa = model.game.state.seats[1]
        assert top.endswith(f"{seat_mark(1)} {automa.name}: its turn (space: skip)"), top
        assert "Ann" not in top
        # and the round of that turn: the game is in round 2 by now, the automa played
        # their first turns in round 1
        state = model.game.state
        assert round_of(state.turn_number, len(state.seats)) == 2
        assert top.startswith(" Round 1 "), top
        assert choices(app) == []
        assert model.key_hints == {}  # no letters left on the board from the last choice
        await pilot.press("space")
        await settle(pilot)
        assert not screen.replaying
        assert choices(app)


async def test_the_automa_replay_shows_the_board_as_it_stood_after_each_turn(tmp_path,
                                                                            monkeypatch):
    """R-12.3: each automa turn was shown over the board as it is after both automa
    played (and the player's next turn began): the wheel, the track and the market of
    the present. Now the board shows the end of the automa turn being told."""
    from shipyard_tui.games.shipyard.rules.query import states_after_turns

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(config=solo_config("Ann", seed=5), bot_delay=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        model = app.model
        assert isinstance(screen, GameScreen) and model is not None
        # past the first turns, when the automa only place cubes
        while model.game.state.seats[0].turns < 2 or not screen.replaying:
            if screen.replaying:
                await pilot.press("space")
            else:
                await pilot.press("enter")
            await settle(pilot)
        present = model.game.state
        boards = states_after_turns(model.before, model.game.moves[-1])
        turn_a = max(e.turn for e in model.game.events
                     if e.type == "TurnStarted" and e.seat == 1)
        assert turn_a in boards
        shown = model.view
        assert model.showing_past
        past = boards[turn_a]
        assert (shown.wheel, shown.turn_number) == (past.wheel, past.turn_number)
        assert [t.action for t in shown.track] == [t.action for t in past.track]
        assert shown.market.ships == past.market.ships
        assert shown.wheel != present.wheel  # B's and Ann's step 1 turned it since
        assert "Automa A" in str(screen.query_one("#prompt").content)
        # the automa take no income and refuse nothing (R-12.3): the tiles' bottom edges
        # say only "taken" and "lead" during their turns, no "pays" or "not now"
        track = plain(screen.query_one(ActionTrack).render())
        last = re.findall(r"[\w+]+", track.rstrip("\n").splitlines()[-1])
        assert set(last) <= {"taken", "lead"}, track
        await pilot.press("space")
        await settle(pilot)
        assert not screen.replaying and not model.showing_past
        assert model.view.wheel == present.wheel


def test_solo_ratings_follow_r12_5():
    assert solo_rating(59).startswith("Keep practising")
    assert solo_rating(60).startswith("Newbie sailor")
    assert solo_rating(80).startswith("Experienced engineer")
    assert solo_rating(94).startswith("Experienced engineer")
    assert solo_rating(95).startswith("Born to be a ship builder")
