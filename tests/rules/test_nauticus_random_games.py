"""Random Nauticus games for 2, 3 and 4 seats with the invariants after every move."""

from __future__ import annotations

import json

import pytest

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.rules.scoring import score_by_kind
from support.nauticus import Invariants, config, random_game

FAST_GAMES = 4
SLOW_GAMES = 300
SLOW_JSON_EVERY = 25
"""The 300-game runs check the JSON round trip of the state every 25th move (and at
the end); the fast runs and one slow game in fifty replay every move in lockstep."""


def check_finished(game: NauticusGame) -> None:
    """End-of-game checks: outcome, score breakdown, JSON and replay (NA-13, NA-14)."""
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    state = game.state
    assert state.round == state.config.rounds
    assert [sum(k.values()) for k in score_by_kind(game.events, len(state.seats))] == list(
        outcome.scores)
    data = json.loads(json.dumps(game.to_json(with_events=True)))
    again = NauticusGame.from_json(data)
    assert again.state.to_dict() == state.to_dict()
    assert again.events == game.events
    assert NauticusGame.from_json(data, replay=False).events == game.events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    for seed in range(FAST_GAMES):
        game = random_game(players, 7000 * players + seed, check=Invariants(),
                           shadow=seed == 0)
        check_finished(game)


@pytest.mark.slow(seconds=13)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_hundred_random_games_each(players):
    for seed in range(SLOW_GAMES):
        game = random_game(players, 100_000 * players + seed,
                           check=Invariants(SLOW_JSON_EVERY), shadow=seed % 50 == 0)
        check_finished(game)


def test_same_seed_and_moves_give_the_same_game_byte_for_byte():
    a = random_game(3, 5)
    b = NauticusGame.replay(config(3, 5), a.moves)
    assert json.dumps(a.to_json(with_events=True)) == json.dumps(b.to_json(with_events=True))
