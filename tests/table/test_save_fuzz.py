"""Every field of a save, changed with the checksum recomputed (issue 9).

Each mutant goes through ``load``, ``scores``, ``continue`` and ``history`` on the
command line and through the Load screen. Every one must give a clean error or a
valid game, and nothing non-printable may reach the terminal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_hostile_files import ESCAPES, assert_printable, screen_text
from test_saves import random_game

from shipyard_tui import cli, paths, saves
from shipyard_tui.cli import play as cli_play
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.saves import SaveError, SaveStore, encode, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.load import LoadScreen, save_line
from support.ui import settle

Path_ = tuple[str | int, ...]


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


VALUES: list[Any] = [ESCAPES, f"hire {ESCAPES}", -1, 10**40, None, True, 2.5, "", "x" * 300,
                     {"k": ESCAPES}, [ESCAPES], "a\x00b", _deep(80), 0]


def _leaves(value: Any, where: Path_ = ()) -> list[Path_]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _leaves(item, (*where, key))]
    if isinstance(value, list) and value:
        return [p for index, item in enumerate(value) for p in _leaves(item, (*where, index))]
    return [where]


def _set(body: dict[str, Any], where: Path_, value: Any) -> None:
    node: Any = body
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value


def mutants() -> list[tuple[str, bytes]]:
    """Every leaf of a save with one odd value, and every kind of field (list items
    counted once) with escape bytes and with nesting too deep, checksums recomputed."""
    good = json.loads(encode(random_game(players=2, seed=3, moves=40), "g1", "autosave"))
    good.pop("checksum")
    out: list[tuple[str, bytes]] = []
    kinds: set[Path_] = set()
    for index, where in enumerate(_leaves(good)):
        kind = tuple("*" if isinstance(k, int) else k for k in where)
        values = [VALUES[index % len(VALUES)]]
        if kind not in kinds:
            kinds.add(kind)
            values += [ESCAPES, _deep(80)]
        for value in values:
            body = json.loads(json.dumps(good))
            _set(body, where, value)
            body["checksum"] = saves._checksum(body)
            label = "/".join(map(str, where))
            out.append((label, json.dumps(body).encode()))
    return out


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    return SaveStore()


def _valid(game: Game) -> bool:
    return Game.replay(game.config, game.moves).state.to_dict() == game.state.to_dict()


@pytest.mark.slow(seconds=10)
def test_every_field_gives_a_clean_error_or_a_valid_game_on_the_command_line(
        store, monkeypatch, capsys):
    opened: list[Game] = []

    def run_app(_args: object, **start: Any) -> int:
        """Instead of the app: note the game it would open, and let the game go."""
        opened.append(start["game"])
        if start.get("game_file") is not None:
            start["game_file"].release()
        return 0

    monkeypatch.setattr(cli_play, "run_app", run_app)
    store.saves.mkdir(parents=True)
    store.finished.mkdir(parents=True)
    outcomes = {"error": 0, "game": 0}
    for number, (label, data) in enumerate(mutants()):
        path = store.finished / f"m{number}.json"
        path.write_bytes(data)
        try:
            loaded = load(path)
        except SaveError as exc:
            assert_printable(exc.message)
            outcomes["error"] += 1
        else:
            assert _valid(loaded.game), label
            assert all(str(x).isprintable() for x in (loaded.info.name, loaded.info.saved_at,
                                                       loaded.info.game_id)), label
            outcomes["game"] += 1
        for args in (["load", str(path)], ["scores", str(path)]):
            opened.clear()
            code = cli.main(args)
            said = capsys.readouterr()
            assert code in (0, 1), (label, args)
            assert_printable(said.out + said.err)
            assert all(_valid(game) for game in opened), label
        if number % 4 == 0:
            auto = store.saves / "autosave-fuzz.json"
            auto.write_bytes(data)
            code = cli.main(["continue"])
            said = capsys.readouterr()
            assert code in (0, 1), label
            assert_printable(said.out + said.err)
            auto.unlink()
    assert outcomes["error"] > 0 and outcomes["game"] > 0, outcomes
    assert cli.main(["history"]) == 0
    said = capsys.readouterr()
    assert_printable(said.out + said.err)
    assert len(said.out.splitlines()) == len(list(store.finished.glob("*.json")))


@pytest.mark.slow(seconds=6)
async def test_every_field_shows_only_printable_text_on_the_load_screen(store):
    store.saves.mkdir(parents=True)
    for number, (_label, data) in enumerate(mutants()):
        (store.saves / f"m{number}.json").write_bytes(data)
    listing = store.list_saves()
    for info, path, problem in listing:
        assert_printable(save_line(info, path, problem).plain)
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        for _ in range(len(listing) // 30 + 1):
            assert_printable(screen_text(app))
            await pilot.press("pagedown")
            await settle(pilot, 2)


def test_the_mutants_reach_every_field():
    good = json.loads(encode(random_game(players=2, seed=3, moves=40), "g1", "autosave"))
    good.pop("checksum")
    labels = {label for label, _ in mutants()}
    assert {"/".join(map(str, where)) for where in _leaves(good)} <= labels
    assert {"name", "game_id", "saved_at", "revision", "summary/seats/0",
            "game/moves/0", "game/config/seats/0/name"} <= labels

