"""The strong Nauticus bot: flat Monte Carlo search of the tile choice within a
processor-time budget, its rollouts played by the sensible bot's rules.

Nauticus has no hidden information (NA-14.1), so the search needs no determinisation:
every rollout starts from the bot's own view. The one thing a view withholds is the
generator, which decides the shuffle at the start of each round; a rollout that
crosses a round's end therefore gives the shuffle a generator of its own, and such
candidates are sampled again and averaged. A rollout that stays within the round is
deterministic (every seat plays by fixed rules), so one is enough.

The search is spent where Nauticus is decided: the choice of the action tile, which
serves every seat. For each tile the rollout plays that phase and the next
(:data:`HORIZON_PHASES`) and values the end as the bot's own position less half the
best other seat's, as the planner does. At a 2-seat table (issue 37) the bot plays by
the sensible bot's plan (:data:`~.valuation.PLANNER_PLAN`): its goes are the sensible bot's,
its rollouts' goes too, each tile in a rollout is chosen as the sensible bot chooses
one without looking at the reply (the whole phase played out for every tile, judged
by the chooser's position against the other seat's), the end is valued with the plan,
and in the last round (:data:`ENDGAME_ROUNDS`) every rollout plays to the end of the
game and is valued by the final margin. With 3 or 4 seats it plays as before: greedy
goes and rollouts, no plan.

Measured in seat-rotated 2-seat games against the sensible level (docs/performance.md,
issue 37): the plan alone gave an even match; a rollout chooser that plays each phase
out is where the strength comes from, the last round played to the end adds a little.
Noisy epsilon-greedy rollouts, searching every decision, three or four phases, the
greedy chooser's own-go judgement and the other seat weighed in full were weaker.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from shipyard_tui.games.nauticus.bots import GreedyBot, PlannerBot
from shipyard_tui.games.nauticus.rules.engine import apply_move
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import NauticusState, Step
from shipyard_tui.games.nauticus.valuation import NO_PLAN, Plan, position_value, relative_value

DEFAULT_BUDGET_MS = 150.0
"""Thinking time per tile choice, in milliseconds of the thread's processor time."""
HORIZON_PHASES = 2
"""Phases a rollout plays: the one the tile is chosen for, and the next."""
MAX_SAMPLES = 16
"""Rollouts per candidate at most (only rollouts that cross a shuffle differ)."""
ROLLOUT_LIMIT = 3000
"""A bound on rollout moves (a round takes far fewer)."""
ENDGAME_ROUNDS = 1
"""At a 2-seat table, in this many last rounds a rollout plays to the end of the game
and is valued by the final margin (no shuffle is left to sample in the last round)."""
CHOOSERS = ("phase", "planner", "greedy")
"""How a 2-seat rollout chooses its tiles: as the sensible bot without the reply
(``phase``), as the sensible bot with the reply (``planner``), or by the chooser's
own go (``greedy``)."""


