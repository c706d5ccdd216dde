"""The classic rules in the interface (issue 15): a whole 2-seat classic game by keys,
the ring with its gaps and where the moved card lands, the countdown, the gap bonus in
the income preview, propellers, green contracts and the help page."""

from __future__ import annotations

import random

import pytest
from rich.text import Text

from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules.state import TrackSlot
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.games.shipyard.ui.widgets.action_ring import ActionRing, draw_ring
from shipyard_tui.games.shipyard.ui.widgets.game_log import GameLog
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import (
    FEATURE_ABBREV,
    PIECE_ABBREV,
    contract_label,
    contract_title,
)
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import ascii_char
from shipyard_tui.ui.compat import rendered_lines
from shipyard_tui.ui.widgets.base import RENDER_ERRORS
from support.ui import plain, play_to_the_end, settle, statics_text


def _classic(seed: int = 5) -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                      seed=seed, edition="classic")


@pytest.mark.slow(seconds=33, waits=True)
async def test_whole_classic_two_seat_game_by_keys_matches_the_engine():
    config = _classic()
    app = ShipyardApp(config=config, bot_delay=0.0)
    rng = random.Random(15)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        assert "countdown 2" in plain(app.screen.query_one(StatusLine).render())
        presses = await play_to_the_end(pilot, app, rng)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("space", "space")
        await settle(pilot)
        shown = statics_text(app.screen)
        outcome = model.game.outcome()
        assert outcome is not None
        for name, score in zip(("Ann", "Bob"), outcome.scores, strict=True):
            assert name in shown and str(score) in shown
        played = list(model.game.moves)
    replayed = Game.replay(config, played)
    assert replayed.config.classic
    assert replayed.outcome() == outcome
    assert replayed.state.to_dict() == model.game.state.to_dict()
    assert {s.turns for s in replayed.state.seats} == {25}  # 2 first + 23 regular, RC-3.8
    assert presses > 50
    assert RENDER_ERRORS == []


def test_the_ring_line_shows_cards_gaps_and_where_the_moved_card_lands_rc_2_7():
    game = Game(_classic())
    state = game.state
    state.track = [TrackSlot(Action.HIRE, [], 0, 10), TrackSlot(Action.BUILD, [1], 0, 9),
                   TrackSlot(Action.CREW, [], 0, 5), TrackSlot(Action.CANAL, [], 0, 4)]
    lines = plain(draw_ring(state, 80, lambda move: ""), width=80).splitlines()
    cells = [line[i:i + 8] for line in lines for i in range(0, 80, 8)]
    # row 0: spaces 0-9; the right column: 10 (row 1) and 11 (row 2)
    assert "Bu" in cells[9] and "Cr" in cells[5] and "Ca" in cells[4]
    assert "Hi" in cells[19] and "▸" in cells[19]  # the lead, on space 10
    assert "▾11 next" in cells[29]  # the next step 1 puts a card on space 11 (RC-3.1)
    assert [c.strip() for c in cells[6:9]] == ["·6", "·7", "·8"]  # the gap
    assert f"countdown {state.countdown}:" in "".join(lines)


async def test_the_income_preview_shows_the_gap_bonus_apart_rc_3_3():
    game = Game(_classic())
    state = game.state
    state.seats[0].turns = 2
    state.seats[1].turns = 2
    state.turn.seat = 0
    state.track = [TrackSlot(Action.HIRE, [1], 0, 20), TrackSlot(Action.BUILD, [], 0, 16),
                   TrackSlot(Action.CREW, [], 0, 15), TrackSlot(Action.CANAL, [], 0, 14),
                   TrackSlot(Action.PURCHASE, [], 0, 13), TrackSlot(Action.EXCHANGE, [], 0, 12),
                   TrackSlot(Action.EQUIPMENT, [1], 0, 11)]
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        ring = app.screen.query_one(ActionRing)
        rendered = plain(ring.render_view(state), width=100)
        assert "gap bonus" not in rendered  # a cube behind every free card: no bonus
        state.track[-1].cubes = []
        rendered = plain(ring.render_view(state), width=100)
        # Build: Hire occupied ahead, 3 empty spaces
        assert "gap bonus: Bu +1" in rendered and "Bu+2" in rendered


