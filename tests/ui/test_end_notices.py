"""A newcomer is told what the end brings before it comes (issue 35 item 7): the status
line warns when the contracts are cut at the next reserve cube (R-3.9) or the end is
near (R-10.1), a notice says what the final actions (R-10.3) and the last chance
(R-10.4) are the first time they begin, and the solo review shows the whole rating
scale with the player's row marked (R-12.5)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from shipyard_tui.games.shipyard.end_words import STAGE_NOTICES, when
from shipyard_tui.games.shipyard.rules import Stage
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import SOLO_RATINGS, solo_rating
from shipyard_tui.model import GameModel
from shipyard_tui.ui.app import ShipyardApp
from support import random_playout
from support.shipyard import solo_game
from support.ui import game_at, plain, settle


def status_row(app: ShipyardApp) -> str:
    status = app.screen.query_one(StatusLine)
    return "".join(seg.text for seg in status.render_lines(status.region.reset_offset)[0])


async def test_the_status_line_warns_of_the_cut_one_round_ahead_r3_9(monkeypatch, tmp_path):
    # 3 seats: the 4th reserve cube cuts the contracts to 1 + 1; with 3 gone, the cut
    # comes as this rotation completes, after the turns the wheel has left
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.stage is Stage.PLAY and g.state.cubes_removed == 3
                   and g.state.wheel == 4, seats=3)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = status_row(app)
        assert "contracts cut to 1+1 in 8 turns" in shown, shown
        assert "■ Ann" in shown and "…" not in shown
    # rounds away (1 cube gone), nothing is said yet
    game = game_at(lambda g: g.state.stage is Stage.PLAY and g.state.cubes_removed == 1,
                   seats=3)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "cut" not in status_row(app)


async def test_the_status_line_counts_the_turns_to_the_final_action_r10_1_r10_3(
        monkeypatch, tmp_path):
    # a ship-tile end comes mid-round: the round is finished first
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.stage is Stage.PLAY and g.state.cubes_removed == 1,
                   seats=3)
    game.state.end_trigger = "ship_tiles"
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        later = (game.state.last_seat - game.state.turn.seat) % 3
        assert f"final action {when(later)}" in status_row(app)


def notices(app: ShipyardApp, title: str) -> list[str]:
    return [n.message for n in app._notifications if n.title == title]


async def test_the_final_actions_are_explained_once_as_they_begin_r10_3(monkeypatch,
                                                                        tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    title, words = STAGE_NOTICES[Stage.FINAL]
    early = game_at(lambda g: g.state.stage is Stage.PLAY and g.state.cubes_removed == 2)
    app = ShipyardApp(game=early, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not notices(app, title)  # not before it begins
    game = game_at(lambda g: g.state.stage is Stage.FINAL, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert notices(app, title) == [words]
        assert len(words.splitlines()) == 2
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.refresh_table()
        await settle(pilot)
        assert notices(app, title) == [words]


async def test_the_last_chance_is_explained_as_it_begins_r10_4(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.stage is Stage.LAST_CHANCE, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title, words = STAGE_NOTICES[Stage.LAST_CHANCE]
        assert notices(app, title) == [words]
        assert "last chance" in status_row(app)


async def test_the_solo_review_shows_the_rating_scale_with_the_players_row_r12_5():
    game = solo_game(seed=4)
    random_playout(game, 4)
    assert game.is_over
    score = game.state.seats[0].score
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        review = ReviewScreen(GameModel(game), reveal_all=True)
        app.push_screen(review)
        await pilot.pause()
        await pilot.pause()
        shown = plain(review.query_one("#winner", Static).content, width=78)
    rows = [line.strip() for line in shown.splitlines()]
    for threshold, words in SOLO_RATINGS:
        assert any(row.lstrip("> ").startswith(f"{threshold} or more") and words in row
                   for row in rows), shown
    lowest = SOLO_RATINGS[-1][0]
    assert any(f"below {lowest}" in row for row in rows)
    marked = [row for row in rows if row.startswith(">")]
    assert len(marked) == 1 and solo_rating(score) in marked[0], shown
