"""Shipyard's fixed scenes, for the snapshot tests and the screenshot script.

Each scene is a deterministic game (fixed seed, fixed moves) so that its picture
only changes when the interface does.
"""

from __future__ import annotations

import random

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.rules import (
    Action,
    DecisionStep,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
)
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.scene import Scene, colourless_app, game_app, guided_app


def midgame(seed: int = 4, players: int = 3, turns: int = 9, edition: str = "second") -> Game:
    """A game some turns in: every seat played by the greedy bot, then handed to seat 0
    (``edition``: the 2nd edition's rules or the classic ones)."""
    names = ("Bram", "Cato", "Dirk")[: players - 1]
    seats = (SeatConfig("Ann"), *(SeatConfig(n, SeatKind.BOT, "greedy") for n in names))
    game = Game(GameConfig(seats, seed=seed, edition=edition))
    driver = SeatDriver({i: bot_for_level("greedy", seed + i) for i in range(players)})
    while not game.is_over:
        if game.to_move == 0 and game.state.turn.step is DecisionStep.CHOOSE and \
                game.state.seats[0].turns >= turns:
            break
        driver.play_bots(game, max_moves=1)
    return game


def placing_canal(seed: int = 3) -> Game:
    """Ann about to place a rented canal beside the two she already has: a 2-seat game
    played by the rules, Ann renting a canal whenever she may (her other choices the
    greedy bot's), up to her third canal's placement."""
    seats = (SeatConfig("Ann"), SeatConfig("Bram", SeatKind.BOT, "greedy"))
    game = Game(GameConfig(seats, seed=seed))
    driver = SeatDriver({1: bot_for_level("greedy", seed + 1)})
    ann = bot_for_level("greedy", seed)
    while not game.is_over:
        state = game.state
        if game.to_move != 0:
            driver.play_bots(game, max_moves=1)
            continue
        step = state.turn.step
        if step is DecisionStep.CANAL_PLACE and len(state.seats[0].canals) >= 2:
            return game
        legal = game.legal_moves()
        canal = [m for m in legal if isinstance(m, mv.Choose) and m.action is Action.CANAL]
        game.push(canal[0] if canal and step is DecisionStep.CHOOSE
                  else ann.choose(game.view(0), legal))
    raise AssertionError(f"seed {seed}: Ann never placed a third canal")


def finished(seed: int = 4, players: int = 2) -> Game:
    seats = tuple(SeatConfig(name, SeatKind.BOT, "greedy")
                  for name in ("Ann", "Bram", "Cato", "Dirk")[:players])
    game = Game(GameConfig(seats, seed=seed))
    driver = SeatDriver({i: bot_for_level("greedy", seed + i) for i in range(players)})
    rng = random.Random(seed)
    while not game.is_over:
        if rng.random() > 0.02:
            driver.play_bots(game, max_moves=1)
        else:
            game.push(game.legal_moves()[0])
    return game


def finished_solo(seed: int = 6) -> Game:
    from shipyard_tui import games
    from shipyard_tui.core.game import Options

    solo = Options(solo=True)
    game = Game(games.kind(games.DEFAULT).make_config([SeatConfig("Ann")], seed, solo))
    SeatDriver({0: bot_for_level("greedy", seed)}).play_out(game)
    return game


SCENES = [
    Scene("game-80x24", (80, 24), lambda: game_app(midgame())),
    Scene("game-80x24-rondels", (80, 24), lambda: game_app(midgame()), ("2",)),
    Scene("game-80x24-yards", (80, 24), lambda: game_app(midgame()), ("3",)),
    Scene("game-80x24-canals", (80, 24), lambda: game_app(midgame()), ("4",)),
    Scene("game-80x24-seats", (80, 24), lambda: game_app(midgame()), ("5",)),
    Scene("game-80x24-log", (80, 24), lambda: game_app(midgame()), ("6",)),
    Scene("game-120x35", (120, 35), lambda: game_app(midgame(players=3))),
    Scene("guided-80x24", (80, 24), lambda: guided_app(midgame(turns=0))),
    Scene("game-80x24-ascii", (80, 24), lambda: game_app(midgame(), ascii=True)),
    Scene("game-80x24-nocolor", (80, 24), lambda: colourless_app(midgame())),
    Scene("game-160x50", (160, 50), lambda: game_app(midgame(players=4))),
    Scene("canal-place-80x24", (80, 24), lambda: game_app(placing_canal())),
    Scene("classic-game-80x24", (80, 24),
          lambda: game_app(midgame(seed=3, turns=12, edition="classic"))),
    Scene("classic-game-160x50", (160, 50),
          lambda: game_app(midgame(seed=3, turns=12, edition="classic"))),
    Scene("help-80x24", (80, 24), lambda: game_app(midgame()), ("question_mark",)),
    Scene("how-to-play-80x24", (80, 24), ShipyardApp, ("h", "4")),
    Scene("how-to-play-solo-80x24", (80, 24), ShipyardApp, ("h", "tab", "tab", "8")),
    Scene("how-to-play-160x50", (160, 50), ShipyardApp, ("h", "3")),
    Scene("end-2-80x24-reveal", (80, 24), lambda: game_app(finished()), ("space",)),
    Scene("end-2-80x24-scores", (80, 24), lambda: game_app(finished()), ("2",)),
    Scene("end-2-80x24-ships", (80, 24), lambda: game_app(finished()), ("3",)),
    Scene("end-4-160x50-scores", (160, 50), lambda: game_app(finished(players=4)),
          ("space", "space", "space", "space", "2")),
    Scene("end-solo-80x24-scores", (80, 24), lambda: game_app(finished_solo()), ("2",)),
    Scene("end-solo-80x24-time", (80, 24), lambda: game_app(finished_solo()), ("4",)),
]
"""Shipyard's scenes (:meth:`~shipyard_tui.core.game.GameKind.scenes`)."""
