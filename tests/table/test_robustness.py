"""Odd input found in review: names with markup, odd save contents, odd settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from test_saves import good_bytes

from shipyard_tui import saves
from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.saves import SaveError, SaveStore, decode, read_info
from shipyard_tui.seats import clean_name
from shipyard_tui.settings import Settings, load_settings, save_settings
from shipyard_tui.ui.app import ShipyardApp
from support.ui import settle


@pytest.mark.parametrize("name", ["x[/]", "Ann [host]", "[b]bold", "back\\slash"])
def test_names_that_could_read_as_markup_are_refused(name):
    with pytest.raises(ValueError) as caught:
        clean_name(name)
    assert "cannot contain" in str(caught.value)


async def test_seat_names_are_shown_as_plain_text(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann*{x}"), SeatConfig("Bo$b", SeatKind.BOT, "greedy")),
                        seed=1)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.model is not None
        prompt = str(app.screen.query_one("#prompt").content)
        assert app.model.game.state.seats[app.model.game.to_move].name in prompt


def _rewritten(tmp_path, change) -> bytes:
    body = json.loads(good_bytes())
    body.pop("checksum")
    change(body)
    body["checksum"] = saves._checksum(body)
    return json.dumps(body).encode()


def test_a_number_too_long_for_json_is_a_clean_error(tmp_path):
    path = tmp_path / "long.json"
    path.write_bytes(b'{"format":"shipyard-save","version":' + b"9" * 5000 + b"}")
    with pytest.raises(SaveError) as caught:
        decode(path.read_bytes(), path)
    assert caught.value.kind == "not_a_save"


def test_an_infinite_score_in_a_summary_is_not_believed(tmp_path):
    """A listing shows the replayed game's scores, not the summary's (issue 9)."""
    path = tmp_path / "inf.json"

    def infinite(body):
        body["summary"]["scores"][0] = float("inf")
    path.write_bytes(_rewritten(tmp_path, infinite))
    assert b"Infinity" in path.read_bytes()
    info = read_info(path)
    assert info.scores == tuple(s.score for s in decode(path.read_bytes(), path).game.state.seats)
    assert all(isinstance(score, int) for score in info.scores)


def test_an_unknown_bot_level_in_a_save_is_a_clean_error(tmp_path):
    def bot(body):
        body["game"]["config"]["seats"][1]["kind"] = "bot"
        body["game"]["config"]["seats"][1]["level"] = "godlike"
    path = tmp_path / "bot.json"
    path.write_bytes(_rewritten(tmp_path, bot))
    with pytest.raises(SaveError) as caught:
        decode(path.read_bytes(), path)
    assert "godlike" in caught.value.message


def test_history_copes_with_a_summary_without_players(tmp_path):
    store = SaveStore(tmp_path / "d" / "saves", tmp_path / "d" / "finished")
    store.finished.mkdir(parents=True)

    def nobody(body):
        body["summary"]["kinds"] = ["automa"] * len(body["summary"]["kinds"])
    (store.finished / "odd.json").write_bytes(_rewritten(tmp_path, nobody))
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"))
    result = subprocess.run([sys.executable, "-m", "shipyard_tui.cli", "history"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr


def test_a_theme_that_does_not_exist_falls_back_to_the_default(tmp_path):
    save_settings(Settings(theme="no-such-theme"), tmp_path / "settings.json")
    settings = load_settings(tmp_path / "settings.json")
    app = ShipyardApp(settings=settings)
    assert app.theme == Settings().theme


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-1"])
def test_a_bot_pause_that_is_not_a_sensible_number_falls_back(tmp_path, value):
    (tmp_path / "settings.json").write_text("{\"bot_delay\": " + value + "}")
    delay = load_settings(tmp_path / "settings.json").bot_delay
    assert 0 <= delay <= 10


@pytest.mark.parametrize("value", ["inf", "nan", "-2", "soon"])
def test_the_command_line_refuses_a_strange_bot_pause(value):
    result = subprocess.run([sys.executable, "-m", "shipyard_tui.cli", "play",
                             "--bot-delay", value], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "bot" in result.stderr and "Traceback" not in result.stderr
