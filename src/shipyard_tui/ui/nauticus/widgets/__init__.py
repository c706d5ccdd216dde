"""Widgets of the Nauticus table, one per file. Each draws one part of a state the
screen hands down; none of them reaches into the game."""

from .log_panel import LogPanel
from .seats_panel import SeatsPanel
from .status_line import NauticusStatus
from .supply_panel import SupplyPanel
from .wheel_panel import WheelPanel

__all__ = ["LogPanel", "NauticusStatus", "SeatsPanel", "SupplyPanel", "WheelPanel"]
