"""SVG snapshots of the lobby (the scenes scripts/screenshots.py writes too)."""

from __future__ import annotations

import pytest

from shipyard_tui.server.showcase import LOBBY_SCENES
from shipyard_tui.ui.showcase import settle


@pytest.mark.parametrize("scene", LOBBY_SCENES, ids=[s.name for s in LOBBY_SCENES])
def test_lobby_scene(scene, snap_compare):  # type: ignore[no-untyped-def]
    async def run_before(pilot):  # type: ignore[no-untyped-def]
        await settle(pilot)
        for key in scene.keys:
            await pilot.press(key)
        await settle(pilot)

    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=run_before)


async def test_b_turns_the_turn_bell_off_and_on() -> None:
    from shipyard_tui.server.showcase import LobbyShowcase

    app = LobbyShowcase()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        assert app.bell_on_turn is False
        await pilot.press("b")
        assert app.bell_on_turn is True
