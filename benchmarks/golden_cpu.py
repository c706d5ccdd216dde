"""The processor time of the golden bot games of one level (``tests/golden_games.py``):
how much a change to a bot costs or saves the suite, the games being the same.

Run each tree's code in turn, alternating, and compare (the hashes printed must match
when the change keeps the games)::

    PYTHONPATH=/path/to/old/src .venv/bin/python benchmarks/golden_cpu.py planner
    .venv/bin/python benchmarks/golden_cpu.py planner
    .venv/bin/python benchmarks/golden_cpu.py strong --game nauticus
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from golden_games import GAMES, NAUTICUS_GAMES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", help="random, greedy, planner or (Nauticus) strong")
    parser.add_argument("--game", choices=("shipyard", "nauticus"), default="shipyard")
    args = parser.parse_args(argv)
    table = GAMES if args.game == "shipyard" else NAUTICUS_GAMES
    games = [g for g in table if g.level == args.level]
    if not games:
        parser.error(f"no golden {args.game} games of level {args.level!r}")
    digest = hashlib.sha256()
    start = time.process_time()
    for game in games:
        digest.update(game.play_hash().encode())
    seconds = time.process_time() - start
    print(f"{args.game} {args.level}: {len(games)} golden games, {seconds:.2f} s of CPU, "
          f"hashes {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
