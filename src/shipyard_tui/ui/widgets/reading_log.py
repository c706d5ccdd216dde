"""A log of entries that keeps the reader's place: newest at the bottom, followed only
while the reader is at the end."""

from __future__ import annotations

from bisect import bisect_right

from textual import events
from textual.geometry import Size
from textual.widgets import RichLog


class ReadingLog(RichLog):
    """Entries in words, wrapped when written; a new size writes them again at the new
    width. The reader keeps their place: the entry they read at the top stays there
    through a resize and while new entries come in; if they were at the end, the end
    stays in sight.

    The owner hands entries down (:meth:`add`, :meth:`set_entries`); the widget knows
    nothing of the game."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         min_width=20)
        self._entries: list[str] = []
        self._starts: list[int] = []
        """The first of ``lines`` of each entry."""
        self._place: tuple[int, float] | None = None
        """The entry at the top and how far into it the top is, or None: at the end."""
        self._size_placed = Size(0, 0)
        """The size at which the lines were last wrapped and the place restored."""
        self._unread = 0
        """Entries written below the reader since they scrolled up (shown on the
        border, where the log has one)."""

    def on_mount(self) -> None:
        self.watch(self, "scroll_y", self._note_place, init=False)

    @property
    def following(self) -> bool:
        """Whether the reader is at the end, so that a new entry scrolls into sight."""
        return self._place is None

    def add(self, entry: str) -> None:
        """Write one more entry; the log scrolls to it only if the reader was at the
        end (someone reading back is left where they are)."""
        self._entries.append(entry)
        self._starts.append(len(self.lines))
        self.write(entry, scroll_end=self.following)
        if not self.following:
            self._unread += 1
            self.border_subtitle = f"▼ {self._unread} new below"

    def follow(self) -> None:
        """Back to the end, following again: the owner calls it when the reader makes
        a move (a play-test read back with PageUp, played on, and the log stayed where
        it was read while the game went on below)."""
        self._place = None
        self._read_all()
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _read_all(self) -> None:
        if self._unread:
            self._unread = 0
            self.border_subtitle = ""

    def set_entries(self, entries: list[str]) -> None:
        """Write the log again with these entries (after a move is taken back)."""
        self._entries = list(entries)
        self._rewrap()

    def on_resize(self, event: events.Resize) -> None:
        # after the refresh: RichLog's own handler learns the width first
        self.call_after_refresh(self._rewrap)

    def _note_place(self) -> None:
        """Remember where the player reads. A scroll while the size differs from the
        one placed at is the resize clamping the old lines, not the player."""
        if self.size == self._size_placed:
            self._place = self._place_now()
            if self._place is None:
                self._read_all()

    def _place_now(self) -> tuple[int, float] | None:
        top = round(self.scroll_y)
        if top >= self.max_scroll_y or not self._starts:
            return None
        entry = bisect_right(self._starts, top) - 1
        return entry, (top - self._starts[entry]) / self._height(entry)

    def _height(self, entry: int) -> int:
        end = self._starts[entry + 1] if entry + 1 < len(self._starts) else len(self.lines)
        return max(1, end - self._starts[entry])

    def _rewrap(self) -> None:
        if not self.is_attached or not self.size.width:
            return
        self.clear()
        self._starts = []
        for words in self._entries:
            self._starts.append(len(self.lines))
            self.write(words, scroll_end=False)
        place = self._place
        if place is None or place[0] >= len(self._entries):
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        else:
            index, part = place
            top = self._starts[index] + int(part * self._height(index))
            self.scroll_to(y=top, animate=False, immediate=True)
        self._size_placed = self.size
