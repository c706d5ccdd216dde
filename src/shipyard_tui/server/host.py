"""The table host: every game of the server, behind a Unix socket.

The host is the only place where moves are played. It knows who is at each
connection (the ``hello``), sends each connection only the view of its own seat
(R-11.1; a watcher gets the public view) and plays a move only when it comes from
the player sitting at the seat to move. Bots move here, paced so people can follow;
a table may let a bot stand in for a person who has been away on their turn for a
while, and the person takes over again as soon as they are back. Every move is
autosaved in the usual save format before anyone hears of it, and the seat plan is
kept in ``tables.json``, so a restarted server carries on where it stopped. A table
plays any game of the registry, asked only through the game seam
(:class:`~shipyard_tui.core.game.GameKind`): one message shape for every game, each
seat sent the game's own view of it (Nauticus hides nothing but its generator,
NA-14.1). The bots think as long as the strong level's budget in the settings of the
server's user (``strong_budget_ms``).

A seat is decided from one terminal at a time: a player who sits down at their seat
from another connection (coming back while a dropped link has not timed out yet, or
from a second terminal) takes it over, and the connection that held it is told so and
sent back to the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard_tui.core import Bot, IllegalMoveError, SeatDriver
from shipyard_tui.saves import SaveError, SaveStore
from shipyard_tui.seats import clean_name
from shipyard_tui.server.host_bots import BotSeats
from shipyard_tui.server.presence import Presence, describe
from shipyard_tui.server.protocol import ProtocolError, encode, read_message
from shipyard_tui.server.tables import (
    PERSON,
    Table,
    TableGame,
    new_table,
    read_tables,
    seat_to_return_to,
    stand_in_level,
    stand_in_seconds,
    write_tables,
)
from shipyard_tui.settings import load_settings

SOCKET_NAME = "host.sock"
MAX_TABLES = 64
LOBBY_PACE = 0.5
"""Seconds between two lobbies sent for moves: every move of every table changes the
lobby, and a busy club's moves redrew each waiting player's lobby several times a second
(11 % of a core for one player in the lobby, with 33 tables playing)."""
TAKEN_OVER = ("You sat down at this table from another terminal; this one has left the "
              "seat and is back in the lobby.")
"""What a connection is told when another connection of its player takes its seat."""


@dataclass(eq=False)
class Link:
    """One connection to the host: a player's interface (or a test)."""

    writer: asyncio.StreamWriter
    player: str | None = None
    fingerprint: str | None = None
    table: str | None = None
    seat: int | None = None
    """The seat shown at this connection; ``None`` with a table means watching."""
    events_sent: int = 0
    epoch: int = -1

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(encode(message))


