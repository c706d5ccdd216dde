"""The rules of Nauticus (Kramer & Kiesling): pure game logic, standard library only.

``../shared/rules/NAUTICUS.md`` is the ruling; ids ``NA-…`` are cited throughout.
The public surface is the decision loop of :class:`NauticusGame` (``to_move``,
``legal_moves``, ``play``), the value types it speaks in and the scoring functions.
"""

from shipyard_tui.rules import SeatConfig, SeatKind

from .catalog import Action
from .events import Event, event_from_json, event_to_json
from .game import (
    STEP_PROMPTS,
    IllegalMoveError,
    NauticusGame,
    Outcome,
    action_used,
    decision_prompt,
)
from .moves import Move, MoveSyntaxError, parse_move
from .state import NauticusConfig, NauticusState, Step

__all__ = [
    "STEP_PROMPTS",
    "Action",
    "Event",
    "IllegalMoveError",
    "Move",
    "MoveSyntaxError",
    "NauticusConfig",
    "NauticusGame",
    "NauticusState",
    "Outcome",
    "SeatConfig",
    "SeatKind",
    "Step",
    "action_used",
    "decision_prompt",
    "event_from_json",
    "event_to_json",
    "parse_move",
]
