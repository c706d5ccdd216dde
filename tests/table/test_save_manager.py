"""The save manager (issue 35, item 9): saves listed by their players, game and round
(never "autosave"), opened by the listed name, renamed, deleted into a trash kept 30
days, on the Load screen and the command line; no lease file left after a normal quit."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
from test_saves import random_game

from shipyard_tui import paths
from shipyard_tui.cli import main
from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.saves import GameFile, SaveStore, delete_save, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.screens.confirm import ConfirmScreen
from shipyard_tui.ui.screens.load import LOAD_HELP, LoadScreen
from shipyard_tui.ui.screens.rename import RenameScreen
from shipyard_tui.ui.screens.title import TitleScreen
from support.ui import settle

OLD, NEW = "20260101-100000-aaaaaa", "20260102-100000-bbbbbb"


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    return SaveStore()


def three_saves(store: SaveStore) -> None:
    """Two unfinished games of the same players (P0 vs P1) and a named save."""
    store.autosave(random_game(players=2, seed=3, moves=30), OLD)
    store.autosave(random_game(players=2, seed=4, moves=30), NEW)
    store.save_as(random_game(players=3, seed=5, moves=20), "g9", "Evening")


def names(store: SaveStore) -> list[str]:
    return [entry.name for entry in store.entries()]


# -- the store -----------------------------------------------------------------------


def test_unfinished_games_are_listed_by_their_players_and_open_by_that_name(store):
    three_saves(store)
    assert sorted(names(store)) == ["Evening", "P0 vs P1", "P0 vs P1 (2)"]
    # the older game keeps the plain name; the later one is numbered
    assert store.resolve("P0 vs P1") == store.autosave_path(OLD)
    assert store.resolve("P0 vs P1 (2)") == store.autosave_path(NEW)
    assert store.resolve("p0 VS p1 (2)") == store.autosave_path(NEW)
    # ids, file stems and paths still work; "autosave" is the latest one
    assert store.resolve(OLD) == store.autosave_path(OLD)
    assert store.resolve(f"autosave-{NEW}") == store.autosave_path(NEW)
    assert store.resolve(str(store.autosave_path(OLD))) == store.autosave_path(OLD)
    os.utime(store.autosave_path(OLD), (time.time() + 60, time.time() + 60))
    assert store.resolve("autosave") == store.autosave_path(OLD)


def test_a_renamed_game_keeps_its_name_as_it_is_played_on(store):
    three_saves(store)
    store.rename("P0 vs P1 (2)", "Sunday game")
    game = random_game(players=2, seed=4, moves=31)
    store.autosave(game, NEW, revision=1)
    assert "Sunday game" in names(store)
    assert store.resolve("Sunday game") == store.autosave_path(NEW)
    # the other game of the same players now has the plain name alone
    assert "P0 vs P1" in names(store) and "P0 vs P1 (2)" not in names(store)


def test_a_name_in_use_or_a_bad_name_is_refused(store):
    from shipyard_tui.saves import SaveError

    three_saves(store)
    with pytest.raises(SaveError, match="already"):
        store.rename("P0 vs P1", "evening")
    with pytest.raises(SaveError, match="not paths"):
        store.rename("Evening", "../evil")
    with pytest.raises(SaveError, match="no save called"):
        store.rename("Nobody", "Somebody")
    assert sorted(names(store)) == ["Evening", "P0 vs P1", "P0 vs P1 (2)"]


def test_deleting_moves_the_save_and_its_backup_to_the_trash(store):
    three_saves(store)
    store.autosave(random_game(players=2, seed=3, moves=31), OLD, revision=1)
    delete_save(store, "P0 vs P1")
    assert not store.autosave_path(OLD).exists()
    trashed = sorted(p.name for p in store.trash.iterdir())
    assert len(trashed) == 2 and all(OLD in name for name in trashed)
    assert store.trash == paths.trash_dir()


def test_a_game_open_in_a_live_session_is_not_deleted(store):
    from shipyard_tui.saves import GameInUse

    three_saves(store)
    holder = GameFile(store, OLD)
    holder.claim()
    with pytest.raises(GameInUse):
        delete_save(store, "P0 vs P1")
    assert store.autosave_path(OLD).exists()
    holder.release()
    delete_save(store, "P0 vs P1")
    assert not store.autosave_path(OLD).exists()
    assert not store.lease_path(OLD).exists()


def test_trash_older_than_30_days_is_purged_when_the_store_is_opened(store):
    three_saves(store)
    delete_save(store, "P0 vs P1")
    delete_save(store, "Evening")
    old, recent = sorted(store.trash.iterdir())
    month = time.time() - (paths.TRASH_DAYS + 1) * 86400
    os.utime(old, (month, month))
    SaveStore()
    assert not old.exists() and recent.exists()
    # a faked clock: 31 days on, the rest goes too
    assert store.purge_trash(now=time.time() + (paths.TRASH_DAYS + 1) * 86400) == [recent]
    assert not list(store.trash.iterdir())


def test_listing_purges_the_trash_too(store):
    three_saves(store)
    delete_save(store, "Evening")
    (trashed,) = store.trash.iterdir()
    month = time.time() - (paths.TRASH_DAYS + 1) * 86400
    os.utime(trashed, (month, month))
    store.list_saves()
    assert not trashed.exists()


# -- the lease -----------------------------------------------------------------------


def test_release_removes_the_lease_file(store):
    game_file = GameFile(store, OLD)
    game_file.claim()
    game_file.save(random_game(players=2, seed=3, moves=30))
    assert game_file.lease.exists()
    game_file.release()
    assert not game_file.lease.exists()
    again = GameFile(store, OLD)
    again.claim()  # the lease is made again for the next session
    assert again.lease.exists()


async def test_no_lease_file_is_left_after_a_normal_quit(store):
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                        seed=0)
    app = ShipyardApp(config=config, bot_delay=0.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
        assert list(store.saves.glob(".lease-*"))
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("q")
        await settle(pilot)
    assert app.finish_saving() == ""  # what `shipyard` does once the app has quit
    assert list(store.saves.glob("autosave-*.json"))
    assert not list(store.saves.glob(".lease-*"))


# -- the command line ----------------------------------------------------------------


def test_saves_lists_every_save_by_the_name_that_opens_it(store, capsys):
    three_saves(store)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "autosave" not in out
    lines = out.splitlines()
    assert any(line.startswith("P0 vs P1 (2) ") and "round" in line for line in lines), out
    assert any(line.startswith("Evening ") for line in lines), out
    assert main(["saves", "list"]) == 0
    assert capsys.readouterr().out == out


def test_load_opens_a_save_by_its_listed_name(store, monkeypatch):
    from shipyard_tui.cli import play

    three_saves(store)
    opened: list[Any] = []

    def fake_run_app(args: Any, **start: Any) -> int:
        opened.append(start)
        return 0

    monkeypatch.setattr(play, "run_app", fake_run_app)
    assert main(["load", "P0 vs P1 (2)"]) == 0
    assert opened[-1]["game_id"] == NEW
    assert main(["saves", "rename", "P0 vs P1 (2)", "Sunday game"]) == 0
    assert main(["load", "Sunday game"]) == 0
    assert opened[-1]["game_id"] == NEW
    assert main(["load", "autosave"]) == 0
    assert main(["load", OLD]) == 0
    assert opened[-1]["game_id"] == OLD
    assert not list(store.saves.glob(".lease-*"))


def test_saves_rename_and_its_refusals(store, capsys):
    three_saves(store)
    assert main(["saves", "rename", "Evening", "Late evening"]) == 0
    assert (store.saves / "Late evening.json").exists()
    assert not (store.saves / "Evening.json").exists()
    assert main(["saves", "rename", "P0 vs P1", "late EVENING"]) == 1
    assert "already" in capsys.readouterr().err
    assert main(["saves", "rename", "nothing", "x"]) == 1
    assert "no save called" in capsys.readouterr().err


def test_saves_delete_asks_first_and_yes_skips_the_question(store, capsys, monkeypatch):
    three_saves(store)
    # no terminal to ask: refused, nothing deleted
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["saves", "delete", "Evening"]) == 2
    assert "--yes" in capsys.readouterr().err
    assert (store.saves / "Evening.json").exists()
    # on a terminal: "n" (or Enter) keeps it, "y" deletes it
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    answers = iter(["", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["saves", "delete", "Evening"]) == 1
    assert (store.saves / "Evening.json").exists()
    assert main(["saves", "delete", "Evening"]) == 0
    assert not (store.saves / "Evening.json").exists()
    assert "trash" in capsys.readouterr().out
    # --yes asks nothing
    monkeypatch.setattr("builtins.input", lambda prompt: pytest.fail("asked"))
    assert main(["saves", "delete", "--yes", "P0 vs P1 (2)"]) == 0
    assert not store.autosave_path(NEW).exists()
    assert not store.names_path.exists()  # no name left to keep
    assert len(list(store.trash.iterdir())) == 2
    assert sorted(names(store)) == ["P0 vs P1"]


def test_paths_names_the_trash(store, capsys):
    assert main(["paths"]) == 0
    assert str(paths.trash_dir()) in capsys.readouterr().out


# -- the Load screen -----------------------------------------------------------------


async def open_load_screen(store: SaveStore, pilot: Any) -> LoadScreen:
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LoadScreen)
    return screen


def screen_text(app: Any) -> str:
    """The screen as drawn, with the notices and the footer."""
    return "\n".join("".join(segment.text for segment in line)
                     for line in rendered_lines(app.screen, filtered=False))


async def test_the_load_screen_lists_games_by_players_game_and_round(store):
    three_saves(store)
    store.autosave(random_game(players=2, seed=6, moves=12), "20260103-000000-cccccc")
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_load_screen(store, pilot)
        text = screen_text(app)
        assert "autosave" not in text
        assert "P0 vs P1 (2)" in text and "Evening" in text
        assert "P0 vs P1 (2)     Shipyard · P0 0, P1 0 · round" in text
        # every key of the footer, in the footer and in the screen's help line
        for key, words in (("r", "Rename"), ("d", "Delete"), ("esc", "Back")):
            assert words in text and key in text.lower()
        for words in ("Enter opens", "r renames", "d deletes", "Esc back"):
            assert words in LOAD_HELP and words in text


async def test_r_renames_the_highlighted_save(store):
    three_saves(store)
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load_screen(store, pilot)
        first = screen._entries[0].name
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RenameScreen)
        await pilot.press("ctrl+u", *"Sunday game", "enter")
        await settle(pilot)
        assert app.screen is screen
        assert "Sunday game" in screen_text(app)
        assert first not in names(store) or first.startswith("P0 vs P1")
        assert "Sunday game" in names(store)
        # Esc cancels a rename
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("x", "escape")
        await settle(pilot)
        assert app.screen is screen and "Sunday gamex" not in names(store)


async def test_d_deletes_after_confirming_and_n_keeps_it(store):
    three_saves(store)
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load_screen(store, pilot)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "trash" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and len(names(store)) == 3
        first = screen._entries[0].path
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen
        assert not first.exists() and len(names(store)) == 2
        assert len(screen._entries) == 2
        assert len(list(store.trash.iterdir())) == 1


async def test_the_finished_games_list_offers_no_rename_or_delete(store):
    game = random_game(players=2, seed=1)
    store.archive(game, "g1")
    app = ShipyardApp(bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        assert "Rename" not in text and "Delete" not in text
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert load(store.finished_path("g1")).game.is_over
