"""The checked decision loop a game builds on: play, undo, replay and the save's frame.

:class:`GameLoop` holds a game's configuration, state, moves played and events, and
implements the parts of :class:`~.protocol.DecisionLoop` that do not depend on the
rules: checking a move against the legal ones (:meth:`GameLoop.play`), taking one back
by replaying the others (:meth:`GameLoop.undo`), rebuilding a game from its moves, and
the frame of a save (:meth:`GameLoop.to_json`, :func:`check_save`). A game subclasses it
and provides the hooks: :meth:`~GameLoop.start`, :meth:`~GameLoop.legal_moves`,
:meth:`~GameLoop.apply`, :meth:`~GameLoop.parse`, :attr:`~GameLoop.is_over`,
:attr:`~GameLoop.prompt` and :meth:`~GameLoop.seat_name`.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from shipyard_tui.core.codec import to_data
from shipyard_tui.core.events import Event, event_to_json
from shipyard_tui.core.moves import Move, MoveSyntaxError


class LoopState(Protocol):
    """What the loop needs of a game's state."""

    undo_floor: int
    """The number of moves before which undo may not go (a shuffle, a secret revealed)."""

    @property
    def to_move(self) -> int | None: ...

    def to_dict(self) -> dict[str, Any]: ...


ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT", bound=LoopState)
MoveT = TypeVar("MoveT", bound=Move)
EventT = TypeVar("EventT", bound=Event)


class IllegalMoveError(ValueError):
    """Raised by :meth:`GameLoop.play` for a move that is not legal now."""


