"""The base of every widget that shows part of the game."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from shipyard_tui.model import Change, GameModel
from shipyard_tui.rules import GameState

RENDER_ERRORS: list[str] = []
"""Drawing failures caught so far; the tests check it stays empty."""


class ModelWidget(Widget):
    """A widget that renders from the game model and re-renders when it changes.

    Widgets only read the model (its view for the seat at the screen); the screen
    is the only place that plays moves.
    """

    DEFAULT_CSS = """
    ModelWidget {
        height: auto;
    }
    """

    watches_highlight = False
    """Whether the widget previews the move the player is looking at."""

    def __init__(self, model: GameModel, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.model = model
        self._unsubscribe: Callable[[], None] | None = None

    def on_mount(self) -> None:
        self._unsubscribe = self.model.subscribe(self._on_change)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_change(self, change: Change) -> None:
        if change.kind == "highlight" and not self.watches_highlight:
            return
        self.model_changed(change)

    def model_changed(self, change: Change) -> None:
        """Re-render; widgets with their own state override this."""
        self.refresh(layout=True)

    def with_key(self, move: object, text: Text) -> Text:
        """``text`` preceded by the letter that picks ``move`` now (or two spaces)."""
        letter = self.model.key_for(move) if move is not None else ""  # type: ignore[arg-type]
        out = Text(letter, style="bold magenta") if letter else Text(" ")
        out.append(" ")
        out.append_text(text)
        return out

    @property
    def view(self) -> GameState:
        return self.model.view

    def render(self) -> RenderableType:
        try:
            return self.render_view(self.model.view)
        except Exception as exc:  # a drawing bug must never end a game
            RENDER_ERRORS.append(f"{type(self).__name__}: {exc!r}")
            self.log.error(f"cannot draw {type(self).__name__}", exc)
            return Text(f"(cannot draw this panel: {exc})", style="red")

    def render_view(self, view: GameState) -> RenderableType:
        raise NotImplementedError
