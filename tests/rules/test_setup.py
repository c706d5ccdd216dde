"""Setup of a new game (R-1.2, R-2.1 … R-2.9, N-17, N-18) and configuration checks."""

from __future__ import annotations

from collections import Counter

import pytest

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Game,
    GameConfig,
    Good,
    SeatConfig,
    SeatKind,
    TileKind,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import ContractColour
from shipyard_tui.games.shipyard.rules.engine import commodity_goods
from shipyard_tui.games.shipyard.rules.state import Step
from support.shipyard import new_game, solo_game

SEAT_COUNTS = (2, 3, 4)


def _colours(contracts: list[str]) -> Counter[str]:
    return Counter(CATALOG.contracts[c].colour.value for c in contracts)


# -- seats ----------------------------------------------------------------


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_1_each_seat_starts_with_six_guilders_and_nothing_else(players):
    game = new_game(players, seed=11)
    for seat in game.state.seats:
        assert seat.guilders == 6
        assert seat.score == 0
        assert seat.yard == [None] * 10
        assert seat.canals == []
        assert seat.token is None
        assert seat.used_canals == 0
        assert seat.pieces == {}
        assert seat.employees == []
        assert seat.fleet == []


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_1_each_seat_holds_one_starting_commodity_coal_cloth_steel(players):
    game = new_game(players, seed=4)
    for seat in game.state.seats:
        assert len(seat.commodities) == 1
        goods = commodity_goods(seat.commodities[0])
        assert sorted(goods) == sorted([Good.COAL, Good.CLOTH, Good.STEEL])
        # the starting tile is none of the 14 market tiles (COMPONENTS §4)
        assert seat.commodities[0] not in CATALOG.commodities
    starting = [s.commodities[0] for s in game.state.seats]
    assert len(set(starting)) == players


def test_n18_solo_automa_seats_hold_nothing_and_the_player_starts():
    game = solo_game(seed=2)
    state = game.state
    me, a, b = state.seats
    assert me.guilders == 6 and len(me.commodities) == 1
    assert len(me.contracts) == 4
    for automa in (a, b):
        assert automa.kind is SeatKind.AUTOMA
        assert automa.guilders == 0
        assert automa.commodities == []
        assert automa.contracts == []
        assert automa.score == 0
    assert state.start_seat == 0
    assert state.turn.seat == 0


# -- contracts ------------------------------------------------------------


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_2_standard_setup_deals_two_red_and_two_blue(players):
    game = new_game(players, seed=7)
    dealt = []
    for seat in game.state.seats:
        assert _colours(seat.contracts) == Counter({"red": 2, "blue": 2})
        dealt += seat.contracts
    assert len(set(dealt)) == len(dealt), "a contract was dealt twice"
    assert all(c in CATALOG.contracts for c in dealt)


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_2_advanced_setup_deals_three_red_and_three_blue(players):
    game = new_game(players, seed=7, advanced=True)
    dealt = []
    for seat in game.state.seats:
        assert _colours(seat.contracts) == Counter({"red": 3, "blue": 3})
        dealt += seat.contracts
    assert len(set(dealt)) == len(dealt)


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_2_first_game_gives_each_seat_one_whole_fixed_set(players):
    fixed = [
        {"R1", "R10", "B8", "B3"},
        {"R2", "R11", "B5", "B7"},
        {"R8", "R14", "B9", "B2"},
        {"R5", "R13", "B11", "B4"},
    ]
    game = new_game(players, seed=5, first_game=True)
    used = []
    for seat in game.state.seats:
        held = set(seat.contracts)
        assert len(seat.contracts) == 4
        assert held in fixed, f"{seat.contracts} is not one of the fixed sets"
        used.append(fixed.index(held))
    assert len(set(used)) == players, "two seats received the same fixed set"


def test_r2_2_first_game_sets_are_handed_out_at_random():
    seen = set()
    for seed in range(30):
        game = new_game(4, seed=seed, first_game=True)
        seen.add(tuple(sorted(game.state.seats[0].contracts)))
    assert len(seen) > 1


