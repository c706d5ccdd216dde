"""The bots' side of the table host (:mod:`~shipyard_tui.server.host`): at each table,
a task that waits for a bot's turn, has the bot decide in a thread and plays its move,
paced so people can follow; and the bot that stands in for a person away on their
turn. The host plays the move (:meth:`BotSeats._commit`)."""

from __future__ import annotations

import asyncio
from typing import Any

from shipyard_tui.core import Bot, SeatDriver, bot_seed
from shipyard_tui.server.presence import Presence
from shipyard_tui.server.tables import BOT, Table, TableGame


class BotSeats:
    """The bots of every table of a host: :class:`~.host.TableHost` holds the state
    named here and plays their moves."""

    budget_ms: float
    _presence: Presence
    _seat_drivers: dict[str, SeatDriver[Any, Any]]
    _stand_ins: dict[tuple[str, int], Bot[Any, Any]]
    _drivers: dict[str, asyncio.Task[None]]

    def _commit(self, table: Table, game: TableGame, move: Any, *,
                stand_in: bool = False) -> None:
        raise NotImplementedError

    def _due(self, table: Table) -> float | None:
        """Seconds until a bot should move here (``None``: a person's decision)."""
        return self._presence.due(table)

    def _drive(self, table: Table) -> None:
        """(Re)start the task that moves the bots of this table."""
        old = self._drivers.pop(table.table_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if self._due(table) is None:
            return
        self._drivers[table.table_id] = asyncio.get_running_loop().create_task(
            self._bot_turns(table))

    async def _bot_turns(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, game = self._due(table), table.game
            if due is None or game is None:
                break
            played, seat, start = len(game.moves), game.to_move, loop.time()
            assert seat is not None
            # a bot seat thinks during its pause, as people read the move before (issue
            # 37); a stand-in only once the person's time is up: they may come back
            ahead = table.seats[seat].kind == BOT
            if not ahead:
                await asyncio.sleep(due)
            if self._moved_on(table, game, played):
                continue
            driver = self._seat_driver(table)
            decision = driver.decision(game, self._stand_in(table, seat))
            assert decision is not None
            move = await asyncio.to_thread(driver.decide, decision)
            if ahead:  # the rest of the pause
                await asyncio.sleep(max(0.0, due - (loop.time() - start)))
            if self._moved_on(table, game, played):
                continue
            self._commit(table, game, move, stand_in=not ahead)
        if self._drivers.get(table.table_id) is asyncio.current_task():
            del self._drivers[table.table_id]

    def _moved_on(self, table: Table, game: TableGame, played: int) -> bool:
        """Whether a bot's move for ``game`` at ``played`` moves is no longer wanted."""
        return table.game is not game or len(game.moves) != played or self._due(table) is None

    def _seat_driver(self, table: Table) -> SeatDriver[Any, Any]:
        """The table's bots, seeded by the one rule (:func:`~shipyard_tui.core.bot_seed`),
        thinking :attr:`budget_ms`."""
        driver = self._seat_drivers.get(table.table_id)
        if driver is None:
            driver = table.kind.driver(table.config(), self.budget_ms)
            self._seat_drivers[table.table_id] = driver
        return driver

    def _stand_in(self, table: Table, seat: int) -> Bot[Any, Any] | None:
        """The bot that plays for the person at ``seat`` while they are away."""
        if table.seats[seat].kind == BOT:
            return None
        key = (table.table_id, seat)
        if key not in self._stand_ins:
            self._stand_ins[key] = table.kind.make_bot(
                table.stand_in_level, bot_seed(table.seed, seat), self.budget_ms)
        return self._stand_ins[key]
