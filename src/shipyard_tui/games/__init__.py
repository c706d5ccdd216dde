"""The registry of games: the one place that names every game the program plays.

Each game lives in its own package here and provides a
:class:`~shipyard_tui.core.game.GameKind`. Everything else finds a game through
:func:`kind` (by its name, as saves and ``--game`` write it) or :func:`kind_of` (by a
game object), and imports a game's package only when that game is asked for, so
``shipyard simulate`` of one game never loads the other.

>>> names()
('shipyard', 'nauticus')
>>> kind("nauticus").title
'Nauticus'
"""

from __future__ import annotations

import importlib
import os

from shipyard_tui.core.game import GameKind

_PLACES: dict[str, str] = {
    "shipyard": "shipyard_tui.games.shipyard.kind",
    "nauticus": "shipyard_tui.games.nauticus.kind",
}
"""Each game's name and the module whose ``KIND`` it is (imported when first asked)."""

_LOADED: dict[str, GameKind] = {}

DEFAULT = "shipyard"


PLUGINS_VARIABLE = "SHIPYARD_GAMES"
"""An environment variable naming more games as ``NAME=MODULE`` pairs separated by
commas (``beacons=beacons.kind``): a game added without touching this file, seen by
every process the program starts (the server's sessions too)."""


def _plugins() -> None:
    for entry in os.environ.get(PLUGINS_VARIABLE, "").split(","):
        name, _, place = entry.strip().partition("=")
        if name and place and name not in _PLACES:
            _PLACES[name] = place.strip()


def names() -> tuple[str, ...]:
    """Every game's name, the default first."""
    _plugins()
    return tuple(_PLACES)


def kind(name: str) -> GameKind:
    """The game called ``name``; ``ValueError`` names the games there are."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    _plugins()
    place = _PLACES.get(name)
    if place is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(names())})")
    loaded = importlib.import_module(place).KIND
    if not isinstance(loaded, GameKind) or loaded.name != name:
        raise TypeError(f"{place}.KIND is not the game {name!r}")
    _LOADED[name] = loaded
    return loaded


def kind_of(game: object) -> GameKind:
    """The game ``game`` (a game object or its configuration) belongs to, found by the
    package that defines its class; ``ValueError`` when no game owns it."""
    module = type(game).__module__
    for name in names():
        package = _PLACES[name].rpartition(".")[0]
        if module == package or module.startswith(package + "."):
            return kind(name)
    raise ValueError(f"{type(game).__name__} belongs to no game")


def register(game: GameKind, place: str | None = None) -> None:
    """Add a game (the tests' tiny game); ``place`` is its kind's module, by default
    the module beside its package's modules (``<package>.kind``)."""
    _PLACES[game.name] = place or f"{game.package}.kind"
    _LOADED[game.name] = game


def unregister(name: str) -> None:
    """Remove a game added by :func:`register`."""
    _PLACES.pop(name, None)
    _LOADED.pop(name, None)
