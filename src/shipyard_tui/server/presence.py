"""Who is at the seats of the host's tables, and when a bot stands in for the away.

A table may let a bot (the stand-in) play for a person who is away on their turn. Its
clock starts when the away person's turn begins, or when they leave during their turn,
whichever is later: a player who left during someone else's turn gets the whole time
on their own. Once it has played for them, the seat shows it stands in until they sit
down again (the moves it plays are marked in the table's log,
:meth:`~.tables.Table.mark_stand_in`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from shipyard_tui.server.tables import BOT, PERSON, Table

Seat = tuple[str, int]
"""A seat of a table: the table's id and the seat's index."""


class Presence:
    """When each person left their seat, when each table's turn began, and whom the
    stand-in has played for since they left."""

    def __init__(self, present: Callable[[str, int], bool]) -> None:
        self._present = present
        """Whether a connection holds the seat now (the host's links say)."""
        self.away_since: dict[Seat, float] = {}
        self.turn_since: dict[str, tuple[int | None, float]] = {}
        """By table: the seat whose turn it is and when that turn began."""
        self.stood_in: set[Seat] = set()
        """Seats the stand-in has played since their person left."""

    def left(self, table_id: str, seat: int) -> None:
        self.away_since[(table_id, seat)] = time.monotonic()

    def sat_down(self, table_id: str, seat: int) -> None:
        self.away_since.pop((table_id, seat), None)
        self.stood_in.discard((table_id, seat))

    def note_turn(self, table: Table) -> None:
        """The table's game moved: a new seat to move begins its turn now."""
        game = table.game
        seat = game.to_move if game is not None and not game.is_over else None
        known = self.turn_since.get(table.table_id)
        if known is None or known[0] != seat:
            self.turn_since[table.table_id] = (seat, time.monotonic())

    def forget(self, table_id: str) -> None:
        self.turn_since.pop(table_id, None)
        for seat in [s for s in self.away_since if s[0] == table_id]:
            del self.away_since[seat]
        self.stood_in -= {s for s in self.stood_in if s[0] == table_id}

    def clock(self, table: Table, seat: int) -> float | None:
        """When the stand-in's clock for ``seat`` started (``time.monotonic()``), or
        ``None`` while it does not run: the table has no stand-in, the seat is not a
        person's or not to move, or its person is here."""
        game = table.game
        if (table.stand_in is None or game is None or game.is_over
                or game.to_move != seat or table.seats[seat].kind != PERSON
                or self._present(table.table_id, seat)):
            return None
        since = self.away_since.get((table.table_id, seat))
        if since is None:
            return None
        turn = self.turn_since.get(table.table_id)
        began = turn[1] if turn is not None and turn[0] == seat else since
        return max(since, began)

    def standing_in(self, table: Table, seat: int) -> bool:
        """Whether a bot plays this person's seat now: it has played for them since they
        left, or their turn has waited the table's time."""
        if table.seats[seat].kind != PERSON or self._present(table.table_id, seat):
            return False
        if (table.table_id, seat) in self.stood_in and table.stand_in is not None:
            return True
        start = self.clock(table, seat)
        assert table.stand_in is not None or start is None
        return start is not None and time.monotonic() - start >= (table.stand_in or 0.0)

    def due(self, table: Table) -> float | None:
        """Seconds until a bot should move at this table, or ``None`` if it is a person's
        decision (or the game is not running)."""
        game = table.game
        if game is None or game.is_over:
            return None
        seat = game.to_move
        assert seat is not None
        if table.seats[seat].kind == BOT:
            return table.bot_delay
        start = self.clock(table, seat)
        if start is None:
            return None
        assert table.stand_in is not None
        return max(table.bot_delay, start + table.stand_in - time.monotonic())


def describe(table: Table, presence: Presence) -> dict[str, Any]:
    """A table as the lobby shows it: its game and rules, who sits where (and who is
    here, and whom a bot stands in for), whose turn it is and how the game stands."""
    game = table.game
    to_move = game.to_move if game is not None else None
    seats = []
    for i, (name, seat) in enumerate(zip(table.seat_names(), table.seats, strict=True)):
        seats.append({
            "name": name, "kind": seat.kind, "level": seat.level, "player": seat.player,
            **({"kept_for": seat.kept_for} if seat.kept_for and seat.is_open else {}),
            "present": seat.kind == PERSON and presence._present(table.table_id, i),
            "stand_in": presence.standing_in(table, i),
        })
    state = "waiting" if game is None else ("over" if game.is_over else "playing")
    # the game, its rules and the seats ("Shipyard, 2 seats" read "2 seats" alone,
    # beside "Nauticus, 2 seats")
    named = table.kind.describe(table.rules)
    rules = f"{named} solo" if table.solo else f"{named}, {len(table.seats)} seats"
    return {"table": table.table_id, "rules": rules, "game": table.game_name,
            "seats": seats, "to_move": to_move, "state": state,
            "scores": table.scores(), "winners": table.winners(),
            "round": table.round_words(),
            "moves": len(game.moves) if game is not None else 0,
            "stand_in": table.stand_in, "stand_in_level": table.stand_in_level}
