"""Words a newcomer understands (issue 12): who pays and who gets, colours in words,
no rule ids in player texts, rounds, whole names, and a review that says what it means."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from shipyard_tui.cli import main
from shipyard_tui.games.shipyard.kind import solo_config
from shipyard_tui.games.shipyard.review import build_review, review_renderable, ships_table
from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Game,
    GameConfig,
    MoveSyntaxError,
    SeatConfig,
    SeatKind,
    Stage,
    Step,
    parse_move,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.engine import track_index
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.games.shipyard.ui.widgets.action_track import ActionTrack
from shipyard_tui.games.shipyard.ui.widgets.seat_panel import SeatPanel
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import describe_event, describe_move
from shipyard_tui.simulate import play_out, simulation_config
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from support.ui import game_at, plain, settle


def printed(renderable: object, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_income_says_you_get_and_a_surcharge_says_you_pay():
    game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3))
    state = game.state
    paying = [m for m in game.legal_moves() if isinstance(m, mv.Choose)]
    texts = [describe_move(state, m) for m in paying]
    assert any("you get" in t for t in texts) or all("+" not in t for t in texts)
    assert not any("(+" in t for t in texts)
    for marker in range(8):
        for stack in state.employee_track[marker]:
            employee = stack[-1]
            state.employee_marker = marker
            state.turn.action = Action.HIRE
            text = describe_move(state, mv.Hire(state.employee_track[marker].index(stack)))
            assert CATALOG.employees[employee].colour.value in text
            assert "(+" not in text
            if CATALOG.employees[employee].surcharge:
                assert "you pay" in text
    assert track_index(state, paying[0].action) >= 0


def test_review_words_cranes_and_cruises_as_steps():
    game = play_out(simulation_config(3, 2026, level="greedy"))
    review = build_review(game)
    text = "".join(printed(ships_table(review, seat)) for seat in review.players)
    assert "guns" not in text
    # the path holds the spaces entered, not the start: no "from" (it read "1 step from
    # (0,0) centre to (0,0) centre")
    assert " from (" not in text
    # the end is named by the tile it was on, as the canal map showed it ("(-1,1) north
    # edge" said nothing the map shows)
    assert re.search(r"cruise \d+ steps?, ending\s+at\s+the\s+(middle|\w+\s+end)\s+of\s+"
                     r"[SKTX]\d", text) or "cruise none" in text
    assert "edge" not in text
    assert ",C →" not in text


def test_an_unfinished_solo_game_gets_no_rating():
    game = Game(solo_config("Ann", 4, False))
    review = build_review(game)
    assert review.rating == ""
    assert "Solo rating" not in printed(review_renderable(review))


def test_automa_removals_are_logged_once():
    game = play_out(simulation_config(3, 7, solo=True, level="greedy"))
    names = [s.name for s in game.state.seats]
    removals = [e for e in game.events if isinstance(e, ev.DisplayRemoved)]
    acted = [e for e in game.events if isinstance(e, ev.AutomaActed)
             and e.effect.startswith("removed ")]
    assert removals and acted
    assert all(describe_event(names, e) is None for e in acted)
    assert all(describe_event(names, e) for e in removals)


def test_scores_of_an_unknown_name_points_to_history(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    assert main(["scores", "no-such-game"]) == 1
    assert "shipyard history" in capsys.readouterr().err


@pytest.mark.parametrize("seats", [4])
async def test_four_seats_at_80x24_read_whole_names_in_words(monkeypatch, tmp_path, seats):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    bots = [SeatConfig(n, SeatKind.BOT, "greedy") for n in ("Bob", "Cy", "Di")[:seats - 1]]
    config = GameConfig((SeatConfig("Ann"), *bots), seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        track = app.screen.query_one(ActionTrack)
        shown = "\n".join(strip.text for strip in track.render_lines(track.region.reset_offset))
        assert "…" not in shown
        status = app.screen.query_one(StatusLine)
        line = plain(status.render_view(app.model.view), width=200)
        assert "Round 1" in line and "Turn" not in line
        panel = plain(app.screen.query_one("#seat-0", SeatPanel).render_view(app.model.view))
        assert "contracts" in panel and "deals" not in panel


async def test_the_status_line_keeps_whose_turn_in_sight_late_at_80_columns_r3_8(
        monkeypatch, tmp_path):
    # on the last turn of the final rotation the status line warns that
    # the game ends; at 80 columns the long warning and the wheel's twelve marks used to
    # push the seat to move off the line
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.reserve == 0 and g.state.turn.rotation_done, seats=4)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one(StatusLine)
        shown = "".join(seg.text for seg in status.render_lines(status.region.reset_offset)[0])
        assert "■ Ann" in shown and "end triggered after this turn" in shown
        assert "…" not in shown
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        shown = "".join(seg.text for seg in status.render_lines(status.region.reset_offset)[0])
        assert "the wheel triggers the game's end after this turn" in shown and "Ann:" in shown


async def test_the_status_line_says_final_actions_and_keeps_its_look_whatever_the_prompt(
        monkeypatch, tmp_path):
    """A play-test read "game ends after this turn" while a round, the final actions
    (R-10.3) and the last chance (R-10.4) were still to come, and saw the wheel drawn as
    twelve marks or as "0/12" depending on how long the prompt was."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.stage is Stage.FINAL, seats=4)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one(StatusLine)
        looks = set()
        for note in ("", "a note long enough to push the line well past eighty columns"):
            status.note = note
            line = plain(status.render_view(app.model.view), width=200)
            assert "final actions" in line and "last round" not in line
            looks.add(line.split(" · ")[0])
        assert len(looks) == 1


