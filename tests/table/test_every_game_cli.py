"""Every command of the command line for every game, by ``--game`` (issue 33): one
path through the game seam for each (``simulate``, ``tournament``, ``play``,
``solo``, ``analyse``), the tests' tiny third game included, and one budget rule for
every game's hint (:func:`shipyard_tui.core.advice.hint_budget`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

import pytest

from shipyard_tui import cli, games
from shipyard_tui.core.advice import HINT_BUDGET_FACTOR, Hint, NoAdvice, hint_budget
from shipyard_tui.core.game import Options
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.seats import check_seats, parse_seat
from shipyard_tui.simulate import play_out, simulate, simulation_config
from shipyard_tui.tournament import play_match

COMMON = {"game", "seed", "players", "seats", "scores", "winners", "winner", "moves"}
OWN = {"shipyard": {"rules", "solo", "guilders", "turns", "end"},
       "nauticus": {"rules", "remainders", "totals", "rounds"}}
"""The fields of ``shipyard simulate --json`` as each game printed them before the
seam: the common ones and each game's own, field for field."""


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tests' tiny game, plugged in as a plug-in is (tests/core/test_beacons.py)."""
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


@pytest.mark.parametrize("name", ["shipyard", "nauticus"])
def test_simulate_prints_the_same_fields_as_before_for_every_game(name: str, capsys) -> None:
    assert cli.main(["simulate", "--game", name, "--players", "3", "--games", "2",
                     "--seed", "9", "--bots", "greedy", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["seed"] for line in lines] == [9, 10]
    for line in lines:
        assert set(line) == COMMON | OWN[name]
        assert line["players"] == 3 and line["winner"] == [line["seats"][i]
                                                           for i in line["winners"]]
    # the same game as the seam plays it directly
    game = play_out(simulation_config(3, 9, level="greedy", game=name))
    kind = games.kind(name)
    assert lines[0]["scores"] == kind.summary(game)["scores"]
    assert lines[0]["moves"] == len(game.moves)
    assert lines[0]["rules"] == (kind.rules_of(game) or name)


def test_simulate_lines_end_with_what_each_game_counts(capsys) -> None:
    assert cli.main(["simulate", "--game", "nauticus", "--players", "2"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.endswith(" moves") and "winner" in line
    assert cli.main(["simulate", "--players", "2"]) == 0
    assert "turns per seat, end by " in capsys.readouterr().out


def test_a_game_refuses_the_options_it_does_not_have_in_words(capsys) -> None:
    assert cli.main(["simulate", "--game", "nauticus", "--advanced"]) == 2
    assert "Nauticus has no advanced setup" in capsys.readouterr().err
    assert cli.main(["simulate", "--rules", "third"]) == 2
    assert "Shipyard has no rule book 'third'" in capsys.readouterr().err
    assert cli.main(["solo", "--game", "nauticus", "--name", "Ann"]) == 2
    assert "Nauticus has no solo game" in capsys.readouterr().err
    assert cli.main(["tournament", "--game", "nauticus", "--bots", "grandmaster"]) == 2
    err = capsys.readouterr().err
    assert "unknown Nauticus bot level 'grandmaster'" in err and "beginner" in err


def test_simulate_solo_and_classic_keep_their_setups(capsys) -> None:
    assert cli.main(["simulate", "--solo", "--bots", "greedy", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["solo"] and line["seats"] == ["Bot", "Automa A", "Automa B"]
    assert line["players"] == 3 and line["rules"] == "second"
    results = list(simulate("shipyard", 2, 1, 4, "random", Options(rules="classic")))
    assert results[0].summary()["rules"] == "classic"


def test_the_tournament_plays_every_game_through_its_driver(capsys) -> None:
    assert cli.main(["tournament", "--game", "nauticus", "--players", "3", "--bots",
                     "random,beginner", "--games", "3", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    matches = [line for line in lines if "game" in line]
    # a Nauticus match names its game, not Shipyard's 2nd edition
    assert len(matches) == 3 and {m["rules"] for m in matches} == {"nauticus"}
    assert matches[0]["bots"] == ["random", "greedy", "random"]
    # the same match as the seam's seat driver plays it
    direct = play_match(["random", "greedy", "random"], 0, 0, game_name="nauticus")
    assert list(direct.scores) == matches[0]["scores"]
    assert lines[-1]["standings"][0]["bot"] == "random"


@pytest.mark.parametrize("name", ["shipyard", "nauticus"])
def test_play_sets_up_every_game_through_its_kind(name: str) -> None:
    args = argparse.Namespace(game=name, seat=["Ann:human", "Bob:bot:sensible"],
                              players=None, first_game=False, advanced=False, seed=5,
                              rules="")
    config = cli._play_config(args)
    assert games.kind_of(config) is games.kind(name)
    assert [s.level for s in config.seats] == ["", "planner"] and config.seed == 5
    args.seat = []
    args.players = 3
    config = cli._play_config(args)
    assert [s.kind for s in config.seats] == [SeatKind.HUMAN, SeatKind.BOT, SeatKind.BOT]
    assert config.seats[1].level == games.kind(name).default_level


def test_seats_are_read_for_the_game_they_sit_at() -> None:
    nauticus = games.kind("nauticus")
    assert parse_seat("Bob:bot:sensible", nauticus) == SeatConfig("Bob", SeatKind.BOT,
                                                                  "planner")
    with pytest.raises(ValueError, match="unknown Nauticus bot level"):
        parse_seat("Bob:bot:grandmaster", nauticus)
    with pytest.raises(ValueError, match="2 to 4 seats"):
        check_seats([SeatConfig("Ann")], nauticus)


def test_the_third_game_plays_every_command_through_the_seam(beacons: None,
                                                              capsys) -> None:
    assert cli.main(["simulate", "--game", "beacons", "--players", "2", "--games", "2",
                     "--bots", "careful", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and all(set(line) >= COMMON for line in lines)
    assert cli.main(["tournament", "--game", "beacons", "--bots", "random,careful",
                     "--games", "2", "--json"]) == 0
    matches = [json.loads(line) for line in capsys.readouterr().out.splitlines()][:2]
    assert {m["rules"] for m in matches} == {"beacons"}
    assert cli.main(["simulate", "--game", "beacons", "--solo"]) == 2
    assert "Beacons has no solo game" in capsys.readouterr().err


def test_analyse_asks_the_game_whether_it_can(beacons: None, tmp_path, monkeypatch,
                                             capsys) -> None:
    from shipyard_tui.saves import SaveStore

    kind = games.kind("beacons")
    assert games.kind("shipyard").can_analyse and games.kind("nauticus").can_analyse
    assert not kind.can_analyse
    game = play_out(kind.make_config([SeatConfig("A", SeatKind.BOT, "random"),
                                      SeatConfig("B", SeatKind.BOT, "random")], 1))
    with pytest.raises(NoAdvice, match="Beacons games cannot be analysed yet"):
        kind.key_moments(game, budget_ms=5, seats=(0,), top=1)
    # `shipyard analyse` refuses its save in words, naming the games that can
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    path = SaveStore().archive(game, "beacons-end")
    assert cli.main(["analyse", str(path)]) == 1
    err = capsys.readouterr().err
    assert "is a save of Beacons, not of Shipyard or Nauticus" in err
    assert "Beacons games cannot be analysed yet" in err
    with pytest.raises(NoAdvice, match="Beacons gives no hint"):
        kind.hint(kind.new_game(kind.config_of(game)))


@pytest.mark.parametrize("name", ["shipyard", "nauticus"])
def test_every_game_hints_by_one_budget_rule(name: str, monkeypatch) -> None:
    """The hint thinks as long as the strong bot does for one decision, in every game
    (Nauticus's thought three times as long, Shipyard's once: they drifted)."""
    assert HINT_BUDGET_FACTOR == 1 and hint_budget(40.0, 150.0) == 40.0
    kind = games.kind(name)
    asked: list[tuple[float, int]] = []

    def search(self: Any, game: Any, budget_ms: float, move_index: int) -> Hint:
        asked.append((budget_ms, move_index))
        return Hint(0, "w", 0.0, 0.0, None, None, None, False)

    monkeypatch.setattr(type(kind), "search_hint", search)
    game = kind.new_game(simulation_config(2, 3, game=name))
    kind.hint(game, 40.0, move_index=7)
    kind.hint(game)
    assert asked == [(40.0, 7), (kind.default_budget_ms(), 0)]


def test_each_game_searches_its_hint_for_the_budget_it_is_given(monkeypatch) -> None:
    from shipyard_tui.games.nauticus import hint as nauticus_hint
    from shipyard_tui.games.shipyard import analysis as shipyard_search

    budgets: list[float] = []
    real_advise = nauticus_hint.advise

    def advise(view: Any, legal: Any, seed: int, budget_ms: float) -> Any:
        budgets.append(budget_ms)
        return real_advise(view, legal, seed, 5.0)

    def hint_for(game: Any, *, budget_ms: float, move_index: int) -> Hint:
        budgets.append(budget_ms)
        return Hint(0, "w", 0.0, 0.0, None, None, None, False)

    monkeypatch.setattr(nauticus_hint, "advise", advise)
    monkeypatch.setattr(shipyard_search, "hint_for", hint_for)
    for name in ("shipyard", "nauticus"):
        kind = games.kind(name)
        people = [SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "random")]
        hint = kind.hint(kind.new_game(kind.make_config(people, 2)), 60.0)
        assert hint.best
    assert budgets == [60.0, 60.0]
