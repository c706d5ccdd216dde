"""Bots play legal moves only, finish games, and never use what their seat cannot see."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import BOT_LEVELS, Bot, StrongBot, bot_for_level
from shipyard_tui.games.shipyard.rules import CATALOG, Game
from shipyard_tui.games.shipyard.rules.view import determinize, seat_view
from shipyard_tui.simulate import simulation_config
from support.invariants import check_invariants, random_config


def quick_bot(level: str, seed: int) -> Bot:
    """A bot of the level; the strong one searching a fixed, small amount (one sampled
    world per decision) so that it is quick and deterministic."""
    if level == "strong":
        return StrongBot(seed, budget_ms=None, rollouts=1)
    return bot_for_level(level, seed)


@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
@pytest.mark.parametrize("players", [2, 4])
def test_bots_finish_games_with_legal_moves(level, players):
    config = simulation_config(players, 31, level=level)
    game = Game(config)
    # four strong seats would take long: in the 4-seat game they sit with greedy bots
    driver = SeatDriver({i: quick_bot(level if players == 2 or i % 2 == 0 else "greedy", i)
                         for i in range(players)})
    while not game.is_over:
        decision = driver.decision(game)
        assert decision is not None
        move = decision.decide()
        assert move in game.legal_moves()
        game.push(move)
    check_invariants(game)


@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
def test_bots_finish_solo_games(level):
    game = Game(simulation_config(3, 12, solo=True, level=level))
    driver = SeatDriver({0: quick_bot(level, 12)})
    while not game.is_over:
        decision = driver.decision(game)
        assert decision is not None
        move = decision.decide()
        assert move in game.legal_moves()
        game.push(move)
    assert game.state.seats[0].score >= 0


def shuffled_secrets(game: Game, seat: int, seed: int) -> Game:
    """The same game as ``seat`` sees it, with every hidden thing arranged differently."""
    twin = Game.from_state(game.state.copy())
    rng = random.Random(seed)
    market = twin.state.market
    for stack in (market.bow_stack, market.stern_stack, market.canal_deck,
                  market.commodity_deck):
        rng.shuffle(stack)
    deck1 = [t for t in market.middle_stack if t in CATALOG.middles_1]
    deck2 = [t for t in market.middle_stack if t in CATALOG.middles_2]
    rng.shuffle(deck1)
    rng.shuffle(deck2)
    market.middle_stack = deck2 + deck1
    twin.state.rng = rng.randrange(1 << 60)
    return twin


@pytest.mark.parametrize("level", ["greedy", "planner", "strong"])
def test_bots_decide_the_same_whatever_the_hidden_decks_hold(level):
    game = Game(random_config(3, 44))
    rng = random.Random(44)
    decisions = 0
    while not game.is_over and decisions < 40:
        seat = game.to_move
        twin = shuffled_secrets(game, seat, decisions)
        assert seat_view(twin.state, seat).to_dict() == seat_view(game.state, seat).to_dict()
        first = SeatDriver({seat: quick_bot(level, 5)}).decision(game)
        second = SeatDriver({seat: quick_bot(level, 5)}).decision(twin)
        assert first is not None and second is not None
        assert first.view.to_dict() == second.view.to_dict()
        assert first.decide() == second.decide()
        decisions += 1
        game.push(rng.choice(game.legal_moves()))


def test_determinize_fills_every_secret_consistently():
    game = Game(random_config(4, 9))
    rng = random.Random(9)
    for _ in range(180):
        game.push(rng.choice(game.legal_moves()))
    view = game.view(1)
    full = determinize(view, 3)
    assert seat_view(full, 1).to_dict()["market"] == view.to_dict()["market"]
    assert full.seats[1].contracts == game.state.seats[1].contracts
    for seat in full.seats:
        assert not any(c.startswith("hidden") for c in seat.contracts + seat.discarded)
    probe = Game.from_state(full)
    check_invariants(probe)
    while not probe.is_over:
        probe.push(rng.choice(probe.legal_moves()))
        check_invariants(probe)


def test_determinized_solo_stack_shows_the_back_the_view_shows():
    """R-12.1: the back of the top face-down solo tile is public, so every world a bot
    samples has a top tile with that back (the automa's next number, R-12.3), while the
    order below it is still drawn at random."""
    rng = random.Random(4)
    seen_orders = set()
    for seed in range(12):
        game = Game(simulation_config(3, seed, solo=True))
        for _ in range(rng.randrange(0, 120)):
            if game.is_over:
                break
            game.push(rng.choice(game.legal_moves()))
        view = game.view(0)
        solo = game.state.solo
        assert solo is not None and view.solo is not None
        for world_seed in range(8):
            world = determinize(view, world_seed)
            assert world.solo is not None
            assert sorted(world.solo.stack + world.solo.face_up) == sorted(CATALOG.solo_tiles)
            assert len(world.solo.stack) == len(solo.stack)
            if solo.stack:
                assert (CATALOG.solo_tiles[world.solo.stack[-1]].back
                        == CATALOG.solo_tiles[solo.stack[-1]].back)
                assert seat_view(world, 0).solo == view.solo
            seen_orders.add(tuple(world.solo.stack))
    assert len(seen_orders) > 12  # the hidden part is still shuffled