def screen_rows(app: ShipyardApp) -> list[str]:
    """The rows of the screen as the terminal receives them."""
    return ["".join(segment.text for segment in line if not segment.control)
            for line in rendered_lines(app.screen, filtered=False)]


LONG_PROMPTS = {
    "final actions": (lambda g: g.state.stage is Stage.FINAL
                      and g.state.turn.step in (Step.RING, Step.HIRE), "second"),
    "end triggered": (lambda g: g.state.reserve == 0 and g.state.turn.rotation_done
                      and g.state.turn.step is Step.BONUS_AFTER, "second"),
    "last chance": (lambda g: g.state.stage is Stage.LAST_CHANCE
                    and g.state.turn.step is Step.LAST_CHANCE, "second"),
    "classic countdown": (lambda g: g.state.countdown == 1 and g.state.turn.rotation_done
                          and g.state.turn.step is Step.PLACE, "classic"),
}


@pytest.mark.parametrize("situation", list(LONG_PROMPTS))
async def test_the_top_line_shows_a_prompt_whole_or_leaves_it_to_the_choices(
        monkeypatch, tmp_path, situation):
    """A play-test at 80x24 missed the end of what it was asked: the top line cut long
    prompts ("take the marked piece, or mo…"), late in a game (R-10) above all. Now the
    line shows a prompt whole or ends on whose decision it is, and the choice panel
    below shows the prompt whole; at 160 columns the top line has it whole."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    wanted, edition = LONG_PROMPTS[situation]
    game = game_at(wanted, seats=4, edition=edition)
    asked = choice_labels.prompt(game.state, game.prompt)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top, *rest = screen_rows(app)
        assert "…" not in top and top.rstrip().endswith("■ Ann to play"), top
        assert f"Ann: {asked}" in " ".join(row.strip() for row in rest)
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert f"Ann: {asked}" in screen_rows(app)[0]


async def test_a_prompt_that_fits_stays_on_the_top_line_at_80_columns(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=5)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_rows(app)[0].rstrip().endswith(f"Ann: {app.model.game.prompt}")


async def test_the_title_screen_has_a_key_for_finished_games(monkeypatch, tmp_path):
    """And with none yet, the list says so (it said "no saves yet")."""
    from textual.widgets import OptionList

    from shipyard_tui.ui.screens.load import LoadScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(i).prompt)
                for i in range(options.option_count)] == ["no finished games yet"]


async def test_the_review_stops_offering_reveal_once_all_is_revealed(monkeypatch, tmp_path):
    from shipyard_tui.games.shipyard.ui.review import ReviewScreen
    from shipyard_tui.model import GameModel

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = play_out(simulation_config(2, 11, level="greedy"))
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = ReviewScreen(GameModel(game))
        app.push_screen(screen)
        await settle(pilot)
        for _ in range(len(screen.review.reveal) + 2):
            await pilot.press("space")
            await settle(pilot)
        assert screen.all_revealed
        offered = [b.binding.description for b in app.active_bindings.values()
                   if b.binding.show and b.enabled]
        assert "Reveal next" not in offered


async def test_loading_says_the_room_left_and_keeps_the_points_estimate_r6_3(monkeypatch,
                                                                             tmp_path):
    from shipyard_tui.games.shipyard.rules.state import Step
    from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
    from support.ui import choices, game_at

    def loading_with_a_captain(game: Game) -> bool:
        state = game.state
        return state.turn.step is Step.LOAD and bool(state.turn.load.get("captain"))

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(loading_with_a_captain, seeds=range(300))
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one("#yard-0", ShipyardGrid)
        assert "room for" in plain(grid.render_view(app.model.view), width=300)
        done = next(c.label for c in choices(app) if isinstance(c.move, mv.EndLoad))
        assert "dismantled" in done or "about" in done


def test_the_build_prompt_follows_the_tiles_bought():
    """A play-test: "buy 1 to 3 ship tiles, one at a time" stood over a Build whose
    three tiles were bought, with Finish building the only choice left (R-4.1)."""
    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.games.shipyard.rules import moves as mv
    from shipyard_tui.games.shipyard.rules.state import Step
    from shipyard_tui.games.shipyard.ui.choice_labels import prompt

    game = game_at(lambda g: g.state.turn.step is Step.BUILD and not g.state.turn.bought,
                   seats=2)
    state = game.state
    fallback = game.prompt
    assert prompt(state, fallback) == fallback == "buy 1 to 3 ship tiles, one at a time"
    more = Game.from_state(state.copy())
    more.state.turn.bought = 1
    assert len(more.legal_moves()) > 1  # the tiles a player could afford before
    assert prompt(more.state, fallback) == ("buy another ship tile (1 bought), or "
                                            "finish building")
    more.state.turn.bought = 3
    assert more.legal_moves() == [mv.EndBuild()]
    assert prompt(more.state, fallback) == "finish building"


def test_builders_and_errors_say_singular_or_plural_not_s_in_brackets():
    """The help said "up to 2 businessman(s) per ship"; the words count properly."""
    from shipyard_tui.games.shipyard.words import employee_effect, plural

    assert employee_effect("builder:businessman") == (
        "up to 2 businessmen per ship without a cabin or mount")
    assert employee_effect("builder:stoker").startswith("up to 1 stoker per ship")
    assert plural(1, "businessman") == "1 businessman"
    with pytest.raises(MoveSyntaxError, match="takes 3 arguments, got 1"):
        parse_move("place-canal 1")
    with pytest.raises(MoveSyntaxError, match="takes 1 argument, got 2"):
        parse_move("hire 1 2")


def test_no_player_text_in_the_sources_says_s_in_brackets():
    """Every "(s)" in a string of the package was a count that could say 1 or 2."""
    import ast
    from pathlib import Path

    import shipyard_tui

    root = Path(shipyard_tui.__file__).parent
    found = [f"{path.relative_to(root)}:{node.lineno}"
             for path in sorted(root.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and "(s)" in node.value]
    assert not found


def test_a_cruise_ends_at_a_tile_the_canal_map_names():
    """Cruise choices said "to (-1,1) north edge"; the map shows tile ids, not those."""
    def named(state) -> bool:
        return state.turn.step is Step.CRUISE and len(choice_labels.cruise_labels(state)) > 1

    game = game_at(lambda g: named(g.state))
    labels = [label for _move, label in choice_labels.cruise_labels(game.state)]
    assert all(re.search(r" to the (middle|\w+ end) of [SKTX]\d", label) for label in labels)
    assert not any("edge" in label or "(" in label.split(" (")[0] for label in labels)
    assert len(set(labels)) == len(labels)
    start = game_at(lambda g: g.state.turn.step is Step.TOKEN_START)
    words = [describe_move(start.state, m) for m in start.legal_moves()]
    assert all(re.fullmatch(r"Start the token at the \w+ end of [SKTX]\d", w) for w in words)


def test_two_cruises_to_the_same_space_say_the_tiles_they_pass():
    """Round a square of four tiles both ways: the same end, told apart by the route
    (R-9.7: every distinct path is offered)."""
    from shipyard_tui.games.shipyard.rules.query import CanalSystem, PlacedCanal, Token
    from shipyard_tui.games.shipyard.words import path_ends

    system = CanalSystem([PlacedCanal("T1", 0, 0, 2), PlacedCanal("K1", 1, 0, 3),
                          PlacedCanal("K2", 0, 1, 1), PlacedCanal("K3", 1, 1, 0)])
    paths = [tuple(f"{x},{y},{cell}" for x, y, cell in path)
             for path in system.cruise_paths(Token(0, 0, "W", "W"), 7)]
    assert sorted(path_ends(paths, system)) == ["the middle of K3 via K1",
                                                "the middle of K3 via K2"]
    one = [paths[0][:2]]
    assert path_ends(one, system) == ["the east end of T1"]


async def test_the_builders_line_counts_its_pieces(monkeypatch, tmp_path):
    """The yard while loading said "builders +2 businessman"."""
    from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(lambda g: g.state.turn.step is Step.LOAD)
    game.state.seats[0].employees += ["builder:businessman", "builder:stoker"]
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        grid = app.screen.query(ShipyardGrid).first()
        text = " ".join(plain(grid.render_view(game.state), width=200).split())
        assert "builders +" in text
        assert "+2 businessmen" in text and "+1 stoker" in text and "businessman," not in text


def _canal_placing_states(seed: int) -> list[object]:
    """Positions of a greedy 3-seat game where a seat places a rented canal."""
    from shipyard_tui.games.shipyard.bots import GreedyBot

    game = Game(simulation_config(3, seed, level="greedy"))
    bots = {i: GreedyBot(seed + i) for i in range(3)}
    found = []
    while not game.is_over and len(found) < 12:
        state = game.state
        if state.turn.step is Step.CANAL_PLACE:
            found.append(state.copy())
        seat = state.turn.seat
        game.push(bots[seat].choose(state, game.legal_moves()))
    return found


STEP_OF = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}


def test_a_canal_placement_names_the_tiles_it_joins_not_coordinates():
    """R-8.2: "Place it north of K1, turned right" (it read "(0,-1), turned right")."""
    states = _canal_placing_states(11)
    assert any(s.seats[s.turn.seat].canals for s in states)  # placements beside a tile
    for state in states:
        seat = state.seats[state.turn.seat]
        tiles = {c.canal: (c.x, c.y) for c in seat.canals}
        moves = [m for m in Game.from_state(state).legal_moves()
                 if isinstance(m, mv.PlaceCanal)]
        labels = [describe_move(state, m) for m in moves]
        assert len(set(labels)) == len(labels), labels
        for move, label in zip(moves, labels, strict=True):
            assert "(" not in label, label
            if not tiles:
                assert label.startswith("Place it ") and " of " not in label, label
                continue
            named = re.findall(r"(north|south|east|west) of (\w+)", label)
            assert named, label
            for side, canal in named:
                dx, dy = STEP_OF[side]
                assert (move.x, move.y) == (tiles[canal][0] + dx, tiles[canal][1] + dy), label


def test_an_automa_exchange_line_has_no_brackets_inside_brackets():
    """R-12.3: the Exchange marker always moves 1; the log read "(n = 1 from the Exchange
    rule (always 1))"."""
    event = ev.AutomaActed(1, "exchange", 1, "the Exchange rule (always 1)",
                           "moved the exchange marker 1 step", 1, 0)
    line = describe_event(["Ann", "Automa A", "Automa B"], event)
    assert line is not None
    assert "))" not in line and "(n = 1 from the Exchange rule, which is always 1)" in line


