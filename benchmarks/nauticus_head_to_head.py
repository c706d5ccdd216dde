"""Two Nauticus bot levels against each other in 2-seat games, seats alternating.

    nice .venv/bin/python benchmarks/nauticus_head_to_head.py greedy random --games 100
    nice .venv/bin/python benchmarks/nauticus_head_to_head.py planner greedy --games 200 \
        --seed 20000 --paired

``--paired``: games 2k and 2k+1 share a seed (and the bots' seeds), seats swapped.
Besides wins it prints the first level's win rate with its 95 % Wilson interval (a
shared game counts half) and, per level, the deliveries, crown rewards and goods
rewards per game (``GoodsDelivered`` and ``RewardTaken`` events).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import bot_for_level, play_out
from shipyard_tui.games.nauticus.rules.events import GoodsDelivered, RewardTaken
from shipyard_tui.tournament import wilson_interval

FIRST_SEED = 7000


def count_uses(events: list[object], sides: list[str],
               into: dict[str, dict[str, int]]) -> None:
    """Add each seat's deliveries, crown rewards and goods rewards to its side's counts."""
    for event in events:
        if isinstance(event, GoodsDelivered):
            into[sides[event.seat]]["deliveries"] += 1
        elif isinstance(event, RewardTaken) and event.reward.startswith("crown-"):
            into[sides[event.seat]]["crown rewards"] += 1
        elif isinstance(event, RewardTaken) and event.reward.startswith("goods"):
            into[sides[event.seat]]["goods rewards"] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="first seed")
    parser.add_argument("--paired", action="store_true",
                        help="each seed twice, the seats swapped")
    args = parser.parse_args(argv)
    used = {lv: {"deliveries": 0, "crown rewards": 0, "goods rewards": 0}
            for lv in (args.first, args.second)}
    start = time.perf_counter()
    wins = {args.first: 0, args.second: 0}
    shared = 0
    margins = []
    scores: dict[str, list[int]] = {args.first: [], args.second: []}
    for k in range(args.games):
        seed = args.seed + (k // 2 if args.paired else k)
        levels = [args.first, args.second] if k % 2 == 0 else [args.second, args.first]
        seats = tuple(SeatConfig(f"{lv} {i}", SeatKind.BOT, lv) for i, lv in enumerate(levels))
        game = NauticusGame(NauticusConfig(seats, seed=seed))
        bots = {i: bot_for_level(lv, seed * 31 + i) for i, lv in enumerate(levels)}
        outcome = play_out(game, bots).outcome()
        assert outcome is not None
        count_uses(game.events, levels, used)
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
    last = args.seed + ((args.games - 1) // 2 if args.paired else args.games - 1)
    print(f"{args.games} games (2 seats, seats alternating, seeds {args.seed}-{last}"
          f"{', each twice' if args.paired else ''}) in {elapsed:.1f} s")
    for level in (args.first, args.second):
        print(f"  {level}: {wins[level]} wins, mean score {statistics.mean(scores[level]):.1f}, "
              f"median {statistics.median(scores[level]):.0f}; per game: " + ", ".join(
                  f"{name} {n / args.games:.2f}" for name, n in used[level].items()))
    low, high = wilson_interval(wins[args.first] + shared / 2, args.games)
    print(f"  {args.first} wins {(wins[args.first] + shared / 2) / args.games:.1%} "
          f"[95 % Wilson {low:.1%}, {high:.1%}]")
    print(f"  shared {shared}; mean margin ({args.first} - {args.second}) "
          f"{statistics.mean(margins):+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
