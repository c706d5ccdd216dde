"""Tune the strong bot's evaluation weights by self-play (coordinate search).

The evaluation is tried over solo games (single-agent, so the mean score is a clean
signal), either inside a cheap proxy (``--bot proxy``: the planner's one-turn
lookahead valued by :func:`shipyard_tui.games.shipyard.bots.strong.evaluate`) or in the strong bot
itself with a fixed number of rollouts per decision (``--bot strong --rollouts N``:
deterministic, so every weight vector is judged on exactly the same games but for
its own choices). Every weight vector plays the same seeds (common random numbers);
a change is kept when it raises the mean. Run with ``nice``:

    nice .venv/bin/python scripts/tune_strong.py --games 60 --rounds 2
    nice .venv/bin/python scripts/tune_strong.py --bot strong --rollouts 16 --games 20
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots.planner import PlannerBot
from shipyard_tui.games.shipyard.bots.strong import StrongBot, Weights, evaluate
from shipyard_tui.games.shipyard.rules import Game, GameState
from shipyard_tui.simulate import simulation_config

SCALAR = ("yard_tile", "piece", "canal", "employee", "steam", "commodity", "guilder")


class ProxyBot(PlannerBot):
    """The planner, valuing positions with the strong bot's evaluation."""

    def __init__(self, seed: int, weights: Weights) -> None:
        super().__init__(seed)
        self.weights = weights

    def value(self, state: GameState, seat_index: int) -> float:
        return evaluate(state, seat_index, self.weights)


def solo_mean(weights: Weights, games: int, seed: int, rollouts: int | None = None) -> float:
    """The mean solo score over seeds ``seed`` … ``seed + games - 1``: of the proxy, or
    of the strong bot with ``rollouts`` rollouts per searched decision."""
    scores = []
    for k in range(games):
        game = Game(simulation_config(3, seed + k, solo=True, level="planner"))
        bot: PlannerBot | StrongBot
        if rollouts is None:
            bot = ProxyBot(seed + k, weights)
        else:
            bot = StrongBot(seed + k, budget_ms=None, rollouts=rollouts, weights=weights)
        SeatDriver({0: bot}).play_out(game)
        scores.append(game.state.seats[0].score)
    return statistics.mean(scores)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--bot", choices=("proxy", "strong"), default="proxy")
    parser.add_argument("--rollouts", type=int, default=16,
                        help="rollouts per searched decision with --bot strong")
    args = parser.parse_args(argv)
    rollouts = args.rollouts if args.bot == "strong" else None
    best = Weights()
    best_score = solo_mean(best, args.games, args.seed, rollouts)
    print(f"start: {best_score:.2f}", flush=True)
    step = 0.5
    for _ in range(args.rounds):
        for name in SCALAR:
            for factor in (1 + step, 1 - step):
                trial = dataclasses.replace(best, **{name: getattr(best, name) * factor})
                score = solo_mean(trial, args.games, args.seed, rollouts)
                print(f"{name} x{factor:.2f}: {score:.2f}", flush=True)
                if score > best_score:
                    best, best_score = trial, score
                    print(f"  kept: {best_score:.2f}", flush=True)
                    break
        step /= 2
    print(json.dumps({"mean": best_score, "weights": dataclasses.asdict(best)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
