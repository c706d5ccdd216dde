"""``shipyard simulate`` as a person runs it, against a lean python-chess loop (issue 39).

Each round starts fresh processes, one after the other, alternating which goes first:

* ``shipyard simulate --players 4 --games 60 --bots random --json`` (and the same with
  ``--game nauticus``): the moves it reports over the process's wall time, start-up and
  imports included, through the path the program really runs (the seat driver, the
  bots, the JSON lines);
* a fresh Python that imports python-chess and plays 60 random games, its legal moves
  generated once per ply (the loop of ``benchmarks/playouts.py``): plies over wall time;
* start-up: ``shipyard --version``, ``shipyard simulate --games 1``, and the anchor
  ``python -c pass`` plus a Python that imports the rules.

The figures that matter are the ratios, each taken within one round, then the median
over rounds. Run on one core so that the processes do not share one::

    taskset -c 0 .venv/bin/python benchmarks/simulate_cli.py --rounds 3

For the code before a change, put its ``src`` first on the path (the child processes
inherit it): ``PYTHONPATH=/tmp/old/src taskset -c 0 .venv/bin/python ...``.

python-chess is a benchmark-only dependency (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

CHESS = """
import random, sys, chess
plies = 0
for seed in range({games}):
    rng = random.Random(seed)
    board = chess.Board()
    while True:
        moves = list(board.legal_moves)
        if (not moves or board.is_insufficient_material() or board.halfmove_clock >= 150
                or board.is_fivefold_repetition()):
            break
        board.push(rng.choice(moves))
    plies += board.ply()
print(plies)
"""

SHIPYARD = [sys.executable, "-m", "shipyard_tui.cli"]


def timed(args: list[str]) -> tuple[float, str]:
    """Wall seconds of a fresh process, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def simulate_rate(games: int, game: str) -> float:
    """Moves per second of ``shipyard simulate`` in a fresh process."""
    seconds, out = timed([*SHIPYARD, "simulate", "--game", game, "--players", "4",
                          "--games", str(games), "--seed", "1", "--bots", "random", "--json"])
    moves = sum(json.loads(line)["moves"] for line in out.splitlines() if line.strip())
    return moves / seconds


def chess_rate(games: int) -> float:
    seconds, out = timed([sys.executable, "-c", CHESS.format(games=games)])
    return int(out) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {"shipyard": [], "nauticus": [], "version": [],
                                      "simulate1": []}
    rates: dict[str, list[float]] = {"shipyard": [], "nauticus": [], "chess": []}
    for r in range(args.rounds):
        order = ["chess", "shipyard", "nauticus"]
        if r % 2:
            order.reverse()
        got = {}
        for name in order:
            got[name] = (chess_rate(args.games) if name == "chess"
                         else simulate_rate(args.games, name))
            rates[name].append(got[name])
        for name in ("shipyard", "nauticus"):
            ratios[name].append(got[name] / got["chess"])
        bare = timed([sys.executable, "-c", "pass"])[0]
        rules = timed([sys.executable, "-c", "import shipyard_tui.games.shipyard.rules"])[0]
        version = timed([*SHIPYARD, "--version"])[0]
        one = timed([*SHIPYARD, "simulate", "--players", "4", "--games", "1", "--seed", "1",
                     "--bots", "random", "--json"])[0]
        anchor = bare + rules
        ratios["version"].append(version / anchor)
        ratios["simulate1"].append(one / anchor)
        print(f"round {r + 1}: chess {got['chess']:,.0f} plies/s, shipyard "
              f"{got['shipyard']:,.0f} moves/s ({ratios['shipyard'][-1]:.2f}x), nauticus "
              f"{got['nauticus']:,.0f} ({ratios['nauticus'][-1]:.2f}x); anchor "
              f"{anchor * 1000:.0f} ms (pass {bare * 1000:.0f} + rules {rules * 1000:.0f}), "
              f"--version {version * 1000:.0f} ms, simulate --games 1 {one * 1000:.0f} ms",
              flush=True)
    print("medians: " + ", ".join(f"{k} {statistics.median(v):.2f}x"
                                  for k, v in ratios.items()))


if __name__ == "__main__":
    main()
