"""The whole state of a Nauticus game as plain mutable dataclasses.

Everything is public (NA-14.1) except the generator's state, which holds the future
shuffles of the action tiles. ``to_dict`` / ``from_dict`` give the JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from shipyard_tui.core.codec import OMIT_DEFAULT, from_data, to_data
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.nauticus.rules.catalog import (
    CROWN,
    PASS_TILES,
    PHASES_PER_ROUND,
    ROUNDS,
    WAREHOUSE_CAPACITY,
    Action,
    warehouse_units,
)


@dataclass(frozen=True, slots=True)
class NauticusConfig:
    """Seats and seed: with the move list, everything needed to replay a game."""

    seats: tuple[SeatConfig, ...]
    seed: int = 0
    start_seat: int | None = field(default=None, metadata=OMIT_DEFAULT)
    """The seat that starts, as the player setting up the game picked it; ``None``: the
    seeded generator chooses (NA-2.4)."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def rounds(self) -> int:
        return ROUNDS[len(self.seats)]

    def validate(self) -> None:
        """Raise ``ValueError`` if the game cannot be played (NA-2.1: 2-4 seats, no solo)."""
        if not 2 <= len(self.seats) <= 4:
            raise ValueError("Nauticus is played by 2, 3 or 4 seats (there is no solo game)")
        if any(s.kind is SeatKind.AUTOMA for s in self.seats):
            raise ValueError("Nauticus has no automa seats")
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise ValueError("seat names must differ")
        if self.start_seat is not None and not 0 <= self.start_seat < len(self.seats):
            raise ValueError(f"there is no seat {self.start_seat + 1} to start: the game "
                             f"has {len(self.seats)}")


class Step(StrEnum):
    """What the seat to move is deciding."""

    CHOOSE = "choose"
    """The chooser picks a face-up action tile (NA-3.2 a)."""
    BONUS = "bonus"
    """The chooser picks the tile of its bonus (NA-4.2)."""
    GO = "go"
    """A seat's go: perform the current action, pass, or play the extra action first."""
    ACT = "act"
    """Inside a performance: one more use, or done."""
    REWARD = "reward"
    """A ship was completed: choose a reward (NA-9.1)."""
    FREE = "free"
    """All four items bought: choose the free item (NA-6.2)."""
    AFTER = "after"
    """The current action is resolved: play the extra action, or end the go (NA-12.1)."""
    OVER = "over"


@dataclass(slots=True)
class Slot:
    """One hull tile in the yard, with what it carries (NA-8.4, NA-8.5)."""

    hull: str
    mast: str | None = None
    sail: str | None = None
    good: str | None = None


@dataclass(slots=True)
class Build:
    """A row of hull tiles, bow side left (NA-8.1)."""

    slots: list[Slot] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def is_single(self) -> bool:
        return len(self.slots) == 1 and self.slots[0].hull == "single"

    @property
    def has_bow(self) -> bool:
        return bool(self.slots) and self.slots[0].hull == "bow"

    @property
    def has_stern(self) -> bool:
        return bool(self.slots) and self.slots[-1].hull == "stern"

    @property
    def centres(self) -> int:
        return sum(1 for s in self.slots if s.hull == "centre")

    @property
    def hull_finished(self) -> bool:
        """One single, or bow + 0-2 centres + stern (NA-8.2)."""
        return self.is_single or (self.has_bow and self.has_stern)

    @property
    def complete(self) -> bool:
        """Finished hull and a mast with a sail on every hull tile (NA-8.6)."""
        return self.hull_finished and all(s.mast is not None and s.sail is not None
                                          for s in self.slots)

    @property
    def loaded(self) -> bool:
        """A good under every hull tile (NA-7.3)."""
        return all(s.good is not None for s in self.slots)

    @property
    def crest(self) -> str | None:
        """The one regular crest of its masts and sails, if any (NA-8.4)."""
        for s in self.slots:
            for c in (s.mast, s.sail):
                if c is not None and c != CROWN:
                    return c
        return None


@dataclass(slots=True)
class Seat:
    """One seat's possessions; all public (NA-14.1)."""

    name: str
    coins: int
    workers: int
    vp: int
    warehouse: dict[str, int] = field(default_factory=dict)
    yard: list[Build] = field(default_factory=list)
    delivered: dict[str, int] = field(default_factory=dict)
    pass_up: list[int] = field(default_factory=lambda: list(PASS_TILES))
    """Face-up pass tiles by penalty, largest first (NA-11.1)."""
    extra: bool = True
    """Still holds its extra-action tile (NA-12.1)."""

    @property
    def warehouse_used(self) -> int:
        return sum(warehouse_units(item) * n for item, n in self.warehouse.items())

    @property
    def warehouse_room(self) -> int:
        return WAREHOUSE_CAPACITY - self.warehouse_used

    def fits(self, item: str, count: int = 1) -> bool:
        return warehouse_units(item) * count <= self.warehouse_room

    @property
    def crowns(self) -> int:
        """Crown masts and sails in yard and warehouse + turned pass tiles (NA-7.4)."""
        crowns = self.warehouse.get("mast:crown", 0) + self.warehouse.get("sail:crown", 0)
        for build in self.yard:
            for s in build.slots:
                crowns += (s.mast == CROWN) + (s.sail == CROWN)
        return crowns + len(PASS_TILES) - len(self.pass_up)


