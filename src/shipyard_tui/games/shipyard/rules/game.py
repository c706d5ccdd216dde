"""The one decision loop: who decides, the legal moves, play one.

>>> from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig
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

from shipyard_tui.core import game as core_game
from shipyard_tui.core.codec import from_data
from shipyard_tui.core.loop import GameLoop, check_save
from shipyard_tui.core.loop import IllegalMoveError as IllegalMoveError
from shipyard_tui.games.shipyard.rules import engine
from shipyard_tui.games.shipyard.rules.events import Event
from shipyard_tui.games.shipyard.rules.events import event_from_json as event_from_json
from shipyard_tui.games.shipyard.rules.moves import Move, parse_move, read_moves
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import GameConfig, GameState, Stage
from shipyard_tui.games.shipyard.rules.view import events_for, seat_view

FORMAT = "shipyard-game"
FORMAT_VERSION = 1

RULES_REVISION = 2
"""The revision of the rulings this engine plays (RULINGS.md "Revisions"). A game
played under an earlier revision replays differently (other contract points, another
equipment ring, other legal moves), so it can be read from its stored state for a
review but never replayed or continued."""

STEP_PROMPTS: dict[S, str] = engine.step_prompts()
"""What the seat to move is asked at each step; each part of the engine registers its own."""


class OldRulesError(core_game.OldRulesError):
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


class Game(GameLoop[GameConfig, GameState, Move, Event]):
    """A game of Shipyard: its configuration, its state, the moves played and the events.

    ``play`` checks a move and raises :class:`IllegalMoveError` with a reason;
    ``push`` plays a move from :meth:`legal_moves` without checking it. The loop
    itself (checking, undo, replay, the save's frame) is the core's
    (:class:`~shipyard_tui.core.loop.GameLoop`).
    """

    __slots__ = ("rules",)

    save_format = FORMAT
    save_version = FORMAT_VERSION

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.rules = RULES_REVISION
        """The rulings revision the game was played under (older only for a review)."""

    # -- the hooks of the loop ------------------------------------------------

    def start(self, config: GameConfig) -> tuple[GameState, list[Event]]:
        return engine.new_game(config)

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to decide, in a fixed order."""
        return engine.legal_moves(self.state)

    def apply(self, move: Move) -> None:
        engine.apply_move(self.state, move, self.events)

    def parse(self, text: str) -> Move:
        """Read a move at the decision the game stands at (``pass`` names the move of
        that decision: :func:`~.moves.parse_move`)."""
        return parse_move(text, self.state.turn.step)

    @property
    def is_over(self) -> bool:
        return self.state.stage is Stage.OVER

    @property
    def prompt(self) -> str:
        """What the seat to move has to do, in a few words."""
        return STEP_PROMPTS[self.state.turn.step]

    def seat_name(self) -> str:
        return self.state.seats[self.state.turn.seat].name

    # -- views and results ----------------------------------------------------

    def view(self, seat: int | None) -> GameState:
        """The state as ``seat`` may see it (R-11)."""
        return seat_view(self.state, seat)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events from index ``start`` on, as ``seat`` may see them (R-11)."""
        return events_for(self.events[start:], seat)

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        if not self.is_over:
            return None
        seats = self.state.seats
        return Outcome(tuple(s.score for s in seats), tuple(s.guilders for s in seats),
                       tuple(self.state.winners))

    @classmethod
    def bare(cls, config: GameConfig, state: GameState, moves: list[Move],
             events: list[Event], rules: int = RULES_REVISION) -> Game:
        game = super().bare(config, state, moves, events)
        game.rules = rules
        return game

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at ``state`` (no moves, no events: it cannot be undone or
        replayed). Bots use it to look ahead from a determinized view."""
        return cls.bare(state.config, state, [], [])

    # -- serialisation --------------------------------------------------------

    def json_header(self) -> dict[str, Any]:
        return {"rules": self.rules}

    @classmethod
    def from_json(cls, data: dict[str, Any], *, replay: bool = True) -> Game:
        """Read a game written by :meth:`to_json`.

        With ``replay`` the moves are replayed (and so checked) and the result must
        match the stored state; without it the stored state is taken as it is. A game
        of an earlier rulings revision (no ``rules`` key: revision 1) cannot be replayed
        (:class:`OldRulesError`); without ``replay`` it is read for a review.
        """
        notations = check_save(data, FORMAT, FORMAT_VERSION, "Shipyard")
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
        if replay:
            game = cls.replay(config, notations)
            if game.state.to_dict() != data["state"]:
                raise ValueError("the stored state does not match a replay of the moves")
            return game
        state = GameState.from_dict(_state_of_revision(data["state"], rules))
        return cls.bare(config, state, read_moves(notations),
                        [event_from_json(e) for e in data.get("events", [])], rules)


def _state_of_revision(state: dict[str, Any], rules: int) -> dict[str, Any]:
    """A stored state of an earlier rulings revision, with the fields this revision
    added given the values they stand for there (revision 1: no Helmsman decision, so it
    was always used; no guilders kept for the chosen action)."""
    if rules >= RULES_REVISION or not isinstance(state.get("turn"), dict):
        return state
    turn = {"keep": 0, "helmsman": True, **state["turn"]}
    return {**state, "turn": turn}