async def test_a_long_staff_does_not_push_the_contracts_off_the_seat_strip_at_80x24():
    """A play-test at 80×24 read "contracts: R3…": eight employees fill the strip's
    second line. The contracts, secret and named nowhere else on screen, now come first
    on it and show whole; the end of the staff is cut instead. With a short staff the
    lines stay as they were, even when the first line is cut (it read "contracts: …
    staff: Rec Stk" then, the order changing from turn to turn)."""
    from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip
    from shipyard_tui.games.shipyard.words import contract_label
    from shipyard_tui.ui.app import ShipyardApp
    from support.ui import settle

    staff = ["accountant", "helmsman", "trader:coal:1", "trader:cloth:1",
             "recruiter:captain", "engineer:smokestack", "builder:businessman", "foreman"]
    full = {p: 3 for p in ("captain", "businessman", "soldier", "stoker", "smokestack",
                           "sail", "cannon", "crane")}
    for employees, long, pieces in ((staff, True, {}), (staff[:2], False, {}),
                                    (staff[:2], False, full), (staff, True, full)):
        config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                            seed=0)
        game = Game(config)
        game.state.seats[0].employees = list(employees)
        game.state.seats[0].pieces = dict(pieces)  # a first line too long: cut at its end
        app = ShipyardApp(game=game, bot_delay=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            strip = app.screen.query_one(SeatStrip)
            lines = ["".join(seg.text for seg in line).strip()
                     for line in strip.render_lines(strip.region.reset_offset)]
            top, low = lines[0], lines[-1]
            contracts = app.model.game.state.seats[0].contracts
            assert len(contracts) == 4 and "…" not in top
            # a long list of pieces is shortened, and the goods are never lost (a
            # play-test's late game showed neither goods nor the end of the pieces);
            # nothing of them is cut, on a third line if need be (issue 35 item 8)
            assert "goods: coal" in top or "goods: Coa Clo Stl" in "\n".join(lines)
            assert all(f"{abbrev}3" in top for abbrev in ("Smk", "Cpt")) is bool(pieces)
            named = ", ".join(contract_label(c) for c in contracts)
            if long:
                assert low.startswith(f"contracts: {named}  staff: Accountnt")
                assert low.endswith("…")
            else:
                assert "staff: Accountnt, Helmsman  contracts: " in low
                assert "…" not in low


async def test_the_seat_strip_over_the_choices_keeps_every_contract_at_160x50():
    """A play-test at 160×50: the side column's strip wrapped a long staff and four
    contract titles and lost the last contract. Since issue 34 the choices' column is
    wide (a choice fits its line) and the strip keeps its two lines there: every
    contract stays, by title where the line has room, else by number."""
    from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip
    from shipyard_tui.games.shipyard.words import contract_label
    from shipyard_tui.ui.app import ShipyardApp
    from support.ui import settle

    staff = ["accountant", "helmsman", "trader:coal:1", "trader:cloth:1",
             "recruiter:captain", "engineer:smokestack"]
    for employees in (staff, []):
        game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                               seed=0))
        game.state.seats[0].employees = list(employees)
        app = ShipyardApp(game=game, bot_delay=0.0)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot)
            strip = app.screen.query_one(SeatStrip)
            assert app.screen.has_class("-wide") and strip.size.width > 60
            lines = ["".join(seg.text for seg in line).rstrip()
                     for line in strip.render_lines(strip.region.reset_offset)]
            assert len(lines) == 2  # a long staff is cut at its end (the Seats panel has it)
            shown = " ".join(lines)
            contracts = app.model.game.state.seats[0].contracts
            assert len(contracts) == 4
            assert all(contract_label(c) in shown for c in contracts)
