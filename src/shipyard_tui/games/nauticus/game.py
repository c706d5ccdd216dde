"""The decision loop of Nauticus, with the same protocol as Shipyard's ``Game``.

>>> from shipyard_tui.rules import SeatConfig
>>> game = NauticusGame(NauticusConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3))
>>> moves = game.legal_moves()
>>> str(moves[0])
'choose hulls'
>>> events = game.play("choose hulls")
>>> NauticusGame.replay(game.config, game.moves).state.to_dict() == game.state.to_dict()
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from shipyard_tui.core.codec import from_data, to_data

from . import engine
from .events import Event, GameStarted, event_from_json, event_to_json
from .moves import Move, MoveSyntaxError, parse_move
from .state import NauticusConfig, NauticusState, Step

FORMAT = "nauticus-game"
FORMAT_VERSION = 1

STEP_PROMPTS: dict[Step, str] = {
    Step.CHOOSE: "choose an action tile",
    Step.BONUS: "choose the tile of the bonus",
    Step.GO: "perform the action, pass, or play the extra action",
    Step.ACT: "use the action once more, or finish",
    Step.REWARD: "choose a reward for the completed ship",
    Step.FREE: "choose the free item for buying all four",
    Step.AFTER: "play the extra action, or end the go",
    Step.OVER: "nothing: the game is over",
}


class IllegalMoveError(ValueError):
    """Raised by :meth:`NauticusGame.play` for a move that is not legal now."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final VP, the tie-breaks (leftover remainder, leftover total) and the winners
    (NA-13.5)."""

    scores: tuple[int, ...]
    remainders: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


class NauticusGame:
    """A game of Nauticus: configuration, state, moves played and events.

    ``play`` checks a move and raises :class:`IllegalMoveError` with a reason; ``push``
    plays a move from :meth:`legal_moves` without checking it.
    """

    __slots__ = ("config", "events", "moves", "state")

    game_name = "nauticus"

    def __init__(self, config: NauticusConfig) -> None:
        self.config = config
        self.state, self.events = engine.new_game(config)
        self.moves: list[Move] = []

    # -- the decision loop --------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def prompt(self) -> str:
        return STEP_PROMPTS[self.state.step]

    def legal_moves(self) -> list[Move]:
        return engine.legal_moves(self.state)

    def push(self, move: Move) -> list[Event]:
        start = len(self.events)
        engine.apply_move(self.state, move, self.events)
        self.moves.append(move)
        return self.events[start:]

    def play(self, move: Move | str) -> list[Event]:
        """Check and play a move (or its notation); return the events it caused."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except MoveSyntaxError as exc:
                raise IllegalMoveError(str(exc)) from None
        if self.is_over:
            raise IllegalMoveError(f"{move} is not legal: the game is over")
        legal = self.legal_moves()
        if move not in legal:
            seat = self.state.seats[self.state.seat].name
            sample = ", ".join(str(m) for m in legal[:6])
            more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
            raise IllegalMoveError(f"{move} is not legal now: {seat} has to {self.prompt} "
                                   f"(legal: {sample}{more})")
        return self.push(move)

    # -- undo ---------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Only moves of the seat deciding now, back to the last shuffle."""
        return len(self.moves) > self.state.undo_floor

    def undo(self) -> Move:
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo in this decision")
        last = self.moves[-1]
        fresh = NauticusGame.replay(self.config, self.moves[:-1])
        self.state, self.events, self.moves = fresh.state, fresh.events, fresh.moves
        return last

    # -- views and results --------------------------------------------------

    def view(self, seat: int | None) -> NauticusState:
        """The state as ``seat`` sees it: everything is public (NA-14.1) except the
        generator, which would tell the future shuffles."""
        view = self.state.copy()
        view.rng = 0
        view.config = dataclasses.replace(view.config, seed=0)
        return view

    def events_for(self, seat: int | None) -> list[Event]:
        """The event stream as ``seat`` sees it: the seed is withheld."""
        return [dataclasses.replace(e, seed=0) if isinstance(e, GameStarted) else e
                for e in self.events]

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        from .scoring import leftovers

        seats = self.state.seats
        return Outcome(tuple(s.vp for s in seats),
                       tuple(leftovers(s).remainder for s in seats),
                       tuple(leftovers(s).total for s in seats),
                       tuple(self.state.winners))

    @classmethod
    def from_state(cls, state: NauticusState) -> NauticusGame:
        """A game that starts at ``state`` (no moves, no events): for bots' look-ahead."""
        game = cls.__new__(cls)
        game.config = state.config
        game.state = state
        game.moves = []
        game.events = []
        return game

    # -- serialisation and replay -------------------------------------------

    @classmethod
    def replay(cls, config: NauticusConfig, moves: list[Move]) -> NauticusGame:
        game = cls(config)
        for move in moves:
            game.play(move)
        return game

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "config": to_data(self.config),
            "moves": [str(m) for m in self.moves],
            "state": self.state.to_dict(),
        }
        if with_events:
            data["events"] = [event_to_json(e) for e in self.events]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *, replay: bool = True) -> NauticusGame:
        """Read a game written by :meth:`to_json`; with ``replay`` the moves are replayed
        and must give the stored state."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Nauticus game")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unsupported game format version {data.get('version')!r}")
        missing = [k for k in ("config", "moves", "state") if k not in data]
        if missing:
            raise ValueError(f"the game lacks {', '.join(missing)}")
        moves_data = data["moves"]
        if not isinstance(moves_data, list) or not all(isinstance(m, str) for m in moves_data):
            raise ValueError("the move list is damaged")
        config = from_data(NauticusConfig, data["config"])
        try:
            config.validate()
            moves = [parse_move(m) for m in moves_data]
        except ValueError as exc:
            raise ValueError(f"the game is damaged: {exc}") from None
        if replay:
            try:
                game = cls.replay(config, moves)
            except IllegalMoveError as exc:
                raise ValueError(f"the move list does not replay: {exc}") from None
            if game.state.to_dict() != data["state"]:
                raise ValueError("the stored state does not match a replay of the moves")
            return game
        game = cls.__new__(cls)
        game.config = config
        game.state = NauticusState.from_dict(data["state"])
        game.moves = moves
        game.events = [event_from_json(e) for e in data.get("events", [])]
        return game
