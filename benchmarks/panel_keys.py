"""CPU a board panel's key costs (issues 36 and 39): at a small terminal each of F2, F3,
F4 shows one panel of the board (Market, Rondels, Yards) in place of another, the key
most players press over SSH while someone else decides.

A headless ``ShipyardApp`` on a seeded 2-seat game (a person against the sensible bot)
presses F2, F3, F4 in turn; the anchor, in the same app and alternating rounds, is a key
bound to nothing (F12) pressed and settled the same way: the pilot's and the event
loop's share, which every key pays. Run the old code's ``src`` first on ``PYTHONPATH``
to compare two commits::

    .venv/bin/python benchmarks/panel_keys.py --rounds 5
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/panel_keys.py --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_start import headless_setup  # the folder of this script


async def measure(size: tuple[int, int], rounds: int, presses: int) -> list[tuple[float, float]]:
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
    from shipyard_tui.ui.app import ShipyardApp
    from support import settle

    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "planner")),
                        seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    results = []
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in ("f2", "f3", "f4"):  # each panel drawn once
            await pilot.press(key)
            await settle(pilot)

        async def cpu(keys: tuple[str, ...]) -> float:
            begin = time.process_time()
            for i in range(presses):
                await pilot.press(keys[i % len(keys)])
                await settle(pilot, 1)
            return (time.process_time() - begin) / presses

        for _ in range(rounds):
            panel = await cpu(("f2", "f3", "f4"))
            unbound = await cpu(("f12",))
            results.append((panel, unbound))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--presses", type=int, default=30)
    args = parser.parse_args()
    headless_setup()
    for size in ((80, 24), (100, 30)):
        rows = asyncio.run(measure(size, args.rounds, args.presses))
        for i, (panel, unbound) in enumerate(rows, 1):
            print(f"{size[0]}x{size[1]} round {i}: panel key {panel * 1000:.1f} ms, "
                  f"unbound key {unbound * 1000:.1f} ms of CPU: {panel / unbound:.2f}x")
        panel_ms = statistics.median(p for p, _ in rows) * 1000
        extra = statistics.median(p - u for p, u in rows) * 1000
        ratio = statistics.median(p / u for p, u in rows)
        print(f"{size[0]}x{size[1]} median: panel key {panel_ms:.1f} ms, "
              f"{extra:.1f} ms more than an unbound key, {ratio:.2f}x it")


if __name__ == "__main__":
    main()
