"""The log: the game's events in words, newest at the bottom."""

from __future__ import annotations

from shipyard_tui.ui.widgets.reading_log import ReadingLog


class LogPanel(ReadingLog):
    """The Nauticus table's log: the screen hands its entries down and the reader keeps
    their place (see :class:`~shipyard_tui.ui.widgets.reading_log.ReadingLog`)."""
