"""Server tables think as long as the settings say (issue 33): the strong level's
budget (``strong_budget_ms``) of the server's user holds for the bots of every table
and for the bots that stand in for the away, in every game. Tables used to ignore it
and think the default time, whatever the settings said."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard_tui import games
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.tables import BOT, PERSON, SeatPlan, Table
from shipyard_tui.settings import Settings, save_settings

BUDGET = 37.5
"""A budget no game has as its default."""


@pytest.mark.parametrize("game_name", ["shipyard", "nauticus"])
def test_a_tables_bots_and_stand_ins_think_the_settings_budget(
        tmp_path: Path, game_name: str) -> None:
    assert games.kind(game_name).default_budget_ms() != BUDGET
    save_settings(Settings(strong_budget_ms=BUDGET))
    host = TableHost(tmp_path / "server")
    assert host.budget_ms == BUDGET
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(BOT, level="strong")],
                  stand_in=0.0, stand_in_level="strong", game_name=game_name, seed=7)
    table.start()
    bot = host._seat_driver(table).bots[1]
    stand_in = host._stand_in(table, 0)
    assert getattr(bot, "budget_ms", None) == BUDGET
    assert getattr(stand_in, "budget_ms", None) == BUDGET


@pytest.mark.parametrize("game_name", ["shipyard", "nauticus"])
def test_a_budget_given_to_the_host_wins_over_the_settings(
        tmp_path: Path, game_name: str) -> None:
    save_settings(Settings(strong_budget_ms=BUDGET))
    host = TableHost(tmp_path / "server", budget_ms=20.0)
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(BOT, level="strong")],
                  game_name=game_name, seed=7)
    table.start()
    assert getattr(host._seat_driver(table).bots[1], "budget_ms", None) == 20.0


def test_without_settings_the_host_thinks_the_default_budget(tmp_path: Path) -> None:
    assert TableHost(tmp_path / "server").budget_ms == Settings().strong_budget_ms


@pytest.mark.parametrize("game_name", ["shipyard", "nauticus"])
def test_the_hint_at_a_server_table_thinks_as_long_as_its_bots(
        tmp_path: Path, game_name: str) -> None:
    """The host tells each seat its bots' budget; the seat's table screen gives it to
    the hint (which thinks by the one rule of every game)."""
    from shipyard_tui.server.remote import RemoteModel
    from shipyard_tui.server.table_screen import remote_screen

    save_settings(Settings(strong_budget_ms=BUDGET))
    host = TableHost(tmp_path / "server")
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game_name=game_name, seed=7)
    table.start()
    message = host.game_message(table, 0)
    assert message["budget_ms"] == BUDGET
    model = RemoteModel(lambda sent: None, "t1", 0, message)
    assert model.budget_ms == BUDGET
    screen = remote_screen(model)
    assert screen.bot_budget_ms == BUDGET
