"""The rules engine, arranged like the rulebook: one module per part of the game.

Everything here works on a :class:`~..state.GameState` in place and reports what
happened as events appended to a list. The engine resolves everything that needs
no decision (income, refills, rotations, automa turns) on its own and stops at
the next decision, so ``state.turn.seat`` and ``state.turn.step`` always name who
decides what. :class:`~..game.Game` wraps this in a friendlier object.

The parts, in the order of the rulebook:

- :mod:`.common`: the game's fixed numbers and small shared helpers;
- :mod:`.flow`: the turn flow, the transitions by which one part hands the game on;
- :mod:`.setup`: setting up the table (§2);
- :mod:`.turn_track`: the turn and the action track, bonus actions, the automa's turns;
- :mod:`.building`, :mod:`.renting`, :mod:`.purchasing`, :mod:`.rings`,
  :mod:`.exchanging`: the actions;
- :mod:`.shakedown`: loading and speed (step 5);
- :mod:`.cruising`: canals and the cruise;
- :mod:`.ending`: discards, the end trigger, the final actions and scoring;
- :mod:`.ruleset`: the rule book and its variants (first game, advanced, solo) as hooks.

Each part registers its decisions (step, prompt, legal moves) and its move handlers
in :mod:`.registry`, the single table :func:`legal_moves` and :func:`apply_move` read,
and the transitions it carries out in :mod:`.flow`, which the other parts take instead
of calling it: the modules import the flow, the registry and the shared helpers, and
never each other in a circle.

This facade exports the engine's public names only. The few that set a table by hand
(:func:`start_action`, :func:`advance`, :func:`begin_shakedown`, :func:`automa_turn`,
:func:`trigger_end`, :func:`score_game`) are for fixtures and tests, not for play.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules.engine import flow
from shipyard_tui.games.shipyard.rules.engine.building import (
    can_build,
    placeable_kinds,
    refill_column,
    refill_ships,
    tile_buys,
)
from shipyard_tui.games.shipyard.rules.engine.common import (
    ACCOUNTANT_FREE,
    BONUS_COST,
    DISPLAY_ROWS,
    FOREMAN_FREE,
    MARKET_SLOTS,
    RESERVE_CUBES,
    RING_EXTRA_STEPS,
    SUBSIDY,
    TRACK_EXTRA_STEPS,
    WHEEL_POSITIONS,
    Events,
    RulesError,
    commodity_goods,
    has_employee,
    income_for,
    ship_stack,
    slot_price,
    spendable,
    starting_commodity_id,
    track_actions,
    track_index,
)
from shipyard_tui.games.shipyard.rules.engine.cruising import cruise_options
from shipyard_tui.games.shipyard.rules.engine.ending import (
    discard_target,
    final_refusals,
    score_game,
)
from shipyard_tui.games.shipyard.rules.engine.exchanging import sale_price
from shipyard_tui.games.shipyard.rules.engine.flow import trigger_end
from shipyard_tui.games.shipyard.rules.engine.purchasing import can_purchase
from shipyard_tui.games.shipyard.rules.engine.registry import (
    DECISIONS,
    HANDLERS,
    Decision,
    apply_move,
    legal_moves,
    step_prompts,
)
from shipyard_tui.games.shipyard.rules.engine.renting import can_rent_canal
from shipyard_tui.games.shipyard.rules.engine.rings import (
    MARKER_RING,
    hireable,
    marker_step_cost,
    move_marker,
    pieces_taken,
)
from shipyard_tui.games.shipyard.rules.engine.ruleset import (
    Advanced,
    Classic,
    ClassicFirstGame,
    FirstGame,
    Ruleset,
    Solo,
    SoloAdvanced,
    SoloFirstGame,
    catalog_of,
    gap_bonus,
    income,
    is_first_turn,
    ruleset_for,
)
from shipyard_tui.games.shipyard.rules.engine.setup import (
    new_game,
    table_set_up,
)
from shipyard_tui.games.shipyard.rules.engine.shakedown import (
    begin_shakedown,
    current_speed,
)
from shipyard_tui.games.shipyard.rules.engine.turn_track import (
    Refusal,
    advance,
    automa_turn,
    bonus_refusals,
    can_perform,
    choose_refusals,
    least_guilders,
    start_action,
    why_not,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import Role

assert not flow.unowned(), f"transitions with no owner: {flow.unowned()}"

__all__ = [
    "ACCOUNTANT_FREE",
    "BONUS_COST",
    "DECISIONS",
    "DISPLAY_ROWS",
    "FOREMAN_FREE",
    "HANDLERS",
    "MARKER_RING",
    "MARKET_SLOTS",
    "RESERVE_CUBES",
    "RING_EXTRA_STEPS",
    "SUBSIDY",
    "TRACK_EXTRA_STEPS",
    "WHEEL_POSITIONS",
    "Advanced",
    "Classic",
    "ClassicFirstGame",
    "Decision",
    "Events",
    "FirstGame",
    "Refusal",
    "Role",
    "RulesError",
    "Ruleset",
    "S",
    "Solo",
    "SoloAdvanced",
    "SoloFirstGame",
    "advance",
    "apply_move",
    "automa_turn",
    "begin_shakedown",
    "bonus_refusals",
    "can_build",
    "can_perform",
    "can_purchase",
    "can_rent_canal",
    "catalog_of",
    "choose_refusals",
    "commodity_goods",
    "cruise_options",
    "current_speed",
    "discard_target",
    "final_refusals",
    "gap_bonus",
    "has_employee",
    "hireable",
    "income",
    "income_for",
    "is_first_turn",
    "least_guilders",
    "legal_moves",
    "marker_step_cost",
    "move_marker",
    "new_game",
    "pieces_taken",
    "placeable_kinds",
    "refill_column",
    "refill_ships",
    "ruleset_for",
    "sale_price",
    "score_game",
    "ship_stack",
    "slot_price",
    "spendable",
    "start_action",
    "starting_commodity_id",
    "step_prompts",
    "table_set_up",
    "tile_buys",
    "track_actions",
    "track_index",
    "trigger_end",
    "why_not",
]