class GameLoop(Generic[ConfigT, StateT, MoveT, EventT]):
    """A game: its configuration, its state, the moves played and the events.

    ``play`` checks a move and raises :class:`IllegalMoveError` with a reason;
    ``push`` plays a move from :meth:`legal_moves` without checking it.
    """

    __slots__ = ("_noted", "_notes", "config", "events", "moves", "state")

    save_format: ClassVar[str] = ""
    """The ``format`` of the game's saves."""
    save_version: ClassVar[int] = 1
    undo_scope: ClassVar[str] = "turn"
    """What undo stays inside, for its message ("nothing to undo in this turn")."""

    config: ConfigT
    state: StateT
    moves: list[MoveT]
    events: list[EventT]

    def __init__(self, config: ConfigT) -> None:
        self.config = config
        self.state, self.events = self.start(config)
        self.moves = []
        self._noted: list[MoveT] = []
        self._notes: list[str] = []

    # -- the hooks a game provides --------------------------------------------

    def start(self, config: ConfigT) -> tuple[StateT, list[EventT]]:
        """The state at the start of a game of ``config`` and the events of its setup."""
        raise NotImplementedError

    def legal_moves(self) -> list[MoveT]:
        """The legal moves of the seat to decide, in a fixed order."""
        raise NotImplementedError

    def apply(self, move: MoveT) -> None:
        """Play a legal move on the state, appending its events to :attr:`events`."""
        raise NotImplementedError

    def parse(self, text: str) -> MoveT:
        """Read a move of this game from its notation, at the decision the game stands
        at (raises :class:`MoveSyntaxError`)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        """What the seat to move has to do, in a few words."""
        raise NotImplementedError

    def seat_name(self) -> str:
        """The name of the seat that decides now (for the message of an illegal move)."""
        raise NotImplementedError

    # -- the decision loop ----------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""
        return self.state.to_move

    def push(self, move: MoveT) -> list[EventT]:
        """Play a move known to be legal; return the events it caused."""
        start = len(self.events)
        self.apply(move)
        self.moves.append(move)
        return self.events[start:]

    def play(self, move: MoveT | str) -> list[EventT]:
        """Check and play a move (or its notation); return the events it caused."""
        if isinstance(move, str):
            try:
                move = self.parse(move)
            except MoveSyntaxError as exc:
                raise IllegalMoveError(str(exc)) from None
        if self.is_over:
            raise IllegalMoveError(f"{move} is not legal: the game is over")
        legal = self.legal_moves()
        if move not in legal:
            sample = ", ".join(str(m) for m in legal[:6])
            more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
            raise IllegalMoveError(
                f"{move} is not legal now: {self.seat_name()} has to {self.prompt} "
                f"(legal: {sample}{more})"
            )
        return self.push(move)

    # -- undo -----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether the last move may be taken back: only back to the state's undo floor
        (never across revealed information or randomness)."""
        return len(self.moves) > self.state.undo_floor

    def undo(self) -> MoveT:
        """Take back the last move and return it."""
        if not self.can_undo:
            raise IllegalMoveError(f"nothing to undo in this {self.undo_scope}")
        last = self.moves[-1]
        fresh = self.replay(self.config, self.moves[:-1])
        self.state, self.events, self.moves = fresh.state, fresh.events, fresh.moves
        return last

    # -- building a game ------------------------------------------------------

    @classmethod
    def bare(cls, config: ConfigT, state: StateT, moves: list[MoveT],
             events: list[EventT]) -> Self:
        """A game made of these parts, as they are (nothing is played or checked)."""
        game = cls.__new__(cls)
        game.config = config
        game.state = state
        game.moves = moves
        game.events = events
        game._noted, game._notes = [], []
        return game

    @classmethod
    def replay(cls, config: ConfigT, moves: Sequence[MoveT | str]) -> Self:
        """Rebuild a game from its configuration and moves or their notations (each
        move is checked; a notation is read at the decision it answers)."""
        game = cls(config)
        for move in moves:
            game.play(move)
        return game

    # -- saves ----------------------------------------------------------------

    def json_header(self) -> dict[str, Any]:
        """Keys a game adds to its save between the version and the configuration."""
        return {}

    def notations(self) -> list[str]:
        """The notations of the moves played, as a save writes them.

        A save is written after every move, so each move's notation is written once
        and kept (issue 39): a move is a frozen value, so the notation of one move
        object never changes. Kept notations are used only while the moves they were
        written for are the very same objects at the same places; a takeback keeps a
        prefix of them, and moves replaced any other way are written again.
        """
        moves, noted = self.moves, self._noted
        kept = min(len(noted), len(moves)) if all(map(operator.is_, noted, moves)) else 0
        notes = self._notes[:kept] + [str(m) for m in moves[kept:]]
        self._noted, self._notes = list(moves), notes
        return list(notes)

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]:
        """The game as JSON-ready data: format, version, configuration, moves, state
        (and with ``with_events`` the events)."""
        data: dict[str, Any] = {
            "format": self.save_format,
            "version": self.save_version,
            **self.json_header(),
            "config": to_data(self.config),
            "moves": self.notations(),
            "state": self.state.to_dict(),
        }
        if with_events:
            data["events"] = [event_to_json(e) for e in self.events]
        return data


def check_save(data: Any, save_format: str, version: int, game_name: str) -> list[str]:
    """The move notations of a save written by :meth:`GameLoop.to_json`, once its frame
    is checked; a :class:`ValueError` says what is wrong with it.

    >>> check_save({"format": "dice", "version": 1, "config": {}, "moves": ["roll"],
    ...             "state": {}}, "dice", 1, "Dice")
    ['roll']
    >>> check_save({"format": "dice", "version": 1}, "dice", 1, "Dice")
    Traceback (most recent call last):
    ...
    ValueError: the game lacks config, moves, state
    """
    if not isinstance(data, dict) or data.get("format") != save_format:
        raise ValueError(f"not a {game_name} game")
    if data.get("version") != version:
        raise ValueError(f"unsupported game format version {data.get('version')!r}")
    missing = [k for k in ("config", "moves", "state") if k not in data]
    if missing:
        raise ValueError(f"the game lacks {', '.join(missing)}")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("the move list is damaged")
    return moves
