"""The Nauticus table: wheel, seats, supply, choices, log and a status line.

Nauticus's part of the shared table screen (:class:`~shipyard_tui.ui.screens.table.
TableScreen`, which plays the moves through the model, paces the bots and gives the
hint): its widgets, its choice labels and its help.

Keys: arrows and Enter (or an option's letter) choose a move; ``u`` takes back the last
move of the seat deciding now (back to the last shuffle); ``r`` shows each seat in
full in turn (warehouse, deliveries); ``space`` lets a bot move now instead of after
its pause; ``?`` the rules and keys; ``v`` the review once the game is over; ``H`` a
hint (the strong bot's choice, highlighted); ``ctrl+s`` saves under a name; ``q``
leaves for the title screen (the game is autosaved after every move).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Footer, Static

from shipyard_tui.core import SeatDriver
from shipyard_tui.core.choices import Choice, Repeat
from shipyard_tui.games.nauticus import Move, NauticusGame, action_used
from shipyard_tui.games.nauticus.rules.moves import Crown, Done, EndGo, Withdraw
from shipyard_tui.games.nauticus.ui.widgets import (
    LogPanel,
    NauticusStatus,
    SeatsPanel,
    SupplyPanel,
    WheelPanel,
)
from shipyard_tui.games.nauticus.words import event_words, move_words
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.table import (
    HELP,
    HINT,
    LEAVE,
    LOBBY,
    SAVE_AS,
    SKIP,
    UNDO,
    TablePolicy,
    TableScreen,
)
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

REPEATABLE = (Withdraw, Crown)
"""Moves that are one use of an action with several uses, each alike."""

MAX_REPEAT = 20
"""More uses than a seat can have of one action (a bound, not a rule)."""

WIDE_FROM = 120
"""From this width on the choices get more room (their long lines wrap less)."""

TOP_ROWS = 10
"""The wheel's height, and the least the top row (wheel and seats) takes."""

BOTTOM_ROWS = 16
"""What the top row leaves below it at least: the choices, status line and footer."""

WHEEL_WIDTH = 38
"""The wheel's width (as ``DEFAULT_CSS`` gives it): the seats take the rest of the row."""


def repeats_counted(lines: list[str]) -> list[str]:
    """The same line several times in a row, once with the count: a crown evaluation of
    five uses wrote "Ann +1 VP: 1 crown" five times and filled the log at 80x24.

    >>> repeats_counted(["a", "b", "b", "b", "a"])
    ['a', 'b (×3)', 'a']
    """
    counted = ((line, sum(1 for _ in run)) for line, run in groupby(lines))
    return [f"{line} (×{n})" if n > 1 else line for line, n in counted]


