"""The guided first game (issue 34): the first time each kind of decision comes up for
the person at the table, the game's note for it shows over the board, never over the
choices; not twice, not in the next game, not with the setting off, ASCII only in ASCII
mode, and nothing for a game without notes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region

from shipyard_tui import games, paths
from shipyard_tui.core.game import GuideNote
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import GameConfig, Step
from shipyard_tui.settings import Settings, load_settings
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import to_ascii
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.guidance import GUIDANCE_ENV, Guidance, GuidePanel, guidance_commands
from shipyard_tui.ui.screens.table import TableScreen
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support.ui import confirm_if_asked, settle

SIZE = (80, 24)


@pytest.fixture
def first_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's first game: settings as a fresh config folder gives them (the tests
    otherwise start without notes, tests/conftest.py)."""
    monkeypatch.delenv(GUIDANCE_ENV, raising=False)


def shipyard_config(seed: int = 3) -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")),
                      seed=seed)


def table(app: ShipyardApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def note_of(app: ShipyardApp) -> GuidePanel | None:
    return table(app).guide_shown


def screen_text(app: ShipyardApp) -> list[str]:
    return ["".join(segment.text for segment in line)
            for line in rendered_lines(app.screen)]


def clear_of_choices(app: ShipyardApp, note: GuidePanel) -> None:
    """The note covers no row of the choices, which keep the rows they have without it."""
    panel = app.screen.query_one(ChoicePanel)
    assert note.region.height >= 3
    assert not note.region.overlaps(panel.region), (note.region, panel.region)
    assert panel.region.height >= 7


async def test_the_first_decision_of_a_first_game_is_explained_once(first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.game.state.turn.step is Step.CHOOSE
        note = note_of(app)
        assert note is not None and note.topic == "shipyard:choose"
        assert any("Choosing an action" in line for line in screen_text(app))
        assert any(note.note.lines[0] in line for line in screen_text(app))
        panel = app.screen.query_one(ChoicePanel)
        rows = panel.region.height
        clear_of_choices(app, note)
        # the choices' keys work at once, the note up: a letter and Enter play
        shown: list[str] = []
        played = len(model.game.moves)
        await pilot.press("a", "enter")
        await settle(pilot)
        await confirm_if_asked(pilot, app)
        assert len(model.game.moves) > played
        # then every kind of decision is explained once: play on to Ann's next choice
        for _ in range(80):
            note = note_of(app)
            if note is not None and (not shown or shown[-1] != note.topic):
                shown.append(note.topic)
                clear_of_choices(app, note)
                assert panel.region.height == rows
            state = model.game.state
            if model.human_to_move and state.turn.step is Step.CHOOSE:
                break
            if not model.human_to_move:
                await settle(pilot)
                continue
            key = panel.key_of(next(i for i, c in enumerate(panel.choices) if c.move))
            await pilot.press(key, "enter")
            await settle(pilot)
            await confirm_if_asked(pilot, app)
        else:
            raise AssertionError("Ann never chose an action again")
        assert note_of(app) is None  # the same kind, the second time: no note
        assert "shipyard:choose" not in shown and len(shown) == len(set(shown))
        assert app.guidance.seen == {"shipyard:choose", *shown}


async def test_esc_puts_the_note_away_and_takes_nothing_back(first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note_of(app) is not None
        assert app.model is not None
        moves = len(app.model.game.moves)
        await pilot.press("escape")
        await settle(pilot)
        # hidden, kept for the next note (mounting one laid the screen out anew: a
        # played move with notes sent 6.9 KB at 80x24, 4.1 KB with the panel kept)
        panels = table(app).query(GuidePanel)
        assert note_of(app) is None and len(panels) == 1 and not panels.first().visible
        assert len(app.model.game.moves) == moves
        table(app).refresh_table()  # drawn again, the same decision: explained already
        await settle(pilot)
        assert note_of(app) is None


async def test_with_the_setting_off_no_note_shows(first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0,
                      settings=Settings(guidance=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note_of(app) is None and not app.screen.query(GuidePanel)
        assert app.guidance.seen == set()


async def test_the_next_game_does_not_explain_again(first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note_of(app) is not None
    assert "shipyard:choose" in load_settings().guided
    again = ShipyardApp(config=shipyard_config(seed=5), bot_delay=0.0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.model is not None and again.model.human_to_move
        assert again.model.game.state.turn.step is Step.CHOOSE
        assert note_of(again) is None


async def test_the_command_line_flag_turns_the_notes_off_for_one_session(
        first_game: None) -> None:
    from shipyard_tui.cli.parser import build_parser

    args = build_parser().parse_args(["play", "--no-guidance"])
    assert args.guidance is False
    assert build_parser().parse_args(["play"]).guidance is None
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0, guidance=args.guidance)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note_of(app) is None
    assert load_settings().guidance is True  # the session's flag is not kept


async def test_off_and_on_again_in_the_palette_explains_everything_anew(
        first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note_of(app) is not None
        (off,) = guidance_commands(app)
        assert off.title == "Guidance off"
        off.callback()
        await settle(pilot)
        assert note_of(app) is None
        saved = json.loads(paths.settings_path().read_text("utf-8"))
        assert saved["guidance"] is False and saved["guided"] == ["shipyard:choose"]
        (on,) = guidance_commands(app)
        assert on.title == "Guidance on"
        on.callback()
        await settle(pilot)  # the decision at hand is explained at once
        assert load_settings().guidance is True
        assert load_settings().guided == ["shipyard:choose"]
        note = note_of(app)
        assert note is not None and note.topic == "shipyard:choose"


async def test_ascii_mode_shows_only_ascii(first_game: None) -> None:
    app = ShipyardApp(config=shipyard_config(), bot_delay=0.0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        note = note_of(app)
        assert note is not None
        lines = screen_text(app)
        assert all(line.isascii() for line in lines)
        assert any(to_ascii(note.note.title) in line for line in lines)
        assert GuidePanel.words(note.note, ascii=True).plain.isascii()


async def test_nauticus_explains_its_first_decision_beside_the_choices(
        first_game: None) -> None:
    kind = games.kind("nauticus")
    config = kind.make_config([SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")],
                              seed=3)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.model is not None and app.model.human_to_move
        note = note_of(app)
        assert note is not None and note.topic.startswith("nauticus:")
        clear_of_choices(app, note)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.region.height >= 8 and panel.options.region.height >= 6
        assert Region.intersection(note.region, app.screen.region) == note.region
        moves = len(app.model.game.moves)
        await pilot.press("escape")  # the table's own Esc: Nauticus binds none
        await settle(pilot)
        assert note_of(app) is None and len(app.model.game.moves) == moves


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


async def test_a_game_without_notes_shows_none(beacons: None, first_game: None) -> None:
    kind = games.kind("beacons")
    assert list(kind.guide_notes()) == []
    config = kind.make_config([SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "careful")],
                              seed=4)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.model is not None and app.model.human_to_move
        assert kind.guide_note(app.model.game) is None
        assert note_of(app) is None and not app.screen.query(GuidePanel)
        assert app.guidance.on and app.guidance.seen == set()


@pytest.mark.parametrize("name", ["shipyard", "nauticus"])
def test_every_note_is_two_or_three_short_lines_of_plain_words(name: str) -> None:
    notes: list[GuideNote] = list(games.kind(name).guide_notes())
    assert notes and len({n.topic for n in notes}) == len(notes)
    for note in notes:
        assert 2 <= len(note.lines) <= 3, note.topic
        assert note.title and len(note.title) <= 30
        for line in (note.title, *note.lines):
            assert line.isascii() and "[" not in line and len(line) <= 110, line
    if name == "shipyard":  # one row a line at 80 columns: the note takes three rows
        assert all(len(line) <= 78 for note in notes for line in note.lines)


def test_every_decision_step_has_a_note() -> None:
    from shipyard_tui.games.nauticus.rules.state import Step as NauticusStep
    from shipyard_tui.games.nauticus.ui import guided as nauticus_guided
    from shipyard_tui.games.shipyard.ui import guided as shipyard_guided

    assert set(shipyard_guided.TOPICS) == set(Step) - {Step.OVER}
    assert set(nauticus_guided.TOPICS) == set(NauticusStep) - {NauticusStep.OVER}
    for guided in (shipyard_guided, nauticus_guided):
        assert set(guided.TOPICS.values()) <= set(guided.NOTES)
    assert {*shipyard_guided.TOPICS.values(), "classic-choose"} == set(shipyard_guided.NOTES)


def test_guidance_remembers_and_starts_again() -> None:
    kept: list[tuple[set[str], bool, bool]] = []
    guidance = Guidance(True, ["a"], lambda g, switched: kept.append((set(g.seen), g.on,
                                                                       switched)))
    assert not guidance.wants("a") and guidance.wants("b")
    guidance.explained("b")
    guidance.explained("b")
    guidance.switch(False)
    assert not guidance.wants("c")
    guidance.switch(True)
    assert guidance.wants("a") and guidance.wants("b")
    assert kept == [({"a", "b"}, True, False), ({"a", "b"}, False, True), (set(), True, True)]


def test_a_damaged_list_of_explained_kinds_is_cleaned(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"guidance": "yes", "guided": ["a", 3, "a", "x" * 500, "b"]}))
    settings = load_settings(path)
    assert settings.guidance is True and settings.guided == ["a", "b"]


def test_a_server_session_has_notes_of_its_own(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    from shipyard_tui.server.session import SessionApp

    monkeypatch.delenv(GUIDANCE_ENV, raising=False)
    session: Any = SessionApp(tmp_path / "host.sock")
    assert session.guidance.on and session.guidance.seen == set()
    session.guidance.explained("shipyard:choose")
    assert load_settings().guided == []  # the player's own, for the connection
    monkeypatch.setenv(GUIDANCE_ENV, "off")
    assert not SessionApp(tmp_path / "host.sock").guidance.on


async def test_a_seat_at_a_server_table_is_explained_its_own_decisions(
        tmp_path: Path) -> None:
    from textual.app import App

    from shipyard_tui.server.host import TableHost
    from shipyard_tui.server.remote import RemoteModel
    from shipyard_tui.server.session import CSS
    from shipyard_tui.server.table_screen import remote_screen
    from shipyard_tui.server.tables import PERSON, SeatPlan
    from shipyard_tui.server.tables import Table as ServerTable
    from support.shipyard import new_game

    class Session(App[None]):
        CSS_PATH = str(CSS)

        def __init__(self) -> None:
            super().__init__()
            self.guidance = Guidance(True)

    game = new_game(2, seed=8)
    deciding = game.to_move
    assert deciding is not None
    server = ServerTable("t1", [SeatPlan(PERSON, player="Ann"),
                                SeatPlan(PERSON, player="Bob")], game=game)
    host = TableHost(tmp_path)
    for seat, shown in ((deciding, True), (1 - deciding, False)):
        model = RemoteModel(lambda message: None, "t1", seat, host.game_message(server, seat))
        app = Session()
        async with app.run_test(size=SIZE) as pilot:
            screen = remote_screen(model)
            await app.push_screen(screen)
            await settle(pilot)
            assert isinstance(screen, TableScreen)
            note = screen.guide_shown
            assert (note is not None) is shown, seat
            if note is not None:
                assert note.topic.startswith("shipyard:")
                assert app.guidance.seen == {note.topic}
                clear_of_choices(app, note)
            else:
                assert app.guidance.seen == set()


@pytest.mark.parametrize(("size", "rules"), [((80, 24), "classic"), ((120, 40), ""),
                                             ((160, 50), "")])
async def test_the_note_is_clear_of_the_choices_at_every_size(
        first_game: None, size: tuple[int, int], rules: str) -> None:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")),
                        seed=3, edition=rules or "second")
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        note = note_of(app)
        assert note is not None
        assert note.topic == ("shipyard:classic-choose" if rules else "shipyard:choose")
        clear_of_choices(app, note)
        last = " ".join(note.note.lines[-1].split()[-2:])  # nothing cut, even wrapped
        assert any(last in line for line in screen_text(app)), last
