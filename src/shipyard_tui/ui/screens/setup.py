"""Setting up a new game: seats, names, bots and options."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from shipyard_tui.bots import PLAYER_LEVELS
from shipyard_tui.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.seats import DEFAULT_BOT_LEVEL, check_seats, clean_name, solo_config

from ..host import host_of
from ..widgets.tick_box import TickBox

DEFAULT_NAMES = ("Player", "Ada", "Bram", "Cato")
KINDS = [("Person", "human")] + [(f"Bot: {shown}", f"bot:{level}")
                                 for shown, level in PLAYER_LEVELS.items()]
"""Every seat may be a person or a bot of any level players are offered."""


class SetupScreen(Screen[None]):
    """A form for a new game; ``solo`` asks only for the player's name and options."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, *, solo: bool = False) -> None:
        super().__init__()
        self.solo = solo

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-box"):
            yield Static("[b]Solo game[/b]" if self.solo else "[b]New game[/b]")
            if not self.solo:
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
                yield TickBox("First-game setup (fixed contracts and employees)",
                               id="first-game")
                if not self.solo:
                    yield TickBox("Advanced contracts (3 red + 3 blue)", id="advanced")
                yield Input(placeholder="seed (empty: random)", id="seed", max_length=20)
            yield Static("", id="setup-error", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows(2)
        self.query_one("#name-0", Input).focus()

    def _show_rows(self, count: int) -> None:
        if self.solo:
            return
        for i in range(4):
            self.query_one(f"#row-{i}").display = i < count

    @on(Select.Changed, "#seat-count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_rows(event.value)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        try:
            config = self.config()
        except ValueError as exc:
            error.update(f"✗ {exc}")
            return
        error.update("")
        host_of(self.app).start_game(config)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

    def config(self) -> GameConfig:
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
            config = solo_config(name, seed, first_game)
            config.validate()
            return config
        count = self.query_one("#seat-count", Select).value
        assert isinstance(count, int)
        seats = []
        for i in range(count):
            try:
                name = clean_name(self.query_one(f"#name-{i}", Input).value)
            except ValueError as exc:
                raise ValueError(f"seat {i + 1}: {exc}") from None
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            if kind == "human":
                seats.append(SeatConfig(name, SeatKind.HUMAN))
            else:
                seats.append(SeatConfig(name, SeatKind.BOT, kind.split(":", 1)[1]))
        check_seats(seats)
        advanced = self.query_one("#advanced", Checkbox).value
        if first_game and advanced:
            raise ValueError("choose either the first-game setup or advanced contracts")
        config = GameConfig(tuple(seats), seed=seed, first_game=first_game, advanced=advanced)
        config.validate()
        return config
