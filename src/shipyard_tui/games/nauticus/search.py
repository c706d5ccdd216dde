"""The strong Nauticus bot: flat Monte Carlo search of the tile choice, with greedy
rollouts, within a processor-time budget.

Nauticus has no hidden information (NA-14.1), so the search needs no determinisation:
every rollout starts from the bot's own view. The one thing a view withholds is the
generator, which decides the shuffle at the start of each round; a rollout that
crosses a round's end therefore gives the shuffle a generator of its own, and such
candidates are sampled again and averaged. A rollout that stays within the round is
deterministic (every seat plays as the greedy bot would), so one is enough.

The search is spent where Nauticus is decided: the choice of the action tile, which
serves every seat. For each tile the rollout plays that phase and the next
(:data:`HORIZON_PHASES`), every seat greedily, and values the end as the bot's own
position less half the best other seat's, as the planner does for one phase. Within a
go the bot plays like the greedy bot, which already looks through its own go. (Its
rollouts and its go play greedily without the planner's plan: with the plan the strong
level lost to its old self, issue 37, docs/performance.md.)

Measured against the planner in seat-rotated 2-seat games (docs/performance.md):
looking one phase further at the tile choice is where the strength comes from; noisy
epsilon-greedy rollouts and searching every decision were both tried and were weaker
than the planner.
"""

from __future__ import annotations

import random
import time

from shipyard_tui.games.nauticus.bots import GreedyBot, relative_value
from shipyard_tui.games.nauticus.rules.engine import apply_move
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import NauticusState, Step

DEFAULT_BUDGET_MS = 150.0
"""Thinking time per tile choice, in milliseconds of the thread's processor time."""
HORIZON_PHASES = 2
"""Phases a rollout plays: the one the tile is chosen for, and the next."""
MAX_SAMPLES = 16
"""Rollouts per candidate at most (only rollouts that cross a shuffle differ)."""
ROLLOUT_LIMIT = 600
"""A bound on rollout moves (two phases take far fewer)."""


class StrongBot:
    """Searches the tile choice by rollouts; plays greedily within its go."""

    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 rollouts: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.budget_ms = budget_ms
        """Processor time per tile choice; ``None`` with ``rollouts`` set: a fixed count."""
        self.rollouts = rollouts
        """With a fixed count (and no budget) the search is reproducible anywhere."""
        self._greedy = GreedyBot(seed)
        self._phase_player = GreedyBot(seed)

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if view.step is not Step.CHOOSE:
            return self._greedy.choose(view, legal)
        return self.search(view, legal, view.seat)[0]

    def search(self, state: NauticusState, candidates: list[Move],
               me: int) -> tuple[Move, list[float], list[int]]:
        """The best candidate by mean rollout value, with every candidate's mean value
        and number of rollouts. Each candidate gets one rollout; those whose rollout
        met a shuffle are sampled again while the budget (or the fixed count) lasts."""
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        chancy: list[int] = []
        for i, move in enumerate(candidates):
            value, shuffled = self._rollout(state, move, me)
            totals[i], counts[i] = value, 1
            if shuffled:
                chancy.append(i)
        deadline = (time.thread_time() + self.budget_ms / 1000.0
                    if self.budget_ms is not None else None)
        spent = len(candidates)
        limit = self.rollouts if self.budget_ms is None else None
        while chancy:
            if deadline is not None and time.thread_time() >= deadline:
                break
            if limit is not None and spent >= limit:
                break
            i = min(chancy, key=lambda k: counts[k])
            if counts[i] >= MAX_SAMPLES:
                break
            totals[i] += self._rollout(state, candidates[i], me)[0]
            counts[i] += 1
            spent += 1
        means = [t / c for t, c in zip(totals, counts, strict=True)]
        return candidates[best_index(means)], means, counts

    def _rollout(self, state: NauticusState, move: Move, me: int) -> tuple[float, bool]:
        """Play ``move``, then :data:`HORIZON_PHASES` phases greedily; the value for ``me``
        and whether a shuffle (a new round) happened on the way."""
        sim = state.copy()
        sim.rng = self._rng.getrandbits(63) | 1
        start_round = sim.round
        apply_move(sim, move, [])
        game = NauticusGame.from_state(sim)
        phases = 0
        phase = (sim.round, sim.phase)
        for _ in range(ROLLOUT_LIMIT):
            if sim.step is Step.OVER:
                break
            if (sim.round, sim.phase) != phase:
                phases += 1
                phase = (sim.round, sim.phase)
                if phases >= HORIZON_PHASES:
                    break
            legal = game.legal_moves()
            game.push(legal[0] if len(legal) == 1
                      else GreedyBot.choose(self._phase_player, sim, legal))
        return relative_value(sim, me), sim.round != start_round


def tile_values(view: NauticusState, legal: list[Move], seed: int,
                budget_ms: float | None = DEFAULT_BUDGET_MS,
                rollouts: int | None = None) -> list[float]:
    """The strong bot's mean value of each of ``legal`` for the seat to move at a choice
    of action tile (see :func:`~.bots.relative_value`), searched with ``seed`` for
    ``budget_ms`` (``None``, with ``rollouts``: a fixed count, reproducible anywhere).
    The hint and the Key moments both search this way, with the decision's move index
    as the seed and the same budget, so the same decision gets the same answer."""
    bot = StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts)
    return bot.search(view, legal, view.seat)[1]


def best_index(values: list[float]) -> int:
    """The candidate the search prefers: the highest value, the first of equals."""
    return max(range(len(values)), key=lambda k: (values[k], -k))


def advise(view: NauticusState, legal: list[Move], seed: int = 0,
           budget_ms: float | None = DEFAULT_BUDGET_MS, rollouts: int | None = None
           ) -> tuple[Move, Move | None, float | None, float | None]:
    """What the strong bot would play now for the seat to move (the hint key): its
    move; at a choice of action tile, the one decision it searches, also the runner-up
    and the mean values of both (the seat's position less half the best other seat's,
    see :func:`~.bots.relative_value`); elsewhere ``None`` for those, since within a go
    it plays as the greedy bot. ``rollouts`` (with no budget): a fixed count."""
    if len(legal) == 1 or view.step is not Step.CHOOSE:
        return StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts).choose(view, legal), \
            None, None, None
    means = tile_values(view, legal, seed, budget_ms, rollouts)
    order = sorted(range(len(legal)), key=lambda k: (-means[k], k))
    best, runner = order[0], order[1]
    return legal[best], legal[runner], means[best], means[runner]
