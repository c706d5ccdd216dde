"""The Nauticus table: wheel, seats, supply, choices, log and a status line.

Nauticus's part of the shared table screen (:class:`~shipyard_tui.ui.screens.table.
TableScreen`, which plays the moves through the model, paces the bots and gives the
hint): its widgets, its choice labels and its help.

Keys: arrows and Enter (or an option's letter) choose a move; ``u`` takes back the last
move of the seat deciding now (back to the last shuffle); ``r`` shows the next part of
the table (the wheel, each seat's yard and warehouse, the supply) where the terminal
cannot show all of it; ``space`` lets a bot move now instead of after
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
from textual.widgets import Static

from shipyard_tui.core import SeatDriver
from shipyard_tui.core.choices import Choice, Repeat
from shipyard_tui.games.nauticus import Action, Move, NauticusGame, Step, action_used
from shipyard_tui.games.nauticus.rules.moves import Choose, Crown, Done, EndGo, Withdraw
from shipyard_tui.games.nauticus.ui.widgets import (
    LogPanel,
    NauticusStatus,
    PartsBar,
    SeatBoard,
    SeatsPanel,
    SupplyPanel,
    WheelPanel,
)
from shipyard_tui.games.nauticus.words import event_words, move_words
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.palette import seat_mark
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
from shipyard_tui.ui.widgets.key_bar import KeyBar

YARD_ACTIONS = frozenset({Action.HULLS, Action.MASTS, Action.SAILS, Action.GOODS,
                          Action.TRANSPORT, Action.DELIVER})
"""Actions whose uses put tiles in the yard or the warehouse, or take them out."""

REPEATABLE = (Withdraw, Crown)
"""Moves that are one use of an action with several uses, each alike."""

MAX_REPEAT = 20
"""More uses than a seat can have of one action (a bound, not a rule)."""

WIDE_FROM = 120
"""From this width (and :data:`TALL_FROM` rows) two parts of the table stand side by side
and the choices get more room."""

TALL_FROM = 35

WHOLE_TABLE = (160, 50)
"""From this size the whole table is shown at once, the choices in a column beside it."""

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
        Binding("r", "next_view", "Next part"),
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
    NauticusScreen #nauticus-board {
        height: auto;
    }
    NauticusScreen #nauticus-parts {
        height: 12;
    }
    NauticusScreen .part {
        width: 1fr;
        height: 100%;
    }
    NauticusScreen SeatsPanel {
        display: none;
    }
    NauticusScreen #nauticus-bottom {
        height: 1fr;
    }
    NauticusScreen ChoicePanel {
        width: 38;
        border-right: solid $primary;
    }
    NauticusScreen #nauticus-side {
        width: 1fr;
    }
    NauticusScreen LogPanel {
        height: 1fr;
        scrollbar-size: 1 1;
    }
    NauticusScreen.-wide #nauticus-parts {
        height: 16;
    }
    NauticusScreen.-wide WheelPanel {
        width: 75;
        border-right: solid $primary;
    }
    NauticusScreen.-wide #nauticus-bottom {
        border-top: solid $primary;
    }
    NauticusScreen.-wide ChoicePanel {
        width: 64;
    }
    NauticusScreen.-whole #nauticus-table {
        layout: horizontal;
    }
    NauticusScreen.-whole #nauticus-board {
        width: 1fr;
        height: 1fr;
    }
    NauticusScreen.-whole #nauticus-parts {
        layout: vertical;
        height: auto;
    }
    NauticusScreen.-whole WheelPanel.part {
        width: 100%;
        height: auto;
        border-right: none;
    }
    NauticusScreen #side-supply {
        display: none;
    }
    NauticusScreen.-whole #side-supply {
        display: block;
        border-bottom: solid $primary;
    }
    NauticusScreen.-whole PartsBar {
        display: none;
    }
    NauticusScreen.-whole SeatsPanel {
        display: block;
    }
    NauticusScreen.-whole #nauticus-bottom {
        width: 60;
        height: 1fr;
        layout: vertical;
        border-top: none;
        border-left: solid $primary;
    }
    NauticusScreen.-whole ChoicePanel {
        width: 100%;
        height: 1fr;
        border-right: none;
    }
    NauticusScreen.-whole #nauticus-side {
        width: 100%;
        height: 24;
        border-top: solid $primary;
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
    NauticusScreen.-tiny #nauticus-table, NauticusScreen.-tiny #status {
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
        self._part = "wheel"
        """The part of the table shown where not all of it is (``wheel``, ``seat:N``,
        ``supply``)."""
        self._decided = ""
        """The part the last decision here was about."""

    @property
    def game(self) -> NauticusGame:
        """The game on the table (the model's)."""
        game: NauticusGame = self.model.game
        return game

    def compose(self) -> ComposeResult:
        model = self.model
        with Vertical(id="nauticus-table"):
            with Vertical(id="nauticus-board"):
                with Horizontal(id="nauticus-parts"):
                    yield WheelPanel(model, classes="part")
                    yield SeatBoard(model, id="seat-part", classes="part")
                    yield SupplyPanel(model, classes="part")
                yield SeatsPanel(model)
                yield PartsBar()
            with Horizontal(id="nauticus-bottom"):
                yield ChoicePanel()
                with Vertical(id="nauticus-side"):
                    yield SupplyPanel(model, id="side-supply")
                    yield LogPanel(id="log")
        yield NauticusStatus(id="status")
        yield Static("", id=self.TOO_SMALL, markup=False)
        yield KeyBar()

    @while_open  # a table taken down before it was shown (two tables' news at once)
    def on_mount(self) -> None:
        self.query_one(LogPanel).border_title = "Log"
        self._show_part()
        self.refresh_table()

    @while_open
    def on_resize(self, event: events.Resize) -> None:
        """Lay the table out for the terminal: one part at a time above the choices;
        from 120x35 the wheel beside another part; from 160x50 the whole table."""
        width, height = event.size.width, event.size.height
        whole = width >= WHOLE_TABLE[0] and height >= WHOLE_TABLE[1]
        self.set_class(whole, "-whole")
        self.set_class(not whole and width >= WIDE_FROM and height >= TALL_FROM, "-wide")
        self.query_one(WheelPanel).rules = self.has_class("-wide") or whole
        self._show_part()
        self.fit(width, height)

    def _parts(self) -> list[str]:
        """The parts ``r`` steps through: the wheel (unless it is always shown), each
        seat, the supply."""
        seats = [f"seat:{i}" for i in range(len(self.model.view.seats))]
        wheel = [] if self.has_class("-wide") else ["wheel"]
        return [*wheel, *seats, "supply"]

    def _show_part(self, part: str | None = None) -> None:
        """Show ``part`` (by default the one shown, or the first there is)."""
        parts = self._parts()
        part = part or self._part
        if part not in parts:
            part = parts[0]
        self._part = part
        kind, _, seat = part.partition(":")
        whole = self.has_class("-whole")
        shown = {WheelPanel: kind == "wheel" or whole or self.has_class("-wide"),
                 SeatBoard: kind == "seat" and not whole,
                 SupplyPanel: kind == "supply" and not whole}
        for widget in self.query_one("#nauticus-parts").children:
            # the widgets' own display, not the screen's classes: a class of the screen
            # would restyle, and resend, the whole screen at every change of part
            if widget.display != shown[type(widget)]:
                widget.display = shown[type(widget)]
        if seat:
            self.query_one("#seat-part", SeatBoard).seat = int(seat)
        names = [f"{seat_mark(i)} {s.name}" for i, s in enumerate(self.model.view.seats)]
        bar = self.query_one(PartsBar)
        bar.parts = tuple(names[int(p[5:])] if p.startswith("seat:") else p for p in parts)
        bar.shown = parts.index(part)

    def _decision_part(self, seat: int) -> str | None:
        """The part a decision of ``seat`` is about: the wheel when a tile is chosen;
        the seat's yard and warehouse when it places tiles (a bonus tile, a use of an
        action on the yard, a reward, a free item); ``None`` for the others (performing
        or passing, the extra action, money and crowns), which keep the part shown: each
        change of part redraws the board. Where the wheel is always shown, the seat."""
        state = self.game.state
        if self.has_class("-wide"):
            return f"seat:{seat}"
        if state.step is Step.CHOOSE:
            return "wheel"
        perf = state.perf
        if state.step in (Step.BONUS, Step.REWARD, Step.FREE) or (
                state.step is Step.ACT and perf is not None and perf.action in YARD_ACTIONS):
            return f"seat:{seat}"
        return None

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
            self._print_letters({})
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
            self._print_letters({})
            self.bots.schedule()
            return
        self.status(f"{who}'s decision: {game.prompt}.", f"{who}'s decision.")
        if not self.decides_here(seat):
            panel.set_choices(self.waiting_for(seat)[0], [])
            self._print_letters({})
            return
        choices = [Choice(move_words(game.state, m), m)
                   for m in game.legal_moves()]
        choices[1:1] = self._repeats(game.legal_moves())
        calm = next((c.move for c in choices if isinstance(c.move, EndGo)
                     or (isinstance(c.move, Done) and action_used(game.state))), None)
        panel.set_choices(f"{who}, {game.prompt}:", choices, keep=calm)
        self._print_letters(panel.letters())
        part = self._decision_part(seat)
        if part is not None and part != self._decided:  # show what it is about
            self._decided = part
            self._show_part(part)
        panel.options.focus()
        self.guide()

    def _print_letters(self, letters: dict[str, str]) -> None:
        """Let the wheel print the choices' letters on its tiles; once the change being
        drawn has reached every listener (the model's other listeners hear of the move
        before they hear of its letters)."""
        self.call_later(self.model.set_key_hints, letters)

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

    def on_choice_panel_highlighted(self, message: ChoicePanel.Highlighted) -> None:
        """The wheel marks the tile the player is looking at among the choices (not on
        a slow link: each arrow key would redraw it)."""
        move = message.move
        if (getattr(self.app, "low_bandwidth", False)
                or not self.query_one(ChoicePanel).answers(message.decision)):
            return
        self.model.set_highlight(move if isinstance(move, Choose) else None)

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
        """``r``: the next part of the table, where not all of it is shown."""
        parts = self._parts()
        self._show_part(parts[(parts.index(self._part) + 1) % len(parts)]
                        if self._part in parts else parts[0])

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
