"""No update, timer or message reaches a screen being taken down (issue 38): a kill
while the end-of-game review is still being built leaves without a crash log."""

from __future__ import annotations

import asyncio

import pytest

import shipyard_tui.ui.app as app_module
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import REMOVAL_FLAGS, closing, exiting
from support import random_playout
from support.shipyard import new_game


@pytest.mark.parametrize("when", ["built", "mounted"])
async def test_sigterm_while_the_review_mounts_writes_no_crash_log(
        when: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The finished game opens on its review; SIGTERM's handler runs as the review's
    widgets have been built but not yet mounted (``NoMatches '#reveal-text'`` from its
    mount handler wrote a crash log), or as its mount handler begins."""
    monkeypatch.setattr(app_module, "end_anyway", lambda last_words, code: None)
    compose, mount = ReviewScreen.compose, ReviewScreen.on_mount

    def built(screen: ReviewScreen):  # type: ignore[no-untyped-def]
        yield from compose(screen)
        if when == "built":
            app._leave_on_signal()

    def mounted(screen: ReviewScreen) -> None:
        if when == "mounted":
            app._leave_on_signal()
        mount(screen)

    monkeypatch.setattr(ReviewScreen, "compose", built)
    monkeypatch.setattr(ReviewScreen, "on_mount", mounted)
    game = new_game(2, seed=3)
    random_playout(game, 1)
    assert game.is_over
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)):
        for _ in range(100):
            if app._leaving:
                break
            await asyncio.sleep(0.01)
    assert app._leaving, "the review was never built"
    assert app.crash_log is None
    assert app.return_code in (None, 0)


async def test_a_screen_is_closing_by_the_time_it_unmounts() -> None:
    """What :func:`closing` reads of Textual (ui/compat.py): a screen on show and its
    widgets are open; popped, they are closing by their unmount handlers; a node never
    mounted is on no screen. An upgrade that renamed the flags fails here."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import Static

    seen: list[bool] = []

    class Probe(Screen[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("x", id="x")

        def on_unmount(self) -> None:
            seen.extend((closing(self), closing(self.query_one("#x")) if self.query("#x")
                         else True))

    app: App[None] = App()
    async with app.run_test(size=(40, 10)) as pilot:
        screen = Probe()
        await app.push_screen(screen)
        await pilot.pause()
        assert not closing(screen) and not closing(screen.query_one("#x"))
        assert not exiting(app)
        await app.pop_screen()
        await pilot.pause()
        assert seen == [True, True] and closing(screen)
        app.exit()
        assert exiting(app)
    assert closing(Static("never mounted"))
    for flag in REMOVAL_FLAGS:
        assert hasattr(Widget(), flag), f"Textual no longer has {flag}: see ui/compat.py"


async def test_a_key_that_reaches_the_review_before_it_is_built_is_dropped() -> None:
    """Enter held through the last move reached the review's reveal before its widgets
    were mounted (``NoMatches '#reveal-text'``, seen in the pty storm); the review then
    opens on the first seat's contracts as always."""
    from textual.app import App

    from shipyard_tui.model import GameModel

    game = new_game(2, seed=3)
    random_playout(game, 1)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        review = ReviewScreen(GameModel(game))
        app.push_screen(review)
        review.action_reveal()
        await pilot.pause()
        await pilot.pause()
        assert review.shown == 1
    assert app.return_code in (None, 0)


async def test_a_question_answered_before_it_is_mounted_closes_cleanly() -> None:
    """A ``y`` that reached a question before it was mounted dismissed it, and its
    mount handler then found no buttons (``NoMatches '#no'``, in the pty storm)."""
    from textual.app import App

    from shipyard_tui.ui.screens.confirm import ConfirmScreen

    answers: list[bool | None] = []
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        question = ConfirmScreen("Discard it?", "Discard", "Go back")
        app.push_screen(question, answers.append)
        question.action_answer(True)
        for _ in range(4):
            await pilot.pause()
        assert answers == [True]
        assert question not in app.screen_stack
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("keys", [("y", "y"), ("n", "n"), ("y", "n")])
async def test_two_quick_answers_close_the_question_and_nothing_under_it(
        keys: tuple[str, str]) -> None:
    """``dismiss`` pops the top screen, whichever it is: a second quick answer to a
    question closed the table under it too (a pty game under a storm of keys ended on
    the title screen). A dialog closes once."""
    from textual.app import App
    from textual.screen import Screen

    from shipyard_tui.ui.screens.confirm import ConfirmScreen

    answers: list[bool | None] = []
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        table: Screen[None] = Screen()
        await app.push_screen(table)
        question = ConfirmScreen("Discard it?", "Discard", "Go back")
        await app.push_screen(question, answers.append)
        question.action_answer(keys[0] == "y")
        question.action_answer(keys[1] == "y")
        await pilot.pause()
        assert answers == [keys[0] == "y"]
        assert app.screen is table


async def test_two_quick_enters_at_the_hand_over_keep_the_table() -> None:
    """R-11.2 hot seat: Enter takes the terminal; a second quick Enter closed the table
    under the hand-over too."""
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig
    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.ui.screens.hand_over import HandOverScreen
    from support.ui import settle

    app = ShipyardApp(config=GameConfig((SeatConfig("Ann"), SeatConfig("Bea")), seed=4),
                      bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand_over = app.screen
        assert isinstance(hand_over, HandOverScreen)
        hand_over.action_take()
        hand_over.action_take()
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
