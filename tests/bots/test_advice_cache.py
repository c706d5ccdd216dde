"""The load advice keeps the plans it found: a kept plan is always the one worked out
afresh for the same ship, pieces, employees and canal system (R-6.3, R-7.1, R-9.2)."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard import advice
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.bots import greedy as greedy_module
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.simulate import simulation_config


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Play greedy games (solo and two seats) and keep every question asked of the
    load advice, with a copy of the position it was asked in."""
    asked: list[tuple[Any, ...]] = []
    real = advice.best_load
    monkeypatch.setattr(advice, "_LOAD_CACHE", {})  # not the plans other tests left

    def recording(state: Any, seat: int, cells: list[int],
                  keep: dict[str, int] | None = None,
                  contracts: bool = False) -> advice.LoadPlan:
        asked.append((state.copy(), seat, list(cells), dict(keep or {}), contracts))
        return real(state, seat, cells, keep, contracts)

    monkeypatch.setattr(greedy_module, "best_load", recording)
    counting = greedy_module.GreedyTuning(contract_loads=True)
    for seed, players, solo in ((11, 3, True), (12, 2, False), (13, 3, True), (14, 3, True)):
        game = Game(simulation_config(players, seed, solo=solo, level="greedy"))
        seats = [i for i, s in enumerate(game.state.seats) if not s.is_automa]
        bots = {i: greedy_module.GreedyBot(seed + i, counting) if seed == 14
                else bot_for_level("greedy", seed + i) for i in seats}
        SeatDriver(bots).play_out(game)
    assert any(q[-1] for q in asked) and not all(q[-1] for q in asked)
    return asked


def test_a_kept_plan_is_the_plan_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _asked(monkeypatch)
    assert len(asked) > 50
    kept = [advice.best_load(*question) for question in asked]
    assert len(advice._LOAD_CACHE) < len(asked)  # the same questions did come back
    for question, plan in zip(asked, kept, strict=True):
        advice._LOAD_CACHE.clear()
        assert advice.best_load(*question) == plan


def test_a_different_canal_system_is_not_served_a_kept_plan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _asked(monkeypatch)
    state, seat, cells, keep, contracts = next(
        q for q in asked if advice.best_load(*q).scores and q[0].seats[q[1]].canals)
    advice.best_load(state, seat, cells, keep, contracts)
    state.seats[seat].canals.clear()  # no canals: no cruise, so no ship can score
    assert not advice.best_load(state, seat, cells, keep, contracts).scores
