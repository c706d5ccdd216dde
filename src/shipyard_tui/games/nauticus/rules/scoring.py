"""End scoring (NAUTICUS.md §13) and score breakdowns for a review.

:func:`final_lines` is the one computation of the end scoring: the engine turns its
lines into ``Scored`` events, and a review can show them per kind and per ship.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shipyard_tui.games.nauticus.rules.catalog import GOODS, LEFTOVER_RATE, SHIP_VP, goods_vp
from shipyard_tui.games.nauticus.rules.events import (
    SCORE_KINDS,
    Event,
    GameEnded,
    RoundEnded,
    Scored,
)
from shipyard_tui.games.nauticus.rules.state import Seat


@dataclass(frozen=True, slots=True)
class ScoreLine:
    kind: str
    points: int
    detail: str


@dataclass(frozen=True, slots=True)
class Leftovers:
    """The items counted as coins at the end (NA-13.4), each item once."""

    workers: int
    yard_tiles: int
    warehouse_tiles: int
    loaded_goods: int
    coins: int

    @property
    def total(self) -> int:
        return (self.workers + self.yard_tiles + self.warehouse_tiles + self.loaded_goods
                + self.coins)

    @property
    def vp(self) -> int:
        return self.total // LEFTOVER_RATE

    @property
    def remainder(self) -> int:
        return self.total % LEFTOVER_RATE


def leftovers(seat: Seat) -> Leftovers:
    """Workers, unfinished-ship tiles, warehouse tiles (a mast counts 1), loaded goods
    and coins (NA-13.4)."""
    yard_tiles = 0
    loaded = 0
    for build in seat.yard:
        for slot in build.slots:
            loaded += slot.good is not None
        if not build.complete:
            yard_tiles += sum(1 + (s.mast is not None) + (s.sail is not None)
                              for s in build.slots)
    return Leftovers(seat.workers, yard_tiles, sum(seat.warehouse.values()), loaded,
                     seat.coins)


def final_lines(seat: Seat) -> list[ScoreLine]:
    """The seat's end-scoring lines: goods per kind, each complete ship, leftovers."""
    lines = []
    for good in GOODS:
        count = seat.delivered.get(good, 0)
        if count:
            lines.append(ScoreLine("goods", goods_vp(count), f"{count} {good}"))
    for b, build in enumerate(seat.yard):
        if build.complete:
            lines.append(ScoreLine("ships", SHIP_VP[build.size],
                                   f"ship {b} of size {build.size}"))
    left = leftovers(seat)
    lines.append(ScoreLine("leftovers", left.vp, f"{left.total} coins' worth"))
    return lines


def score_by_kind(events: Iterable[Event], players: int) -> list[dict[str, int]]:
    """Each seat's VP per scoring kind, summed from the ``Scored`` events."""
    table = [dict.fromkeys(SCORE_KINDS, 0) for _ in range(players)]
    for event in events:
        if isinstance(event, Scored):
            table[event.seat][event.kind] += event.points
    return table


def score_over_time(events: Iterable[Event], players: int) -> list[list[int]]:
    """Each seat's score at the end of every round (after its pass penalties), then the
    final score after end scoring."""
    scores = [0] * players
    rows: list[list[int]] = []
    for event in events:
        if isinstance(event, Scored):
            scores[event.seat] += event.points
        elif isinstance(event, RoundEnded | GameEnded):
            rows.append(list(scores))
    return rows


def ranking(scores: list[int], remainders: list[int], totals: list[int]) -> list[int]:
    """The winning seats: most VP, then the larger remainder, then the larger total
    (NA-13.5); several seats share a victory only if all three are equal."""
    keys = [(s, r, t) for s, r, t in zip(scores, remainders, totals, strict=True)]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
