"""Tune the greedy bot's valuations by solo self-play (coordinate search on paired seeds).

A greedy solo game takes about 20 ms, so every candidate tuning
(:class:`~shipyard_tui.games.shipyard.bots.greedy.GreedyTuning`) plays the same 1,000 seeds and is
judged by its paired difference from the current best: a knob moves one step up or
down when that raises the mean by more than ``--accept`` points. Two processes share
the work. The tuning found is then checked on seeds it never saw (``--check``):

    nice .venv/bin/python scripts/tune_greedy.py --rounds 2
    nice .venv/bin/python scripts/tune_greedy.py --check --seeds 1001-2000

The result is :data:`shipyard_tui.games.shipyard.bots.greedy.TUNED`, which the planner plays with;
docs/performance.md has what it measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots.greedy import TUNED, GreedyBot, GreedyTuning
from shipyard_tui.games.shipyard.rules import Action, Game
from shipyard_tui.simulate import simulation_config

STEPS: dict[str, float] = {"employee": 0.3, "contracts": 0.3, "piece": 0.2, "tile": 0.25}
"""The scaling knobs and their steps; each action's bias moves by :data:`BIAS_STEP`."""

BIAS_STEP = 1.0
ACTIONS = (Action.BUILD, Action.CANAL, Action.EQUIPMENT, Action.CREW, Action.HIRE,
           Action.PURCHASE, Action.EXCHANGE)


def solo_scores(tuning: GreedyTuning, seeds: Iterable[int]) -> dict[int, int]:
    """The greedy bot's solo score on each seed."""
    scores = {}
    for seed in seeds:
        game = Game(simulation_config(3, seed, solo=True, level="greedy"))
        SeatDriver({0: GreedyBot(seed, tuning)}).play_out(game)
        scores[seed] = game.state.seats[0].score
    return scores


def paired(base: dict[int, int], other: dict[int, int]) -> tuple[float, float]:
    """The mean paired difference ``other - base`` and its 95 % half-width."""
    diff = [other[s] - base[s] for s in base]
    return statistics.mean(diff), 1.96 * statistics.stdev(diff) / len(diff) ** 0.5


def neighbours(t: GreedyTuning, knob: str) -> list[GreedyTuning]:
    """The tunings one step up and one step down on ``knob``."""
    if knob in STEPS:
        value = getattr(t, knob)
        return [dataclasses.replace(t, **{knob: round(value + sign * STEPS[knob], 3)})
                for sign in (1, -1)]
    action = Action[knob]
    bias = t.action_bias.get(action, 0.0)
    return [dataclasses.replace(t, action_bias={**t.action_bias,
                                                action: bias + sign * BIAS_STEP})
            for sign in (1, -1)]


def describe(t: GreedyTuning) -> str:
    biases = ", ".join(f"{a.name}: {b:+g}" for a, b in t.action_bias.items() if b)
    return (f"employee={t.employee:g} contracts={t.contracts:g} piece={t.piece:g} "
            f"tile={t.tile:g} bias={{{biases}}}")


def _scores(job: tuple[GreedyTuning, range]) -> dict[int, int]:
    return solo_scores(*job)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-1000", help="first-last")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--accept", type=float, default=0.4,
                        help="the least mean gain that moves a knob (points)")
    parser.add_argument("--from-tuned", action="store_true",
                        help="start from greedy.TUNED instead of the untuned valuations")
    parser.add_argument("--check", action="store_true",
                        help="only compare greedy.TUNED with the untuned valuations")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    seeds = range(first, last + 1)
    untuned = GreedyTuning()
    current = TUNED if args.from_tuned else untuned
    with ProcessPoolExecutor(2) as pool:
        if args.check:
            before, after = pool.map(_scores, [(untuned, seeds), (TUNED, seeds)])
            gain, half = paired(before, after)
            print(f"{len(seeds)} seeds: untuned {statistics.mean(before.values()):.2f}, "
                  f"tuned {statistics.mean(after.values()):.2f}, "
                  f"difference {gain:+.2f} ± {half:.2f} (95 %)")
            return 0
        best = solo_scores(current, seeds)
        print(f"start {describe(current)}: {statistics.mean(best.values()):.2f}", flush=True)
        for _ in range(args.rounds):
            for knob in [*STEPS, *(a.name for a in ACTIONS)]:
                candidates = neighbours(current, knob)
                for tuning, scores in zip(candidates,
                                          pool.map(_scores, [(c, seeds) for c in candidates]),
                                          strict=True):
                    gain, half = paired(best, scores)
                    print(f"  {describe(tuning)}: {gain:+.2f} ± {half:.2f}", flush=True)
                    if gain > args.accept:
                        current, best = tuning, scores
                        print(f"kept: {statistics.mean(best.values()):.2f}", flush=True)
                        break
    print(f"final {describe(current)}: {statistics.mean(best.values()):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
