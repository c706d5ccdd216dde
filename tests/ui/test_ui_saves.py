"""Saves through the interface and the command line: autosave, Save as, Load, bad files."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.games.shipyard.words import round_of
from shipyard_tui.saves import SaveStore, backup_of, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.screens.load import LoadScreen
from shipyard_tui.ui.screens.problem import ProblemScreen
from shipyard_tui.ui.screens.save_as import SaveAsScreen
from support.saves import good_bytes, random_game
from support.ui import settle


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    return SaveStore()


def config() -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)


async def test_every_move_is_autosaved(store):
    app = ShipyardApp(config=config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
        model = app.model
        assert model is not None
        path = store.autosave_path(model.game_id)
        assert len(load(path).game.moves) == len(model.game.moves) >= 1


async def test_save_as_refuses_a_bad_name_and_writes_a_good_one(store, tmp_path):
    app = ShipyardApp(config=config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        for key in "../evil":
            await pilot.press(key)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        assert not (tmp_path / "data" / "evil.json").exists()
        assert not list(tmp_path.rglob("evil.json"))
        await pilot.press(*(["backspace"] * 7))
        for key in "Lunch":
            await pilot.press(key)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(store.saves / "Lunch.json").info.name == "Lunch"


async def test_load_screen_lists_saves_and_opens_one(store):
    game = random_game(players=2, seed=3, moves=30)
    store.save_as(game, "g1", "Evening")
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.model is not None
        assert [str(m) for m in app.model.game.moves] == [str(m) for m in game.moves]


async def test_a_damaged_autosave_is_explained_and_its_backup_offered(store):
    game = random_game(players=2, seed=4, moves=20)
    store.autosave(game, "g2")
    game.push(game.legal_moves()[0])
    path = store.autosave(game, "g2")
    path.write_bytes(path.read_bytes()[:50])
    app = ShipyardApp(continue_last=True, bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ProblemScreen)
        assert "cut short" in app.screen.error.message
        backup = backup_of(path)
        assert backup is not None
        good, damaged = backup.read_bytes(), path.read_bytes()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.model is not None and len(app.model.game.moves) == 20
        # a play-test: the autosave written on opening made the cut-short file the
        # backup. The damaged file is set aside, kept; the backup stays the good one
        # until a move is played on it.
        kept = list(store.saves.glob("damaged/*.json"))
        assert len(kept) == 1 and kept[0].read_bytes() == damaged
        assert load(path).game.moves == app.model.game.moves  # the new autosave
        assert backup.read_bytes() == good
        assert sorted(p.name for p in store.saves.glob("autosave*.json")) == sorted(
            [path.name, backup.name])


async def test_the_backup_offered_is_described_by_what_it_holds(store):
    """A play-test: a later position autosaved, an earlier save of the same game loaded
    and autosaved, then that autosave damaged. The backup offered is the later line of
    play, not "one move earlier" as the screen said: it now says what the backup holds."""
    from textual.widgets import Static

    from shipyard_tui.games.shipyard.words import round_of

    later = random_game(players=2, seed=4, moves=60)
    store.autosave(later, "g2")
    earlier = random_game(players=2, seed=4, moves=12)
    path = store.autosave(earlier, "g2")
    path.write_bytes(path.read_bytes()[:50])
    info = load(backup_of(path)).info
    assert round_of(info.turn, 2) != round_of(earlier.state.turn_number, 2)
    app = ShipyardApp(continue_last=True, bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ProblemScreen)
        words = str(app.screen.query_one("#problem-backup", Static).content)
        assert "one move earlier" not in words
        assert f"round {round_of(info.turn, 2)}, {info.to_move} to move" in words
        assert info.when in words
        await pilot.press("enter")
        await settle(pilot)
        assert app.model is not None and len(app.model.game.moves) == 60


def cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shipyard_tui.cli", *args], env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("case,content,expected", [
    ("truncated", lambda: good_bytes()[:300], "cut short"),
    ("corrupted", lambda: good_bytes().replace(b'"turn"', b'"tu\x00n"', 1), "damaged"),
    ("changed", lambda: good_bytes().replace(b'"saved_at":"2', b'"saved_at":"1', 1),
     "checksum"),
    ("not a save", lambda: b"hello", "not a Shipyard save"),
    ("huge", None, "too large"),
])
def test_command_line_explains_bad_files(tmp_path, case, content, expected):
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"),
               SHIPYARD_CONFIG_DIR=str(tmp_path / "c"))
    path = tmp_path / "bad.json"
    if content is None:
        with path.open("wb") as handle:
            handle.truncate(20 * 1024 * 1024)
    else:
        path.write_bytes(content())
    result = cli("load", str(path), env=env)
    assert result.returncode == 1
    assert expected in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_command_line_offers_the_backup(tmp_path, monkeypatch):
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"),
               SHIPYARD_CONFIG_DIR=str(tmp_path / "c"))
    monkeypatch.setenv("SHIPYARD_DATA_DIR", env["SHIPYARD_DATA_DIR"])
    store = SaveStore()
    game = random_game(players=2, seed=5, moves=10)
    store.autosave(game, "g3")
    game.push(game.legal_moves()[0])
    path = store.autosave(game, "g3")
    path.write_bytes(b"{")
    result = cli("continue", env=env)
    assert result.returncode == 1
    assert str(backup_of(path)) in result.stderr
    from shipyard_tui.ui.screens.load import save_stage

    info = load(backup_of(path)).info
    assert f"is good: {save_stage(info)}, {info.to_move} to move" in result.stderr
    assert "shipyard load" in result.stderr


def test_command_line_refuses_a_bad_save_name(tmp_path):
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"),
               SHIPYARD_CONFIG_DIR=str(tmp_path / "c"))
    result = cli("load", "no\x07bell", env=env)
    assert result.returncode in (1, 2)
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_the_load_screen_line_gives_the_round_as_the_status_line_does(tmp_path):
    """The listing said "round 13" for the 13th turn of a 3-seat game (round 5): a
    Shipyard summary counts turns, and the line gives the round."""
    import random

    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.games.shipyard.words import round_of
    from shipyard_tui.saves import read_info
    from shipyard_tui.ui.screens.load import save_line

    seats = (SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "random"),
             SeatConfig("Cy", SeatKind.BOT, "random"))
    game = Game(GameConfig(seats, seed=4))
    rng = random.Random(4)
    while game.state.turn_number < 13:
        game.push(rng.choice(game.legal_moves()))
    store = SaveStore(tmp_path / "saves", tmp_path / "finished")
    path = store.autosave(game, "rounds")
    line = save_line(read_info(path), path, "").plain
    turn = game.state.turn_number
    assert round_of(turn, 3) != turn
    assert f"round {round_of(turn, 3)} ·" in line, line


async def test_the_title_says_which_game_continue_opens_or_that_there_is_none(store):
    """A play-test: "Continue" was offered with no game to continue and answered with a
    notice. It is now greyed out and says so; with an unfinished game, it names it."""
    from textual.widgets import OptionList

    from shipyard_tui.ui.screens.title import TitleScreen

    for unfinished in (False, True):
        if unfinished:
            store.autosave(random_game(players=2, seed=4, moves=20), "g9")
        app = ShipyardApp(bot_delay=600.0, store=store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            menu = app.screen.query_one("#title-menu", OptionList)
            entry = menu.get_option("continue")
            words = str(entry.prompt)
            assert entry.disabled is not unfinished
            if unfinished:
                info = load(store.latest_autosave()).info
                assert all(name in words for name in info.seats)
                assert words.endswith(f"round {round_of(info.turn, 2)})")
            else:
                assert words.endswith("(none unfinished)")
                # and dimmed: a play-test saw it drawn as the entries that can be chosen
                segments = [seg for line in rendered_lines(app.screen) for seg in line
                            if "none unfinished" in seg.text]
                assert segments and all(seg.style is not None and seg.style.dim
                                        for seg in segments)


def test_the_finished_games_list_names_the_winner_not_finished_twice(store):
    """A play-test read "finished  Ann 5, Bo 30 · finished · …" in the Finished games
    list; the second word now says who won."""
    from shipyard_tui.ui.screens.load import save_line

    game = random_game(players=2, seed=4)
    while not game.is_over:
        game.push(game.legal_moves()[0])
    path = store.archive(game, "done2")
    info = load(path).info
    line = save_line(info, path, "").plain
    names = " and ".join(info.seats[i] for i in info.winners)
    assert line.startswith("finished ") and line.count("finished") == 1
    assert f"· {'shared by' if len(info.winners) > 1 else 'won by'} {names} ·" in line


async def test_opening_a_backup_by_its_path_sets_the_damaged_autosave_aside(store):
    """`shipyard load autosave-….bak.json` (what the command line offers for a damaged
    autosave) opens the backup; the damaged autosave beside it is kept in the damaged
    folder, not made the backup by the next autosave. A good autosave is left alone."""
    game = random_game(players=2, seed=5, moves=12)
    store.autosave(game, "g4")
    game.push(game.legal_moves()[0])
    path = store.autosave(game, "g4")
    backup = backup_of(path)
    assert backup is not None
    path.write_bytes(b"{")
    good = backup.read_bytes()
    app = ShipyardApp(load_path=backup, bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert [p.read_bytes() for p in store.saves.glob("damaged/*.json")] == [b"{"]
    assert backup.read_bytes() == good and len(load(path).game.moves) == 12
    # a good autosave beside the backup opened stays where it is
    app = ShipyardApp(load_path=backup, bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert len(list(store.saves.glob("damaged/*.json"))) == 1 and path.exists()


def test_lists_name_classic_games_and_rate_finished_solo_games(store, capsys):
    """A play-test: neither the title's Continue line, the load list nor `shipyard
    history` said a game plays the classic rules; a finished solo game read "finished"
    twice. Classic games are named so (RC-1.1); a finished solo game gives its rating
    (R-12.5)."""
    from shipyard_tui import cli as shipyard_cli
    from shipyard_tui.games.shipyard.kind import solo_config
    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.games.shipyard.words import solo_title
    from shipyard_tui.ui.screens.load import save_line

    classic = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bo", SeatKind.BOT, "greedy")),
                              seed=3, edition="classic"))
    for _ in range(10):
        classic.push(classic.legal_moves()[0])
    path = store.autosave(classic, "gc")
    info = load(path).info
    assert info.classic and info.game_words == "Shipyard classic"
    assert "Shipyard classic · " in save_line(info, path, "").plain
    solo = Game(solo_config("Sol", 5, False))
    while not solo.is_over:
        solo.push(solo.legal_moves()[0])
    done = store.archive(solo, "solo-done")
    solo_info = load(done).info
    line = save_line(solo_info, done, "").plain
    assert line.count("finished") == 1 and f"· {solo_title(solo_info.scores[0])} ·" in line
    finished_classic = Game(classic.config)
    while not finished_classic.is_over:
        finished_classic.push(finished_classic.legal_moves()[0])
    store.archive(finished_classic, "classic-done")
    assert shipyard_cli.main(["history"]) == 0
    printed = capsys.readouterr().out
    assert "Shipyard classic" in printed and "Shipyard         solo" in printed
