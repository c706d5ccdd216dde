"""The plain-data codec of the rules: the game-agnostic one of :mod:`shipyard_tui.core`."""

from __future__ import annotations

from shipyard_tui.core.codec import OMIT_DEFAULT, from_data, to_data

__all__ = ["OMIT_DEFAULT", "from_data", "to_data"]
