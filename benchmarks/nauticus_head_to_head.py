"""Two Nauticus bot levels against each other in 2-seat games, seats alternating.

    nice .venv/bin/python benchmarks/nauticus_head_to_head.py greedy random --games 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import bot_for_level, play_out

FIRST_SEED = 7000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    wins = {args.first: 0, args.second: 0}
    shared = 0
    margins = []
    scores: dict[str, list[int]] = {args.first: [], args.second: []}
    for k in range(args.games):
        seed = FIRST_SEED + k
        levels = [args.first, args.second] if k % 2 == 0 else [args.second, args.first]
        seats = tuple(SeatConfig(f"{lv} {i}", SeatKind.BOT, lv) for i, lv in enumerate(levels))
        game = NauticusGame(NauticusConfig(seats, seed=seed))
        bots = {i: bot_for_level(lv, seed * 31 + i) for i, lv in enumerate(levels)}
        outcome = play_out(game, bots).outcome()
        assert outcome is not None
        if outcome.shared:
            shared += 1
        else:
            wins[levels[outcome.winners[0]]] += 1
        first = outcome.scores[levels.index(args.first)]
        second = outcome.scores[levels.index(args.second)]
        scores[args.first].append(first)
        scores[args.second].append(second)
        margins.append(first - second)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games (2 seats, seats alternating, seeds {FIRST_SEED}-"
          f"{FIRST_SEED + args.games - 1}) in {elapsed:.1f} s")
    for level in (args.first, args.second):
        print(f"  {level}: {wins[level]} wins, mean score {statistics.mean(scores[level]):.1f}, "
              f"median {statistics.median(scores[level]):.0f}")
    print(f"  shared {shared}; mean margin ({args.first} - {args.second}) "
          f"{statistics.mean(margins):+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
