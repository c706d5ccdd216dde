"""Shipyard's table at a server table: its table screen with what every game does the
same there (:class:`~shipyard_tui.server.table_screen.AtServerTable`)."""

from __future__ import annotations

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.ui.screen import AUTOMA_DELAY, GameScreen
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.table_screen import AtServerTable


class RemoteGameScreen(AtServerTable, GameScreen):
    """Shipyard's table at a server table (each game's is its table screen with
    :class:`~shipyard_tui.server.table_screen.AtServerTable` first among its bases)."""

    NOTHING_TO_UNDO = "Nothing to take back: the turn began, or a tile was drawn."
    model: RemoteModel

    def __init__(self, model: RemoteModel) -> None:
        # the host paces the bots; the automa's turns of a solo table are shown here,
        # one by one, on the boards the host sends with the move
        super().__init__(model, bot_delay=0.0, bot_budget_ms=model.budget_ms,
                         driver=SeatDriver({}), automa_delay=AUTOMA_DELAY)

    def waiting_for(self, seat: int) -> tuple[str, str]:
        name = self.model.view.seats[seat].name
        return self.waiting_words(seat, "turn"), f"{name}'s turn"