def test_r2_2_standard_deal_varies_with_the_seed():
    hands = {tuple(new_game(2, seed=s).state.seats[0].contracts) for s in range(10)}
    assert len(hands) > 1


def test_r2_2_contracts_are_secret_in_the_view_and_the_events():
    game = new_game(3, seed=9)
    own = game.state.seats[0].contracts
    view = game.view(0)
    assert view.seats[0].contracts == own
    for other in (1, 2):
        hidden = view.seats[other].contracts
        real = game.state.seats[other].contracts
        assert len(hidden) == len(real)
        assert not set(hidden) & set(real)
        assert all(h.startswith("hidden") for h in hidden)
        # only the colour may show
        assert Counter(h.split(":")[1] for h in hidden) == _colours(real)
    dealt = [e for e in game.events_for(0) if isinstance(e, ev.ContractsDealt)]
    assert len(dealt) == 3
    for e in dealt:
        if e.seat == 0:
            assert e.contracts == own
        else:
            assert e.contracts == []
            assert (e.red, e.blue) == (2, 2)


# -- market ---------------------------------------------------------


def test_r2_3_slot_prices_from_the_bottom_are_0_1_1_2_2():
    assert CATALOG.slot_prices == (0, 1, 1, 2, 2)


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_3_ship_display_is_five_rows_of_bow_middle_middle_stern(players):
    market = new_game(players, seed=3).state.market
    assert len(market.ships) == 4
    kinds = (TileKind.BOW, TileKind.MIDDLE, TileKind.MIDDLE, TileKind.STERN)
    for column, kind in zip(market.ships, kinds, strict=True):
        assert len(column) == 5
        assert all(t is not None and CATALOG.ship(t).kind is kind for t in column)
    assert len(market.canals) == 5 and all(c in CATALOG.canals for c in market.canals)
    assert len(market.commodities) == 5
    assert all(c in CATALOG.commodities for c in market.commodities)


def test_r2_3_every_component_is_either_displayed_or_in_its_deck():
    market = new_game(2, seed=8).state.market
    bows = market.ships[0] + market.bow_stack
    sterns = market.ships[3] + market.stern_stack
    middles = market.ships[1] + market.ships[2] + market.middle_stack
    assert sorted(bows) == sorted(CATALOG.bows)
    assert sorted(sterns) == sorted(CATALOG.sterns)
    assert sorted(middles) == sorted(CATALOG.middles_1 + CATALOG.middles_2)
    assert (len(market.bow_stack), len(market.stern_stack), len(market.middle_stack)) == (
        19, 19, 46)
    assert sorted(market.canals + market.canal_deck) == sorted(CATALOG.canals)
    assert sorted(market.commodities + market.commodity_deck) == sorted(CATALOG.commodities)
    assert market.canal_spent == [] and market.commodity_spent == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_r2_4_middle_stack_is_deck_one_on_top_of_deck_two(seed):
    market = new_game(2, seed=seed).state.market
    deck_one = set(CATALOG.middles_1)
    deck_two = set(CATALOG.middles_2)
    # both middle columns were dealt from deck I
    assert all(t in deck_one for t in market.ships[1] + market.ships[2])
    stack = market.middle_stack  # top = end of the list
    assert set(stack[:24]) == deck_two
    assert set(stack[24:]) == deck_one - set(market.ships[1] + market.ships[2])
    assert len(stack[24:]) == 22


def test_r2_4_each_stack_is_shuffled_separately():
    a = new_game(2, seed=1).state.market
    b = new_game(2, seed=2).state.market
    assert a.bow_stack != b.bow_stack
    assert a.stern_stack != b.stern_stack
    assert a.middle_stack[24:] != b.middle_stack[24:]
    assert a.middle_stack[:24] != b.middle_stack[:24]
    assert a.canal_deck != b.canal_deck
    # the stacks are not left in catalog order
    assert a.bow_stack != sorted(a.bow_stack)


# -- markers ----------------------------------------------------------------


