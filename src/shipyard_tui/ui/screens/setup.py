"""Setting up a new game: which game (any of the registry's), seats, names, bots and
options (those the game's kind takes: :attr:`~shipyard_tui.core.game.GameKind.options`)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static
from textual.widgets.select import InvalidSelectValueError

from shipyard_tui import games
from shipyard_tui.core.game import Options
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.seats import DEFAULT_BOT_LEVEL, check_seats, clean_name
from shipyard_tui.ui.host import host_of
from shipyard_tui.ui.widgets.key_bar import KeyBar
from shipyard_tui.ui.widgets.tick_box import TickBox

DEFAULT_NAMES = ("Player", "Ada", "Bram", "Cato")
EDITIONS = [("2nd edition", "second"), ("Classic (1st edition)", "classic")]
"""The rules a new game can play (RC-1.1)."""
EDITION_NOTES = {
    "second": "The 2019 rules: tiles on a track and a turn wheel; 2 red + 2 blue contracts.",
    "classic": "The 2009 rules: cards on a ring with gaps, propellers, 3 green + 3 blue "
               "contracts.",
}
"""One line on each edition, shown under the choice."""
SOLO_NOTE = "Solo games play the 2nd edition: the classic rules have no solo game."
KINDS = [("Person", "human")] + [(f"Bot: {shown}", f"bot:{level}") for shown, level
                                 in games.kind(games.DEFAULT).player_levels.items()]
"""Every seat may be a person or a bot of any level players are offered (every game's
levels have the same names and bot names)."""
START_CHOICES = [("drawn at random", "random")] + [(f"seat {n}", str(n - 1))
                                                    for n in (1, 2, 3, 4)]
"""Who starts, where the game lets the player setting up pick (NA-2.4)."""
BOXES = {"first-game": "first_game", "advanced": "advanced"}
"""The setup options' tick boxes, each with the option it sets (shown for the games
that take it)."""


def game_choices() -> list[tuple[str, str]]:
    """Every game of the registry, by the name people read."""
    return [(games.kind(name).title, name) for name in games.names()]


class FormScroll(VerticalScroll, can_focus=False):
    """The form scrolls to the field that takes the keys; it is no Tab stop of its own
    (a stop that showed nothing, without colour, between the buttons and the first
    field)."""


class SetupScreen(Screen[None]):
    """A form for a new game; ``solo`` asks only for the player's name and options (of
    the default game); ``game`` preselects a game by name (its kind says which setup
    options it has)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, *, solo: bool = False, game: str = games.DEFAULT) -> None:
        super().__init__()
        self.solo = solo
        self.game = games.DEFAULT if solo else game

    def compose(self) -> ComposeResult:
        with FormScroll(id="setup-box"):
            yield Static("[b]Solo game[/b]" if self.solo else "[b]New game[/b]")
            if not self.solo:
                yield Label("Game")
                yield Select(game_choices(), value=self.game, id="game", allow_blank=False)
                yield Label("Seats")
                yield Select([(f"{n} seats", n) for n in (2, 3, 4)], value=2, id="seat-count",
                             allow_blank=False)
            for i in range(1 if self.solo else 4):
                with Horizontal(classes="seat-row", id=f"row-{i}"):
                    yield Input(DEFAULT_NAMES[i], placeholder="name", id=f"name-{i}",
                                max_length=40)
                    if not self.solo:
                        default = "human" if i == 0 else f"bot:{DEFAULT_BOT_LEVEL}"
                        yield Select(KINDS, value=default, id=f"kind-{i}", allow_blank=False)
            with Vertical(id="setup-options"):
                if self.solo:
                    yield Static(SOLO_NOTE, id="edition-note", markup=False)
                else:
                    yield Label("Rules", id="rules-label")
                    yield Select(EDITIONS, value="second", id="edition", allow_blank=False)
                    yield Static(EDITION_NOTES["second"], id="edition-note", markup=False)
                    yield Label("Who starts", id="start-label")
                    yield Select(START_CHOICES, value="random", id="start-seat",
                                 allow_blank=False)
                yield TickBox("First-game setup (fixed contracts and employees)",
                               id="first-game")
                if not self.solo:
                    yield TickBox("Advanced contracts (3 red + 3 blue)", id="advanced")
                yield Input(placeholder="seed (empty: random)", id="seed", max_length=20)
            yield Static("", id="setup-error", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_rows(2)
        self._show_options()
        self._restore(host_of(self.app).setup_drafts.get(self._form, {}))
        self.query_one("#name-0", Input).focus()
        self.call_after_refresh(self._show_the_top)

    def _show_the_top(self) -> None:
        """Start at the form's heading: focusing the first name scrolled the heading and
        the game's line out of sight at 80x24 (a play-test), though the name fits under
        them."""
        form = self.query_one(FormScroll)
        name = self.query_one("#name-0", Input)
        if name.region.bottom - form.region.y + form.scroll_y <= form.size.height:
            form.scroll_home(animate=False)

    @property
    def _form(self) -> str:
        """Which remembered draft this form keeps: the solo one or the table one."""
        return "solo" if self.solo else "table"

    def draft(self) -> dict[str, object]:
        """What the form holds now, by widget id (restored by :meth:`_restore`)."""
        values: dict[str, object] = {}
        for widget in self.query("Input, Select, Checkbox"):
            if widget.id is not None and isinstance(widget, Input | Select | Checkbox):
                values[widget.id] = widget.value
        return values

    def _restore(self, draft: dict[str, object]) -> None:
        """Fill the form from a draft; values the form cannot take now are left out
        (the game asked for from the title menu wins over the draft's)."""
        for key, value in draft.items():
            if key == "game":
                continue
            widgets = self.query(f"#{key}")
            if not widgets:
                continue
            widget = widgets.first()
            if isinstance(widget, Select):
                if isinstance(value, str | int):
                    with contextlib.suppress(InvalidSelectValueError):
                        widget.value = value
            elif isinstance(widget, Input | Checkbox) and type(value) is type(widget.value):
                setattr(widget, "value", value)  # noqa: B010 (an Input's text or a box's tick)

    def _keep_draft(self, *, seed: bool) -> None:
        """Remember the form for the next new game (without the seed after a start,
        so that the next game is not the same deal)."""
        draft = self.draft()
        if not seed:
            draft.pop("seed", None)
        host_of(self.app).setup_drafts[self._form] = draft

    def _show_options(self) -> None:
        """The setup options the chosen game takes."""
        options = games.kind(self.game).options
        for box in self.query("#setup-options TickBox"):
            box.display = BOXES.get(box.id or "", "") in options
        if self.solo:
            return
        for widget in self.query("#rules-label, #edition, #edition-note"):
            widget.display = "rules" in options  # a game of one rule book asks nothing
        for widget in self.query("#start-label, #start-seat"):
            widget.display = "start_seat" in options

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.game = event.value
            self._show_options()

    def _show_rows(self, count: int) -> None:
        if self.solo:
            return
        for i in range(4):
            self.query_one(f"#row-{i}").display = i < count

    @on(Select.Changed, "#seat-count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_rows(event.value)

    @on(Select.Changed, "#edition")
    def _edition_changed(self, event: Select.Changed) -> None:
        """Say what the chosen edition is; the classic rules have no advanced deal."""
        edition = str(event.value)
        self.query_one("#edition-note", Static).update(EDITION_NOTES.get(edition, ""))
        advanced = self.query_one("#advanced", Checkbox)
        advanced.disabled = edition == "classic"
        # hidden, not only disabled: a disabled box looked like the others, Tab skipped
        # it unexplained, and it spoke of red contracts (the note says the classic deal)
        advanced.display = not advanced.disabled
        if advanced.disabled:
            advanced.value = False

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        try:
            config = self.config()
        except ValueError as exc:
            error.update(f"✗ {exc}")
            return
        error.update("")
        self._keep_draft(seed=False)
        host_of(self.app).start_game(config)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back to the title; what was entered is kept for the next visit."""
        self._keep_draft(seed=True)
        self.app.pop_screen()

    def config(self) -> Any:
        """The configuration the form describes; ``ValueError`` says what to fix."""
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError(f"the seed must be a whole number, not {seed_text!r}") from None
        else:
            seed = random.SystemRandom().randrange(1 << 31)
        first_game = self.query_one("#first-game", Checkbox).value
        if self.solo:
            name = self.query_one("#name-0", Input).value
            person = SeatConfig(clean_name(name), SeatKind.HUMAN)
            solo = Options(solo=True, first_game=first_game)
            return games.kind(self.game).make_config([person], seed, solo)
        count = self.query_one("#seat-count", Select).value
        assert isinstance(count, int)
        seats = []
        for i in range(count):
            try:
                name = clean_name(self.query_one(f"#name-{i}", Input).value)
            except ValueError as exc:
                raise ValueError(f"seat {i + 1}: {exc}") from None
            plays = str(self.query_one(f"#kind-{i}", Select).value)
            if plays == "human":
                seats.append(SeatConfig(name, SeatKind.HUMAN))
            else:
                seats.append(SeatConfig(name, SeatKind.BOT, plays.split(":", 1)[1]))
        check_seats(seats)
        kind = games.kind(self.game)
        takes = kind.options
        advanced = self.query_one("#advanced", Checkbox).value and "advanced" in takes
        first_game = first_game and "first_game" in takes
        if first_game and advanced:
            raise ValueError("choose either the first-game setup or advanced contracts")
        edition = str(self.query_one("#edition", Select).value) if "rules" in takes else ""
        start = str(self.query_one("#start-seat", Select).value)
        start_seat = int(start) if "start_seat" in takes and start.isdigit() else None
        return kind.make_config(seats, seed, Options(rules=edition, first_game=first_game,
                                                     advanced=advanced,
                                                     start_seat=start_seat))
