"""The random bot: a uniformly random legal move. The first test of every rule."""

from __future__ import annotations

import random

from shipyard_tui.games.shipyard.rules import GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv


def considered(legal: list[Move]) -> list[Move]:
    """The legal moves a bot weighs: all but "no bonus action this turn"
    (``nobonus``, R-3.4), a choice for people who want one question a turn.
    A bot loses nothing by it: going on (``proceed``) still lets it decline the bonus
    after the action, and its seeded games play as they did before that move existed."""
    kept = [m for m in legal if not isinstance(m, mv.DeclineBonus)]
    return kept or legal


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        return self.choose_blind(legal)

    def choose_blind(self, legal: list[Move]) -> Move:
        """A random bot never looks at the table (see ``core.driver.BlindBot``)."""
        return self._rng.choice(considered(legal))

