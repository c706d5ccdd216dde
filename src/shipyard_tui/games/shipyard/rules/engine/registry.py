"""The one table of decisions: each step's legal moves and prompt, and each move's handler.

A part of the game registers its decisions where it defines them
(``registry.decision(step, prompt, moves)``) and marks its move handlers with
``@registry.handles(MoveType)``, so a new decision is added in one place: the
module of the part of the game it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shipyard_tui.games.shipyard.rules.engine.common import Events, RulesError
from shipyard_tui.games.shipyard.rules.moves import Move
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import GameState

MoveGenerator = Callable[[GameState], list[Move]]
Handler = Callable[[GameState, Move, Events], None]


@dataclass(frozen=True, slots=True)
class Decision:
    """A step at which a seat decides: what it is asked and which moves it has."""

    step: S
    prompt: str
    moves: MoveGenerator | None
    """The legal moves, in a fixed order; ``None`` when nobody decides (the game is over)."""


DECISIONS: dict[S, Decision] = {}
HANDLERS: dict[type[Move], Handler] = {}


def decision(step: S, prompt: str, moves: MoveGenerator | None) -> None:
    """Register the decision at ``step``: its prompt and its legal-move generator."""
    if step in DECISIONS:
        raise RulesError(f"the decision {step.value} is registered twice")
    DECISIONS[step] = Decision(step, prompt, moves)


def handles(*move_types: type[Move]) -> Callable[[Handler], Handler]:
    """Mark a function as the handler of ``move_types``."""

    def register(handler: Handler) -> Handler:
        for move_type in move_types:
            if move_type in HANDLERS:
                raise RulesError(f"{move_type.__name__} has two handlers")
            HANDLERS[move_type] = handler
        return handler

    return register


def step_prompts() -> dict[S, str]:
    """What the seat to move is asked at each step, in the order of the steps."""
    return {step: DECISIONS[step].prompt for step in S if step in DECISIONS}


def legal_moves(state: GameState) -> list[Move]:
    """Every legal move of the seat to decide, in a fixed order."""
    decision = DECISIONS.get(state.turn.step)
    if decision is None or decision.moves is None:
        return []
    return decision.moves(state)


def apply_move(state: GameState, move: Move, out: Events) -> None:
    """Play a move without checking it is legal (use :func:`legal_moves` first)."""
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise RulesError(f"unknown move type {type(move).__name__}")
    state.move_count += 1
    handler(state, move, out)
