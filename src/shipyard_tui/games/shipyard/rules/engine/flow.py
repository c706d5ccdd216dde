"""The turn flow: how one part of the game hands the game on to another.

A part of the game (an action, the shakedown, the end) does not call another part's
functions: when it is done, or when something it did calls for another part, it
takes one of the transitions declared here, and the part that owns that transition
carries it out. Each owner registers its function where it defines it
(``@flow.finish_action.carried_out_by``), as the decisions and the move handlers are
registered in :mod:`.registry`. So the engine's modules import this module and
:mod:`.common`, never each other in a circle, and the whole flow of a turn reads here:

- a regular turn (R-3): :data:`begin_turn` (step 1, or an automa seat's whole turn by
  :data:`automa_turn`); the chosen and bonus actions (R-4) each from
  :data:`start_action` to :data:`finish_action`; then step 5, :data:`begin_shakedown`;
  then :data:`end_turn`, which may call for discards (:data:`require_discards`,
  :data:`next_discard`) before :data:`continue_play` names the next seat;
- the end (R-10): :func:`trigger_end`, then once every seat has played as many turns
  :data:`begin_final`; a final action's or a last chance's shakedown ends with
  :data:`end_final_turn` or :data:`end_last_chance_turn`.

The transitions run the very functions the parts define, in the same order, so taking
a transition changes nothing in the game but the route of the call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import Action
from shipyard_tui.games.shipyard.rules.engine.common import Events, RulesError
from shipyard_tui.games.shipyard.rules.state import GameState, Role

P = ParamSpec("P")


class Transition(Generic[P]):
    """One transition of the turn flow: declared here, carried out by its owner."""

    __slots__ = ("_run", "name", "owner")

    def __init__(self, name: str, owner: str) -> None:
        self.name = name
        self.owner = owner
        """The engine module that carries the transition out."""
        self._run: Callable[P, None] | None = None

    def carried_out_by(self, run: Callable[P, None]) -> Callable[P, None]:
        """Register ``run`` as what the transition does (once); returns ``run``."""
        if self._run is not None:
            raise RulesError(f"the transition {self.name} is carried out twice")
        self._run = run
        return run

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> None:
        run = self._run
        if run is None:
            raise RulesError(f"nothing carries out the transition {self.name} "
                             f"(the engine module {self.owner} is not loaded)")
        run(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<transition {self.name} of {self.owner}>"


# -- the regular turn (R-3, R-4) ----------------------------------------------

begin_turn: Transition[[GameState, int, Events]] = Transition("begin_turn", "turn_track")
"""Seat ``s``'s turn starts: step 1 (R-3.1), or the automa's whole turn (R-12)."""

automa_turn: Transition[[GameState, int, bool, Events]] = Transition("automa_turn",
                                                                     "turn_track")
"""An automa seat plays its turn from the solo tiles (R-12); ``first``: a first turn."""

start_action: Transition[[GameState, Action, Role, Events]] = Transition("start_action",
                                                                         "turn_track")
"""The seat to move starts an action, chosen, bonus or final (R-4, R-3.4, R-10.3)."""

finish_action: Transition[[GameState, Events]] = Transition("finish_action", "turn_track")
"""The action in progress is complete: on to the chosen action after a bonus one, to
a bonus action, or to the shakedown (R-3.4, R-3.5)."""

begin_shakedown: Transition[[GameState, Events]] = Transition("begin_shakedown", "shakedown")
"""Step 5 (R-7): the seat's completed ships are loaded and sail, one by one."""

end_turn: Transition[[GameState, Events]] = Transition("end_turn", "turn_track")
"""A regular turn is over (R-3.8): a completed rotation, then the next seat."""

continue_play: Transition[[GameState, Events]] = Transition("continue_play", "turn_track")
"""After a turn and any discards: the next seat's turn, or the final actions (R-10.3)."""

# -- discards and the end (R-3.9, R-10) ---------------------------------------

require_discards: Transition[[GameState, int, Events]] = Transition("require_discards",
                                                                    "ending")
"""Seats holding more than ``target`` contracts of a colour must discard (R-3.9)."""

next_discard: Transition[[GameState, Events]] = Transition("next_discard", "ending")
"""The next seat in the discard queue discards (R-3.9)."""

begin_final: Transition[[GameState, Events]] = Transition("begin_final", "ending")
"""The final actions start (R-10.3)."""

end_final_turn: Transition[[GameState, Events]] = Transition("end_final_turn", "ending")
"""A final action's shakedown is over: the next seat's final action (R-10.3)."""

end_last_chance_turn: Transition[[GameState, Events]] = Transition("end_last_chance_turn",
                                                                   "ending")
"""A last chance is over: the next seat's last chance (R-10.4)."""


def trigger_end(state: GameState, reason: str, out: Events) -> None:
    """Something ends the game (R-10.1, R-10.2): the first trigger is noted; play goes
    on until every seat has had as many turns."""
    if state.end_trigger is None:
        state.end_trigger = reason
        out.append(ev.EndTriggered(reason, state.turn.seat))


TRANSITIONS: tuple[Transition[...], ...] = (
    begin_turn, automa_turn, start_action, finish_action, begin_shakedown, end_turn,
    continue_play, require_discards, next_discard, begin_final, end_final_turn,
    end_last_chance_turn,
)
"""Every transition, in the order of a game."""


def unowned() -> list[str]:
    """The transitions nothing carries out yet (none once the engine is loaded)."""
    return [t.name for t in TRANSITIONS if t._run is None]
