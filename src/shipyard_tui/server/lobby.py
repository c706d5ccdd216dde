"""The lobby: the server's tables, opening one, sitting down, watching.

Keys:

| key | does |
|---|---|
| ``↑`` ``↓`` | pick a table |
| ``Enter`` / ``j`` | sit at the table: back at your own seat, or at its first open seat |
| ``w`` | watch the table (the public view only) |
| ``n`` | open a new table (of any game: ``g`` goes round them) |
| ``s`` | at a table of yours: a bot plays for the away after 1, 5, 15 minutes, or never |
| ``b`` | bell on your turn: on or off |
| ``?`` | what these keys do |
| ``q`` | leave the server (your seats wait for you) |

Below 80×24 the lobby asks for a larger terminal instead (:func:`ask_to_grow`) and the
keys that would act on a table it cannot show do nothing.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.seats import clean_name
from shipyard_tui.server.tables import how_long
from shipyard_tui.ui.screens.dialog import Dialog
from shipyard_tui.ui.sizes import ask_to_grow


def seat_text(seat: dict[str, Any], to_move: bool, stand_in_level: str = "",
              game: str = games.DEFAULT, stand_in: float | None = None) -> Text:
    """A seat in the lobby: who sits there and how they are doing (bots by the level
    names players see of the table's ``game``: beginner, sensible, strong; an away
    person at a table with a stand-in (``stand_in`` seconds), when it plays for them)."""
    player_level = _kind(game).player_level
    text = Text()
    if seat["kind"] == "bot":
        text.append(f"{seat['name']} ({player_level(seat['level'])})", style="cyan")
    elif seat["kind"] == "automa":
        text.append(seat["name"], style="cyan")
    elif seat["player"] is None:
        text.append("open", style="bold green")
    else:
        text.append(seat["player"], style="bold" if seat["present"] else "dim")
        if seat.get("stand_in"):
            level = f"{player_level(stand_in_level)} " if stand_in_level else ""
            text.append(f" ({level}bot stands in)", style="yellow")
        elif not seat["present"] and isinstance(stand_in, int | float):
            text.append(f" (away: a bot plays after {how_long(stand_in)} of the turn)",
                        style="dim")
        elif not seat["present"]:
            text.append(" (away)", style="dim")
    if to_move:
        text.append(" ◀", style="bold magenta")
    return text


def _kind(game: object) -> GameKind:
    """The game a lobby row names (a row without one: the default game)."""
    name = game if isinstance(game, str) and game in games.names() else games.DEFAULT
    return games.kind(name)


LOBBY_HELP = ("Up/Down: pick a table · Enter: sit down (back at your own seat, or at "
              "an open one) · w: watch a table · n: open a new table · s: at a table of "
              "yours, whether a bot plays for a player away on their turn (after 1, 5 or "
              "15 minutes of it, or never) · b: the bell on your turn, on or off · q: "
              "leave the server (your seats wait for you). At a table, q brings you back "
              "here and ? shows the game's help.")
"""What ``?`` shows in the lobby."""

COLUMNS = ("Table", "Game", "State", "Seats (◀ to move)")
"""The lobby's columns."""


def _width(cell: object) -> int:
    """How many terminal cells a lobby cell takes."""
    return cell.cell_len if isinstance(cell, Text) else cell_len(str(cell))


@runtime_checkable
class Sender(Protocol):
    """An app that talks to the host (the session app, the showcase)."""

    def send(self, message: dict[str, Any]) -> None: ...