def test_r2_5_markers_start_on_their_rings():
    equipment, crew, employee = set(), set(), set()
    for seed in range(40):
        state = new_game(2, seed=seed).state
        assert 0 <= state.equipment_marker < 4
        assert 0 <= state.crew_marker < 4
        assert 0 <= state.employee_marker < 8
        assert state.exchange_marker == 0
        equipment.add(state.equipment_marker)
        crew.add(state.crew_marker)
        employee.add(state.employee_marker)
    # random sectors: more than one value appears over many seeds
    assert len(equipment) > 1 and len(crew) > 1 and len(employee) > 2


# -- employees --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_6_employee_track_has_eight_spaces_of_three_slots(players):
    track = new_game(players, seed=6).state.employee_track
    assert len(track) == 8
    assert all(len(space) == 3 for space in track)


def test_r2_6_two_seats_use_one_deck_one_tile_a_slot():
    track = new_game(2, seed=6).state.employee_track
    tops = [stack for space in track for stack in space]
    assert all(len(stack) == 1 for stack in tops)
    assert sorted(s[0] for s in tops) == sorted(CATALOG.employees)


def test_r2_6_solo_uses_one_deck():
    track = solo_game(seed=6).state.employee_track
    stacks = [stack for space in track for stack in space]
    assert all(len(stack) == 1 for stack in stacks)
    assert sorted(s[0] for s in stacks) == sorted(CATALOG.employees)


@pytest.mark.parametrize("players", [3, 4])
def test_r2_6_three_and_four_seats_stack_two_identical_tiles(players):
    track = new_game(players, seed=6).state.employee_track
    stacks = [stack for space in track for stack in space]
    assert all(len(stack) == 2 and stack[0] == stack[1] for stack in stacks)
    assert sorted(s[0] for s in stacks) == sorted(CATALOG.employees)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_n17_first_game_engineers_and_recruiters_one_per_space(players):
    order = [
        "engineer:smokestack", "recruiter:captain", "engineer:sail",
        "recruiter:businessman", "engineer:cannon", "recruiter:soldier",
        "engineer:crane", "recruiter:stoker",
    ]
    track = new_game(players, seed=12, first_game=True).state.employee_track
    for space, expected in enumerate(order):
        assert track[space][0][-1] == expected
        others = [stack[-1] for stack in track[space][1:]]
        kinds = {CATALOG.employees[e].kind for e in others}
        assert not kinds & {"engineer", "recruiter"}, f"space {space}: {others}"


def test_r2_6_standard_employees_are_placed_at_random():
    layouts = set()
    first_slots = set()
    for seed in range(6):
        track = new_game(2, seed=seed).state.employee_track
        layouts.add(tuple(stack[-1] for space in track for stack in space))
        first_slots.add(tuple(space[0][-1] for space in track))
    assert len(layouts) > 1
    # not the fixed first-game arrangement every time
    assert len(first_slots) > 1


# -- action track, wheel, reserve -----------------------------------------


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r2_7_action_tiles_subsidy_only_with_four_seats(players):
    track = new_game(players, seed=1).state.track
    actions = [slot.action for slot in track]
    assert len(set(actions)) == len(actions)
    if players == 4:
        assert len(actions) == 8
        assert set(actions) == set(Action)
    else:
        assert len(actions) == 7
        assert Action.SUBSIDY not in actions
    assert all(slot.cubes == [] and slot.guilders == 0 for slot in track)


def test_r2_7_solo_track_has_seven_tiles():
    actions = [slot.action for slot in solo_game(seed=1).state.track]
    assert len(actions) == 7 and Action.SUBSIDY not in actions


def test_r2_7_action_track_order_is_random():
    orders = {tuple(s.action for s in new_game(3, seed=seed).state.track) for seed in range(10)}
    assert len(orders) > 1


@pytest.mark.parametrize(("players", "reserve"), [(2, 3), (3, 5), (4, 7)])
def test_r2_8_wheel_at_zero_and_reserve_cubes(players, reserve):
    state = new_game(players, seed=2).state
    assert state.wheel == 0
    assert state.reserve == reserve
    assert state.cubes_removed == 0
    started = [e for e in new_game(players, seed=2).events if isinstance(e, ev.GameStarted)]
    assert started[0].reserve == reserve


