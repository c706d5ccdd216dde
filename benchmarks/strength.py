"""Solo scores and decision times of a bot level, one JSON line per game.

Each game puts one bot in the player's seat against the two automa; every call
of ``choose`` is timed in processor time of the process (``time.process_time``),
so other programs on the machine do not count. Run on one core, e.g.:

    nice taskset -c 0 .venv/bin/python benchmarks/strength.py strong --games 200 --seed 1

and summarise the lines with ``--summary FILE``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.bots.strong import SEARCHED_STEPS
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.simulate import simulation_config


def play(level: str, seed: int, budget_ms: float | None) -> dict[str, object]:
    game = Game(simulation_config(3, seed, solo=True, level=level))
    driver = SeatDriver({0: bot_for_level(level, seed, budget_ms)})
    times: list[float] = []
    searched: list[float] = []
    while not game.is_over:
        step = game.state.turn.step
        several = len(game.legal_moves()) > 1
        decision = driver.decision(game)
        assert decision is not None
        start = time.process_time()
        move = decision.decide()
        spent = time.process_time() - start
        times.append(spent)
        if several and step in SEARCHED_STEPS:
            searched.append(spent)
        game.push(move)
    return {"seed": seed, "score": game.state.seats[0].score,
            "times_ms": [round(t * 1000, 2) for t in times],
            "searched_ms": [round(t * 1000, 2) for t in searched]}


def summary(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        games = [json.loads(line) for line in handle if line.strip()]
    scores = [g["score"] for g in games]
    times = [t for g in games for t in g["times_ms"]]
    searched = [t for g in games for t in g["searched_ms"]]
    mean = statistics.mean(scores)
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0

    def pct(values: list[float], q: int) -> float:
        return statistics.quantiles(values, n=100, method="inclusive")[q - 1]

    lines = [f"{len(games)} solo games: mean {mean:.1f} ± {half:.1f} (95%), median "
             f"{statistics.median(scores)}, min {min(scores)}, max {max(scores)}, "
             f">= 60: {sum(s >= 60 for s in scores)}, >= 80: {sum(s >= 80 for s in scores)}, "
             f">= 95: {sum(s >= 95 for s in scores)}",
             f"every decision ({len(times)}): median {statistics.median(times):.2f} ms, "
             f"p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms"]
    if len(searched) > 1:
        lines.append(f"searched decisions ({len(searched)}): median "
                     f"{statistics.median(searched):.1f} ms, p95 {pct(searched, 95):.1f} ms, "
                     f"max {max(searched):.1f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", nargs="?", default="strong")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, help="strong level's budget in ms")
    parser.add_argument("--summary", metavar="FILE", help="summarise a file of results")
    args = parser.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return 0
    for k in range(args.games):
        print(json.dumps(play(args.level, args.seed + k, args.budget)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
