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
from collections.abc import Callable, Mapping
from typing import Protocol

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.nauticus.kind import KIND
from shipyard_tui.games.nauticus.rules.catalog import (
    CROWN_CAP,
    PHASES_PER_ROUND,
    SHIP_VP,
    Action,
    goods_vp,
)
from shipyard_tui.games.nauticus.rules.engine import apply_move, legal_moves
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import Build, NauticusState, Seat, Step


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


SHIP_REWARD_VALUE = 3.0
"""What one completion reward is worth (NA-9.2: 3 VP is always on offer)."""
LINEAR_SHARE = 0.5
"""How much of a ship's worth a build's progress earns linearly (the rest grows with
its square, so the last tiles are worth more and a started build gets finished)."""
PHASES_PER_TILE = 2.5
"""Phases a seat needs per ship tile still to place, its builds' tiles queued nearest
completion first (a build out of reach in the phases left is worth its leftovers only,
so a bot finishes one ship before it starts the next). Tuned in 2-seat games against
the previous valuation: 0.8 spread the tiles over many builds and lost."""
CROWN_WORKER_SHARE = 0.8
"""What a worker kept for this round's Crown evaluation is worth per crown."""
LOADED_CHANCE = 0.5
"""The share of a delivery's gain a full ship's good aboard counts before it is
delivered (0.9 held a bot back from delivering: the goods looked as good aboard)."""
EMPTY_SLOT = 1.0
"""What an empty place on a complete ship is worth early on: it can be loaded again."""
RESERVE_BLUE = 1
"""Blue workers expected at the Crown evaluation."""


def position_value(state: NauticusState, seat_index: int) -> float:
    """An estimate of the seat's final VP from a position (higher is better).

    A build is worth its share of the ship's VP and completion rewards, if it can
    still be finished in the phases left (its leftovers otherwise). A loaded good is
    worth what delivering it adds to its kind's count less the worker delivering
    takes, while a delivery is still possible; delivered goods count as at the end.
    The workers this round's Crown evaluation will need are kept for it. (The earlier
    valuation gave the first tiles of a ship less than they cost and a loaded good
    more than its delivery: bots built few ships and delivered nothing.)
    """
    seat = state.seats[seat_index]
    total_phases = state.config.rounds * PHASES_PER_ROUND
    done = (state.round - 1) * PHASES_PER_ROUND + state.phase - 1
    left = max(0.0, 1.0 - done / total_phases)
    phases_left = max(0, total_phases - done)
    if state.step is Step.OVER:
        return float(seat.vp)
    coin = 1 / 3 + 0.45 * left
    worker = 1 / 3 + 1.4 * left
    value = seat.vp + coin * seat.coins + worker * seat.workers
    # while this round's Crown evaluation is still to come, the workers it will need
    # are worth what each of them will score there
    crowns_tile = state.tiles.index(Action.CROWNS.value)
    if not state.face_down[crowns_tile] and state.chosen != crowns_tile:
        expected = seat.crowns + len(seat.pass_up)
        if expected:
            reserve = min(seat.workers, _uses(expected) - RESERVE_BLUE)
            value += max(0.0, CROWN_WORKER_SHARE * expected - worker) * max(0, reserve)
    value += sum(goods_vp(n) for n in seat.delivered.values())
    counts = dict(seat.delivered)
    can_deliver = _delivery_possible(state, seat)

    def good_value(good: str, chance: float) -> float:
        n = counts.get(good, 0)
        counts[good] = n + 1
        gain = (goods_vp(n + 1) - goods_vp(n) - worker) * chance
        return max(1 / 3, gain)

    # complete ships first, then the builds nearest completion: the tiles still needed
    # queue up, so a build started beside others is further out of reach
    builds = sorted(seat.yard, key=_build_order)
    queue = 0
    for build in builds:
        goods = [s.good for s in build.slots if s.good is not None]
        if build.complete:
            value += SHIP_VP[build.size]
            chance = (LOADED_CHANCE * (1.0 if build.loaded else 0.6)
                      if can_deliver else 0.0)
            value += sum(good_value(g, chance) for g in goods)
            if can_deliver:
                value += EMPTY_SLOT * left * (build.size - len(goods))
            continue
        size = build.size if build.hull_finished else max(3, min(4, build.size + 1))
        placed = sum(1 + (s.mast is not None) + (s.sail is not None) for s in build.slots)
        queue += 3 * size - placed
        reach = min(1.0, phases_left / (PHASES_PER_TILE * queue))
        progress = placed / (3 * size)
        share = LINEAR_SHARE * progress + (1 - LINEAR_SHARE) * progress ** 2
        worth = (SHIP_VP[size] + SHIP_REWARD_VALUE * size) * share
        value += max(placed / 3, reach * worth + (1 - reach) * placed / 3)
        value += sum(good_value(g, 0.4 * reach if can_deliver else 0.0) for g in goods)
    tiles = sum(seat.warehouse.values())
    value += tiles * (1 / 3 + 0.5 * left)
    late = (min(state.phase, PHASES_PER_ROUND) - 1) / (PHASES_PER_ROUND - 1)
    value -= sum(seat.pass_up) * (0.3 + 0.7 * late)
    value += min(seat.crowns, CROWN_CAP) * 0.8 * left
    if seat.extra:
        value += 2 * worker + 1.0 + 3.0 * left
    return value


def _uses(crowns: int) -> int:
    """Uses of Crown evaluation that reach its cap with this many crowns."""
    return -(-CROWN_CAP // crowns)


def _build_order(build: Build) -> tuple[int, float]:
    if build.complete:
        return (0 if build.loaded else 1), 0.0
    placed = sum(1 + (s.mast is not None) + (s.sail is not None) for s in build.slots)
    return 2, -placed / (3 * max(build.size, 3 if not build.hull_finished else 1))


def _delivery_possible(state: NauticusState, seat: Seat) -> bool:
    """Whether the seat can still deliver: a later round, its extra action, or the
    Deliver tile still face up this round."""
    if state.round < state.config.rounds or seat.extra:
        return True
    field = state.tiles.index(Action.DELIVER.value)
    return not state.face_down[field]


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
