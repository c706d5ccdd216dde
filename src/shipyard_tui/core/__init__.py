"""What every game of the project shares, whatever its rules: standard library only.

- :mod:`.protocol`: the decision loop (:class:`~.protocol.DecisionLoop`) a game provides;
- :mod:`.loop`: :class:`~.loop.GameLoop`, the checked loop a game builds on (play, undo,
  replay, the frame of a save), with its hooks for the rules;
- :mod:`.moves`: the move base and its one-line notation;
- :mod:`.events`: the event base and its JSON form;
- :mod:`.codec`: dataclasses to plain data and back, for saves and copies;
- :mod:`.rng`: the seeded random generator whose state is one integer, kept in a
  game's state so saves carry their future shuffles;
- :mod:`.driver`: the seat driver (:class:`~.driver.SeatDriver`) that asks each bot
  for its seat's moves, from its view and the legal moves, with one seeding rule.
"""

from shipyard_tui.core.driver import BlindBot, Bot, Decision, SeatDriver, bot_seed, resolve_level
from shipyard_tui.core.events import Event
from shipyard_tui.core.loop import GameLoop, IllegalMoveError
from shipyard_tui.core.moves import Move, MoveSyntaxError
from shipyard_tui.core.protocol import DecisionLoop
from shipyard_tui.core.rng import Rng, seed_state

__all__ = ["BlindBot", "Bot", "Decision", "DecisionLoop", "Event", "GameLoop",
           "IllegalMoveError", "Move", "MoveSyntaxError", "Rng", "SeatDriver", "bot_seed",
           "resolve_level", "seed_state"]
