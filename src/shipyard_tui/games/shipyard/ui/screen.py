"""The game screen: Shipyard's whole table, on the shared table screen.

Widgets subscribe to the model and only read it; this screen is Shipyard's part of the
table screen every game shares (:class:`~shipyard_tui.ui.screens.table.TableScreen`,
which plays the moves through the model, lets the bots move in a worker thread with a
short visible pause, gives the hint and saves): it lays out the board, turns the
player's keys into moves, replays the automa's turns (:mod:`.automa_replay`), hands the
terminal from one person to the next (:mod:`~shipyard_tui.ui.screens.hand_over`,
R-11.2) and shows the result at the end.

A table played elsewhere (a seat at the server's) is this same screen with a seat
driver without bots and the table's policy
(:class:`~shipyard_tui.ui.screens.table.TablePolicy`).

Keys:

| key | does |
|---|---|
| ``↑`` ``↓`` / letters | move the selection among the choices |
| ``Enter`` | confirm the selected choice |
| ``u`` / ``Esc`` | take back the last move of this turn |
| ``r`` | turn the canal being placed |
| ``1``–``6`` | show Market, Rondels, Yards, Canals, Seats or Log (small terminals) |
| ``F2``–``F7`` | the same, also while the digits pick yard cells |
| ``PageUp`` ``PageDown`` | scroll the board panel shown (the letters keep working) |
| ``[`` ``]`` | show the previous / next seat's canals |
| ``space`` | let a bot move now instead of after its pause |
| ``H`` | hint: the strong bot's choice, highlighted, and its runner-up (in the background) |
| ``?`` / ``F1`` | help |
| ``Ctrl+S`` | save the game under a name |
| ``q`` | quit to the title screen (the game is kept) |
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from shipyard_tui.core import SeatDriver
from shipyard_tui.core.choices import Choice, Plan
from shipyard_tui.games.shipyard.end_words import stage_notice
from shipyard_tui.games.shipyard.rules import GameState, IllegalMoveError, Move, Stage, Step
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.games.shipyard.ui.automa_replay import AutomaReplay
from shipyard_tui.games.shipyard.ui.widgets.action_ring import ActionRing
from shipyard_tui.games.shipyard.ui.widgets.action_track import ActionTrack
from shipyard_tui.games.shipyard.ui.widgets.canal_column import CanalColumn
from shipyard_tui.games.shipyard.ui.widgets.canal_map import CanalMap
from shipyard_tui.games.shipyard.ui.widgets.commodity_column import CommodityColumn
from shipyard_tui.games.shipyard.ui.widgets.employee_track import EmployeeTrack
from shipyard_tui.games.shipyard.ui.widgets.exchange_ring import ExchangeRing
from shipyard_tui.games.shipyard.ui.widgets.game_log import GameLog
from shipyard_tui.games.shipyard.ui.widgets.piece_rings import PieceRings
from shipyard_tui.games.shipyard.ui.widgets.seat_panel import SeatPanel
from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip
from shipyard_tui.games.shipyard.ui.widgets.ship_display import ShipDisplay
from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.ui.widgets.view_bar import VIEWS, ViewBar
from shipyard_tui.games.shipyard.words import describe_move
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.hand_over import HandOver
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

STEP_VIEWS = {
    Step.BUILD: "market",
    Step.LAST_CHANCE: "market",
    Step.PLACE: "yards",
    Step.CANAL_PICK: "market",
    Step.CANAL_PLACE: "canals",
    Step.PURCHASE: "market",
    Step.RING: "rondels",
    Step.HIRE: "rondels",
    Step.EXCHANGE_PICK: "rondels",
    Step.EXCHANGE_GOOD: "rondels",
    Step.SAIL_ORDER: "yards",
    Step.LOAD: "yards",
    Step.HELMSMAN: "yards",
    Step.RIGGER: "yards",
    Step.TOKEN_START: "canals",
    Step.CRUISE: "canals",
    Step.DISCARD: "seats",
}
"""The panel a small terminal shows for each decision."""

WIDE = (160, 45)
"""From this size on every panel is shown at once: the market, the yards and the
seats on the left; the rondels, the canals beside the log, and the choices (wide
enough for a choice to fit its line) on the right."""

MEDIUM = (110, 30)
"""From this size on (below :data:`WIDE`) two panels stand side by side: the market,
the yards or the seats on the left, the rondels, the canals or the log on the right,
each the last one a decision or a key asked for."""

SIDE_ROWS = 12
"""The rows under the board at 80x24: the border, the seat's two lines, the prompt
and at least 8 choices (a play-test: 4 to 6 choices showed, "14 more below")."""

COLUMNS = {"market": "col-a", "yards": "col-a", "seats": "col-a",
           "rondels": "col-b", "canals": "col-c", "log": "col-c"}
"""The column of each panel: the left one holds the seats' own things."""

