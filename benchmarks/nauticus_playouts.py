"""Random-playout speed of the Nauticus engine, side by side with python-chess.

Both engines play uniformly random legal moves to the end of the game. Each loop
generates the legal moves once per decision: ours calls ``legal_moves()`` then
``push()``; chess builds ``list(board.legal_moves)``, stops when it is empty or on
insufficient material, the 75-move rule or fivefold repetition, then ``push()``es.

*Warm*: rounds of the same length, alternating between the engines in one process, so
that a change in the machine's load hits both alike. *Cold*: fresh interpreters, one
game each, alternating between the engines: import time and the first game's speed.

    nice .venv/bin/python benchmarks/nauticus_playouts.py --rounds 6 --seconds 5 --cold 8

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


def nauticus_game(seed: int, seats: int) -> int:
    from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig

    rng = random.Random(seed)
    game = NauticusGame(NauticusConfig(tuple(SeatConfig(f"P{i}") for i in range(seats)),
                                       seed=seed))
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return len(game.moves)


def chess_game(seed: int) -> int:
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    while True:
        moves = list(board.legal_moves)
        if (not moves or board.is_insufficient_material() or board.is_seventyfive_moves()
                or board.is_fivefold_repetition()):
            return board.ply()
        board.push(rng.choice(moves))


def timed_round(play: object, seconds: float, first_seed: int) -> tuple[int, list[float], int]:
    """Play games for ``seconds``; return moves, per-game times and the next seed."""
    assert callable(play)
    moves = 0
    times = []
    seed = first_seed
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        moves += play(seed)
        times.append(time.perf_counter() - start)
        seed += 1
    return moves, times, seed


def one_cold_game(engine: str, seed: int, seats: int) -> None:
    """In a fresh interpreter: time the import and the first game; print JSON."""
    start = time.perf_counter()
    if engine == "nauticus":
        import shipyard_tui.games.nauticus  # noqa: F401
    else:
        import chess  # noqa: F401
    imported = time.perf_counter()
    moves = nauticus_game(seed, seats) if engine == "nauticus" else chess_game(seed)
    done = time.perf_counter()
    print(json.dumps({"import": imported - start, "game": done - imported, "moves": moves}))


def cold_runs(count: int, seats: int) -> dict[str, list[dict[str, float]]]:
    runs: dict[str, list[dict[str, float]]] = {"nauticus": [], "chess": []}
    for i in range(count):
        for engine in ("nauticus", "chess"):
            out = subprocess.run([sys.executable, __file__, "--one", engine, "--seed", str(i),
                                  "--seats", str(seats)], capture_output=True, text=True,
                                 check=True).stdout
            runs[engine].append(json.loads(out))
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per round per engine")
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--cold", type=int, default=8, help="fresh interpreters per engine")
    parser.add_argument("--one", choices=("nauticus", "chess"), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        one_cold_game(args.one, args.seed, args.seats)
        return 0
    try:
        import chess
    except ImportError:
        print("python-chess is needed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    ours_moves, ours_times = 0, []
    chess_plies, chess_times = 0, []
    seed_ours = seed_chess = 0
    for _ in range(args.rounds):
        m, t, seed_ours = timed_round(lambda s: nauticus_game(s, args.seats), args.seconds,
                                      seed_ours)
        ours_moves += m
        ours_times += t
        p, t, seed_chess = timed_round(chess_game, args.seconds, seed_chess)
        chess_plies += p
        chess_times += t
    ours_rate = ours_moves / sum(ours_times)
    chess_rate = chess_plies / sum(chess_times)
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"python-chess {chess.__version__}, {args.rounds} rounds x {args.seconds:g} s")
    print(f"warm nauticus ({args.seats} seats): {len(ours_times)} games, {ours_moves} moves, "
          f"{ours_rate:,.0f} moves/s, median game {statistics.median(ours_times) * 1000:.1f} "
          f"ms, {ours_moves / len(ours_times):.0f} moves/game")
    print(f"warm python-chess: {len(chess_times)} games, {chess_plies} plies, "
          f"{chess_rate:,.0f} plies/s, median game {statistics.median(chess_times) * 1000:.1f} "
          f"ms, {chess_plies / len(chess_times):.0f} plies/game")
    print(f"warm ratio, nauticus moves/s over chess plies/s: {ours_rate / chess_rate:.2f}")
    if args.cold:
        runs = cold_runs(args.cold, args.seats)
        rates = {}
        for engine, results in runs.items():
            imports = statistics.median(r["import"] for r in results) * 1000
            rate = sum(r["moves"] for r in results) / sum(r["game"] for r in results)
            rates[engine] = rate
            print(f"cold {engine}: {len(results)} fresh interpreters, median import "
                  f"{imports:.0f} ms, first game {rate:,.0f} moves/s")
        print(f"cold ratio, nauticus over chess: {rates['nauticus'] / rates['chess']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
