"""Widgets of the Nauticus table, one per file. Each draws one part of the table
model's view (:mod:`.follow`); none of them reaches into the game."""

from shipyard_tui.games.nauticus.ui.widgets.log_panel import LogPanel
from shipyard_tui.games.nauticus.ui.widgets.parts_bar import PartsBar
from shipyard_tui.games.nauticus.ui.widgets.seat_board import SeatBoard
from shipyard_tui.games.nauticus.ui.widgets.seats_panel import SeatsPanel
from shipyard_tui.games.nauticus.ui.widgets.status_line import NauticusStatus
from shipyard_tui.games.nauticus.ui.widgets.supply_panel import SupplyPanel
from shipyard_tui.games.nauticus.ui.widgets.wheel_panel import WheelPanel

__all__ = ["LogPanel", "NauticusStatus", "PartsBar", "SeatBoard", "SeatsPanel", "SupplyPanel",
           "WheelPanel"]
