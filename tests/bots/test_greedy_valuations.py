"""The greedy valuations keep what they work out often (cruise lengths by canal system,
tile worths, yard mounts) and skip cells where no ship completes: every kept or
shortened answer is the one worked out in full (R-5.2, R-9.2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import greedy as greedy_module
from shipyard_tui.games.shipyard.bots.greedy import GreedyBot, cruise_lengths_of
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.rules.query import CanalSystem, legal_cells, pattern
from shipyard_tui.simulate import simulation_config


def _positions() -> list[Any]:
    """Positions along greedy games, solo and two seats."""
    found = []
    for seed, players, solo in ((21, 3, True), (22, 2, False)):
        game = Game(simulation_config(players, seed, solo=solo, level="greedy"))
        driver = SeatDriver({i: GreedyBot(seed + i) for i, s in
                             enumerate(game.state.seats) if not s.is_automa})
        while not game.is_over:
            if len(game.moves) % 5 == 0:
                found.append(game.state.copy())
            driver.play_bots(game, max_moves=1)
    return found


@pytest.fixture(scope="module")
def positions() -> list[Any]:
    return _positions()


def test_kept_cruise_lengths_are_the_lengths_worked_out_afresh(positions) -> None:
    checked = 0
    for state in positions:
        for seat in state.seats:
            for limit in (12, 16):
                kept = cruise_lengths_of(seat.canals, seat.token, limit)
                fresh = (CanalSystem(seat.canals).cruise_lengths(seat.token, limit)
                         if seat.canals else set())
                assert kept == fresh
                checked += bool(fresh)
    assert checked > 20


def test_a_changed_canal_system_is_not_served_kept_lengths(positions) -> None:
    """A canal turned round (same tiles, same places) is asked about afresh: found
    where turning it changes the lengths, the answer follows the turn."""
    for original in positions:
        seat = original.copy().seats[0]
        for canal in seat.canals:
            before = cruise_lengths_of(seat.canals, seat.token, 16)
            canal.rotation = (canal.rotation + 1) % 4
            fresh = CanalSystem(seat.canals).cruise_lengths(seat.token, 16)
            if fresh != before:
                assert cruise_lengths_of(seat.canals, seat.token, 16) == fresh
                return
    pytest.fail("no canal system whose lengths change when a canal turns")


def test_the_best_cell_is_the_best_of_every_legal_cell(positions) -> None:
    """Only cells that complete a ship ask about the tile; the answer is still the best
    _cell_value over all legal cells, tile by tile."""
    bot = GreedyBot(1)
    rng = random.Random(5)
    compared = 0
    for state in positions:
        seat = state.to_move
        if seat is None or state.seats[seat].is_automa:
            continue
        p = pattern(state.seats[seat].yard)
        for column, stack in enumerate(state.market.ships):
            letter = "BMMS"[column]
            cells = legal_cells(p, letter)
            if not cells:
                continue
            for tile in [t for t in stack if t is not None] + [None]:
                full = max(bot._cell_value(state, seat, letter, c, tile, p) for c in cells)
                assert bot._best_cell(state, seat, letter, tile, p) == full
                compared += 1
        if rng.random() < 0.2:
            greedy_module.yard_shape.cache_clear()
    assert compared > 100


def test_the_tile_worth_follows_the_pieces_waiting_for_its_mounts(positions) -> None:
    seat = positions[len(positions) // 2].copy().seats[0]
    tile = next(t for t in greedy_module.CATALOG.ship_tiles
                if any(f.value == "cannon" for f in greedy_module.CATALOG.ship(t).features))
    seat.pieces.pop("cannon", None)
    without = GreedyBot(1)._tile_value(seat, tile)
    seat.pieces["cannon"] = 1
    assert GreedyBot(1)._tile_value(seat, tile) == without + 1.0
