"""Every screen, drawn without colour (NO_COLOR) and in ASCII mode (issue 12).

Each scene opens the app at one screen: title, setup (both forms), the game at every
kind of decision, the hand-over, help, load, the review, a confirmation and the
too-small notice. Then, from what the terminal would receive:

* no character outside ASCII is drawn, anywhere on the screen;
* no text is drawn in its background's colour (NO_COLOR once made the screen blank);
* the selected line of the focused list (or the focused button) differs from the others
  in its attributes, not only in colour.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.widgets import Button, OptionList

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.nauticus import Step as NauticusStep
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.model import GameModel
from shipyard_tui.simulate import play_out, simulation_config
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from support.ui import game_at, settle

Setup = Callable[[ShipyardApp], Awaitable[None] | None]


@dataclass(frozen=True)
class Scene:
    name: str
    make: Callable[[], ShipyardApp]
    then: Callable[[ShipyardApp], None] | None = None
    size: tuple[int, int] = (80, 24)


def app_with(game: Game | NauticusGame | None = None) -> ShipyardApp:
    return ShipyardApp(game=game, bot_delay=0.0, ascii=True)


def at_step(step: Step) -> Callable[[], ShipyardApp]:
    # the token comes with the first canal only in the classic rules (RC-9.1)
    options = {"edition": "classic"} if step is Step.TOKEN_WITH_CANAL else {}
    return lambda: app_with(game_at(lambda g: g.state.turn.step is step, seeds=range(60),
                                    **options))


def push(screen_factory: Callable[[ShipyardApp], object]) -> Callable[[ShipyardApp], None]:
    return lambda app: app.push_screen(screen_factory(app))  # type: ignore[arg-type]


def setup_screen(solo: bool) -> Callable[[ShipyardApp], object]:
    from shipyard_tui.ui.screens.setup import SetupScreen

    return lambda app: SetupScreen(solo=solo)


def help_screen(app: ShipyardApp) -> object:
    from shipyard_tui.games.shipyard.rules.query import catalog_of
    from shipyard_tui.games.shipyard.ui.help import HelpScreen

    game = app.model.game if app.model is not None else None
    if game is None:
        return HelpScreen()
    return HelpScreen(classic=game.config.classic, catalog=catalog_of(game.state))


def load_screen(app: ShipyardApp) -> object:
    from shipyard_tui.ui.screens.load import LoadScreen

    return LoadScreen(app.store)


def review_screen(app: ShipyardApp) -> object:
    from shipyard_tui.games.shipyard.ui.review import ReviewScreen

    return ReviewScreen(GameModel(play_out(simulation_config(3, 11, level="greedy"))))


def nauticus_at(step: NauticusStep) -> Callable[[], ShipyardApp]:
    """A Nauticus game where Ann (a person, against a greedy bot) decides at ``step``."""
    import random

    def make() -> ShipyardApp:
        for seed in range(200):
            config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT,
                                                                  "greedy")), seed=seed)
            game = NauticusGame(config)
            rng = random.Random(seed)
            while not game.is_over:
                if game.to_move == 0 and game.state.step is step:
                    return app_with(game)
                game.push(rng.choice(game.legal_moves()))
        raise AssertionError(f"no Nauticus game reaches {step}")

    return make


def nauticus_help(app: ShipyardApp) -> object:
    from shipyard_tui.games.nauticus.ui.help import NauticusHelpScreen

    return NauticusHelpScreen()


def nauticus_review(app: ShipyardApp) -> object:
    import random

    from shipyard_tui.games.nauticus.ui.review import NauticusReviewScreen

    game = NauticusGame(NauticusConfig((SeatConfig("Ann"), SeatConfig("Bob"),
                                        SeatConfig("Cy")), seed=4))
    rng = random.Random(4)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return NauticusReviewScreen(game)


def nauticus_setup(app: ShipyardApp) -> object:
    from shipyard_tui.ui.screens.setup import SetupScreen

    return SetupScreen(game="nauticus")


def confirm_screen(app: ShipyardApp) -> object:
    from shipyard_tui.ui.screens.confirm import ConfirmScreen

    return ConfirmScreen("Pass your last chance?", "Pass", "Go back")


def two_people() -> ShipyardApp:
    return app_with(Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=1)))


def one_person() -> ShipyardApp:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=1)
    return app_with(Game(config))


def classic_midgame() -> ShipyardApp:
    """A classic game some turns in: the ring line, propellers and green contracts."""
    from shipyard_tui.games.shipyard.ui.scenes import midgame

    return app_with(midgame(seed=3, turns=12, edition="classic"))


SCENES = [
    Scene("title", lambda: app_with()),
    Scene("setup", lambda: app_with(), push(setup_screen(False))),
    Scene("setup-solo", lambda: app_with(), push(setup_screen(True))),
    *[Scene(f"game-{step.value}", at_step(step)) for step in Step if step is not Step.OVER],
    Scene("game-wide", one_person, size=(160, 50)),
    Scene("game-classic", classic_midgame),
    Scene("help-classic", classic_midgame, push(help_screen)),
    Scene("hand-over", two_people),
    Scene("help", one_person, push(help_screen)),
    Scene("load", one_person, push(load_screen)),
    Scene("review", lambda: app_with(), push(review_screen)),
    Scene("confirm", one_person, push(confirm_screen)),
    Scene("too-small", one_person, size=(60, 20)),
    Scene("nauticus-setup", lambda: app_with(), push(nauticus_setup)),
    *[Scene(f"nauticus-{step.value}", nauticus_at(step))
      for step in NauticusStep if step is not NauticusStep.OVER],
    Scene("nauticus-wide", nauticus_at(NauticusStep.CHOOSE), size=(160, 50)),
    Scene("nauticus-help", nauticus_at(NauticusStep.CHOOSE), push(nauticus_help)),
    Scene("nauticus-review", lambda: app_with(), push(nauticus_review)),
]


def screen_lines(app: ShipyardApp) -> list[list[Segment]]:
    """The whole screen as the terminal receives it, after the app's line filters."""
    return rendered_lines(app.screen)