class NauticusScreen(TableScreen):
    """One game of Nauticus between the configured seats, on the shared table screen:
    moves and takebacks go through the model, whose commit hooks (the app autosaves
    there) run before the next decision can be made."""

    TOO_SMALL = "nauticus-too-small"

    BINDINGS = [
        UNDO,
        Binding("r", "next_view", "Seats"),
        HELP,
        Binding("v", "review", "Review"),
        HINT,
        SKIP,
        Binding("pageup", "scroll_log(-1)", "Log up", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False, priority=True),
        SAVE_AS,
        LEAVE,
        LOBBY,
    ]

    DEFAULT_CSS = """
    NauticusScreen #top {
        height: 10;
    }
    NauticusScreen WheelPanel {
        height: 10;
    }
    NauticusScreen #bottom {
        height: 1fr;
    }
    NauticusScreen WheelPanel, NauticusScreen ChoicePanel {
        width: 38;
    }
    NauticusScreen SeatsPanel, NauticusScreen #nauticus-side {
        width: 1fr;
    }
    NauticusScreen.-wide ChoicePanel {
        width: 64;
    }
    NauticusScreen ChoicePanel {
        border: round $secondary;
    }
    NauticusScreen LogPanel {
        border: round $secondary;
        height: 1fr;
        scrollbar-size: 1 1;
    }
    NauticusScreen #nauticus-too-small {
        display: none;
    }
    NauticusScreen.-tiny #nauticus-too-small {
        display: block;
        height: 1fr;
        content-align: center middle;
        text-align: center;
    }
    NauticusScreen.-tiny #top, NauticusScreen.-tiny #bottom, NauticusScreen.-tiny #status {
        display: none;
    }
    NauticusScreen #status {
        height: 1;
        background: $panel;
        text-style: bold;
    }
    """

    def __init__(self, model: GameModel, *, bot_delay: float = 0.4,
                 bot_budget_ms: float | None = None,
                 driver: SeatDriver[Any, Any] | None = None,
                 policy: TablePolicy | None = None) -> None:
        super().__init__(model, bot_delay=bot_delay, bot_budget_ms=bot_budget_ms,
                         driver=driver, policy=policy)
        self._logged = 0
        self._review_shown = False
        self._repeated: tuple[int, int] | None = None
        """The moves (from, to) the last "every use left" choice played, undone together."""

    @property
    def game(self) -> NauticusGame:
        """The game on the table (the model's)."""
        game: NauticusGame = self.model.game
        return game

    def compose(self) -> ComposeResult:
        model = self.model
        with Horizontal(id="top"):
            yield WheelPanel(model)
            yield SeatsPanel(model)
        with Horizontal(id="bottom"):
            yield ChoicePanel()
            with Vertical(id="nauticus-side"):
                yield SupplyPanel(model)
                yield LogPanel(id="log")
        yield NauticusStatus(id="status")
        yield Static("", id=self.TOO_SMALL, markup=False)
        yield Footer()

    @while_open  # a table taken down before it was shown (two tables' news at once)
    def on_mount(self) -> None:
        self.query_one(LogPanel).border_title = "Log"
        self.refresh_table()

    @while_open
    def on_resize(self, event: events.Resize) -> None:
        """A wide terminal gives the choices more room (the log wraps its lines again
        itself)."""
        width, height = event.size.width, event.size.height
        self.set_class(width >= WIDE_FROM, "-wide")
        self._fit_top(width, height)
        self.fit(width, height)

    def _fit_top(self, width: int | None = None, height: int | None = None) -> None:
        """Make the top row as tall as every seat's lines need (a play-test at 160x50
        never saw a warehouse: the seats had 8 rows, the choices 30 blank ones),
        leaving the rest at least :data:`BOTTOM_ROWS`; at 80x24 it stays 10."""
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        seats = self.query_one(SeatsPanel)
        needed = seats.rows_needed(width - WHEEL_WIDTH - 4) + 2
        rows = max(TOP_ROWS, min(needed, height - BOTTOM_ROWS))
        top = self.query_one("#top")
        if top.styles.height is None or top.styles.height.value != rows:
            top.styles.height = rows
        seats.refresh()

    def _log_entries(self, start: int) -> list[str]:
        names = [s.name for s in self.game.state.seats]
        note = self.model.log_note
        return repeats_counted([line + note(i)
                                for i, event in enumerate(self.game.events[start:], start)
                                if (line := event_words(event, names)) is not None])

    def _rewrite_log(self) -> None:
        self.query_one(LogPanel).set_entries(self._log_entries(0))
        self._logged = len(self.game.events)

    def _write_log(self) -> None:
        log = self.query_one(LogPanel)
        for line in self._log_entries(self._logged):
            log.add(line)
        self._logged = len(self.game.events)

    def action_scroll_log(self, direction: int) -> None:
        """PageUp/PageDown: the log, whose older lines scroll out of its few rows."""
        log = self.query_one(LogPanel)
        if direction > 0:
            log.scroll_page_down()
        else:
            log.scroll_page_up()

    # -- drawing ------------------------------------------------------------

    def changed(self, change: Change) -> None:
        if self._holding:
            return
        if change.kind in (ChangeKind.UNDO, ChangeKind.LOAD):
            self._rewrite_log()
        self.refresh_table()

    @while_open
    def refresh_table(self) -> None:
        """Draw the game as it is now and ask whoever decides next."""
        game = self.game
        view = self.model.view
        self._fit_top()
        names = [s.name for s in view.seats]
        self._write_log()
        panel = self.query_one(ChoicePanel)
        seat = game.to_move
        if seat is None:
            self.refresh_bindings()  # the review key is offered from now on
            outcome = game.outcome()
            assert outcome is not None
            winners = " and ".join(names[i] for i in outcome.winners)
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, outcome.scores, strict=True))
            self.status(f"Game over: {winners} won ({scores}). v: review, q: leave",
                        f"Game over: {winners} won. v: review, q: leave",
                        "Game over. v: review, q: leave")
            panel.set_choices("The game is over. v: where every VP came from.", [])
            if not self._review_shown:
                self._review_shown = True
                self.call_after_refresh(self.action_review)
            return
        who = names[seat]
        if self.bots.driver.bot_to_move(game):
            self.status(f"{who} (bot) has to {game.prompt}... (space: move now)",
                        f"{who} (bot) is thinking... (space: move now)",
                        f"{who} (bot) is thinking...")
            panel.set_choices(f"{who} is thinking (space: move now).", [])
            self.bots.schedule()
            return
        self.status(f"{who}'s decision: {game.prompt}.", f"{who}'s decision.")
        if not self.decides_here(seat):
            panel.set_choices(self.waiting_for(seat)[0], [])
            return
        choices = [Choice(move_words(game.state, m), m)
                   for m in game.legal_moves()]
        choices[1:1] = self._repeats(game.legal_moves())
        calm = next((c.move for c in choices if isinstance(c.move, EndGo)
                     or (isinstance(c.move, Done) and action_used(game.state))), None)
        panel.set_choices(f"{who}, {game.prompt}:", choices, keep=calm)
        panel.options.focus()
        self.guide()

    def guide_region(self) -> Region:
        """A guide note goes over the supply and the log, beside the choices."""
        return self.query_one("#nauticus-side").region

    def _repeats(self, legal: list[Move]) -> list[Choice]:
        """For a use that may be taken again (Withdraw money, Crown evaluation: NA-7.2,
        NA-7.4), one choice that takes every use left: a play-test withdrew seven times
        in eight decisions. The rules count the uses, on a copy of the game."""
        game = self.game
        out = []
        for move in legal:
            if not isinstance(move, REPEATABLE):
                continue
            trial = NauticusGame.from_state(game.state.copy())
            seat, times = trial.to_move, 0
            while times < MAX_REPEAT and trial.to_move == seat and move in trial.legal_moves():
                trial.play(move)
                times += 1
            if times > 1:
                out.append(Choice(f"{move_words(game.state, move)}, {times} times (every use left)",
                                  Repeat(move, times)))
        return out

    def say_status(self, text: str) -> None:
        self.status(text)

    def status(self, *wordings: str) -> None:
        """Say on the status line what happens now, in wordings longest first (the
        longest that fits is shown: :class:`NauticusStatus`)."""
        self.query_one(NauticusStatus).wordings = wordings

    # -- moves --------------------------------------------------------------

    def on_choice_panel_chosen(self, message: ChoicePanel.Chosen) -> None:
        seat = self.game.to_move
        if (seat is None or not self.decides_here(seat)
                or not self.query_one(ChoicePanel).answers(message.decision)
                or self.app.screen is not self):
            return  # a second quick Enter, for the decision the first one answered
        move = message.move
        self.query_one(LogPanel).follow()  # what the move does is read at the end
        revision = self.model.revision
        if isinstance(move, Repeat) and isinstance(move.move, Move):
            # each use checked by the rules as it is played; the log counts them once
            before = self.model.moves_played
            self.play_in_a_row([move.move] * move.times, revision, hold=True)
            self._repeated = (before, self.model.moves_played)
            return
        if not isinstance(move, Move):
            return  # the panel only ever holds Nauticus's moves of this decision
        self._repeated = None
        self.play_one(move, revision)

    NOTHING_TO_UNDO = ("Nothing to take back in this decision (not across a shuffle "
                       "or another seat's move).")

    def take_back(self) -> None:
        span, self._repeated = self._repeated, None
        # the uses one choice played are taken back together, as they were chosen
        count = span[1] - span[0] if span and self.model.moves_played == span[1] else 1
        self._holding = True
        try:
            for _ in range(count):
                if not self.model.can_undo:
                    break
                self.model.undo()
        finally:
            self._holding = False
        self._rewrite_log()
        self.refresh_table()

    def action_next_view(self) -> None:
        wheel = self.query_one(WheelPanel)
        seats = len(self.game.state.seats)
        wheel.detail = wheel.detail + 1 if wheel.detail + 1 < seats else -1

    def help_screen(self) -> Screen[Any]:
        from shipyard_tui.games.nauticus.ui.help import NauticusHelpScreen

        return NauticusHelpScreen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The review key is offered once the game is over (before, it only said so)."""
        if action == "review":
            return self.game.is_over
        return super().check_action(action, parameters)

    def action_review(self) -> None:
        from shipyard_tui.games.nauticus.ui.review import NauticusReviewScreen

        self.app.push_screen(NauticusReviewScreen(self.game))
