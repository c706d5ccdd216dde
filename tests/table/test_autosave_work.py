"""The autosave after every move does less work again (issue 39), and guarantees as much:
the moves' notations kept from one save to the next follow takebacks and replaced moves,
the body is encoded once with its checksum, and the autosave this session wrote last is
recognised by its bytes, so that any other file there is read as before."""

from __future__ import annotations

import json
import random

import pytest
from test_saves import random_game

from shipyard_tui import games
from shipyard_tui.saves import GameFile, SaveError, SaveStore, load
from shipyard_tui.saves.format import _canonical, _checksum
from shipyard_tui.simulate import simulation_config


@pytest.mark.parametrize("game_name", ["shipyard", "nauticus"])
def test_the_kept_notations_follow_takebacks_and_replaced_moves(game_name):
    game = games.kind(game_name).new_game(simulation_config(2, 5, game=game_name))
    rng = random.Random(5)
    takebacks = replaced = 0
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
        if game.can_undo and rng.random() < 0.2:
            game.undo()
            takebacks += 1
        if rng.random() < 0.05:
            game.moves = type(game).replay(game.config, [str(m) for m in game.moves]).moves
            replaced += 1
        notes = game.notations()
        assert notes == [str(m) for m in game.moves]
        notes.append("not a move")  # the caller's own list: the kept one is untouched
        assert game.to_json()["moves"] == [str(m) for m in game.moves]
    assert takebacks and replaced


@pytest.mark.parametrize("game_name", ["shipyard", "nauticus"])
def test_a_save_is_its_canonical_body_with_the_checksum(tmp_path, game_name):
    game = games.kind(game_name).new_game(simulation_config(2, 3, game=game_name))
    rng = random.Random(3)
    store = SaveStore(tmp_path / "saves", tmp_path / "finished", tmp_path / "trash")
    game_file = GameFile(store, "g1")
    game_file.claim()
    for _ in range(30):
        game.push(rng.choice(game.legal_moves()))
        path = game_file.save(game)
        body = json.loads(path.read_bytes())
        stored = body.pop("checksum")
        assert stored == _checksum(body)
        assert path.read_bytes() == _canonical({**body, "checksum": stored})
    assert [str(m) for m in load(path).game.moves] == [str(m) for m in game.moves]


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path / "saves", tmp_path / "finished", tmp_path / "trash")


def test_a_newer_revision_written_over_the_same_file_is_still_found(store):
    """Another writer that changes the autosave in place (same file, nearly the same
    bytes, only the revision raised) is told apart from this session's own save."""
    game_file = GameFile(store, "g1")
    game_file.claim()
    game_file.save(random_game(seed=1, moves=10))
    game_file.save(random_game(seed=1, moves=11))
    path = store.autosave_path("g1")
    mine = path.read_bytes()
    newer = mine.replace(b'"revision":1,', b'"revision":9,')
    assert newer != mine and len(newer) == len(mine)
    with path.open("r+b") as handle:
        handle.write(newer)
    with pytest.raises(SaveError) as caught:
        game_file.save(random_game(seed=1, moves=12))
    assert caught.value.kind == "newer_on_disk"
    assert path.read_bytes() == newer


def test_the_own_save_written_back_unchanged_is_still_this_sessions(store):
    game_file = GameFile(store, "g1")
    game_file.claim()
    game_file.save(random_game(seed=1, moves=10))
    path = store.autosave_path("g1")
    path.write_bytes(path.read_bytes())
    game_file.save(random_game(seed=1, moves=11))
    assert len(load(path).game.moves) == 11
    assert game_file.revision == 1 and game_file.still_ours()
