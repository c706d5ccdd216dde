"""The greedy valuations' tuning (issue 13): the tuned knobs play better than the
untuned ones, each knob does what it says, and the player levels stay in order."""

from __future__ import annotations

import statistics

import pytest

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots.greedy import EMPLOYEE_VALUE, TUNED, GreedyBot, GreedyTuning
from shipyard_tui.games.shipyard.bots.planner import PlannerBot
from shipyard_tui.games.shipyard.rules import CATALOG, Action, DecisionStep, Game, GameState
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import EmployeeKind, progress
from shipyard_tui.simulate import simulation_config

SEEDS = range(3001, 3041)


def _solo(make_bot) -> dict[int, int]:
    scores = {}
    for seed in SEEDS:
        game = Game(simulation_config(3, seed, solo=True, level="greedy"))
        SeatDriver({0: make_bot(seed)}).play_out(game)
        scores[seed] = game.state.seats[0].score
    return scores


@pytest.fixture(scope="module")
def untuned() -> dict[int, int]:
    return _solo(GreedyBot)


def test_the_tuned_valuations_score_more_in_solo_games(untuned) -> None:
    tuned = _solo(lambda seed: GreedyBot(seed, TUNED))
    gains = [tuned[s] - untuned[s] for s in SEEDS]
    assert statistics.mean(gains) > 3
    assert sum(g > 0 for g in gains) > sum(g < 0 for g in gains)


def test_the_sensible_level_scores_more_than_the_beginner(untuned) -> None:
    """The planner (sensible) plays with the tuned valuations and looks ahead; the
    greedy bot (beginner) keeps the untuned ones."""
    planner = _solo(PlannerBot)
    assert statistics.mean(planner.values()) > statistics.mean(untuned.values()) + 3


def _choice(bias: dict[Action, float]) -> tuple[GameState, mv.Choose]:
    """The first action choice of a seeded solo game where hiring is possible, and the
    move a greedy bot with this action bias makes there."""
    game = Game(simulation_config(3, 5, solo=True, level="greedy"))
    driver = SeatDriver({0: GreedyBot(5)})
    while True:
        legal = game.legal_moves()
        if game.state.turn.step is DecisionStep.CHOOSE and mv.Choose(Action.HIRE) in legal \
                and len(legal) > 2:
            view = game.view(0)
            move = GreedyBot(5, GreedyTuning(action_bias=bias)).choose(view, legal)
            assert isinstance(move, mv.Choose)
            return view, move
        driver.play_bots(game, max_moves=1)


def test_an_action_bias_moves_the_choice_of_action() -> None:
    assert _choice({Action.HIRE: 100.0})[1].action is Action.HIRE
    assert _choice({Action.HIRE: -100.0})[1].action is not Action.HIRE


def test_the_scaling_knobs_scale_their_valuations() -> None:
    view, _ = _choice({})
    seat = view.seats[0]
    plain, tuned = GreedyBot(1), GreedyBot(1, GreedyTuning(employee=2.0, piece=3.0, tile=0.5))
    tile = next(t for column in view.market.ships for t in column if t is not None)
    assert tuned._tile_value(seat, tile) == pytest.approx(0.5 * plain._tile_value(seat, tile))
    assert tuned._piece_value(view, seat, "sail") == pytest.approx(
        3.0 * plain._piece_value(view, seat, "sail"))
    helmsman = next(e for e, emp in CATALOG.employees.items()
                    if emp.kind is EmployeeKind.HELMSMAN)
    more = tuned._employee_value(view, seat, helmsman) - plain._employee_value(view, seat, helmsman)
    assert more == pytest.approx(EMPLOYEE_VALUE[EmployeeKind.HELMSMAN] * (1 - 0.7 * progress(view)))
