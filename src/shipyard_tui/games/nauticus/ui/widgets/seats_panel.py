"""Every seat's side of the table at once, for a terminal with room for the whole table:
one :class:`~.seat_board.SeatBoard` per seat, two to a row."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid

from shipyard_tui.games.nauticus.ui.widgets.seat_board import SeatBoard
from shipyard_tui.model import GameModel


class SeatsPanel(Grid):
    """The seats' boards in two columns, the first seat top left; the legend once,
    under the supply, not in every board."""

    DEFAULT_CSS = """
    SeatsPanel {
        grid-size: 2;
        grid-gutter: 0 1;
        height: 1fr;
    }
    SeatsPanel SeatBoard {
        height: 100%;
        border-top: solid $primary;
    }
    """

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.model = model

    def compose(self) -> ComposeResult:
        for seat in range(len(self.model.view.seats)):
            yield SeatBoard(self.model, seat, with_legend=False)
