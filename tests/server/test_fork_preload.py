"""Issue 36: what a forked session would import for itself it holds on its own, in
every session (a module's objects are written as they are built, so no page of them
is shared). The fork server imports all of it before forking, and a session imports
nothing it does not use: the SSH server's module and asyncssh are for the server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SESSION_WITH_A_TERMINAL = """
import os, pty, sys
from pathlib import Path

master, slave = pty.openpty()
os.dup2(slave, 0)
os.dup2(slave, 1)
from shipyard_tui.server import serve, session

ran = []
session.SessionApp.run = lambda self, *a, **k: ran.append(self)
code = serve.ssh_session("Ann", None, Path("no-host.sock"), True)
print(len(ran), code, "asyncssh" in sys.modules, "shipyard_tui.server.ssh" in sys.modules,
      file=sys.stderr)
"""

DRAWN_AFTER_PRELOAD = """
import asyncio, sys, tempfile
from pathlib import Path

from shipyard_tui.server.forkserver import preload

preload()
# what this script needs to stand in for the table host, and to wait for the screen
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.showcase import LobbyShowcase
from shipyard_tui.server.table_screen import remote_screen
from shipyard_tui.server.tables import PERSON, SeatPlan, Table
from shipyard_tui.ui.showcase import settle

before = set(sys.modules)


async def draw(folder: Path) -> None:
    app = LobbyShowcase()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        table = Table("t1", [SeatPlan(PERSON, player="A"), SeatPlan(PERSON, player="B")])
        table.start()
        model = RemoteModel(lambda _: None, "t1", 0,
                            TableHost(folder).game_message(table, 0))
        await app.push_screen(remote_screen(model))
        await settle(pilot)
        await pilot.press("2", "3", "a", "question_mark")
        await settle(pilot)


with tempfile.TemporaryDirectory() as folder:
    asyncio.run(draw(Path(folder)))
print(" ".join(sorted(set(sys.modules) - before)) or "nothing", file=sys.stderr)
"""


def run_script(script: str, tmp_path: Path) -> str:
    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "data"),
               SHIPYARD_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


def test_a_session_with_a_terminal_imports_no_ssh_server(tmp_path: Path) -> None:
    # ran the app, and neither the SSH server's module nor asyncssh was imported
    assert run_script(SESSION_WITH_A_TERMINAL, tmp_path) == "1 0 False False"


def test_the_fork_server_has_imported_what_the_lobby_and_a_table_use(
        tmp_path: Path) -> None:
    assert run_script(DRAWN_AFTER_PRELOAD, tmp_path) == "nothing"
