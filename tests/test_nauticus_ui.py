"""The minimal Nauticus table: a whole 2-seat game by keys against a bot (issue 16)."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.ui.nauticus.app import NauticusApp
from shipyard_tui.ui.widgets.choice_panel import OPTION_KEYS, ChoicePanel


@pytest.mark.slow
async def test_a_whole_game_by_keys_matches_an_engine_replay():
    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")),
                            seed=12)
    app = NauticusApp(config, bot_delay=0)
    rng = random.Random(12)
    chosen = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5000):
            game = app.game
            if game.is_over:
                break
            if game.to_move != 0:
                await pilot.pause()
                continue
            status = str(app.screen.query_one("#status", Static).render())
            assert status.startswith(" Ann:") and game.prompt in status
            legal = game.legal_moves()
            index = rng.randrange(min(len(legal), len(OPTION_KEYS)))
            chosen.append(legal[index])
            before = len(game.moves)
            # The panel's own letter: a choice keeps its letter while its decision
            # comes back, so the letter is not always the index's.
            key = app.screen.query_one(ChoicePanel).key_of(index)
            assert key
            await pilot.press(key, "enter")
            await pilot.pause()
            assert game.moves[before] == chosen[-1]
        assert app.game.is_over
        status = str(app.screen.query_one("#status", Static).render())
        assert status.startswith(" Game over")
    replay = NauticusGame.replay(config, app.game.moves)
    assert replay.state.to_dict() == app.game.state.to_dict()
    assert replay.events == app.game.events
    ann = [m for m, seat in zip(app.game.moves, _movers(config, app.game.moves), strict=True)
           if seat == 0]
    assert ann == chosen


def _movers(config: NauticusConfig, moves: list) -> list[int]:
    game = NauticusGame(config)
    seats = []
    for move in moves:
        seats.append(game.to_move)
        game.push(move)
    return seats


async def test_undo_and_view_keys():
    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bea")), seed=2)
    app = NauticusApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")
        assert len(app.game.moves) == 1
        await pilot.press("u")
        assert app.game.moves == []
        await pilot.press("r")
        from shipyard_tui.ui.nauticus.widgets import WheelPanel

        assert app.screen.query_one(WheelPanel).detail == 0
        await pilot.press("r", "r")
        assert app.screen.query_one(WheelPanel).detail == -1


def test_table_snapshot_80x24(snap_compare):
    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bea"), SeatConfig("Cy")), seed=5)
    app = NauticusApp(config, bot_delay=0)
    app.game.play("choose hulls")
    for _ in range(3):
        app.game.push(app.game.legal_moves()[0])
    assert snap_compare(app, terminal_size=(80, 24))


async def test_the_end_shows_every_seats_vp_by_kind_and_the_winner():
    seats = tuple(SeatConfig(n, SeatKind.BOT, "random") for n in ("Ann", "Bea", "Cy"))
    app = NauticusApp(NauticusConfig(seats, seed=3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5000):
            if app.game.is_over:
                break
            await pilot.pause()
        await pilot.pause()
        from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

        prompt = str(app.screen.query_one(ChoicePanel).query_one("#prompt", Static).render())
        rows = {line.split()[0]: line.split()[1:] for line in prompt.splitlines()}
        assert rows["total"] == [str(s.vp) for s in app.game.state.seats]
        assert set(rows) >= {"start", "penalty", "ships", "leftovers"}
        outcome = app.game.outcome()
        status = str(app.screen.query_one("#status", Static).render())
        assert status.startswith(" Game over: ")
        assert app.game.state.seats[outcome.winners[0]].name in status
