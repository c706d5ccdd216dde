"""The rules of Nauticus (Kramer & Kiesling): pure game logic, standard library only.

``../shared/rules/NAUTICUS.md`` is the ruling; ids ``NA-…`` are cited throughout.
The public surface is the decision loop of :class:`NauticusGame` (``to_move``,
``legal_moves``, ``play``), the value types it speaks in and the scoring functions.
"""

from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.nauticus.rules.catalog import Action
from shipyard_tui.games.nauticus.rules.events import Event, event_from_json, event_to_json
from shipyard_tui.games.nauticus.rules.game import (
    STEP_PROMPTS,
    IllegalMoveError,
    NauticusGame,
    Outcome,
    action_used,
    decision_prompt,
)
from shipyard_tui.games.nauticus.rules.moves import Move, MoveSyntaxError, parse_move
from shipyard_tui.games.nauticus.rules.state import NauticusConfig, NauticusState, Step

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
