"""The commands that need no interface load none (issue 39): ``--version``,
``simulate`` and ``tournament`` with random bots import neither Textual nor Rich, no
screen, no other game and no bot they do not play with."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, sys
from shipyard_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main({args!r})
    except SystemExit:
        pass
heavy = ("textual", "rich", "asyncssh", "shipyard_tui.ui", "shipyard_tui.server",
         "shipyard_tui.games.nauticus", "shipyard_tui.games.shipyard.bots.greedy",
         "shipyard_tui.games.shipyard.bots.planner",
         "shipyard_tui.games.shipyard.bots.strong", "shipyard_tui.analysis", "shipyard_tui.saves",
         "shipyard_tui.games.shipyard.analysis", "shipyard_tui.cli.play")
print(sorted(m for m in sys.modules if m.startswith(heavy)))
"""


@pytest.mark.parametrize("args", [
    ["--version"],
    ["simulate", "--players", "4", "--games", "1", "--bots", "random", "--json"],
    ["tournament", "--players", "2", "--bots", "random,random", "--games", "2", "--seed", "1"],
])
def test_a_command_loads_only_what_it_uses(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=args)],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_simulating_nauticus_loads_nauticus_but_no_interface() -> None:
    args = ["simulate", "--game", "nauticus", "--players", "2", "--games", "1"]
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=args)],
                          capture_output=True, text=True, check=True)
    loaded = done.stdout
    assert "shipyard_tui.games.nauticus" in loaded
    assert "textual" not in loaded and "shipyard_tui.ui" not in loaded
