"""Bots for Nauticus, through the same interface as Shipyard's: ``choose(view, legal)``,
asked by the same seat driver (:class:`~shipyard_tui.core.SeatDriver`).

Nauticus has no hidden information (NA-14.1), so a bot may look ahead on a plain copy
of its view. The greedy bot values every legal move by the position it leads to;
choosing an action tile, or starting its go, it looks further: through the rest of its
own go, played greedily. The planner searches a little wider where Nauticus differs
most from a solitaire: the chosen tile serves every seat, so it plays each choice out
through the whole phase and weighs its gain against the best other seat's, and at a
2-seat table it plays with a plan (:data:`PLANNER_PLAN`): a ship is worth the cargoes
it can still carry, spare coins are leftovers, and full ships are delivered and
complete ones loaded while the tile's blue workers pay (issue 37). How they value a
position is in :mod:`.valuation`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.nauticus.kind import KIND
from shipyard_tui.games.nauticus.rules.catalog import Action
from shipyard_tui.games.nauticus.rules.engine import (
    after_move,
    apply_move,
    blue_workers,
    legal_moves,
)
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.moves import Buy, Deliver, Extra, Move, Transport
from shipyard_tui.games.nauticus.rules.state import NauticusState, Step
from shipyard_tui.games.nauticus.valuation import NO_PLAN as NO_PLAN
from shipyard_tui.games.nauticus.valuation import PLANNER_PLAN as PLANNER_PLAN
from shipyard_tui.games.nauticus.valuation import Plan as Plan
from shipyard_tui.games.nauticus.valuation import position_value as position_value
from shipyard_tui.games.nauticus.valuation import relative_value as relative_value


class NauticusBot(Protocol):
    name: str

    def choose(self, view: NauticusState, legal: list[Move]) -> Move: ...


class RandomBot:
    """A uniformly random legal move: the first test of every rule."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        return self.choose_blind(legal)

    def choose_blind(self, legal: list[Move]) -> Move:
        """A random bot never looks at the table (see ``core.driver.BlindBot``)."""
        return self._rng.choice(legal)