def widget_lines(app: ShipyardApp, widget) -> list[list[Segment]]:
    region = Region(0, 0, widget.size.width, widget.size.height)
    out = []
    for strip in widget.render_lines(region):
        segments = list(strip)
        for line_filter in app.get_line_filters():
            segments = line_filter.apply(segments, app.screen.styles.background)
        out.append(segments)
    return out


def looks(line: list[Segment]) -> frozenset[str]:
    found = set()
    for segment in line:
        if segment.style is None or not segment.text.strip():
            continue
        for name in ("bold", "reverse", "underline", "italic"):
            if getattr(segment.style, name):
                found.add(name)
    return frozenset(found)


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
async def test_every_screen_in_ascii_and_without_colour(scene, monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    app = scene.make()
    async with app.run_test(size=scene.size) as pilot:
        await settle(pilot)
        if scene.then is not None:
            scene.then(app)
            await settle(pilot)
        lines = screen_lines(app)
        text = "\n".join("".join(s.text for s in line) for line in lines)
        assert text.isascii(), f"non-ASCII on {scene.name}: " + repr(
            {c for c in text if not c.isascii()})
        assert text.strip(), f"{scene.name} draws nothing"
        for line in lines:
            for segment in line:
                style = segment.style
                if style is None or not segment.text.strip() or style.reverse:
                    continue
                fg, bg = style.color, style.bgcolor
                assert fg is None or fg.is_default or fg != bg, \
                    f"{segment.text!r} on {scene.name} is drawn in its background's colour"
        focused = app.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            shown = widget_lines(app, focused)
            top = focused.gutter.top - round(focused.scroll_y)
            first = focused._index_to_line[focused.highlighted]
            rows = range(top + first, top + first + focused._heights[focused.highlighted])
            inside = range(focused.gutter.top, focused.size.height - focused.gutter.bottom)
            others = {looks(line) for i, line in enumerate(shown) if i not in rows
                      and i in inside and "".join(s.text for s in line).strip()}
            assert looks(shown[rows[0]]) not in others, f"selection unmarked on {scene.name}"
        elif isinstance(focused, Button):
            assert any("reverse" in looks(line) for line in widget_lines(app, focused))


async def test_without_colour_the_new_game_form_shows_which_field_has_the_keys(monkeypatch,
                                                                              tmp_path):
    """A play-test with NO_COLOR: Tab moved the focus on the new-game form and the screen
    stayed the same to the byte, every field in the same frame. The focused field's frame
    is now drawn apart from the others', through every stop of Tab."""
    from textual.widgets import Button, Checkbox, Input, Select
    from textual.widgets._select import SelectCurrent

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        push(setup_screen(False))(app)
        await settle(pilot)
        seen = set()
        for _ in range(14):
            grid = ["".join(s.text for s in line) for line in screen_lines(app)]

            def corner(widget, grid=grid) -> str:
                frame = widget.query_one(SelectCurrent) if isinstance(widget, Select) else widget
                region = frame.region
                return grid[region.y][region.x]

            fields = [w for w in app.screen.query("Input, Select, Checkbox")
                      if isinstance(w, Input | Select | Checkbox) and w.region.height
                      and w.region.y < len(grid)]
            # every Tab stop is a field or a button, never the form's scroll area (a
            # stop that showed nothing without colour)
            assert isinstance(app.focused, Input | Select | Checkbox | Button), app.focused
            focused = [w for w in fields if w.has_focus or w.has_focus_within]
            if focused:
                mine = corner(focused[0])
                others = {corner(w) for w in fields if w is not focused[0]
                          and type(w) is type(focused[0])}
                assert others and mine not in others, f"{focused[0].id} looks unfocused"
                seen.add(type(focused[0]).__name__)
            await pilot.press("tab")
            await settle(pilot)
        assert {"Input", "Select"} <= seen


async def test_the_palette_offers_the_games_help_not_textuals_keys_panel():
    """Issue 35, item 12: the command palette listed Textual's generic "Keys" (a panel
    of widget bindings) beside the game's own help."""
    from shipyard_tui.ui.app import ShipyardApp

    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Keys" not in titles
        assert "Quit" in titles and "New game" in titles
