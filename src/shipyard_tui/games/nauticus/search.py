"""The strong Nauticus bot: flat Monte Carlo search within a processor-time budget.

Nauticus has no hidden information (NA-14.1), so the search needs no determinisation:
every sample starts from the bot's own view. Only the generator is withheld from a
view, so each sample gives the future shuffles a generator of its own; the samples
then differ in chance as well as in the other seats' play.

For each candidate move (the greedy bot's few best, when there are many) the bot
plays the position on with a quick epsilon-greedy policy for every seat until the
phase after the current one ends (or the game does), and values the result as its
own position less half the best other seat's, as the planner does. Candidates are
sampled in turn and the weaker half dropped as the evidence comes in (successive
halving), until the budget is spent; the candidate with the best mean wins. The
budget is thread processor time, so a busy machine changes how fast it thinks, not
how well.
"""

from __future__ import annotations

import random
import time

from .bots import GreedyBot, position_value, relative_value
from .engine import apply_move, legal_moves
from .game import NauticusGame
from .moves import Move
from .state import NauticusState, Step

DEFAULT_BUDGET_MS = 150.0
"""Thinking time per decision, in milliseconds of the thread's processor time."""
MAX_CANDIDATES = 8
"""Candidates kept for sampling, by the greedy bot's value of each."""
EPSILON = 0.2
"""How often a rollout seat plays a random move instead of its best-valued one."""
ROLLOUT_LIMIT = 400
"""A bound on rollout moves (a phase and the next take far fewer)."""


class StrongBot:
    """Samples each candidate's future and keeps the best on average."""

    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 rollouts: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.budget_ms = budget_ms
        """Processor time per decision; ``None`` with ``rollouts`` set: a fixed count."""
        self.rollouts = rollouts
        """With a fixed count (and no budget) the search is reproducible anywhere."""
        self._greedy = GreedyBot(seed)

    def choose(self, game: NauticusGame) -> Move:
        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        me = game.state.seat
        state = game.view(me)
        candidates = self._candidates(state, legal, me)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(state, candidates, me)

    def _candidates(self, state: NauticusState, legal: list[Move], me: int) -> list[Move]:
        """The moves worth sampling: all of them when few, else the greedy best few."""
        if len(legal) <= MAX_CANDIDATES:
            return legal
        valued = []
        for i, move in enumerate(legal):
            after = state.copy()
            apply_move(after, move, [])
            valued.append((position_value(after, me), -i, move))
        valued.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [move for _, _, move in valued[:MAX_CANDIDATES]]

    def _search(self, state: NauticusState, candidates: list[Move], me: int) -> Move:
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        budget = self.budget_ms
        fixed = self.rollouts if budget is None else None
        deadline = (time.thread_time() + budget / 1000.0) if budget is not None else None
        samples = 0
        next_cut = 2 * len(alive)
        while True:
            for i in alive:
                totals[i] += self._rollout(state, candidates[i], me)
                counts[i] += 1
                samples += 1
            if deadline is not None and time.thread_time() >= deadline:
                break
            if fixed is not None and samples >= fixed:
                break
            if samples >= next_cut and len(alive) > 2:
                alive.sort(key=lambda i: totals[i] / counts[i], reverse=True)
                alive = alive[:max(2, len(alive) // 2)]
                next_cut = samples + 4 * len(alive)
        best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
        return candidates[best]

    def _rollout(self, state: NauticusState, move: Move, me: int) -> float:
        """Play ``move`` and then the rest of this phase and the next; value the end."""
        sim = state.copy()
        sim.rng = self._rng.getrandbits(63) | 1
        apply_move(sim, move, [])
        horizon = (sim.round, sim.phase + 2)
        rng = self._rng
        for _ in range(ROLLOUT_LIMIT):
            if sim.step is Step.OVER or (sim.round, sim.phase) >= horizon:
                break
            legal = legal_moves(sim)
            if len(legal) == 1 or rng.random() < EPSILON:
                apply_move(sim, legal[0] if len(legal) == 1 else rng.choice(legal), [])
                continue
            seat = sim.seat
            best_move = legal[0]
            best_value = float("-inf")
            for candidate in legal:
                after = sim.copy()
                apply_move(after, candidate, [])
                value = position_value(after, seat)
                if value > best_value:
                    best_move, best_value = candidate, value
            apply_move(sim, best_move, [])
        return relative_value(sim, me)