class GreedyBot:
    """Takes the move leading to the best-valued position; ties by its own generator."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def plan_for(self, state: NauticusState) -> Plan:
        """The additions to the valuation it plays with at this table: none."""
        return NO_PLAN

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        state = view
        plan = self.plan_for(state)
        if plan.cargo or plan.extra_crowns:
            legal = plan_moves(state, legal, plan)
            if len(legal) == 1:
                return legal[0]
        look_ahead = state.step in (Step.CHOOSE, Step.GO)
        best: list[Move] = []
        best_value = float("-inf")
        for move in legal:
            after = after_move(state, move)
            if look_ahead:
                after = _finish_own_go(after, me, plan)
            value = position_value(after, me, plan)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)


def _finish_own_go(state: NauticusState, me: int, plan: Plan = NO_PLAN,
                   limit: int = 40) -> NauticusState:
    """Play the seat's own go greedily (one move ahead each step) to value a choice:
    the position it ends in (``state`` itself, or the copy the last move was played on).
    ``state`` is not changed."""
    planned = plan.cargo or plan.extra_crowns
    for _ in range(limit):
        if state.step is Step.OVER or state.seat != me or state.step is Step.CHOOSE:
            break
        legal = legal_moves(state)
        if planned:
            legal = plan_moves(state, legal, plan)
        best = state
        best_value = float("-inf")
        for move in legal:
            after = after_move(state, move)
            value = position_value(after, me, plan)
            if value > best_value:
                best, best_value = after, value
        state = best
    return state


def plan_moves(state: NauticusState, legal: list[Move], plan: Plan) -> list[Move]:
    """The moves ``plan`` allows: :func:`cargo_moves` with its cargo plan, and no extra
    action but a Crown evaluation with ``extra_crowns``."""
    if plan.extra_crowns:
        legal = [m for m in legal if not isinstance(m, Extra) or m.action is Action.CROWNS]
    return cargo_moves(state, legal, plan.load) if plan.cargo else legal


def cargo_moves(state: NauticusState, legal: list[Move], load: bool = True) -> list[Move]:
    """The moves the planner's cargo plan allows: at Deliver, only deliveries while a
    full ship can be delivered (NA-7.3); with ``load``, at Buy goods or Transport, only
    loading a complete ship while the tile's blue workers pay the use (NA-5.1, NA-6.7,
    NA-7.1); otherwise ``legal`` as it is."""
    if state.step not in (Step.GO, Step.ACT) or state.chosen is None:
        return legal
    perf = state.perf
    if perf is not None and perf.extra:
        return legal
    action = Action(state.tiles[state.chosen])
    if action is Action.DELIVER:
        deliveries: list[Move] = [m for m in legal if isinstance(m, Deliver)]
        return deliveries or legal
    if not load or action not in (Action.GOODS, Action.TRANSPORT):
        return legal
    blue = perf.blue if perf is not None else blue_workers(state, state.chosen)
    if blue <= 0:
        return legal
    yard = state.seats[state.seat].yard
    loads: list[Move] = [m for m in legal if isinstance(m, Buy | Transport)
                         and m.item.startswith("good:") and "." in m.dest
                         and yard[int(m.dest.split(".")[0])].complete]
    return loads or legal


class PlannerBot(GreedyBot):
    """Greedy, except when choosing the action tile: then it plays the whole phase out,
    every seat greedily, and compares its position with the others'. A chosen action
    serves every seat, so the best tile is the one that helps its chooser most
    relative to the rest of the table. With its 2-seat plan it also plays out the
    other seat's best reply: the next phase, whose tile that seat chooses."""

    name = "planner"

    def plan_for(self, state: NauticusState) -> Plan:
        """:data:`PLANNER_PLAN` at a 2-seat table; none with 3 or 4 seats, where the
        plan, tuned in 2-seat games, built too many ships and lost to the previous
        planner (issue 37, docs/performance.md)."""
        return PLANNER_PLAN if len(state.seats) == 2 else NO_PLAN

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        if view.step is not Step.CHOOSE:
            return super().choose(view, legal)
        me = view.seat
        state = view
        plan = self.plan_for(state)
        scored = []
        for i, move in enumerate(legal):
            after = state.copy()
            apply_move(after, move, [])
            self._finish_phase(after)
            if plan.reply:
                after = self._reply(after, me, plan)
            scored.append((relative_value(after, me, plan) + self._rng.random() * 1e-6, i))
        return legal[max(scored)[1]]

    def _reply(self, state: NauticusState, me: int, plan: Plan) -> NauticusState:
        """The position after the next phase, whose tile the next chooser picks as a
        seat judging a tile by its own go does (:class:`GreedyBot`, no plan), the phase
        then played out greedily: ``state`` itself when the seat chooses next or the
        game is over. ``state`` is not changed."""
        if state.step is not Step.CHOOSE or state.seat == me:
            return state
        other = state.seat
        legal = legal_moves(state)
        reply = legal[0]
        best_value = float("-inf")
        for move in legal:
            value = position_value(_finish_own_go(after_move(state, move), other), other)
            if value > best_value:
                reply, best_value = move, value
        after = state.copy()
        apply_move(after, reply, [])
        self._finish_phase(after)
        return after

    def _finish_phase(self, state: NauticusState, limit: int = 200) -> None:
        """Play every seat's go of the current phase as the greedy bot would (on the
        state itself: the planner's copy of its view, so no seat view is copied again
        for each move)."""
        phase = (state.round, state.phase)
        sim = NauticusGame.from_state(state)
        for _ in range(limit):
            if sim.is_over or (state.round, state.phase) != phase:
                return
            legal = sim.legal_moves()
            sim.push(legal[0] if len(legal) == 1
                     else GreedyBot.choose(self, sim.state, legal))


def _strong(seed: int) -> NauticusBot:
    from shipyard_tui.games.nauticus.search import StrongBot

    return StrongBot(seed)


NAUTICUS_BOT_LEVELS: dict[str, Callable[[int], NauticusBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "strong": _strong,
}
"""Bot factories by level name; each takes a seed for the bot's own randomness."""

NAUTICUS_PLAYER_LEVELS: Mapping[str, str] = KIND.player_levels
"""The levels offered to players, by the names Shipyard's use, with the bot behind each
(the game's kind holds them)."""


def resolve_level(level: str) -> str:
    """The bot level for a level name or a player's level name (``sensible``: planner);
    ``ValueError`` names the known levels.

    >>> resolve_level("Beginner"), resolve_level("planner")
    ('greedy', 'planner')
    """
    return KIND.resolve_level(level)


def bot_for_level(level: str, seed: int, budget_ms: float | None = None) -> NauticusBot:
    """A Nauticus bot of the named level (either kind of name); ``budget_ms`` sets the
    thinking time of the level that searches. ``ValueError`` names the known levels."""
    return KIND.make_bot(level, seed, budget_ms)


def play_out(game: NauticusGame, bots: dict[int, NauticusBot]) -> NauticusGame:
    """Play ``game`` to the end with a bot in every seat."""
    SeatDriver(bots).play_out(game)
    return game
