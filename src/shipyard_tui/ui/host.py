"""What the title, setup, load and save screens ask of the app that shows them.

The Shipyard app (:class:`~.app.ShipyardApp`) provides it; the screens name this
protocol instead of importing the app, which imports them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from shipyard_tui.saves import SaveStore


@runtime_checkable
class GameHost(Protocol):
    """An app that starts, loads, continues and saves games."""

    store: SaveStore
    setup_drafts: dict[str, dict[str, object]]
    """The new-game forms as the player last left them, by form (``solo``, ``table``),
    for this session: Back and a started game keep what was entered."""

    def start_game(self, config: Any) -> None:
        """Set up a new game from a configuration of any game (its kind made it)."""

    def load_game(self, path: Path) -> None: ...

    def continue_game(self) -> None: ...

    def save_as(self, name: str) -> Path: ...


def host_of(app: object) -> GameHost:
    """``app`` as a game host; a ``TypeError`` if it cannot start and save games."""
    if not isinstance(app, GameHost):
        raise TypeError(f"{type(app).__name__} does not host games")
    return app
