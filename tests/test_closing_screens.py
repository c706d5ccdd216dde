"""No update, timer or message reaches a screen being taken down (issue 38): a kill
while the end-of-game review is still being built leaves without a crash log."""

from __future__ import annotations

import asyncio

import pytest

import shipyard_tui.ui.app as app_module
from rules_helpers import new_game
from shipyard_tui.testing import random_playout
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import REMOVAL_FLAGS, closing, exiting
from shipyard_tui.ui.screens.review import ReviewScreen


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
