"""What every game of the project shares, whatever its rules: standard library only.

- :mod:`.protocol`: the decision loop (:class:`~.protocol.DecisionLoop`) a game provides;
- :mod:`.rng`: the seeded random generator whose state is one integer, kept in a
  game's state so saves carry their future shuffles;
- :mod:`.driver`: the seat driver (:class:`~.driver.SeatDriver`) that asks each bot
  for its seat's moves, from its view and the legal moves, with one seeding rule.
"""

from .driver import Bot, Decision, SeatDriver, bot_seed
from .protocol import DecisionLoop
from .rng import Rng, seed_state

__all__ = ["Bot", "Decision", "DecisionLoop", "Rng", "SeatDriver", "bot_seed", "seed_state"]
