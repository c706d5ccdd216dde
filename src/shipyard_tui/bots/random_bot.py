"""The random bot: a uniformly random legal move. The first test of every rule."""

from __future__ import annotations

import random

from shipyard_tui.rules import Game, Move

from .base import register


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self._rng.choice(game.legal_moves())


register("random")(RandomBot)
