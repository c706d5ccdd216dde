"""The golden event streams (issue 11): restructuring the rules changes no game."""

from __future__ import annotations

import pytest

from golden_games import GAMES, load_golden

GOLDEN = load_golden()


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
