"""Autosave time per move and load time of a finished game.

    .venv/bin/python benchmarks/saves.py --games 5

Plays greedy-bot games for 4 seats, autosaving after every move exactly as the app
does (the game's one writer: lock its lease, check that no other session took the game
or wrote a newer save, then encode, write to a temporary file, flush, fsync, keep the
backup, rename, sync the folder, update the lease), then loads each finished game the
way ``shipyard load`` does (read, checksum, replay every move, compare with the
snapshot). The bare write without the one-writer checks is the anchor, measured on
the same move in alternating order.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from shipyard_tui.games.shipyard.bots import driver_for
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.saves import GameFile, SaveStore, load
from shipyard_tui.simulate import simulation_config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    saves_ms: list[float] = []
    bare_ms: list[float] = []
    loads_ms: list[float] = []
    sizes: list[int] = []
    moves: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SaveStore(Path(tmp) / "saves", Path(tmp) / "finished")
        anchor = SaveStore(Path(tmp) / "anchor", Path(tmp) / "anchor-finished")
        for k in range(args.games):
            config = simulation_config(args.players, 500 + k, level="greedy")
            game = Game(config)
            driver = driver_for(config)
            game_file = GameFile(store, f"bench-{k}")
            game_file.claim()
            while not game.is_over:
                driver.play_bots(game, max_moves=1)
                for turn in ((0, 1) if len(game.moves) % 2 else (1, 0)):
                    start = time.perf_counter()
                    if turn == 0:
                        path = game_file.save(game)
                        saves_ms.append((time.perf_counter() - start) * 1000)
                    elif not game.is_over:
                        anchor.autosave(game, f"bench-{k}")
                        bare_ms.append((time.perf_counter() - start) * 1000)
            sizes.append(path.stat().st_size)
            moves.append(len(game.moves))
            start = time.perf_counter()
            loaded = load(path)
            loads_ms.append((time.perf_counter() - start) * 1000)
            assert loaded.game.state.to_dict() == game.state.to_dict()
    saves_ms.sort()
    print(f"{args.games} games of {args.players} seats, {sum(moves)} moves "
          f"({statistics.mean(moves):.0f} per game)")
    print(f"autosave per move: median {statistics.median(saves_ms):.2f} ms, "
          f"95th percentile {saves_ms[int(len(saves_ms) * 0.95)]:.2f} ms, "
          f"max {saves_ms[-1]:.2f} ms")
    print(f"bare write without the one-writer checks (anchor): median "
          f"{statistics.median(bare_ms):.2f} ms; autosave / anchor = "
          f"{statistics.median(saves_ms) / statistics.median(bare_ms):.2f}")
    print(f"finished save size: median {statistics.median(sizes) / 1024:.0f} KiB")
    print(f"load of a finished game (checksum + replay + compare): median "
          f"{statistics.median(loads_ms):.1f} ms, max {max(loads_ms):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