AUTOMA_DELAY = 1.2
"""Seconds each solo automa turn stays on screen, by default (space skips)."""


class GameScreen(TableScreen):
    """The table: action track, wheels, market, yards, canals, seats, log and choices."""

    BINDINGS = [
        UNDO,
        Binding("escape", "back", "Back", show=False),
        Binding("r", "rotate", "Turn canal", show=False),
        SKIP,
        HINT,
        Binding("1,f2", "view('market')", "Market", show=False),
        Binding("2,f3", "view('rondels')", "Rondels", show=False),
        Binding("3,f4", "view('yards')", "Yards", show=False),
        Binding("4,f5", "view('canals')", "Canals", show=False),
        Binding("5,f6", "view('seats')", "Seats", show=False),
        Binding("6,f7", "view('log')", "Log", show=False),
        Binding("left_square_bracket", "cycle_seat(-1)", "Prev seat", show=False),
        Binding("right_square_bracket", "cycle_seat(1)", "Next seat", show=False),
        Binding("pageup", "scroll_board(-1)", "Scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_board(1)", "Scroll down", show=False, priority=True),
        HELP,
        SAVE_AS,
        LEAVE,
        LOBBY,
    ]

    def __init__(self, model: GameModel, *, bot_delay: float = 0.6,
                 bot_budget_ms: float | None = None,
                 driver: SeatDriver[GameState, Move] | None = None,
                 automa_delay: float | None = None, revealed: bool = False,
                 policy: TablePolicy | None = None) -> None:
        """``driver`` plays the bot seats (by default a bot of its level at every bot
        seat of the game); ``automa_delay`` is how long each automa turn stays on screen
        (by default 1.2 s, none when bots move here without a pause; where the bots
        move elsewhere, the host's automa turns are shown as long); ``revealed``: a
        finished game opened again, whose review starts with everything revealed;
        ``policy``: where the table is played (default: here)."""
        super().__init__(model, bot_delay=bot_delay, bot_budget_ms=bot_budget_ms,
                         driver=driver, policy=policy)
        if automa_delay is None:
            automa_delay = AUTOMA_DELAY if bot_delay > 0 or self.policy.bots_elsewhere \
                else 0.0
        self.automa = AutomaReplay(self, model, automa_delay, self.replay_over)
        self.hand_over = HandOver(self, model, self.refresh_table)
        self.view_name = "market"
        self._views: dict[bool, str] = {True: "market", False: "rondels"}
        """The panel last asked for on each side (True: the left, the seats' things)."""
        self._front = self._seat_order()[0]
        """The seat whose yard and seat panel come first and whose canals are shown."""
        self._revealed = revealed
        """The game is a finished one opened again: its review starts all revealed."""
        self._shown_step: Step | None = None
        """The step the table showed last, to scroll a panel only when a step begins."""
        self._rondels_step: Step | None = None
        """The person's step on the rondels, whose rows the panel scrolls to."""
        self._result_shown = False
        self._told: set[Stage] = set()
        """The end's steps whose notice was shown (once each, R-10.3, R-10.4)."""

    # -- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        model = self.model
        yield StatusLine(model, id="status")
        if model.game.config.classic:  # the ring of 23 spaces (RC-2.7)
            yield ActionRing(model, id="track", classes="-classic")
        else:
            yield ActionTrack(model, id="track")
        with Container(id="body"):
            with Container(id="col-a", classes="column"):
                with Horizontal(id="market", classes="panel"):
                    yield ShipDisplay(model, id="ship-display")
                    yield CanalColumn(model, id="canal-column")
                    yield CommodityColumn(model, id="commodity-column")
                with BoardScroll(id="yards", classes="panel"):
                    for seat in self._seat_order():
                        yield ShipyardGrid(model, seat, id=f"yard-{seat}")
                with BoardScroll(id="seats", classes="panel"):
                    for seat in self._seat_order():
                        yield SeatPanel(model, seat, id=f"seat-{seat}")
            with (Container(id="col-b", classes="column"),
                  Container(id="rondels", classes="panel")):
                with Vertical(id="rings"):
                    yield PieceRings(model, id="piece-rings")
                    yield ExchangeRing(model, id="exchange-ring")
                yield EmployeeTrack(model, id="employee-track")
            with Container(id="col-c", classes="column"):
                with BoardScroll(id="canals", classes="panel"):
                    yield CanalMap(model, id="canal-map")
                with Container(id="log", classes="panel"):
                    yield GameLog(model, id="game-log")
            with Vertical(id="side"):
                yield SeatStrip(model, id="seat-strip")
                yield ChoicePanel(id="choices", held_keys=choice_labels.HELD_KEYS)
        yield ViewBar(id="viewbar")
        yield Static("", id="too-small")
        yield KeyBar()

    def _seat_order(self) -> list[int]:
        """Seats starting from the one in front of the screen."""
        n = len(self.model.game.state.seats)
        first = self.model.viewer if self.model.viewer is not None else 0
        return [(first + k) % n for k in range(n)]

    def _bring_forward(self, seat: int) -> None:
        """Put ``seat``'s yard and seat panel first and show its canals: at a hot-seat
        table the person who took the screen sees their own board whole on a small
        terminal, the others after it."""
        if seat == self._front:
            return
        self._front = seat
        n = len(self.model.game.state.seats)
        order = [(seat + k) % n for k in range(n)]
        for box, prefix in (("#yards", "yard"), ("#seats", "seat")):
            scroll = self.query_one(box, BoardScroll)
            previous = self.query_one(f"#{prefix}-{order[0]}")
            scroll.move_child(previous, before=0)
            for other in order[1:]:
                widget = self.query_one(f"#{prefix}-{other}")
                scroll.move_child(widget, after=previous)
                previous = widget
            scroll.scroll_home(animate=False)
        self.query_one(CanalMap).seat = seat

    @while_open  # a table taken down before it was shown (two tables' news at once)
    def on_mount(self) -> None:
        if getattr(self.app, "low_bandwidth", False):
            self.automa.delay = 0.0
        self.query_one(CanalMap).seat = self._front
        self.watch(self.query_one("#rondels", Container), "virtual_size",
                   self._rondels_laid_out, init=False)
        self._set_view(self.view_name)
        self._apply_size(self.size.width, self.size.height)
        self.refresh_table()

    def on_unmount(self) -> None:
        self.automa.stop()  # the table's own handler lets the model and the bots go

    @while_open
    def on_resize(self, event: Any) -> None:
        self._apply_size(event.size.width, event.size.height)

    def _apply_size(self, width: int, height: int) -> None:
        wide = width >= WIDE[0] and height >= WIDE[1]
        medium = not wide and width >= MEDIUM[0] and height >= MEDIUM[1]
        self.set_class(wide, "-wide")
        self.set_class(medium, "-medium")
        # under the board: the rows past 24 go a third to the choices, the rest to
        # the board (at 120x40 over SSH a play-test saw 6 choices and 14 more below
        # under 17 empty rows)
        self.query_one("#side").styles.height = None if wide else \
            SIDE_ROWS + max(0, height - 24) // 3
        self._show_panels()
        self.fit(width, height)

    def _set_view(self, name: str) -> None:
        self.view_name = name
        self._views[COLUMNS[name] == "col-a"] = name
        # no class on the screen for the view: a screen's class restyles every widget
        # on it (45 ms a view at 80x24), where showing and hiding the panels is enough
        self.query_one(ViewBar).current = name
        self._show_panels()

    def _show_panels(self) -> None:
        """Show the panels the terminal has room for: all on a large one; on a medium
        one the last asked for on each side; else the one asked for last."""
        if self.has_class("-wide"):
            shown = set(COLUMNS)
        elif self.has_class("-medium"):
            shown = set(self._views.values())
        else:
            shown = {self.view_name}
        for name in COLUMNS:
            self.query_one(f"#{name}").display = name in shown
        for column in set(COLUMNS.values()):
            self.query_one(f"#{column}").display = any(
                COLUMNS[name] == column for name in shown)

    # -- reacting to the model ---------------------------------------------------------

    def say_status(self, text: str) -> None:
        self.query_one(StatusLine).say(text)

    def changed(self, change: Change) -> None:
        """A move of the solo game shows the automa's turns it led to one by one first."""
        if change.kind is ChangeKind.MOVE and self.automa.start(change.events):
            return
        self.refresh_table()

    @property
    def replaying(self) -> bool:
        """The automa's turns are being shown."""
        return self.automa.active

    def finish_replay(self) -> None:
        self.automa.finish()

    def _may_play(self) -> bool:
        """Whether a bot's move may be played now."""
        return not self.automa.active and not self.hand_over.active

    @while_open
    def refresh_table(self) -> None:
        """Show the decision in front of the table: a person's choices, the terminal
        handed to the next person, a bot or an absent seat at work, or the result."""
        model = self.model
        game = model.game
        state = game.state
        status = self.query_one(StatusLine)
        canal_map = self.query_one(CanalMap)
        if game.is_over:
            self.query_one(ChoicePanel).set_choices("The game is over.", [])
            status.say("")
            self._show_result()
            return
        self._tell_stage(state)
        seat = state.turn.seat
        if self.hand_over.needed(seat):
            self.hand_over.begin(seat)
            return
        if model.viewer is not None:
            self._bring_forward(model.viewer)
        if state.turn.step in STEP_VIEWS and model.is_human(seat):
            self._set_view(STEP_VIEWS[state.turn.step])
            canal_map.seat = seat
        if state.turn.step is not self._shown_step:
            on_rondels = model.is_human(seat) and STEP_VIEWS.get(state.turn.step) == "rondels"
            self._rondels_step = state.turn.step if on_rondels else None
            self._show_rondel_rows()
        self._shown_step = state.turn.step
        if model.human_to_move:
            status.say("")
            prompt = f"{state.seats[seat].name}: {self._prompt()}"
            panel = self.query_one(ChoicePanel)
            keep = model.highlight or choice_labels.first_highlight(model.legal_moves())
            panel.set_choices(prompt, self._choices(), keep=keep)
            model.set_key_hints(panel.letters())
            self.query_one(ViewBar).function_keys = panel.takes_digits()
            self._focus_choices()
            self.guide()
        else:
            if len(model.humans) > 1:
                model.set_viewer(None)
            text, note = self.waiting_for(seat)
            status.say(note)
            self.query_one(ChoicePanel).set_choices(text, [])
            model.set_key_hints({})
            self.query_one(ViewBar).function_keys = False
            self.schedule_bots()

    def guide_region(self) -> Region:
        """A guide note goes over the seat's line above the choices (on a large
        terminal, over the canals and the log above them): the choices keep every
        row."""
        if self.has_class("-wide"):
            return self.query_one("#col-c").region
        side = self.query_one("#side").region
        top = self.query_one(ChoicePanel).region.y
        return Region(side.x, side.y, side.width, max(top - side.y, 1))

    def _tell_stage(self, view: GameState) -> None:
        """The first time the final actions or the last chance begin, say in two lines
        what they are (R-10.3, R-10.4)."""
        notice = stage_notice(view)
        if notice is None or view.stage in self._told:
            return
        self._told.add(view.stage)
        title, words = notice
        self.notify(words, title=title, timeout=15, markup=False)

    def _rondels_laid_out(self) -> None:
        self.call_after_refresh(self._show_rondel_rows)

    def _show_rondel_rows(self) -> None:
        """On a short terminal, scroll the rondels to the rows a hire chooses from (the
        marker's space and those after it), to the exchange for an exchange, and back
        to the rings for other steps.

        Called when such a step begins and again whenever the panel is laid out anew
        (it may just have been put on show, or the terminal resized)."""
        rondels = self.query_one("#rondels", Container)
        if self._rondels_step is None or not rondels.scrollable_content_region.height:
            return
        if self._rondels_step is Step.HIRE:
            rondels.scroll_to_region(self.query_one(EmployeeTrack).marker_rows(),
                                     animate=False, immediate=True)
        elif self._rondels_step in (Step.EXCHANGE_PICK, Step.EXCHANGE_GOOD):
            rondels.scroll_to_widget(self.query_one(ExchangeRing), animate=False,
                                     immediate=True, top=True)
        else:
            rondels.scroll_home(animate=False, immediate=True)

    DECISION_WORD = "turn"

    def waiting_here(self, seat: int) -> tuple[str, str]:
        """What the choice panel and the status line say while ``seat``, not the person
        at this screen, decides (at a table of this program)."""
        name = self.model.game.state.seats[seat].name
        if self.model.is_human(seat):  # a person is never "thinking…" for space to hurry
            return f"Waiting for {name}.", "their turn"
        return f"{name} (bot) is playing (space: move now).", "thinking… (space: move now)"

    # -- choices -------------------------------------------------------------------

    def _prompt(self) -> str:
        return choice_labels.prompt(self.model.game.state, self.model.game.prompt)

    def _choices(self) -> list[Choice]:
        return choice_labels.choices(self.model.game.state, self.model.legal_moves())

    # -- playing moves -------------------------------------------------------------------

    @on(ChoicePanel.Highlighted)
    def _highlighted(self, event: ChoicePanel.Highlighted) -> None:
        move = event.move
        if (getattr(self.app, "low_bandwidth", False)
                or not self.query_one(ChoicePanel).answers(event.decision)):
            return
        self.model.set_highlight(move if isinstance(move, Move) else None)

    @on(ChoicePanel.Chosen)
    def _chosen(self, event: ChoicePanel.Chosen) -> None:
        from shipyard_tui.ui.screens.confirm import ConfirmScreen

        if (not self.query_one(ChoicePanel).answers(event.decision) or self.app.screen is not self
                or not self.model.human_to_move or self.replaying):
            # a second quick Enter: for the decision the first one answered, or reaching
            # the choices after the first put a question over them (each Enter stacked
            # one more question, until drawing them ran out of stack)
            return
        move = event.move
        if not isinstance(move, Move | Plan):  # the panel only ever holds Shipyard's
            return
        if (move.moves[0] if isinstance(move, Plan) else move) not in self.model.legal_moves():
            return
        state = self.model.game.state
        question = choice_labels.confirmation(state, move)
        revision = self.model.revision
        if question is None:
            self._go(move, revision)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._go(move, revision)

        self.app.push_screen(ConfirmScreen(question[0], question[1], "Go back"), answered)

    def _go(self, move: Move | Plan[Move], revision: int) -> None:
        """Play the choice made at ``revision`` of the model, if the game has not
        changed since (each move of a plan at the revision the one before left)."""
        if self.model.revision != revision:
            return
        self.query_one(GameLog).follow()  # what the move does is read at the end
        self.play_in_a_row(move.moves if isinstance(move, Plan) else (move,), revision)

    def play_one(self, move: Any, revision: int | None = None) -> bool:
        try:
            self.model.play(move, at=revision)
        except IllegalMoveError as exc:
            self.notify(str(exc), title="Not allowed", severity="warning", markup=False)
            return False
        return True

    def _show_result(self) -> None:
        from shipyard_tui.games.shipyard.ui.review import ReviewScreen

        if self._result_shown:
            return
        self._result_shown = True
        # a finished game opened again from its file shows its contracts revealed: the
        # ceremony is for the game's own end
        self.app.push_screen(ReviewScreen(self.model, reveal_all=self._revealed))

    # -- actions -------------------------------------------------------------------------

    NOTHING_TO_UNDO = "Nothing to take back: the turn began, or a tile was drawn."

    def take_back(self) -> None:
        move = self.model.undo()
        if move is not None:
            self.notify(f"Took back: {describe_move(self.model.game.state, move)}",
                        timeout=2, markup=False)

    def action_rotate(self) -> None:
        """Show the same spot with the canal turned a quarter further."""
        panel = self.query_one(ChoicePanel)
        index = panel.options.highlighted
        highlight = panel.choices[index].move if index is not None else None
        if not isinstance(highlight, mv.PlaceCanal):
            return
        same_spot = [c.move for c in panel.choices if isinstance(c.move, mv.PlaceCanal)
                     and (c.move.x, c.move.y) == (highlight.x, highlight.y)]
        if len(same_spot) > 1:
            index = same_spot.index(highlight)
            panel.highlight_move(same_spot[(index + 1) % len(same_spot)])

    def action_scroll_board(self, direction: int) -> None:
        """Scroll the panel on show (on a large terminal: the seats); the log scrolls
        its lines, the rondels their rows (the classic track leaves them less room)."""
        panel: Widget
        if self.has_class("-wide"):
            panel = self.query_one("#seats")
        elif self.view_name == "log":
            panel = self.query_one(GameLog)
        else:
            panel = self.query_one(f"#{self.view_name}")
        if direction > 0:
            panel.scroll_page_down()
        else:
            panel.scroll_page_up()

    def system_commands(self) -> Iterator[SystemCommand]:
        yield from super().system_commands()
        for name, _title in VIEWS:
            yield SystemCommand(f"Show {name}", f"Show the {name} panel",
                                lambda name=name: self.action_view(name))

    def action_view(self, name: str) -> None:
        self._set_view(name)

    def action_cycle_seat(self, step: int) -> None:
        canal_map = self.query_one(CanalMap)
        canal_map.seat = (canal_map.seat + step) % len(self.model.game.state.seats)
        self._set_view("canals")

    def help_screen(self) -> Screen[Any]:
        from shipyard_tui.games.shipyard.ui.help import HelpScreen

        game = self.model.game
        return HelpScreen(classic=game.config.classic, catalog=q.catalog_of(game.state),
                          solo=game.config.solo)

    @on(ViewBar.Picked)
    def _picked(self, event: ViewBar.Picked) -> None:
        self._set_view(event.view)

    def on_key(self, event: events.Key) -> None:
        """A printable key that does nothing here says what the keys are instead."""
        if event.character is None or not event.character.isprintable():
            return
        if event.key in BOUND_KEYS or self.replaying:
            return
        panel = self.query_one(ChoicePanel)
        index = panel.key_index(event.character)
        if index is not None:
            self._focus_choices()
            panel.options.highlighted = index
            event.stop()
            return
        letters = [c for c in panel.letters().values()]
        if letters:
            span = letters[0] if len(letters) == 1 else f"{letters[0]}–{letters[-1]}"
            hint = f"letters {span} pick a choice, Enter confirms"
        else:
            hint = "nothing to choose right now"
        panel.say(f"'{event.character}' does nothing here: {hint}; ? shows every key.")


BOUND_KEYS = {key for binding in GameScreen.BINDINGS if isinstance(binding, Binding)
              for key in binding.key.split(",")} | {"enter", "up", "down", "space"}


class BoardScroll(VerticalScroll, can_focus=False):
    """A board panel that scrolls (wheel, PageUp/PageDown) without taking the keyboard
    from the choice list."""
