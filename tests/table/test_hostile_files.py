"""Save files from elsewhere are hostile (issue 9).

A crafted ``game_id`` never names a file outside the data directory; escape bytes in
any text of a file never reach the terminal (command line or app); listings show
what the replayed game says; devices, pipes and deep nesting give clean errors.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from test_saves import random_game
from textual.app import App

from shipyard_tui import cli, paths, saves
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.saves import SaveStore, encode, is_game_id, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.screens.load import LoadScreen
from support.ui import settle

ESCAPES = "\x1b]52;c;SGVsbG8=\x07\x1b]2;pwned\x07\x1b[2J\x9b31m\u202e"
"""OSC 52 (clipboard), OSC 2 (window title), clear screen, a C1 CSI, a bidi override."""


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    return SaveStore()


def crafted(change, *, moves: int | None = 30, seed: int = 3) -> bytes:
    """A save of a real game, changed by ``change``, with its checksum recomputed."""
    body = json.loads(encode(random_game(players=2, seed=seed, moves=moves), "g1", "autosave"))
    body.pop("checksum")
    change(body)
    body["checksum"] = saves._checksum(body)
    return json.dumps(body).encode()


def assert_printable(text: str) -> None:
    """Nothing but printable characters and line ends."""
    odd = sorted({c for c in text if not (c.isprintable() or c == "\n")})
    assert not odd, f"non-printable characters reach the terminal: {odd!r}"


def screen_text(app: App[None]) -> str:
    """Every character the current screen sends to the terminal (styles aside)."""
    return "\n".join("".join(segment.text for segment in line if not segment.control)
                     for line in rendered_lines(app.screen, filtered=False))


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))


def shipyard(*args: str, data: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(data), SHIPYARD_CONFIG_DIR=str(data / "c"))
    return subprocess.run([sys.executable, "-m", "shipyard_tui.cli", *args], env=env,
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, preexec_fn=limit_memory)


# -- ids --------------------------------------------------------------------------------


async def test_a_game_id_that_climbs_out_of_the_data_folder_touches_nothing(store, tmp_path):
    victim = tmp_path / "outside" / "victim.json"
    victim.parent.mkdir()
    victim.write_text("a user's file")

    def climb(body):
        body["game_id"] = "x/../../../outside/victim"
    store.saves.mkdir(parents=True)
    shared = store.saves / "shared.json"
    shared.write_bytes(crafted(climb))
    app = ShipyardApp(load_path=shared, bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.model is not None and is_game_id(app.model.game_id)
        assert load(store.autosave_path(app.model.game_id)).game.moves == app.model.game.moves
    assert victim.read_text() == "a user's file"
    assert sorted(p.name for p in victim.parent.iterdir()) == ["victim.json"]
    assert not list(tmp_path.glob("*.json"))


def test_archiving_never_deletes_outside_the_saves_folder(store, tmp_path):
    victim = tmp_path / "victim.json"
    victim.write_text("a user's file")
    with pytest.raises(saves.SaveError):
        store.archive(random_game(players=2, seed=1), "../../victim")
    assert victim.read_text() == "a user's file"


@pytest.mark.parametrize("bad_id", ["ab\x00cd", "x" * 300, "", "..", "a b"])
async def test_a_game_with_an_unusable_id_gets_a_fresh_one_and_is_saved(store, bad_id):
    def odd(body):
        body["game_id"] = bad_id
    store.saves.mkdir(parents=True)
    shared = store.saves / "odd.json"
    shared.write_bytes(crafted(odd))
    app = ShipyardApp(load_path=shared, bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.model is not None and is_game_id(app.model.game_id)
        assert len(load(store.autosave_path(app.model.game_id)).game.moves) == 30


# -- escape bytes -------------------------------------------------------------------------


def _escaped_name(body):
    body["name"] = f"Evening{ESCAPES}"
    body["saved_at"] = f"2026-01-01T00:00:00{ESCAPES}"
    body["summary"]["seats"] = [f"Ann{ESCAPES}", "Bob"]
    body["summary"]["to_move"] = ESCAPES


def _escaped_move(body):
    body["game"]["moves"][5] = f"hire {ESCAPES}"


def test_history_prints_only_printable_text(tmp_path):
    finished = tmp_path / "d" / "finished"
    finished.mkdir(parents=True)
    (finished / "good.json").write_bytes(crafted(_escaped_name, moves=None))
    (finished / f"bad{ESCAPES}.json").write_bytes(crafted(_escaped_move))
    (finished / "summary.json").write_bytes(crafted(_escaped_name))
    result = shipyard("history", data=tmp_path / "d")
    assert result.returncode == 0, result.stderr
    assert_printable(result.stdout + result.stderr)
    assert "bad\\x1b]52" in result.stdout
    assert "Ann\\x1b" not in result.stdout, "seat names come from the game, not the summary"


@pytest.mark.parametrize("command", ["load", "scores", "continue"])
def test_error_texts_quoting_a_move_are_printable(tmp_path, command):
    saves_dir = tmp_path / "d" / "saves"
    saves_dir.mkdir(parents=True)
    path = saves_dir / f"autosave-g{ESCAPES}.json"
    path.write_bytes(crafted(_escaped_move))
    args = [command] if command == "continue" else [command, str(path)]
    result = shipyard(*args, data=tmp_path / "d")
    assert result.returncode == 1
    assert "is damaged: '\\x1b]52;c;SGVsbG8=\\x07" in result.stderr
    assert_printable(result.stdout + result.stderr)


def test_scores_of_a_game_with_escapes_in_its_file_prints_only_printable_text(tmp_path):
    path = tmp_path / "evening.json"
    path.write_bytes(crafted(_escaped_name))
    result = shipyard("scores", str(path), "--width", "100", data=tmp_path / "d")
    assert result.returncode == 0, result.stderr
    assert_printable(result.stdout + result.stderr)


async def test_the_load_screen_shows_only_printable_text(store):
    store.saves.mkdir(parents=True)
    (store.saves / "named.json").write_bytes(crafted(_escaped_name))
    (store.saves / f"file{ESCAPES}.json").write_bytes(crafted(_escaped_name))
    (store.saves / "broken.json").write_bytes(crafted(_escaped_move))
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(140, 30)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        shown = screen_text(app)
        assert shown.count("Evening\\x1b") == 2
        # (the line wraps in the list: its words are checked a part at a time)
        assert "broken.json is damaged: '\\x1b]52" in shown and "a valid int" in shown
        assert_printable(shown)


async def test_the_problem_dialog_shows_only_printable_text(store):
    store.saves.mkdir(parents=True)
    broken = store.saves / f"broken{ESCAPES}.json"
    broken.write_bytes(crafted(_escaped_move))
    app = ShipyardApp(load_path=broken, bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        assert "broken\\x1b]52" in shown
        assert_printable(shown)


def test_listings_show_what_the_game_says_not_the_summary(store):
    def boast(body):
        body["summary"]["scores"] = [999, 0]
        body["summary"]["over"] = True
    store.finished.mkdir(parents=True)
    (store.finished / "boast.json").write_bytes(crafted(boast))
    [(info, _path, problem)] = store.list_finished()
    assert info is not None and problem == ""
    assert info.scores != (999, 0) and not info.over


# -- odd files ------------------------------------------------------------------------------


def deep_save(depth: int) -> str:
    """A save whose summary and first seat name nest ``depth`` lists deep, checksum
    recomputed (the nesting is spliced in as text: building it would itself recurse)."""
    nested = "[" * depth + "]" * depth
    body = json.loads(encode(random_game(players=2, seed=3, moves=30), "g1", "finished"))
    body.pop("checksum")
    body["summary"]["seats"] = ["NESTED", "Bob"]
    body["game"]["config"]["seats"][0]["name"] = "NESTED"

    def spliced(data: dict[str, object]) -> str:
        return saves._canonical(data).decode().replace('"NESTED"', nested)
    body["checksum"] = "sha256:" + hashlib.sha256(spliced(body).encode()).hexdigest()
    return spliced(body)


def test_deep_nesting_is_a_clean_error_in_history_and_scores(store, capsys):
    """Where the recursion limit bites depends on the stack, so every depth near it is
    tried: each is refused before anything recurses."""
    store.finished.mkdir(parents=True)
    deep = store.finished / "deep.json"
    for depth in [*range(100, 900, 200), *range(900, 1001, 4)]:
        deep.write_text(deep_save(depth))
        for args in (["history"], ["scores", str(deep)]):
            cli.main(args)
            said = capsys.readouterr()
            assert "nests too deeply" in said.out + said.err, (depth, args)


@pytest.mark.parametrize("command,device", [("load", "/dev/zero"), ("scores", "/dev/urandom"),
                                            ("scores", "link")])
def test_devices_are_refused_without_reading_them(tmp_path, command, device):
    if device == "link":
        device = str(tmp_path / "zero.json")
        os.symlink("/dev/zero", device)
    result = shipyard(command, device, data=tmp_path / "d")
    assert result.returncode == 1
    assert "not a regular file" in result.stderr and "Traceback" not in result.stderr


def test_an_autosave_that_is_a_pipe_does_not_hang_continue(tmp_path):
    saves_dir = tmp_path / "d" / "saves"
    saves_dir.mkdir(parents=True)
    os.mkfifo(saves_dir / "autosave-g1.json")
    result = shipyard("continue", data=tmp_path / "d", timeout=30)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


def test_a_name_from_the_settings_file_is_quoted_printably(tmp_path):
    config = tmp_path / "d" / "c"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"name": ESCAPES + "A" * 20}))
    result = shipyard("solo", data=tmp_path / "d")
    assert result.returncode == 2
    assert "too long" in result.stderr
    assert_printable(result.stdout + result.stderr)
