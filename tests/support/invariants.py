"""Invariants that must hold after every move of every game."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

from shipyard_tui.games.shipyard.rules import CATALOG, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules.catalog import (
    CLASSIC_CATALOG,
    Catalog,
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
    return [t for t in _tile_ids(game) if t is not None and not t.startswith("blank")]


def _tile_ids(game: Game) -> list[str | None]:
    """The ids in every place a ship tile can be (empty places and blanks too)."""
    state = game.state
    market = state.market
    ids: list[str | None] = [*market.bow_stack, *market.middle_stack, *market.stern_stack,
                             *market.removed_ships]
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
    return ids


_CATALOG_TILES: dict[int, tuple[object, frozenset[str]]] = {}


def _catalog_tiles(catalog: Catalog) -> frozenset[str]:
    """The catalog's ship tile ids as a set, made once per catalog (the catalog kept
    with it, so that its id stays its own)."""
    found = _CATALOG_TILES.get(id(catalog))
    if found is None:
        found = _CATALOG_TILES[id(catalog)] = (catalog, frozenset(catalog.ship_tiles))
    return found[1]


def _every_tile_once(game: Game, catalog_tiles: frozenset[str]) -> bool:
    """Whether the ship tiles in play are the catalog's, each once: what
    ``ship_tiles_in_play`` lists, counted by its distinct ids (a blank or an empty place
    is looked at once, not once a place: this runs after every move of the soaks)."""
    ids = _tile_ids(game)
    present = set(ids)
    extra = present - catalog_tiles  # the empty places, the blanks, and any stranger
    skipped = 0
    for tile in extra:
        if tile is not None and not tile.startswith("blank"):
            return False
        skipped += ids.count(tile)
    return (len(ids) - skipped == len(catalog_tiles)
            and len(present) - len(extra) == len(catalog_tiles))


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
    catalog = catalog_of(state)  # the game's edition's tiles (classic: RC-13.1)
    if not _every_tile_once(game, _catalog_tiles(catalog)):
        tiles = ship_tiles_in_play(game)
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


_CLASSIC_EMPLOYEES = frozenset(CLASSIC_CATALOG.employee_deck)


@cache
def _classic_colours(contracts: tuple[str, ...]) -> tuple[int, int, int]:
    """Of a hand of contracts (RC-2.2): the green ones, the blue ones and any other."""
    colours = Counter(CATALOG.contracts[c].colour for c in contracts)
    greens, blues = colours[ContractColour.GREEN], colours[ContractColour.BLUE]
    return greens, blues, len(contracts) - greens - blues


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
        greens, blues, others = _classic_colours(tuple(seat.contracts))
        assert not others, seat.contracts
        assert 1 <= greens <= 3 and 1 <= blues <= 3
        assert greens == blues or state.stage is Stage.DISCARD
        assert seat.piece(Piece.STOKER) == 0
        for ship in seat.fleet:
            assert ship.piece(Piece.STOKER) == 0
            assert not stern_boilers(tuple(ship.tiles)), ship.tiles
        assert _CLASSIC_EMPLOYEES.issuperset(seat.employees), seat.employees
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
