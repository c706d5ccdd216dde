"""The keys of a screen, in one line at its foot."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widget import Widget

DIM = Style(dim=True)


@dataclass(frozen=True)
class ShownKey:
    """One key the bar offers: the key, as shown, what it does, and whether it works now."""

    key: str
    display: str
    description: str
    enabled: bool


def shown_keys(screen: Screen[object]) -> tuple[ShownKey, ...]:
    """The keys the screen offers, as Textual's own footer picks them: the bindings
    marked to be shown, one for each action (the first), in the screen's order."""
    actions: set[str] = set()
    shown = []
    for active in screen.active_bindings.values():
        binding = active.binding
        if not binding.show or binding.action in actions:
            continue
        actions.add(binding.action)
        shown.append(_shown(screen, active))
    return tuple(shown)


def palette_key(screen: Screen[object]) -> ShownKey | None:
    """The key of the command palette, shown at the right, where the app has one."""
    app = screen.app
    if not app.ENABLE_COMMAND_PALETTE:
        return None
    active = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
    return None if active is None else _shown(screen, active)


def _shown(screen: Screen[object], active: ActiveBinding) -> ShownKey:
    binding = active.binding
    return ShownKey(binding.key, screen.app.get_key_display(binding), binding.description,
                    active.enabled)


class KeyBar(Widget, can_focus=False):
    """What Textual's footer shows (each key and what it does, the command palette's key
    at the right; a click presses the key), drawn as one line of one widget.

    The footer made a widget for each key and composed them all again whenever the
    screen's bindings might have changed (each change of focus): a third of the
    processor time a table screen took to open, and a widget per key in every session of
    the SSH server. This bar draws again only when what it shows changes.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .key-bar--hover {
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.keys: tuple[ShownKey, ...] = ()
        self.palette: ShownKey | None = None
        self._spans: list[tuple[int, int, ShownKey]] = []
        """Where each key stands on the line, as last drawn (for the mouse)."""
        self._hover: ShownKey | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        keys, palette = shown_keys(screen), palette_key(screen)
        if (keys, palette) != (self.keys, self.palette):
            self.keys, self.palette = keys, palette
            self.refresh()

    def render(self) -> Text:
        width = self.size.width
        left, left_spans = self._drawn(self.keys, key_pad=" ", description_pad=("", " "))
        right = Text()
        right_spans: list[tuple[int, int, ShownKey]] = []
        if self.palette is not None:
            right.append("▏", self.get_component_rich_style("key-bar--description"))
            drawn, spans = self._drawn((self.palette,), key_pad="", description_pad=(" ", ""))
            right.append_text(drawn)
            right.append(" ")
            right_spans = [(start + 1, end + 1, shown) for start, end, shown in spans]
        room = max(0, width - len(right))
        left.truncate(room, pad=True)
        self._spans = [span for span in left_spans if span[1] <= room] + [
            (start + room, end + room, shown) for start, end, shown in right_spans]
        left.append_text(right)
        left.truncate(width)
        left.no_wrap = True
        return left

    def _drawn(self, keys: tuple[ShownKey, ...], *, key_pad: str,
               description_pad: tuple[str, str]) -> tuple[Text, list[tuple[int, int, ShownKey]]]:
        """The keys as text, as Textual's footer pads them, and where each one stands."""
        key_style = self.get_component_rich_style("key-bar--key")
        description_style = self.get_component_rich_style("key-bar--description")
        hover_style = self.get_component_rich_style("key-bar--hover")
        text = Text()
        spans = []
        for shown in keys:
            start = len(text)
            extra = (Style() if shown.enabled else DIM) + (
                hover_style if shown == self._hover else Style())
            text.append(f"{key_pad}{shown.display}{key_pad}", key_style + extra)
            if shown.description:
                before, after = description_pad
                text.append(f"{before}{shown.description}{after}", description_style + extra)
            spans.append((start, len(text), shown))
        return text, spans

    def key_at(self, x: int) -> ShownKey | None:
        """The key drawn at column ``x``, if any."""
        return next((shown for start, end, shown in self._spans if start <= x < end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        shown = self.key_at(event.x)
        if shown is None:
            return
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, shown: ShownKey | None) -> None:
        if shown != self._hover:
            self._hover = shown
            self.refresh()