class TableHost(BotSeats):
    """Owns the tables of one server folder and serves them on ``folder/host.sock``."""

    def __init__(self, folder: Path, *, open_names: bool = False,
                 reserved: set[str] | None = None,
                 budget_ms: float | None = None) -> None:
        self.folder = folder
        self.budget_ms = load_settings().strong_budget_ms if budget_ms is None \
            else budget_ms
        """The strong level's thinking time per decision, for every bot and stand-in of
        every table: the server's settings (``strong_budget_ms``) unless given."""
        self.open_names = open_names
        """Whether an unknown key may pick a name (``serve --open``)."""
        self.reserved = {name.casefold() for name in reserved or ()}
        """Names the players file gives to keys: nobody else may pick them."""
        self.store = SaveStore(folder / "saves", folder / "finished")
        self.tables: dict[str, Table] = {}
        self.names: dict[str, str] = {}
        """Key fingerprint → the name it owns (``--open``)."""
        self.links: set[Link] = set()
        self._epochs: dict[str, int] = {}
        self._presence = Presence(self._present)
        self._seat_drivers: dict[str, SeatDriver[Any, Any]] = {}
        """The bots of each table, by table id (built when its game first needs one)."""
        self._stand_ins: dict[tuple[str, int], Bot[Any, Any]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._serving: set[asyncio.Task[Any]] = set()
        """The handlers of the connections open now (:meth:`close` waits for them)."""
        self._past: dict[str, tuple[int, dict[int, Any]]] = {}
        """By table whose game plays turns by itself (Shipyard's solo automa): the number
        of moves, and the board after each turn the last of them played (sent with the
        next ``game`` message while it is the last)."""
        self._server: asyncio.Server | None = None
        self.left_out: list[str] = []
        """Why each table left out at the start was (its game's save is damaged): its
        entry in ``tables.json`` and its save stay as they were."""
        self._left_out: list[dict[str, Any]] = []
        self.moves_played = 0
        self._lobby_sent = -LOBBY_PACE
        """When the lobby last went out (the event loop's clock)."""
        self._lobby_due: asyncio.TimerHandle | None = None
        """The lobby's next sending, while moves wait for :data:`LOBBY_PACE` to pass."""

    @property
    def socket_path(self) -> Path:
        return self.folder / SOCKET_NAME

    # -- starting and stopping ------------------------------------------------------

    async def start(self) -> None:
        """Read the tables back, then listen on an owner-only socket."""
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        self._load()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(
                self._serve, path=str(self.socket_path), limit=4 * 1024 * 1024)
        finally:
            os.umask(old)
        os.chmod(self.socket_path, 0o600)
        for table in self.tables.values():
            for seat in range(len(table.seats)):
                if table.seats[seat].kind == PERSON:
                    self._presence.left(table.table_id, seat)
            self._presence.note_turn(table)
            self._drive(table)

    async def close(self) -> None:
        if self._lobby_due is not None:
            self._lobby_due.cancel()
            self._lobby_due = None
        for task in list(self._drivers.values()):
            task.cancel()
        for task in list(self._drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._drivers.clear()
        for link in list(self.links):
            link.writer.close()
        # let each connection's handler see its end: left for the event loop to cancel
        # on the way out, one printed a traceback at every stop with a player connected
        if self._serving:
            await asyncio.wait(list(self._serving), timeout=2)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    def _load(self) -> None:
        read = read_tables(self.folder, self.store)
        self.tables, self.names = read.tables, read.names
        self._left_out = [raw for raw, _ in read.left_out]
        self.left_out = [why for _, why in read.left_out]

    def _save_tables(self) -> None:
        write_tables(self.folder, self.tables, self.names, self._left_out)

    # -- connections ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(writer)
        self.links.add(link)
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
        try:
            while True:
                try:
                    message = await read_message(reader)
                except ProtocolError as exc:
                    link.send({"op": "error", "message": str(exc)})
                    break
                if message is None:
                    break
                try:
                    self.handle(link, message)
                except (ValueError, KeyError, TypeError) as exc:
                    link.send({"op": "error", "message": str(exc)})
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.links.discard(link)
            self._left(link)
            writer.close()
            if task is not None:
                self._serving.discard(task)

    def handle(self, link: Link, message: dict[str, Any]) -> None:
        """Act on one message; ``ValueError`` is sent back to the sender as an error."""
        op = message["op"]
        if op == "hello":
            self._hello(link, message)
            return
        if link.player is None:
            if op == "claim" and link.fingerprint is not None:
                self._claim(link, message)
                return
            raise ValueError("say hello (and pick a name) first")
        handler = {
            "lobby": lambda: link.send(self.lobby_message(link.player)),
            "create": lambda: self._create(link, message),
            "join": lambda: self._join(link, message),
            "watch": lambda: self._watch(link, message),
            "leave": lambda: self._leave_table(link),
            "play": lambda: self._play(link, message),
            "undo": lambda: self._undo(link, message),
            "stand_in": lambda: self._set_stand_in(link, message),
            "remove": lambda: self._remove(link, message),
        }.get(op)
        if handler is None:
            raise ValueError(f"unknown op {op!r}")
        handler()

    def _hello(self, link: Link, message: dict[str, Any]) -> None:
        if link.player is not None or link.fingerprint is not None:
            raise ValueError("hello was already said on this connection")
        player = message.get("player")
        fingerprint = message.get("fingerprint")
        if isinstance(player, str):
            link.player = clean_name(player)
        elif isinstance(fingerprint, str) and self.open_names:
            link.fingerprint = fingerprint
            link.player = self.names.get(fingerprint)
        else:
            raise ValueError("hello needs a player name")
        if link.player is None:
            link.send({"op": "welcome", "need_name": True})
            return
        self._welcome(link)

    def _claim(self, link: Link, message: dict[str, Any]) -> None:
        name = clean_name(str(message.get("name", "")))
        owner = next((fp for fp, n in self.names.items() if n.casefold() == name.casefold()),
                     None)
        if (owner is not None and owner != link.fingerprint) or \
                name.casefold() in self.reserved:
            raise ValueError(f"{name} is taken by another key: pick another name")
        assert link.fingerprint is not None
        self.names[link.fingerprint] = name
        self._save_tables()
        link.player = name
        self._welcome(link)

    def _welcome(self, link: Link) -> None:
        """Greet the player; one who left games running sits straight back down where
        :func:`~.tables.seat_to_return_to` says (the seat they were last at), or stays in
        the lobby with its cursor on their most recent table (``welcome``'s ``table``)."""
        assert link.player is not None
        running = [(table, seat) for table in reversed(list(self.tables.values()))
                   if (seat := table.seat_of(link.player)) is not None
                   and table.game is not None and not table.game.is_over]
        back, cursor = seat_to_return_to(running, lambda t, s: self._present(t.table_id, s))
        link.send({"op": "welcome", "player": link.player,
                   **({"table": cursor.table_id} if cursor is not None else {})})
        link.send(self.lobby_message(link.player))
        if back is not None:
            self._seat(link, *back)

    def _left(self, link: Link) -> None:
        """The connection is gone: its seat waits (and a stand-in may start counting)."""
        table_id, seat = link.table, link.seat
        link.table = link.seat = None
        if table_id is not None and seat is not None and table_id in self.tables:
            if not self._present(table_id, seat):
                self._presence.left(table_id, seat)
                self._drive(self.tables[table_id])
            self._send_table(self.tables[table_id])

    # -- the lobby ----------------------------------------------------------------------

    def lobby_message(self, player: str | None = None) -> dict[str, Any]:
        """The lobby as ``player`` sees it: every table but the finished ones they
        removed from it."""
        return {"op": "lobby", "tables": [self._describe(t) for t in self.tables.values()
                                          if player is None or player not in t.removed_by]}

    def _describe(self, table: Table) -> dict[str, Any]:
        return describe(table, self._presence)

    def _send_lobby(self, *, paced: bool = False) -> None:
        """Send the lobby to each player in it (or waiting at a table not yet begun). A
        move (``paced``) changes a table's line only: its lobby goes out at once unless
        one went out less than :data:`LOBBY_PACE` ago, and then once when that time is
        up, with every move meanwhile; anything else goes out at once."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving (a test driving the host by hand)
            loop = None
        if paced and loop is not None:
            if self._lobby_due is not None:
                return
            wait = self._lobby_sent + LOBBY_PACE - loop.time()
            if wait > 0:
                self._lobby_due = loop.call_later(wait, self._send_lobby)
                return
        if self._lobby_due is not None:
            self._lobby_due.cancel()
            self._lobby_due = None
        if loop is not None:
            self._lobby_sent = loop.time()
        for link in self.links:
            if link.player is None:
                continue
            table = self.tables.get(link.table) if link.table is not None else None
            if table is None or not table.started:
                link.send(self.lobby_message(link.player))

    def _remove(self, link: Link, message: dict[str, Any]) -> None:
        """A finished table leaves the sender's lobby (its game stays archived); once
        every person who sat there has removed it, it leaves the server's tables."""
        table = self._table(message)
        assert link.player is not None
        if table.game is None or not table.game.is_over:
            raise ValueError("only a finished table can be removed from the lobby")
        if link.player not in table.removed_by:
            table.removed_by.append(link.player)
        if {s.player for s in table.seats if s.kind == PERSON} <= set(table.removed_by):
            del self.tables[table.table_id]
            self._presence.forget(table.table_id)
            for place in (self._seat_drivers, self._past, self._epochs):
                place.pop(table.table_id, None)
            for seat in range(len(table.seats)):
                self._stand_ins.pop((table.table_id, seat), None)
        self._save_tables()
        if link.table == table.table_id:
            link.table = link.seat = None
        self._send_lobby()

    def _create(self, link: Link, message: dict[str, Any]) -> None:
        assert link.player is not None
        if len(self.tables) >= MAX_TABLES:
            raise ValueError(f"this server has {MAX_TABLES} tables already")
        table = new_table(message, link.player)
        while table.table_id in self.tables:
            table.table_id = secrets.token_hex(3)
        self.tables[table.table_id] = table
        if not table.open_seats():
            self._begin(table)
        self._save_tables()
        self._seat(link, table, 0)
        self._send_lobby()

    def _join(self, link: Link, message: dict[str, Any]) -> None:
        assert link.player is not None
        table = self._table(message)
        own = table.seat_of(link.player)
        if own is not None:
            self._seat(link, table, own)
            return
        wanted = message.get("seat")
        free = table.open_seats(link.player)
        if not free:
            kept = table.open_seats() and "the open seats here are kept for others: "
            raise ValueError(f"{kept or 'this table has no open seat: '}watch it instead")
        seat = free[0] if wanted is None else int(wanted)
        if seat not in free:
            raise ValueError(f"seat {seat + 1} is not open to you")
        if link.player.casefold() in (n.casefold() for n in table.seat_names()):
            raise ValueError(f"a seat at this table is already called {link.player}")
        table.seats[seat].player = link.player
        if not table.open_seats():
            self._begin(table)
        self._save_tables()
        self._seat(link, table, seat)
        self._send_lobby()

    def _watch(self, link: Link, message: dict[str, Any]) -> None:
        table = self._table(message)
        self._leave_table(link, lobby=False)
        link.table, link.seat = table.table_id, None
        link.epoch = -1
        self._send_game(link, table)

    def _seat(self, link: Link, table: Table, seat: int) -> None:
        """Sit ``link`` at ``seat``; any other connection holding the seat gives it up
        (and is sent the lobby, with everyone not at a game)."""
        self._leave_table(link, lobby=False)
        for other in [o for o in self.links if o is not link
                      and o.table == table.table_id and o.seat == seat]:
            other.table = other.seat = None
            other.send({"op": "taken_over", "table": table.table_id, "message": TAKEN_OVER})
        link.table, link.seat = table.table_id, seat
        link.epoch = -1
        table.seats[seat].seated_at = time.time()
        self._save_tables()  # where the player was last, for their next return
        self._presence.sat_down(table.table_id, seat)
        self._send_table(table)
        self._send_lobby()
        self._drive(table)

    def _leave_table(self, link: Link, lobby: bool = True) -> None:
        if link.table is not None:
            self._left(link)
        if lobby:
            link.send(self.lobby_message(link.player))

    def _table(self, message: dict[str, Any]) -> Table:
        table = self.tables.get(str(message.get("table")))
        if table is None:
            raise ValueError("there is no such table")
        return table

    def _begin(self, table: Table) -> None:
        game = table.start()
        self._presence.note_turn(table)
        self._autosave(table, game)
        self._drive(table)

    def _set_stand_in(self, link: Link, message: dict[str, Any]) -> None:
        """A player at the table turns its stand-in on (after so many seconds of an away
        person's turn) or off (``null``)."""
        table = self._table(message)
        assert link.player is not None
        if table.seat_of(link.player) is None:
            raise ValueError("only the players at a table may change its stand-in")
        table.stand_in = stand_in_seconds(message.get("seconds"))
        if "level" in message:
            table.stand_in_level = stand_in_level(message["level"], table.game_name)
        self._save_tables()
        self._send_table(table)
        self._send_lobby()
        self._drive(table)

    # -- presence and stand-ins -------------------------------------------------------------

    def _present(self, table_id: str, seat: int) -> bool:
        return any(link.table == table_id and link.seat == seat for link in self.links)

    # -- moves --------------------------------------------------------------------------------

    def _own_table(self, link: Link, message: dict[str, Any]
                   ) -> tuple[Table, TableGame, int]:
        """The table, game and seat of the sender, checked against the message."""
        table = self._table(message)
        if link.table != table.table_id or link.seat is None:
            raise ValueError("you do not sit at this table")
        assert link.player is not None
        seat = table.seat_of(link.player)
        if seat is None or seat != link.seat:
            raise ValueError("you do not sit at this table")
        game = table.game
        if game is None:
            raise ValueError("the game has not begun: seats are still open")
        if game.to_move != seat:
            who = "nobody" if game.to_move is None else table.seat_names()[game.to_move]
            raise ValueError(f"it is not your turn (it is {who}'s)")
        return table, game, seat

    def _play(self, link: Link, message: dict[str, Any]) -> None:
        table, game, _seat = self._own_table(link, message)
        try:
            self._commit(table, game, str(message.get("move", "")))
        except IllegalMoveError as exc:
            raise ValueError(str(exc)) from None
        self._drive(table)

    def _undo(self, link: Link, message: dict[str, Any]) -> None:
        table, game, _seat = self._own_table(link, message)
        try:
            game.undo()
        except IllegalMoveError as exc:
            raise ValueError(str(exc)) from None
        self._epochs[table.table_id] = self._epochs.get(table.table_id, 0) + 1
        table.stood_in = [mark for mark in table.stood_in if mark[1] <= len(game.events)]
        self._presence.note_turn(table)
        self._autosave(table, game)
        self._send_table(table)

    def _commit(self, table: Table, game: TableGame, move: Any, *,
                stand_in: bool = False) -> None:
        """Play ``move`` (a stand-in's for the away person to move: marked in the log)."""
        kind = table.kind
        before = kind.state_before_move(game)
        seat, first = game.to_move, len(game.events)
        game.play(move)
        if stand_in and seat is not None:
            table.mark_stand_in(first, len(game.events), seat)
            self._presence.stood_in.add((table.table_id, seat))
            self._save_tables()
        self._presence.note_turn(table)
        if before is not None:
            # the boards after each turn the move played by itself (a solo game's
            # automa, R-12.3), for the player's replay of them
            self._past[table.table_id] = (len(game.moves),
                                          kind.boards_after_turns(before, game.moves[-1]))
        self.moves_played += 1
        self._autosave(table, game)
        self._send_table(table)
        self._send_lobby(paced=True)

    def _autosave(self, table: Table, game: TableGame) -> None:
        try:
            if game.is_over:
                self.store.archive(game, table.game_id)
            else:
                self.store.autosave(game, table.game_id)
        except SaveError as exc:
            print(f"shipyard serve: table {table.table_id}: {exc.message}", file=sys.stderr)

    # -- what each connection sees ------------------------------------------------------------

    def _send_table(self, table: Table) -> None:
        for link in self.links:
            if link.table == table.table_id:
                self._send_game(link, table)

    def _send_game(self, link: Link, table: Table) -> None:
        epoch = self._epochs.get(table.table_id, 0)
        if link.epoch != epoch:
            link.epoch, link.events_sent = epoch, 0
        message = self.game_message(table, link.seat, link.events_sent)
        if table.game is not None:
            link.events_sent = len(table.game.events)
        link.send(message)

    def game_message(self, table: Table, seat: int | None, events_from: int = 0
                     ) -> dict[str, Any]:
        """What seat ``seat`` (``None``: a watcher) may know of the table now (R-11.1),
        in the one shape of every game (:meth:`~.tables.Table.seat_message`), and how
        long the table's strong bots think (the seat's hint thinks as long)."""
        message = table.seat_message(seat, events_from, self._past.get(table.table_id))
        return {"op": "game", "table": table.table_id, "seat": seat,
                "lobby": self._describe(table), "budget_ms": self.budget_ms, **message}
