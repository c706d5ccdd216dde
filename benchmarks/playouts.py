"""Random-playout speed of the rules engine, side by side with python-chess.

Both engines play uniformly random legal moves to the end of the game, in
alternating rounds of the same length so that a change in machine load hits both
alike. Run on one core:

    taskset -c 0 .venv/bin/python benchmarks/playouts.py --rounds 6 --seconds 5

python-chess is a benchmark-only dependency (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from shipyard_tui.rules import Game, GameConfig, SeatConfig, SeatKind


def shipyard_round(seconds: float, seats: int, first_seed: int) -> tuple[int, list[float], int]:
    """Play random games for ``seconds``; return moves, per-game times and the next seed."""
    moves = 0
    times = []
    seed = first_seed
    deadline = time.perf_counter() + seconds
    config_seats = tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(seats))
    while time.perf_counter() < deadline:
        rng = random.Random(seed)
        start = time.perf_counter()
        game = Game(GameConfig(config_seats, seed=seed))
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
        times.append(time.perf_counter() - start)
        moves += len(game.moves)
        seed += 1
    return moves, times, seed


def chess_round(seconds: float, first_seed: int) -> tuple[int, list[float], int]:
    import chess

    plies = 0
    times = []
    seed = first_seed
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        rng = random.Random(seed)
        start = time.perf_counter()
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        times.append(time.perf_counter() - start)
        plies += board.ply()
        seed += 1
    return plies, times, seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per round per engine")
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    try:
        import chess
    except ImportError:
        print("python-chess is needed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    ours_moves, ours_times = 0, []
    chess_plies, chess_times = 0, []
    seed_ours = seed_chess = 0
    for _ in range(args.rounds):
        m, t, seed_ours = shipyard_round(args.seconds, args.seats, seed_ours)
        ours_moves += m
        ours_times += t
        p, t, seed_chess = chess_round(args.seconds, seed_chess)
        chess_plies += p
        chess_times += t

    ours_time = sum(ours_times)
    chess_time = sum(chess_times)
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"python-chess {chess.__version__}, {args.rounds} rounds x {args.seconds:g} s")
    print(f"shipyard ({args.seats} seats): {len(ours_times)} games, {ours_moves} moves, "
          f"{ours_moves / ours_time:,.0f} moves/s, {len(ours_times) / ours_time:.1f} games/s, "
          f"median game {statistics.median(ours_times) * 1000:.1f} ms, "
          f"{ours_moves / len(ours_times):.0f} moves/game")
    print(f"python-chess: {len(chess_times)} games, {chess_plies} plies, "
          f"{chess_plies / chess_time:,.0f} plies/s, {len(chess_times) / chess_time:.1f} games/s, "
          f"median game {statistics.median(chess_times) * 1000:.1f} ms, "
          f"{chess_plies / len(chess_times):.0f} plies/game")
    ratio = (ours_moves / ours_time) / (chess_plies / chess_time)
    print(f"shipyard moves/s divided by chess plies/s: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
