"""A fixed scene of the interface: a named picture, how to build its app and what to
press before taking it (the snapshot tests and the screenshot script show each game's
scenes: :mod:`shipyard_tui.ui.showcase`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from shipyard_tui.ui.app import ShipyardApp


@dataclass(frozen=True)
class Scene:
    """A named picture: how to build the app and what to press before taking it."""

    name: str
    size: tuple[int, int]
    make: Callable[[], App[None]]
    """The app to picture (the game's, or the server's lobby)."""
    keys: tuple[str, ...] = ()


def game_app(game: Any, *, ascii: bool = False) -> ShipyardApp:
    """The app at ``game``'s table (a game of any kind), its bots without a pause (and
    without the guided first game's notes, which would cover the board)."""
    return ShipyardApp(game=game, bot_delay=0.0, ascii=ascii, guidance=False)


def colourless_app(game: Any) -> ShipyardApp:
    """The app as NO_COLOR shows it (Textual reads, and removes, the variable at start)."""
    import os

    os.environ["NO_COLOR"] = "1"
    return game_app(game)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the app is idle (bots have nothing pending)."""
    for _ in range(5):
        await pilot.pause()


def guided_app(game: Any) -> ShipyardApp:
    """The app at ``game``'s table as a first game shows it: the guided first game's
    notes on, none of them seen yet, and nothing of it saved to the settings."""
    from shipyard_tui.ui.guidance import Guidance

    app = ShipyardApp(game=game, bot_delay=0.0, guidance=True)
    app.guidance = Guidance(True)
    return app

