"""The actions (R-4.0 … R-4.8) and the project's choices about them (N-5 … N-10)."""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Game,
    IllegalMoveError,
    Piece,
    TileKind,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.engine import commodity_goods
from shipyard_tui.games.shipyard.rules.state import PlacedCanal
from shipyard_tui.games.shipyard.rules.yard import legal_cells, pattern
from support import of_type, since
from support.shipyard import S, begin_action, current, moves_text, new_game, yard_from_pattern

# -- helpers -----------------------------------------------------------------------


def at_action(action: Action, *, players: int = 2, seed: int = 1, guilders: int | None = None,
              start: bool = True) -> Game:
    """A fresh game whose seat to move performs ``action`` (no cube, no income)."""
    game = new_game(players, seed=seed)
    if guilders is not None:
        current(game).guilders = guilders
    if start:
        begin_action(game, action)
    return game


def start(game: Game, action: Action) -> None:
    begin_action(game, action)


def kinds_in(moves: list[str]) -> set[str]:
    return {m.split()[0] for m in moves}


def buys(game: Game) -> set[tuple[str, int]]:
    out = set()
    for m in moves_text(game):
        if m.startswith("buy "):
            _, column, row = m.split()
            out.add((column, int(row)))
    return out


def place_first(game: Game) -> int:
    move = moves_text(game)[0]
    assert move.startswith("place "), move
    game.play(move)
    return int(move.split()[1])


# -- Build Ships ------------------------------------------------------------------


