"""Typed events: a record of everything that happens, for logs, animation and checks.

Every event carries enough data to check the rule it follows from the event
stream alone; ``docs/events.md`` documents the JSON form (``event_to_json``).
Events that reveal a secret (contracts in hand) name the only seat allowed to
see them; :func:`redact` hides those details from everyone else.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from shipyard_tui.core import events as core_events
from shipyard_tui.core.codec import OMIT_DEFAULT
from shipyard_tui.core.events import event_table
from shipyard_tui.core.events import event_to_json as event_to_json


class Event(core_events.Event):
    """Base of all Shipyard events. ``secret_for`` names the seat a secret belongs to."""

    __slots__ = ()

    secret_fields: ClassVar[tuple[str, ...]] = ()

    @property
    def secret_for(self) -> int | None:
        return None


NOBODY = -1
"""The owner of a secret no seat may see (the seed, which would rebuild every deck)."""


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it: secrets of other seats are blanked."""
    owner = event.secret_for
    if owner is None or (owner == viewer and owner != NOBODY) or not event.secret_fields:
        return event
    blank: dict[str, Any] = {}
    for name in event.secret_fields:
        value = getattr(event, name)
        blank[name] = type(value)() if isinstance(value, list | tuple) else None
    return dataclasses.replace(event, **blank)


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game was set up. The seed is withheld from every seat's view of the stream."""

    secret_fields: ClassVar[tuple[str, ...]] = ("seed",)
    seats: list[str]
    kinds: list[str]
    start_seat: int
    seed: int
    first_game: bool
    advanced: bool
    solo: bool
    track: list[str]
    reserve: int
    edition: str = field(default="second", metadata=OMIT_DEFAULT)
    """The rules played (RC-1.1); left out of the JSON for the 2nd edition."""
    spaces: list[int] | None = field(default=None, metadata=OMIT_DEFAULT)
    """Classic: the ring space of each card of ``track``, in the same order (RC-2.7)."""
    countdown: int | None = field(default=None, metadata=OMIT_DEFAULT)
    """Classic: where the countdown marker starts, the number of seats (RC-3.8)."""

    @property
    def secret_for(self) -> int | None:
        return NOBODY


@dataclass(frozen=True, slots=True)
class TableSetUp(Event):
    """The public table right after setup (§2), so that every later event can be
    checked against it: the displays with their slots (bottom slot first), what is
    left in each deck, the markers, the whole employee board (each slot's stack,
    bottom tile first) and each seat's guilders and commodity tiles."""

    ship_display: list[list[str | None]]
    ship_stacks: dict[str, int]
    canals: list[str | None]
    canal_deck: int
    commodities: list[str | None]
    commodity_deck: int
    equipment_marker: int
    crew_marker: int
    exchange_marker: int
    employee_marker: int
    employee_board: list[list[list[str]]]
    wheel: int
    guilders: list[int]
    seat_commodities: list[list[str]]
    solo_top_back: int | None


