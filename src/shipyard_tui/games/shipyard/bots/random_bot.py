"""The random bot: a uniformly random legal move. The first test of every rule."""

from __future__ import annotations

import random

from shipyard_tui.games.shipyard.rules import GameState, Move


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        return self.choose_blind(legal)

    def choose_blind(self, legal: list[Move]) -> Move:
        """A random bot never looks at the table (see ``core.driver.BlindBot``)."""
        return self._rng.choice(legal)

