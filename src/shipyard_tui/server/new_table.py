"""Opening a table from the lobby (the game, its seats, its stand-in, its rules), and
the name an unknown key picks (``serve --open``)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.seats import clean_name
from shipyard_tui.ui.screens.dialog import Dialog

STAND_IN_CHOICES: list[tuple[str, float | None]] = [
    ("never", None), ("after 1 minute", 60.0), ("after 5 minutes", 300.0),
    ("after 15 minutes", 900.0)]


def seat_choices(kind: GameKind) -> list[str]:
    """What a seat can hold: a person, or a bot of one of the levels players see."""
    return ["open", *(f"bot:{level}" for level in kind.player_levels)]


def rule_choices(kind: GameKind) -> list[tuple[str, str]]:
    """The rule books a table of ``kind`` may play, in words, the default first."""
    return [(kind.rule_book_words.get(book, book), book) for book in kind.rule_books]


SEAT_CHOICES = seat_choices(games.kind(games.DEFAULT))
"""The default game's seat choices (every game offers the levels players see)."""
STAND_IN_LEVELS = list(games.kind(games.DEFAULT).player_levels)
EDITION_CHOICES = rule_choices(games.kind(games.DEFAULT))
"""The rules a table of the default game may play (RC-1.1)."""


SOLO = "automa"
"""Seat 2's choice that makes a solo table: the two automa take seats 2 and 3
(R-12.1), for a game that has a solo game, under its default rules."""


KEEP = "for:"
"""A seat kept for a friend, ``for:NAME``: only they may take it."""


def _seat_label(spec: str) -> str:
    if spec == "open":
        return "open for a person"
    if spec.startswith(KEEP):
        return f"kept for {spec[len(KEEP):]}"
    if spec == "none":
        return "no seat"
    if spec == SOLO:
        return "the solo automa (a solo game)"
    level = spec[4:]
    return f"{'an' if level[:1] in 'aeiou' else 'a'} {level} bot"


