"""The sensible bot (planner) in the 2nd edition (issue 37): it plays each ship tile and
each cell out to the end of its turn, as in the classic rules, hires by the greedy
valuations, arranges the hidden components once a decision, and values guilders and
the greedy valuations of an action by the 2nd edition's own weights."""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.bots import planner
from shipyard_tui.games.shipyard.bots.planner import PlannerBot
from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.rules.state import Step
from support.ui import game_at


def at_step(step: Step, edition: str) -> Game:
    """A 2-seat game where ``step`` offers its seat two or more choices."""
    return game_at(lambda g: g.state.turn.step is step
                   and len(considered(g.legal_moves())) > 1, seeds=range(60), edition=edition)


def spied(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts of the planner's look-aheads and of its arrangements of hidden components."""
    counts = {"outcome": 0, "determinize": 0}
    outcome, determinize = PlannerBot._outcome, planner.determinize

    def counted_outcome(self, world, seat, move):  # type: ignore[no-untyped-def]
        counts["outcome"] += 1
        return outcome(self, world, seat, move)

    def counted_determinize(view, seed):  # type: ignore[no-untyped-def]
        counts["determinize"] += 1
        return determinize(view, seed)

    monkeypatch.setattr(PlannerBot, "_outcome", counted_outcome)
    monkeypatch.setattr(planner, "determinize", counted_determinize)
    return counts


@pytest.mark.parametrize("step", [Step.BUILD, Step.PLACE])
def test_each_tile_and_cell_is_played_out_on_one_arrangement_r_4_1_r_5_2(
        step: Step, monkeypatch: pytest.MonkeyPatch) -> None:
    game = at_step(step, "second")
    seat = game.state.turn.seat
    legal = game.legal_moves()
    counts = spied(monkeypatch)
    move = PlannerBot(3).choose(game.view(seat), legal)
    assert move in legal
    assert counts["outcome"] == len(considered(legal)) > 1  # every choice played out
    assert counts["determinize"] == 1  # on copies of one arrangement


def test_hires_are_played_out_in_the_classic_rules_only_r_4_6(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counts = spied(monkeypatch)
    for edition, planned in (("second", False), ("classic", True)):
        game = at_step(Step.HIRE, edition)
        counts["outcome"] = 0
        PlannerBot(3).choose(game.view(game.state.turn.seat), game.legal_moves())
        assert (counts["outcome"] > 0) is planned, edition


@pytest.mark.parametrize("edition, worth", [("second", planner.GUILDER_WORTH),
                                            ("classic", planner.CLASSIC_GUILDER_WORTH)])
def test_a_guilder_is_worth_its_editions_weight(edition: str, worth: float) -> None:
    game = at_step(Step.BUILD, edition)
    state = game.state
    bot = PlannerBot(0)
    before = bot.value(state, 0)
    state.seats[0].guilders += 1
    left = 1.0 - bot._progress(state)
    assert bot.value(state, 0) - before == pytest.approx(left * worth)
    assert planner.GUILDER_WORTH > planner.CLASSIC_GUILDER_WORTH


@pytest.mark.parametrize("edition, weight", [("second", planner.GREEDY_PRIOR),
                                             ("classic", planner.CLASSIC_GREEDY_PRIOR)])
def test_the_greedy_valuation_of_an_action_weighs_its_editions_weight(
        edition: str, weight: float) -> None:
    game = at_step(Step.CHOOSE, edition)
    seat = game.state.turn.seat
    view = game.view(seat)
    bot = PlannerBot(0)
    bot.take_rules(view)
    move = max(considered(game.legal_moves()),
               key=lambda m: abs(bot._choice_value(view, seat, m)))
    value = bot._choice_value(view, seat, move)
    assert value != 0
    assert bot._prior(view, seat, move) == pytest.approx(weight * value)
