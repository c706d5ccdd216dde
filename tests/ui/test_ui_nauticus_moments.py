"""The Nauticus review's Key moments page (issue 33): the strong Nauticus bot goes over a
person's choices of action tile, as Shipyard's review goes over a person's decisions."""

from __future__ import annotations

import random

from textual.widgets import Static

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import GreedyBot
from shipyard_tui.games.nauticus.ui.review import NauticusReviewScreen
from shipyard_tui.settings import Settings
from shipyard_tui.ui.app import ShipyardApp
from support.ui import settle


def finished(seed: int, person: bool = True) -> NauticusGame:
    """Ann (a person, or a greedy bot) plays at random; Bob is a greedy bot."""
    ann = SeatConfig("Ann") if person else SeatConfig("Ann", SeatKind.BOT, "greedy")
    game = NauticusGame(NauticusConfig((ann, SeatConfig("Bob", SeatKind.BOT, "greedy")),
                                       seed=seed))
    rng = random.Random(seed)
    bob = GreedyBot(seed)
    while not game.is_over:
        legal = game.legal_moves()
        game.push(rng.choice(legal) if game.to_move == 0 else bob.choose(game.view(1), legal))
    return game


async def test_the_key_moments_page_lists_the_costliest_tile_choices(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=finished(6), bot_delay=0.0, settings=Settings(strong_budget_ms=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NauticusReviewScreen)
        assert app.screen.people == (0,)
        await pilot.press("4")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        shown = str(app.screen.query_one("#moments-text", Static).content)
        assert shown.startswith("Key moments")
        assert "Ann:" in shown and "Bob:" not in shown
        assert "1. round" in shown and "points lost" in shown
        assert "played: choose " in shown and "better: choose " in shown


async def test_no_key_moments_page_when_only_bots_played(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=finished(6, person=False), bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NauticusReviewScreen) and app.screen.people == ()
        await pilot.press("4")
        await settle(pilot)
        assert not app.screen.query("#moments-text")


async def test_a_failing_analysis_leaves_the_nauticus_review_standing(tmp_path, monkeypatch):
    from shipyard_tui import analysis as shared_analysis

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("out of futures")
    monkeypatch.setattr(shared_analysis, "cached_analysis", broken)
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=finished(6), bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert isinstance(app.screen, NauticusReviewScreen)
        shown = str(app.screen.query_one("#moments-text", Static).content)
        assert shown.startswith("Key moments could not be worked out")
        assert "out of futures" in shown
