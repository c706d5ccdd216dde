"""The classic rules (Shipyard 1st edition) as a variant: one test or more for every
ruling of CLASSIC.md (RC-…), including the book's worked examples of the track, the gap
bonus and the countdown."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Feature,
    Game,
    GameConfig,
    Piece,
    SeatConfig,
    engine,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.canals import CanalSystem
from shipyard_tui.games.shipyard.rules.catalog import (
    CLASSIC_CATALOG,
    Colour,
    ContractColour,
    TileKind,
)
from shipyard_tui.games.shipyard.rules.engine.ruleset import (
    Classic,
    ClassicFirstGame,
    push,
    ring_gap,
    ruleset_for,
)
from shipyard_tui.games.shipyard.rules.scoring import base_speed, fits, score_contract, ship_points
from shipyard_tui.games.shipyard.rules.state import PlacedCanal, SailedShip, Stage, Token, TrackSlot
from shipyard_tui.games.shipyard.rules.state import Step as S
from shipyard_tui.games.shipyard.rules.yard import complete_ships, legal_cells, placement_problem
from support.shipyard import begin_action, current

RING = 23
C = CLASSIC_CATALOG


def classic_config(players: int = 3, seed: int = 0, **options: bool) -> GameConfig:
    return GameConfig(tuple(SeatConfig(n) for n in "ABCD"[:players]), seed=seed,
                      edition="classic", **options)


def classic_game(players: int = 3, seed: int = 0, **options: bool) -> Game:
    return Game(classic_config(players, seed, **options))


def ring(game: Game, layout: list[tuple[Action, int, list[int]]]) -> None:
    """Lay the action cards out by hand: (action, space, cubes), the lead first."""
    game.state.track = [TrackSlot(a, list(cubes), 0, space) for a, space, cubes in layout]


def events_of(game: Game, kind: type) -> list:
    return [e for e in game.events if isinstance(e, kind)]


# -- RC-1.1, RC-12.1: edition and seats ----------------------------------------------------


def test_classic_is_for_two_to_four_seats_rc_1_1():
    for n in (2, 3, 4):
        classic_config(n).validate()
    with pytest.raises(ValueError, match="classic"):
        GameConfig((SeatConfig("A"),), edition="classic").validate()


def test_classic_has_no_solo_game_rc_12_1():
    from shipyard_tui.games.shipyard.rules import SeatKind

    seats = (SeatConfig("Me"), SeatConfig("X", SeatKind.AUTOMA), SeatConfig("Y", SeatKind.AUTOMA))
    with pytest.raises(ValueError, match="no solo"):
        GameConfig(seats, solo=True, edition="classic").validate()


def test_classic_has_no_advanced_option_rc_2_2():
    with pytest.raises(ValueError, match="advanced"):
        classic_config(3, advanced=True).validate()


def test_an_unknown_edition_is_refused_rc_1_1():
    with pytest.raises(ValueError, match="edition"):
        GameConfig((SeatConfig("A"), SeatConfig("B")), edition="third").validate()


def test_the_edition_is_saved_with_the_game_and_never_mixed_rc_1_1():
    game = classic_game(2)
    data = json.loads(json.dumps(game.to_json()))
    assert data["config"]["edition"] == "classic"
    again = Game.from_json(data)
    assert again.config.classic and ruleset_for(again.config).name == "classic"
    # a 2nd-edition game's encoding has no edition key at all: old saves read the same
    second = Game(GameConfig((SeatConfig("A"), SeatConfig("B")), seed=0))
    assert "edition" not in second.to_json()["config"]
    assert not any("S25" <= t <= "S48" for t in second.state.market.stern_stack)


def test_a_classic_save_cannot_be_continued_as_the_2nd_edition_rc_1_1():
    game = classic_game(2, seed=4)
    for _ in range(12):
        game.push(game.legal_moves()[0])
    data = json.loads(json.dumps(game.to_json()))
    del data["config"]["edition"]  # the same moves read as a 2nd-edition game
    with pytest.raises(ValueError):
        Game.from_json(data)
    data = json.loads(json.dumps(game.to_json()))
    data["config"]["edition"] = "second"
    with pytest.raises(ValueError):
        Game.from_json(data)


# -- RC-2.2: contracts ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_is_dealt_three_green_and_three_blue_rc_2_2(players):
    game = classic_game(players, seed=players)
    seen: list[str] = []
    for seat in game.state.seats:
        colours = Counter(CATALOG.contracts[c].colour for c in seat.contracts)
        assert colours == {ContractColour.GREEN: 3, ContractColour.BLUE: 3}
        assert all(c in C.contract_deck for c in seat.contracts)
        seen += seat.contracts
    assert len(set(seen)) == len(seen)
    dealt = events_of(game, ev.ContractsDealt)
    assert all((e.green, e.red, e.blue) == (3, 0, 3) for e in dealt)


def test_the_first_game_option_keeps_only_the_employee_arrangement_rc_2_2():
    game = classic_game(3, seed=1, first_game=True)
    assert isinstance(ruleset_for(game.config), ClassicFirstGame)
    board = game.state.employee_track
    firsts = [space[0][0] for space in board]
    assert firsts == list(C.first_game_employees)
    assert "recruiter:propeller" in firsts
    for seat in game.state.seats:  # still 3 + 3 at random, not sets
        assert len(seat.contracts) == 6


# -- RC-2.7, RC-3.8 (setup), RC-13.8 -------------------------------------------------------


@pytest.mark.parametrize("players, cards", [(2, 7), (3, 7), (4, 8)])
def test_the_ring_starts_packed_behind_the_start_space_rc_2_7(players, cards):
    game = classic_game(players, seed=7)
    track = game.state.track
    assert len(track) == cards
    assert (Action.SUBSIDY in [s.action for s in track]) == (players == 4)
    assert [s.space for s in track] == [0, *range(22, 22 - cards + 1, -1)]
    started = game.events[0]
    assert isinstance(started, ev.GameStarted)
    assert started.spaces == [s.space for s in track] and started.edition == "classic"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_countdown_starts_on_the_number_of_seats_and_no_reserve_rc_3_8(players):
    state = classic_game(players).state
    assert state.countdown == players
    assert state.reserve == 0
    assert all(len(s.cubes) == 0 for s in state.track)


def test_the_ring_has_23_spaces_and_the_numbers_of_rc_13_8():
    assert C.ring_spaces == 23
    assert C.slot_prices == (0, 1, 1, 2, 2)
    assert len(C.equipment_ring) == 4 and len(C.crew_ring) == 4
    assert C.yard_cells == 9


# -- RC-3.0, RC-3.1, RC-3.10: the ring ------------------------------------------------------


def _regular_turn_state(players: int = 3) -> Game:
    """A classic game after every first turn: the next seat starts a regular turn."""
    game = classic_game(players, seed=11)
    while game.state.turn.step is S.CHOOSE and engine.is_first_turn(game.state,
                                                                    game.state.turn.seat):
        game.push(game.legal_moves()[0])
        while game.state.turn.step is not S.CHOOSE:
            game.push(game.legal_moves()[-1] if game.state.turn.step is S.BONUS_AFTER
                      else game.legal_moves()[0])
    return game


def test_step_1_moves_the_card_directly_ahead_of_the_lead_rc_3_1():
    game = classic_game(3, seed=2)
    state = game.state
    ring(game, [(Action.BUILD, 5, [1]), (Action.CREW, 4, [0]), (Action.HIRE, 2, []),
                (Action.CANAL, 0, [2]), (Action.PURCHASE, 21, []), (Action.EXCHANGE, 20, []),
                (Action.EQUIPMENT, 18, [])])
    seat = state.seats[0]
    seat.turns = 1
    seat.newest = Action.CREW
    out: list = []
    engine.advance(state, 0, out)
    assert [(s.action, s.space) for s in state.track][:3] == [
        (Action.CREW, 6), (Action.BUILD, 5), (Action.HIRE, 2)]
    moved = [e for e in out if isinstance(e, ev.CardMoved)]
    assert moved == [ev.CardMoved("crew", 4, 6, [], False)]
    assert state.track[0].cubes == []  # the seat's cube was lifted (RC-3.1)


def test_a_card_that_already_was_the_lead_moves_exactly_one_space_rc_3_1():
    game = classic_game(3, seed=2)
    state = game.state
    ring(game, [(Action.BUILD, 5, [0]), (Action.CREW, 4, [1]), (Action.HIRE, 2, []),
                (Action.CANAL, 0, [2]), (Action.PURCHASE, 21, []), (Action.EXCHANGE, 20, []),
                (Action.EQUIPMENT, 18, [])])
    state.seats[0].turns = 1
    state.seats[0].newest = Action.BUILD
    engine.advance(state, 0, [])
    assert (state.track[0].action, state.track[0].space) == (Action.BUILD, 6)


def test_the_push_moves_the_caught_up_run_one_space_each_rc_3_10():
    # The book's "falling behind": the lead catches up with the last card; the space
    # ahead of the lead must stay empty, so the last card and the run in front of it move.
    game = classic_game(3, seed=2)
    state = game.state
    ring(game, [(Action.BUILD, 10, []), (Action.CREW, 9, [1]), (Action.HIRE, 8, [2]),
                (Action.CANAL, 7, []), (Action.PURCHASE, 6, []), (Action.EXCHANGE, 5, [0]),
                (Action.EQUIPMENT, 12, []), ])
    # EQUIPMENT on 12 is the last card (rank 6): it stands 2 spaces ahead of the lead.
    state.seats[0].turns = 1
    state.seats[0].newest = Action.EXCHANGE
    out: list = []
    engine.advance(state, 0, out)
    # EXCHANGE goes to 11; space 12 (EQUIPMENT) must empty: it moves to 13.
    assert (state.track[0].action, state.track[0].space) == (Action.EXCHANGE, 11)
    assert {s.action: s.space for s in state.track}[Action.EQUIPMENT] == 13
    moved = next(e for e in out if isinstance(e, ev.CardMoved))
    assert moved.pushed == [["equipment", 12, 13]]
    # ranks are unchanged: the pushed card is still the last
    assert state.track[-1].action is Action.EQUIPMENT


def test_a_run_of_cards_is_pushed_frontmost_first_rc_3_10():
    track = [TrackSlot(Action.BUILD, space=3), TrackSlot(Action.CREW, space=6),
             TrackSlot(Action.HIRE, space=5), TrackSlot(Action.CANAL, space=4)]
    moved = push(track, RING)
    assert moved == [["crew", 6, 7], ["hire", 5, 6], ["canal", 4, 5]]
    assert [s.space for s in track] == [3, 7, 6, 5]


def test_the_ring_order_is_kept_in_every_random_game_rc_3_0():
    from support.invariants import random_game

    def check(game: Game) -> None:
        track = game.state.track
        spaces = [s.space for s in track]
        assert len(set(spaces)) == len(spaces)
        # walking backward from the lead meets the cards in rank order, within one lap
        steps = [(spaces[k - 1] - spaces[k]) % RING for k in range(1, len(spaces))]
        assert all(step >= 1 for step in steps) and sum(steps) < RING
        assert (spaces[0] + 1) % RING not in spaces  # RC-3.10

    random_game(classic_config(4, seed=3), 3, check)


# -- RC-3.2, RC-3.3, RC-3.6: choosing and income --------------------------------------------


def _book_income_ring(game: Game) -> None:
    """The book's income example: two occupied cards ahead, then canal, exchange and
    equipment with 2, 3 and 1 empty spaces before the next card ahead."""
    ring(game, [(Action.HIRE, 10, []), (Action.BUILD, 9, [1]), (Action.CREW, 8, [2]),
                (Action.CANAL, 5, []), (Action.EXCHANGE, 1, []), (Action.EQUIPMENT, 22, []),
                (Action.PURCHASE, 21, [])])
    game.state.seats[0].turns = 1
    game.state.seats[0].guilders = 10


def test_the_books_income_example_with_the_gap_bonus_rc_3_3():
    game = classic_game(3, seed=5)
    _book_income_ring(game)
    state = game.state
    state.turn.seat = 0
    paid = {a: engine.income(state, engine.track_index(state, a))
            for a in (Action.CANAL, Action.EXCHANGE, Action.EQUIPMENT)}
    assert paid == {Action.CANAL: 2, Action.EXCHANGE: 3, Action.EQUIPMENT: 2}
    assert engine.gap_bonus(state, engine.track_index(state, Action.EXCHANGE)) == 1
    game.play("choose exchange")
    income = events_of(game, ev.IncomePaid)[-1]
    assert (income.amount, income.gap_bonus, len(income.occupied_ahead)) == (3, 1, 2)
    assert state.seats[0].guilders == 13


@pytest.mark.parametrize("gap, bonus", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 3)])
def test_the_gap_bonus_is_a_third_of_the_empty_spaces_rounded_down_rc_3_3(gap, bonus):
    game = classic_game(2, seed=5)
    ring(game, [(Action.HIRE, 20, [1]), (Action.BUILD, 19 - gap, []),
                (Action.CREW, 18 - gap, [])])
    game.state.seats[0].turns = 2
    assert ring_gap(game.state.track, 1, RING) == gap
    assert engine.gap_bonus(game.state, 1) == bonus


def test_no_gap_bonus_when_a_card_behind_holds_a_cube_rc_3_3():
    game = classic_game(3, seed=5)
    _book_income_ring(game)
    state = game.state
    state.track[-1].cubes = [0]  # the chooser's own cube behind counts too
    assert engine.gap_bonus(state, engine.track_index(state, Action.EXCHANGE)) == 0


def test_the_lead_has_no_gap_bonus_rc_3_3():
    game = classic_game(2, seed=5)
    ring(game, [(Action.HIRE, 20, []), (Action.BUILD, 10, []), (Action.CREW, 9, [])])
    assert engine.gap_bonus(game.state, 0) == 0


def test_no_guilders_ever_lie_on_cards_rc_3_3_rc_3_8():
    from support.invariants import random_game

    def check(game: Game) -> None:
        assert all(s.guilders == 0 for s in game.state.track)

    game = random_game(classic_config(2, seed=8), 8, check)
    assert not events_of(game, ev.RotationCompleted)
    assert not events_of(game, ev.WheelTurned)


def test_the_starting_seats_first_turn_gets_no_income_rc_3_6():
    game = classic_game(3, seed=9)
    state = game.state
    start = state.start_seat
    ring(game, [(Action.HIRE, 10, []), (Action.BUILD, 4, []), (Action.CREW, 3, []),
                (Action.CANAL, 2, []), (Action.EXCHANGE, 1, []), (Action.EQUIPMENT, 0, []),
                (Action.PURCHASE, 22, [])])
    assert engine.gap_bonus(state, 1) == 0  # 5 empty spaces, but the first turn pays nothing
    guilders = state.seats[start].guilders
    game.play("choose build")
    assert events_of(game, ev.IncomePaid)[-1].amount == 0
    assert state.seats[start].guilders <= guilders  # only spending may follow


def test_a_first_turn_may_choose_the_free_lead_rc_3_2():
    game = classic_game(3, seed=3)
    lead = game.state.track[0].action
    assert mv.Choose(lead) in game.legal_moves() or not engine.can_perform(
        game.state, game.state.turn.seat, lead, 6)
    regular = _regular_turn_state(3)
    assert mv.Choose(regular.state.track[0].action) not in regular.legal_moves()


# -- RC-3.8, RC-3.9, RC-10.1: laps, countdown, discards, the end ----------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_is_23_regular_turns_per_seat_and_one_lap_per_seat_rc_3_8(players):
    # The book: "every player has one whole turn for each of the 23 spaces".
    from support.invariants import random_game

    game = random_game(classic_config(players, seed=20 + players), 1)
    state = game.state
    if state.end_trigger != "countdown":
        pytest.fail(f"ended by {state.end_trigger}")
    firsts = 2 if players == 2 else 1
    assert {s.turns for s in state.seats} == {23 + firsts}
    laps = events_of(game, ev.LapCompleted)
    assert [e.countdown for e in laps] == list(range(players - 1, -1, -1))
    moved = events_of(game, ev.CardMoved)
    assert len(moved) == 23 * players
    assert sum(e.lap for e in moved) == players


def test_the_lap_ends_after_the_whole_turn_and_the_last_is_the_seat_before_start_rc_3_8():
    from support.invariants import random_game

    game = random_game(classic_config(3, seed=31), 2)
    events = game.events
    last_lap = max(i for i, e in enumerate(events) if isinstance(e, ev.LapCompleted))
    ended = [e for e in events[:last_lap] if isinstance(e, ev.TurnEnded)][-1]
    assert ended.seat == game.state.last_seat
    # the final actions follow at once (RC-10.1): no regular turn after the last lap
    after = [e for e in events[last_lap:] if isinstance(e, ev.TurnStarted)]
    assert all(e.kind != "regular" for e in after)
    assert any(e.kind == "final" for e in after)


def test_a_push_onto_the_start_space_is_no_lap_rc_3_8():
    game = classic_game(3, seed=2)
    state = game.state
    ring(game, [(Action.BUILD, 20, []), (Action.CREW, 18, [1]), (Action.HIRE, 17, [2]),
                (Action.CANAL, 16, []), (Action.PURCHASE, 15, []), (Action.EXCHANGE, 14, [0]),
                (Action.EQUIPMENT, 22, [])])
    state.seats[0].turns = 1
    state.seats[0].newest = Action.EXCHANGE
    out: list = []
    engine.advance(state, 0, out)
    moved = next(e for e in out if isinstance(e, ev.CardMoved))
    assert moved.to_space == 21 and moved.pushed == [["equipment", 22, 0]]
    assert not moved.lap and not state.turn.rotation_done


@pytest.mark.parametrize("players, schedule", [
    (2, [(1, 1)]), (3, [(2, 2), (1, 1)]), (4, [(2, 1)])])
def test_discards_follow_the_countdown_rc_3_9(players, schedule):
    from support.invariants import random_game

    game = random_game(classic_config(players, seed=40 + players), 4)
    events = game.events
    got = []
    for i, e in enumerate(events):
        if isinstance(e, ev.DiscardRequired):
            lap = [x for x in events[:i] if isinstance(x, ev.LapCompleted)]
            got.append((lap[-1].countdown, e.keep))
    assert got == schedule
    for seat in game.state.seats:
        colours = Counter(CATALOG.contracts[c].colour for c in seat.contracts)
        assert colours == {ContractColour.GREEN: 1, ContractColour.BLUE: 1}
        assert len(seat.discarded) == 4


def test_the_discard_schedule_in_the_catalog_rc_3_9():
    assert C.discard_keep(4, 2) == 1 and C.discard_keep(4, 3) is None
    assert C.discard_keep(3, 2) == 2 and C.discard_keep(3, 1) == 1
    assert C.discard_keep(2, 1) == 1 and C.discard_keep(2, 0) is None


def test_an_early_end_makes_the_missing_discards_before_the_final_action_rc_10_7():
    game = classic_game(2, seed=12)
    state = game.state
    while engine.is_first_turn(state, state.turn.seat) or state.turn.step is not S.CHOOSE:
        game.push(game.legal_moves()[0])
    # trigger the ship-tile end now, long before the first discard (RC-10.2)
    state.market.bow_stack.clear()
    engine.trigger_end(state, "ship_tiles", game.events)
    while state.stage is Stage.PLAY:
        game.push(game.legal_moves()[0])
    assert state.stage is Stage.DISCARD
    assert state.discard_target == 1
    last_regular = [e for e in game.events if isinstance(e, ev.TurnEnded)][-1]
    assert last_regular.kind == "regular" and last_regular.seat == state.last_seat
    assert not any(isinstance(e, ev.StageStarted) for e in game.events)
    while state.stage is Stage.DISCARD:
        game.push(game.legal_moves()[0])
    assert state.stage is Stage.FINAL
    assert all(len(seat.contracts) == 2 for seat in state.seats)


def test_laps_during_the_ship_tile_end_still_count_rc_10_2():
    game = classic_game(2, seed=13)
    state = game.state
    while engine.is_first_turn(state, state.turn.seat) or state.turn.step is not S.CHOOSE:
        game.push(game.legal_moves()[0])
    # the lead stands one regular turn before the start space
    for slot in state.track:
        assert slot.space is not None
        slot.space = (slot.space - state.track[0].space - 1) % RING
    engine.trigger_end(state, "ship_tiles", game.events)
    while not events_of(game, ev.LapCompleted):
        game.push(game.legal_moves()[0])
    assert state.countdown == 1


# -- RC-4.4, RC-4.5, RC-4.7: rings and exchange -----------------------------------------


def test_the_equipment_ring_has_no_propeller_rc_4_4():
    assert C.equipment_ring == CATALOG.equipment_ring
    assert Piece.PROPELLER not in C.equipment_ring
    assert not any(e.kind == "engineer" and e.piece is Piece.PROPELLER
                   for e in map(C.employees.__getitem__, C.employee_deck))


def test_the_crew_ring_has_a_propeller_sector_rc_4_5():
    assert C.crew_ring == (Piece.CAPTAIN, Piece.BUSINESSMAN, Piece.SOLDIER, Piece.PROPELLER)
    game = classic_game(3, seed=1)
    state = game.state
    seat = current(game)
    seat.employees.append("recruiter:propeller")
    state.crew_marker = 2  # the first free step lands on the propeller sector
    begin_action(game, Action.CREW)
    game.play("take")
    assert seat.piece(Piece.PROPELLER) == 2  # the sector's and the Recruiter's
    assert seat.piece(Piece.STOKER) == 0


def test_coal_trades_for_a_smokestack_or_a_propeller_rc_4_7():
    game = classic_game(3, seed=1)
    seat = current(game)
    seat.commodities = ["C01"]  # coal, coal, coal
    begin_action(game, Action.EXCHANGE)
    game.play(game.legal_moves()[0])
    trades = {m.piece for m in game.legal_moves() if isinstance(m, mv.Trade)}
    assert trades == {Piece.SMOKESTACK, Piece.PROPELLER}
    assert C.trade_lists[CATALOG.commodities["C01"].goods[0]] == (Piece.SMOKESTACK,
                                                                 Piece.PROPELLER)


# -- RC-5.1: the yard ----------------------------------------------------------------------


def test_a_classic_yard_has_nine_cells_rc_5_1():
    game = classic_game(2)
    assert all(len(seat.yard) == 9 for seat in game.state.seats)
    assert legal_cells(".........", "S") == tuple(range(2, 9))
    assert legal_cells(".........", "B") == tuple(range(0, 7))
    assert placement_problem(".........", "M", 8) is not None
    # a 9-tile ship exactly fills the yard (R-5.2 unchanged)
    assert complete_ships("BMMMMMMMS") == ((0, 8),)
    assert legal_cells("BMMMMMM.S", "M") == (7,)


# -- RC-6.1, RC-6.2, RC-6.3: pieces and mounts ---------------------------------------------


def test_there_are_no_stokers_in_classic_rc_6_1():
    pieces = set(C.equipment_ring) | set(C.crew_ring)
    pieces |= {p for trades in C.trade_lists.values() for p in trades}
    pieces |= {C.employees[e].piece for e in C.employee_deck} - {None}  # type: ignore[operator]
    assert Piece.STOKER not in pieces and Piece.PROPELLER in pieces
    assert Piece.PROPELLER.is_equipment


def test_every_classic_stern_has_exactly_one_propeller_mount_rc_6_2():
    for tile_id in C.sterns:
        tile = C.ship(tile_id)
        assert tile.count(Feature.PROP) == 1 and tile.count(Feature.BOILER) == 0
    for tile_id in C.bows + C.middles_1 + C.middles_2:
        assert C.ship(tile_id).count(Feature.PROP) == 0


def test_a_propeller_needs_a_propeller_mount_rc_6_3():
    stern = {Feature.PROP: 1, Feature.MAST: 1}
    assert fits({"propeller": 1, "smokestack": 1}, stern, {})
    assert not fits({"propeller": 2}, stern, {})
    assert not fits({"propeller": 1}, {Feature.MAST: 1, Feature.BOILER: 1}, {})
    assert fits({"propeller": 2}, stern, {"propeller": 1})  # the propeller Builder


def test_the_propeller_builder_allows_one_extra_propeller_rc_6_3():
    builder = C.employees["builder:propeller"]
    assert (builder.piece, builder.extra) == (Piece.PROPELLER, 1)


# -- RC-7.1, RC-7.3: speed and points -----------------------------------------------------


def test_speed_with_smokestacks_and_propellers_rc_7_1():
    assert base_speed({"smokestack": 1, "propeller": 1, "sail": 2}) == 6
    assert base_speed({"smokestack": 2, "propeller": 2}) == 6
    assert base_speed({"propeller": 2, "sail": 1}) == 4
    assert base_speed({"smokestack": 3}) == 2


def test_propellers_score_nothing_directly_rc_7_3():
    assert ship_points({"captain": 1, "propeller": 3, "cannon": 1}, 5) == {
        "crew": 1, "cannons_cranes": 2, "speed": 5}


# -- RC-9.1, RC-9.2: the token ------------------------------------------------------------


def _rent_first_canal(game: Game) -> None:
    seat = current(game)
    seat.guilders = 10
    begin_action(game, Action.CANAL)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])


def test_the_token_is_placed_with_the_first_canal_rc_9_1():
    game = classic_game(3, seed=6)
    seat = current(game)
    _rent_first_canal(game)
    state = game.state
    assert state.turn.step is S.TOKEN_WITH_CANAL
    ports = CanalSystem(seat.canals).start_spaces()
    assert {(m.x, m.y, m.cell) for m in game.legal_moves()} == set(ports)
    move = game.legal_moves()[0]
    game.play(move)
    assert seat.token == Token(move.x, move.y, move.cell, move.cell)
    assert state.turn.step is not S.TOKEN_WITH_CANAL
    placed = events_of(game, ev.TokenPlaced)
    assert len(placed) == 1


def test_a_second_canal_asks_for_no_token_rc_9_1():
    game = classic_game(3, seed=6)
    seat = current(game)
    seat.canals.append(PlacedCanal("S1", 0, 0, 0))
    seat.token = Token(0, 0, "W", "W")
    _rent_first_canal(game)
    assert game.state.turn.step is not S.TOKEN_WITH_CANAL


def test_a_canal_attached_behind_the_token_cannot_be_entered_first_rc_9_2():
    system = CanalSystem([PlacedCanal("S1", 0, 0, 0), PlacedCanal("S2", -1, 0, 0)])
    token = Token(0, 0, "W", "W")  # placed on the west port, as if come from the west
    firsts = {path[0] for path in system.cruise_paths(token, 1)}
    assert firsts == {(0, 0, "C")}


# -- RC-10.5: scoring ---------------------------------------------------------------------


def _ship(tiles: int, pieces: dict[str, int]) -> SailedShip:
    return SailedShip([f"M{k:02d}" for k in range(tiles)], pieces, 4, [], {}, 1)


def test_green_contracts_score_as_the_book_says_rc_13_5():
    assert score_contract("G8", [], ["helmsman", "rigger", "foreman", "accountant",
                                     "engineer:sail", "engineer:crane",
                                     "recruiter:captain"], 0).points == 10  # book: 7 = 10
    fleet = [_ship(5, {}), _ship(5, {}), _ship(5, {})]
    assert score_contract("G10", fleet, [], 0).points == 15  # book: 3 = 15
    assert score_contract("G11", [_ship(6, {}), _ship(6, {})], [], 0).points == 10
    # G12 counts ships of exactly 7 tiles, not 8 or 9
    assert score_contract("G12", [_ship(7, {}), _ship(8, {}), _ship(9, {})], [], 0).counted == 1
    assert score_contract("G3", [], ["trader:coal:1", "helmsman", "foreman",
                                     "engineer:sail"], 0).points == 6


def test_the_classic_blue_contracts_count_propellers_rc_13_6():
    fleet = [_ship(4, {"propeller": 2, "sail": 1, "smokestack": 1}), _ship(3, {"propeller": 1})]
    assert score_contract("B2p", fleet, [], 0).points == 9
    assert score_contract("B11p", fleet, [], 0).points == 6
    variety = score_contract("B12p", fleet, [], 0)
    assert variety.counted == 3 and variety.points == 3
    assert CATALOG.contracts["B2p"].label == "B2"


def test_traders_score_as_in_the_2nd_edition_rc_10_5():
    from shipyard_tui.games.shipyard.rules.scoring import trader_points

    assert trader_points(["trader:coal:1", "trader:coal:2", "trader:steel:1"]) == 5


# -- RC-13: the catalog -------------------------------------------------------------------


def test_the_classic_catalog_is_marked_reconstructed_rc_13():
    assert "reconstructed" in C.note
    assert C.edition == "classic"


def test_ship_tiles_rc_13_1():
    assert len(C.bows) == 24 and len(C.sterns) == 24
    assert len(C.middles_1) == 32 and len(C.middles_2) == 24
    assert len(C.ship_tiles) == 104
    assert C.bows == CATALOG.bows and C.middles_1 == CATALOG.middles_1
    assert set(C.sterns).isdisjoint(CATALOG.sterns)
    second = Counter(tuple(sorted(f.value for f in CATALOG.ship(t).features))
                     for t in CATALOG.sterns)
    classic = Counter(tuple(sorted("boiler" if f is Feature.PROP else f.value
                                   for f in C.ship(t).features)) for t in C.sterns)
    assert second == classic


def test_canals_and_commodities_as_the_2nd_edition_rc_13_2_rc_13_4():
    assert C.canals == CATALOG.canals and len(C.canals) == 24
    assert C.commodities == CATALOG.commodities and len(C.commodities) == 14
    assert C.exchange_prices == CATALOG.exchange_prices


def test_employees_rc_13_3():
    assert len(C.employee_deck) == 24
    assert "recruiter:propeller" in C.employee_deck and "builder:propeller" in C.employee_deck
    assert not any("stoker" in e for e in C.employee_deck)
    assert C.colour_word(Colour.GRAY) == "brown"  # engineers
    assert C.colour_word(C.employees["trader:coal:1"].colour) == "orange"
    assert C.colour_word(C.employees["helmsman"].colour) == "blue"
    assert CATALOG.colour_word(Colour.GRAY) == "gray"


def test_twelve_green_contracts_without_g6_and_g9_rc_13_5():
    greens = C.green_contracts
    assert len(greens) == 12 and not C.red_contracts
    assert {"G6", "G9"}.isdisjoint(greens)
    for g in greens:
        red = CATALOG.contracts["R" + g[1:]]
        green = C.contracts[g]
        assert green.name == red.name or g == "G12"
        if g != "G3":
            assert green.param("table") == red.param("table")


def test_twelve_blue_contracts_rc_13_6():
    blues = C.blue_contracts
    assert len(blues) == 12
    assert {CATALOG.contracts[b].label for b in blues} == {f"B{k}" for k in range(1, 13)}
    assert C.contracts["B11p"].param("pieces") == ("sail", "smokestack", "propeller")


def test_no_solo_tiles_and_no_first_game_sets_rc_13_7():
    assert not C.solo_tiles and not C.first_game_sets


def test_the_classic_ruleset_overrides_hooks_not_the_engine():
    rules = ruleset_for(classic_config(3))
    assert isinstance(rules, Classic) and rules.catalog is C
    assert rules.contracts_per_colour == 3
    assert ruleset_for(GameConfig((SeatConfig("A"), SeatConfig("B")))).catalog is CATALOG
    assert TileKind.STERN is C.ship(C.sterns[0]).kind


def test_the_suggested_loads_put_propellers_on_their_mounts_rc_6_3_rc_7_1():
    from shipyard_tui.games.shipyard.advice import _candidate_loads

    features = {Feature.PROP: 1, Feature.MAST: 1, Feature.CABIN: 1}
    loads = _candidate_loads({"captain": 1, "smokestack": 1, "propeller": 2}, features, {})
    assert {"captain": 1, "smokestack": 1, "propeller": 1} in loads
    assert max(base_speed(load) for load in loads) == 4
    assert all(load.get("propeller", 0) <= 1 for load in loads)


def test_the_query_interface_answers_for_classic_games_rc_3_3_rc_2_7():
    from shipyard_tui.games.shipyard.rules import query as q

    game = classic_game(3, seed=5)
    _book_income_ring(game)
    state = game.state
    state.turn.seat = 0
    spaces = {s.action: (s.pays, s.gap) for s in q.track_spaces(state)}
    assert spaces[Action.EXCHANGE] == (3, 1) and spaces[Action.CANAL] == (2, 0)
    ring_cards = q.ring_cards(state)
    assert ring_cards is not None
    cards, landing = ring_cards
    assert len(cards) == RING and cards[10] is Action.HIRE and cards[6] is None
    assert landing == 11
    second = Game(GameConfig((SeatConfig("A"), SeatConfig("B")), seed=1))
    assert q.ring_cards(second.state) is None
    assert all(s.gap == 0 for s in q.track_spaces(second.state))
    assert q.progress(classic_game(2).state) == 0.0
    assert q.catalog_of(state) is C
