"""SVG snapshots of the key screens at 80x24 and 160x50 (the same scenes as
scripts/screenshots.py writes to screenshots/)."""

from __future__ import annotations

import pytest

from shipyard_tui.ui.showcase import SCENES, settle


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_scene(scene, snap_compare):
    async def run_before(pilot):
        await settle(pilot)
        for key in scene.keys:
            await pilot.press(key)
        await settle(pilot)

    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=run_before)
