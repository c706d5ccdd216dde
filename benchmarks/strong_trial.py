"""The Shipyard strong level against the sensible one (planner), 2 seats, 2nd edition:
each seed twice with the seats swapped, a fixed count of rollouts a decision (so the
games are the same on any machine), and trial variants of the strong level (issue 37).

    .venv/bin/python benchmarks/strong_trial.py --seed 7100 --pairs 20
    .venv/bin/python benchmarks/strong_trial.py --seed 7100 --pairs 20 --others tuned

``--others tuned``: the rollouts play the other seats with the tuned greedy valuations
(as the sensible level plays its own moves), the strong seat as before. Bots are seeded
as the seat driver seeds them (:func:`~shipyard_tui.core.bot_seed`).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from shipyard_tui.core import SeatDriver, bot_seed
from shipyard_tui.games.shipyard.bots.greedy import TUNED, GreedyBot
from shipyard_tui.games.shipyard.bots.planner import PlannerBot
from shipyard_tui.games.shipyard.bots.strong import StrongBot, _Ranker
from shipyard_tui.games.shipyard.rules import (
    Game,
    GameConfig,
    GameState,
    Move,
    SeatConfig,
    SeatKind,
)
from shipyard_tui.tournament import wilson_interval


class TunedOthers(StrongBot):
    """The strong level whose rollouts play the other seats by the tuned valuations."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self._others = _Ranker(seed + 2, TUNED)
        self._me: int | None = None

    def _rollout(self, world: GameState, seat: int, move: Move,
                 turns: int) -> tuple[float, float]:
        self._me = seat
        return super()._rollout(world, seat, move, turns)

    def _greedy_move(self, state: GameState, legal: list[Move]) -> Move:
        if len(legal) > 1 and self._me is not None and state.turn.seat != self._me:
            handler = GreedyBot._HANDLERS.get(state.turn.step)
            if handler is None:
                return legal[0]
            choice = handler(self._others, state, state.turn.seat, legal)
            return choice if choice in legal else legal[0]
        return super()._greedy_move(state, legal)


VARIANTS: dict[str, type[StrongBot]] = {"untuned": StrongBot, "tuned": TunedOthers}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7100)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=64)
    parser.add_argument("--others", choices=sorted(VARIANTS), default="untuned")
    args = parser.parse_args(argv)
    strong = VARIANTS[args.others]
    wins, margins = 0.0, []
    for seed in range(args.seed, args.seed + args.pairs):
        for mine in (0, 1):
            seats = tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(2))
            game = Game(GameConfig(seats, seed=seed))
            bots = {mine: strong(bot_seed(seed, mine), budget_ms=None, rollouts=args.rollouts),
                    1 - mine: PlannerBot(bot_seed(seed, 1 - mine))}
            SeatDriver(bots).play_out(game)
            outcome = game.outcome()
            assert outcome is not None
            margins.append(outcome.scores[mine] - outcome.scores[1 - mine])
            if mine in outcome.winners:
                wins += 1 / len(outcome.winners)
            print(f"seed {seed}, strong in seat {mine}: margin {margins[-1]:+d}", flush=True)
    games = len(margins)
    low, high = wilson_interval(wins, games)
    print(f"strong ({args.others} others) vs planner, seeds {args.seed}.."
          f"{args.seed + args.pairs - 1} each twice: {wins:g} of {games} = {wins / games:.1%} "
          f"[{low:.1%}, {high:.1%}], mean margin {statistics.mean(margins):+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
