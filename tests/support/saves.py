"""Helpers for the tests of saves, shared by the table and interface tests: a seeded
random Shipyard game and the bytes of its autosave (``tests/ui`` imported them from
``tests/table/test_saves.py``, which only worked when that folder was collected
first: ``pytest tests/ui`` alone failed to collect)."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.saves import encode
from support import shipyard as rules_helpers
from support.invariants import random_config


def random_game(players: int = 3, seed: int = 7, moves: int | None = None) -> Game:
    """A game of random legal moves whose options vary with the seed (to the end, or
    ``moves`` moves)."""
    return rules_helpers.random_game(random_config(players, seed), seed, moves=moves)


def good_bytes() -> bytes:
    """A valid autosave: a 3-seat game after 40 random moves."""
    return encode(random_game(moves=40), "g", "autosave")
