"""The classic rules everywhere a game is set up or read (issue 15): the command line
(play, simulate, tournament, scores), saves, the review and the bots (RC-1.1)."""

from __future__ import annotations

import argparse
import json

import pytest

from shipyard_tui import cli
from shipyard_tui.games.shipyard.review import build_review, review_json
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules.catalog import CLASSIC_CATALOG
from shipyard_tui.saves import SaveError, _checksum, decode, encode
from shipyard_tui.simulate import play_out


def _classic(players: int = 2, seed: int = 1, level: str = "random") -> GameConfig:
    seats = tuple(SeatConfig(f"Bot {i + 1}", SeatKind.BOT, level) for i in range(players))
    return GameConfig(seats, seed=seed, edition="classic")


def test_simulate_rules_classic_names_the_rules_on_every_json_line(capsys):
    assert cli.main(["simulate", "--rules", "classic", "--players", "3", "--games", "2",
                     "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["rules"] for line in lines] == ["classic", "classic"]
    assert all(line["turns"] == [24, 24, 24] or line["end"] == "ship_tiles" for line in lines)
    assert cli.main(["simulate", "--players", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "second"


def test_simulate_refuses_a_classic_solo_game_rc_12_1(capsys):
    assert cli.main(["simulate", "--rules", "classic", "--solo"]) == 2
    assert "no solo" in capsys.readouterr().err


def test_tournament_rules_classic(capsys):
    assert cli.main(["tournament", "--rules", "classic", "--players", "2",
                     "--bots", "random,greedy", "--games", "2", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games = [line for line in lines if "game" in line]
    assert len(games) == 2 and all(g["rules"] == "classic" for g in games)


def test_play_rules_classic_sets_up_a_classic_game():
    args = argparse.Namespace(seat=[], players=3, first_game=False, advanced=False,
                              seed=5, rules="classic")
    config = cli._play_config(args)
    assert config.edition == "classic" and config.players == 3
    args.advanced = True
    with pytest.raises(ValueError, match="3 \\+ 3"):
        cli._play_config(args)


@pytest.mark.parametrize("level", ["random", "greedy", "planner"])
def test_the_bots_play_classic_games_legally(level):
    game = play_out(_classic(2, seed=3, level=level))
    assert game.is_over
    replay = Game.replay(game.config, game.moves)  # every move was legal
    assert replay.state.to_dict() == game.state.to_dict()
    assert all(len(seat.yard) == 9 for seat in game.state.seats)


def test_the_strong_bot_plays_a_classic_game_legally():
    game = play_out(_classic(2, seed=4, level="strong"), budget_ms=2)
    assert game.is_over
    assert Game.replay(game.config, game.moves).state.to_dict() == game.state.to_dict()


def test_a_save_records_its_rules_and_is_never_continued_as_the_other_rc_1_1(tmp_path):
    game = play_out(_classic(2, seed=6))
    where = tmp_path / "classic.json"
    data = encode(game, "g" * 12, "classic game")
    loaded = decode(data, where)
    assert loaded.game.config.edition == "classic"
    assert loaded.game.state.to_dict() == game.state.to_dict()
    body = json.loads(data)
    del body["game"]["config"]["edition"]  # relabelled as a 2nd-edition game
    body.pop("checksum")
    body["checksum"] = _checksum(body)
    with pytest.raises(SaveError):
        decode(json.dumps(body).encode(), where)


def test_the_review_of_a_classic_game_and_shipyard_scores(tmp_path, monkeypatch, capsys):
    game = play_out(_classic(3, seed=7, level="greedy"))
    review = build_review(game)
    assert review.edition == "classic"
    assert review.totals == tuple(s.score for s in game.state.seats)
    keys = [row.key for row in review.rows]
    contracts = [k for k in keys if k in CLASSIC_CATALOG.contract_deck]
    assert contracts and all(k[0] in "GB" for k in contracts)
    greens = [k for k in contracts if k.startswith("G")]
    assert contracts[: len(greens)] == greens  # green before blue
    assert review_json(review)["edition"] == "classic"
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    path = tmp_path / "classic.json"
    path.write_bytes(encode(game, "c" * 12, "classic"))
    assert cli.main(["scores", str(path), "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert "Classic rules" in out
    for i, seat in enumerate(game.state.seats):
        assert seat.name in out and str(review.totals[i]) in out
