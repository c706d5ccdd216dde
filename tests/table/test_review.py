"""The end-of-game review: the breakdown adds up, the reveal explains each contract, and
``shipyard scores`` / ``shipyard history`` print it for saved games."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from shipyard_tui.games.shipyard.review import build_review, review_json
from shipyard_tui.games.shipyard.rules import CATALOG
from shipyard_tui.saves import SaveStore
from shipyard_tui.simulate import play_out, simulation_config
from support.invariants import random_config, random_game


def games():
    for players in (2, 3, 4):
        for seed in range(15):
            yield random_game(random_config(players, 300 + seed), seed)
    for seed in range(6):
        yield play_out(simulation_config(2 + seed % 3, 40 + seed, level="greedy"))
        yield play_out(simulation_config(3, 60 + seed, solo=True, level="greedy"))


def test_breakdown_rows_add_up_to_the_engine_scores():
    checked = 0
    for game in games():
        review = build_review(game)
        for seat in review.players:
            total = sum(row.values[seat] or 0 for row in review.rows)
            assert total == game.state.seats[seat].score == review.totals[seat]
            checked += 1
        assert review.winners == tuple(game.state.winners)
    assert checked > 50


def test_every_contract_of_every_seat_has_a_row():
    for game in games():
        review = build_review(game)
        keys = {row.key for row in review.rows}
        for seat in review.players:
            for contract in game.state.seats[seat].contracts:
                assert contract in keys


def test_the_reveal_explains_each_contract_with_what_it_counted():
    for game in games():
        review = build_review(game)
        assert [step.seat for step in review.reveal] == [
            (game.state.start_seat + k) % game.state.players for k in range(game.state.players)
            if not game.state.seats[(game.state.start_seat + k) % game.state.players].is_automa]
        for step in review.reveal:
            seat = game.state.seats[step.seat]
            assert {line.contract for line in step.contracts} == set(seat.contracts)
            for line in step.contracts:
                assert line.points == seat.end_points[line.contract]
                assert str(line.counted) in line.detail
                assert line.sentence().endswith(f"→ {line.points}")
            assert step.trader_points == seat.end_points["traders"]


def test_ship_lines_add_up_and_dismantled_ships_say_why():
    for game in games():
        review = build_review(game)
        for seat, ships in review.ships.items():
            sailed = [s for s in ships if s.sailed]
            assert sum(s.total for s in sailed) == sum(sh.total for sh in
                                                       game.state.seats[seat].fleet)
            wrecks = [s for s in ships if not s.sailed]
            assert len(wrecks) == len(game.state.seats[seat].dismantled)
            assert all(w.reason for w in wrecks)
            assert [s.number for s in ships] == list(range(1, len(ships) + 1))


def test_an_unfinished_game_shows_the_scores_so_far():
    config = random_config(3, 77)
    game = random_game(config, 77)
    from shipyard_tui.games.shipyard.rules import Game

    partial = Game.replay(config, game.moves[: len(game.moves) // 2])
    review = build_review(partial)
    assert not review.over and review.reveal == [] and review.winners == ()
    for seat in review.players:
        assert sum(row.values[seat] or 0 for row in review.rows) == partial.state.seats[seat].score


def test_the_score_history_ends_at_the_final_score():
    for game in games():
        review = build_review(game)
        for seat in review.players:
            points = review.history[seat]
            assert points[-1][1] == game.state.seats[seat].score
            scores = [s for _, s in points]
            assert scores == sorted(scores)


# -- the command line ----------------------------------------------------------------


@pytest.fixture
def archived(tmp_path):
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"),
               SHIPYARD_CONFIG_DIR=str(tmp_path / "c"))
    store = SaveStore(tmp_path / "d" / "saves", tmp_path / "d" / "finished")
    game = play_out(simulation_config(3, 2026, level="greedy"))
    path = store.archive(game, "known-game")
    return env, game, path


def run(env, *args):
    return subprocess.run([sys.executable, "-m", "shipyard_tui.cli", *args], env=env,
                          capture_output=True, text=True, timeout=60, check=True).stdout


def test_scores_prints_the_review_of_a_known_finished_game(archived):
    env, game, _path = archived
    out = run(env, "scores", "known-game", "--width", "100")
    state = game.state
    total_line = next(line for line in out.splitlines() if line.startswith("Total"))
    assert [int(n) for n in re.findall(r"\d+", total_line)] == [s.score for s in state.seats]
    for seat in state.seats:
        assert f"{seat.name} reveals:" in out
        for contract in seat.contracts:
            name = CATALOG.contracts[contract].name
            points = seat.end_points[contract]
            assert re.search(rf"{contract} {re.escape(name)}: .* → {points}\b", out)
        assert f"{seat.name}'s ships" in out
    winner = state.seats[state.winners[0]].name
    header = next(line for line in out.splitlines() if "★" in line)
    assert winner in header
    assert "Score over time" in out


def test_scores_json_matches_the_engine(archived):
    env, game, path = archived
    data = json.loads(run(env, "scores", str(path), "--json"))
    state = game.state
    assert data["over"] is True
    assert data["totals"] == [s.score for s in state.seats]
    assert data["winners"] == [state.seats[i].name for i in state.winners]
    assert data == review_json(build_review(game))


def test_history_lists_finished_games(archived):
    env, game, _ = archived
    out = run(env, "history")
    assert "known-game" in out
    for seat in game.state.seats:
        won = " *" if game.state.seats.index(seat) in game.state.winners else ""
        assert f"{seat.name} {seat.score}{won}" in out


def test_history_stars_the_winners_the_tie_break_chose(monkeypatch, capsys, tmp_path):
    """A play-test read "Annabelle 40, Bob 48 *, Cy 48 *" where Bob alone won, on
    guilders (R-10.6): the stars marked every top score. They follow the game's
    winners, which a save's listing now carries."""
    from pathlib import Path

    from shipyard_tui import cli
    from shipyard_tui.saves import SaveInfo, SaveStore

    info = SaveInfo(path=Path("x.json"), name="x", game_id="g1", saved_at="",
                    seats=("Annabelle", "Bob", "Cy"), kinds=("human", "bot", "bot"),
                    scores=(40, 48, 48), turn=81, stage="over", over=True, solo=False,
                    to_move="", winners=(1,))
    monkeypatch.setattr(SaveStore, "list_finished", lambda self: [(info, info.path, None)])
    assert cli.main(["history"]) == 0
    assert "Annabelle 40, Bob 48 *, Cy 48   (g1)" in capsys.readouterr().out


