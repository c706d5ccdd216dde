"""The two moves written ``pass`` (issue 11): no bonus action after the chosen one
(R-3.4) and no tile at the last chance (R-10.4) are two move types, told apart by the
decision they answer, and saves that write both as ``pass`` still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shipyard_tui.games.shipyard.rules import (
    DecisionStep,
    Game,
    GameConfig,
    MoveSyntaxError,
    parse_move,
)
from shipyard_tui.games.shipyard.rules.moves import NoBonus, NoLastTile, read_moves
from shipyard_tui.saves import decode, encode
from support.invariants import classic_config
from support.shipyard import new_game, random_game, solo_game

S = DecisionStep


def _finished_games() -> list[Game]:
    configs: list[GameConfig] = [
        new_game(2, seed=21).config, new_game(3, seed=22, advanced=True).config,
        new_game(4, seed=23, first_game=True).config, solo_game(seed=24).config,
        classic_config(3, 25), classic_config(2, 26),
    ]
    return [random_game(config, seed=k) for k, config in enumerate(configs)]


GAMES = _finished_games()


def _passes(game: Game) -> set[type]:
    return {type(m) for m in game.moves if str(m) == "pass"}


def test_the_random_games_hold_both_kinds_of_pass() -> None:
    assert all(game.is_over for game in GAMES)
    assert set().union(*(_passes(game) for game in GAMES)) == {NoBonus, NoLastTile}


def test_both_are_written_pass_but_are_different_moves() -> None:
    assert str(NoBonus()) == str(NoLastTile()) == "pass"
    assert NoBonus() != NoLastTile()


def test_r3_4_after_the_chosen_action_the_pass_offered_is_no_bonus() -> None:
    """R-3.4: every legal ``pass`` at the bonus question after the action is NoBonus;
    R-10.4: at the last chance it is NoLastTile; at no other decision is there one."""
    seen: set[DecisionStep] = set()
    for k, config in enumerate(game.config for game in GAMES):
        game = Game(config)
        replayed = Game.replay(config, [])
        for move in random_game(config, seed=k).moves:
            legal = game.legal_moves()
            kinds = {type(m) for m in legal if str(m) == "pass"}
            step = game.state.turn.step
            expected = {S.BONUS_AFTER: {NoBonus}, S.LAST_CHANCE: {NoLastTile}}.get(step, set())
            assert kinds == expected, step
            if kinds:
                seen.add(step)
            game.push(move)
            replayed.play(str(move))
        assert replayed.moves == game.moves
    assert seen == {S.BONUS_AFTER, S.LAST_CHANCE}


def test_pass_typed_at_each_decision_means_that_decisions_pass() -> None:
    """``Game.play("pass")`` reads the text at the decision the game stands at."""
    for game in GAMES:
        twin = Game(game.config)
        for move in game.moves:
            if str(move) == "pass":
                twin.play("pass")
                assert type(twin.moves[-1]) is type(move)
            else:
                twin.push(move)
    assert parse_move("pass", S.BONUS_AFTER) == NoBonus()
    assert parse_move("pass", S.LAST_CHANCE) == NoLastTile()


@pytest.mark.parametrize("step", [None, S.CHOOSE, S.BONUS_BEFORE, S.BUILD, S.DISCARD])
def test_pass_is_no_move_where_nothing_can_be_declined(step) -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move("pass", step)


def test_reading_a_move_list_without_playing_it_tells_the_passes_apart() -> None:
    """R-10.3, R-10.4: the passes after the first final action are last-chance passes."""
    for game in GAMES:
        read = read_moves(str(m) for m in game.moves)
        assert [type(m) for m in read] == [type(m) for m in game.moves]


@pytest.mark.parametrize("replay", [True, False])
def test_a_game_with_both_kinds_of_pass_comes_back_from_its_json(replay) -> None:
    for game in GAMES:
        data = json.loads(json.dumps(game.to_json(with_events=True)))
        loaded = Game.from_json(data, replay=replay)
        assert [type(m) for m in loaded.moves] == [type(m) for m in game.moves]


def test_a_save_with_each_kind_of_pass_loads(tmp_path: Path) -> None:
    for k, game in enumerate(GAMES):
        where = tmp_path / f"g{k}.json"
        loaded = decode(encode(game, f"g{k}", "passes"), where).game
        assert isinstance(loaded, Game)
        assert loaded.moves == game.moves
        assert _passes(loaded) == _passes(game)


def test_an_old_rules_save_reads_its_last_chance_pass_for_the_review() -> None:
    """The revision-1 save cannot be replayed; its moves are read without playing."""
    path = Path(__file__).parent.parent / "data" / "save-rules-1.json"
    loaded = decode(path.read_bytes(), path, review=True).game
    assert isinstance(loaded, Game)
    finals = [i for i, m in enumerate(loaded.moves) if str(m).startswith("final")]
    passes = [(i, type(m)) for i, m in enumerate(loaded.moves) if str(m) == "pass"]
    assert passes and finals
    assert all(kind is (NoLastTile if i > finals[0] else NoBonus) for i, kind in passes)
    assert {kind for _i, kind in passes} == {NoBonus, NoLastTile}
