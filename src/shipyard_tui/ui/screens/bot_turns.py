"""The bots' turns at a table played on this screen (of any game), thought over in a
worker thread.

The seat driver (:class:`~shipyard_tui.core.SeatDriver`) asks each bot from a copy of
the game, in a worker thread, so the keyboard stays live while a bot thinks (the strong
bot may take a quarter of a second a decision); the moves come back to the interface's
thread and are played there, one by one. Without a pause between bot moves, a worker
plays on for a few hundredths of a second before handing its moves back, so a game of
bots does not wait on drawing every move. With a pause, a bot thinks during it, while
people read the move before: its move is shown when both the pause and its thinking
are over (the expert level's second of thought and the pause overlap, issue 37).
Moves thought for a position that has since changed (an undo, a load, leaving the
table) are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from time import monotonic
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from shipyard_tui.core import SeatDriver
from shipyard_tui.model import GameModel

BATCH_SECONDS = 0.05
"""Without pauses, how long a worker lets bots play on before the screen is drawn."""


class BotTurns:
    """Paces the bots of one game screen: a pause, a worker thread, then the moves."""

    def __init__(self, screen: Screen[Any], model: GameModel,
                 driver: SeatDriver[Any, Any], delay: float,
                 can_play: Callable[[], bool]) -> None:
        self.screen = screen
        self.model = model
        self.driver = driver
        self.delay = delay
        """Seconds a bot waits before it moves, so people can follow (0: at once)."""
        self._can_play = can_play
        """Whether a move may be played now (not while the automa's turns are shown or
        the terminal is being handed over)."""
        self._timer: Timer | None = None
        """The rest of the pause, for moves thought before it ended."""
        self._queued = False
        self._thinking = False
        self._pending: list[Any] = []
        self._held: list[Any] = []
        """Moves thought over before the pause ended, shown when it does."""
        self._due = 0.0
        """When the pause before the next bot move ends (``time.monotonic``)."""
        self._hurried = False
        """Space was pressed while the bot thought: its move is shown at once."""
        self._generation = 0
        self.playing = False
        """True while a bot's move is being played on the model."""

    @property
    def busy(self) -> bool:
        """A bot is thinking, about to, or has moves waiting to be played (a pause
        before a bot moves does not count)."""
        return self._thinking or self._queued or bool(self._pending)

    def schedule(self) -> None:
        """A bot is to move: think at once; its move is shown after the pause (if any),
        counted from now."""
        if self.playing or self._thinking or self._queued or self._timer is not None:
            return
        self._queued = True
        if self._pending:
            self.screen.call_later(self._play_pending)
        else:
            self._due = monotonic() + max(0.0, self.delay)
            self._hurried = False
            self.screen.call_after_refresh(self._think)

    def hurry(self) -> bool:
        """Show the bot's move without waiting out the pause (at once if it is thought
        over, else as soon as it is); whether a bot was waiting for it."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._release()
            return True
        if self._thinking or self._queued:
            self._hurried = True
            return True
        return False

    def cancel(self) -> None:
        """Forget what is being thought over and what waits to be played."""
        self._generation += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._thinking = False
        self._pending.clear()
        self._held.clear()

    def _think(self) -> None:
        self._queued = False
        game = self.model.game
        if self._thinking or game.is_over or not self.driver.bot_to_move(game):
            return
        snapshot = self.model.kind.copy_game(game)
        generation = self._generation
        max_moves = 1 if self.delay > 0 else None
        app = self.screen.app
        self._thinking = True

        def work() -> None:
            moves = self.driver.play_bots(snapshot, max_moves=max_moves, seconds=BATCH_SECONDS)
            with suppress(RuntimeError):  # the app may close while a bot thinks
                app.call_from_thread(self._arrived, moves, generation)

        self.screen.run_worker(work, thread=True, group="bots")

    def _arrived(self, moves: list[Any], generation: int) -> None:
        if generation != self._generation:
            return
        self._thinking = False
        if not self.screen.is_attached:
            return
        self._held.extend(moves)
        wait = self._due - monotonic()
        if wait > 0 and not self._hurried:
            self._timer = self.screen.set_timer(wait, self._release)
        else:
            self._release()

    def _release(self) -> None:
        """The pause is over: show the moves thought during it (a change of the game
        meanwhile has cancelled them: :meth:`cancel`)."""
        self._timer = None
        self._pending.extend(self._held)
        self._held.clear()
        self._play_pending()

    def _play_pending(self) -> None:
        self._queued = False
        while self._pending and self._can_play():
            move = self._pending.pop(0)
            self.playing = True
            try:
                self.model.play(move)
            finally:
                self.playing = False
        game = self.model.game
        if self._can_play() and not game.is_over and self.driver.bot_to_move(game):
            self.schedule()
