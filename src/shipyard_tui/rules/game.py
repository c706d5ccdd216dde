"""The one decision loop: who decides, the legal moves, play one.

>>> from shipyard_tui.rules import Game, GameConfig, SeatConfig
>>> game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3))
>>> seat = game.to_move
>>> moves = game.legal_moves()
>>> events = game.play(moves[0])
>>> game.moves == [moves[0]]
True
>>> Game.replay(game.config, game.moves).state.to_dict() == game.state.to_dict()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import engine
from .codec import from_data, to_data
from .events import Event, event_to_json
from .events import event_from_json as event_from_json
from .moves import Move, MoveSyntaxError, parse_move
from .state import DecisionStep as S
from .state import GameConfig, GameState, Stage
from .view import events_for, seat_view

FORMAT = "shipyard-game"
FORMAT_VERSION = 1

RULES_REVISION = 2
"""The revision of the rulings this engine plays (RULINGS.md "Revisions"). A game
played under an earlier revision replays differently (other contract points, another
equipment ring, other legal moves), so it can be read from its stored state for a
review but never replayed or continued."""

STEP_PROMPTS: dict[S, str] = engine.step_prompts()
"""What the seat to move is asked at each step; each part of the engine registers its own."""


class IllegalMoveError(ValueError):
    """Raised by :meth:`Game.play` for a move that is not legal now."""


class OldRulesError(ValueError):
    """Raised by :meth:`Game.from_json` when asked to replay a game played under an
    earlier revision of the rulings; the message says why it cannot be continued."""

    def __init__(self, rules: int) -> None:
        super().__init__(
            f"it was played under the rules of revision {rules}, before the corrections "
            f"of revision {RULES_REVISION} (the printed contract tables, the equipment "
            "ring order, the ship-tile end, the optional Helmsman, …). Its moves would "
            "play differently now, so it can only be reviewed (shipyard scores), not "
            "continued")
        self.rules = rules


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores, tie-break guilders and the winning seats (R-10.6)."""

    scores: tuple[int, ...]
    guilders: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


class Game:
    """A game of Shipyard: its configuration, its state, the moves played and the events.

    ``play`` checks a move and raises :class:`IllegalMoveError` with a reason;
    ``push`` plays a move from :meth:`legal_moves` without checking it.
    """

    __slots__ = ("config", "events", "moves", "rules", "state")

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.state, self.events = engine.new_game(config)
        self.moves: list[Move] = []
        self.rules = RULES_REVISION
        """The rulings revision the game was played under (older only for a review)."""

    # -- the decision loop ----------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.stage is Stage.OVER

    @property
    def prompt(self) -> str:
        """What the seat to move has to do, in a few words."""
        return STEP_PROMPTS[self.state.turn.step]

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to decide, in a fixed order."""
        return engine.legal_moves(self.state)

    def push(self, move: Move) -> list[Event]:
        """Play a move known to be legal; return the events it caused."""
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
            seat = self.state.seats[self.state.turn.seat].name
            sample = ", ".join(str(m) for m in legal[:6])
            more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
            raise IllegalMoveError(
                f"{move} is not legal now: {seat} has to {self.prompt} "
                f"(legal: {sample}{more})"
            )
        return self.push(move)

    # -- undo -----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether the last move may be taken back: only inside the current turn and
        never across revealed information or randomness."""
        return len(self.moves) > self.state.undo_floor

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo in this turn")
        last = self.moves[-1]
        fresh = Game.replay(self.config, self.moves[:-1])
        self.state, self.events, self.moves = fresh.state, fresh.events, fresh.moves
        return last

    # -- views and results ----------------------------------------------------

    def view(self, seat: int | None) -> GameState:
        """The state as ``seat`` may see it (R-11)."""
        return seat_view(self.state, seat)

    def events_for(self, seat: int | None) -> list[Event]:
        return events_for(self.events, seat)

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        if not self.is_over:
            return None
        seats = self.state.seats
        return Outcome(tuple(s.score for s in seats), tuple(s.guilders for s in seats),
                       tuple(self.state.winners))

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at ``state`` (no moves, no events: it cannot be undone or
        replayed). Bots use it to look ahead from a determinized view."""
        game = cls.__new__(cls)
        game.config = state.config
        game.state = state
        game.moves = []
        game.events = []
        game.rules = RULES_REVISION
        return game

    # -- serialisation and replay ---------------------------------------------

    @classmethod
    def replay(cls, config: GameConfig, moves: list[Move]) -> Game:
        """Rebuild a game from its configuration and moves (each move is checked)."""
        game = cls(config)
        for move in moves:
            game.play(move)
        return game

    def to_json(self, *, with_events: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "rules": self.rules,
            "config": to_data(self.config),
            "moves": [str(m) for m in self.moves],
            "state": self.state.to_dict(),
        }
        if with_events:
            data["events"] = [event_to_json(e) for e in self.events]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *, replay: bool = True) -> Game:
        """Read a game written by :meth:`to_json`.

        With ``replay`` the moves are replayed (and so checked) and the result must
        match the stored state; without it the stored state is taken as it is. A game
        of an earlier rulings revision (no ``rules`` key: revision 1) cannot be replayed
        (:class:`OldRulesError`); without ``replay`` it is read for a review.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Shipyard game")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unsupported game format version {data.get('version')!r}")
        missing = [k for k in ("config", "moves", "state") if k not in data]
        if missing:
            raise ValueError(f"the game lacks {', '.join(missing)}")
        if not isinstance(data["moves"], list) or not all(isinstance(m, str)
                                                          for m in data["moves"]):
            raise ValueError("the move list is damaged")
        if not isinstance(data["state"], dict):
            raise ValueError("the stored state is damaged")
        rules = data.get("rules", 1)
        if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
            raise ValueError(f"the rules revision {rules!r} is damaged")
        if rules > RULES_REVISION:
            raise ValueError(f"it was played under rules revision {rules}, newer than this "
                             f"version's {RULES_REVISION}: update the program")
        if rules < RULES_REVISION and replay:
            raise OldRulesError(rules)
        config = from_data(GameConfig, data["config"])
        try:
            config.validate()
        except ValueError as exc:
            raise ValueError(f"the configuration is damaged: {exc}") from None
        moves = [parse_move(m) for m in data["moves"]]
        if replay:
            game = cls.replay(config, moves)
            if game.state.to_dict() != data["state"]:
                raise ValueError("the stored state does not match a replay of the moves")
            return game
        game = cls.__new__(cls)
        game.config = config
        game.state = GameState.from_dict(_state_of_revision(data["state"], rules))
        game.moves = moves
        game.rules = rules
        game.events = [event_from_json(e) for e in data.get("events", [])]
        return game


def _state_of_revision(state: dict[str, Any], rules: int) -> dict[str, Any]:
    """A stored state of an earlier rulings revision, with the fields this revision
    added given the values they stand for there (revision 1: no Helmsman decision, so it
    was always used; no guilders kept for the chosen action)."""
    if rules >= RULES_REVISION or not isinstance(state.get("turn"), dict):
        return state
    turn = {"keep": 0, "helmsman": True, **state["turn"]}
    return {**state, "turn": turn}