def test_r2_8_solo_reserve_is_five():
    state = solo_game(seed=3).state
    assert state.reserve == 5 and state.wheel == 0


# -- seeded start, reproducibility ------------------------------------------------


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r1_2_same_seed_gives_the_same_setup(players):
    a = new_game(players, seed=42)
    b = new_game(players, seed=42)
    assert a.state.to_dict() == b.state.to_dict()


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r1_2_different_seeds_give_different_setups(players):
    a = new_game(players, seed=42).state.to_dict()
    b = new_game(players, seed=43).state.to_dict()
    a.pop("config")
    b.pop("config")
    assert a != b


@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_r1_2_starting_seat_comes_from_the_seed(players):
    starts = set()
    for seed in range(40):
        game = new_game(players, seed=seed)
        state = game.state
        assert 0 <= state.start_seat < players
        assert state.turn.seat == state.start_seat
        assert state.turn.step is Step.CHOOSE
        started = next(e for e in game.events if isinstance(e, ev.GameStarted))
        assert started.start_seat == state.start_seat
        starts.add(state.start_seat)
    assert starts == set(range(players))


def test_r2_first_decision_is_the_starting_seats_first_turn():
    game = new_game(3, seed=5)
    turn_started = [e for e in game.events if isinstance(e, ev.TurnStarted)]
    assert len(turn_started) == 1
    assert turn_started[0].seat == game.state.start_seat
    assert turn_started[0].kind == "first"


# -- GameConfig.validate --------------------------------------------------------------


def _seats(*names: str, kind: SeatKind = SeatKind.HUMAN) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(n, kind) for n in names)


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(GameConfig(_seats("A")), id="one-seat"),
        pytest.param(GameConfig(_seats("A", "B", "C", "D", "E")), id="five-seats"),
        pytest.param(GameConfig(()), id="no-seats"),
        pytest.param(GameConfig(_seats("A", "A")), id="same-names"),
        pytest.param(GameConfig(_seats("A", "B"), first_game=True, advanced=True),
                     id="first-game-and-advanced"),
        pytest.param(GameConfig((SeatConfig("A"), SeatConfig("B", SeatKind.AUTOMA))),
                     id="automa-outside-solo"),
        pytest.param(GameConfig(_seats("A", "B", "C"), solo=True), id="solo-without-automa"),
        pytest.param(GameConfig((SeatConfig("A"), SeatConfig("B", SeatKind.AUTOMA)), solo=True),
                     id="solo-one-automa"),
        pytest.param(GameConfig((SeatConfig("X", SeatKind.AUTOMA), SeatConfig("A"),
                                 SeatConfig("Y", SeatKind.AUTOMA)), solo=True),
                     id="solo-automa-first"),
    ],
)
def test_game_config_validate_rejects_bad_configurations(config):
    with pytest.raises(ValueError):
        config.validate()
    with pytest.raises(ValueError):
        Game(config)


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(_seats("A", "B")),
        GameConfig(_seats("A", "B", "C"), advanced=True),
        GameConfig(_seats("A", "B", "C", "D"), first_game=True),
        GameConfig((SeatConfig("A", SeatKind.BOT, "random"), SeatConfig("B"))),
        GameConfig((SeatConfig("Me"), SeatConfig("X", SeatKind.AUTOMA),
                    SeatConfig("Y", SeatKind.AUTOMA)), solo=True),
    ],
)
def test_game_config_validate_accepts_good_configurations(config):
    config.validate()
    assert Game(config).state.players == config.players


def test_r2_2_red_and_blue_counts_in_catalog():
    colours = Counter(c.colour for c in CATALOG.contracts.values())
    assert colours == Counter({ContractColour.RED: 14, ContractColour.BLUE: 12})


def test_r2_2_solo_first_game_gives_the_player_a_fixed_set():
    fixed = [set(s) for s in CATALOG.first_game_sets]
    game = solo_game(seed=3, first_game=True)
    assert set(game.state.seats[0].contracts) in fixed
    assert game.state.seats[1].contracts == [] and game.state.seats[2].contracts == []
