"""Paired solo trials of the strong level: one variant against another on the same seeds.

Each game puts the strong bot in the player's seat against the two automa; with
``--rollouts`` (and no budget) the bot is deterministic, so two variants differ only by
what the variant changes, and the paired difference of their scores is a clean signal.
A variant is given by evaluation weights (``--weights``, a JSON list in the order of
``shipyard_tui.bots.strong.FEATURES``) and by module settings of the strong bot
(``--set NAME=EXPRESSION``, evaluated in the module, e.g. ``HORIZON_TURNS=3`` or
``progress=lambda s, _p=progress: 1 - (1 - _p(s)) ** 0.5``). One JSON line per game,
with the score and where its points came from; ``--compare A B`` summarises two
files (or glob patterns) seed by seed. Run one process per core:

    PY=.venv/bin/python T=benchmarks/solo_trial.py
    nice taskset -c 0 $PY $T --rollouts 16 --seeds 1-64 > base_a.jsonl
    nice taskset -c 1 $PY $T --rollouts 16 --seeds 65-128 > base_b.jsonl
    nice taskset -c 0 $PY $T --rollouts 16 --seeds 1-64 --set HORIZON_TURNS=3 > h3_a.jsonl
    nice taskset -c 1 $PY $T --rollouts 16 --seeds 65-128 --set HORIZON_TURNS=3 > h3_b.jsonl
    $PY $T --compare 'base_*.jsonl' 'h3_*.jsonl'
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import sys
import time
from typing import Any

import shipyard_tui.bots.greedy as greedy
import shipyard_tui.bots.strong as strong
from shipyard_tui.core import SeatDriver
from shipyard_tui.review import build_review
from shipyard_tui.rules import CATALOG, Action, Game
from shipyard_tui.simulate import simulation_config


def play(seed: int, budget_ms: float | None, rollouts: int | None,
         weights: strong.Weights) -> dict[str, Any]:
    game = Game(simulation_config(3, seed, solo=True, level="strong"))
    bot = strong.StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts, weights=weights)
    start = time.process_time()
    SeatDriver({0: bot}).play_out(game)
    parts: dict[str, int] = {}
    for row in build_review(game).rows:
        key = "contracts" if row.key in CATALOG.contracts else row.key
        parts[key] = parts.get(key, 0) + (row.values[0] or 0)
    seat = game.state.seats[0]
    return {"seed": seed, "score": seat.score, "ships": len(seat.fleet), "parts": parts,
            "cpu_s": round(time.process_time() - start, 2)}


def tuning_from_json(text: str) -> greedy.GreedyTuning:
    """A greedy tuning from JSON: the fields of :class:`GreedyTuning` to change, the
    action biases by action name."""
    fields = json.loads(text)
    if "action_bias" in fields:
        fields["action_bias"] = {Action[name]: float(bias)
                                 for name, bias in fields["action_bias"].items()}
    return greedy.GreedyTuning(**fields)


def scores(pattern: str) -> dict[int, int]:
    found: dict[int, int] = {}
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    game = json.loads(line)
                    found[game["seed"]] = game["score"]
    return found


def compare(base: str, variant: str) -> str:
    a, b = scores(base), scores(variant)
    seeds = sorted(set(a) & set(b))
    if len(seeds) < 2:
        return f"{len(seeds)} seeds in common: nothing to compare"
    diff = [b[s] - a[s] for s in seeds]
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
    return (f"{len(seeds)} paired seeds: {statistics.mean(a[s] for s in seeds):.2f} -> "
            f"{statistics.mean(b[s] for s in seeds):.2f}, difference "
            f"{statistics.mean(diff):+.2f} ± {half:.2f} (95%)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-16", help="first-last")
    parser.add_argument("--rollouts", type=int, help="fixed rollouts per searched decision")
    parser.add_argument("--budget", type=float, help="ms per decision (default 150)")
    parser.add_argument("--weights", help="JSON list of weights in FEATURES order")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=EXPRESSION")
    parser.add_argument("--tuning", metavar="JSON",
                        help="the rollouts' greedy tuning (strong.ROLLOUT_TUNING) as JSON: "
                             'GreedyTuning fields, e.g. {"employee": 1.3, '
                             '"action_bias": {"HIRE": 2}}')
    parser.add_argument("--compare", nargs=2, metavar=("BASE", "VARIANT"))
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(*args.compare))
        return 0
    if args.tuning:
        strong.ROLLOUT_TUNING = tuning_from_json(args.tuning)
    for setting in args.set:
        name, _, expression = setting.partition("=")
        setattr(strong, name, eval(expression, vars(strong)))  # an experiment's knob
    weights = (strong.Weights.from_vector(json.loads(args.weights)) if args.weights
               else strong.Weights())
    budget = None if args.rollouts and args.budget is None else (args.budget or 150.0)
    first, last = (int(x) for x in args.seeds.split("-"))
    for seed in range(first, last + 1):
        print(json.dumps(play(seed, budget, args.rollouts, weights)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
