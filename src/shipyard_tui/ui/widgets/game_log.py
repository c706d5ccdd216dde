"""The game log: one line per thing that happened, newest at the bottom."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import RichLog

from shipyard_tui.model import Change, ChangeKind, GameModel

from ...text import describe_event


class GameLog(RichLog):
    """Appends a line for each visible event; rebuilt after an undo or a load."""

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        overflow-x: hidden;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000,
                         min_width=20, id=id, classes=classes)
        self.model = model
        self._shown = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._due: str | None = None
        self._catching_up = False

    def on_mount(self) -> None:
        self._unsubscribe = self.model.subscribe(self._on_change)
        self.call_after_refresh(self._rebuild)

    def on_resize(self, event: events.Resize) -> None:
        """Lines are wrapped when written: rewrite them at the new width."""
        self._rebuild()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _names(self) -> list[str]:
        return [s.name for s in self.model.game.state.seats]

    def _rebuild(self) -> None:
        self.clear()
        self._shown = 0
        self._append_new()

    def _append_new(self) -> None:
        events = self.model.visible_events()
        names = self._names()
        for event in events[self._shown:]:
            line = describe_event(names, event)
            if line:
                self.write(line)
        self._shown = len(events)

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
