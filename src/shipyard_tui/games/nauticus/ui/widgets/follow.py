"""The base of the Nauticus widgets that draw the table's state: each subscribes to the
table's model (:class:`~shipyard_tui.model.GameModel`) and takes its view on every
change, as Shipyard's widgets do; none of them reaches into the game."""

from __future__ import annotations

from collections.abc import Callable

from textual.reactive import reactive
from textual.widgets import Static

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.model import Change, ChangeKind, GameModel


class FollowsModel(Static):
    """A widget drawn from the model's view of the game (its :attr:`view`)."""

    view: reactive[NauticusState | None] = reactive(None, always_update=True)
    """The state to draw: the model's view, taken on each change."""

    def __init__(self, model: GameModel, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self._unsubscribe: Callable[[], None] | None = None

    def on_mount(self) -> None:
        self._unsubscribe = self.model.subscribe(self._changed)
        self.view = self.model.view

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _changed(self, change: Change) -> None:
        if change.kind is not ChangeKind.HIGHLIGHT and self.is_mounted:
            self.view = self.model.view
