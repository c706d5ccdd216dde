"""The shared test helpers (the tests' support package, and Shipyard's in rules_helpers) do what
their names say."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, Stage
from shipyard_tui.games.shipyard.rules import events as ev
from support import of_type, random_playout, since
from support.shipyard import finish_turn, random_game


def config(seed: int) -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")), seed=seed)


def test_random_playout_plays_to_the_end_with_the_moves_a_seeded_rng_draws():
    game = random_game(config(5), 5)
    assert game.is_over
    rng = random.Random(5)
    twin = Game(config(5))
    while not twin.is_over:
        twin.push(rng.choice(twin.legal_moves()))
    assert [str(m) for m in twin.moves] == [str(m) for m in game.moves]


def test_random_playout_stops_at_a_number_of_moves_and_calls_the_check():
    seen: list[int] = []
    game = random_playout(Game(config(2)), 2, moves=30, check=lambda g: seen.append(len(g.moves)))
    assert len(game.moves) == 30
    assert seen == list(range(1, 31))


def test_random_playout_with_a_limit_says_when_the_game_did_not_end():
    with pytest.raises(AssertionError, match="did not end"):
        random_playout(Game(config(3)), 3, checked=True, limit=10)


def test_random_playout_plays_nauticus_too():
    seats = (SeatConfig("Ann"), SeatConfig("Bob"))
    game = random_playout(NauticusGame(NauticusConfig(seats, seed=4)), 4)
    assert game.is_over


def test_of_type_and_since_pick_events():
    game = Game(config(1))
    start = len(game.events)
    game.play("choose build")
    later = since(game, start)
    assert later == game.events[start:] and later
    assert all(isinstance(e, ev.TurnStarted) for e in of_type(game.events, ev.TurnStarted))
    assert of_type(game.events, ev.TurnStarted)


def test_finish_turn_ends_the_turn_in_regular_play():
    game = Game(config(6))
    number = game.state.turn_number
    game.play(str(game.legal_moves()[0]))
    finish_turn(game)
    assert game.state.turn_number != number or game.state.stage is not Stage.PLAY