@dataclass(slots=True)
class Performance:
    """One performance of an action by one seat (NA-5.2), main or extra (NA-12)."""

    action: Action
    extra: bool
    blue: int
    """Blue workers still unused (NA-5.1); none in the extra action (NA-12.3)."""
    uses: int = 0
    bought: dict[str, int] = field(default_factory=dict)
    all_four: bool = False
    crown_vp: int = 0


@dataclass(slots=True)
class Pending:
    """A choice the seat must make before going on: a bonus tile, a reward, a free item."""

    kind: str
    """``bonus``, ``reward`` or ``free``."""
    options: list[str] = field(default_factory=list)
    """For ``bonus`` and ``free``: the items it may be chosen from."""
    build: int = -1
    left: int = 0
    """For ``reward``: rewards still to take for the completed build."""
    taken: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class NauticusState:
    config: NauticusConfig
    rng: int
    seats: list[Seat]
    stacks: dict[str, int]
    tiles: list[str]
    """The action tile on each board field this round (NA-2.6)."""
    face_down: list[bool]
    anchor: int = 0
    """The field the wheel's anchor section faces (NA-2.5, NA-4.1)."""
    anchor_tile: int | None = None
    """The field holding the anchor tile after the first phase of a round (NA-3.2 d)."""
    round: int = 1
    phase: int = 1
    start_seat: int = 0
    chooser: int = 0
    chosen: int | None = None
    """The field whose tile was chosen in the current phase."""
    goer: int = 0
    """Position in the phase's order, from the chooser (0) clockwise."""
    step: Step = Step.CHOOSE
    resolved: bool = False
    """Whether the seat on its go has performed or passed the current action."""
    perf: Performance | None = None
    pending: list[Pending] = field(default_factory=list)
    moves_played: int = 0
    undo_floor: int = 0
    winners: list[int] = field(default_factory=list)

    @property
    def seat(self) -> int:
        """The seat on its go (or the chooser while choosing)."""
        return (self.chooser + self.goer) % len(self.seats)

    @property
    def to_move(self) -> int | None:
        return None if self.step is Step.OVER else self.seat

    @property
    def action(self) -> Action | None:
        return None if self.chosen is None else Action(self.tiles[self.chosen])

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NauticusState:
        return from_data(cls, data)

    def copy(self) -> NauticusState:
        """A deep copy, written out by hand so that bots can look ahead cheaply."""
        return self._copy(None)

    def copy_for(self, seat: int, build: int | None = None) -> NauticusState:
        """A copy to play one move of ``seat`` on, cheaper than :meth:`copy`: of the
        possessions only that seat's are copied, and of its yard only the build
        ``build`` (none for ``None``); the rest is shared with this state.
        ``engine.after_move`` names the build a move changes. The other seats change
        only at a round's end, when their pass tiles are replaced and their VP added to:
        on the round's last go they get seats of their own (sharing their possessions),
        before it they are shared too. Bots look ahead this way (issue 39)."""
        return self._copy(seat, build)

    def _copy(self, only: int | None, build: int | None = None) -> NauticusState:
        """A copy; with ``only``, see :meth:`copy_for`. (The fields are passed in their
        order, not by name: naming the 21 fields took about half the time of a copy.)"""
        if only is None:
            seats = [Seat(s.name, s.coins, s.workers, s.vp, dict(s.warehouse),
                          [Build([Slot(t.hull, t.mast, t.sail, t.good) for t in b.slots])
                           for b in s.yard],
                          dict(s.delivered), list(s.pass_up), s.extra) for s in self.seats]
        else:
            seats = self.seats
            if self.phase == PHASES_PER_ROUND and self.goer == len(seats) - 1:
                seats = [Seat(s.name, s.coins, s.workers, s.vp, s.warehouse, s.yard,
                              s.delivered, s.pass_up, s.extra) for s in seats]
            else:
                seats = list(seats)
            mine = seats[only]
            yard = list(mine.yard)
            if build is not None:
                yard[build] = Build([Slot(t.hull, t.mast, t.sail, t.good)
                                     for t in yard[build].slots])
            seats[only] = Seat(mine.name, mine.coins, mine.workers, mine.vp,
                               dict(mine.warehouse), yard, dict(mine.delivered),
                               list(mine.pass_up), mine.extra)
        perf = self.perf
        return NauticusState(
            self.config, self.rng, seats, dict(self.stacks), list(self.tiles),
            list(self.face_down), self.anchor, self.anchor_tile, self.round, self.phase,
            self.start_seat, self.chooser, self.chosen, self.goer, self.step, self.resolved,
            None if perf is None else Performance(
                perf.action, perf.extra, perf.blue, perf.uses, dict(perf.bought),
                perf.all_four, perf.crown_vp),
            [Pending(p.kind, list(p.options), p.build, p.left, dict(p.taken))
             for p in self.pending] if self.pending else [],
            self.moves_played, self.undo_floor, list(self.winners))
