"""Actions the seat may not pick now are shown with why (R-3.2, R-3.4, R-10.3, R-4.0):
after the choices offered, dimmed, never chosen by key or mouse, readable without
colour and in ASCII, and at 80×24 never in the way of the choices offered."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.games.shipyard.ui.widgets.action_track import ActionTrack
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from support.ui import choices, game_at, panel, plain, settle

EXCHANGE_WHY = "not now: no commodity tile to exchange"


def without_goods() -> Game:
    """Ann (a person) to choose her first tile, holding no commodity tile."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                        seed=0)
    game = Game(config)
    assert game.state.start_seat == 0
    game.state.seats[0].commodities = []
    return game


def screen_text(app: ShipyardApp) -> str:
    """The screen as the terminal receives it, after the app's line filters."""
    return "\n".join("".join(segment.text for segment in line)
                     for line in rendered_lines(app.screen))


async def test_r3_2_an_unperformable_tile_is_listed_last_with_its_reason():
    """R-3.2, R-4.0: Exchange Commodities without a commodity tile is not offered; it is
    shown after the offered tiles, without a key, saying why; the keys of the offered
    tiles are a, b, c... as the legal moves run, and the track says "not now"."""
    app = ShipyardApp(game=without_goods(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = choices(app)
        legal = app.model.legal_moves()
        assert mv.Choose(Action.EXCHANGE) not in legal
        offered = [c for c in shown if c.move is not None]
        assert [c.move for c in offered] == legal
        assert shown[: len(offered)] == offered
        refused = shown[len(offered):]
        assert [(c.label, c.reason) for c in refused] == [("Exchange Commodities",
                                                          EXCHANGE_WHY)]
        keys = [panel(app).key_of(i) for i in range(len(shown))]
        assert keys[: len(offered)] == list("abcdefg"[: len(offered)])
        assert keys[len(offered):] == [""]
        track = plain(app.screen.query_one(ActionTrack).render_view(app.model.view))
        assert "not now" in track


async def test_r3_2_keys_and_clicks_on_an_unavailable_action_do_nothing():
    """R-3.2: no key reaches the Exchange line, and a click on it plays nothing; the
    last offered choice brings it into sight at 80×24."""
    game = without_goods()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = len(game.moves)
        letters = len([c for c in choices(app) if c.move is not None])
        await pilot.press("end")
        await settle(pilot)
        options = panel(app).options
        assert options.highlighted == letters - 1
        line = options._index_to_line[letters] - round(options.scroll_y)
        assert 0 <= line < options.scrollable_content_region.height
        await pilot.click(options, offset=(4, line))
        await settle(pilot)
        for key in "hijk":  # letters past the offered ones
            await pilot.press(key)
        await settle(pilot)
        assert len(game.moves) == moves
        assert game.state.turn.step is Step.CHOOSE
        assert options.highlighted == letters - 1  # a click cannot highlight it
        await pilot.press("x")  # the bonus question's key, held: it highlights nothing
        await settle(pilot)
        assert options.highlighted is None and len(game.moves) == moves


async def test_enter_after_a_held_key_highlights_again_and_the_next_enter_plays():
    """A stray held key (the "y" of a question already answered) took the highlight
    away, and every Enter after it did nothing: a game answered by Enter every tenth of
    a second stood still for a minute. The first Enter now puts the highlight back on
    the first choice and plays nothing; the next plays it."""
    game = without_goods()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = len(game.moves)
        options = panel(app).options
        first = next(c.move for c in choices(app) if c.move is not None)
        await pilot.press("y")
        await settle(pilot)
        assert options.highlighted is None
        await pilot.press("enter")
        await settle(pilot)
        assert len(game.moves) == moves and options.highlighted is not None
        await pilot.press("enter")
        await settle(pilot)
        assert game.moves[moves:moves + 1] == [first]


async def test_the_prompt_counts_unavailable_actions_out_of_sight_apart():
    game = without_goods()
    game.state.seats[0].guilders = 12
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")  # the bonus question: more than 8 choices
        await settle(pilot)
        assert game.state.turn.step is Step.BONUS_BEFORE
        hint = panel(app).more_hint()
        assert "not now" in hint
        assert "▼" in hint


async def test_r3_4_the_chosen_action_is_shown_as_not_a_bonus_action():
    """R-3.4: at the bonus question the chosen action and those that cannot be
    performed are shown with why."""
    game = without_goods()
    game.state.seats[0].guilders = 12
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
        state = game.state
        assert state.turn.step is Step.BONUS_BEFORE
        chosen = state.turn.chosen
        assert chosen is not None
        refused = {c.label: c.reason for c in choices(app) if c.move is None}
        assert refused[chosen.label] == "not now: the action you chose this turn"
        assert refused["Exchange Commodities"] == EXCHANGE_WHY


async def test_unavailable_actions_read_in_ascii_without_colour(monkeypatch, tmp_path):
    """NO_COLOR and LANG=C: the reason alone says it, in ASCII."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    app = ShipyardApp(game=without_goods(), bot_delay=0.0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        text = screen_text(app)
        assert text.isascii()
        # the mark is "!", not "x": a letter in the keys' column would read as a key
        assert "! Exchange Commodities - not now: no commodity tile to exchange" in text


async def test_at_160x50_the_unavailable_actions_are_in_sight():
    """At 160x50 the choices' column was narrow and these rows wrapped (the words ran
    on from the first column); since issue 34 it is wide enough for each to fit its
    line, whole."""
    app = ShipyardApp(game=without_goods(), bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert panel(app).more_hint() == ""
        lines = screen_text(app).split("\n")
        line = next(line for line in lines if "✗ Exchange Commodities" in line)
        assert f"✗ Exchange Commodities — {EXCHANGE_WHY}" in line


async def test_r10_3_the_final_action_shows_what_cannot_be_performed():
    """R-10.3: cubes and the lead do not matter; Exchange without a commodity tile is
    shown with why, and every other action keeps its key."""
    game = game_at(lambda g: g.state.turn.step is Step.FINAL_CHOOSE, seeds=range(3))
    game.state.seats[0].commodities = []
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        refused = [(c.label, c.reason) for c in choices(app) if c.move is None]
        assert ("Exchange Commodities", EXCHANGE_WHY) in refused
        assert not [r for _, r in refused if "taken" in r or "lead" in r]
        assert len(app.model.legal_moves()) + len(refused) == len(game.state.track)
