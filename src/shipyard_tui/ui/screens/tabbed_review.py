"""What the two games' end-of-game reviews share: tabs of scrolling pages, keys to
switch them, and the page shown always holding the focus, so that the arrows,
PageUp/PageDown, Home and End scroll it at once (not only after Tab)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

LEAVE_REVIEW = Binding("q,escape", "leave", "Title screen")
LOBBY_REVIEW = Binding("q,escape", "lobby", "Lobby")
"""``q`` and Esc on a review at a server's table
(:attr:`TabbedReviewScreen.leaves_for_lobby`)."""


class TabbedReviewScreen(Screen[None]):
    """A review of tabbed pages, each a :class:`VerticalScroll`."""

    DEFAULT_CSS = """
    TabbedReviewScreen #winner {
        height: auto;
        padding: 0 1;
        background: $panel;
    }
    TabbedReviewScreen TabbedContent {
        height: 1fr;
    }
    TabbedReviewScreen VerticalScroll {
        height: 1fr;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    """

    BINDINGS = [
        # the page holds the focus and has nothing to scroll sideways, so the arrows
        # across switch pages, as they do on a row of tabs
        Binding("left", "page(-1)", "Previous page", show=False, priority=True),
        Binding("right", "page(1)", "Next page", show=False, priority=True),
    ]

    _left = False
    """The review was closed: a Key moments search stops and shows nothing."""

    def on_mount(self) -> None:
        """(Textual calls this and a subclass's own ``on_mount`` both: no ``super()``.)"""
        self.call_after_refresh(self._focus_page)

    def on_unmount(self) -> None:
        self._left = True

    def search_key_moments(self, game: Any, seats: tuple[int, ...], budget_ms: float, *,
                           what: str, heading: str) -> None:
        """Search the decisions of ``seats`` again in a thread (the game's Key moments,
        cached per game), showing progress in the page's ``#moments-text``: ``what``
        names what is searched ("your decisions"), ``heading`` leads the moments. A
        failing search leaves the review standing and says so."""
        from shipyard_tui.analysis import cached_analysis, moments_lines
        from shipyard_tui.paths import analysis_dir

        text = self.query_one("#moments-text", Static)
        text.update(f"The strong bot is going over {what}…")

        def progress(done: int, total: int) -> None:
            if not self._left:
                self.app.call_from_thread(
                    text.update, f"The strong bot is going over {what}: {done} of {total}…")

        def work() -> None:
            try:
                report = cached_analysis(game, analysis_dir(), budget_ms=budget_ms,
                                         seats=seats, top=5, progress=progress,
                                         cancelled=lambda: self._left)
            except Exception as exc:  # the review must stay, whatever the analysis does
                if not self._left:
                    self.app.call_from_thread(
                        text.update, "Key moments could not be worked out for this game "
                                     f"({type(exc).__name__}: {exc}). The scores stand.")
                return
            if not self._left:
                self.app.call_from_thread(
                    text.update, "\n".join([heading, "", *moments_lines(report)]))

        self.run_worker(work, thread=True, exclusive=True, group="moments")

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_page(self, step: int) -> None:
        """Show the page ``step`` places after (or before) the one shown, round the end."""
        tabs = self.query_one(TabbedContent)
        pages = [pane.id for pane in tabs.query(TabPane) if pane.id and not pane.disabled]
        if tabs.active in pages:
            self.action_tab(pages[(pages.index(tabs.active) + step) % len(pages)])

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.call_after_refresh(self._focus_page)

    def _focus_page(self) -> None:
        """Give the focus to the scrolling page of the tab shown."""
        if not self.is_attached:
            return
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            pane.query_one(VerticalScroll).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``q`` is offered as "Title screen" or "Lobby", where leaving goes back to."""
        if action in ("leave", "lobby"):
            return (action == "lobby") == self.leaves_for_lobby
        return True

    @property
    def leaves_for_lobby(self) -> bool:
        """Whether leaving goes back to a lobby (the review of a server's table)."""
        from shipyard_tui.ui.screens.table import TableScreen

        return any(isinstance(screen, TableScreen) and screen.policy.leaves_for_lobby
                   for screen in self.app.screen_stack)

    def action_lobby(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        from shipyard_tui.ui.screens.title import TitleScreen

        while not isinstance(self.app.screen, TitleScreen) and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
