"""Nauticus's fixed scenes, for the snapshot tests and the screenshot script (each a
deterministic game, so that its picture only changes when the interface does)."""

from __future__ import annotations

from shipyard_tui.core import SeatDriver
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.nauticus.bots import bot_for_level
from shipyard_tui.ui.scene import Scene, colourless_app, game_app


def midgame(seed: int = 5, players: int = 3, moves: int = 60) -> NauticusGame:
    """A Nauticus game some moves in, every seat played by the greedy bot; Ann (a person)
    decides next."""
    names = ("Bea", "Cy", "Dan")[: players - 1]
    seats = (SeatConfig("Ann"), *(SeatConfig(n, SeatKind.BOT, "greedy") for n in names))
    game = NauticusGame(NauticusConfig(seats, seed=seed))
    driver = SeatDriver({i: bot_for_level("greedy", seed + i) for i in range(players)})
    while not game.is_over and (len(game.moves) < moves or game.to_move != 0):
        driver.play_bots(game, max_moves=1)
    return game


def finished(seed: int = 4, players: int = 2) -> NauticusGame:
    seats = tuple(SeatConfig(name, SeatKind.BOT, "greedy")
                  for name in ("Ann", "Bea", "Cy", "Dan")[:players])
    game = NauticusGame(NauticusConfig(seats, seed=seed))
    SeatDriver({i: bot_for_level("greedy", seed + i) for i in range(players)}).play_out(game)
    return game


SCENES = [
    Scene("nauticus-80x24", (80, 24), lambda: game_app(midgame())),
    Scene("nauticus-80x24-seat", (80, 24), lambda: game_app(midgame()), ("r",)),
    Scene("nauticus-80x24-supply", (80, 24), lambda: game_app(midgame()),
          ("r", "r", "r")),
    Scene("nauticus-120x35", (120, 35), lambda: game_app(midgame(players=3))),
    Scene("nauticus-80x24-ascii", (80, 24), lambda: game_app(midgame(), ascii=True)),
    Scene("nauticus-80x24-nocolor", (80, 24), lambda: colourless_app(midgame())),
    Scene("nauticus-160x50", (160, 50), lambda: game_app(midgame(players=4))),
    Scene("nauticus-help-80x24", (80, 24), lambda: game_app(midgame()),
          ("question_mark",)),
    Scene("nauticus-how-to-play-80x24", (80, 24), lambda: game_app(midgame()),
          ("question_mark", "h", "2")),
    Scene("nauticus-end-80x24-scores", (80, 24), lambda: game_app(finished())),
    Scene("nauticus-end-80x24-ships", (80, 24), lambda: game_app(finished()),
          ("2",)),
    Scene("nauticus-end-80x24-time", (80, 24), lambda: game_app(finished()),
          ("3",)),
]
"""Nauticus's scenes (:meth:`~shipyard_tui.core.game.GameKind.scenes`)."""
