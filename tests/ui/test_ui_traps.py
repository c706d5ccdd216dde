"""The dead ends and traps a newcomer met (issue 12): each is played by keys here.

Situations beyond the first turn come from games played by random moves until the
person's seat faces the wanted decision (``ui_helpers.game_at``).
"""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
    engine,
)
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Role, Step
from shipyard_tui.games.shipyard.rules.yard import legal_cells, pattern
from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.confirm import ConfirmScreen
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support.shipyard import yard_from_pattern
from support.ui import choices, game_at, key_for, panel, plain, settle


def two_seats() -> ShipyardApp:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)
    return ShipyardApp(config=config, bot_delay=0.0)


def filtered_lines(app: ShipyardApp, widget) -> list[list[Segment]]:
    """The widget's lines as the terminal receives them (after the app's filters)."""
    region = Region(0, 0, widget.size.width, widget.size.height)
    lines = []
    for strip in widget.render_lines(region):
        segments = list(strip)
        for line_filter in app.get_line_filters():
            segments = line_filter.apply(segments, app.screen.styles.background)
        lines.append(segments)
    return lines


def looks(segments: list[Segment]) -> set[str]:
    """The attributes a line shows without colour."""
    out = set()
    for segment in segments:
        style = segment.style
        if style is None or not segment.text.strip():
            continue
        for name in ("bold", "reverse", "underline", "italic"):
            if getattr(style, name):
                out.add(name)
    return out


