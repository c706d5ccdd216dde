"""Two bot levels against each other in 2-seat games, seats alternating.

    .venv/bin/python benchmarks/head_to_head.py planner greedy --games 100
"""

from __future__ import annotations

import argparse
import statistics
import sys

from shipyard_tui.games.shipyard.bots import driver_for
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args(argv)
    wins = {args.first: 0, args.second: 0, "shared": 0}
    margins = []
    for k in range(args.games):
        levels = [args.first, args.second] if k % 2 == 0 else [args.second, args.first]
        seats = tuple(SeatConfig(f"S{i}", SeatKind.BOT, lv) for i, lv in enumerate(levels))
        config = GameConfig(seats, seed=args.seed + k)
        game = Game(config)
        driver_for(config).play_out(game)
        outcome = game.outcome()
        assert outcome is not None
        mine = levels.index(args.first)
        margins.append(outcome.scores[mine] - outcome.scores[1 - mine])
        if outcome.shared:
            wins["shared"] += 1
        else:
            wins[levels[outcome.winners[0]]] += 1
    print(f"{args.games} games, 2 seats, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"wins: {wins}")
    print(f"mean margin ({args.first} - {args.second}): {statistics.mean(margins):+.1f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
