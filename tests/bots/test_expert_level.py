"""The expert level (issue 37): in every game with a search level, the same search
given a longer budget, a second a decision where the strong level thinks its default;
offered wherever the levels are (a new game's seats, the server's tables, the command
line)."""

from __future__ import annotations

import pytest

from shipyard_tui import games
from shipyard_tui.core.game import EXPERT, EXPERT_BUDGET_MS, SEARCH, expert_budget
from shipyard_tui.core.seats import SeatConfig, SeatKind

SEARCHING = [name for name in games.names()
             if SEARCH in games.kind(name).bot_factories()]


def test_both_games_have_a_search_level() -> None:
    assert {"shipyard", "nauticus"} <= set(SEARCHING)


@pytest.mark.parametrize("name", SEARCHING)
def test_the_expert_is_the_search_with_more_time(name: str) -> None:
    kind = games.kind(name)
    strong = kind.make_bot(SEARCH, 7)
    expert = kind.make_bot(" Expert ", 7)
    assert type(expert) is type(strong)
    assert expert.name == EXPERT and strong.name == SEARCH
    assert expert.budget_ms == EXPERT_BUDGET_MS  # type: ignore[attr-defined]
    assert strong.budget_ms == kind.default_budget_ms() < EXPERT_BUDGET_MS  # type: ignore[attr-defined]
    assert kind.player_levels[EXPERT] == EXPERT
    assert kind.player_level(EXPERT) == EXPERT


@pytest.mark.parametrize("name", SEARCHING)
def test_a_shorter_strong_budget_makes_a_shorter_expert(name: str) -> None:
    kind = games.kind(name)
    default = kind.default_budget_ms()
    bot = kind.make_bot(EXPERT, 1, budget_ms=default / 10)
    assert bot.budget_ms == pytest.approx(EXPERT_BUDGET_MS / 10)  # type: ignore[attr-defined]
    assert expert_budget(None, default) == EXPERT_BUDGET_MS


@pytest.mark.parametrize("name", SEARCHING)
def test_an_expert_seat_plays_a_legal_move_from_its_view(name: str) -> None:
    kind = games.kind(name)
    seats = [SeatConfig("Ann", SeatKind.BOT, EXPERT), SeatConfig("Bob", SeatKind.BOT, "random")]
    game = kind.new_game(kind.make_config(seats, seed=3))
    driver = kind.driver(game.config, budget_ms=kind.default_budget_ms() / 50)
    while not game.is_over and game.to_move != 0:
        driver.play_bots(game, max_moves=1)
    legal = game.legal_moves()
    move = driver.decide(driver.decision(game))
    assert move in legal


@pytest.mark.parametrize("name", SEARCHING)
def test_a_game_with_an_expert_seat_is_saved_and_loaded(name: str, tmp_path, monkeypatch) -> None:
    """A save of a table with an expert bot loads (its level is checked against the
    levels this version has: an SSH server with such a table did not start again)."""
    from shipyard_tui import paths
    from shipyard_tui.saves import SaveStore, load

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    kind = games.kind(name)
    seats = [SeatConfig("Ann"), SeatConfig("Bot 2", SeatKind.BOT, EXPERT)]
    game = kind.new_game(kind.make_config(seats, seed=4))
    path = SaveStore().autosave(game, "expert-1")
    loaded = load(path).game
    assert [s.level for s in loaded.config.seats] == ["", EXPERT]
    assert loaded.moves == game.moves


def test_simulate_takes_the_expert_level(capsys) -> None:
    from shipyard_tui import cli

    assert cli.main(["simulate", "--bots", "expert", "--players", "2", "--budget", "1"]) == 0
    assert cli.main(["simulate", "--bots", "grandmaster", "--players", "2"]) == 2
    assert "expert" in capsys.readouterr().err


def test_a_game_without_a_search_level_has_no_expert() -> None:
    from beacons.kind import KIND as BEACONS

    assert EXPERT not in BEACONS.bot_levels()
    with pytest.raises(ValueError, match="unknown Beacons bot level 'expert'"):
        BEACONS.make_bot(EXPERT, 1)
