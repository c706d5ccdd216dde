"""The game log: one line per thing that happened, newest at the bottom."""

from __future__ import annotations

from collections.abc import Callable

from shipyard_tui.games.shipyard.words import describe_event
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.ui.widgets.reading_log import ReadingLog


class GameLog(ReadingLog):
    """Appends a line for each visible event; rebuilt after an undo or a load. The
    reader keeps their place (:class:`ReadingLog`)."""

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        overflow-x: hidden;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.model = model
        self._shown = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._due: str | None = None
        self._catching_up = False

    def on_mount(self) -> None:
        # (Textual calls ReadingLog.on_mount too: handlers run for each class.)
        self._unsubscribe = self.model.subscribe(self._on_change)
        self.call_after_refresh(self._rebuild)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _names(self) -> list[str]:
        return [s.name for s in self.model.game.state.seats]

    def _lines(self, start: int) -> list[str]:
        """The log's lines for the visible events from ``start`` on."""
        events = self.model.visible_events()
        names = self._names()
        self._shown = len(events)
        note = self.model.log_note
        return [line + note(i) for i, event in enumerate(events[start:], start)
                if (line := describe_event(names, event))]

    def _rebuild(self) -> None:
        self.set_entries(self._lines(0))

    def _append_new(self) -> None:
        for line in self._lines(self._shown):
            self.add(line)

    def _on_change(self, change: Change) -> None:
        """Catch up once after a run of changes (bots moving without pauses)."""
        if change.kind in (ChangeKind.UNDO, ChangeKind.LOAD, ChangeKind.VIEWER):
            self._due = "rebuild"
        elif change.kind is ChangeKind.MOVE and self._due is None:
            self._due = "append"
        else:
            return
        if not self._catching_up:
            self._catching_up = True
            self.call_later(self._catch_up)

    def _catch_up(self) -> None:
        due, self._due, self._catching_up = self._due, None, False
        if due == "rebuild":
            self._rebuild()
        elif due == "append":
            self._append_new()
