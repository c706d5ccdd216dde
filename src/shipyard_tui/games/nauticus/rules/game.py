"""The decision loop of Nauticus, with the same protocol as Shipyard's ``Game``.

>>> from shipyard_tui.games.shipyard.rules import SeatConfig
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

from shipyard_tui.core.codec import from_data
from shipyard_tui.core.loop import GameLoop, check_save
from shipyard_tui.core.loop import IllegalMoveError as IllegalMoveError
from shipyard_tui.games.nauticus.rules import engine
from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules.events import Event, GameStarted, event_from_json
from shipyard_tui.games.nauticus.rules.moves import (
    Buy,
    Choose,
    Done,
    EndGo,
    Extra,
    Move,
    Pass,
    parse_move,
)
from shipyard_tui.games.nauticus.rules.state import NauticusConfig, NauticusState, Step

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
"""The prompt of each step when every kind of move of the step is on offer."""

_KIND_WORDS: dict[Step, tuple[str, str, str]] = {
    # the use of the action, its alternative, the extra action
    Step.GO: ("perform the action", "pass", "play the extra action"),
    Step.ACT: ("use the action once more", "finish", ""),
    Step.AFTER: ("", "end the go", "play the extra action"),
}


def decision_prompt(step: Step, moves: list[Move], *, used: bool = True) -> str:
    """What the seat to move has to do, naming only the kinds of move among ``moves``
    (the legal moves): with no crowns to evaluate there is nothing to perform, and once
    the extra action is played it is no longer offered. ``used``: whether the action
    being performed has been used yet (:func:`action_used`); an extra action starts
    unused, so it is not offered "once more".

    >>> from shipyard_tui.games.nauticus.rules.catalog import Action
    >>> decision_prompt(Step.GO, [Pass(), Extra(Action("hulls"))])
    'pass, or play the extra action'
    >>> decision_prompt(Step.GO, [Pass()])
    'pass'
    """
    words = _KIND_WORDS.get(step)
    if words is None:
        return STEP_PROMPTS[step]
    use, other, extra = words
    if step is Step.ACT and not used:
        use = "use the action"
    kinds = [w for w, offered in (
        (use, any(not isinstance(m, (Pass, Done, EndGo, Extra)) for m in moves)),
        (other, any(isinstance(m, (Pass, Done, EndGo)) for m in moves)),
        (extra, any(isinstance(m, Extra) for m in moves)),
    ) if w and offered]
    if step is Step.AFTER:
        kinds.reverse()
    if not kinds:
        return STEP_PROMPTS[step]
    if len(kinds) == 1:
        return kinds[0]
    return ", ".join(kinds[:-1]) + ", or " + kinds[-1]


def action_used(state: NauticusState) -> bool:
    """Whether the action being performed has been used at least once (an extra
    action starts with no use, NA-12.1); ``False`` when none is being performed."""
    return state.perf is not None and state.perf.uses > 0


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


class NauticusGame(GameLoop[NauticusConfig, NauticusState, Move, Event]):
    """A game of Nauticus: configuration, state, moves played and events.

    ``play`` checks a move and raises :class:`IllegalMoveError` with a reason; ``push``
    plays a move from :meth:`legal_moves` without checking it. The loop itself
    (checking, undo, replay, the save's frame) is the core's
    (:class:`~shipyard_tui.core.loop.GameLoop`).
    """

    __slots__ = ()

    game_name = "nauticus"
    save_format = FORMAT
    save_version = FORMAT_VERSION
    undo_scope = "decision"

    # -- the hooks of the loop ----------------------------------------------

    def start(self, config: NauticusConfig) -> tuple[NauticusState, list[Event]]:
        return engine.new_game(config)

    def legal_moves(self) -> list[Move]:
        return engine.legal_moves(self.state)

    def apply(self, move: Move) -> None:
        engine.apply_move(self.state, move, self.events)

    def parse(self, text: str) -> Move:
        return parse_move(text)

    @property
    def is_over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def prompt(self) -> str:
        return decision_prompt(self.state.step, self.legal_moves(),
                               used=action_used(self.state))

    def seat_name(self) -> str:
        return self.state.seats[self.state.seat].name

    # -- views and results --------------------------------------------------

    def view(self, seat: int | None) -> NauticusState:
        """The state as ``seat`` sees it: everything is public (NA-14.1) except the
        generator, which would tell the future shuffles."""
        view = self.state.copy()
        view.rng = 0
        view.config = dataclasses.replace(view.config, seed=0)
        return view

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The event stream from index ``start`` on as ``seat`` sees it: the seed is
        withheld."""
        return [dataclasses.replace(e, seed=0) if isinstance(e, GameStarted) else e
                for e in self.events[start:]]

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        from shipyard_tui.games.nauticus.rules.scoring import leftovers

        seats = self.state.seats
        return Outcome(tuple(s.vp for s in seats),
                       tuple(leftovers(s).remainder for s in seats),
                       tuple(leftovers(s).total for s in seats),
                       tuple(self.state.winners))

    @classmethod
    def from_state(cls, state: NauticusState) -> NauticusGame:
        """A game that starts at ``state`` (no moves, no events): for bots' look-ahead."""
        return cls.bare(state.config, state, [], [])

    # -- serialisation ------------------------------------------------------

    @classmethod
    def from_json(cls, data: dict[str, Any], *, replay: bool = True) -> NauticusGame:
        """Read a game written by :meth:`to_json`; with ``replay`` the moves are replayed
        and must give the stored state."""
        notations = check_save(data, FORMAT, FORMAT_VERSION, "Nauticus")
        config = from_data(NauticusConfig, data["config"])
        try:
            config.validate()
            moves = [parse_move(m) for m in notations]
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
        return cls.bare(config, NauticusState.from_dict(data["state"]), moves,
                        [event_from_json(e) for e in data.get("events", [])])


def loses_a_free_tile(state: NauticusState, move: Move) -> bool:
    """Whether the legal ``move`` makes the seat lose a free tile for want of room or
    stock (NA-10.2): the chooser's bonus tile after choosing, or the all-four item after
    the purchase that completes the four (NA-6.2). Played on a copy of ``state``.

    Only choices and purchases give such tiles; any other move answers False at once.
    """
    if not isinstance(move, Choose | Buy):
        return False
    events = NauticusGame.from_state(state.copy()).push(move)
    return any((isinstance(e, ev.FreeItemTaken) and e.item is None)
               or (isinstance(e, ev.BonusReceived) and e.lost) for e in events)