@pytest.mark.parametrize(("row", "price"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_r4_1_a_tile_costs_the_price_of_its_slot(row, price):
    game = at_action(Action.BUILD)
    seat = current(game)
    tile = game.state.market.ships[0][row]
    events = game.play(f"buy bow {row}")
    bought = of_type(events, ev.ShipTileBought)[0]
    assert (bought.tile, bought.price, bought.row) == (tile, price, row)
    assert seat.guilders == 6 - price
    assert game.state.turn.holding == tile


def test_r4_1_unaffordable_slots_are_not_offered():
    game = at_action(Action.BUILD, guilders=1)
    rows = {row for _, row in buys(game)}
    assert rows == {0, 1, 2}
    game = at_action(Action.BUILD, guilders=0)
    assert buys(game) == {(c, 0) for c in ("bow", "mid1", "mid2", "stern")}


def test_r4_1_each_bought_tile_must_be_placed_before_anything_else():
    game = at_action(Action.BUILD)
    game.play("buy mid1 0")
    assert game.state.turn.step is S.PLACE
    moves = moves_text(game)
    assert moves and all(m.startswith("place ") for m in moves)
    assert "end-build" not in moves
    cells = [int(m.split()[1]) for m in moves]
    assert cells == list(legal_cells(".........." , "M"))
    assert 0 not in cells and 9 not in cells
    with pytest.raises(IllegalMoveError):
        game.play("end-build")


def test_r4_1_placement_follows_the_yard_rules():
    game = at_action(Action.BUILD)
    seat = current(game)
    seat.yard = yard_from_pattern("B.........")
    game.play("buy stern 0")
    cells = [int(m.split()[1]) for m in moves_text(game)]
    assert cells == list(legal_cells("B.........", "S"))
    assert 1 not in cells  # a stern right after a bow leaves no room for a middle
    game.play("place 9")
    assert pattern(seat.yard) == "B........S"


def test_r4_1_at_least_one_and_at_most_three_tiles():
    game = at_action(Action.BUILD)
    assert "end-build" not in moves_text(game)
    for k in range(3):
        game.play(f"buy bow {k}" if k == 0 else "buy mid1 0" if k == 1 else "buy stern 0")
        place_first(game)
        assert "end-build" in moves_text(game)
    assert moves_text(game) == ["end-build"]
    assert game.state.turn.bought == 3


def test_r4_1_any_mix_of_kinds_and_several_from_one_column():
    game = at_action(Action.BUILD)
    game.play("buy mid1 0")
    place_first(game)
    game.play("buy mid1 1")
    place_first(game)
    assert current(game).guilders == 5
    assert ("mid1", 2) in buys(game)


def test_r4_1_columns_slide_down_independently_and_refill_from_the_top():
    game = at_action(Action.BUILD)
    market = game.state.market
    old = [list(c) for c in market.ships]
    stack = list(market.middle_stack)
    for row in (0, 1, 2):
        game.play(f"buy mid1 {row}")
        place_first(game)
    game.play("end-build")
    # the two survivors slid to the bottom, three new tiles above them (first drawn lowest)
    assert market.ships[1] == [old[1][3], old[1][4], stack[-1], stack[-2], stack[-3]]
    assert market.ships[2] == old[2]
    assert market.ships[0] == old[0]
    assert market.ships[3] == old[3]
    assert market.middle_stack == stack[:-3]


def test_r4_1_bought_slots_stay_empty_until_the_build_ends():
    game = at_action(Action.BUILD)
    game.play("buy bow 1")
    place_first(game)
    assert game.state.market.ships[0][1] is None
    # the next tile of that column still costs the price of its own slot
    assert ("bow", 2) in buys(game)
    events = game.play("buy bow 2")
    assert of_type(events, ev.ShipTileBought)[0].price == 1


def test_n9_refill_left_to_right_both_middle_columns_from_one_stack():
    game = at_action(Action.BUILD)
    market = game.state.market
    old = [list(c) for c in market.ships]
    stack = list(market.middle_stack)
    bows = list(market.bow_stack)
    game.play("buy mid2 0")
    place_first(game)
    game.play("buy mid1 3")
    place_first(game)
    game.play("buy mid1 0")
    place_first(game)
    game.play("end-build")
    # left middle column first: its two empty slots take the first two tiles drawn
    assert market.ships[1] == [old[1][1], old[1][2], old[1][4], stack[-1], stack[-2]]
    assert market.ships[2] == [*old[2][1:], stack[-3]]
    assert market.middle_stack == stack[:-3]
    assert market.bow_stack == bows
    refills = of_type(game.events, ev.DisplayRefilled)
    assert [(r.column, r.drawn) for r in refills] == [
        (1, [stack[-1], stack[-2]]), (2, [stack[-3]])]


def test_r2_4_r4_1_middle_deck_one_is_used_before_deck_two():
    game = at_action(Action.BUILD)
    market = game.state.market
    one = next(t for t in CATALOG.middles_1 if t not in market.ships[1] + market.ships[2])
    two = CATALOG.middles_2[0]
    market.middle_stack = [two, one]
    game.play("buy mid1 0")
    place_first(game)
    game.play("end-build")
    assert market.ships[1][4] == one
    assert market.middle_stack == [two]


def test_r4_1_refill_from_an_already_empty_stack_leaves_the_slot_empty():
    """R-4.1, R-10.2 (revision 2): a refill that finds the stack already empty reveals
    nothing, leaves the slot empty and triggers nothing."""
    game = at_action(Action.BUILD)
    market = game.state.market
    market.bow_stack = []
    game.play("buy bow 0")
    place_first(game)
    start = len(game.events)
    game.play("end-build")
    events = since(game, start)
    assert not of_type(events, ev.EndTriggered)
    assert game.state.end_trigger is None
    assert all(t is not None for t in market.ships[0][:4])
    assert market.ships[0][4] is None


def test_r4_1_partial_refill_then_the_end_is_triggered():
    game = at_action(Action.BUILD)
    market = game.state.market
    last = market.stern_stack[-1]
    market.stern_stack = [last]
    game.play("buy stern 0")
    place_first(game)
    game.play("buy stern 1")
    place_first(game)
    game.play("end-build")
    assert market.ships[3][3] == last and market.ships[3][4] is None
    assert game.state.end_trigger == "ship_tiles"


def test_r4_1_revealing_the_last_tile_of_the_stack_triggers_the_end():
    """R-4.1, R-10.2 (revision 2): the refill that reveals the stack's last tile into
    the display triggers the end at once, the display column full."""
    game = at_action(Action.BUILD)
    market = game.state.market
    market.bow_stack = market.bow_stack[-1:]
    game.play("buy bow 0")
    place_first(game)
    start = len(game.events)
    game.play("end-build")
    triggered = of_type(since(game, start), ev.EndTriggered)
    assert [t.reason for t in triggered] == ["ship_tiles"]
    assert game.state.end_trigger == "ship_tiles"
    assert None not in market.ships[0]


def test_n8_blank_tile_only_when_no_tile_of_the_kind_is_displayed():
    game = at_action(Action.BUILD, start=False)
    market = game.state.market
    market.ships[0] = [None] * 5
    start(game, Action.BUILD)
    assert "blank bow" in moves_text(game)
    assert "blank middle" not in moves_text(game)
    assert "blank stern" not in moves_text(game)


def test_n8_no_blank_bow_while_an_unaffordable_bow_is_displayed():
    game = at_action(Action.BUILD, guilders=0, start=False)
    market = game.state.market
    market.ships[0] = [None, None, None, None, market.ships[0][4]]
    start(game, Action.BUILD)
    moves = moves_text(game)
    assert "blank bow" not in moves
    assert not any(m.startswith("buy bow") for m in moves)


def test_n8_blank_middle_needs_both_middle_columns_empty():
    game = at_action(Action.BUILD, start=False)
    market = game.state.market
    market.ships[1] = [None] * 5
    start(game, Action.BUILD)
    assert "blank middle" not in moves_text(game)

    game = at_action(Action.BUILD, start=False)
    market = game.state.market
    market.ships[1] = [None] * 5
    market.ships[2] = [None] * 5
    start(game, Action.BUILD)
    assert "blank middle" in moves_text(game)


def test_r4_1_blank_tile_is_free_featureless_and_placed_like_any_tile():
    game = at_action(Action.BUILD, guilders=0, start=False)
    game.state.market.ships[3] = [None] * 5
    start(game, Action.BUILD)
    seat = current(game)
    events = game.play("blank stern")
    bought = of_type(events, ev.ShipTileBought)[0]
    assert bought.price == 0 and bought.features == []
    assert seat.guilders == 0
    tile = game.state.turn.holding
    assert tile is not None and tile.startswith("blank")
    assert CATALOG.ship(tile).kind is TileKind.STERN
    assert CATALOG.ship(tile).features == ()
    assert [int(m.split()[1]) for m in moves_text(game)] == list(legal_cells("." * 10, "S"))
    game.play("place 9")
    assert seat.yard[9] == tile


def test_r4_0_build_cannot_be_chosen_without_an_affordable_tile():
    game = new_game(2, seed=1)
    current(game).guilders = 0
    for column in game.state.market.ships:
        column[0] = None
    assert "choose build" not in moves_text(game)
    current(game).guilders = 1
    assert "choose build" in moves_text(game)


def test_r4_1_the_build_can_be_undone_until_confirmed():
    game = new_game(2, seed=1)
    display = [list(c) for c in game.state.market.ships]
    game.play("choose build")
    if game.state.turn.step is S.BONUS_BEFORE:
        game.play("proceed")
    game.play("buy bow 2")
    place_first(game)
    assert game.can_undo
    game.undo()
    game.undo()
    assert game.state.turn.step is S.BUILD
    assert game.state.market.ships == display
    assert current(game).guilders == 6
    game.play("buy bow 2")
    place_first(game)
    game.play("end-build")
    # once confirmed (and the display refilled) the build can no longer be taken back
    assert not game.can_undo


# -- Rent a Canal ----------------------------------------------------------------


@pytest.mark.parametrize(("slot", "price"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_r4_2_a_canal_costs_the_price_of_its_slot(slot, price):
    game = at_action(Action.CANAL)
    seat = current(game)
    market = game.state.market
    canal = market.canals[slot]
    old = list(market.canals)
    top = market.canal_deck[-1]
    events = game.play(f"canal {slot}")
    assert of_type(events, ev.CanalRented)[0].price == price
    assert seat.guilders == 6 - price
    moves = moves_text(game)
    assert moves and all(m.startswith("place-canal 0 0 ") for m in moves)
    game.play(moves[0])
    assert [c.canal for c in seat.canals] == [canal]
    # slide down and a new canal at the top
    assert market.canals == [*old[:slot], *old[slot + 1:], top]


def test_r4_2_unaffordable_canals_are_not_offered():
    game = at_action(Action.CANAL, guilders=1)
    assert moves_text(game) == ["canal 0", "canal 1", "canal 2"]


def test_r4_2_n10_an_empty_canal_deck_is_rebuilt_from_spent_canals():
    """R-4.2 (revision 2), N-10: the spent canals (used ones and, R-9.6, discarded ones,
    both kept in ``canal_spent``; see test_r9_6_engine_left_tiles_become_used_and_cut_off
    _tiles_are_discarded) are shuffled into a new deck; seats keep their used counts."""
    game = at_action(Action.CANAL, start=False)
    state = game.state
    market = state.market
    spare = list(market.canal_deck)
    market.canal_deck = []
    market.canal_spent = spare[:3]
    state.seats[1].used_canals = 2
    start(game, Action.CANAL)
    game.play("canal 0")
    start_at = len(game.events)
    game.play(moves_text(game)[0])
    events = since(game, start_at)
    rebuilt = of_type(events, ev.DeckRebuilt)
    assert len(rebuilt) == 1 and rebuilt[0].deck == "canals" and rebuilt[0].count == 3
    assert market.canals[4] in spare[:3]
    assert market.canal_spent == []
    assert sorted([market.canals[4], *market.canal_deck]) == sorted(spare[:3])
    # seats keep their count of used canals
    assert state.seats[1].used_canals == 2


def test_r4_2_with_no_canal_left_anywhere_the_column_stays_short():
    game = at_action(Action.CANAL, start=False)
    market = game.state.market
    market.canal_deck = []
    market.canal_spent = []
    start(game, Action.CANAL)
    game.play("canal 1")
    game.play(moves_text(game)[0])
    assert market.canals[4] is None
    assert all(c is not None for c in market.canals[:4])


def test_r4_0_canal_cannot_be_chosen_without_an_affordable_canal():
    game = new_game(2, seed=1)
    current(game).guilders = 0
    game.state.market.canals[0] = None
    assert "choose canal" not in moves_text(game)


def test_r4_0_canal_cannot_be_chosen_when_the_system_has_no_open_port():
    """Four corner canals closed into a ring: no port is left for a new tile."""
    game = new_game(2, seed=1)
    seat = current(game)
    seat.canals = [
        PlacedCanal("K1", 0, 0, 2),  # ports E, S
        PlacedCanal("K2", 1, 0, 3),  # ports S, W
        PlacedCanal("K3", 0, 1, 1),  # ports N, E
        PlacedCanal("K4", 1, 1, 0),  # ports W, N
    ]
    assert "choose canal" not in moves_text(game)
    seat.canals = seat.canals[:3]
    assert "choose canal" in moves_text(game)


# -- Purchase Commodities -----------------------------------------------------


@pytest.mark.parametrize(("slot", "price"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_r4_3_a_commodity_costs_the_price_of_its_slot(slot, price):
    game = at_action(Action.PURCHASE)
    seat = current(game)
    market = game.state.market
    old = list(market.commodities)
    top = market.commodity_deck[-1]
    events = game.play(f"commodity {slot}")
    bought = of_type(events, ev.CommodityBought)[0]
    assert (bought.tile, bought.price) == (old[slot], price)
    assert seat.guilders == 6 - price
    assert seat.commodities[-1] == old[slot]
    assert market.commodities == [*old[:slot], *old[slot + 1:], top]


def test_r4_3_unaffordable_commodities_are_not_offered():
    game = at_action(Action.PURCHASE, guilders=0)
    assert moves_text(game) == ["commodity 0"]


def test_r4_3_empty_deck_is_rebuilt_from_exchanged_tiles():
    game = at_action(Action.PURCHASE, start=False)
    market = game.state.market
    spare = list(market.commodity_deck)
    market.commodity_deck = []
    market.commodity_spent = [spare[0], spare[1]]
    start(game, Action.PURCHASE)
    events = game.play("commodity 2")
    rebuilt = of_type(events, ev.DeckRebuilt)
    assert len(rebuilt) == 1 and rebuilt[0].deck == "commodities"
    assert market.commodities[4] in (spare[0], spare[1])
    assert market.commodity_spent == []
    assert len(market.commodity_deck) == 1


def test_r4_3_exchanged_market_tile_is_kept_for_a_new_deck():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    seat.commodities = ["C05"]
    start(game, Action.EXCHANGE)
    game.play("exchange C05")
    for _ in range(3):
        game.play("sell")
    assert game.state.market.commodity_spent == ["C05"]
    assert seat.commodities == []


def test_r4_3_starting_tile_leaves_the_game_when_exchanged():
    game = at_action(Action.EXCHANGE)
    seat = current(game)
    tile = seat.commodities[0]
    game.play(f"exchange {tile}")
    for _ in range(3):
        game.play("sell")
    market = game.state.market
    assert tile not in market.commodity_spent
    assert tile not in market.commodity_deck and tile not in market.commodities
    assert seat.commodities == []


# -- Manufacture Equipment, Recruit Crew --------------------------------


@pytest.mark.parametrize(("action", "attr", "ring"), [
    (Action.EQUIPMENT, "equipment_marker", CATALOG.equipment_ring),
    (Action.CREW, "crew_marker", CATALOG.crew_ring),
])
def test_r4_4_r4_5_first_step_is_free(action, attr, ring):
    game = at_action(action, start=False)
    setattr(game.state, attr, 3)
    start(game, action)
    assert getattr(game.state, attr) == 0
    seat = current(game)
    events = game.play("take")
    taken = of_type(events, ev.PiecesTaken)[0]
    assert taken.pieces == {ring[0].value: 1}
    assert seat.pieces == {ring[0].value: 1}
    assert seat.guilders == 6


@pytest.mark.parametrize(("action", "attr", "ring"), [
    (Action.EQUIPMENT, "equipment_marker", CATALOG.equipment_ring),
    (Action.CREW, "crew_marker", CATALOG.crew_ring),
])
def test_r4_4_r4_5_extra_steps_cost_one_each_and_stop_after_three(action, attr, ring):
    game = at_action(action, start=False)
    setattr(game.state, attr, 0)
    start(game, action)
    seat = current(game)
    for k in range(3):
        assert "step" in moves_text(game)
        game.play("step")
        assert seat.guilders == 5 - k
        assert getattr(game.state, attr) == (2 + k) % 4
    # a fourth extra step would return to the start sector (N-6)
    assert moves_text(game) == ["take"]
    game.play("take")
    # the most expensive piece is the one the marker started on
    assert seat.pieces == {ring[0].value: 1}
    assert seat.guilders == 3


def test_components_4_equipment_ring_order_is_smokestack_crane_sail_cannon():
    """COMPONENTS §4 (revision 2): clockwise smokestack, crane, sail, cannon."""
    assert [p.value for p in CATALOG.equipment_ring] == ["smokestack", "crane", "sail", "cannon"]


@pytest.mark.parametrize(("paid_steps", "pieces", "guilders"), [
    (0, {"smokestack": 1, "crane": 1, "sail": 1}, 6),
    (1, {"crane": 2, "sail": 1}, 5),
])
def test_r4_4_book_engineer_example(paid_steps, pieces, guilders):
    """R-4.4, COMPONENTS §4: the book's Engineer example. With engineers +1 crane and
    +1 sail and the marker on the cannon, the free step reaches the smokestack (a
    smokestack, a crane and a sail); paying 1 more reaches the crane (2 cranes, a sail)."""
    game = at_action(Action.EQUIPMENT, start=False, guilders=6)
    seat = current(game)
    seat.employees = ["engineer:crane", "engineer:sail"]
    game.state.equipment_marker = CATALOG.equipment_ring.index(Piece.CANNON)
    start(game, Action.EQUIPMENT)
    assert CATALOG.equipment_ring[game.state.equipment_marker] is Piece.SMOKESTACK
    for _ in range(paid_steps):
        game.play("step")
    events = game.play("take")
    assert of_type(events, ev.PiecesTaken)[0].pieces == pieces
    assert seat.pieces == pieces
    assert seat.guilders == guilders


def test_r4_4_no_paid_step_without_money():
    game = at_action(Action.EQUIPMENT, guilders=0)
    assert moves_text(game) == ["take"]


@pytest.mark.parametrize("action", [Action.EQUIPMENT, Action.CREW])
def test_r4_4_accountant_makes_two_extra_steps_free(action):
    game = at_action(action, guilders=1, start=False)
    seat = current(game)
    seat.employees = ["accountant"]
    start(game, action)
    game.play("step")
    game.play("step")
    assert seat.guilders == 1
    moved = [e for e in of_type(game.events, ev.MarkerMoved) if e.steps == 1][-2:]
    assert [(e.paid, e.free) for e in moved] == [(0, 1), (0, 1)]
    game.play("step")
    assert seat.guilders == 0
    assert moves_text(game) == ["take"]


def test_r4_4_accountant_third_step_still_needs_a_guilder():
    game = at_action(Action.CREW, guilders=0, start=False)
    current(game).employees = ["accountant"]
    start(game, Action.CREW)
    game.play("step")
    game.play("step")
    assert moves_text(game) == ["take"]


def test_r4_4_engineers_add_their_own_piece():
    """With a crane and a sail engineer: free step gives three pieces; one paid step
    moves the marker on to the sail and gives two sails and a crane."""
    game = at_action(Action.EQUIPMENT, start=False)
    seat = current(game)
    seat.employees = ["engineer:crane", "engineer:sail", "trader:coal:1"]
    game.state.equipment_marker = 3  # cannon; clockwise next is the smokestack
    start(game, Action.EQUIPMENT)
    events = game.play("take")
    taken = of_type(events, ev.PiecesTaken)[0]
    assert taken.pieces == {"smokestack": 1, "crane": 1, "sail": 1}
    assert sorted(taken.from_employees) == ["engineer:crane", "engineer:sail"]

    game = at_action(Action.EQUIPMENT, start=False)
    seat = current(game)
    seat.employees = ["engineer:crane", "engineer:sail"]
    game.state.equipment_marker = 3
    start(game, Action.EQUIPMENT)
    game.play("step")  # smokestack, then crane
    game.play("take")
    assert seat.pieces == {"crane": 2, "sail": 1}
    assert seat.guilders == 5


def test_r4_5_recruiters_add_their_crew():
    game = at_action(Action.CREW, start=False)
    seat = current(game)
    seat.employees = ["recruiter:captain", "recruiter:stoker", "engineer:cannon"]
    game.state.crew_marker = 0
    start(game, Action.CREW)
    game.play("take")
    assert seat.pieces == {"businessman": 1, "captain": 1, "stoker": 1}


def test_r2_9_supplies_are_unlimited():
    game = at_action(Action.EQUIPMENT, start=False)
    seat = current(game)
    seat.pieces = {"smokestack": 40}
    game.state.equipment_marker = 3
    start(game, Action.EQUIPMENT)
    game.play("take")
    assert seat.pieces == {"smokestack": 41}


# -- Hire Employee ----------------------------------------------------------------


def _track_of(game: Game, *spaces: list[list[str]]) -> None:
    """Set the employee track: each space a list of 3 stacks (top last)."""
    game.state.employee_track = [[list(stack) for stack in space] for space in spaces]


def _plain_track(game: Game, tile: str = "helmsman") -> None:
    _track_of(game, *[[[tile], [tile], [tile]] for _ in range(8)])


def test_r4_6_first_step_is_free_and_hires_from_that_space():
    game = at_action(Action.HIRE, start=False)
    state = game.state
    _plain_track(game, "rigger")
    state.employee_track[3] = [["helmsman"], ["trader:coal:1"], ["foreman"]]
    state.employee_marker = 2
    start(game, Action.HIRE)
    assert state.employee_marker == 3
    moves = moves_text(game)
    assert moves[:3] == ["hire 0", "hire 1", "hire 2"]
    seat = current(game)
    events = game.play("hire 2")
    hired = of_type(events, ev.EmployeeHired)[0]
    assert (hired.employee, hired.space, hired.surcharge) == ("foreman", 3, 0)
    assert seat.employees == ["foreman"]
    assert seat.guilders == 6
    assert state.employee_track[3][2] == []


def test_r4_6_extra_steps_cost_one_each_up_to_seven():
    game = at_action(Action.HIRE, start=False)
    _plain_track(game)
    game.state.employee_marker = 0
    start(game, Action.HIRE)
    seat = current(game)
    seat.guilders = 10
    for k in range(7):
        assert "step" in moves_text(game)
        game.play("step")
        assert seat.guilders == 10 - (k + 1)
    assert game.state.employee_marker == 0
    assert "step" not in moves_text(game)


def test_r4_6_foreman_makes_three_extra_steps_free():
    game = at_action(Action.HIRE, guilders=0, start=False)
    _plain_track(game)
    seat = current(game)
    seat.employees = ["foreman"]
    game.state.employee_marker = 0
    start(game, Action.HIRE)
    for _ in range(3):
        game.play("step")
    assert seat.guilders == 0
    assert game.state.employee_marker == 4
    assert "step" not in moves_text(game)  # the fourth extra step costs 1


def test_r4_6_engineers_and_recruiters_cost_a_surcharge():
    game = at_action(Action.HIRE, start=False)
    state = game.state
    _plain_track(game)
    state.employee_track[1] = [["engineer:sail"], ["recruiter:soldier"], ["builder:sail"]]
    state.employee_marker = 0
    start(game, Action.HIRE)
    seat = current(game)
    events = game.play("hire 1")
    hired = of_type(events, ev.EmployeeHired)[0]
    assert hired.surcharge == 1
    assert seat.guilders == 5


def test_r4_6_surcharge_must_be_affordable():
    game = at_action(Action.HIRE, guilders=0, start=False)
    state = game.state
    _plain_track(game)
    state.employee_track[1] = [["engineer:sail"], ["recruiter:soldier"], ["builder:sail"]]
    state.employee_marker = 0
    start(game, Action.HIRE)
    assert moves_text(game) == ["hire 2"]


def test_r4_6_a_tile_identical_to_one_owned_cannot_be_hired():
    game = at_action(Action.HIRE, start=False)
    state = game.state
    _plain_track(game)
    state.employee_track[1] = [["helmsman"], ["rigger"], ["builder:sail"]]
    current(game).employees = ["helmsman", "builder:cannon"]
    state.employee_marker = 0
    start(game, Action.HIRE)
    moves = moves_text(game)
    assert "hire 0" not in moves
    assert "hire 1" in moves and "hire 2" in moves


def test_r4_6_level_two_trader_needs_level_one_of_the_same_good():
    game = at_action(Action.HIRE, start=False)
    state = game.state
    _plain_track(game)
    state.employee_track[1] = [["trader:coal:2"], ["trader:cloth:2"], ["trader:steel:1"]]
    current(game).employees = ["trader:cloth:1"]
    state.employee_marker = 0
    start(game, Action.HIRE)
    moves = moves_text(game)
    assert "hire 0" not in moves
    assert "hire 1" in moves
    assert "hire 2" in moves


def test_r4_6_only_the_top_tile_of_a_stack_can_be_hired():
    game = new_game(3, seed=2)
    state = game.state
    _plain_track(game, "rigger")
    state.employee_track[1] = [["helmsman", "helmsman"], ["rigger", "foreman"], ["accountant"]]
    seat = current(game)
    seat.employees = ["foreman"]
    state.employee_marker = 0
    start(game, Action.HIRE)
    moves = moves_text(game)
    # the foreman on top blocks the rigger below it
    assert "hire 1" not in moves
    assert "hire 0" in moves and "hire 2" in moves
    game.play("hire 0")
    assert state.employee_track[1][0] == ["helmsman"]
    assert seat.employees == ["foreman", "helmsman"]


def test_r2_6_r4_6_the_twin_stays_for_another_seat():
    game = new_game(3, seed=2)
    state = game.state
    _plain_track(game, "rigger")
    state.employee_track[1] = [["helmsman", "helmsman"], ["rigger", "rigger"], ["foreman"]]
    state.employee_marker = 0
    first = current(game)
    first.guilders = 0  # no bonus prompt: the turn ends with the hire
    start(game, Action.HIRE)
    game.play("hire 0")
    assert first.employees == ["helmsman"]
    assert state.employee_track[1][0] == ["helmsman"]
    second = current(game)
    assert second is not first
    state.employee_marker = 0
    second.guilders = 0
    start(game, Action.HIRE)
    assert "hire 0" in moves_text(game)
    game.play("hire 0")
    assert second.employees == ["helmsman"]
    assert state.employee_track[1][0] == []


def test_r4_0_hire_cannot_be_chosen_when_no_allowed_employee_is_reachable():
    game = new_game(2, seed=1)
    _plain_track(game, "helmsman")
    current(game).employees = ["helmsman"]
    assert "choose hire" not in moves_text(game)
    current(game).employees = []
    assert "choose hire" in moves_text(game)


def test_n6_paid_steps_lead_to_a_space_with_an_allowed_employee():
    game = at_action(Action.HIRE, guilders=2, start=False)
    state = game.state
    _plain_track(game, "helmsman")
    state.employee_track[3] = [["rigger"], ["helmsman"], ["helmsman"]]
    seat = current(game)
    seat.employees = ["helmsman"]
    state.employee_marker = 0
    start(game, Action.HIRE)
    assert moves_text(game) == ["step"]
    game.play("step")
    assert moves_text(game) == ["step"]
    game.play("step")
    assert state.employee_marker == 3
    assert moves_text(game) == ["hire 0"]
    game.play("hire 0")
    assert seat.employees == ["helmsman", "rigger"]
    assert seat.guilders == 0


def test_n6_no_paid_step_that_leads_nowhere():
    game = at_action(Action.HIRE, guilders=5, start=False)
    state = game.state
    _plain_track(game, "helmsman")
    state.employee_track[1] = [["rigger"], ["helmsman"], ["helmsman"]]
    current(game).employees = ["helmsman"]
    state.employee_marker = 0
    start(game, Action.HIRE)
    # the marked space offers the rigger; every other space holds only helmsmen
    assert moves_text(game) == ["hire 0"]


# -- Exchange Commodities ----------------------------------------------------------


def test_r4_7_marker_moves_exactly_one_space_and_cannot_be_pushed():
    game = at_action(Action.EXCHANGE, start=False)
    game.state.exchange_marker = 5
    start(game, Action.EXCHANGE)
    assert game.state.exchange_marker == 0
    moves = moves_text(game)
    assert moves == [f"exchange {t}" for t in current(game).commodities]
    assert "step" not in moves


def test_r4_7_exchange_cannot_be_chosen_without_a_commodity():
    game = new_game(2, seed=1)
    current(game).commodities = []
    assert "choose exchange" not in moves_text(game)


def test_r4_7_sell_at_the_price_of_the_new_space():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    game.state.exchange_marker = 3  # moves to 4: coal 4, cloth 2, steel 1
    start(game, Action.EXCHANGE)
    game.play(f"exchange {seat.commodities[0]}")
    sold = []
    for _ in range(3):
        sold += of_type(game.play("sell"), ev.GoodSold)
    assert [(s.good, s.price, s.trader_bonus) for s in sold] == [
        ("coal", 4, 0), ("cloth", 2, 0), ("steel", 1, 0)]
    assert seat.guilders == 6 + 7


def test_r4_7_traders_add_one_per_level_for_their_good():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    seat.employees = ["trader:coal:1", "trader:coal:2", "trader:steel:1"]
    game.state.exchange_marker = 0  # moves to 1: coal 3, cloth 1, steel 2
    start(game, Action.EXCHANGE)
    game.play(f"exchange {seat.commodities[0]}")
    sold = []
    for _ in range(3):
        sold += of_type(game.play("sell"), ev.GoodSold)
    assert [(s.good, s.price, s.trader_bonus) for s in sold] == [
        ("coal", 3, 2), ("cloth", 1, 0), ("steel", 2, 1)]
    assert seat.guilders == 6 + 5 + 1 + 3


@pytest.mark.parametrize(("tile", "good"), [("C01", "coal"), ("C07", "cloth"), ("C10", "steel")])
def test_r4_7_trade_lists(tile, good):
    expected = {
        "coal": {"smokestack", "stoker"},
        "cloth": {"sail", "captain", "businessman"},
        "steel": {"cannon", "crane", "soldier"},
    }[good]
    assert commodity_goods(tile) == (good,) * 3
    game = at_action(Action.EXCHANGE, start=False)
    current(game).commodities = [tile]
    start(game, Action.EXCHANGE)
    game.play(f"exchange {tile}")
    moves = moves_text(game)
    assert moves[0] == "sell"
    assert {m.split()[1] for m in moves[1:]} == expected
    assert all(m.startswith("trade ") for m in moves[1:])


def test_r4_7_two_goods_of_one_tile_cannot_trade_for_the_same_item():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    seat.commodities = ["C01"]  # coal coal coal
    start(game, Action.EXCHANGE)
    game.play("exchange C01")
    game.play("trade smokestack")
    assert moves_text(game) == ["sell", "trade stoker"]
    game.play("trade stoker")
    assert moves_text(game) == ["sell"]
    game.play("sell")
    assert seat.pieces == {"smokestack": 1, "stoker": 1}


def test_r4_7_the_same_item_is_allowed_again_on_a_later_exchange():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    seat.commodities = ["C01", "C02"]
    seat.guilders = 0
    start(game, Action.EXCHANGE)
    game.play("exchange C01")
    game.play("trade smokestack")
    game.play("sell")
    game.play("sell")
    # a new action, a new tile: smokestack may be traded again
    start(game, Action.EXCHANGE)
    game.play("exchange C02")
    assert "trade smokestack" in moves_text(game)


def test_n7_goods_are_handled_in_printed_order():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    seat.commodities = ["C02"]  # coal coal cloth
    start(game, Action.EXCHANGE)
    game.play("exchange C02")
    assert "trade stoker" in moves_text(game)
    game.play("sell")
    assert "trade stoker" in moves_text(game)
    game.play("sell")
    assert "trade captain" in moves_text(game)
    assert "trade stoker" not in moves_text(game)


def test_r4_7_mixing_sales_and_trades():
    game = at_action(Action.EXCHANGE, start=False)
    seat = current(game)
    game.state.exchange_marker = 1  # moves to 2: coal 1, cloth 3, steel 2
    start(game, Action.EXCHANGE)
    game.play(f"exchange {seat.commodities[0]}")  # coal cloth steel
    game.play("trade stoker")
    game.play("sell")
    game.play("trade cannon")
    assert seat.pieces == {"stoker": 1, "cannon": 1}
    assert seat.guilders == 9


# -- Receive Subsidy ----------------------------------------------------------------


def test_r4_8_subsidy_gives_two_guilders_with_four_seats():
    game = new_game(4, seed=3)
    seat = current(game)
    seat.guilders = 0
    start_at = len(game.events)
    game.play("choose subsidy")
    events = since(game, start_at)
    income = of_type(events, ev.IncomePaid)[0].amount
    received = of_type(events, ev.SubsidyReceived)
    assert len(received) == 1 and received[0].amount == 2
    assert seat.guilders == income + 2


@pytest.mark.parametrize("players", [2, 3])
def test_r4_8_no_subsidy_with_fewer_than_four_seats(players):
    game = new_game(players, seed=3)
    assert "choose subsidy" not in moves_text(game)
    with pytest.raises(IllegalMoveError):
        game.play("choose subsidy")


def test_r4_8_subsidy_as_a_bonus_action():
    game = new_game(4, seed=3)
    seat = current(game)
    seat.guilders = 6
    game.play("choose equipment")
    game.play("bonus subsidy")
    assert seat.guilders == 2