class LobbyScreen(Screen[None]):
    """Every table of the server, with its seats and whose turn it is."""

    BINDINGS = [
        Binding("enter,j", "join", "Sit down", priority=True, key_display="Enter"),
        Binding("w", "watch", "Watch"),
        Binding("n", "new_table", "New table"),
        Binding("s", "stand_in", "Stand-in", show=False),
        Binding("b", "bell", "Bell on/off"),
        Binding("question_mark,f1", "help", "Help", show=False),
        Binding("q", "app.quit", "Leave"),
    ]

    DEFAULT_CSS = """
    LobbyScreen {
        layout: vertical;
    }
    LobbyScreen > #lobby-title {
        height: auto;
        text-style: bold;
        padding: 0 1;
    }
    LobbyScreen > #lobby-help {
        height: auto;
        padding: 0 1;
        color: $text-muted;
    }
    LobbyScreen > DataTable {
        height: 1fr;
    }
    LobbyScreen > #lobby-too-small {
        display: none;
    }
    LobbyScreen.-tiny > #lobby-too-small {
        display: block;
        height: 1fr;
        content-align: center middle;
        text-style: bold;
    }
    LobbyScreen.-tiny > #lobby-title, LobbyScreen.-tiny > #lobby-help,
    LobbyScreen.-tiny > DataTable {
        display: none;
    }
    """

    BLIND_ACTIONS = frozenset({"join", "watch", "new_table", "stand_in"})
    """What the keys cannot do while the tables are hidden by a terminal too small."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.player = ""
        self._ready = False
        self._cursor_at: str | None = None
        """The table the cursor goes to once the tables are shown (the player's most
        recent, when the host could not tell which they were last at)."""

    def compose(self) -> ComposeResult:
        yield Static("Shipyard — connecting to the tables…", id="lobby-title", markup=False)
        yield Static("", id="lobby-help", markup=False)
        table: DataTable[Any] = DataTable(cursor_type="row", zebra_stripes=True, id="tables")
        table.add_columns(*COLUMNS)
        yield table
        yield Static("", id="lobby-too-small", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._ready = True
        self._apply_size(self.size.width, self.size.height)
        if self.player:
            self.welcome(self.player)
        self.show_tables(self.tables)

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        """Back from a table: the terminal may have changed size in the meantime."""
        self._apply_size(self.app.size.width, self.app.size.height)

    def _apply_size(self, width: int, height: int) -> None:
        """Ask for a larger terminal below the smallest size; back to the tables when it
        grows (a hidden table loses the keyboard, so it is given back)."""
        was_tiny = self.has_class("-tiny")
        tiny = ask_to_grow(self, self.query_one("#lobby-too-small", Static), width, height,
                           place="the lobby", meanwhile="your seats wait for you")
        if tiny != was_tiny:
            self.refresh_bindings()
        if not tiny:
            self.call_after_refresh(self._focus_tables)

    def _focus_tables(self) -> None:
        if self.is_attached and self.is_current and not self.has_class("-tiny"):
            self.query_one(DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing is picked or opened blind: those keys wait for a larger terminal."""
        return not (action in self.BLIND_ACTIONS and self.has_class("-tiny"))

    def welcome(self, player: str, cursor_at: object = None) -> None:
        self.player = player
        if isinstance(cursor_at, str):
            self._cursor_at = cursor_at
        if self._ready:
            self.query_one("#lobby-title", Static).update(
                f"Shipyard — the lobby · you are {player}")
            self._help()

    def _help(self, note: str = "") -> None:
        text = note or ("n: open a new table · Enter: sit down (or back at your seat) · "
                        "w: watch · ?: help · q: leave (your seats wait for you)")
        if self._ready:
            self.query_one("#lobby-help", Static).update(text)

    def waiting_at(self, table: dict[str, Any]) -> None:
        open_seats = sum(1 for s in table.get("seats", []) if s["kind"] == "person"
                         and s["player"] is None)
        self._help(f"You sit at table {table.get('table')}: waiting for {open_seats} more "
                   f"player{'s' if open_seats != 1 else ''} to sit down.")

    def show_tables(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables
        if not self._ready:
            return
        grid = self.query_one(DataTable)
        keep = grid.cursor_row
        rows = [(table["table"], table["rules"], self._state(table), Text(" · ").join(
                    seat_text(seat, i == table["to_move"], table.get("stand_in_level", ""),
                              table.get("game", games.DEFAULT), table.get("stand_in"))
                    for i, seat in enumerate(table["seats"])))
                for table in tables]
        # The columns are as wide as their widest cell, worked out here: the table's own
        # measuring waits for a quiet moment, which a busy server (every move of every
        # table refreshes the lobby) may not leave, and the cells stayed cut short.
        grid.clear(columns=True)
        for i, label in enumerate(COLUMNS):
            grid.add_column(label, width=max(_width(cell) for cell in (label, *(
                row[i] for row in rows))))
        for table, row in zip(tables, rows, strict=True):
            grid.add_row(*row, key=table["table"])
        rows_of = [table["table"] for table in tables]
        if self._cursor_at in rows_of:
            keep, self._cursor_at = rows_of.index(self._cursor_at), None
        if tables:
            grid.move_cursor(row=min(max(keep, 0), len(tables) - 1))
        mine = [t for t in tables if t["state"] == "waiting"
                and any(s["player"] == self.player for s in t["seats"])]
        if mine:
            self.waiting_at(mine[-1])
        elif not tables:
            self._help("No tables yet: n opens one.")
        elif self.player:
            self._help()

    def _state(self, table: dict[str, Any]) -> Text:
        if table["state"] == "waiting":
            free = sum(1 for s in table["seats"] if s["kind"] == "person" and s["player"] is None)
            return Text(f"{free} seat{'s' if free != 1 else ''} open", style="green")
        if table["state"] == "over":
            # the game's own result (a tie broken on leftovers has one winner)
            seats = table["seats"]
            names = [seats[i]["name"] for i in table.get("winners", []) if 0 <= i < len(seats)]
            return Text(f"{' and '.join(names)} won" if names else "finished", style="dim")
        return Text(table.get("round") or f"move {table['moves']}")

    def _selected(self) -> dict[str, Any] | None:
        grid = self.query_one(DataTable)
        if not self.tables or grid.cursor_row < 0:
            return None
        return self.tables[min(grid.cursor_row, len(self.tables) - 1)]

    def action_join(self) -> None:
        table = self._selected()
        if table is None:
            self.notify("No table yet: n opens one.", timeout=3)
            return
        mine = any(s["player"] == self.player for s in table["seats"])
        free = any(s["kind"] == "person" and s["player"] is None for s in table["seats"])
        if not mine and not free:
            self.action_watch()
            return
        self._send({"op": "join", "table": table["table"]})

    def _send(self, message: dict[str, Any]) -> None:
        """Send a message to the host through the session's app."""
        app = self.app
        assert isinstance(app, Sender), "the lobby runs inside a session app"
        app.send(message)

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self._send({"op": "watch", "table": table["table"]})

    def action_help(self) -> None:
        """``?``: what the lobby's keys do, in a few lines."""
        self.notify(LOBBY_HELP, title="The lobby", timeout=20, markup=False)

    def action_stand_in(self) -> None:
        """``s``: at a table you sit at, whether a bot plays for a person away on their
        turn, and after how long of it: the next of never, 1, 5 and 15 minutes."""
        table = self._selected()
        if table is None or not any(s["player"] == self.player for s in table["seats"]):
            self.notify("Only the players at a table may change its stand-in: pick a "
                        "table you sit at.", timeout=4)
            return
        after = [seconds for _words, seconds in STAND_IN_CHOICES]
        now = table.get("stand_in")
        nxt = after[(after.index(now) + 1) % len(after)] if now in after else None
        self._send({"op": "stand_in", "table": table["table"], "seconds": nxt})
        words = ("no bot plays for a player away on their turn" if nxt is None else
                 f"a bot plays for a player away on their turn after {how_long(nxt)} of it")
        self.notify(f"At table {table['table']} {words} (s again changes it).", timeout=5)

    def action_bell(self) -> None:
        """Ring the bell when your turn comes, or not (this connection)."""
        app: Any = self.app
        app.bell_on_turn = not app.bell_on_turn
        state = "rings" if app.bell_on_turn else "stays quiet"
        self.notify(f"The bell {state} when your turn comes.", timeout=3)

    def action_new_table(self) -> None:
        def opened(settings: dict[str, Any] | None) -> None:
            if settings is not None:
                self._send({"op": "create", **settings})

        self.app.push_screen(NewTableScreen(), opened)


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


def _seat_label(spec: str) -> str:
    if spec == "open":
        return "open for a person"
    if spec == "none":
        return "no seat"
    if spec == SOLO:
        return "the solo automa (a solo game)"
    return f"a {spec[4:]} bot"


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
            yield Static("Left/Right: change · Enter: open the table · Esc: back", markup=False)

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
            current = choices.index(self.seats[i]) if self.seats[i] in choices else 0
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

    def action_cancel(self) -> None:
        self.dismiss(None)


class NameScreen(Dialog[str | None]):
    """An unknown key picks the name it will own on this server (``serve --open``)."""

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

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Welcome. Pick the name you will play under: your key keeps it "
                         "on this server.", markup=False)
            yield Input(placeholder="your name", id="name")
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
