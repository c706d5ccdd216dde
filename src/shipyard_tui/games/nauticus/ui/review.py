"""The end of a Nauticus game: where every VP came from.

Keys: ``1``-``3`` (or the tab bar) switch between Scores, Ships and Over time, and
``4`` to Key moments when people played (the strong bot searches their choices of
action tile again in a thread when the page is first opened);
``q``/``Esc`` goes back to the title screen (the game is archived).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from shipyard_tui.analysis import analysed_seats
from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.review import (
    ASCII_SPARK,
    SPARK,
    breakdown_table,
    build_nauticus_review,
    score_chart,
    ships_table,
    winner_text,
)
from shipyard_tui.games.nauticus.search import DEFAULT_BUDGET_MS
from shipyard_tui.ui.screens.tabbed_review import LEAVE_REVIEW, LOBBY_REVIEW, TabbedReviewScreen
from shipyard_tui.ui.widgets.key_bar import KeyBar


class NauticusReviewScreen(TabbedReviewScreen):
    """Per seat and scoring kind, per ship, and the score after every round."""

    BINDINGS = [
        Binding("1", "tab('scores')", "Scores", show=False),
        Binding("2", "tab('ships')", "Ships", show=False),
        Binding("3", "tab('time')", "Over time", show=False),
        Binding("4", "tab('moments')", "Key moments", show=False),
        LEAVE_REVIEW,
        LOBBY_REVIEW,
    ]

    def __init__(self, game: NauticusGame) -> None:
        super().__init__()
        self.game = game
        self.review = build_nauticus_review(game)
        self.people = analysed_seats(game) if game.is_over else ()
        self._analysing = False

    def compose(self) -> ComposeResult:
        review = self.review
        yield Static(winner_text(review), id="winner")
        with TabbedContent(initial="scores"):
            with TabPane("1 Scores", id="scores"), VerticalScroll():
                yield Static(breakdown_table(review), id="breakdown")
            with TabPane("2 Ships", id="ships"), VerticalScroll():
                for seat in range(len(review.seats)):
                    yield Static(ships_table(review, seat), classes="ships")
            with TabPane("3 Over time", id="time"), VerticalScroll():
                marks = ASCII_SPARK if getattr(self.app, "ascii", False) else SPARK
                yield Static(score_chart(review, marks=marks), id="chart")
            if self.people:
                with TabPane("4 Key moments", id="moments"), VerticalScroll():
                    yield Static("", id="moments-text", markup=False)
        yield KeyBar()

    def action_tab(self, tab: str) -> None:
        if tab == "moments" and not self.people:
            return
        super().action_tab(tab)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "moments" and not self._analysing:
            self._analysing = True
            self._analyse()

    def _analyse(self) -> None:
        """Search every choice of action tile of the people again, in a thread; show
        progress."""
        settings = getattr(self.app, "settings", None)
        self.search_key_moments(
            self.game, self.people, getattr(settings, "strong_budget_ms", DEFAULT_BUDGET_MS),
            what="your choices of action tile",
            heading="Key moments: the choices of action tile where the strong bot's "
                    "estimate of the tile chosen fell furthest below its best tile "
                    "(estimates from sampled futures, in points; within a go it plays "
                    "by the sensible bot's rule at 2 seats, the beginner's at 3 or 4, "
                    "so those moves are not weighed).")
