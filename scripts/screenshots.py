"""Write the interface's showcase scenes to screenshots/*.svg.

    .venv/bin/python scripts/screenshots.py

The same scenes are the SVG snapshot tests (tests/ui/test_ui_snapshots.py), so the
pictures in screenshots/ show exactly what the tests check.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from shipyard_tui.paths import CONFIG_ENV, DATA_ENV
from shipyard_tui.server.showcase import LOBBY_SCENES
from shipyard_tui.ui.showcase import SCENES, settle

OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def shoot(scene) -> Path:  # type: ignore[no-untyped-def]
    app = scene.make()
    async with app.run_test(size=scene.size) as pilot:
        await settle(pilot)
        for key in scene.keys:
            await pilot.press(key)
        await settle(pilot)
        svg = app.export_screenshot(title=f"Shipyard — {scene.name}")
    path = OUT / f"{scene.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main() -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        # the scenes' own data and settings, as in the tests: the title screen showed the
        # games the scenes before it (or a person at this machine) had left unfinished
        os.environ[DATA_ENV] = str(Path(folder, "data"))
        os.environ[CONFIG_ENV] = str(Path(folder, "config"))
        for scene in [*SCENES, *LOBBY_SCENES]:
            path = asyncio.run(shoot(scene))
            print(f"wrote {path.relative_to(OUT.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
