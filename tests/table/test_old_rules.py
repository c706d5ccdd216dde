"""Saves of games played under the rules before revision 2 (RULINGS "Revisions").

``data/save-rules-1.json`` is a finished 2-seat game saved by the program as it was
before revision 2 (commit d0e2f5e, two greedy bots, seed 2026). Its moves would play
differently under the corrected rules, so it cannot be continued or replayed; it can
still be reviewed from its stored, checksummed state, with the points it scored then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shipyard_tui import cli, paths
from shipyard_tui.games.shipyard.review import build_review, review_json
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig
from shipyard_tui.games.shipyard.rules.game import RULES_REVISION, OldRulesError
from shipyard_tui.saves import SaveError, decode, encode, load, load_for_review

OLD = Path(__file__).parent.parent / "data" / "save-rules-1.json"


@pytest.fixture
def old_save(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    path = tmp_path / "finished-rev1.json"
    path.write_bytes(OLD.read_bytes())
    return path


def test_games_record_the_rules_revision_they_are_played_under():
    game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3))
    data = game.to_json()
    assert RULES_REVISION == 2
    assert data["rules"] == 2
    assert Game.from_json(data).rules == 2


def test_a_game_of_revision_1_cannot_be_replayed():
    game = json.loads(OLD.read_text())["game"]
    assert "rules" not in game  # saved before revisions were recorded: revision 1
    with pytest.raises(OldRulesError, match="revision 1"):
        Game.from_json(game)
    with pytest.raises(ValueError, match="newer"):
        Game.from_json({**game, "rules": RULES_REVISION + 1}, replay=False)


def test_an_old_save_is_refused_for_play_with_a_clear_message(old_save):
    with pytest.raises(SaveError) as caught:
        load(old_save)
    error = caught.value
    assert error.kind == "old_rules"
    assert "cannot be continued" in error.message
    assert "revision 1" in error.message and "revision 2" in error.message
    assert "shipyard scores" in error.message
    with pytest.raises(SaveError, match="cannot be continued"):
        decode(old_save.read_bytes(), old_save)


def test_an_old_save_can_be_reviewed_with_the_points_it_scored_then(old_save):
    loaded = load_for_review(old_save)
    game = loaded.game
    assert game.rules == 1 and game.is_over
    assert loaded.info.scores == (56, 20)
    review = build_review(game)
    assert review.totals == (56, 20)
    assert review.winners == (0,)
    # the reveal shows the stored points (B6 scored 20 then), not today's tables
    step = next(step for step in review.reveal if step.seat == 0)
    ann = {line.contract: line.points for line in step.contracts}
    assert ann == {"R11": 0, "B6": 20}
    assert "revision 1" in review.rules_note and "not continued" in review.rules_note
    assert review_json(review)["rules"] == 1


def test_shipyard_scores_reviews_an_old_save(old_save, capsys):
    assert cli.main(["scores", str(old_save), "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert "Played under the rules of revision 1" in out
    assert "56" in out


def test_a_new_save_is_not_marked_old(tmp_path):
    game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3))
    path = tmp_path / "new.json"
    path.write_bytes(encode(game, "0123456789abcdef", "new"))
    assert load(path).game.rules == RULES_REVISION
    assert build_review(load(path).game).rules_note == ""
