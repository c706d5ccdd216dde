"""CPU to open the app on a game, as most interface tests do (issue 39): start
``ShipyardApp`` headless on a seeded 2-seat game (a person against the sensible bot),
let it settle, press one key (a board panel), settle, and close it.

The anchor, in the same process and alternating rounds, is a bare Textual app with one
text widget started, settled, pressed and closed the same way: the part no program can
avoid. Run the old code's ``src`` first on ``PYTHONPATH`` to compare two commits::

    .venv/bin/python benchmarks/app_start.py --rounds 5 --starts 10
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/app_start.py --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


class Anchor(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("anchor")


async def settle(pilot: Pilot[None]) -> None:
    from support import settle as settle_app

    await settle_app(pilot)


async def start_ours() -> None:
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
    from shipyard_tui.ui.app import ShipyardApp

    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "planner")),
                        seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)


async def start_anchor() -> None:
    app = Anchor()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)


def headless_setup() -> None:
    """What a benchmark of the headless app sets first (``panel_keys.py`` too): no
    guided notes, saves and settings in folders of their own; and it says which code
    it measures (``PYTHONPATH`` may name another commit's)."""
    os.environ["SHIPYARD_GUIDANCE"] = "off"
    os.environ["SHIPYARD_DATA_DIR"] = tempfile.mkdtemp()
    os.environ["SHIPYARD_CONFIG_DIR"] = tempfile.mkdtemp()
    import shipyard_tui

    print(f"code: {Path(shipyard_tui.__file__).parent}")


def cpu_per_start(start: object, starts: int) -> float:
    begin = time.process_time()
    for _ in range(starts):
        asyncio.run(start())  # type: ignore[operator]
    return (time.process_time() - begin) / starts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--starts", type=int, default=10)
    args = parser.parse_args()
    headless_setup()
    cpu_per_start(start_ours, 1)  # imports and first-use caches: not counted
    cpu_per_start(start_anchor, 1)
    ratios = []
    for round_ in range(args.rounds):
        ours = cpu_per_start(start_ours, args.starts)
        anchor = cpu_per_start(start_anchor, args.starts)
        ratios.append(ours / anchor)
        print(f"round {round_ + 1}: ours {ours * 1000:.0f} ms, anchor {anchor * 1000:.0f} ms "
              f"of CPU a start: {ours / anchor:.2f}x")
    print(f"median {statistics.median(ratios):.2f}x the anchor")


if __name__ == "__main__":
    main()
