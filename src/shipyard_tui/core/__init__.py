"""What every game of the project shares, whatever its rules: standard library only.

- :mod:`.protocol`: the decision loop (:class:`~.protocol.DecisionLoop`) a game provides;
- :mod:`.rng`: the seeded random generator whose state is one integer, kept in a
  game's state so saves carry their future shuffles.
"""

from .protocol import DecisionLoop
from .rng import Rng, seed_state

__all__ = ["DecisionLoop", "Rng", "seed_state"]
