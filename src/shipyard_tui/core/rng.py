"""A tiny seeded random generator whose whole state is one integer.

Every random event of a game (setup, reshuffles) draws from the generator kept in
the game state, so a saved game carries its future shuffles with it and the same
seed and moves always give the same game. SplitMix64 is small, fast in pure
Python and has no platform-dependent behaviour.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user-facing seed (any integer)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return the new state and a 64-bit output."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A mutable wrapper used while a function needs several draws.

    >>> r = Rng(7)
    >>> values = [r.below(6) for _ in range(5)]
    >>> Rng(7).below(6) == values[0]
    True
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, value = next_u64(self.state)
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
