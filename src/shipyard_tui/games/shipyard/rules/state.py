"""The game state: everything on the table, and where the turn stands.

The state is plain mutable data. The engine (``engine.py``) is the only code that
changes it; everything else reads it, copies it or encodes it. Positions follow
the rulings: track slot 0 is the lead tile, ship display row 0 is the cheapest
(bottom) row, yard cell 0 is the leftmost cell, and the top of every stack is the
end of its list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from shipyard_tui.core.clone import cloner
from shipyard_tui.core.seats import SeatConfig as SeatConfig
from shipyard_tui.core.seats import SeatKind as SeatKind
from shipyard_tui.games.shipyard.rules.catalog import Action, Piece
from shipyard_tui.games.shipyard.rules.codec import OMIT_DEFAULT, from_data, to_data

SECOND = "second"
CLASSIC = "classic"
EDITIONS = (SECOND, CLASSIC)
"""The editions a game can play: the 2nd edition and the classic 1st edition (RC-1.1)."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything needed to set up a game; with the move list it replays the game."""

    seats: tuple[SeatConfig, ...]
    seed: int = 0
    first_game: bool = False
    advanced: bool = False
    solo: bool = False
    edition: str = field(default="second", metadata=OMIT_DEFAULT)
    """Which edition's rules: ``"second"`` or ``"classic"`` (RC-1.1); fixed for the game."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def classic(self) -> bool:
        """Whether the game plays the classic (1st-edition) rules (RC-1.1)."""
        return self.edition == CLASSIC

    def validate(self) -> None:
        """Raise ``ValueError`` with a clear reason if the configuration cannot be played."""
        n = len(self.seats)
        if self.edition not in EDITIONS:
            raise ValueError(f"unknown edition {self.edition!r}: choose one of "
                             + ", ".join(EDITIONS))
        if self.classic:
            if self.solo or not 2 <= n <= 4:
                raise ValueError("the classic rules are for 2 to 4 seats and have no solo game")
            if self.advanced:
                raise ValueError("the classic rules always deal 3 + 3 contracts: "
                                 "there is no advanced option")
        if self.first_game and self.advanced:
            raise ValueError("the first-game and advanced options cannot be combined")
        automa = [s for s in self.seats if s.kind is SeatKind.AUTOMA]
        if self.solo:
            if n != 3 or self.seats[0].kind is SeatKind.AUTOMA or len(automa) != 2:
                raise ValueError("a solo game has one player followed by two automa seats")
        else:
            if not 2 <= n <= 4:
                raise ValueError(f"the standard game needs 2 to 4 seats, not {n}")
            if automa:
                raise ValueError("automa seats exist only in the solo game")
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise ValueError("every seat needs a different name")


class Stage(StrEnum):
    """The part of the game in progress."""

    PLAY = "play"
    DISCARD = "discard"
    FINAL = "final"
    LAST_CHANCE = "last_chance"
    OVER = "over"


class DecisionStep(StrEnum):
    """The decision the current seat faces (not the :class:`~.moves.MarkerStep` move)."""

    CHOOSE = "choose"
    BONUS_BEFORE = "bonus_before"
    BONUS_AFTER = "bonus_after"
    BUILD = "build"
    PLACE = "place"
    CANAL_PICK = "canal_pick"
    CANAL_PLACE = "canal_place"
    PURCHASE = "purchase"
    RING = "ring"
    HIRE = "hire"
    EXCHANGE_PICK = "exchange_pick"
    EXCHANGE_GOOD = "exchange_good"
    SAIL_ORDER = "sail_order"
    LOAD = "load"
    HELMSMAN = "helmsman"
    RIGGER = "rigger"
    TOKEN_START = "token_start"
    TOKEN_WITH_CANAL = "token_with_canal"
    """Classic: the token goes on a port of the first canal as it is placed (RC-9.1)."""
    CRUISE = "cruise"
    DISCARD = "discard"
    FINAL_CHOOSE = "final_choose"
    LAST_CHANCE = "last_chance"
    OVER = "over"


Step = DecisionStep
"""The old name of :class:`DecisionStep`, kept for the code that imports it."""


class Role(StrEnum):
    """Why an action is being performed."""

    MAIN = "main"
    BONUS = "bonus"
    FINAL = "final"
    LAST_CHANCE = "last_chance"


@dataclass(slots=True)
class TrackSlot:
    """One action tile on the track, with the cubes (seat numbers) and guilders on it."""

    action: Action
    cubes: list[int] = field(default_factory=list)
    guilders: int = 0
    space: int | None = field(default=None, metadata=OMIT_DEFAULT)
    """The ring space (0–22) the card stands on, classic rules only (RC-2.7)."""


@dataclass(slots=True)
class PlacedCanal:
    """A canal tile in a seat's canal system, rotated ``rotation`` quarter turns clockwise."""

    canal: str
    x: int
    y: int
    rotation: int


