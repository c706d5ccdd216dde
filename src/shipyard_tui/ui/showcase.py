"""Fixed scenes of the interface, shared by the snapshot tests and the screenshot script:
the title screen's, then each game's (its kind's
:meth:`~shipyard_tui.core.game.GameKind.scenes`, in the registry's order).

Each scene is a deterministic game (fixed seed, fixed moves) so that its picture
only changes when the interface does.
"""

from __future__ import annotations

from shipyard_tui import games
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.scene import Scene, colourless_app, game_app, settle

__all__ = ["SCENES", "Scene", "colourless_app", "game_app", "settle"]

SCENES: list[Scene] = [
    Scene("title-80x24", (80, 24), ShipyardApp),
    *(scene for name in games.names() for scene in games.kind(name).scenes()),
]
