"""Soak test of the classic rules: many complete random classic games, with the shared
and the classic invariants checked after every move.

    .venv/bin/python benchmarks/classic_soak.py --games 10000 --workers 2 [--minutes M]

With ``--minutes`` the soak stops taking new games after that long and reports the
games it finished (on a shared machine the whole run may not fit a session).

Games cycle through 2, 3 and 4 seats; every other game uses the first-game employee
arrangement (RC-2.2). The invariants are those of tests/support/invariants.py (``check_classic``:
the ring order and the push, the countdown only going down, no guilders on cards,
contracts by colour, yards of 9 cells, no stokers). At the end every seat holds one
green and one blue contract and all seats had the same number of turns; a game ended by
the countdown had 23 regular turns per seat (RC-3.8). Any failure is printed with the
seed that reproduces it.
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

from support.invariants import classic_random_game

SEATS = (2, 3, 4)
FIRST_SEED = 200_000


def play_one(index: int) -> tuple[int, int, str | None, int, str | None]:
    players = SEATS[index % len(SEATS)]
    seed = FIRST_SEED + index
    try:
        game = classic_random_game(players, seed)
        state = game.state
        if state.end_trigger == "countdown":
            firsts = 2 if players == 2 else 1
            assert {s.turns for s in state.seats} == {23 + firsts}, [s.turns for s in state.seats]
        return index, players, state.end_trigger, len(game.moves), None
    except Exception:
        return index, players, None, 0, traceback.format_exc()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this long and report the games finished")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    failures = []
    ends: Counter[tuple[int, str | None]] = Counter()
    moves: dict[int, list[int]] = {}
    deadline = None if args.minutes is None else start + 60 * args.minutes
    done = 0
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.imap(play_one, range(args.games), chunksize=10)
        for index, players, end, n, error in results:
            done += 1
            if error is not None:
                failures.append((index, players, error))
            else:
                ends[(players, end)] += 1
                moves.setdefault(players, []).append(n)
            if done % 500 == 0:
                print(f"  ... {done} games, {len(failures)} failures", flush=True)
            if deadline is not None and time.perf_counter() > deadline:
                pool.terminate()
                break
    elapsed = time.perf_counter() - start
    print(f"{done} of {args.games} classic games (seeds {FIRST_SEED} to "
          f"{FIRST_SEED + done - 1}) in {elapsed:.0f} s with {args.workers} workers; "
          f"{len(failures)} failures", flush=True)
    for players in SEATS:
        counts = ", ".join(f"{end}: {n}" for (k, end), n in sorted(ends.items(), key=str)
                           if k == players)
        if players in moves:
            median = statistics.median(moves[players])
            print(f"  {players} seats: {len(moves[players])} games, median {median:.0f} moves; "
                  f"ends by {counts}")
    for index, players, error in failures[:5]:
        print(f"--- game {index} ({players} seats, seed {FIRST_SEED + index}) failed:\n{error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
