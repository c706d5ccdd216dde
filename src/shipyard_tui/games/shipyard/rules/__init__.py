"""The rules of Shipyard (2nd edition): pure game logic, standard library only.

The public surface is this package and :mod:`.query`: the decision loop of
:class:`Game` (``to_move``, ``legal_moves``, ``play``), the value types it speaks in
(configurations, the :mod:`.moves` and :mod:`.events` modules, the state), and the
query interface (what a tile pays, what a marker step costs, what a move would give,
the speeds a load reaches...). Code outside ``rules/`` imports nothing else from here
(``tests/structure/test_public_interface.py``).
"""

from shipyard_tui.games.shipyard.rules import events, moves, query
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Action,
    Feature,
    Good,
    Icon,
    Piece,
    TileKind,
)
from shipyard_tui.games.shipyard.rules.events import Event, event_to_json
from shipyard_tui.games.shipyard.rules.game import (
    STEP_PROMPTS,
    Game,
    IllegalMoveError,
    OldRulesError,
    Outcome,
    event_from_json,
)
from shipyard_tui.games.shipyard.rules.moves import MarkerStep, Move, MoveSyntaxError, parse_move
from shipyard_tui.games.shipyard.rules.state import (
    CLASSIC,
    EDITIONS,
    SECOND,
    DecisionStep,
    GameConfig,
    GameState,
    SeatConfig,
    SeatKind,
    Stage,
    Step,
)

__all__ = [
    "CATALOG",
    "CLASSIC",
    "EDITIONS",
    "SECOND",
    "STEP_PROMPTS",
    "Action",
    "DecisionStep",
    "Event",
    "Feature",
    "Game",
    "GameConfig",
    "GameState",
    "Good",
    "Icon",
    "IllegalMoveError",
    "MarkerStep",
    "Move",
    "MoveSyntaxError",
    "OldRulesError",
    "Outcome",
    "Piece",
    "SeatConfig",
    "SeatKind",
    "Stage",
    "Step",
    "TileKind",
    "event_from_json",
    "event_to_json",
    "events",
    "moves",
    "parse_move",
    "query",
]