@dataclass(frozen=True, slots=True)
class ContractsDealt(Event):
    secret_fields: ClassVar[tuple[str, ...]] = ("contracts",)
    seat: int
    red: int
    blue: int
    contracts: list[str]
    green: int = field(default=0, metadata=OMIT_DEFAULT)
    """Classic: green contracts dealt (RC-2.2); left out when none."""

    @property
    def secret_for(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int
    kind: str
    """``first``, ``regular``, ``final`` or ``last_chance``."""


@dataclass(frozen=True, slots=True)
class TileAdvanced(Event):
    """Step 1 (R-3.1): the seat's old tile moved from ``from_slot`` to the lead.

    In 2-seat games ``cube_moved_to`` names the tile that received one of its cubes.
    """

    seat: int
    action: str
    from_slot: int
    cube_moved_to: str | None
    track: list[str]


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """Classic step 1 (RC-3.1, RC-3.10): the card moved around the action ring from
    ``from_space`` to ``to_space``, directly ahead of the lead, and is the lead now.
    ``pushed`` lists the cards the push moved one space ahead, as ``[action, from, to]``,
    frontmost first; ``lap`` tells whether it landed on the start space (RC-3.8)."""

    action: str
    from_space: int
    to_space: int
    pushed: list[list[Any]]
    lap: bool


@dataclass(frozen=True, slots=True)
class LapCompleted(Event):
    """Classic (RC-3.8): a lap ended with this turn; the countdown marker moved down
    to ``countdown`` (0: the regular turns are over, RC-10.1)."""

    countdown: int


@dataclass(frozen=True, slots=True)
class WheelTurned(Event):
    position: int
    rotation_completed: bool


@dataclass(frozen=True, slots=True)
class CubePlaced(Event):
    seat: int
    action: str
    slot: int
    cubes: int


@dataclass(frozen=True, slots=True)
class IncomePaid(Event):
    """Step 3 (R-3.3): one guilder per occupied tile ahead, plus guilders lying on the tile."""

    seat: int
    occupied_ahead: list[str]
    tile_guilders: int
    amount: int
    guilders: int
    gap_bonus: int = field(default=0, metadata=OMIT_DEFAULT)
    """Classic: the gap bonus included in ``amount`` (RC-3.3 b); left out when 0."""


@dataclass(frozen=True, slots=True)
class BonusPaid(Event):
    seat: int
    action: str
    cost: int
    guilders: int


@dataclass(frozen=True, slots=True)
class ActionStarted(Event):
    seat: int
    action: str
    role: str


@dataclass(frozen=True, slots=True)
class ActionForfeited(Event):
    seat: int
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class ShipTileBought(Event):
    seat: int
    tile: str
    kind: str
    features: list[str]
    column: int
    row: int
    price: int
    guilders: int


@dataclass(frozen=True, slots=True)
class ShipTilePlaced(Event):
    seat: int
    tile: str
    cell: int
    yard: str


@dataclass(frozen=True, slots=True)
class DisplayRefilled(Event):
    """A market column slid down and drew ``drawn`` from its deck (bottom slot first)."""

    area: str
    column: int
    drawn: list[str]
    slots: list[str | None]
    deck_left: int


@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    reason: str
    seat: int


@dataclass(frozen=True, slots=True)
class CanalRented(Event):
    seat: int
    canal: str
    slot: int
    price: int
    guilders: int


@dataclass(frozen=True, slots=True)
class CanalPlaced(Event):
    seat: int
    canal: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class CommodityBought(Event):
    seat: int
    tile: str
    goods: list[str]
    slot: int
    price: int
    guilders: int


@dataclass(frozen=True, slots=True)
class MarkerMoved(Event):
    """A rondel marker moved: ``paid`` guilders for extra steps, ``free`` extra steps covered."""

    ring: str
    seat: int
    start: int
    end: int
    steps: int
    paid: int
    free: int


@dataclass(frozen=True, slots=True)
class PiecesTaken(Event):
    seat: int
    marked: str
    from_employees: list[str]
    pieces: dict[str, int]


@dataclass(frozen=True, slots=True)
class EmployeeHired(Event):
    seat: int
    employee: str
    space: int
    slot: int
    surcharge: int
    guilders: int


@dataclass(frozen=True, slots=True)
class CommodityGivenUp(Event):
    seat: int
    tile: str
    goods: list[str]
    marker: int


@dataclass(frozen=True, slots=True)
class GoodSold(Event):
    seat: int
    good: str
    price: int
    trader_bonus: int
    guilders: int


@dataclass(frozen=True, slots=True)
class GoodTraded(Event):
    seat: int
    good: str
    piece: str


@dataclass(frozen=True, slots=True)
class SubsidyReceived(Event):
    seat: int
    amount: int
    guilders: int


@dataclass(frozen=True, slots=True)
class ShipCompleted(Event):
    seat: int
    cells: list[int]
    tiles: list[str]


@dataclass(frozen=True, slots=True)
class PieceLoaded(Event):
    """A piece went on the completed ship in ``cells`` (R-6.3)."""

    seat: int
    piece: str
    load: dict[str, int]
    cells: list[int]


@dataclass(frozen=True, slots=True)
class ShipDismantled(Event):
    """A completed ship that cannot score left the game (R-7.2), told like a sailed one:
    its tiles' features, its pieces and the speed with the owner's choices (R-7.1)."""

    seat: int
    tiles: list[str]
    features: dict[str, int]
    pieces: dict[str, int]
    base_speed: int
    helmsman: int
    rigger: int
    speed: int
    reason: str


@dataclass(frozen=True, slots=True)
class TokenPlaced(Event):
    seat: int
    x: int
    y: int
    cell: str


@dataclass(frozen=True, slots=True)
class ShipSailed(Event):
    """A ship's shakedown cruise (R-7.3, R-9): pieces, speed, path and every point.

    ``scored_spaces`` lists each official or Blue Riband entered as
    ``[space, icon, points]``; only the last Blue Riband counts in ``points``.
    """

    seat: int
    tiles: list[str]
    features: dict[str, int]
    pieces: dict[str, int]
    base_speed: int
    helmsman: int
    rigger: int
    speed: int
    path: list[str]
    scored_spaces: list[list[Any]]
    points: dict[str, int]
    total: int
    score: int


@dataclass(frozen=True, slots=True)
class CanalsRemoved(Event):
    """Canals left behind become used canals; canals out of reach are discarded (R-9.6)."""

    seat: int
    used: list[str]
    discarded: list[str]
    used_total: int


@dataclass(frozen=True, slots=True)
class DeckRebuilt(Event):
    """A deck was rebuilt and shuffled; for the solo deck ``top_back`` is the number on
    the back of its new top tile (public, R-12.1), else ``None``."""

    deck: str
    count: int
    top_back: int | None = None


@dataclass(frozen=True, slots=True)
class RotationCompleted(Event):
    """The wheel completed a rotation (R-3.8): a reserve cube left, maybe a guilder placed."""

    reserve: int
    cubes_removed: int
    guilder_on: str | None


@dataclass(frozen=True, slots=True)
class DiscardRequired(Event):
    seats: list[int]
    keep: int


@dataclass(frozen=True, slots=True)
class ContractDiscarded(Event):
    secret_fields: ClassVar[tuple[str, ...]] = ("contract",)
    seat: int
    colour: str
    contract: str | None

    @property
    def secret_for(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class StageStarted(Event):
    stage: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The end of the turn that the ``TurnStarted`` of the same ``turn`` began."""

    seat: int
    turn: int
    score: int
    guilders: int
    kind: str


@dataclass(frozen=True, slots=True)
class ContractScored(Event):
    seat: int
    contract: str
    name: str
    counted: int
    points: int
    detail: str
    score: int


@dataclass(frozen=True, slots=True)
class TradersScored(Event):
    seat: int
    traders: list[str]
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: list[int]
    guilders: list[int]
    winners: list[int]


@dataclass(frozen=True, slots=True)
class SoloTileFlipped(Event):
    """An automa flipped a solo tile; ``used`` is false when it was skipped (R-12.2, R-12.3).

    ``top_back`` is the number on the back of the face-down tile now on top, which is
    public (R-12.1); ``None`` when the face-down stack is empty."""

    seat: int
    tile: str
    action: str
    used: bool
    reason: str
    top_back: int | None


@dataclass(frozen=True, slots=True)
class AutomaActed(Event):
    """What an automa's action did (R-12.3), with the number ``n`` that drove it: ``back``
    is the number read (the back of the top face-down solo tile, or the solo board's
    number when the stack is empty) and ``bracket`` its number in brackets (0 if none),
    used instead of a 0 for marker moves."""

    seat: int
    action: str
    n: int
    n_source: str
    effect: str
    back: int
    bracket: int


@dataclass(frozen=True, slots=True)
class DisplayRemoved(Event):
    """Tiles an automa removed from the market; they leave the game (R-12.3)."""

    seat: int
    area: str
    tiles: list[str]
    slots: list[list[int]] = field(default_factory=list)
    price: int = 0


EVENT_TYPES: dict[str, type[Event]] = event_table(*Event.__subclasses__())


def event_from_json(data: dict[str, Any]) -> Event:
    """Read an event written by :func:`event_to_json`."""
    return core_events.event_from_json(data, EVENT_TYPES)
