"""The end of a Nauticus game: where every VP came from.

Keys: ``1``-``3`` (or the tab bar) switch between Scores, Ships and Over time;
``q``/``Esc`` goes back to the title screen (the game is archived).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static, TabbedContent, TabPane

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
from shipyard_tui.ui.screens.tabbed_review import TabbedReviewScreen


class NauticusReviewScreen(TabbedReviewScreen):
    """Per seat and scoring kind, per ship, and the score after every round."""

    BINDINGS = [
        Binding("1", "tab('scores')", "Scores", show=False),
        Binding("2", "tab('ships')", "Ships", show=False),
        Binding("3", "tab('time')", "Over time", show=False),
        Binding("q,escape", "leave", "Title screen"),
    ]

    def __init__(self, game: NauticusGame) -> None:
        super().__init__()
        self.review = build_nauticus_review(game)

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
        yield Footer()
