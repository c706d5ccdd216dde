"""Saves of Nauticus games: the same file, checks and one-writer lease as Shipyard's,
and a save is only ever read back as the game it records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shipyard_tui import paths
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.saves import (
    GameFile,
    GameInUse,
    SaveError,
    SaveStore,
    _checksum,
    load,
    read_info,
)
from support.invariants import random_config


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    return SaveStore()


def nauticus_game(players: int = 2, seed: int = 5, moves: int | None = None) -> NauticusGame:
    seats = [SeatConfig("Ann")] + [SeatConfig(f"Bot {i}", SeatKind.BOT, "greedy")
                                   for i in range(1, players)]
    game = NauticusGame(NauticusConfig(tuple(seats), seed=seed))
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.push(rng.choice(game.legal_moves()))
    return game


def rewrite(path: Path, change) -> None:
    """Change a save's body and give it a valid checksum again."""
    body = json.loads(path.read_bytes())
    body.pop("checksum")
    change(body)
    body["checksum"] = _checksum(body)
    path.write_text(json.dumps(body), encoding="utf-8")


def test_autosave_after_every_move_loads_the_identical_nauticus_game(store):
    game = nauticus_game(2, seed=3, moves=0)
    game_file = GameFile(store, "naut-1")
    game_file.claim()
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
        where = game_file.save(game)
        if game.is_over:
            assert where == store.finished_path("naut-1")
            assert not store.autosave_path("naut-1").exists()
        loaded = load(where)
        assert isinstance(loaded.game, NauticusGame)
        assert loaded.game.state.to_dict() == game.state.to_dict()
        assert [str(m) for m in loaded.game.moves] == [str(m) for m in game.moves]
        assert loaded.info.game_name == "nauticus"
    info = read_info(store.finished_path("naut-1"))
    assert info.over and info.stage == "over"
    assert info.scores == tuple(s.vp for s in game.state.seats)
    assert game_file.revision > 100  # one write per move


def test_a_nauticus_save_records_its_game_and_summary(store):
    game = nauticus_game(3, moves=40)
    path = store.autosave(game, "naut-2")
    body = json.loads(path.read_bytes())
    assert body["game_name"] == "nauticus"
    info = read_info(path)
    assert info.seats == ("Ann", "Bot 1", "Bot 2")
    assert info.kinds == ("human", "bot", "bot")
    assert info.turn == game.state.round
    assert info.stage.startswith(f"round {game.state.round} of ")
    assert info.to_move == game.state.seats[game.to_move].name


def test_a_shipyard_save_records_shipyard_and_old_saves_without_it_are_shipyard(store):
    game = Game(random_config(2, 4))
    path = store.autosave(game, "ship-1")
    assert json.loads(path.read_bytes())["game_name"] == "shipyard"
    rewrite(path, lambda body: body.pop("game_name"))
    loaded = load(path)
    assert isinstance(loaded.game, Game)
    assert loaded.info.game_name == "shipyard"


def test_a_nauticus_save_relabelled_as_shipyard_is_refused(store):
    path = store.autosave(nauticus_game(moves=10), "naut-3")
    rewrite(path, lambda body: body.update(game_name="shipyard"))
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.kind == "invalid_game"


def test_a_shipyard_save_relabelled_as_nauticus_is_refused(store):
    path = store.autosave(Game(random_config(2, 4)), "ship-2")
    rewrite(path, lambda body: body.update(game_name="nauticus"))
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.kind == "invalid_game"
    assert "not a Nauticus game" in caught.value.message


def test_expecting_one_game_refuses_the_other(store):
    naut = store.autosave(nauticus_game(moves=5), "naut-4")
    ship = store.autosave(Game(random_config(2, 4)), "ship-3")
    with pytest.raises(SaveError) as caught:
        load(naut, expect="shipyard")
    assert caught.value.kind == "other_game"
    assert "Nauticus" in caught.value.message
    with pytest.raises(SaveError) as caught:
        load(ship, expect="nauticus")
    assert caught.value.kind == "other_game"
    assert isinstance(load(naut, expect="nauticus").game, NauticusGame)
    assert isinstance(load(ship, expect="shipyard").game, Game)


def test_an_unknown_game_is_named(store):
    path = store.autosave(nauticus_game(moves=5), "naut-5")
    rewrite(path, lambda body: body.update(game_name="chess\x1b[2J"))
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.kind == "unknown_game"
    assert "\x1b" not in caught.value.message


def test_a_nauticus_save_with_an_unknown_bot_level_is_refused(store):
    path = store.autosave(nauticus_game(moves=5), "naut-6")

    def change(body):
        body["game"]["config"]["seats"][1]["level"] = "wizard"

    rewrite(path, change)
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.kind == "invalid_game"


