"""Loads that count the seat's contracts (``best_load(..., contracts=True)``): the crew
that fills a ship's cabins is chosen for the contracts too (R-6.3, R-9.3, COMPONENTS §5),
and the greedy valuations use it only when their tuning asks for it."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard_tui.games.shipyard import advice
from shipyard_tui.games.shipyard.bots import greedy as greedy_module
from shipyard_tui.games.shipyard.rules import Feature, GameState
from shipyard_tui.games.shipyard.rules.catalog import TileKind
from shipyard_tui.games.shipyard.rules.query import PlacedCanal
from support.shipyard import solo_game, tile_with


def _ship_with_one_cabin(contracts: list[str]) -> GameState:
    """A complete ship in cells 0-2 with one cabin and one cannon mount, a captain, a
    businessman, a soldier and a cannon beside the yard, and one canal whose centre is a
    commerce official (S2): a cruise of speed 1 enters it."""
    game = solo_game(seed=3)
    state = game.state
    seat = state.seats[0]
    seat.yard = [tile_with(TileKind.BOW, Feature.CANNON, Feature.CABIN),
                 tile_with(TileKind.MIDDLE, Feature.MAST, Feature.BOAT),
                 tile_with(TileKind.STERN, Feature.BOILER, Feature.BOAT),
                 None, None, None, None, None, None, None]
    seat.pieces = {"captain": 1, "businessman": 1, "soldier": 1, "cannon": 1}
    seat.canals = [PlacedCanal("S2", 0, 0, 0)]
    seat.token = None
    seat.contracts = contracts
    seat.fleet = []
    return state


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "_LOAD_CACHE", {})


def test_without_contracts_the_cabin_takes_the_crew_that_scores_most_on_the_cruise() -> None:
    plan = advice.best_load(_ship_with_one_cabin(["B3"]), 0, [0, 1, 2])
    # the businessman scores at the commerce official; the soldier would not
    assert plan.scores and plan.load.get("businessman") == 1 and "soldier" not in plan.load


def test_counting_marines_the_cabin_takes_the_soldier_beside_the_cannon() -> None:
    state = _ship_with_one_cabin(["B3"])
    plain = advice.best_load(state, 0, [0, 1, 2])
    counted = advice.best_load(state, 0, [0, 1, 2], contracts=True)
    # B3: 3 points per soldier-cannon pair on one ship, one point of cruise given up
    assert counted.load.get("soldier") == 1 and "businessman" not in counted.load
    assert counted.points == plain.points - 1 + 3


def test_counting_a_contract_that_wants_businessmen_keeps_the_businessman() -> None:
    state = _ship_with_one_cabin(["B4"])  # B4: businessmen beyond the first
    counted = advice.best_load(state, 0, [0, 1, 2], contracts=True)
    assert counted.load.get("businessman") == 1 and "soldier" not in counted.load


def test_a_plan_counted_for_some_contracts_is_not_served_for_others() -> None:
    state = _ship_with_one_cabin(["B3"])
    first = advice.best_load(state, 0, [0, 1, 2], contracts=True)
    state.seats[0].contracts = ["B4"]  # the same ship and pieces, other contracts
    second = advice.best_load(state, 0, [0, 1, 2], contracts=True)
    assert first.load != second.load


def test_the_greedy_tuning_decides_whether_loads_count_contracts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[bool] = []
    real = advice.best_load

    def recording(*args: Any, contracts: bool = False, **kwargs: Any) -> advice.LoadPlan:
        asked.append(contracts)
        return real(*args, contracts=contracts, **kwargs)

    monkeypatch.setattr(greedy_module, "best_load", recording)
    state = _ship_with_one_cabin(["B3"])
    state.seats[0].yard[2] = None  # the stern completes the ship
    stern = tile_with(TileKind.STERN, Feature.BOILER, Feature.BOAT)
    for tuning, expected in ((greedy_module.GreedyTuning(), False),
                             (greedy_module.GreedyTuning(contract_loads=True), True)):
        asked.clear()
        bot = greedy_module.GreedyBot(0, tuning)
        bot._completed_ship_points(state, 0, stern, "S", 2, (0, 2))
        assert asked == [expected]
