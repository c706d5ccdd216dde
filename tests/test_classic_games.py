"""Random classic games (CLASSIC.md) for 2, 3 and 4 seats with the invariants after
every move; property tests with a JSON round trip and a replay after every move."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from invariants import check_final, check_invariants, json_round_trip
from shipyard_tui.rules import CATALOG, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.rules.catalog import CLASSIC_CATALOG, ContractColour, Feature, Piece
from shipyard_tui.rules.state import Stage

RING = CLASSIC_CATALOG.ring_spaces
SLOW_GAMES = 300
"""Random classic games per seat count in the slow suite (issue 15)."""
FAST_GAMES = 3


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
            sterns = [t for t in ship.tiles if CATALOG.ship(t).kind.value == "stern"]
            assert all(CATALOG.ship(t).count(Feature.BOILER) == 0 for t in sterns)
        assert all(e in CLASSIC_CATALOG.employee_deck for e in seat.employees)
    return state.countdown, spaces[0]  # type: ignore[return-value]


def classic_random_game(players: int, seed: int) -> Game:
    game = Game(classic_config(players, seed))
    rng = random.Random(seed)
    seen = check_classic(game)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
        seen = check_classic(game, seen)
    check_final(game)
    return game


def _games(players: int, count: int) -> None:
    ends = Counter()
    for k in range(count):
        game = classic_random_game(players, 7000 * players + k)
        ends[game.state.end_trigger] += 1
        assert game.outcome() is not None
        if game.state.end_trigger == "countdown":
            firsts = 2 if players == 2 else 1
            assert {s.turns for s in game.state.seats} == {23 + firsts}  # RC-3.8
    assert ends["countdown"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_random_classic_games(players):
    _games(players, FAST_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_hundred_random_classic_games_each(players):
    _games(players, SLOW_GAMES)


SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play_and_check(players: int, seed: int, move_seed: int) -> None:
    config = classic_config(players, seed)
    game = Game(config)
    rng = random.Random(move_seed)
    seen = check_classic(game)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
        seen = check_classic(game, seen)
        assert json_round_trip(game).state.to_dict() == game.state.to_dict()
    check_final(game)
    replayed = Game.replay(config, game.moves)
    assert replayed.state.to_dict() == game.state.to_dict()
    assert [e.type for e in replayed.events] == [e.type for e in game.events]


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
def test_classic_games_keep_every_invariant_and_round_trip(players, seed, move_seed):
    _play_and_check(players, seed, move_seed)
