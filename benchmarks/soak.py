"""Soak test: many complete random games, with the invariants checked after every move.

    .venv/bin/python benchmarks/soak.py --games 10000 --workers 2

Games cycle through 2, 3 and 4 seats and the solo game, with the standard,
advanced and first-game options. The invariants are those of the property tests
(tests/support/invariants.py). Any failure is printed with the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.invariants import check_final, check_invariants, random_config, random_game

KINDS = (2, 3, 4, "solo")


def play_one(index: int) -> tuple[int, str, str | None, int, str | None]:
    kind = KINDS[index % len(KINDS)]
    seed = 100_000 + index
    try:
        if kind == "solo":
            config = random_config(3, seed, solo=True)
        else:
            config = random_config(int(kind), seed)
        game = random_game(config, seed, check=check_invariants)
        check_final(game)
        return index, str(kind), game.state.end_trigger, len(game.moves), None
    except Exception:
        return index, str(kind), None, 0, traceback.format_exc()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    failures = []
    ends: Counter[tuple[str, str | None]] = Counter()
    moves: dict[str, list[int]] = {}
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.imap_unordered(play_one, range(args.games), chunksize=20)
        for index, kind, end, n, error in results:
            if error is not None:
                failures.append((index, kind, error))
                continue
            ends[(kind, end)] += 1
            moves.setdefault(kind, []).append(n)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games in {elapsed:.0f} s with {args.workers} workers; "
          f"{len(failures)} failures")
    for kind in map(str, KINDS):
        counts = ", ".join(f"{end}: {n}" for (k, end), n in sorted(ends.items(), key=str)
                           if k == kind)
        if kind in moves:
            median = statistics.median(moves[kind])
            print(f"  {kind:>4}: {len(moves[kind])} games, median {median:.0f} moves; "
                  f"ends by {counts}")
    for index, kind, error in failures[:5]:
        print(f"--- game {index} ({kind}, seed {100_000 + index}) failed:\n{error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
