"""Invariants that must hold after every move of every game."""

from __future__ import annotations

import json
from collections import Counter

from shipyard_tui import testing
from shipyard_tui.rules import CATALOG, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.rules.state import Step
from shipyard_tui.rules.yard import completable, pattern

SAILING_STEPS = {Step.SAIL_ORDER, Step.LOAD, Step.RIGGER, Step.TOKEN_START, Step.CRUISE}


def random_config(players: int, seed: int, *, solo: bool = False) -> GameConfig:
    """A configuration whose options vary with the seed."""
    if solo:
        seats = (SeatConfig("P"), SeatConfig("A", SeatKind.AUTOMA),
                 SeatConfig("B", SeatKind.AUTOMA))
        return GameConfig(seats, seed=seed, solo=True, first_game=seed % 2 == 1)
    option = seed % 3
    return GameConfig(tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(players)), seed=seed,
                      advanced=option == 1, first_game=option == 2)


def ship_tiles_in_play(game: Game) -> list[str]:
    """Every catalog ship tile wherever it is: stacks, display, yards, fleets, out of play."""
    state = game.state
    market = state.market
    ids = market.bow_stack + market.middle_stack + market.stern_stack + market.removed_ships
    ids += [t for column in market.ships for t in column if t is not None]
    for seat in state.seats:
        ids += [t for t in seat.yard if t is not None]
        for ship in seat.fleet:
            ids += ship.tiles
        for ship in seat.dismantled:
            ids += ship.tiles
    if state.turn.holding is not None:
        ids.append(state.turn.holding)
    return [t for t in ids if not t.startswith("blank")]


def check_invariants(game: Game) -> None:
    state = game.state
    for seat in state.seats:
        assert seat.guilders >= 0, f"{seat.name} has {seat.guilders} guilders"
        assert len(set(seat.employees)) == len(seat.employees), f"{seat.name}: {seat.employees}"
        assert all(n > 0 for n in seat.pieces.values()), seat.pieces
        if state.turn.step not in SAILING_STEPS:
            assert completable(pattern(seat.yard)), pattern(seat.yard)
    tiles = ship_tiles_in_play(game)
    counts = Counter(tiles)
    assert len(tiles) == len(CATALOG.ship_tiles), [t for t, n in counts.items() if n > 1]
    assert set(tiles) == set(CATALOG.ship_tiles)
    if not game.is_over:
        assert game.legal_moves(), f"no legal move at step {state.turn.step}"


def check_final(game: Game) -> None:
    """Every seat ends with one red and one blue contract and equal regular turns."""
    state = game.state
    assert game.is_over
    for seat in state.seats:
        if seat.is_automa:
            continue
        colours = sorted(CATALOG.contracts[c].colour.value for c in seat.contracts)
        assert colours == ["blue", "red"], seat.contracts
    assert len({seat.turns for seat in state.seats}) == 1, [s.turns for s in state.seats]


def json_round_trip(game: Game) -> Game:
    text = json.dumps(game.to_json())
    return Game.from_json(json.loads(text), replay=False)


def random_game(config: GameConfig, move_seed: int, check=None) -> Game:
    return testing.random_game(config, move_seed, check=check)
