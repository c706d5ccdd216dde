"""Beacons' rules (see the package docstring): standard library and the core only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from shipyard_tui.core.codec import from_data, to_data
from shipyard_tui.core.events import Event, event_table
from shipyard_tui.core.events import event_from_json as core_event_from_json
from shipyard_tui.core.loop import GameLoop, check_save
from shipyard_tui.core.moves import Move, move_table, parse_notation
from shipyard_tui.core.rng import Rng, seed_state
from shipyard_tui.core.seats import SeatConfig

TURNS = 6
HAND = 3
DECK = tuple(range(1, 10)) * 2


@dataclass(frozen=True, slots=True)
class BeaconsConfig:
    seats: tuple[SeatConfig, ...]
    seed: int = 0

    def validate(self) -> None:
        if not 2 <= len(self.seats) <= 4:
            raise ValueError(f"Beacons needs 2 to 4 seats, not {len(self.seats)}")
        if len({s.name for s in self.seats}) != len(self.seats):
            raise ValueError("every seat needs a different name")


@dataclass(slots=True)
class BeaconsState:
    hands: list[list[int]]
    deck: list[int]
    beacon: int = 0
    scores: list[int] = field(default_factory=list)
    turns: int = 0
    rng: int = 0
    undo_floor: int = 0
    config: BeaconsConfig | None = None
    """The game's setup (a seat at a server table reads its seats from its view)."""

    @property
    def to_move(self) -> int | None:
        if self.turns >= TURNS * len(self.hands):
            return None
        return self.turns % len(self.hands)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data


@dataclass(frozen=True, slots=True)
class Light(Move):
    keyword: ClassVar[str] = "light"
    card: int


@dataclass(frozen=True, slots=True)
class Douse(Move):
    keyword: ClassVar[str] = "douse"


MOVES = move_table(Light, Douse)


@dataclass(frozen=True, slots=True)
class Lit(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Doused(Event):
    seat: int
    drew: bool


EVENTS = event_table(Lit, Doused)


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


class BeaconsGame(GameLoop[BeaconsConfig, BeaconsState, Move, Event]):
    save_format = "beacons"

    def start(self, config: BeaconsConfig) -> tuple[BeaconsState, list[Event]]:
        deck = list(DECK)
        rng = Rng(seed_state(config.seed))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in config.seats]
        return BeaconsState(hands, deck, scores=[0] * len(hands), rng=rng.state,
                            config=config), []

    def legal_moves(self) -> list[Move]:
        seat = self.state.to_move
        if seat is None:
            return []
        lights: list[Move] = [Light(c) for c in sorted(set(self.state.hands[seat]))
                              if c > self.state.beacon]
        return [*lights, Douse()]

    def apply(self, move: Move) -> None:
        state = self.state
        seat = state.to_move
        assert seat is not None
        if isinstance(move, Light):
            state.hands[seat].remove(move.card)
            state.scores[seat] += move.card
            state.beacon = move.card
            self.events.append(Lit(seat, move.card))
        else:
            state.beacon = 0
            drew = bool(state.deck)
            if drew:
                state.hands[seat].append(state.deck.pop())
                state.undo_floor = len(self.moves) + 1  # a card seen cannot be taken back
            self.events.append(Doused(seat, drew))
        state.turns += 1

    def parse(self, text: str) -> Move:
        return parse_notation(text, MOVES)

    @property
    def is_over(self) -> bool:
        return self.state.to_move is None

    @property
    def prompt(self) -> str:
        return "light the beacon or douse it"

    def seat_name(self) -> str:
        seat = self.state.to_move
        return self.config.seats[seat].name if seat is not None else ""

    def view(self, seat: int | None) -> BeaconsState:
        """What ``seat`` sees: its own hand; of the others' only how many cards they
        hold (each shown as 0), and of the deck only its size."""
        return BeaconsState(
            [list(h) if i == seat else [0] * len(h) for i, h in enumerate(self.state.hands)],
            [0] * len(self.state.deck), self.state.beacon, list(self.state.scores),
            self.state.turns, 0, self.state.undo_floor, self.config)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        best = max(self.state.scores)
        return Outcome(tuple(self.state.scores),
                       tuple(i for i, s in enumerate(self.state.scores) if s == best))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BeaconsGame:
        moves = check_save(data, cls.save_format, cls.save_version, "Beacons")
        config = from_data(BeaconsConfig, data["config"])
        config.validate()
        return cls.replay(config, moves)


def event_from_json(data: dict[str, Any]) -> Event:
    return core_event_from_json(data, EVENTS)


class RandomBot:
    """Any legal move, from the legal moves alone."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed_state(seed))

    def choose(self, view: BeaconsState, legal: list[Move]) -> Move:
        return self.choose_blind(legal)

    def choose_blind(self, legal: list[Move]) -> Move:
        return self.rng.choice(legal)


class CarefulBot:
    """Lights with its lowest card that lights the beacon; douses when none does."""

    name = "careful"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: BeaconsState, legal: list[Move]) -> Move:
        seat = view.turns % len(view.hands)
        assert all(c == 0 for i, h in enumerate(view.hands) if i != seat for c in h), \
            "a bot saw another seat's cards"
        return legal[0]