class NewTableScreen(Dialog[dict[str, Any] | None]):
    """Open a table: which game, what sits at each seat, and whether bots stand in for
    the away.

    Keys: ``↑`` ``↓`` pick a line, ``←`` ``→`` (or space) change it, ``g`` goes round
    the games, ``Enter`` opens the table, ``Esc`` goes back.
    """

    BINDINGS = [
        Binding("g", "game", "/".join(games.kind(name).title for name in games.names())),
        Binding("left", "change(-1)", "Change", show=False),
        Binding("right,space", "change(1)", "Change"),
        Binding("enter", "open", "Open the table", priority=True, key_display="Enter"),
        Binding("f", "keep", "Keep for a friend", show=False),
        Binding("escape", "cancel", "Back"),
    ]

    DEFAULT_CSS = """
    NewTableScreen {
        align: center middle;
    }
    NewTableScreen > Vertical {
        width: 64;
        height: auto;
        border: round $accent;
        padding: 0 1;
    }
    NewTableScreen OptionList {
        height: auto;
        border: none;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.seats = ["open", "none", "none"]
        self.stand_in = 0
        self.stand_in_level = 0
        self.game = games.DEFAULT
        self.edition = 0
        self.start = 0
        """Who starts: 0 as the game's rules choose, else that seat (from 1)."""

    @property
    def kind(self) -> GameKind:
        return games.kind(self.game)

    def _next_game(self) -> str:
        names = games.names()
        return names[(names.index(self.game) + 1) % len(names)]

    def _heading(self) -> str:
        other = games.kind(self._next_game()).title
        return f"A new table of {self.kind.title}: you sit at seat 1. (g: {other})"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._heading(), id="new-table-game", markup=False)
            yield OptionList(*self._options(), id="plan")
            yield Static("Left/Right: change · f: keep the seat for a friend · Enter: "
                         "open the table · Esc: back", markup=False)

    @property
    def solo(self) -> bool:
        return self.seats[0] == SOLO

    def _options(self) -> list[Option]:
        lines = [Option("Seat 1: you", disabled=True)]
        for i, spec in enumerate(self.seats):
            if self.solo and i > 0:
                words = "Automa B" if i == 1 else "no seat"
                lines.append(Option(f"Seat {i + 2}: {words}", disabled=True))
                continue
            lines.append(Option(f"Seat {i + 2}: ◀ {_seat_label(spec)} ▶"))
        lines.append(Option(f"A bot plays for a person away on their turn: ◀ "
                            f"{STAND_IN_CHOICES[self.stand_in][0]} ▶"))
        levels = list(self.kind.player_levels)
        level = levels[self.stand_in_level % len(levels)]
        lines.append(Option(f"The level of the bot that stands in: ◀ {level} ▶"))
        books = rule_choices(self.kind)
        if books and self.solo:
            lines.append(Option(f"Rules: {books[0][0]} (the only rules of its solo game)",
                                disabled=True))
        elif len(books) > 1:
            lines.append(Option(f"Rules: ◀ {books[self.edition % len(books)][0]} ▶"))
        if self._offers_start:
            self.start %= self._players + 1
            who = ("drawn at random" if not self.start
                   else f"seat {self.start}{' (you)' if self.start == 1 else ''}")
            lines.append(Option(f"Who starts: ◀ {who} ▶"))
        return lines

    @property
    def _offers_start(self) -> bool:
        """Whether the game lets its opener pick who starts (NA-2.4)."""
        return "start_seat" in self.kind.options and not self.solo

    @property
    def _players(self) -> int:
        return 1 + sum(1 for spec in self.seats if spec != "none")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 1

    def action_game(self) -> None:
        self.game = self._next_game()
        self.edition = 0
        if self.solo and "solo" not in self.kind.options:  # no solo game in this one
            self.seats = ["open", "none", "none"]
        mine = ("none", SOLO, *seat_choices(self.kind))
        self.seats = [spec if spec in mine else "open" for spec in self.seats]
        self.query_one("#new-table-game", Static).update(self._heading())
        plan = self.query_one(OptionList)
        row = plan.highlighted
        plan.clear_options()
        plan.add_options(self._options())  # the rules line is a game's with a choice
        plan.highlighted = min(row if row is not None else 1, plan.option_count - 1)

    def action_change(self, step: int) -> None:
        plan = self.query_one(OptionList)
        row = plan.highlighted
        if row is None or row == 0:
            return
        if row <= len(self.seats):
            i = row - 1
            if self.solo and i > 0:
                return
            choices = seat_choices(self.kind) if i == 0 else ["none", *seat_choices(self.kind)]
            if i == 0 and "solo" in self.kind.options:
                choices = [*choices, SOLO]
            spec = "open" if self.seats[i].startswith(KEEP) else self.seats[i]
            current = choices.index(spec) if spec in choices else 0
            self.seats[i] = choices[(current + step) % len(choices)]
            if self.seats[i] == SOLO:
                self.seats[1:] = [SOLO, "none"]
            elif i == 0 and self.seats[1] == SOLO:
                self.seats[1:] = ["none", "none"]
            if self.seats[i] == "none":
                self.seats[i + 1:] = ["none"] * (len(self.seats) - i - 1)
            elif i > 0 and self.seats[i - 1] == "none":
                self.seats[i - 1] = "open"
        elif row == len(self.seats) + 1:
            self.stand_in = (self.stand_in + step) % len(STAND_IN_CHOICES)
        elif row == len(self.seats) + 2:
            self.stand_in_level = (self.stand_in_level + step) % len(self.kind.player_levels)
        elif self._offers_start and row == plan.option_count - 1:
            self.start = (self.start + step) % (self._players + 1)
        elif not self.solo and len(self.kind.rule_books) > 1:
            self.edition = (self.edition + step) % len(self.kind.rule_books)
        plan.clear_options()
        plan.add_options(self._options())
        plan.highlighted = row

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        self.action_open()

    def action_keep(self) -> None:
        """``f`` on a seat's line: keep it for a friend, whom the next dialog names."""
        row = self.query_one(OptionList).highlighted
        if row is None or not 1 <= row <= len(self.seats) or self.solo:
            self.notify("f keeps a seat for a friend: pick the line of seat 2, 3 or 4.",
                        timeout=4)
            return
        self._name_friend(row - 1)

    def action_open(self) -> None:
        seats = ["me", *[s for s in self.seats if s != "none"]]
        levels = list(self.kind.player_levels)
        chosen: dict[str, Any] = {
            "seats": seats, "stand_in": STAND_IN_CHOICES[self.stand_in][1],
            "stand_in_level": levels[self.stand_in_level % len(levels)], "game": self.game}
        books = self.kind.rule_books
        if books:
            chosen["rules"] = books[0] if self.solo else books[self.edition % len(books)]
        if self._offers_start and self.start:
            chosen["start_seat"] = self.start - 1
        self.dismiss(chosen)

    def _name_friend(self, i: int) -> None:
        def named(name: str | None) -> None:
            if name:
                self.seats[i] = KEEP + name
                if i > 0 and self.seats[i - 1] == "none":
                    self.seats[i - 1] = "open"
                plan = self.query_one(OptionList)
                row = plan.highlighted
                plan.clear_options()
                plan.add_options(self._options())
                plan.highlighted = row

        self.app.push_screen(FriendScreen(f"Seat {i + 2} is kept for a friend: their "
                                          "name on this server (only they may take it).",
                                          "their name"), named)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NameScreen(Dialog[str | None]):
    """An unknown key picks the name it will own on this server (``serve --open``); or,
    asked another ``question``, the opener of a table names the friend a seat is kept
    for."""

    DEFAULT_CSS = """
    NameScreen {
        align: center middle;
    }
    NameScreen > Vertical {
        width: 60;
        height: auto;
        border: round $accent;
        padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Leave")]

    def __init__(self, question: str = "Welcome. Pick the name you will play under: your "
                 "key keeps it on this server.", placeholder: str = "your name") -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(placeholder=self.placeholder, id="name")
            yield Static("", id="name-problem", markup=False)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            name = clean_name(event.value)
        except ValueError as exc:
            self.query_one("#name-problem", Static).update(str(exc))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FriendScreen(NameScreen):
    """The name of the friend a seat of a new table is kept for."""

    BINDINGS = [Binding("escape", "cancel", "Back")]
