"""The soaks' invariant checkers catch what they are there to catch.

They were made cheaper (issue 39): the Shipyard tile count looks at each distinct id
once, a classic hand's colours and a Nauticus build's check are remembered by their
contents. Each test here breaks one thing in a real position and expects the checker
to fail, and a position left whole (blank tiles included) to pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.rules.state import Build, Slot
from shipyard_tui.games.shipyard.rules import CATALOG, Game, GameState
from shipyard_tui.games.shipyard.rules.catalog import ContractColour
from support import random_playout
from support.invariants import (
    check_classic,
    check_invariants,
    classic_config,
    random_config,
    ship_tiles_in_play,
)
from support.nauticus import Invariants, config, pieces


def _shipyard_midgame(seed: int = 3) -> Game:
    return random_playout(Game(random_config(3, seed)), seed, moves=60)


def test_a_whole_position_passes_and_a_blank_is_no_tile() -> None:
    game = _shipyard_midgame()
    check_invariants(game)
    yard = game.state.seats[0].yard
    yard[yard.index(None)] = "blank-bow-1"  # a blank bought is no catalog tile
    check_invariants(game)
    assert "blank-bow-1" not in ship_tiles_in_play(game)


def _tile_twice(state: GameState) -> None:
    yard = state.seats[1].yard
    yard[yard.index(None)] = state.market.bow_stack[0]


def _tile_lost(state: GameState) -> None:
    state.market.stern_stack.pop()


def _tile_swapped_for_a_stranger(state: GameState) -> None:
    state.market.middle_stack[0] = "no-such-tile"


def _tile_lost_and_a_blank_in_its_place(state: GameState) -> None:
    state.market.bow_stack[0] = "blank-bow-7"


@pytest.mark.parametrize("breaks", [_tile_twice, _tile_lost, _tile_swapped_for_a_stranger,
                                    _tile_lost_and_a_blank_in_its_place],
                         ids=lambda breaks: breaks.__name__.strip("_"))
def test_a_wrong_count_of_ship_tiles_fails(breaks: Callable[[GameState], None]) -> None:
    game = _shipyard_midgame()
    breaks(game.state)
    with pytest.raises(AssertionError):
        check_invariants(game)


def _classic_midgame(seed: int = 4) -> Game:
    game = Game(classic_config(2, seed))
    rng = random.Random(seed)
    for _ in range(40):
        game.push(rng.choice(game.legal_moves()))
    return game


def test_a_classic_hand_of_another_colour_fails() -> None:
    game = _classic_midgame()
    check_classic(game)
    red = next(c for c, info in CATALOG.contracts.items()
               if info.colour is ContractColour.RED)
    hand = game.state.seats[0].contracts
    hand[0] = red  # RC-2.2: green and blue only
    with pytest.raises(AssertionError):
        check_classic(game)


def test_a_classic_employee_from_the_other_deck_fails() -> None:
    game = _classic_midgame()
    check_classic(game)
    game.state.seats[1].employees.append("no-such-employee")
    with pytest.raises(AssertionError):
        check_classic(game)


def _nauticus_midgame(seed: int = 5) -> NauticusGame:
    return random_playout(NauticusGame(config(2, seed)), seed, moves=80)


def _with_build(game: NauticusGame) -> Build:
    for seat in game.state.seats:
        if seat.yard:
            return seat.yard[0]
    raise AssertionError("no build in the position")


def test_a_nauticus_build_broken_after_it_passed_fails() -> None:
    game = _nauticus_midgame()
    Invariants()(game)
    build = _with_build(game)
    game.state.stacks["hull:bow"] -= 1  # the extra bow comes from the stack
    build.slots.append(Slot("bow"))  # NA-8.2: a bow only at the left end
    with pytest.raises(AssertionError):
        Invariants()(game)
    build.slots.pop()
    game.state.stacks["hull:bow"] += 1
    Invariants()(game)


def test_a_nauticus_item_made_or_lost_fails() -> None:
    game = _nauticus_midgame()
    build = _with_build(game)
    build.slots[0] = Slot(build.slots[0].hull, build.slots[0].mast, build.slots[0].sail,
                          "no-such-good")
    with pytest.raises(AssertionError):
        Invariants()(game)


def test_pieces_counts_every_item_of_a_build() -> None:
    game = _nauticus_midgame()
    before = pieces(game)
    seat = game.state.seats[0]
    seat.yard.append(Build([Slot("single", "whale", None, None)]))
    after = pieces(game)
    assert after - before == {"hull:single": 1, "mast:whale": 1}
