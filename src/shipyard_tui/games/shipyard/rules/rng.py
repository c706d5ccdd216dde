"""The seeded random generator of the rules: the game-agnostic one of :mod:`shipyard_tui.core`."""

from __future__ import annotations

from shipyard_tui.core.rng import Rng, next_u64, seed_state

__all__ = ["Rng", "next_u64", "seed_state"]
