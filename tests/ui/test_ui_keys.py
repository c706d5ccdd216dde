"""Fewer keys per decision, and keys that mean the same thing all through a list
(issue 12: "What a decision needs is on screen")."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.widgets.choice_panel import OPTION_KEYS
from support.ui import choices, key_for, key_for_label, key_for_move, panel, pick, plain, settle


def ann_first() -> Game:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)
    return Game(config)


async def choose_build(pilot, app) -> None:
    await pick(pilot, app, key_for_move(app, mv.Choose(Action.BUILD)))
    if app.model.game.state.turn.step is Step.BONUS_BEFORE:
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))


async def test_yard_cells_are_picked_by_their_printed_number_r5_2(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_build(pilot, app)
        await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
        assert app.model.game.state.turn.step is Step.PLACE
        view = app.screen.view_name
        await pilot.press("3")
        await settle(pilot)
        assert choices(app)[panel(app).options.highlighted].move == mv.Place(3)
        assert app.screen.view_name == view
        await pilot.press("enter")
        await settle(pilot)
        assert app.model.game.state.seats[0].yard[3] is not None


async def test_while_digits_pick_cells_the_view_bar_offers_f2_to_f7(monkeypatch, tmp_path):
    """The digits pick yard cells while a tile is placed (R-5.2), so 1-6 cannot switch
    views then; the bar said "1 Market" all the same. It shows F2-F7 then, which work
    always, and the digits again once the tile is placed."""
    from shipyard_tui.games.shipyard.ui.widgets.view_bar import ViewBar

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(ViewBar)
        assert plain(bar.render()).split()[:2] == ["1", "Market"]
        await pilot.press("f5")
        await settle(pilot)
        assert app.screen.view_name == "canals"
        await choose_build(pilot, app)
        await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
        assert app.model.game.state.turn.step is Step.PLACE
        shown = plain(bar.render())
        assert shown.split()[:4] == ["F2", "Market", "F3", "Rondels"], shown
        assert " 1 " not in f" {shown} "
        await pilot.press("f7")
        await settle(pilot)
        assert app.screen.view_name == "log"
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.view_name == "yards"
        await pilot.press("3")
        await settle(pilot)
        assert app.screen.view_name == "yards"
        await pilot.press("enter")
        await settle(pilot)
        assert app.model.game.state.seats[0].yard[3] is not None
        assert app.model.game.state.turn.step is not Step.PLACE
        assert plain(bar.render()).split()[:2] == ["1", "Market"]


async def test_letters_run_down_the_list_in_order_also_when_it_changes(monkeypatch,
                                                                      tmp_path):
    """Letters used to stay with their choice while a decision came back, so lists read
    "c d e a b f" and the same seat's two terminals, or a reloaded game, gave the same
    choice different letters: three play-testers stumbled on it. Now a, b, c down the
    list (yard cells keep their numbers)."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_build(pilot, app)
        shown = []
        for bought in range(2):
            letters = [panel(app).key_of(i) for i, c in enumerate(choices(app))
                       if c.move is not None]
            assert len(letters) >= 3
            if bought:
                # a ship tile keeps its slot's letter for the whole build, the letter
                # of the tile bought going to no other (issue 35 item 5): still down
                # the list in order, a letter left out
                assert letters == sorted(letters, key=OPTION_KEYS.index)
                assert letters[0] == OPTION_KEYS[1]
            else:
                assert letters == list(OPTION_KEYS[:len(letters)])
            shown.append([c.label for c in choices(app)])
            if not bought:
                await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
                await pick(pilot, app, "0")
        assert shown[0] != shown[1]  # the list changed in between


async def test_a_hidden_choice_is_announced(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # the bonus question: more choices than the 8 rows at 80x24
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.HIRE)))
        assert app.model.game.state.turn.step is Step.BONUS_BEFORE
        shown = panel(app)
        prompt = lambda: plain(shown.query_one("#prompt").content)  # noqa: E731
        assert len(choices(app)) > shown.options.scrollable_content_region.height >= 8
        assert "below" in prompt()  # "1 more below", or "1 not now below"
        await pilot.press("end")
        await settle(pilot)
        assert "more above" in prompt() and "below" not in prompt()


async def test_the_seat_strip_shows_money_pieces_and_contracts_on_every_panel(monkeypatch,
                                                                              tmp_path):
    from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seat = app.model.game.state.seats[0]
        for view in "123456":
            await pilot.press(view)
            await settle(pilot)
            strip = app.screen.query_one(SeatStrip)
            assert strip.region.height == 2 and strip.region.width >= 78
            text = plain(strip.render_view(app.model.view), width=strip.region.width)
            assert f"{seat.guilders} guilders" in text
            assert "pieces:" in text and "contracts:" in text
            assert seat.contracts[0].split(":")[0] in text
        one = app.model.view
        one.seats[0].guilders, one.seats[0].score = 1, 1
        text = plain(strip.render_view(one), width=strip.region.width)
        assert "1 guilder  1 pt " in text and "guilders" not in text


