"""Nauticus's table at a server table: its table screen with what every game does the
same there (:class:`~shipyard_tui.server.table_screen.AtServerTable`)."""

from __future__ import annotations

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.nauticus.ui.screen import NauticusScreen
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.table_screen import AtServerTable


class RemoteNauticusScreen(AtServerTable, NauticusScreen):
    """The Nauticus table of a seat at a server table: this connection decides its own
    seat only; moves and takebacks go to the host, and bots move there."""

    model: RemoteModel

    def __init__(self, model: RemoteModel) -> None:
        super().__init__(model, bot_delay=0.0, bot_budget_ms=model.budget_ms,
                         driver=SeatDriver({}))

    def waiting_text(self, seat: int) -> str:
        return self.waiting_words(seat, "decision")
