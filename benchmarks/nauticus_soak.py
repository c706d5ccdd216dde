"""Soak test of the Nauticus engine: many complete random games, checked after every move.

    nice .venv/bin/python benchmarks/nauticus_soak.py --games 10000 --workers 1

Games cycle through 2, 3 and 4 seats. After every move the invariants of the property
tests hold (tests/support/nauticus.py: coins and workers never negative, stacks never
below zero, every piece accounted for, builds legal, scores equal to the sum of the
scoring events, a legal move always exists), with a JSON round trip of the state every
``--json-every`` moves; at the end the saved game is read back by replaying its moves
and must match. Any failure is printed with the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
import traceback
from collections import Counter
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from shipyard_tui.games.nauticus import NauticusGame
from support.nauticus import Invariants, random_game

SEAT_COUNTS = (2, 3, 4)
FIRST_SEED = 500_000
JSON_EVERY = 10


def play_one(json_every: int, index: int) -> tuple[int, int, int, list[int], int, str | None]:
    players = SEAT_COUNTS[index % len(SEAT_COUNTS)]
    seed = FIRST_SEED + index
    try:
        game = random_game(players, seed, check=Invariants(json_every))
        data = json.loads(json.dumps(game.to_json(with_events=True)))
        again = NauticusGame.from_json(data)
        assert again.state.to_dict() == game.state.to_dict() and again.events == game.events
        outcome = game.outcome()
        assert outcome is not None
        return index, players, len(game.moves), list(outcome.scores), len(outcome.winners), None
    except Exception:
        return index, players, 0, [], 0, traceback.format_exc()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json-every", type=int, default=JSON_EVERY)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    failures = []
    moves: dict[int, list[int]] = {}
    scores: dict[int, list[int]] = {}
    shared: Counter[int] = Counter()
    with multiprocessing.Pool(args.workers) as pool:
        for index, players, n, seat_scores, winners, error in pool.imap_unordered(
                partial(play_one, args.json_every), range(args.games), chunksize=20):
            if error is not None:
                failures.append((index, players, error))
                continue
            moves.setdefault(players, []).append(n)
            scores.setdefault(players, []).extend(seat_scores)
            shared[players] += winners > 1
    elapsed = time.perf_counter() - start
    print(f"{args.games} games in {elapsed:.0f} s with {args.workers} worker(s); "
          f"JSON round trip every {args.json_every} moves; {len(failures)} failures")
    for players in SEAT_COUNTS:
        if players in moves:
            print(f"  {players} seats: {len(moves[players])} games, median "
                  f"{statistics.median(moves[players]):.0f} moves (max {max(moves[players])}), "
                  f"seat scores median {statistics.median(scores[players]):.0f} "
                  f"(min {min(scores[players])}, max {max(scores[players])}), "
                  f"shared victories {shared[players]}")
    for index, players, error in failures[:5]:
        print(f"--- game {index} ({players} seats, seed {FIRST_SEED + index}) failed:\n{error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