async def test_the_help_of_a_classic_game_explains_the_classic_rules():
    app = ShipyardApp(config=_classic(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        text = " ".join(str(m._markdown) for m in app.screen.query("Markdown"))
        assert "classic rules" in text and "gap bonus" in text and "countdown" in text
        # a play-test of a 2-seat game planned around the wrong card: with 2 seats the
        # card that moves is the one chosen two turns ago (RC-3.1, R-3.1)
        assert text.count("two turns ago") == 2  # the track, then the ring


def test_propellers_have_their_own_glyph_and_name_also_in_ascii_rc_6_1():
    assert PIECE_ABBREV["propeller"] == FEATURE_ABBREV["prop"] == "✣Pr"
    assert ascii_char("✣") == "%"
    assert "".join(ascii_char(c) for c in PIECE_ABBREV["propeller"]) == "%Pr"
    assert PIECE_ABBREV["propeller"] != PIECE_ABBREV["stoker"]


def test_green_contracts_and_classic_labels_in_words_rc_13_5():
    assert contract_title("G4") == "G4 Varied staff"
    assert contract_title("B2p") == "B2 Propellers"
    assert isinstance(Text(contract_title("G12")), Text)


async def test_the_new_game_screen_offers_the_edition_with_a_line_on_each_rc_1_1(
        monkeypatch, tmp_path):
    from textual.widgets import Checkbox, Select, Static

    from shipyard_tui.ui.screens.setup import EDITION_NOTES, SOLO_NOTE, SetupScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = SetupScreen()
        app.push_screen(screen)
        await settle(pilot)
        note = screen.query_one("#edition-note", Static)
        assert plain(note.render()).strip() == EDITION_NOTES["second"]
        assert screen.config().edition == "second"
        screen.query_one("#advanced", Checkbox).value = True
        screen.query_one("#edition", Select).value = "classic"
        await settle(pilot)
        assert plain(note.render()).strip() == EDITION_NOTES["classic"]
        advanced = screen.query_one("#advanced", Checkbox)
        assert advanced.disabled  # no advanced deal (RC-2.2)
        # and not shown: a play-test saw it drawn like the others, skipped by Tab
        assert not advanced.display and advanced.region.height == 0
        config = screen.config()
        assert config.classic and not config.advanced
        app.pop_screen()
        solo = SetupScreen(solo=True)
        app.push_screen(solo)
        await settle(pilot)
        assert plain(solo.query_one("#edition-note", Static).render()).strip() == SOLO_NOTE
        assert not solo.query("#edition")
        assert solo.config().edition == "second"  # RC-12.1


def test_the_log_tells_the_ring_moves_the_laps_and_the_gap_bonus_rc_3_1_rc_3_8():
    from shipyard_tui.games.shipyard.rules import events as ev
    from shipyard_tui.games.shipyard.words import describe_event

    names = ["Ann", "Bob"]
    moved = describe_event(names, ev.CardMoved("build", 20, 0, [["crew", 1, 2]], True))
    assert moved == ("Build Ships moves to ring space 0; pushed one space on: Recruit Crew; "
                     "a lap is complete")
    assert describe_event(names, ev.LapCompleted(1)) == "The countdown moves down to 1"
    assert "over" in (describe_event(names, ev.LapCompleted(0)) or "")
    paid = describe_event(names, ev.IncomePaid(0, ["hire"], 0, 2, 8, gap_bonus=1))
    assert paid == "Ann takes 2 guilders income, 1 of it the gap bonus"


async def test_page_keys_scroll_the_rondels_and_the_log_at_80x24():
    """A play-test at 80x24: with the classic track's extra line the Rondels panel hid
    its last rows (the exchange's steel, the 5g row) and PageDown did nothing; on the Log
    panel PageUp did nothing either (it scrolled a hidden panel)."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy"),
                         SeatConfig("Cy", SeatKind.BOT, "greedy")), seed=11, edition="classic")
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        rondels = app.screen.query_one("#rondels")
        assert rondels.max_scroll_y > 0  # the rows do not all fit
        await pilot.press("pagedown")
        await settle(pilot)
        assert rondels.scroll_y > 0
        for _ in range(6):  # play a few turns so the log outgrows its panel
            await pilot.press("a", "enter")
            await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y


async def test_the_seat_strip_names_every_contract_at_80_columns():
    """A classic play-test read "contracts: G5 Lanterns, G1 Lifebuoys, G12 Seven-tile
    ships, B10 ." above the choices: six titles do not fit at 80 columns, their ids do
    (the Seats panel has the titles)."""
    from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip

    config = GameConfig((SeatConfig("Me"), SeatConfig("Bob", SeatKind.BOT, "greedy"),
                         SeatConfig("Ann", SeatKind.BOT, "greedy")), seed=11, edition="classic")
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        strip = app.screen.query_one(SeatStrip)
        lines = ["".join(seg.text for seg in line)
                 for line in strip.render_lines(strip.region.reset_offset)]
        contracts = app.model.game.state.seats[0].contracts
        assert len(contracts) >= 4
        low = lines[1]
        assert all(contract_label(c) in low for c in contracts) and "…" not in low
    wide = ShipyardApp(config=config, bot_delay=0.0)
    async with wide.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        strip = wide.screen.query_one(SeatStrip)
        shown = " ".join("".join(seg.text for seg in line)
                         for line in strip.render_lines(strip.region.reset_offset))
        assert contract_title(contracts[0]) in shown  # with room, the titles


def _propeller_in_the_suggested_load(game: Game) -> bool:
    from shipyard_tui.games.shipyard.advice import best_load
    from shipyard_tui.games.shipyard.rules.state import Step

    state = game.state
    if state.turn.step is not Step.LOAD or state.turn.load:
        return False
    seat = state.turn.seat
    captains = state.seats[seat].pieces.get("captain", 0)
    keep = {"captain": min(len(state.turn.ships), max(0, captains - 1))}
    plan = best_load(state, seat, state.turn.ship, keep)
    return plan.scores and "propeller" in dict(plan.pieces)


async def test_a_suggested_load_with_a_propeller_is_offered_rc_6_1(monkeypatch, tmp_path):
    """A review found that a classic game ended (KeyError: 'propeller') when the loading
    step's suggested load held a propeller: the choices knew only the 2nd edition's
    pieces."""
    from shipyard_tui.games.shipyard.rules import Piece
    from shipyard_tui.games.shipyard.rules import moves as mv
    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.ui.widgets.choice_panel import ChoicePanel, Plan
    from support.ui import game_at

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = game_at(_propeller_in_the_suggested_load, seats=3, edition="classic")
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        plans = [c.move for c in app.screen.query_one(ChoicePanel).choices
                 if isinstance(c.move, Plan)]
        assert any(mv.Load(Piece.PROPELLER) in plan.moves for plan in plans)


async def test_help_says_what_each_contract_scores_and_each_employee_does(tmp_path,
                                                                         monkeypatch):
    """A play-test: nothing in the game said what "R10 Five-tile ships" or "Rigger"
    do. The help lists the edition's contracts with what each scores and its
    employees, as the track abbreviates them, with what each does (the rules' own
    descriptions); a classic game's help lists the classic ones."""
    from textual.widgets import Markdown

    from shipyard_tui.games.shipyard.rules.catalog import CATALOG, CLASSIC_CATALOG
    from shipyard_tui.games.shipyard.ui.help import HelpScreen, components_help
    from shipyard_tui.games.shipyard.words import contract_text

    second = components_help(CATALOG)
    classic = components_help(CLASSIC_CATALOG)
    assert f"| R10 Five-tile ships | {contract_text('R10')} |" in second
    assert "| Rigger | blue | up to +1 speed per pair of sails" in second
    assert "G3 Coloured staff" in classic and "G3" not in second
    assert "| Trd Coa1 | orange |" in classic and "| Trd Coa1 | red |" in second
    assert second.count("\n| ") == len(CATALOG.contracts) + 24 + 2  # rows and headers

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(config=_classic(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = app.screen.query_one(Markdown).source
        assert shown.startswith("Esc, q or ? closes this help.")
        assert "# Contracts" in shown and "G3 Coloured staff" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_the_seat_strip_redraws_on_a_resize_with_printed_contract_numbers():
    """Shrinking the terminal shows every line of the strip at once, and the classic
    contracts by the numbers printed on them (B11, not the catalog's id B11p)."""
    from shipyard_tui.games.shipyard.rules import CATALOG
    from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip

    app = ShipyardApp(config=GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT)),
                                        seed=9, edition="classic"), bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.human_to_move
        contracts = model.view.seats[0].contracts
        assert any(CATALOG.contracts[c].label != c for c in contracts), contracts
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        top = app.screen.query_one(SeatStrip).region.y
        rows = ["".join(segment.text for segment in line if not segment.control)
                for line in rendered_lines(app.screen, filtered=False)]
        shown = rows[top:top + 2]
        assert "goods" in shown[0] and "contracts" in shown[1], shown
        printed_numbers = ", ".join(CATALOG.contracts[c].label for c in contracts)
        assert f"contracts: {printed_numbers}" in shown[1], shown


def test_the_reveal_names_classic_contracts_by_their_printed_numbers_rc_13_5():
    """A play-test read "B2p Propellers" on the Reveal page and in `shipyard scores`
    but "B2 Propellers" on the Scores page: the reveal printed the catalog's id."""
    import random

    from shipyard_tui.games.shipyard.review import build_review, reveal_text
    from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
    from shipyard_tui.games.shipyard.words import contract_label

    for seed in range(40):
        config = GameConfig(tuple(SeatConfig(n, SeatKind.BOT, "random") for n in "AB"),
                            seed=seed, edition="classic")
        game = Game(config)
        rng = random.Random(seed)
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
        review = build_review(game)
        ids = [line.contract for step in review.reveal for line in step.contracts]
        if any(c.endswith("p") for c in ids):
            break
    else:
        raise AssertionError("no classic game dealt a propeller contract")
    text = reveal_text(review).plain
    assert not any(f"{c} " in text for c in ids if c.endswith("p"))
    assert all(f"{contract_label(c)} " in text for c in ids)
