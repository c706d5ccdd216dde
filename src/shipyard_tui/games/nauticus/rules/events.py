"""Typed events of a Nauticus game; ``docs/nauticus-events.md`` documents their JSON.

Every change of a seat's VP is a :class:`Scored` event, so a seat's score is always
the sum of its ``Scored`` points, and a review can break it down by kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shipyard_tui.core import events as core_events
from shipyard_tui.core.events import event_table
from shipyard_tui.core.events import event_to_json as event_to_json


class Event(core_events.Event):
    """Base of all Nauticus events."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    seats: list[str]
    start_seat: int
    seed: int
    rounds: int


@dataclass(frozen=True, slots=True)
class SetupGiven(Event):
    """A seat's starting coins and workers, compensation included (NA-2.3, NA-2.4)."""

    seat: int
    coins: int
    workers: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """The wheel turned and the tiles were shuffled onto the fields (NA-2.6, NA-3.3)."""

    round: int
    anchor: int
    tiles: list[str]
    blue: list[int]


@dataclass(frozen=True, slots=True)
class ActionChosen(Event):
    seat: int
    phase: int
    action: str
    field: int
    blue: int


@dataclass(frozen=True, slots=True)
class BonusReceived(Event):
    """The chooser's bonus (NA-4.2); ``item`` is the tile taken, ``lost`` if none could be."""

    seat: int
    field: int
    workers: int
    coins: int
    item: str | None
    lost: bool


@dataclass(frozen=True, slots=True)
class ExtraPlayed(Event):
    """A seat played its extra-action tile and took 2 workers (NA-12.1)."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class ItemBought(Event):
    """One use of a blue action; ``blue`` tells whether a blue worker paid the use."""

    seat: int
    item: str
    price: int
    dest: str
    blue: bool


@dataclass(frozen=True, slots=True)
class TileTransported(Event):
    seat: int
    item: str
    dest: str
    blue: bool


@dataclass(frozen=True, slots=True)
class MoneyWithdrawn(Event):
    seat: int
    coins: int
    blue: bool


@dataclass(frozen=True, slots=True)
class GoodsDelivered(Event):
    """A whole cargo delivered (NA-7.3): ``blue`` of the ``goods`` uses were blue workers."""

    seat: int
    build: int
    goods: list[str]
    blue: int


@dataclass(frozen=True, slots=True)
class CrownsEvaluated(Event):
    """One use of Crown evaluation (its VP are in the following ``Scored``)."""

    seat: int
    crowns: int
    blue: bool


@dataclass(frozen=True, slots=True)
class FreeItemTaken(Event):
    """The all-four item (NA-6.2); ``item`` is ``None`` when it was lost (NA-10.2)."""

    seat: int
    item: str | None


@dataclass(frozen=True, slots=True)
class ShipCompleted(Event):
    seat: int
    build: int
    size: int


@dataclass(frozen=True, slots=True)
class RewardTaken(Event):
    seat: int
    build: int
    reward: str


@dataclass(frozen=True, slots=True)
class PerformanceEnded(Event):
    """A performance ended; unused blue workers are lost (NA-5.1)."""

    seat: int
    action: str
    extra: bool
    uses: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat passed; ``tile`` is the penalty of the pass tile turned, if any (NA-11)."""

    seat: int
    tile: int | None


@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    round: int
    phase: int
    field: int
    anchor_tile: bool


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """After the round's pass penalties (NA-3.3, NA-11.3)."""

    round: int


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """VP change of a seat: ``kind`` is one of :data:`SCORE_KINDS`; ``detail`` says what."""

    seat: int
    kind: str
    points: int
    detail: str


SCORE_KINDS = ("start", "bonus", "reward", "crowns", "penalty", "goods", "ships", "leftovers")
"""The scoring kinds, in the order a review shows them."""


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: list[int]
    remainders: list[int]
    totals: list[int]
    winners: list[int]


EVENT_TYPES: dict[str, type[Event]] = event_table(
    GameStarted, SetupGiven, RoundStarted, ActionChosen, BonusReceived, ExtraPlayed, ItemBought,
    TileTransported, MoneyWithdrawn, GoodsDelivered, CrownsEvaluated, FreeItemTaken,
    ShipCompleted, RewardTaken, PerformanceEnded, Passed, PhaseEnded, RoundEnded, Scored,
    GameEnded,
)


def event_from_json(data: dict[str, Any]) -> Event:
    """Read an event written by :func:`event_to_json`."""
    return core_events.event_from_json(data, EVENT_TYPES)

