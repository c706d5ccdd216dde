"""The end of the game: the reveal, then where every point came from.

Keys: ``space``/``Enter`` reveals the next seat's contracts (then the traders);
``1``–``4`` (or the tab bar) switch between Reveal, Scores, Ships and Over time, and
``5`` to Key moments when people played (the strong bot searches their decisions
again in a thread when the page is first opened);
``q``/``Esc`` goes back to the title screen (the game is archived).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from shipyard_tui.analysis import analysed_seats
from shipyard_tui.games.shipyard.bots.strong import DEFAULT_BUDGET_MS
from shipyard_tui.games.shipyard.review import (
    ASCII_SPARK,
    SPARK,
    Review,
    breakdown_table,
    build_review,
    score_chart,
    ships_table,
    solo_scale_text,
)
from shipyard_tui.games.shipyard.rules import CATALOG
from shipyard_tui.games.shipyard.words import contract_label
from shipyard_tui.model import GameModel
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.screens.tabbed_review import LEAVE_REVIEW, LOBBY_REVIEW, TabbedReviewScreen
from shipyard_tui.ui.widgets.key_bar import KeyBar


def reveal_step_text(review: Review, shown: int, moments: bool = False) -> Text:
    """The reveal so far: ``shown`` seats' contracts, then (last step) the traders, and
    the pages to see next (with ``moments``, Key moments too)."""
    text = Text()
    steps = review.reveal
    for step in steps[:shown]:
        text.append(f"{seat_mark(step.seat)} {step.name} reveals:\n", style=seat_style(step.seat))
        for line in step.contracts:
            text.append(f"   {contract_label(line.contract)} {line.sentence()}\n")
    if shown > len(steps):
        text.append("Traders\n", style="bold")
        for step in steps:
            if step.traders:
                names = ", ".join(CATALOG.employees[t].title for t in step.traders)
                text.append(f"   {step.name}: {names} → {step.trader_points}\n")
            else:
                text.append(f"   {step.name}: no traders → 0\n", style="dim")
    if shown <= len(steps):
        nxt = steps[shown - 1 + 1].name if shown < len(steps) else "the traders"
        text.append(f"\nspace: reveal {nxt}", style="bold magenta")
    else:
        pages = "2: the scores · 3: every ship · 4: score over time"
        text.append(f"\nAll revealed. {pages}{' · 5: key moments' if moments else ''}",
                    style="dim")
    return text


def winner_line(review: Review, revealed: bool = True) -> Text:
    """Who won and the scores; until ``revealed`` (the contracts shown one seat at a
    time, R-10.5), only that the reveal is under way: naming the winner above it gave
    the result away before the first contract was turned."""
    text = Text()
    if not review.over:
        return Text("The game is not over yet.")
    if not revealed and not review.solo:
        text.append("Final scoring: ", style="bold")
        text.append("the contracts are revealed one seat at a time (space).")
        return text
    if review.solo:
        seat = review.players[0]
        text.append(f"{review.seats[seat]}: {review.totals[seat]} points. ", style="bold")
        text.append(review.rating, style="bold yellow")
        text.append(solo_scale_text(review.totals[seat]))  # the whole scale
        return text
    names = " and ".join(review.seats[i] for i in review.winners)
    text.append("Shared victory: " if len(review.winners) > 1 else "Winner: ", style="bold")
    text.append(names, style="bold yellow")
    scores = ", ".join(f"{review.seats[i]} {review.totals[i]}" for i in review.players)
    text.append(f"   ({scores})")
    return text


class ReviewScreen(TabbedReviewScreen):
    """Where every point came from, for a finished game."""

    BINDINGS = [
        Binding("space,enter", "reveal", "Reveal next", show=True),
        Binding("1", "tab('reveal')", "Reveal", show=False),
        Binding("2", "tab('scores')", "Scores", show=False),
        Binding("3", "tab('ships')", "Ships", show=False),
        Binding("4", "tab('time')", "Over time", show=False),
        Binding("5", "tab('moments')", "Key moments", show=False),
        LEAVE_REVIEW,
        LOBBY_REVIEW,
    ]

    def __init__(self, model: GameModel, *, reveal_all: bool = False) -> None:
        super().__init__()
        self.model = model
        self.review = build_review(model.game)
        self.shown = len(self.review.reveal) + 1 if reveal_all else 0
        self.people = analysed_seats(model.game) if model.game.is_over else ()
        self._analysing = False
        self._built = False
        """Its widgets are mounted: before, a key has nothing to reveal on."""

    def compose(self) -> ComposeResult:
        review = self.review
        yield Static(winner_line(review, self.all_revealed), id="winner")
        with TabbedContent(initial="reveal"):
            with TabPane("1 Reveal", id="reveal"), VerticalScroll():
                yield Static(reveal_step_text(review, self.shown, bool(self.people)),
                             id="reveal-text")
            with TabPane("2 Scores", id="scores"), VerticalScroll():
                yield Static(breakdown_table(review), id="breakdown")
            with TabPane("3 Ships", id="ships"), VerticalScroll():
                for seat in review.players:
                    yield Static(ships_table(review, seat), classes="ships")
            with TabPane("4 Over time", id="time"), VerticalScroll():
                marks = ASCII_SPARK if getattr(self.app, "ascii", False) else SPARK
                yield Static(score_chart(review, marks=marks), id="chart")
            if self.people:
                with TabPane("5 Key moments", id="moments"), VerticalScroll():
                    yield Static("", id="moments-text", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:  # (Textual calls the base class's handler too)
        self._built = True
        if self.shown == 0 and self.review.reveal:
            self.action_reveal()
        self.refresh_bindings()  # all revealed already: the footer offers no reveal

    @while_open
    def action_reveal(self) -> None:
        """Reveal the next seat's contracts; after the last seat, the traders."""
        if self.all_revealed or not self._built:
            return  # (a key held through the last move reaches the review before it is built)
        self.shown += 1
        self.query_one("#reveal-text", Static).update(
            reveal_step_text(self.review, self.shown, bool(self.people)))
        self.query_one(TabbedContent).active = "reveal"
        self.refresh_bindings()
        if self.all_revealed:
            self._name_the_winner()

    def _name_the_winner(self) -> None:
        self.query_one("#winner", Static).update(winner_line(self.review))

    @property
    def all_revealed(self) -> bool:
        return self.shown > len(self.review.reveal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once everything is revealed, the footer stops offering to reveal more."""
        if action == "reveal":
            return not self.all_revealed
        return super().check_action(action, parameters)

    def action_tab(self, tab: str) -> None:
        if tab == "moments" and not self.people:
            return
        super().action_tab(tab)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id != "reveal":
            self._name_the_winner()  # the scores are on show: the result is no secret
        if event.pane.id == "moments" and not self._analysing:
            self._analysing = True
            self._analyse()

    def _analyse(self) -> None:
        """Search every decision of the people again, in a thread; show progress."""
        settings = getattr(self.app, "settings", None)
        self.search_key_moments(
            self.model.game, self.people,
            getattr(settings, "strong_budget_ms", DEFAULT_BUDGET_MS),
            what="your decisions",
            heading="Key moments: the decisions where the strong bot's estimate of the "
                    "move played fell furthest below its best move (estimates from sampled "
                    "futures, in points).")
