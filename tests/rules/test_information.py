"""Hidden information: R-11.1 and R-2.2, through Game.view and Game.events_for.

A seat sees its own contracts (also the discarded ones) and only the colour of the
others'; no seat sees the order or identity of a face-down deck nor the random
generator; everything else on the table is public and shown as it is.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Game, Stage
from shipyard_tui.games.shipyard.rules import events as ev
from support import random_playout
from support.shipyard import new_game, play_until, solo_game

HIDDEN_DECKS = ("bow_stack", "stern_stack", "middle_stack", "canal_deck", "commodity_deck")


def colour(contract: str) -> str:
    return CATALOG.contracts[contract].colour.value


def hidden(contracts: list[str]) -> list[str]:
    return [f"hidden:{colour(c)}" for c in contracts]


@cache
def _discarded_moves() -> tuple:
    game = new_game(3, seed=5)
    play_until(game, lambda g: g.state.stage is Stage.PLAY
               and all(len(s.discarded) == 2 for s in g.state.seats))
    return tuple(game.moves)


def discarded_game() -> Game:
    """A 3-seat game just after the mid-game discards (R-3.9): every seat holds
    1 red + 1 blue and has discarded 1 + 1."""
    game = new_game(3, seed=5)
    for move in _discarded_moves():
        game.push(move)
    return game


def masked_out(data: dict, viewer: int | None) -> dict:
    """A state dict without the parts a view is allowed to mask."""
    data.pop("rng")
    data["config"].pop("seed")
    for i, seat in enumerate(data["seats"]):
        if i != viewer:
            seat.pop("contracts")
            seat.pop("discarded")
    for deck in HIDDEN_DECKS:
        data["market"].pop(deck)
    if data["solo"] is not None:
        data["solo"].pop("stack")
    return data


# -- contracts (R-2.2, R-11.1) -------------------------------------------------------


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_r2_2_a_seat_sees_its_own_contracts_in_hand_and_discarded(viewer):
    game = discarded_game()
    real = game.state.seats[viewer]
    mine = game.view(viewer).seats[viewer]
    assert mine.contracts == real.contracts
    assert mine.discarded == real.discarded
    assert len(mine.contracts) == 2 and len(mine.discarded) == 2


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_r2_2_other_seats_contracts_show_only_their_colour(viewer):
    game = discarded_game()
    view = game.view(viewer)
    for i, real in enumerate(game.state.seats):
        if i == viewer:
            continue
        seen = view.seats[i]
        assert seen.contracts == hidden(real.contracts)
        assert seen.discarded == hidden(real.discarded)
        assert not set(seen.contracts) & set(CATALOG.contracts)
        assert not set(seen.discarded) & set(CATALOG.contracts)


def test_r2_2_hidden_contracts_keep_both_colours_at_setup():
    """R-2.2: 2 red + 2 blue are dealt; others see two of each colour, nothing more."""
    game = new_game(4, seed=3)
    view = game.view(0)
    for i in (1, 2, 3):
        assert sorted(view.seats[i].contracts) == ["hidden:blue"] * 2 + ["hidden:red"] * 2
    assert view.seats[0].contracts == game.state.seats[0].contracts


def test_r11_1_a_spectator_sees_no_contract():
    game = discarded_game()
    view = game.view(None)
    for real, seen in zip(game.state.seats, view.seats, strict=True):
        assert seen.contracts == hidden(real.contracts)
        assert seen.discarded == hidden(real.discarded)


def test_r2_2_discarded_contracts_stay_secret_after_the_game():
    """R-2.2: discarded contracts are never revealed, not even at the end."""
    game = random_playout(new_game(2, seed=8), 8, checked=True)
    view = game.view(0)
    assert view.seats[1].discarded == hidden(game.state.seats[1].discarded)
    assert view.seats[1].discarded
    other = [e for e in game.events_for(0)
             if isinstance(e, ev.ContractDiscarded) and e.seat == 1]
    assert other and all(e.contract is None for e in other)


# -- face-down decks and the generator (R-11.1) ------------------------------------


def test_r11_1_face_down_decks_show_only_their_size():
    game = discarded_game()
    state = game.state
    view = game.view(0)
    for deck in ("bow_stack", "stern_stack", "canal_deck", "commodity_deck"):
        real = getattr(state.market, deck)
        seen = getattr(view.market, deck)
        assert len(seen) == len(real), deck
        assert set(seen) <= {"hidden"}, deck


def test_r11_1_middle_stack_shows_only_the_deck_numbers():
    """R-2.4, R-11.1: the backs of the middles show deck I or II, nothing else."""
    game = new_game(2, seed=4)
    real = game.state.market.middle_stack
    seen = game.view(1).market.middle_stack
    assert seen == [f"hidden:{CATALOG.ship(t).deck}" for t in real]
    # deck II lies under deck I at setup
    assert seen[0] == "hidden:2" and seen[-1] == "hidden:1"
    assert set(seen) == {"hidden:1", "hidden:2"}


def test_r11_1_deck_views_do_not_depend_on_the_shuffle():
    """Two games shuffled differently look the same in every face-down deck."""
    one, two = new_game(3, seed=1), new_game(3, seed=2)
    assert one.state.market.bow_stack != two.state.market.bow_stack
    for deck in HIDDEN_DECKS:
        assert getattr(one.view(0).market, deck) == getattr(two.view(0).market, deck), deck


def test_r11_1_the_random_generator_state_is_withheld():
    one, two = new_game(3, seed=1), new_game(3, seed=2)
    assert one.state.rng != two.state.rng
    assert one.view(0).rng == two.view(0).rng
    assert one.view(0).rng != one.state.rng


def test_r11_1_the_view_cannot_rebuild_the_hidden_decks_from_the_seed():
    """R-11.1: the order of face-down decks is secret. A view that keeps the game's seed
    lets its holder set up the same game and read every deck and every contract."""
    game = new_game(3, seed=987654)
    view = game.view(0)
    rebuilt = Game(view.config).state
    same_decks = rebuilt.market.bow_stack == game.state.market.bow_stack
    same_contracts = rebuilt.seats[1].contracts == game.state.seats[1].contracts
    assert not same_decks, "seat 0's view rebuilds the hidden bow stack from view.config.seed"
    assert not same_contracts, "seat 0's view rebuilds seat 1's contracts from the seed"


def test_r11_1_the_event_stream_does_not_give_the_seed_away():
    """R-11.1: the same leak through the events a seat is shown (GameStarted)."""
    game = new_game(3, seed=987654)
    started = [e for e in game.events_for(0) if isinstance(e, ev.GameStarted)]
    assert len(started) == 1
    assert started[0].seed != 987654, "events_for(0) shows the seed in GameStarted"


def test_r12_1_solo_stack_shows_only_the_top_tile_back_number():
    game = solo_game(seed=3)
    stack = game.state.solo.stack
    seen = game.view(0).solo.stack
    assert len(seen) == len(stack) >= 2
    assert seen[:-1] == ["hidden"] * (len(stack) - 1)
    assert seen[-1] == f"hidden:{CATALOG.solo_tiles[stack[-1]].back}"
    assert game.view(0).solo.face_up == game.state.solo.face_up


def test_r12_1_solo_stack_view_when_one_or_no_tile_is_left():
    game = solo_game(seed=3)
    solo = game.state.solo
    solo.stack = solo.stack[-1:]
    assert game.view(0).solo.stack == [f"hidden:{CATALOG.solo_tiles[solo.stack[0]].back}"]
    solo.stack = []
    assert game.view(0).solo.stack == []


# -- public information is shown as it is --------------------------------------------


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_r11_1_everything_public_is_unchanged(viewer):
    game = discarded_game()
    state = game.state
    view = game.view(viewer)
    for real, seen in zip(state.seats, view.seats, strict=True):
        assert seen.yard == real.yard
        assert seen.guilders == real.guilders
        assert seen.employees == real.employees
        assert seen.pieces == real.pieces
        assert seen.score == real.score
        assert seen.commodities == real.commodities
        assert seen.canals == real.canals
        assert seen.fleet == real.fleet
    assert view.market.ships == state.market.ships
    assert view.market.canals == state.market.canals
    assert view.market.commodities == state.market.commodities
    assert view.track == state.track
    assert view.employee_track == state.employee_track
    assert (view.wheel, view.reserve) == (state.wheel, state.reserve)
    assert masked_out(view.to_dict(), viewer) == masked_out(state.to_dict(), viewer)


def test_r11_1_solo_view_changes_only_the_stack():
    game = solo_game(seed=6)
    play_until(game, lambda g: bool(g.state.solo.face_up) and g.state.turn.seat == 0)
    assert masked_out(game.view(0).to_dict(), 0) == masked_out(game.state.to_dict(), 0)


def test_view_is_a_copy_and_leaves_the_game_alone():
    game = discarded_game()
    before = game.state.to_dict()
    view = game.view(1)
    view.seats[0].guilders += 50
    view.market.bow_stack.clear()
    view.seats[1].contracts.clear()
    assert game.state.to_dict() == before


# -- the event stream (R-2.2) ---------------------------------------------------------


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_r2_2_events_blank_other_seats_dealt_and_discarded_contracts(viewer):
    game = discarded_game()
    real = game.events
    seen = game.events_for(viewer)
    assert len(seen) == len(real)
    dealt = discarded = 0
    for r, s in zip(real, seen, strict=True):
        assert type(r) is type(s)
        if isinstance(r, ev.ContractsDealt):
            dealt += 1
            assert (s.seat, s.red, s.blue) == (r.seat, r.red, r.blue) == (r.seat, 2, 2)
            assert s.contracts == (r.contracts if r.seat == viewer else [])
        elif isinstance(r, ev.ContractDiscarded):
            discarded += 1
            assert (s.seat, s.colour) == (r.seat, r.colour)
            assert r.contract is not None
            assert s.contract == (r.contract if r.seat == viewer else None)
        elif isinstance(r, ev.GameStarted):
            assert s.seed is None
            assert dataclasses.replace(s, seed=r.seed) == r
        else:
            assert s == r
    assert dealt == 3
    assert discarded == 6


def test_r2_2_spectator_events_show_no_contract():
    game = discarded_game()
    for e in game.events_for(None):
        if isinstance(e, ev.ContractsDealt):
            assert e.contracts == []
        if isinstance(e, ev.ContractDiscarded):
            assert e.contract is None


def test_events_for_leaves_the_game_events_alone():
    game = discarded_game()
    before = [ev.event_to_json(e) for e in game.events]
    game.events_for(0)
    game.events_for(None)
    assert [ev.event_to_json(e) for e in game.events] == before
    dealt = [e for e in game.events if isinstance(e, ev.ContractsDealt)]
    assert all(len(e.contracts) == 4 for e in dealt)


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_r11_1_a_view_of_a_view_is_the_same_view(viewer):
    """A seat at a server table holds only its view, and its hint takes the view again
    (the strong bot reads ``Game.view``): that must give the same view, not fail on the
    hidden names (an SSH play-test found `KeyError: 'hidden:red'`)."""
    from shipyard_tui.games.shipyard.rules.view import seat_view

    for game in (discarded_game(), solo_game(seed=3)):
        if viewer is not None and viewer >= len(game.state.seats):
            continue
        view = game.view(viewer)
        again = seat_view(view, viewer)
        assert again.to_dict() == view.to_dict()
        assert Game.from_state(view).view(viewer).to_dict() == view.to_dict()
