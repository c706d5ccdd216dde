"""Invariants that must hold after every move of every game."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

from shipyard_tui.games.shipyard.rules import CATALOG, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules.catalog import (
    CLASSIC_CATALOG,
    ContractColour,
    Feature,
    Piece,
)
from shipyard_tui.games.shipyard.rules.engine import catalog_of
from shipyard_tui.games.shipyard.rules.state import Stage, Step
from shipyard_tui.games.shipyard.rules.yard import completable, pattern
from support import legal_now
from support import shipyard as rules_helpers

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
    for column in market.ships:
        ids += column
    for seat in state.seats:
        ids += seat.yard
        for ship in seat.fleet:
            ids += ship.tiles
        for ship in seat.dismantled:
            ids += ship.tiles
    if state.turn.holding is not None:
        ids.append(state.turn.holding)
    return [t for t in ids if t is not None and not t.startswith("blank")]


_YARDS_CLEAR: dict[tuple[str | None, ...], bool] = {}
"""Whether a yard (its tile ids) can still clear, for the yards already checked: a
yard changes on few moves, and the answer depends on the tiles alone."""


def yard_can_clear(yard: list[str | None]) -> bool:
    key = tuple(yard)
    known = _YARDS_CLEAR.get(key)
    if known is None:
        known = _YARDS_CLEAR[key] = completable(pattern(yard))
    return known


def check_invariants(game: Game) -> None:
    state = game.state
    sailing = state.turn.step in SAILING_STEPS
    for seat in state.seats:
        assert seat.guilders >= 0, f"{seat.name} has {seat.guilders} guilders"
        assert len(set(seat.employees)) == len(seat.employees), f"{seat.name}: {seat.employees}"
        assert min(seat.pieces.values(), default=1) > 0, seat.pieces
        if not sailing:
            assert yard_can_clear(seat.yard), pattern(seat.yard)
    tiles = ship_tiles_in_play(game)
    catalog = catalog_of(state)  # the game's edition's tiles (classic: RC-13.1)
    if len(tiles) != len(catalog.ship_tiles) or set(tiles) != set(catalog.ship_tiles):
        counts = Counter(tiles)
        raise AssertionError(([t for t, n in counts.items() if n > 1],
                              set(catalog.ship_tiles) ^ set(tiles)))
    if not game.is_over:
        assert legal_now(game), f"no legal move at step {state.turn.step}"


def check_final(game: Game) -> None:
    """Every seat ends with one red (classic: green, RC-3.9) and one blue contract and
    equal regular turns."""
    state = game.state
    assert game.is_over
    wanted = sorted(c.value for c in catalog_of(state).contract_colours)
    for seat in state.seats:
        if seat.is_automa:
            continue
        colours = sorted(CATALOG.contracts[c].colour.value for c in seat.contracts)
        assert colours == wanted, seat.contracts
    assert len({seat.turns for seat in state.seats}) == 1, [s.turns for s in state.seats]


def json_round_trip(game: Game) -> Game:
    text = json.dumps(game.to_json())
    return Game.from_json(json.loads(text), replay=False)


def random_game(config: GameConfig, move_seed: int, check=None) -> Game:
    return rules_helpers.random_game(config, move_seed, check=check)


# -- the classic rules (CLASSIC.md) ---------------------------------------------------------

RING = CLASSIC_CATALOG.ring_spaces


@cache
def stern_boilers(tiles: tuple[str, ...]) -> int:
    """The boilers on the sterns among ``tiles`` (a ship's tiles never change)."""
    return sum(CATALOG.ship(t).count(Feature.BOILER) for t in tiles
               if CATALOG.ship(t).kind.value == "stern")


def classic_config(players: int, seed: int) -> GameConfig:
    """A classic configuration; every other seed plays the first-game arrangement."""
    return GameConfig(tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(players)),
                      seed=seed, edition="classic", first_game=seed % 2 == 1)


def check_classic(game: Game, before: tuple[int, int] | None = None) -> tuple[int, int]:
    """The classic invariants (and the shared ones): the ring (RC-2.7, RC-3.0, RC-3.10),
    the countdown (RC-3.8), no guilders on cards (RC-3.3), contracts (RC-2.2, RC-3.9),
    the yard (RC-5.1), no stokers (RC-6.1). Returns (countdown, lead space) for the next
    call to check that the countdown only goes down."""
    check_invariants(game)
    state = game.state
    track = state.track
    spaces = [slot.space for slot in track]
    assert all(s is not None and 0 <= s < RING for s in spaces), spaces
    assert len(set(spaces)) == len(spaces)
    steps = [(spaces[k - 1] - spaces[k]) % RING for k in range(1, len(spaces))]  # type: ignore[operator]
    assert all(step >= 1 for step in steps) and sum(steps) < RING, spaces
    assert (spaces[0] + 1) % RING not in spaces  # type: ignore[operator]
    assert all(slot.guilders == 0 for slot in track)
    assert state.reserve == 0 and state.wheel == 0
    assert state.countdown is not None and 0 <= state.countdown <= state.players
    if before is not None:
        assert state.countdown <= before[0]
    if state.countdown == 0:
        assert state.end_trigger is not None
    for seat in state.seats:
        assert len(seat.yard) == 9
        colours = Counter(CATALOG.contracts[c].colour for c in seat.contracts)
        assert set(colours) <= {ContractColour.GREEN, ContractColour.BLUE}
        assert 1 <= colours[ContractColour.GREEN] <= 3 and 1 <= colours[ContractColour.BLUE] <= 3
        assert colours[ContractColour.GREEN] == colours[ContractColour.BLUE] or \
            state.stage is Stage.DISCARD
        assert seat.piece(Piece.STOKER) == 0
        for ship in seat.fleet:
            assert ship.piece(Piece.STOKER) == 0
            assert not stern_boilers(tuple(ship.tiles)), ship.tiles
        assert all(e in CLASSIC_CATALOG.employee_deck for e in seat.employees)
    return state.countdown, spaces[0]  # type: ignore[return-value]


def classic_random_game(players: int, seed: int) -> Game:
    game = Game(classic_config(players, seed))
    rng = random.Random(seed)
    seen = check_classic(game)
    while not game.is_over:
        game.push(rng.choice(legal_now(game)))
        seen = check_classic(game, seen)
    check_final(game)
    return game
