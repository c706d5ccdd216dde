"""Bots for Nauticus, through the same interface as Shipyard's: ``choose(view, legal)``,
asked by the same seat driver (:class:`~shipyard_tui.core.SeatDriver`).

Nauticus has no hidden information (NA-14.1), so a bot may look ahead on a plain copy
of its view. The greedy bot values every legal move by the position it leads to;
choosing an action tile, or starting its go, it looks further: through the rest of its
own go, played greedily. The planner searches a little wider where Nauticus differs
most from a solitaire: the chosen tile serves every seat, so it plays each choice out
through the whole phase and weighs its gain against the best other seat's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from shipyard_tui.core import SeatDriver
from shipyard_tui.core import resolve_level as core_resolve_level

from .catalog import CROWN_CAP, PHASES_PER_ROUND, SHIP_VP, goods_vp
from .engine import apply_move, legal_moves
from .game import NauticusGame
from .moves import Move
from .state import NauticusState, Step


class NauticusBot(Protocol):
    name: str

    def choose(self, view: NauticusState, legal: list[Move]) -> Move: ...


class RandomBot:
    """A uniformly random legal move: the first test of every rule."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        return self._rng.choice(legal)


def position_value(state: NauticusState, seat_index: int) -> float:
    """An estimate of the seat's final VP from a position (higher is better)."""
    seat = state.seats[seat_index]
    total_phases = state.config.rounds * PHASES_PER_ROUND
    done = (state.round - 1) * PHASES_PER_ROUND + state.phase - 1
    left = max(0.0, 1.0 - done / total_phases)
    if state.step is Step.OVER:
        return float(seat.vp)
    coin = 1 / 3 + 0.45 * left
    worker = 1 / 3 + 1.4 * left
    value = seat.vp + coin * seat.coins + worker * seat.workers
    value += sum(goods_vp(n) for n in seat.delivered.values())
    for build in seat.yard:
        goods = sum(s.good is not None for s in build.slots)
        if build.complete:
            value += SHIP_VP[build.size]
            value += goods * ((2.0 + 2.5 * left) if build.loaded else (0.8 + 1.5 * left))
            continue
        size = build.size if build.hull_finished else max(3, min(4, build.size + 1))
        placed = sum(1 + (s.mast is not None) + (s.sail is not None) for s in build.slots)
        progress = placed / (3 * size)
        value += placed / 3 + SHIP_VP[size] * (0.4 * progress + 0.6 * progress ** 2) * (
            0.2 + 1.2 * left)
        value += goods * (1 / 3 + 0.8 * left)
    tiles = sum(seat.warehouse.values())
    value += tiles * (1 / 3 + 0.5 * left)
    late = (min(state.phase, PHASES_PER_ROUND) - 1) / (PHASES_PER_ROUND - 1)
    value -= sum(seat.pass_up) * (0.3 + 0.7 * late)
    value += min(seat.crowns, CROWN_CAP) * 0.8 * left
    if seat.extra:
        value += 2 * worker + 1.0 + 3.0 * left
    return value


class GreedyBot:
    """Takes the move leading to the best-valued position; ties by its own generator."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        state = view
        look_ahead = state.step in (Step.CHOOSE, Step.GO)
        best: list[Move] = []
        best_value = float("-inf")
        for move in legal:
            after = state.copy()
            apply_move(after, move, [])
            if look_ahead:
                _finish_own_go(after, me)
            value = position_value(after, me)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)


def _finish_own_go(state: NauticusState, me: int, limit: int = 40) -> None:
    """Play the seat's own go greedily (one move ahead each step) to value a choice."""
    for _ in range(limit):
        if state.step is Step.OVER or state.seat != me or state.step is Step.CHOOSE:
            return
        legal = legal_moves(state)
        best_move = legal[0]
        best_value = float("-inf")
        for move in legal:
            after = state.copy()
            apply_move(after, move, [])
            value = position_value(after, me)
            if value > best_value:
                best_move, best_value = move, value
        apply_move(state, best_move, [])


class PlannerBot(GreedyBot):
    """Greedy, except when choosing the action tile: then it plays the whole phase out,
    every seat greedily, and compares its position with the others'. A chosen action
    serves every seat, so the best tile is the one that helps its chooser most
    relative to the rest of the table."""

    name = "planner"

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        if view.step is not Step.CHOOSE:
            return super().choose(view, legal)
        me = view.seat
        state = view
        scored = []
        for i, move in enumerate(legal):
            after = state.copy()
            apply_move(after, move, [])
            self._finish_phase(after)
            scored.append((relative_value(after, me) + self._rng.random() * 1e-6, i))
        return legal[max(scored)[1]]

    def _finish_phase(self, state: NauticusState, limit: int = 200) -> None:
        """Play every seat's go of the current phase as the greedy bot would."""
        phase = (state.round, state.phase)
        sim = NauticusGame.from_state(state)
        for _ in range(limit):
            if sim.is_over or (state.round, state.phase) != phase:
                return
            legal = sim.legal_moves()
            sim.push(legal[0] if len(legal) == 1
                     else GreedyBot.choose(self, sim.view(sim.to_move), legal))


def relative_value(state: NauticusState, me: int) -> float:
    """The seat's position value less half the best other seat's (half: the others'
    gains matter, but less than one's own)."""
    others = [position_value(state, i) for i in range(len(state.seats)) if i != me]
    return position_value(state, me) - 0.5 * max(others)


def _strong(seed: int) -> NauticusBot:
    from .search import StrongBot

    return StrongBot(seed)


NAUTICUS_BOT_LEVELS: dict[str, Callable[[int], NauticusBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "strong": _strong,
}
"""Bot factories by level name; each takes a seed for the bot's own randomness."""

NAUTICUS_PLAYER_LEVELS: dict[str, str] = {"beginner": "greedy", "sensible": "planner",
                                          "strong": "strong"}
"""The levels offered to players, by the names Shipyard's use, with the bot behind each."""


def resolve_level(level: str) -> str:
    """The bot level for a level name or a player's level name (``sensible``: planner);
    ``ValueError`` names the known levels.

    >>> resolve_level("Beginner"), resolve_level("planner")
    ('greedy', 'planner')
    """
    return core_resolve_level(level, NAUTICUS_BOT_LEVELS, NAUTICUS_PLAYER_LEVELS, "Nauticus")


def bot_for_level(level: str, seed: int, budget_ms: float | None = None) -> NauticusBot:
    """A Nauticus bot of the named level (either kind of name); ``budget_ms`` sets the
    thinking time of the level that searches. ``ValueError`` names the known levels."""
    bot = NAUTICUS_BOT_LEVELS[resolve_level(level)](seed)
    if budget_ms is not None and hasattr(bot, "budget_ms"):
        bot.budget_ms = budget_ms
    return bot


def play_out(game: NauticusGame, bots: dict[int, NauticusBot]) -> NauticusGame:
    """Play ``game`` to the end with a bot in every seat."""
    SeatDriver(bots).play_out(game)
    return game