def test_one_session_writes_a_nauticus_game_and_another_can_take_it_over(store):
    game = nauticus_game(moves=6)
    first = GameFile(store, "naut-7")
    first.claim()
    first.save(game)
    second = GameFile(store, "naut-7")
    with pytest.raises(GameInUse):
        second.claim()
    second.claim(take_over=True)
    game.push(game.legal_moves()[0])
    with pytest.raises(SaveError) as caught:
        first.save(game)
    assert caught.value.kind == "taken_over"
    assert first.unsaved == 1
    copy = first.emergency_copy(game)
    assert copy is not None
    loaded = load(copy)
    assert isinstance(loaded.game, NauticusGame)
    assert len(loaded.game.moves) == len(game.moves)


def test_a_damaged_nauticus_autosave_offers_its_good_backup(store):
    game = nauticus_game(moves=8)
    store.autosave(game, "naut-8")
    game.push(game.legal_moves()[0])
    path = store.autosave(game, "naut-8")
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.backup is not None
    assert isinstance(load(caught.value.backup).game, NauticusGame)


def test_listings_show_both_games(store):
    store.archive(nauticus_game(2, seed=9), "naut-9")
    finished_ship = Game(random_config(2, 6))
    rng = random.Random(6)
    while not finished_ship.is_over:
        finished_ship.push(rng.choice(finished_ship.legal_moves()))
    store.archive(finished_ship, "ship-9")
    names = sorted(info.game_name for info, _, _ in store.list_finished() if info)
    assert names == ["nauticus", "shipyard"]


# -- the command line ---------------------------------------------------------------


def finished_nauticus(store: SaveStore, game_id: str = "naut-end") -> NauticusGame:
    game = nauticus_game(3, seed=21)
    store.archive(game, game_id)
    return game


def test_shipyard_scores_reviews_a_nauticus_game(store, capsys):
    from shipyard_tui import cli

    game = finished_nauticus(store)
    assert cli.main(["scores", "naut-end", "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert "Final VP by kind" in out and "Pass penalties" in out
    assert "Ann's ships" in out and "Score over time" in out
    for seat in game.state.seats:
        assert str(seat.vp) in out


def test_shipyard_scores_json_sums_to_the_engine_scores(store, capsys):
    from shipyard_tui import cli

    game = finished_nauticus(store)
    assert cli.main(["scores", "naut-end", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "nauticus"
    for seat in game.state.seats:
        assert sum(data["kinds"][seat.name].values()) == seat.vp  # NA-13: every VP sourced
        assert data["history"][seat.name][-1] == seat.vp
    assert len(data["history"]["Ann"]) == game.config.rounds + 1


def test_history_names_the_game_of_each_finished_game(store, capsys):
    from shipyard_tui import cli

    finished_nauticus(store)
    assert cli.main(["history"]) == 0
    line = capsys.readouterr().out.strip()
    assert "Nauticus" in line and "naut-end" in line


def test_analyse_reads_a_nauticus_game_by_its_id(store, capsys, monkeypatch):
    """Nauticus games are analysed now (issue 33: the search itself is tested in
    tests/bots/test_nauticus_key_moments.py, the refusal with the tests' third game in
    tests/table/test_every_game_cli.py)."""
    from shipyard_tui import cli
    from shipyard_tui.core.advice import MomentsReport
    from shipyard_tui.games.nauticus import analysis

    asked = []

    def searched(game, **kwargs):  # type: ignore[no-untyped-def]
        asked.append((len(game.moves), kwargs["budget_ms"], kwargs["seats"], kwargs["top"]))
        return MomentsReport(("Ann", "Bot 1", "Bot 2"), (0,), {0: 9}, {0: ()}, {0: 0.0})

    monkeypatch.setattr(analysis, "analyse_game", searched)
    game = finished_nauticus(store)
    assert cli.main(["analyse", "naut-end", "--budget", "2", "--top", "1"]) == 0
    assert asked == [(len(game.moves), 2, (0,), 1)]
    assert capsys.readouterr().out.startswith("Ann: 9 decisions searched")


def test_play_refuses_shipyard_options_and_unknown_levels_for_nauticus(store, capsys):
    from shipyard_tui import cli

    assert cli.main(["play", "--game", "nauticus", "--first-game"]) == 2
    assert "no first-game" in capsys.readouterr().err
    assert cli.main(["play", "--game", "nauticus", "--seat", "A:human",
                     "--seat", "B:bot:wizard"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_the_load_screen_line_names_nauticus_and_its_round(store):
    from shipyard_tui.ui.screens.load import save_line

    game = nauticus_game(2, moves=30)
    path = store.autosave(game, "naut-line")
    line = save_line(read_info(path), path, "").plain
    assert "Nauticus" in line and f"round {game.state.round} of 4" in line
    assert "Ann 10" in line or f"Ann {game.state.seats[0].vp}" in line
