"""The seat driver (issue 11): bots decide from their seat's view and the legal moves,
never from the game, with one seeding rule wherever a game is played."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.core import SeatDriver, bot_seed
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.nauticus.rules.state import NauticusState
from shipyard_tui.games.shipyard.bots import bot_for_level, driver_for
from shipyard_tui.games.shipyard.rules import (
    Game,
    GameConfig,
    GameState,
    Move,
    SeatConfig,
    SeatKind,
)
from shipyard_tui.games.shipyard.rules.view import is_hidden
from shipyard_tui.simulate import play_out, simulation_config
from shipyard_tui.tournament import play_match


class RecordingBot:
    """A random bot that keeps everything it was handed."""

    name = "recording"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.calls: list[tuple[object, list[Move]]] = []

    def choose(self, view: object, legal: list[Move]) -> Move:
        self.calls.append((view, list(legal)))
        return self._rng.choice(legal)


def test_a_bot_gets_its_seats_view_and_the_legal_moves_never_the_game():
    """R-11.1: a bot sees what its seat sees; the driver hands it no Game."""
    config = simulation_config(3, 77)
    game = Game(config)
    bots = {seat: RecordingBot(seat) for seat in range(3)}
    driver = SeatDriver(bots)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        expected_view = game.view(seat).to_dict()
        driver.play_bots(game, max_moves=1)
        view, handed = bots[seat].calls[-1]
        assert not isinstance(view, Game)
        assert isinstance(view, GameState)
        assert view.to_dict() == expected_view
        assert handed == legal
        for other, other_seat in enumerate(view.seats):
            if other != seat:
                assert all(is_hidden(c) for c in other_seat.contracts)
        assert view.rng == 0 and view.config.seed == 0
    assert sum(len(b.calls) for b in bots.values()) == len(game.moves)


def test_nauticus_bots_go_through_the_same_driver():
    seats = tuple(SeatConfig(f"Bot {i + 1}", SeatKind.BOT, "random") for i in range(2))
    game = NauticusGame(NauticusConfig(seats, seed=3))
    bots = {0: RecordingBot(0), 1: RecordingBot(1)}
    SeatDriver(bots).play_out(game)
    assert game.is_over
    handed = [view for bot in bots.values() for view, _legal in bot.calls]
    assert handed and all(isinstance(v, NauticusState) for v in handed)
    assert not any(isinstance(v, NauticusGame) for v in handed)


def test_every_bot_seat_is_seeded_by_the_one_rule():
    config = simulation_config(3, 1234, level="greedy")
    by_hand = Game(config)
    bots = {seat: bot_for_level("greedy", 1234 * 31 + seat) for seat in range(3)}
    while not by_hand.is_over:
        seat = by_hand.to_move
        assert seat is not None
        by_hand.push(bots[seat].choose(by_hand.view(seat), by_hand.legal_moves()))
    assert bot_seed(1234, 2) == 1234 * 31 + 2
    assert play_out(config).moves == by_hand.moves
    levels = ["greedy", "greedy", "greedy"]
    match = play_match(levels, 1234, 0)
    assert match.scores == tuple(s.score for s in by_hand.state.seats)


def test_the_driver_stops_where_a_person_decides():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")),
                        seed=5)
    game = Game(config)
    driver = driver_for(config)
    assert set(driver.bots) == {1}
    rng = random.Random(5)
    people = 0
    while not game.is_over:
        played = driver.play_bots(game)
        assert game.is_over or game.to_move == 0
        assert all(isinstance(m, Move) for m in played)
        if not game.is_over:
            assert driver.decision(game) is None
            game.push(rng.choice(game.legal_moves()))
            people += 1
    assert people > 10
    with pytest.raises(ValueError, match="no bot"):
        driver.play_out(Game(config))


def test_a_stand_in_plays_for_an_absent_person():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")),
                        seed=6)
    game = Game(config)
    driver = driver_for(config)
    driver.play_bots(game)
    assert game.to_move == 0
    stand_in = RecordingBot(9)
    decision = driver.decision(game, stand_in)
    assert decision is not None and decision.bot is stand_in and decision.seat == 0
    game.push(decision.decide())
    assert len(stand_in.calls) == 1


class BlindRecorder(RecordingBot):
    """A bot that says it never looks: it is handed the legal moves only."""

    def choose(self, view: object, legal: list[Move]) -> Move:
        raise AssertionError("a blind bot is never handed a view")

    def choose_blind(self, legal: list[Move]) -> Move:
        self.calls.append((None, list(legal)))
        return self._rng.choice(legal)


def test_a_blind_bot_is_handed_the_legal_moves_and_no_view(monkeypatch):
    """Issue 39: the random bot declares it never looks (``core.BlindBot``), so the
    driver makes no view for it (a view copies the state); other bots still get theirs,
    and the random bot's games are the same as before (the golden hashes agree)."""
    from shipyard_tui.core import BlindBot
    from shipyard_tui.games.shipyard.bots import RandomBot

    assert isinstance(RandomBot(1), BlindBot)
    assert not isinstance(RecordingBot(1), BlindBot)
    game = Game(simulation_config(2, 5))
    views: list[int] = []
    real_view = Game.view

    def counted(self: Game, seat: int | None) -> GameState:
        views.append(1)
        return real_view(self, seat)

    monkeypatch.setattr(Game, "view", counted)
    blind, looking = BlindRecorder(1), RecordingBot(2)
    SeatDriver({0: blind, 1: looking}).play_out(game)
    assert blind.calls and all(view is None for view, _ in blind.calls)
    assert looking.calls and all(isinstance(view, GameState) for view, _ in looking.calls)
    assert len(views) == len(looking.calls)
