"""A minimal Nauticus table: play one game against bots, by keyboard, at 80x24.

Keys: arrows and Enter (or an option's letter) choose a move; ``u`` takes back the last
move of the seat deciding now; ``r`` shows each seat in full in turn; ``q`` quits.
The game is not saved: saves, the title screen and the review are still to come.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import RichLog, Static

from shipyard_tui.core import SeatDriver, bot_seed
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatKind
from shipyard_tui.games.nauticus.bots import NauticusBot, bot_for_level
from shipyard_tui.games.nauticus.words import event_words, move_words
from shipyard_tui.ui.widgets.choice_panel import Choice, ChoicePanel

from .widgets import SeatsPanel, WheelPanel, breakdown_text


class NauticusScreen(Screen[None]):
    """The table: wheel, seats, choices, log and a status line that always says whose
    decision it is and what to do."""

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("r", "next_view", "View"),
        Binding("q", "quit", "Quit"),
    ]

    DEFAULT_CSS = """
    NauticusScreen #top, NauticusScreen #bottom {
        height: auto;
    }
    NauticusScreen #bottom {
        height: 1fr;
    }
    NauticusScreen WheelPanel, NauticusScreen ChoicePanel {
        width: 38;
    }
    NauticusScreen SeatsPanel, NauticusScreen RichLog {
        width: 1fr;
    }
    NauticusScreen ChoicePanel {
        border: round $secondary;
    }
    NauticusScreen RichLog {
        border: round $secondary;
        scrollbar-size: 1 1;
    }
    NauticusScreen #status {
        height: 1;
        background: $panel;
    }
    """

    def __init__(self, game: NauticusGame, bot_delay: float) -> None:
        super().__init__()
        self.game = game
        self.bot_delay = bot_delay
        self.bots: dict[int, NauticusBot] = {
            i: bot_for_level(seat.level or "greedy", bot_seed(game.config.seed, i))
            for i, seat in enumerate(game.config.seats) if seat.kind is SeatKind.BOT}
        self._logged = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield WheelPanel()
            yield SeatsPanel()
        with Horizontal(id="bottom"):
            yield ChoicePanel()
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static("", id="status", markup=False)

    def on_mount(self) -> None:
        self.query_one(RichLog).border_title = "Log"
        self.refresh_table()

    # -- drawing ------------------------------------------------------------

    def refresh_table(self) -> None:
        game = self.game
        view = game.view(game.to_move)
        self.query_one(WheelPanel).view = view
        self.query_one(SeatsPanel).view = view
        log = self.query_one(RichLog)
        names = [s.name for s in view.seats]
        for event in game.events[self._logged:]:
            line = event_words(event, names)
            if line is not None:
                log.write(line)
        self._logged = len(game.events)
        panel = self.query_one(ChoicePanel)
        status = self.query_one("#status", Static)
        seat = game.to_move
        if seat is None:
            outcome = game.outcome()
            assert outcome is not None
            winners = " and ".join(names[i] for i in outcome.winners)
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, outcome.scores, strict=True))
            status.update(f" Game over: {winners} won ({scores}). q: quit")
            panel.set_choices(breakdown_text(view, game.events), [])
            return
        who = names[seat]
        if seat in self.bots:
            status.update(f" {who} (bot) has to {game.prompt}...")
            panel.set_choices(f"{who} is thinking.", [])
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self.play_bot)
            else:
                self.call_after_refresh(self.play_bot)
            return
        status.update(f" {who}: {game.prompt}. Enter: choose, u: undo, r: view, q: quit")
        choices = [Choice(move_words(game.state, m), m) for m in game.legal_moves()]
        panel.set_choices(f"{who}, {game.prompt}:", choices)
        panel.options.focus()

    # -- moves --------------------------------------------------------------

    def play_bot(self) -> None:
        seat = self.game.to_move
        if seat is None or seat not in self.bots:
            return
        SeatDriver(self.bots).play_bots(self.game, max_moves=1)
        self.refresh_table()

    def on_choice_panel_chosen(self, message: ChoicePanel.Chosen) -> None:
        seat = self.game.to_move
        if seat is None or seat in self.bots:
            return
        self.game.play(message.move)  # type: ignore[arg-type]
        self.refresh_table()

    def action_undo(self) -> None:
        seat = self.game.to_move
        if seat is None or seat in self.bots or not self.game.can_undo:
            self.notify("Nothing to undo in this decision.")
            return
        self.game.undo()
        log = self.query_one(RichLog)
        log.clear()
        self._logged = 0
        self.refresh_table()

    def action_next_view(self) -> None:
        wheel = self.query_one(WheelPanel)
        seats = len(self.game.state.seats)
        wheel.detail = wheel.detail + 1 if wheel.detail + 1 < seats else -1

    async def action_quit(self) -> None:
        self.app.exit()


class NauticusApp(App[None]):
    """One game of Nauticus between the configured seats."""

    TITLE = "Nauticus"

    def __init__(self, config: NauticusConfig, *, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.game = NauticusGame(config)
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.push_screen(NauticusScreen(self.game, self.bot_delay))
