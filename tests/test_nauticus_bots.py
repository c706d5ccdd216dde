"""Nauticus bots play through the decision loop: legal moves only, whole games."""

from __future__ import annotations

import pytest

from nauticus_helpers import config, table
from shipyard_tui.core import SeatDriver
from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.bots import (
    NAUTICUS_BOT_LEVELS,
    bot_for_level,
    play_out,
    position_value,
)


@pytest.mark.parametrize("level", sorted(NAUTICUS_BOT_LEVELS))
def test_each_level_plays_whole_games_with_legal_moves_only(level):
    for players in (2, 3, 4) if level == "random" else (2,):
        game = NauticusGame(config(players, 40 + players))
        driver = SeatDriver({i: bot_for_level(level, i) for i in range(players)})
        while not game.is_over:
            decision = driver.decision(game)
            assert decision is not None
            move = decision.decide()
            assert move in game.legal_moves()
            game.push(move)
        assert game.outcome() is not None


def test_the_same_seeds_give_the_same_bot_game():
    def run():
        game = NauticusGame(config(2, 9))
        return play_out(game, {i: bot_for_level("greedy", i) for i in range(2)}).moves

    assert run() == run()


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(6):
        game = NauticusGame(config(2, seed))
        greedy = seed % 2
        bots = {greedy: bot_for_level("greedy", seed), 1 - greedy: bot_for_level("random", seed)}
        outcome = play_out(game, bots).outcome()
        assert outcome is not None
        wins += greedy in outcome.winners
    assert wins >= 5


def test_greedy_buys_hulls_rather_than_passing_with_two_blue_workers():
    game = table()
    game.play("choose hulls")
    move = bot_for_level("greedy", 0).choose(game.view(0), game.legal_moves())
    assert str(move).startswith("buy hull:")
    assert position_value(game.state, 0) > 0


def test_unknown_levels_are_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="greedy, planner, random"):
        bot_for_level("grandmaster", 0)
