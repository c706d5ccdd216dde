"""CPU time of the autosave after every move, against the irreducible part (issue 39).

    nice -n 19 .venv/bin/python benchmarks/autosave.py --rounds 4

A seeded 2-seat game (Shipyard, then Nauticus) is built move by move from random
legal moves; after every move the game is autosaved exactly as the app does it
(``GameFile.save``: lock the lease, check that no other session took the game over or
wrote a newer save, encode with its checksum, temporary file, fsync, backup, rename,
sync the folder, update the lease). The anchor, timed on the same move, is the part no
autosave can do without: ``json.dumps`` of the same game's dict (built outside the
timing) and one write and fsync of those bytes. Within a round the two alternate
which goes first from move to move, and each round starts the other way round; CPU
time is ``time.process_time`` (this process, user and system). The figure that
matters is the ratio autosave / anchor of each round, then its median over rounds.

With ``--app`` the app's own step after a move is timed too
(``ShipyardApp._autosave_game``: ``GameFile.save`` and the line on the table that says
what is unsaved), in a Textual app under ``run_test`` holding a 2-seat Shipyard game,
on its first position again and again (``--app-saves`` times), against the same anchor.

For the code before a change, put its ``src`` first on the path:
``PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/autosave.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import shipyard_tui
from shipyard_tui import games, paths
from shipyard_tui.saves import GameFile, SaveStore
from shipyard_tui.simulate import simulation_config


def anchor_write(path: Path, body: dict[str, Any]) -> None:
    """The irreducible part of an autosave: the game as JSON, written and synced."""
    data = json.dumps(body, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def one_round(game_name: str, seed: int, first: int, folder: Path) -> tuple[float, float, int]:
    """CPU seconds of every autosave and every anchor of one game, and its moves."""
    config = simulation_config(2, seed, game=game_name)
    game = games.kind(game_name).new_game(config)
    store = SaveStore(folder / "saves", folder / "finished", folder / "trash")
    game_file = GameFile(store, f"bench-{seed}")
    game_file.claim()
    anchor = folder / "anchor.json"
    rng = random.Random(seed)
    saves = anchors = 0.0
    while True:
        game.push(rng.choice(game.legal_moves()))
        if game.is_over:
            break
        body = game.to_json()
        for turn in ((0, 1) if (len(game.moves) + first) % 2 else (1, 0)):
            start = time.process_time()
            if turn == 0:
                game_file.save(game)
                saves += time.process_time() - start
            else:
                anchor_write(anchor, body)
                anchors += time.process_time() - start
    return saves, anchors, len(game.moves) - 1


async def app_round(saves: int, first: int, folder: Path) -> tuple[float, float]:
    """CPU seconds of the app's autosave step and of the anchor, ``saves`` of each."""
    os.environ[paths.DATA_ENV] = str(folder / "data")
    os.environ[paths.CONFIG_ENV] = str(folder / "config")
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
    from shipyard_tui.ui.app import ShipyardApp

    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                        seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    spent = [0.0, 0.0]
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.pause()
        game = app.playing
        assert game is not None and app.game_file is not None
        body = game.to_json()
        for k in range(saves):
            for turn in ((0, 1) if (k + first) % 2 else (1, 0)):
                start = time.process_time()
                if turn == 0:
                    app._autosave_game(game)
                else:
                    anchor_write(folder / "anchor.json", body)
                spent[turn] += time.process_time() - start
        assert app.game_file.problem == ""
    return spent[0], spent[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--app", action="store_true",
                        help="also time the app's autosave step (ShipyardApp._autosave_game)")
    parser.add_argument("--app-saves", type=int, default=200)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to write (a real disk: fsync on tmpfs costs nothing)")
    args = parser.parse_args(argv)
    print(f"code: {Path(shipyard_tui.__file__).parent}")
    for game_name in ("shipyard", "nauticus"):
        ratios: list[float] = []
        per_save: list[float] = []
        per_anchor: list[float] = []
        for r in range(args.rounds):
            with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
                saves, anchors, moves = one_round(game_name, args.seed, r % 2, Path(tmp))
            ratios.append(saves / anchors)
            per_save.append(saves / moves * 1e6)
            per_anchor.append(anchors / moves * 1e6)
            print(f"  {game_name} round {r + 1}: {moves} saves, autosave "
                  f"{per_save[-1]:.0f} us, anchor {per_anchor[-1]:.0f} us CPU per move, "
                  f"ratio {ratios[-1]:.2f}", flush=True)
        print(summary(game_name, "autosave", per_save, per_anchor, ratios), flush=True)
    if args.app:
        ratios, per_save, per_anchor = [], [], []
        for r in range(args.rounds):
            with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
                saves, anchors = asyncio.run(app_round(args.app_saves, r % 2, Path(tmp)))
            ratios.append(saves / anchors)
            per_save.append(saves / args.app_saves * 1e6)
            per_anchor.append(anchors / args.app_saves * 1e6)
            print(f"  app round {r + 1}: {args.app_saves} saves, autosave step "
                  f"{per_save[-1]:.0f} us, anchor {per_anchor[-1]:.0f} us CPU per move, "
                  f"ratio {ratios[-1]:.2f}", flush=True)
        print(summary("app", "autosave step", per_save, per_anchor, ratios), flush=True)
    return 0


def summary(name: str, what: str, per_save: list[float], per_anchor: list[float],
            ratios: list[float]) -> str:
    """The medians of the rounds, in one line."""
    return (f"{name}: {what} {statistics.median(per_save):.0f} us, anchor "
            f"{statistics.median(per_anchor):.0f} us CPU per move (medians); "
            f"{what} / anchor median {statistics.median(ratios):.2f} "
            f"(rounds {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    sys.exit(main())