async def test_no_color_draws_legibly_and_marks_the_selection(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    app = two_seats()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = panel(app).options
        lines = filtered_lines(app, options)
        for line in lines:
            for segment in line:
                style = segment.style
                if style is None or not segment.text.strip() or style.reverse:
                    continue
                fg, bg = style.color, style.bgcolor
                assert fg is None or fg.is_default or fg != bg, \
                    f"{segment.text!r} is drawn in its background's colour"
        highlighted = options.highlighted
        assert highlighted is not None
        others = [looks(line) for i, line in enumerate(lines) if i != highlighted]
        assert "underline" in looks(lines[highlighted])
        assert all("underline" not in attrs for attrs in others)


async def test_the_keys_work_after_every_resize(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = panel(app).options
        for size in ((60, 20), (80, 24), (200, 60), (80, 24), (100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            if size[0] >= 80:
                assert app.focused is options, f"focus lost at {size}"
        await pilot.press("?")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is options
        await pilot.press("b")
        await settle(pilot)
        assert options.highlighted == 1


async def test_setup_checkboxes_show_off_as_empty(monkeypatch, tmp_path):
    from shipyard_tui.ui.screens.setup import SetupScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(SetupScreen(solo=True))
        await settle(pilot)
        box = app.screen.query_one("#first-game")
        off = box.render().plain  # type: ignore[union-attr]
        box.value = True  # type: ignore[attr-defined]
        await settle(pilot)
        on = box.render().plain  # type: ignore[union-attr]
        assert "X" not in off.split("First")[0]
        assert "X" in on.split("First")[0]


def last_chance_with_a_buy(game: Game) -> bool:
    """Seat 0 at its last chance, where some tile it can buy fits a cell that the
    placing rules allow but that completes no ship."""
    state = game.state
    if state.turn.step is not Step.LAST_CHANCE:
        return False
    for move in game.legal_moves():
        if isinstance(move, mv.NoLastTile):
            continue
        trial = state.copy()
        engine.apply_move(trial, move, [])
        if trial.turn.step is Step.PLACE and trial.turn.role is Role.LAST_CHANCE:
            assert trial.turn.holding is not None
            from shipyard_tui.games.shipyard.rules import CATALOG
            from shipyard_tui.games.shipyard.rules.yard import KIND_LETTER

            letter = KIND_LETTER[CATALOG.ship(trial.turn.holding).kind]
            placing = set(legal_cells(pattern(trial.seats[0].yard), letter))
            offered = {m.cell for m in engine.legal_moves(trial) if isinstance(m, mv.Place)}
            if placing - offered:
                return True
    return False


async def test_last_chance_defaults_to_buying_and_passing_asks_first_r10(monkeypatch,
                                                                          tmp_path):
    """R-10 (last chance): Enter must not throw the chance away; the yard marks only the
    cells the choice list offers."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(last_chance_with_a_buy, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = panel(app).options
        assert options.highlighted is not None
        assert not isinstance(choices(app)[options.highlighted].move, mv.NoLastTile)
        moves = len(app.model.game.moves)
        await pilot.press(key_for(app, lambda c: isinstance(c.move, mv.NoLastTile)), "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.model.game.moves) == moves
        await pilot.press(key_for(app, lambda c: c.move is not None
                                  and not isinstance(c.move, mv.NoLastTile)), "enter")
        await settle(pilot)
        state = app.model.game.state
        if state.turn.step is Step.PLACE:
            offered = {c.move.cell for c in choices(app) if isinstance(c.move, mv.Place)}
            grid = app.screen.query_one(f"#yard-{0}", ShipyardGrid)
            heads = plain(grid.render_view(app.model.view)).splitlines()[1]
            for cell in range(10):
                if state.seats[0].yard[cell] is None and cell not in offered:
                    assert f"{cell} ok" not in heads and f"{cell} ✗" in heads


def test_the_discard_prompt_says_which_colour_goes_and_what_is_kept_r3_9():
    """A play-test: the discard did not say that one red and one blue must go."""
    from shipyard_tui.games.shipyard.rules import CATALOG
    from shipyard_tui.games.shipyard.ui.choice_labels import prompt

    game = game_at(lambda g: g.state.turn.step is Step.DISCARD, seats=2)
    state = game.state
    colours = {CATALOG.contracts[m.contract].colour.value for m in game.legal_moves()
               if isinstance(m, mv.Discard)}
    text = prompt(state, "discard government contracts")
    assert text.startswith("discard a ") and "contract (you keep 1 of each colour)" in text
    assert all(colour in text for colour in colours)
    other = {"red", "blue"} - colours
    assert not any(colour in text for colour in other)


async def test_discarding_a_contract_asks_first_and_defaults_to_no(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.turn.step is Step.DISCARD, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = len(app.model.game.moves)
        await pilot.press("a", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.model.game.moves) == moves
        await pilot.press("a", "enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.model.game.moves[moves], mv.Discard)


def sails_without_captain(game: Game) -> bool:
    state = game.state
    return (state.turn.step is Step.LOAD and not state.turn.load.get("captain")
            and any(isinstance(m, mv.EndLoad) for m in game.legal_moves()))


async def asked_then_declined(pilot, app: ShipyardApp, kind: type) -> str:
    """Choose the move of this kind; a question must come, and "n" must leave the game
    as it was. The question."""
    moves = len(app.model.game.moves)
    await pilot.press(key_for(app, lambda c: isinstance(c.move, kind)), "enter")
    await settle(pilot)
    assert isinstance(app.screen, ConfirmScreen)
    question = app.screen.question
    await pilot.press("n")
    await settle(pilot)
    assert len(app.model.game.moves) == moves
    return question


async def test_a_ship_that_will_be_dismantled_asks_first_r7_2(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(sails_without_captain, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await asked_then_declined(pilot, app, mv.EndLoad)
        assert app.focused is panel(app).options


async def test_scrolling_a_panel_keeps_the_letters(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await pilot.press("tab", "pagedown")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        options = panel(app).options
        assert app.focused is options
        assert options.highlighted == 2
        assert isinstance(app.focused, OptionList)


async def test_unknown_keys_show_one_notice_that_replaces_the_last(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # toasts shown
        await settle(pilot)
        before = app.model.game.state.to_dict()
        await pilot.press("z", "Z", "%", "Z")
        await settle(pilot)
        assert len(app.screen.query(Toast)) == 0
        prompt = plain(app.screen.query_one(ChoicePanel).query_one("#prompt").content)
        assert prompt.count("does nothing here") == 1 and "'Z'" in prompt and "?" in prompt
        assert app.model.game.state.to_dict() == before


def finishing_a_build(game: Game) -> bool:
    state = game.state
    return (state.turn.step is Step.BUILD and state.turn.holding is None
            and any(isinstance(m, mv.EndBuild) for m in game.legal_moves()))


@pytest.mark.parametrize("edition", ["second", "classic"])
async def test_a_ship_dismantled_with_nothing_to_load_asks_first_r7_2(monkeypatch, tmp_path,
                                                                       edition):
    """A play-test of the classic rules: with no pieces at all there is no loading step,
    so Finish building sent the new ship to be dismantled without a question (and the
    placing only said it "cannot score"). Now the move that leads there asks first,
    saying why, and the placing says "will be dismantled (no captain)"."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(finishing_a_build, seats=2, edition=edition)
    index = game.state.turn.seat
    seat = game.state.seats[index]
    size = len(seat.yard)
    seat.yard[:] = yard_from_pattern("BMS" + "." * (size - 3))
    seat.pieces.clear()
    seat.guilders = 0  # no bonus action can bring a captain first
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        question = await asked_then_declined(pilot, app, mv.EndBuild)
        assert "dismantled (it has no captain)" in question
        await pilot.press(key_for(app, lambda c: isinstance(c.move, mv.EndBuild)), "enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert len(app.model.game.state.seats[index].dismantled) == 1


def placing_the_last_tile_of_a_captainless_ship() -> tuple[Game, int]:
    """A 2-seat game at its seat's PLACE step, with no pieces, whose yard holds the
    two other tiles of a ship beside an empty cell where the held tile completes it;
    and that cell."""
    game = game_at(lambda g: g.state.turn.step is Step.PLACE, seats=2)
    state = game.state
    seat = state.seats[state.turn.seat]
    seat.pieces.clear()
    holding = state.turn.holding
    assert holding is not None
    kind = {"bow": "B", "middle": "M", "stern": "S"}[CATALOG.ship(holding).kind.value]
    gap = {"B": ".MS", "M": "B.S", "S": "BM."}[kind]
    seat.yard[:] = yard_from_pattern(gap + "." * (len(seat.yard) - 3))
    return game, gap.index(".")


def test_the_placing_warning_says_why_the_ship_will_be_dismantled_r7_2():
    from shipyard_tui.games.shipyard.ui.choice_labels import place_choices

    game, cell = placing_the_last_tile_of_a_captainless_ship()
    state = game.state
    labels = {c.move: c.label for c in place_choices(state, game.legal_moves())}
    assert "will be dismantled (no captain)" in labels[mv.Place(cell)]


async def test_the_yard_line_under_a_highlighted_cell_warns_as_the_choice_does_r7_2(
        monkeypatch, tmp_path):
    """A play-test: the yard said "cell 2: fine" under the highlighted cell while its
    choice said the ship it completes will be dismantled (R-7.2)."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game, cell = placing_the_last_tile_of_a_captainless_ship()
    seat = game.state.turn.seat
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.model.set_highlight(mv.Place(cell))
        await settle(pilot)
        grid = app.screen.query_one(f"#yard-{seat}", ShipyardGrid)
        shown = " ".join(plain(grid.render_view(app.model.view), width=80).split())
        assert f"cell {cell}: completes a ship that will be dismantled (no captain)" in shown
        assert "fine" not in shown


def test_a_second_ship_left_with_nothing_to_load_is_announced_r7_2():
    """A review: two ships completed in one build sail one after the other; a load
    that takes the last captain for the first left the second to be dismantled with no
    question. The plan (or Done loading) that does so now asks."""
    from shipyard_tui.games.shipyard.advice import dismantled_after
    from shipyard_tui.games.shipyard.rules import Piece
    from shipyard_tui.games.shipyard.ui.choice_labels import confirmation
    from shipyard_tui.ui.widgets.choice_panel import Plan

    def room(yard: list[str | None]) -> list[int]:
        """Cells where a 3-tile ship fits with an empty cell on each side."""
        return [c for c in range(len(yard) - 2)
                if all(yard[c + k] is None for k in range(-1, 4) if 0 <= c + k < len(yard))]

    game = game_at(lambda g: g.state.turn.step is Step.LOAD and not g.state.turn.load
                   and bool(room(g.state.seats[g.state.turn.seat].yard)), seats=2)
    state = game.state
    seat = state.seats[state.turn.seat]
    first = room(seat.yard)[0]
    for cell, tile in zip(range(first, first + 3), yard_from_pattern("BMS"), strict=True):
        seat.yard[cell] = tile
    state.turn.ships.append([first, first + 1, first + 2])
    seat.pieces.clear()
    seat.pieces["captain"] = 1
    plan = Plan((mv.Load(Piece.CAPTAIN), mv.EndLoad()))
    # with a cruise to choose, the first ship's cruise is the last decision before the
    # second sails: the question comes with it
    after = Game.from_state(state.copy())
    for move in plan.moves:
        after.play(move)
    if after.state.turn.step in (Step.CRUISE, Step.TOKEN_START) and \
            len(after.legal_moves()) > 1:
        question = confirmation(after.state, after.legal_moves()[0])
        assert question is not None and "(it has no captain)" in question[0]
    # without canals the first ship sails (and is dismantled) with nothing to decide,
    # so the plan itself is the last chance to go back
    seat.canals.clear()
    assert dismantled_after(state, plan.moves)[-1] == "it has no captain"
    question = confirmation(state, plan)
    assert question is not None and "it has no captain" in question[0]


def test_a_ship_to_be_dismantled_is_asked_about_once_at_the_last_real_choice_r7_2():
    """A play-test: the placement that completes a ship with no captain asked "then a
    ship will sail and be dismantled"; after "yes" the only choice left, Finish
    building, asked the same again, and "Go back" there left that same single choice
    (only undo got out). Now a move that is the only one asks nothing: the choice
    before it, where the player could still do otherwise, already asked."""
    from shipyard_tui.games.shipyard.ui.choice_labels import confirmation

    game, cell = placing_the_last_tile_of_a_captainless_ship()
    state = game.state
    state.turn.bought = 3  # no more tiles this build: Finish building is all that is left
    state.seats[state.turn.seat].canals.clear()
    place = mv.Place(cell)
    assert place in game.legal_moves() and len(game.legal_moves()) > 1
    question = confirmation(state, place)
    assert question is not None and "will sail and be dismantled" in question[0]
    game.play(place)
    assert game.legal_moves() == [mv.EndBuild()]
    assert confirmation(game.state, mv.EndBuild()) is None


async def test_back_from_the_new_game_form_keeps_what_was_entered(monkeypatch, tmp_path):
    """A play-test: Back (Escape) from the new-game form threw the seats, names and
    rules away. The form is kept for the session; a started game keeps all but the
    seed, so the next game is a new deal."""
    from textual.widgets import Checkbox, Input, Select

    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.ui.screens.setup import SetupScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#seat-count", Select).value = 3
        form.query_one("#name-0", Input).value = "Zoë"
        form.query_one("#name-2", Input).value = "Cyd"
        form.query_one("#kind-1", Select).value = "human"
        form.query_one("#edition", Select).value = "classic"
        form.query_one("#seed", Input).value = "77"
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, SetupScreen)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SetupScreen)
        config = form.config()
        assert [s.name for s in config.seats] == ["Zoë", "Ada", "Cyd"]
        assert [s.kind for s in config.seats] == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.BOT]
        assert config.edition == "classic" and config.seed == 77
        assert form.query_one("#row-2").display
        assert form.query_one("#advanced", Checkbox).disabled  # classic: no advanced deal
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)  # (a hand-over on top)
        app.push_screen(SetupScreen())
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert form.query_one("#name-0", Input).value == "Zoë"
        assert form.query_one("#seed", Input).value == ""  # a new deal next time
        app.pop_screen()
        await settle(pilot)
        solo = SetupScreen(solo=True)
        app.push_screen(solo)
        await settle(pilot)
        assert solo.query_one("#name-0", Input).value != "Zoë"  # the solo form is its own


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_notice_leaves_the_choices_in_sight(size):
    """A play-test: notices (here "Nothing to take back") showed at the bottom right,
    over the last lines of the choices. They show at the top now."""
    app = two_seats()
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        toasts = list(app.screen.query(Toast))
        assert toasts, "the undo notice shows"
        choices_at = app.screen.query_one(ChoicePanel).region
        for toast in toasts:
            assert not toast.region.overlaps(choices_at), (toast.region, choices_at)
            assert toast.region.y >= 1  # the status line stays in sight too


async def test_a_taller_terminal_gives_the_choices_rows_too(monkeypatch, tmp_path):
    """Over SSH at 120x40 a play-test saw six choices and "14 more below" under 17
    empty rows of the market. At 80x24 the choices keep at least 8 rows (issue 34: a
    play-test saw 4 to 6); the rows past 24 go a third to the choices, the rest to
    the board, where from 110x30 two panels stand side by side; from 160x45 the
    choices stand beside the board, the whole height."""
    from shipyard_tui.games.shipyard.ui.scenes import midgame
    from shipyard_tui.games.shipyard.ui.screen import SIDE_ROWS

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=midgame(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        side = app.screen.query_one("#side")
        panel = app.screen.query_one(ChoicePanel)
        assert side.size.height == SIDE_ROWS - 1  # its top border aside
        narrow = panel.options.scrollable_content_region.height
        assert narrow >= 8
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.has_class("-medium")
        assert side.size.height == SIDE_ROWS + 16 // 3 - 1
        assert panel.options.scrollable_content_region.height == narrow + 16 // 3
        assert panel.options.max_scroll_y == 0  # every choice of the midgame in sight
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert app.screen.has_class("-wide") and not app.screen.has_class("-medium")
        assert side.size.width > 60  # a choice fits its line
        assert panel.options.scrollable_content_region.height >= 8
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert side.size.height == SIDE_ROWS - 1


async def test_the_new_game_form_opens_at_its_heading(monkeypatch, tmp_path):
    """A play-test at 80x24: the form opened scrolled down, "New game" and the game's
    line out of sight, because focusing the first name scrolled it into view."""
    from textual.widgets import Input

    from shipyard_tui.ui.screens.setup import FormScroll, SetupScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "c"))
    app = ShipyardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        form = app.screen.query_one(FormScroll)
        assert form.max_scroll_y > 0 and form.scroll_y == 0
        assert app.focused is app.screen.query_one("#name-0", Input)


async def test_finishing_a_build_comes_last_and_is_highlighted(monkeypatch, tmp_path):
    """A play-test: after the first tile bought, "a" became "Finish building" and every
    tile's letter moved down one, which led to wrong picks. Finishing is now the last
    choice, so the tiles keep a, b, c…, and the highlight still starts on it: an Enter
    typed once too often ends the building rather than buying."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(finishing_a_build, seats=2)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        offered = [c for c in panel.choices if c.move is not None]
        assert isinstance(offered[-1].move, mv.EndBuild)
        assert not any(isinstance(c.move, mv.EndBuild) for c in offered[:-1])
        assert panel.key_of(0) == "a" and not isinstance(panel.choices[0].move, mv.EndBuild)
        highlighted = panel.options.highlighted
        assert highlighted is not None
        assert isinstance(panel.choices[highlighted].move, mv.EndBuild)


async def test_a_highlight_on_the_last_choice_stays_in_sight_when_the_prompt_wraps(
        monkeypatch, tmp_path):
    """Checked in tmux at 80x24 (solo, seed 3): after the first tile bought, the list
    scrolled to "Finish building", then the prompt wrapped onto a second line and took
    a row from the list: "▼ 1 more below" hid the highlighted choice."""
    from shipyard_tui.games.shipyard.kind import solo_config

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(config=solo_config("Player", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in (("d", "enter"), ("enter",), ("a", "enter"), ("0", "enter")):
            await pilot.press(*keys)
            await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        options = panel.options
        highlighted = options.highlighted
        assert highlighted is not None
        assert isinstance(panel.choices[highlighted].move, mv.EndBuild)
        line = options._index_to_line[highlighted]
        assert options.scroll_y <= line < options.scroll_y + \
            options.scrollable_content_region.height