class StrongBot:
    """Searches the tile choice by rollouts; within its go plays as the sensible bot
    (which, with 3 or 4 seats, is the greedy bot's go).

    The keyword settings are for trials (``benchmarks/nauticus_strong_trial.py``); the
    defaults are the level's. ``plan`` false: the level before issue 37's search
    change (greedy goes and rollouts, no plan, at every table)."""

    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 rollouts: int | None = None, *, plan: bool = True, chooser: str = "phase",
                 horizon: int = HORIZON_PHASES, endgame: int = ENDGAME_ROUNDS,
                 other: float = 0.5) -> None:
        if chooser not in CHOOSERS:
            raise ValueError(f"chooser: one of {', '.join(CHOOSERS)}")
        self._rng = random.Random(seed)
        self.budget_ms = budget_ms
        """Processor time per tile choice; ``None`` with ``rollouts`` set: a fixed count."""
        self.rollouts = rollouts
        """With a fixed count (and no budget) the search is reproducible anywhere."""
        self.plan = plan
        self.chooser = chooser
        self.horizon = horizon
        self.endgame = endgame
        self.other = other
        """The weight of the best other seat's position in a rollout's value."""
        self._greedy: GreedyBot = PlannerBot(seed) if plan else GreedyBot(seed)
        self._phase_player: GreedyBot = PlannerBot(seed) if plan else GreedyBot(seed)
        self._planner = PlannerBot(seed)
        self._phase_chooser = _PhasePlanner(seed)

    def _two_seat(self, state: NauticusState) -> bool:
        """Whether it plays by the plan here: a 2-seat table (:meth:`PlannerBot.plan_for`)."""
        return self.plan and len(state.seats) == 2

    def _in_endgame(self, state: NauticusState) -> bool:
        return self._two_seat(state) and state.round > state.config.rounds - self.endgame

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
        """Play ``move``, then :data:`HORIZON_PHASES` phases (in the endgame, to the end
        of the game); the value for ``me`` and whether a shuffle (a new round) happened
        on the way."""
        sim = state.copy()
        sim.rng = self._rng.getrandbits(63) | 1
        start_round = sim.round
        apply_move(sim, move, [])
        game = NauticusGame.from_state(sim)
        phases = 0
        phase = (sim.round, sim.phase)
        player = self._phase_player
        two_seat = self._two_seat(state)
        chooser = (self._phase_chooser if self.chooser == "phase" else self._planner) \
            if two_seat and self.chooser != "greedy" else None
        horizon = ROLLOUT_LIMIT if self._in_endgame(state) else self.horizon
        for _ in range(ROLLOUT_LIMIT):
            if sim.step is Step.OVER:
                break
            if (sim.round, sim.phase) != phase:
                phases += 1
                phase = (sim.round, sim.phase)
                if phases >= horizon:
                    break
            legal = game.legal_moves()
            if len(legal) == 1:
                game.push(legal[0])
            elif chooser is not None and sim.step is Step.CHOOSE:
                game.push(PlannerBot.choose(chooser, sim, legal))
            else:
                game.push(GreedyBot.choose(player, sim, legal))
        if sim.step is Step.OVER and self._in_endgame(state):
            value = float(sim.seats[me].vp - max(
                seat.vp for i, seat in enumerate(sim.seats) if i != me))
        else:
            plan = self._planner.plan_for(state) if self.plan else NO_PLAN
            if self.other == 0.5:
                value = relative_value(sim, me, plan)
            else:
                value = position_value(sim, me, plan) - self.other * max(
                    position_value(sim, i, plan) for i in range(len(sim.seats)) if i != me)
        return value, sim.round != start_round


class _PhasePlanner(PlannerBot):
    """The sensible bot without the other seat's reply: each tile judged by its whole
    phase played out, the chooser's position against the best other seat's."""

    def plan_for(self, state: NauticusState) -> Plan:
        return replace(super().plan_for(state), reply=False)


def tile_values(view: NauticusState, legal: list[Move], seed: int,
                budget_ms: float | None = DEFAULT_BUDGET_MS,
                rollouts: int | None = None) -> list[float]:
    """The strong bot's mean value of each of ``legal`` for the seat to move at a choice
    of action tile (see :func:`~.valuation.relative_value`; in the last round of a 2-seat
    game, the final margin of a rollout to the end), searched with ``seed`` for
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
    see :func:`~.valuation.relative_value`; in the last round of a 2-seat game, the final
    margin); elsewhere ``None`` for those, since within a go it plays by a fixed rule
    (the sensible bot's at 2 seats, the greedy bot's at 3 or 4). ``rollouts`` (with no
    budget): a fixed count."""
    if len(legal) == 1 or view.step is not Step.CHOOSE:
        return StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts).choose(view, legal), \
            None, None, None
    means = tile_values(view, legal, seed, budget_ms, rollouts)
    order = sorted(range(len(legal)), key=lambda k: (-means[k], k))
    best, runner = order[0], order[1]
    return legal[best], legal[runner], means[best], means[runner]