def test_a_saves_listing_carries_the_winners(archived):
    _env, game, path = archived
    from shipyard_tui.saves import read_info

    assert read_info(path).winners == tuple(game.state.winners) != ()


def test_scores_of_a_bad_file_is_a_clean_message(tmp_path):
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = subprocess.run([sys.executable, "-m", "shipyard_tui.cli", "scores", str(bad)],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "cut short" in result.stderr


def test_a_solo_review_names_no_winner_and_tells_the_traders_from_the_contract():
    """A play-test: the solo Scores page said "Winner ★" for the one person (under
    "Keep practising"), and had two rows called Traders: the B7 contract and the trader
    employees' own points (R-10.5)."""
    from rich.console import Console

    from shipyard_tui.games.shipyard.review import breakdown_table

    def shown(game) -> str:
        console = Console(width=100, record=True, color_system=None)
        console.print(breakdown_table(build_review(game)))
        return console.export_text()

    solo = shown(play_out(simulation_config(3, 61, solo=True, level="greedy")))
    assert "Winner" not in solo and "★" not in solo and "Shared victory" not in solo
    assert "Trader employees" in solo
    duel = play_out(simulation_config(2, 41, level="greedy"))
    assert re.search(r"(Winner|Shared victory) .*★", shown(duel))


def test_the_log_and_key_moments_count_rounds_as_the_status_line_does():
    """A play-test: the log said "turn 73" (the game's turns of every seat) where Key
    moments said "turn 21" (the seat's own) and the status line "Round 25"."""
    from shipyard_tui.games.shipyard.rules import events as ev
    from shipyard_tui.games.shipyard.words import describe_event, round_of

    assert [round_of(t, 3) for t in (1, 3, 4, 73)] == [1, 1, 2, 25]
    line = describe_event(["Ann", "A", "B"], ev.TurnStarted(seat=0, turn=73, kind="regular"))
    assert line == "— Ann: turn (round 25)"


def _column_height(lines: list[str], column: int, marks: str) -> int:
    """How full one column of a chart is: each row's mark counted by its rank."""
    return sum(marks.index(line[column]) + 1 if line[column] in marks else 0
               for line in lines)


def history_last(review, seat):  # type: ignore[no-untyped-def]
    return review.history[seat][-1][1] if review.history.get(seat) else 0


def test_the_ascii_score_chart_keeps_the_scores_apart():
    """A play-test with LANG=C: every block of the chart became ``#``, so a score of 21
    was drawn as tall as one of 72. In ASCII the chart draws with ``_.-=#``, and each
    player's last column is as high as their final score puts it, on one scale."""
    from shipyard_tui.games.shipyard.review import ASCII_SPARK, score_chart

    game = play_out(simulation_config(2, 41, level="greedy"))
    review = build_review(game)
    chart = score_chart(review, marks=ASCII_SPARK).plain
    assert chart.isascii()
    assert "_ . - = # from low to high" in chart.splitlines()[0]  # the marks explained
    rows = chart.splitlines()[1:]
    heights = {}
    for k, seat in enumerate(review.players):
        lines = rows[2 * k: 2 * k + 2]  # two rows a player: the name, then the score
        assert lines[0].startswith(review.seats[seat][:10])
        assert not lines[1][:10].strip()
        # the final score after the bars' end (before them it read as a scale)
        final = str(history_last(review, seat))
        assert lines[1].rstrip().endswith(f" {final}")
        last = len(lines[1].rstrip()) - len(final) - 2
        bars = [line[:last + 1] for line in lines]
        heights[review.totals[seat]] = _column_height(bars, last, ASCII_SPARK)
    low, high = sorted(heights)
    assert low < high and heights[low] < heights[high]


def test_the_ascii_nauticus_chart_keeps_the_scores_apart():
    """The same for Nauticus's columns (empty, then ``_.-=#``)."""
    import random

    from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
    from shipyard_tui.games.nauticus.review import ASCII_SPARK, build_nauticus_review, score_chart
    from shipyard_tui.games.shipyard.rules import SeatConfig

    for seed in range(4, 40):  # a game whose two final scores differ
        game = NauticusGame(NauticusConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=seed))
        rng = random.Random(seed)
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
        review = build_nauticus_review(game)
        finals = [row[-1] for row in review.history]
        if finals[0] != finals[1]:
            break
    assert finals[0] != finals[1]
    chart = score_chart(review, marks=ASCII_SPARK).plain
    assert chart.isascii()
    assert "_ . - = # from low to high" in chart.splitlines()[0]
    lines = chart.splitlines()
    heights = []
    for name in review.seats:
        at = lines.index(name)
        column = lines[at + 1: at + 4]  # three rows of columns six wide
        last = 2 + 6 * (len(review.history[0]) - 1)
        heights.append(_column_height([line.ljust(last + 1) for line in column], last,
                                      ASCII_SPARK.strip()))
    assert (heights[0] < heights[1]) is (finals[0] < finals[1])
    assert heights[0] != heights[1]


@pytest.mark.parametrize("ascii_marks", [False, True])
def test_a_score_of_0_has_no_bar_and_a_small_score_the_lowest(ascii_marks):
    """Issue 35, item 12: a score of 0 and a small score shared the lowest mark of the
    over-time chart. A 0 is now blank, any other score at least the lowest mark, and
    the caption says so."""
    import dataclasses

    from shipyard_tui.games.shipyard.review import ASCII_SPARK, SPARK, score_chart

    marks = ASCII_SPARK if ascii_marks else SPARK
    review = build_review(play_out(simulation_config(2, 41, level="greedy")))
    first, second = review.players
    history = {first: [(1, 0), (2, 1), (3, 100)], second: [(1, 0), (2, 0), (3, 50)]}
    chart = score_chart(dataclasses.replace(review, history=history), marks=marks).plain
    lines = chart.splitlines()
    assert "blank: 0" in lines[0]
    bottom = lines[2]  # the first player's lower row: its three columns after the name
    columns = bottom[11:14]
    assert columns[0] == " " and columns[1] == marks[0] and columns[2] == marks[-1]
    assert lines[4][11:13] == "  "  # the second player's two zeros: no bar