async def test_declining_the_bonus_once_declines_it_for_the_whole_turn_r4(monkeypatch,
                                                                          tmp_path):
    """R-4 (bonus action, before or after the chosen one): one question per turn."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = ann_first()
    game.state.seats[0].guilders = 10
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.PURCHASE)))
        assert app.model.game.state.turn.step is Step.BONUS_BEFORE
        await pick(pilot, app, key_for_label(app, "No bonus action this turn"))
        await pick(pilot, app, key_for_move(app, mv.BuyCommodity(0)))
        await settle(pilot)
        moves = app.model.game.moves
        assert mv.DeclineBonus() in moves  # the rules keep the no (issue 35 item 1)
        assert moves[moves.index(mv.BuyCommodity(0)) + 1] != mv.NoBonus()
        assert app.model.game.state.turn.seat != 0 or app.model.game.state.turn.step \
            is Step.CHOOSE


def canal_with_a_spot_behind_the_token(game: Game) -> bool:
    from shipyard_tui.games.shipyard.rules import engine
    from shipyard_tui.games.shipyard.rules.canals import CanalSystem

    state = game.state
    if state.turn.step is not Step.CANAL_PLACE or state.seats[0].token is None:
        return False
    for move in game.legal_moves():
        trial = state.copy()
        engine.apply_move(trial, move, [])
        token = trial.seats[0].token
        assert token is not None
        if (move.x, move.y) not in CanalSystem(trial.seats[0].canals).reachable(token):
            return True
    return False


async def test_canal_spots_the_token_can_use_come_first_r9_6(monkeypatch, tmp_path):
    from support.ui import game_at

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(canal_with_a_spot_behind_the_token, seeds=range(400))
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        labels = [c.label for c in choices(app)]
        behind = [i for i, label in enumerate(labels) if "behind the ship token" in label]
        assert behind and len(behind) < len(labels)
        assert behind == list(range(len(labels) - len(behind), len(labels)))


async def test_the_title_menu_shows_each_entrys_key_and_the_key_picks_it(monkeypatch,
                                                                         tmp_path):
    """At 80 columns the footer had no room for every title key: each menu entry now
    shows its own, and that key does what the entry does."""
    from textual.widgets import OptionList

    from shipyard_tui.ui.screens.title import TitleScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        menu = screen.query_one("#title-menu", OptionList)
        shown = {option.id: str(option.prompt) for option in menu.options}
        bound = {}
        for binding in TitleScreen.BINDINGS:
            assert not isinstance(binding, tuple)
            for key in binding.key.split(","):
                bound[key] = binding.action
        named = {"?": "question_mark"}
        for entry, key, words in TitleScreen.ENTRIES:
            assert shown[entry].startswith(f"{key}  {words}")  # Continue: and which game
            assert bound[named.get(key, key)] == f"menu('{entry}')"
        await pilot.press("s")
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"


async def test_a_decision_that_comes_back_shorter_still_reads_a_b_c():
    """The same prompt again with its first choice gone (a tile bought): the letters
    start again at a (they used to keep b and c, giving the new choice a)."""
    from textual.app import App, ComposeResult

    from shipyard_tui.ui.widgets.choice_panel import Choice, ChoicePanel

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield ChoicePanel()

    app = One()
    async with app.run_test(size=(60, 12)) as pilot:
        shown = app.query_one(ChoicePanel)
        first = [Choice(n, mv.Buy(0, i)) for i, n in enumerate(("one", "two", "three"))]
        shown.set_choices("Buy a ship tile", first)
        await pilot.pause()
        shown.set_choices("Buy a ship tile", [*first[1:], Choice("four", mv.Buy(1, 0))])
        await pilot.pause()
        assert [shown.key_of(i) for i in range(3)] == ["a", "b", "c"]
        assert shown.letters() == {str(mv.Buy(0, 1)): "a", str(mv.Buy(0, 2)): "b",
                                   str(mv.Buy(1, 0)): "c"}


async def test_the_hidden_count_counts_choices_not_lines():
    """A Nauticus play-test: "(▼ 1 more below)" with two choices out of sight; the count
    was of screen lines, and a choice that wraps takes two."""
    from textual.app import App, ComposeResult

    from shipyard_tui.ui.widgets.choice_panel import Choice, ChoicePanel

    class One(App[None]):
        CSS = "ChoicePanel { width: 30; height: 9; }"

        def compose(self) -> ComposeResult:
            yield ChoicePanel()

    app = One()
    async with app.run_test(size=(40, 12)) as pilot:
        shown = app.query_one(ChoicePanel)
        long = "a choice long enough to wrap onto a second line"
        shown.set_choices("Pick", [Choice(f"{i} {long}", mv.Buy(0, i)) for i in range(8)])
        for _ in range(3):
            await pilot.pause()
        options = shown.options
        assert options._heights[0] == 2  # each choice takes two lines
        visible = options.scrollable_content_region.height
        in_sight = -(-visible // 2)  # a choice partly in sight counts as in sight
        assert f"▼ {8 - in_sight} more below" in shown.more_hint()
        await pilot.press("end")
        for _ in range(3):
            await pilot.pause()
        assert f"▲ {8 - in_sight} more above" in shown.more_hint()
