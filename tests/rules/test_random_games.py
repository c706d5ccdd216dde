"""Hundreds of complete random games for 2, 3 and 4 seats run without an error."""

from __future__ import annotations

import pytest

from support.invariants import check_final, check_invariants, random_config, random_game

GAMES_PER_COUNT = 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hundred_random_games_each(players):
    ends = set()
    for seed in range(GAMES_PER_COUNT):
        game = random_game(random_config(players, 1000 * players + seed), seed,
                           check=check_invariants)
        check_final(game)
        ends.add(game.state.end_trigger)
        assert game.outcome() is not None
    assert "countdown" in ends
