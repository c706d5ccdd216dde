"""The lobby: the server's tables, opening one, sitting down, watching.

Keys:

| key | does |
|---|---|
| ``↑`` ``↓`` | pick a table |
| ``Enter`` / ``j`` | sit at the table: back at your own seat, or at its first open seat |
| ``w`` | watch the table (the public view only) |
| ``n`` | open a new table (of any game: ``g`` goes round them) |
| ``s`` | at a table of yours: a bot plays for the away after 1, 5, 15 minutes, or never |
| ``d`` | remove a finished table from your lobby (asks first) |
| ``b`` | bell on your turn: on or off |
| ``?`` | what these keys do |
| ``q`` | leave the server (your seats wait for you) |

Below 80×24 the lobby asks for a larger terminal instead (:func:`ask_to_grow`) and the
keys that would act on a table it cannot show do nothing.
"""

from __future__ import annotations

__all__ = ["EDITION_CHOICES", "SEAT_CHOICES", "STAND_IN_CHOICES", "STAND_IN_LEVELS",
           "LobbyScreen", "NameScreen", "NewTableScreen", "seat_text"]

from typing import Any, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.server.new_table import (
    EDITION_CHOICES,
    SEAT_CHOICES,
    STAND_IN_CHOICES,
    STAND_IN_LEVELS,
    NameScreen,
    NewTableScreen,
)
from shipyard_tui.server.tables import how_long
from shipyard_tui.ui.sizes import ask_to_grow
from shipyard_tui.ui.widgets.key_bar import KeyBar


def seat_text(seat: dict[str, Any], to_move: bool, stand_in_level: str = "",
              game: str = games.DEFAULT, stand_in: float | None = None) -> Text:
    """A seat in the lobby: who sits there and how they are doing (bots by the level
    names players see of the table's ``game``: beginner, sensible, strong, expert; an away
    person at a table with a stand-in (``stand_in`` seconds), when it plays for them)."""
    player_level = _kind(game).player_level
    text = Text()
    if seat["kind"] == "bot":
        text.append(f"{seat['name']} ({player_level(seat['level'])})", style="cyan")
    elif seat["kind"] == "automa":
        text.append(seat["name"], style="cyan")
    elif seat["player"] is None and seat.get("kept_for"):
        text.append(f"kept for {seat['kept_for']}", style="green")
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
              "15 minutes of it, or never) · d: remove a finished table from your lobby · "
              "b: the bell on your turn, on or off · q: leave the server (your seats wait "
              "for you). At a table, q brings you back here and ? shows the game's help.")
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
        Binding("d", "remove", "Remove", show=False),
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

    BLIND_ACTIONS = frozenset({"join", "watch", "new_table", "stand_in", "remove"})
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
        yield KeyBar()

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
        free = any(s["kind"] == "person" and s["player"] is None
                   and s.get("kept_for", self.player).casefold() == self.player.casefold()
                   for s in table["seats"])
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

    def action_remove(self) -> None:
        """``d``: take a finished table out of your lobby, once you say so (its game
        stays in the server's archive)."""
        from shipyard_tui.ui.screens.confirm import ConfirmScreen

        table = self._selected()
        if table is None or table["state"] != "over":
            self.notify("Only a finished table can be removed from the lobby.", timeout=4)
            return
        if isinstance(self.app.screen, ConfirmScreen):
            return  # already asking (a second quick d)
        table_id = table["table"]

        def answered(remove: bool | None) -> None:
            if remove:
                self._send({"op": "remove", "table": table_id})

        self.app.push_screen(ConfirmScreen(
            f"Remove the finished table {table_id} ({self._state(table).plain}) from your "
            "lobby? Its game stays in the server's archive.", "Remove", "Keep"), answered)

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