@dataclass(slots=True)
class Token:
    """The ship token: the space it stands on and the neighbouring space it came from.

    ``came_from`` is ``"C"`` when it came from the centre of its tile, or a port
    direction when it came across that edge of its tile (from a neighbour, or from
    outside when it was first placed).
    """

    x: int
    y: int
    cell: str
    came_from: str


@dataclass(slots=True)
class SailedShip:
    """A ship that completed its shakedown cruise and joined the fleet (R-9.5)."""

    tiles: list[str]
    pieces: dict[str, int]
    speed: int
    path: list[str]
    points: dict[str, int]
    turn: int

    @property
    def total(self) -> int:
        return sum(self.points.values())

    @property
    def length(self) -> int:
        return len(self.tiles)

    def piece(self, kind: Piece) -> int:
        return self.pieces.get(kind.value, 0)


@dataclass(slots=True)
class DismantledShip:
    """A completed ship that could not score and left the game (R-7.2)."""

    tiles: list[str]
    pieces: dict[str, int]
    reason: str
    turn: int


@dataclass(slots=True)
class Seat:
    name: str
    kind: SeatKind
    guilders: int = 6
    score: int = 0
    yard: list[str | None] = field(default_factory=lambda: [None] * 10)
    pieces: dict[str, int] = field(default_factory=dict)
    commodities: list[str] = field(default_factory=list)
    employees: list[str] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    canals: list[PlacedCanal] = field(default_factory=list)
    token: Token | None = None
    used_canals: int = 0
    fleet: list[SailedShip] = field(default_factory=list)
    dismantled: list[DismantledShip] = field(default_factory=list)
    newest: Action | None = None
    older: Action | None = None
    turns: int = 0
    end_points: dict[str, int] = field(default_factory=dict)

    @property
    def is_automa(self) -> bool:
        return self.kind is SeatKind.AUTOMA

    def piece(self, kind: Piece) -> int:
        return self.pieces.get(kind.value, 0)


@dataclass(slots=True)
class Market:
    """The ship display, the canal and commodity columns, and their decks."""

    ships: list[list[str | None]]
    bow_stack: list[str]
    middle_stack: list[str]
    stern_stack: list[str]
    canals: list[str | None]
    canal_deck: list[str]
    canal_spent: list[str]
    commodities: list[str | None]
    commodity_deck: list[str]
    commodity_spent: list[str]
    removed_ships: list[str] = field(default_factory=list)
    removed_tiles: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Turn:
    """Where the current decision stands inside a turn."""

    seat: int
    step: DecisionStep = DecisionStep.CHOOSE
    chosen: Action | None = None
    bonus_used: bool = False
    bonus_declined: bool = field(default=False, metadata=OMIT_DEFAULT)
    """The seat said no bonus action this turn, before its chosen action: none is
    offered after it either (R-3.4; :class:`~.moves.DeclineBonus`)."""
    main_pending: bool = False
    role: Role = Role.MAIN
    action: Action | None = None
    bought: int = 0
    holding: str | None = None
    ring_steps: int = 0
    keep: int = 0
    """Guilders a bonus action taken first must leave for the chosen action (R-3.4)."""
    canal: str | None = None
    exchange_tile: str | None = None
    exchange_index: int = 0
    traded: list[str] = field(default_factory=list)
    ships: list[list[int]] = field(default_factory=list)
    ship: list[int] = field(default_factory=list)
    load: dict[str, int] = field(default_factory=dict)
    helmsman: bool = True
    """Whether the owner uses the Helmsman's +1 for the ship being sailed (R-7.1)."""
    rigger: int = 0
    rotation_done: bool = False


@dataclass(slots=True)
class SoloState:
    """The solo tile stack (face down, top last) and the face-up pile."""

    stack: list[str]
    face_up: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GameState:
    config: GameConfig
    rng: int
    seats: list[Seat]
    track: list[TrackSlot]
    market: Market
    employee_track: list[list[list[str]]]
    equipment_marker: int
    crew_marker: int
    exchange_marker: int
    employee_marker: int
    start_seat: int
    turn: Turn
    wheel: int = 0
    reserve: int = 0
    cubes_removed: int = 0
    stage: Stage = Stage.PLAY
    queue: list[int] = field(default_factory=list)
    discard_target: int = 1
    end_trigger: str | None = None
    turn_number: int = 0
    move_count: int = 0
    undo_floor: int = 0
    blanks: int = 0
    solo: SoloState | None = None
    prev_seat: int = 0
    resume_stage: Stage = Stage.PLAY
    winners: list[int] = field(default_factory=list)
    countdown: int | None = field(default=None, metadata=OMIT_DEFAULT)
    """The classic countdown marker, 4 to 0 (RC-3.8); ``None`` in the 2nd edition."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""
        return None if self.stage is Stage.OVER else self.turn.seat

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        return from_data(cls, data)

    def copy(self) -> GameState:
        """An independent deep copy (immutable parts shared, see :mod:`core.clone`)."""
        return cloner(GameState)(self)

    @property
    def last_seat(self) -> int:
        """The seat before the starting seat: it plays the last regular turn (R-10.1)."""
        return (self.start_seat - 1) % self.players
