"""Property tests over random games (hypothesis): after every move the invariants hold,
a JSON round trip gives the identical state, and a replay of the same seed and moves
keeps step with the game."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard_tui.games.shipyard.rules import Game
from support import legal_now
from support.invariants import check_final, check_invariants, json_round_trip, random_config

SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _play_and_check(players: int, seed: int, move_seed: int, solo: bool = False) -> None:
    config = random_config(players, seed, solo=solo)
    game = Game(config)
    twin = Game(config)
    rng = random.Random(move_seed)
    check_invariants(game)
    while not game.is_over:
        move = rng.choice(legal_now(game))
        game.push(move)
        twin.play(move)
        check_invariants(game)
        state = game.state.to_dict()
        assert twin.state.to_dict() == state
        assert json_round_trip(game).state.to_dict() == state
    check_final(game)
    replayed = Game.replay(config, game.moves)
    assert replayed.state.to_dict() == game.state.to_dict()
    assert [e.type for e in replayed.events] == [e.type for e in game.events]


@SETTINGS
@given(seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_two_seat_games_keep_every_invariant(seed, move_seed):
    _play_and_check(2, seed, move_seed)


@SETTINGS
@given(seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_three_seat_games_keep_every_invariant(seed, move_seed):
    _play_and_check(3, seed, move_seed)


@pytest.mark.slow(seconds=7)
@SETTINGS
@given(seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_four_seat_games_keep_every_invariant(seed, move_seed):
    _play_and_check(4, seed, move_seed)


@SETTINGS
@given(seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_solo_games_keep_every_invariant(seed, move_seed):
    _play_and_check(3, seed, move_seed, solo=True)
