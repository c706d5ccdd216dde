"""The base of every widget that shows part of the game."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any
from weakref import WeakKeyDictionary

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import App
from textual.geometry import Region, Size
from textual.widget import Widget

from shipyard_tui.model import Change, ChangeKind, GameModel, GameState, Move
from shipyard_tui.ui.compat import column_cells

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
        self._drawn: RenderableType | None = None
        """What the widget shows now, kept so that a change drawing the same is skipped."""
        self._drawn_print: Hashable = None
        self._drawn_lines: list[Hashable] | None = None
        self._rendered: Rendered | None = None
        """The drawing as rendered for the line comparison, handed to Textual to paint."""
        self._natural_width: int | None = None
        """The width the drawing asks for, when the widget is as wide as its drawing."""
        self._drawn_size: Size | None = None
        """The content size the drawing was made at: a panel shown again at the same size,
        with no change to the game meanwhile, keeps its drawing."""
        self._redraw_due = False

    def on_mount(self) -> None:
        self._unsubscribe = self.model.subscribe(self._on_change)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.HIGHLIGHT and not self.watches_highlight:
            return
        self.model_changed(change)

    def model_changed(self, change: Change) -> None:
        """Re-render; widgets with their own state override this."""
        self.redraw()

    def redraw(self) -> None:
        """Draw again soon: several changes in a row (bots playing without pauses) are
        drawn once, and the parts a change touches are drawn together, in one callback
        of the app (a move reached some twenty widgets, each woken by its own message)."""
        if self._redraw_due:
            return
        if not self.is_attached:  # not in an app yet: its own callback
            self._redraw_due = True
            self.call_later(self._redraw_now)
            return
        app = self.app
        batch = _REDRAWS.get(app)
        if batch is None:
            if not app.call_later(_redraw_batch, app):
                return  # the app is closing: nothing more is drawn
            batch = _REDRAWS[app] = []
        self._redraw_due = True
        batch.append(self)

    def _redraw_now(self) -> None:
        """Re-render, but only when the drawing differs from what is on screen: the
        terminal then receives only what changed (a slow link's bytes, and layout time)."""
        self._redraw_due = False
        if not self.is_mounted:
            return
        if not self.region:
            self._drawn = self._drawn_print = self._drawn_lines = self._rendered = None
            self.refresh()
            return
        renderable = self._draw()
        self._drawn_size = self.content_size
        mark = fingerprint(renderable)
        if mark is not None and mark == self._drawn_print:
            return
        before = self._drawn_lines
        self._drawn, self._drawn_print, self._rendered = renderable, mark, None
        self._drawn_lines = self._line_prints(renderable)
        after = self._drawn_lines
        if self._natural_width_changed(renderable):
            # a widget as wide as its drawing grows with it (a letter put before the
            # employees to hire): repainting the lines alone would cut them at the old width
            self.refresh(layout=True)
            return
        if before is None or after is None or len(before) != len(after):
            self.refresh(layout=self.styles.height is None or self.styles.height.is_auto)
            return
        width = self.content_region.width
        for y, (old, new) in enumerate(zip(before, after, strict=True)):
            if old != new:
                self.refresh(Region(0, y, width, 1))

    def _natural_width_changed(self, renderable: RenderableType) -> bool:
        """Whether a widget sized to its drawing (``width: auto``) needs another width."""
        width = self.styles.width
        if width is None or not width.is_auto:
            return False
        console = self.app.console
        natural = console.measure(renderable, options=console.options).maximum
        changed = self._natural_width is not None and natural != self._natural_width
        self._natural_width = natural
        return changed

    def _line_prints(self, renderable: RenderableType) -> list[Hashable] | None:
        """Each line the renderable draws at the widget's width, to repaint only the
        lines that change (and skip a layout when the height stays)."""
        width = self.content_region.width
        if width <= 0:
            return None
        app = self.app
        # the options Textual paints with (textual.visual.RichVisual), so that the
        # lines compared are the lines painted, and can be painted as they are
        options = app.console_options.update(highlight=False).update_width(width)
        lines = app.console.render_lines(renderable, options, pad=False)
        if not isinstance(renderable, str | Text):  # Textual may justify a text anew
            self._rendered = Rendered(renderable, width, lines)
        return [tuple((seg.text, str(seg.style)) for seg in line) for line in lines]

    def on_resize(self) -> None:
        # a drawing may depend on the size (the seat strip's lines): the repaint of the
        # new size can come before this event and show the old drawing, so draw again;
        # a board panel shown again at the size it was drawn at, the game unchanged
        # meanwhile (a change while hidden forgets the drawing), keeps it
        if self._drawn is not None and self._drawn_size == self.content_size:
            return
        self._drawn = self._drawn_print = self._drawn_lines = self._rendered = None
        self.redraw()

    def with_key(self, move: Move | None, text: Text) -> Text:
        """``text`` preceded by the letter that picks ``move`` now (or two spaces)."""
        return self.with_letter(self.model.key_for(move) if move is not None else "", text)

    @staticmethod
    def with_letter(letter: str, text: Text) -> Text:
        """``text`` preceded by ``letter`` (or two spaces)."""
        out = Text(letter, style="bold magenta") if letter else Text(" ")
        out.append(" ")
        out.append_text(text)
        return out

    @property
    def view(self) -> GameState:
        view: GameState = self.model.view
        return view

    def render(self) -> RenderableType:
        if self._drawn is None:
            self._drawn = self._draw()
            self._drawn_size = self.content_size
            self._drawn_print = fingerprint(self._drawn)
            self._drawn_lines = None
            # measured for its height, then painted: rendered once for both
            self._rendered = None if isinstance(self._drawn, str | Text) \
                else Rendered(self._drawn)
        return self._rendered or self._drawn

    def _draw(self) -> RenderableType:
        try:
            return self.render_view(self.model.view)
        except Exception as exc:  # a drawing bug must never end a game
            RENDER_ERRORS.append(f"{type(self).__name__}: {exc!r}")
            self.log.error(f"cannot draw {type(self).__name__}", exc)
            return Text(f"(cannot draw this panel: {exc})", style="red")

    def render_view(self, view: GameState) -> RenderableType:
        raise NotImplementedError


_REDRAWS: WeakKeyDictionary[App[Any], list[ModelWidget]] = WeakKeyDictionary()
"""By app, the widgets to draw again at its next callback (:meth:`ModelWidget.redraw`)."""


def _redraw_batch(app: App[Any]) -> None:
    for widget in _REDRAWS.pop(app, []):
        widget._redraw_now()


class Rendered:
    """A drawing together with its lines as rendered at one width. A changed board part
    was rendered three times: to compare its lines with those on screen, to measure its
    height, and to paint it (a table of the board, each time); at that width Textual now
    measures and paints the lines already rendered, and at any other it renders the
    drawing anew and keeps those lines instead. Made without lines (a part drawn for the
    first time), the height measured and the lines painted come from one rendering."""

    def __init__(self, renderable: RenderableType, width: int | None = None,
                 lines: list[list[Segment]] | None = None) -> None:
        self.renderable = renderable
        self.width = width
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.lines is None or options.max_width != self.width:
            self.width = options.max_width
            self.lines = console.render_lines(self.renderable, options, pad=False)
        new_line = Segment.line()
        for line in self.lines:
            yield from line
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


def fingerprint(renderable: object) -> Hashable:
    """What a renderable draws, as a comparable value; ``None`` when it cannot tell
    (then the widget is always redrawn)."""
    if isinstance(renderable, str):
        return renderable
    if isinstance(renderable, Text):
        return ("text", renderable.plain, str(renderable.style), renderable.justify,
                renderable.overflow, renderable.no_wrap, renderable.end,
                tuple((span.start, span.end, str(span.style)) for span in renderable.spans))
    if isinstance(renderable, Group):
        parts = tuple(fingerprint(r) for r in renderable.renderables)
        return None if None in parts else ("group", parts)
    if isinstance(renderable, Table):
        columns = []
        for column in renderable.columns:
            cells = tuple(fingerprint(c) for c in column_cells(column))
            if None in cells:
                return None
            columns.append((fingerprint(column.header), column.width, column.ratio,
                            column.no_wrap, column.justify, cells))
        title = fingerprint(renderable.title) if renderable.title is not None else ""
        return ("table", title, tuple(columns), renderable.padding, renderable.expand,
                renderable.show_header, tuple(str(row.style) for row in renderable.rows),
                id(renderable.box) if renderable.box else 0)
    return None
