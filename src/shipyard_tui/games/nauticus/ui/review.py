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
from textual.widgets import Footer, Static, TabbedContent, TabPane

from shipyard_tui.analysis import analysed_seats, cached_analysis, moments_lines
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
from shipyard_tui.paths import analysis_dir
from shipyard_tui.ui.screens.tabbed_review import LEAVE_REVIEW, LOBBY_REVIEW, TabbedReviewScreen


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
        self._left = False
        """The review was closed: the analysis thread stops and shows nothing."""

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
        yield Footer()

    def action_tab(self, tab: str) -> None:
        if tab == "moments" and not self.people:
            return
        super().action_tab(tab)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "moments" and not self._analysing:
            self._analysing = True
            self._analyse()

    def on_unmount(self) -> None:
        self._left = True

    def _analyse(self) -> None:
        """Search every choice of action tile of the people again, in a thread; show
        progress."""
        game = self.game
        settings = getattr(self.app, "settings", None)
        budget = getattr(settings, "strong_budget_ms", DEFAULT_BUDGET_MS)
        text = self.query_one("#moments-text", Static)
        text.update("The strong bot is going over your choices of action tile…")

        def progress(done: int, total: int) -> None:
            if not self._left:
                self.app.call_from_thread(
                    text.update, "The strong bot is going over your choices of action "
                                 f"tile: {done} of {total}…")

        def work() -> None:
            try:
                report = cached_analysis(game, analysis_dir(), budget_ms=budget,
                                         seats=self.people, top=5, progress=progress,
                                         cancelled=lambda: self._left)
            except Exception as exc:  # the review must stay, whatever the analysis does
                if not self._left:
                    self.app.call_from_thread(
                        text.update, "Key moments could not be worked out for this game "
                                     f"({type(exc).__name__}: {exc}). The scores stand.")
                return
            if self._left:
                return
            lines = ["Key moments: the choices of action tile where the strong bot's "
                     "estimate of the tile chosen fell furthest below its best tile "
                     "(estimates from sampled futures, in points; within a go it plays "
                     "as the beginner, so those moves are not weighed).", "",
                     *moments_lines(report)]
            self.app.call_from_thread(text.update, "\n".join(lines))

        self.run_worker(work, thread=True, exclusive=True, group="moments")
