"""The random bot: a uniformly random legal move. The first test of every rule."""

from __future__ import annotations

import random

from shipyard_tui.rules import GameState, Move

from .base import register


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        return self._rng.choice(legal)


register("random")(RandomBot)
