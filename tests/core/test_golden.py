"""The golden event streams (issues 11 and 33): restructuring the rules or the layers
above them changes no game of either Shipyard or Nauticus."""

from __future__ import annotations

import pytest

from golden_games import GAMES, NAUTICUS_FILE, NAUTICUS_GAMES, load_golden

GOLDEN = load_golden()
NAUTICUS_GOLDEN = load_golden(NAUTICUS_FILE)


def test_the_golden_file_covers_every_game() -> None:
    assert len(GAMES) >= 200
    assert set(GOLDEN) == {game.key for game in GAMES}
    assert {game.players for game in GAMES} == {1, 2, 3, 4}
    assert {game.level for game in GAMES} == {"random", "greedy", "planner"}


@pytest.mark.parametrize("game", [
    pytest.param(game, id=game.key,
                 marks=[pytest.mark.slow] if game.level != "random" else [])
    for game in GAMES
])
def test_a_seeded_game_plays_exactly_as_recorded(game) -> None:
    assert game.play_hash() == GOLDEN[game.key]


def test_the_nauticus_golden_file_covers_every_game() -> None:
    assert len(NAUTICUS_GAMES) >= 200
    assert set(NAUTICUS_GOLDEN) == {game.key for game in NAUTICUS_GAMES}
    assert {game.players for game in NAUTICUS_GAMES} == {2, 3, 4}
    assert {game.level for game in NAUTICUS_GAMES} == {"random", "greedy", "planner",
                                                       "strong"}


@pytest.mark.parametrize("game", [
    pytest.param(game, id=game.key,
                 marks=[pytest.mark.slow] if game.level in ("planner", "strong") else [])
    for game in NAUTICUS_GAMES
])
def test_a_seeded_nauticus_game_plays_exactly_as_recorded(game) -> None:
    assert game.play_hash() == NAUTICUS_GOLDEN[game.key]
