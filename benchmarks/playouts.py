"""Random-playout speed of the rules engine, side by side with python-chess.

Both engines play uniformly random legal moves to the end of the game. The
comparison is made fair in two ways:

* the python-chess loop is as lean as ours: legal moves are generated once per ply
  (the game-over test reuses that list instead of generating them again);
* each engine is measured *warm* (many games in one process, caches filled) and
  *cold* (one game in a fresh process, as the app plays it; imports are timed apart).

Warm and cold rounds of both engines alternate, so a change in machine load hits
both alike; the figures that matter are the ratios in the last lines. Run on one core:

    taskset -c 0 .venv/bin/python benchmarks/playouts.py --rounds 6 --seconds 3 --cold 20

python-chess is a benchmark-only dependency (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from typing import Any


def shipyard_game(seed: int, seats: int) -> int:
    """One random game of Shipyard; the number of moves."""
    from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind

    rng = random.Random(seed)
    config = GameConfig(tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(seats)),
                        seed=seed)
    game = Game(config)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return len(game.moves)


def chess_game(seed: int) -> int:
    """One random game of chess, legal moves generated once per ply; the number of plies."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    while True:
        moves = list(board.legal_moves)
        if (not moves or board.is_insufficient_material() or board.halfmove_clock >= 150
                or board.is_fivefold_repetition()):
            return board.ply()
        board.push(rng.choice(moves))


def warm_round(engine: str, seconds: float, seats: int, first_seed: int
               ) -> tuple[int, list[float], int]:
    """Play games for ``seconds``; return moves, per-game times and the next seed."""
    moves = 0
    times = []
    seed = first_seed
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        moves += shipyard_game(seed, seats) if engine == "shipyard" else chess_game(seed)
        times.append(time.perf_counter() - start)
        seed += 1
    return moves, times, seed


def child(engine: str, seed: int, seats: int) -> None:
    """In a fresh process: import the engine, play one game, print the timings."""
    start = time.perf_counter()
    if engine == "shipyard":
        import shipyard_tui.games.shipyard.rules  # noqa: F401
    else:
        import chess  # noqa: F401
    imported = time.perf_counter()
    moves = shipyard_game(seed, seats) if engine == "shipyard" else chess_game(seed)
    done = time.perf_counter()
    print(json.dumps({"moves": moves, "import": imported - start, "game": done - imported}))


def cold_game(engine: str, seed: int, seats: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--child", engine, str(seed), str(seats)],
                         check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def rate(moves: int, times: list[float]) -> float:
    return moves / sum(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds per warm round per engine")
    parser.add_argument("--cold", type=int, default=20,
                        help="fresh-process games per engine (spread over the rounds)")
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--child", nargs=3, metavar=("ENGINE", "SEED", "SEATS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]), int(args.child[2]))
        return 0
    try:
        import chess
    except ImportError:
        print("python-chess is needed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    warm: dict[str, tuple[int, list[float]]] = {"shipyard": (0, []), "chess": (0, [])}
    cold: dict[str, list[dict[str, Any]]] = {"shipyard": [], "chess": []}
    seeds = {"shipyard": 0, "chess": 0}
    cold_per_round = max(1, -(-args.cold // args.rounds))
    cold_seed = 10_000
    for _ in range(args.rounds):
        for engine in ("shipyard", "chess"):
            moves, times, seeds[engine] = warm_round(engine, args.seconds, args.seats,
                                                     seeds[engine])
            warm[engine] = (warm[engine][0] + moves, warm[engine][1] + times)
        for _ in range(cold_per_round):
            for engine in ("shipyard", "chess"):
                cold[engine].append(cold_game(engine, cold_seed, args.seats))
            cold_seed += 1

    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"python-chess {chess.__version__}; {args.rounds} rounds of {args.seconds:g} s warm "
          f"and {cold_per_round} fresh-process game(s) per engine, alternating")
    ratios = {}
    for engine, unit in (("shipyard", "moves"), ("chess", "plies")):
        moves, times = warm[engine]
        games = cold[engine]
        cold_moves = sum(g["moves"] for g in games)
        cold_time = sum(g["game"] for g in games)
        label = f"shipyard ({args.seats} seats)" if engine == "shipyard" else "python-chess"
        print(f"{label}: warm {len(times)} games, {rate(moves, times):,.0f} {unit}/s, "
              f"median game {statistics.median(times) * 1000:.1f} ms, "
              f"{moves / len(times):.0f} {unit}/game; cold {len(games)} games, "
              f"{cold_moves / cold_time:,.0f} {unit}/s, median game "
              f"{statistics.median(g['game'] for g in games) * 1000:.1f} ms, import "
              f"{statistics.median(g['import'] for g in games) * 1000:.0f} ms")
        ratios[engine] = (rate(moves, times), cold_moves / cold_time)
    print(f"warm: shipyard moves/s / chess plies/s = "
          f"{ratios['shipyard'][0] / ratios['chess'][0]:.2f}")
    print(f"cold: shipyard moves/s / chess plies/s = "
          f"{ratios['shipyard'][1] / ratios['chess'][1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
