"""The solo automa's turns shown one at a time (R-12.2, R-12.3).

The rules play the automa's turns inside the move that hands them the turn; this
replays them from that move's events, each for a moment: the choice panel tells the
turn in a few lines, the action track marks the tile it took, and the board shows the
table as it stood at the end of that turn (the rules replay the move on the position
before it). Space or Esc skips.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from shipyard_tui.games.shipyard.rules import Action, Event, GameState
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import events_for
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import AutomaStep, automa_steps
from shipyard_tui.model import GameModel
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel


class AutomaReplay:
    """Shows the automa turns among a move's events, then hands the screen back."""

    def __init__(self, screen: Screen[Any], model: GameModel, delay: float,
                 done: Callable[[], None]) -> None:
        self.screen = screen
        self.model = model
        self.delay = delay
        """Seconds each automa turn stays on screen (0: no replay)."""
        self._done = done
        self._steps: list[AutomaStep] | None = None
        self._boards: dict[int, GameState] = {}
        """The table at the end of each automa turn being shown, by turn number."""
        self._timer: Timer | None = None

    @property
    def active(self) -> bool:
        return self._steps is not None

    def start(self, events: tuple[Event, ...]) -> bool:
        """Replay the automa turns among ``events``; whether there were any."""
        if self.delay <= 0:
            return False
        state = self.model.game.state
        automa = {i for i, seat in enumerate(state.seats) if seat.is_automa}
        visible = events_for(list(events), self.model.viewer)
        steps = automa_steps([s.name for s in state.seats], visible, automa)
        if not steps:
            return False
        self.stop()
        self._steps = steps
        self._boards = self.model.boards_after_automa_turns()
        self.model.set_key_hints({})  # the board's letters are for a decision not shown
        self._next()
        return True

    def _next(self) -> None:
        self._timer = None
        if not self._steps:
            self.finish()
            return
        step = self._steps.pop(0)
        self.model.show_past(self._boards.get(step.turn))
        name = self.model.game.state.seats[step.seat].name
        text = "\n".join(step.lines) or "nothing happens"
        self.screen.query_one(ChoicePanel).set_choices(
            f"{name} (automa) — space or Esc: skip\n{text}", [])
        self.screen.query_one(StatusLine).say("its turn (space: skip)", step.seat,
                                              step.round or None)
        if step.action is not None:
            self.model.set_highlight(mv.Choose(Action(step.action)))
        self._timer = self.screen.set_timer(self.delay, self._next)

    def stop(self) -> None:
        """Stop the clock (the screen is going away)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.model.show_past(None)

    def finish(self) -> None:
        """Skip what is left and give the screen back."""
        self.stop()
        self._steps = None
        self.model.set_highlight(None)
        self._done()
