"""Bots think in a worker thread (issue 11): the screen answers keys meanwhile, and a
move thought for a table that was left is dropped."""

from __future__ import annotations

import random
import threading

from shipyard_tui import games
from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.rules import Game, GameConfig, Move, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.ui.app import ShipyardApp
from support.ui import settle, until


class SlowBot:
    """A bot that thinks until the test lets it answer (then it answers at once)."""

    name = "slow"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.thread: threading.Thread | None = None

    def choose(self, view: object, legal: list[Move]) -> Move:
        self.thread = threading.current_thread()
        self.started.set()
        self.release.wait(timeout=60)
        return legal[0]


def bots_turn() -> Game:
    """A game in which Bob, the bot, is to move."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=8)
    game = Game(config)
    rng = random.Random(8)
    while game.to_move != 1:
        game.push(rng.choice(game.legal_moves()))
    return game


async def test_the_screen_answers_keys_while_a_bot_thinks(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    slow = SlowBot()
    monkeypatch.setattr(games.kind("shipyard"), "driver",
                        lambda *_args, **_kw: SeatDriver({1: slow}))
    game = bots_turn()
    played = len(game.moves)
    app = ShipyardApp(game=game, bot_delay=0.0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, slow.started.is_set, step=0.01)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert slow.thread is not threading.main_thread()
            assert screen.bots.busy
            await pilot.press("5")
            assert screen.view_name == "seats"
            await pilot.press("4")
            assert screen.view_name == "canals"
            assert len(app.model.game.moves) == played  # the bot has not answered yet
            slow.release.set()
            await settle(pilot)
            assert len(app.model.game.moves) > played
            assert app.model.game.to_move == 0
            assert not screen.bots.busy
    finally:
        slow.release.set()


async def test_a_move_thought_for_a_table_left_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    slow = SlowBot()
    monkeypatch.setattr(games.kind("shipyard"), "driver",
                        lambda *_args, **_kw: SeatDriver({1: slow}))
    game = bots_turn()
    played = len(game.moves)
    app = ShipyardApp(game=game, bot_delay=0.0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, slow.started.is_set, step=0.01)
            await pilot.press("q")
            await pilot.press("y")
            await until(pilot, lambda: not isinstance(app.screen, GameScreen), step=0.01)
            slow.release.set()
            await app.workers.wait_for_complete()
            await settle(pilot)
            assert len(app.model.game.moves) == played
    finally:
        slow.release.set()
