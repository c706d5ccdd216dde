"""Random classic games (CLASSIC.md) for 2, 3 and 4 seats with the invariants after
every move; property tests with a JSON round trip and a replay after every move."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard_tui.games.shipyard.rules import Game
from support import legal_now
from support.invariants import (
    check_classic,
    check_final,
    classic_config,
    classic_random_game,
    json_round_trip,
)

SLOW_GAMES = 300
"""Random classic games per seat count in the slow suite (issue 15)."""
FAST_GAMES = 3


def _games(players: int, count: int) -> None:
    ends = Counter()
    for k in range(count):
        game = classic_random_game(players, 7000 * players + k)
        ends[game.state.end_trigger] += 1
        assert game.outcome() is not None
        if game.state.end_trigger == "countdown":
            firsts = 2 if players == 2 else 1
            assert {s.turns for s in game.state.seats} == {23 + firsts}  # RC-3.8
    assert ends["countdown"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_random_classic_games(players):
    _games(players, FAST_GAMES)


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_hundred_random_classic_games_each(players):
    _games(players, SLOW_GAMES)


SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play_and_check(players: int, seed: int, move_seed: int) -> None:
    config = classic_config(players, seed)
    game = Game(config)
    rng = random.Random(move_seed)
    seen = check_classic(game)
    while not game.is_over:
        game.push(rng.choice(legal_now(game)))
        seen = check_classic(game, seen)
        assert json_round_trip(game).state.to_dict() == game.state.to_dict()
    check_final(game)
    replayed = Game.replay(config, game.moves)
    assert replayed.state.to_dict() == game.state.to_dict()
    assert [e.type for e in replayed.events] == [e.type for e in game.events]


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_classic_games_keep_every_invariant_and_round_trip(players, seed, move_seed):
    _play_and_check(players, seed, move_seed)
