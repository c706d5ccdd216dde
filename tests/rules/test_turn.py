"""The turn (R-3.1 … R-3.9) and the project's choices about it (N-1 … N-4, N-15)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game, Stage
from shipyard_tui.games.shipyard.rules import events as ev
from support import of_type, since
from support.shipyard import S, current, finish_turn, moves_text, new_game, play_until, solo_game

# -- helpers -----------------------------------------------------------------------

def take_turn(game: Game, action: str) -> list[ev.Event]:
    """Choose ``action`` and finish the turn; return the events from the choice up to
    the end of this turn (not those of the next turn's start)."""
    start = len(game.events)
    game.play(f"choose {action}")
    finish_turn(game)
    events = game.events[start:]
    ends = [k for k, e in enumerate(events) if isinstance(e, ev.TurnEnded)]
    return events[: ends[0] + 1] if ends else events


def arrange(game: Game, *actions: str) -> None:
    """Put the action tiles in this order (slot 0 first); cubes and guilders travel along."""
    by_action = {slot.action: slot for slot in game.state.track}
    assert len(actions) == len(by_action)
    game.state.track = [by_action[Action(a)] for a in actions]


def order(game: Game) -> list[int]:
    """Seat numbers in turn order from the starting seat."""
    n = game.state.players
    return [(game.state.start_seat + k) % n for k in range(n)]


def track(game: Game) -> list[str]:
    return [slot.action.value for slot in game.state.track]


def slot_of(game: Game, action: str) -> int:
    return track(game).index(action)


def cubes(game: Game, action: str) -> list[int]:
    return game.state.track[slot_of(game, action)].cubes


def choices(game: Game) -> set[str]:
    moves = moves_text(game)
    assert all(m.startswith("choose ") for m in moves), moves
    return {m.split()[1] for m in moves}


SEVEN = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")
EIGHT = (*SEVEN, "subsidy")


# -- first turns ---------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_r3_6_first_turns_skip_step_one_and_start_seat_gets_no_income(players):
    game = new_game(players, seed=21)
    arrange(game, *(EIGHT if players == 4 else SEVEN))
    picks = ["crew", "equipment", "hire", "canal"][:players]
    seats = order(game)
    for k, action in enumerate(picks):
        assert game.state.turn.seat == seats[k]
        assert of_type(game.events, ev.TurnStarted)[-1].kind == "first"
        assert not of_type(game.events, ev.TileAdvanced)
        assert not of_type(game.events, ev.WheelTurned)
        assert game.state.wheel == 0
        events = take_turn(game, action)
        if k == 0:
            income = of_type(events, ev.IncomePaid)[0]
            assert income.amount == 0
    # every other seat keeps one cube on the track; the starting seat's step 1 took
    # its cube back into hand
    on_track = Counter(c for slot in game.state.track for c in slot.cubes)
    assert on_track == Counter(seats[1:])
    # the starting seat's second turn is a regular one with step 1
    assert game.state.turn.seat == seats[0]
    started = of_type(game.events, ev.TurnStarted)[-1]
    assert started.kind == "regular"
    advanced = of_type(game.events, ev.TileAdvanced)
    assert len(advanced) == 1 and advanced[0].action == "crew"
    assert game.state.wheel == 1


def test_r3_6_second_seat_income_depends_on_side_of_the_first_cube():
    # behind (farther from the wheel than) the starting seat's cube: 1 guilder
    game = new_game(3, seed=2)
    arrange(game, *SEVEN)
    take_turn(game, "purchase")  # slot 2
    game.state.seats[order(game)[1]].guilders = 0
    start = len(game.events)
    game.play("choose hire")  # slot 5
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.amount == 1 and income.occupied_ahead == ["purchase"]

    # ahead of the starting seat's cube: nothing
    game = new_game(3, seed=2)
    arrange(game, *SEVEN)
    take_turn(game, "purchase")
    start = len(game.events)
    game.play("choose canal")  # slot 1
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.amount == 0


def test_r3_7_two_seats_first_turns_place_two_two_one_one_cubes():
    game = new_game(2, seed=4)
    arrange(game, *SEVEN)
    a, b = order(game)
    plan = [(a, "equipment", 2), (b, "crew", 2), (a, "hire", 1), (b, "canal", 1)]
    for seat, action, n in plan:
        assert game.state.turn.seat == seat
        started = of_type(game.events, ev.TurnStarted)[-1]
        assert started.kind == "first"
        assert not of_type(game.events, ev.TileAdvanced)
        assert game.state.wheel == 0
        if seat == b and n == 1:
            # just before B's last first turn ends: the full 2-2-1-1 picture
            game.play(f"choose {action}")
            assert cubes(game, "equipment") == [a, a]
            assert cubes(game, "crew") == [b, b]
            assert cubes(game, "hire") == [a]
            assert cubes(game, "canal") == [b]
            placed = of_type(game.events, ev.CubePlaced)[-1]
            finish_turn(game)
        else:
            events = take_turn(game, action)
            placed = of_type(events, ev.CubePlaced)[0]
        assert (placed.seat, placed.action, placed.cubes) == (seat, action, n)
    # the fifth turn is A's first regular turn, with step 1
    assert game.state.turn.seat == a
    assert of_type(game.events, ev.TurnStarted)[-1].kind == "regular"
    assert of_type(game.events, ev.TileAdvanced)[-1].action == "equipment"


def test_r3_7_second_seat_cannot_choose_the_tile_of_the_starting_seat():
    game = new_game(2, seed=4)
    arrange(game, *SEVEN)
    take_turn(game, "equipment")
    assert "equipment" not in choices(game)
    assert len(choices(game)) == 6


def test_r3_2_the_lead_tile_may_be_chosen_on_a_first_turn():
    """R-3.2 (revision 2, was note N-1): on first turns the free lead tile may be chosen."""
    game = new_game(3, seed=4)
    arrange(game, *SEVEN)
    assert "build" in choices(game)
    take_turn(game, "crew")
    assert "build" in choices(game)


# -- step 1 ------------------------------------------------------------------


def test_r3_1_previous_tile_becomes_lead_and_tiles_ahead_move_back():
    game = new_game(3, seed=8)
    arrange(game, *SEVEN)
    s0, _, _ = order(game)
    take_turn(game, "hire")  # slot 5
    take_turn(game, "crew")
    take_turn(game, "equipment")
    assert game.state.turn.seat == s0
    assert track(game) == [
        "hire", "build", "canal", "purchase", "equipment", "crew", "exchange"]
    assert cubes(game, "hire") == []
    advanced = of_type(game.events, ev.TileAdvanced)[-1]
    assert (advanced.seat, advanced.action, advanced.from_slot) == (s0, "hire", 5)
    assert game.state.seats[s0].newest is None
    assert game.state.wheel == 1


def test_r3_1_wheel_advances_even_when_the_tile_already_was_the_lead():
    """R-3.1 special case, reachable because R-3.2 allows the lead on a first turn."""
    game = new_game(3, seed=8)
    arrange(game, *SEVEN)
    s0 = order(game)[0]
    take_turn(game, "build")  # slot 0, the lead
    take_turn(game, "crew")
    start = len(game.events)
    take_turn(game, "equipment")
    assert game.state.turn.seat == s0
    assert track(game) == list(SEVEN)
    events = since(game, start)
    advanced = of_type(events, ev.TileAdvanced)
    assert len(advanced) == 1 and advanced[0].from_slot == 0
    wheel = of_type(events, ev.WheelTurned)
    assert len(wheel) == 1 and wheel[0].position == 1
    assert game.state.wheel == 1
    # the lead is not a choice on the regular turn that follows
    assert "build" not in choices(game)


def _two_seat_regular(seed: int = 4) -> tuple[Game, int, int]:
    """A 2-seat game at A's first regular turn: A on equipment (2) + hire (1),
    B on crew (2) + canal (1), before step 1 of A's turn ran."""
    game = new_game(2, seed=seed)
    arrange(game, *SEVEN)
    a, b = order(game)
    for action in ("equipment", "crew", "hire", "canal"):
        take_turn(game, action)
    return game, a, b


def test_r3_1_two_seats_cube_moves_from_the_old_tile_to_the_newer_one():
    game, a, b = _two_seat_regular()
    # A's step 1 ran: equipment (2 turns ago) is the lead, one of its cubes went to hire
    assert game.state.turn.seat == a
    assert track(game)[0] == "equipment"
    assert cubes(game, "equipment") == []
    assert cubes(game, "hire") == [a, a]
    assert cubes(game, "crew") == [b, b]
    assert cubes(game, "canal") == [b]
    advanced = of_type(game.events, ev.TileAdvanced)[-1]
    assert advanced.cube_moved_to == "hire"
    # A now places its one cube in hand
    start = len(game.events)
    game.play(f"choose {sorted(choices(game))[0]}")
    placed = of_type(since(game, start), ev.CubePlaced)[0]
    assert placed.cubes == 1
    total = sum(slot.cubes.count(a) for slot in game.state.track)
    assert total == 3


def test_r3_1_two_seats_then_b_advances_its_two_cube_tile():
    game, _a, b = _two_seat_regular()
    take_turn(game, "build")
    assert game.state.turn.seat == b
    assert track(game)[0] == "crew"
    assert cubes(game, "crew") == []
    assert cubes(game, "canal") == [b, b]
    assert game.state.wheel == 2


# -- choose --------------------------------------------------------------------


def test_r3_2_two_seats_have_three_choices():
    game, _a, _b = _two_seat_regular()
    # lead equipment, occupied hire / crew / canal: build, purchase, exchange remain
    assert choices(game) == {"build", "purchase", "exchange"}


@pytest.mark.parametrize("players", [3, 4])
def test_r3_2_three_and_four_seats_have_four_choices(players):
    game = new_game(players, seed=10)
    arrange(game, *(EIGHT if players == 4 else SEVEN))
    picks = ["crew", "equipment", "hire", "subsidy"][:players]
    for action in picks:
        take_turn(game, action)
    lead = "crew"
    occupied = set(picks[1:])
    offered = choices(game)
    assert len(offered) == 4
    assert lead not in offered
    assert not offered & occupied


def test_r3_2_an_action_that_cannot_be_performed_is_not_offered():
    game = new_game(3, seed=10)
    current(game).commodities = []
    assert "exchange" not in choices(game)
    game = new_game(3, seed=10)
    assert "exchange" in choices(game)


def _all_engineer_track(game: Game) -> None:
    """Every employee slot holds an engineer (surcharge 1) that nobody owns."""
    game.state.employee_track = [[["engineer:crane"] for _ in range(3)] for _ in range(8)]


def test_n2_performable_is_judged_after_the_income_of_that_choice():
    game = new_game(3, seed=10)
    arrange(game, "build", "equipment", "hire", "crew", "canal", "purchase", "exchange")
    take_turn(game, "equipment")  # occupies slot 1
    current(game).guilders = 0
    _all_engineer_track(game)
    # hire behind the occupied tile: income 1 pays the surcharge
    assert "hire" in choices(game)
    # hire ahead of every cube: no income, no surcharge money
    arrange(game, "hire", "equipment", "build", "crew", "canal", "purchase", "exchange")
    assert "hire" not in choices(game)


def test_n2_purchase_needs_income_when_the_free_slot_is_empty():
    game = new_game(3, seed=10)
    arrange(game, "build", "equipment", "purchase", "crew", "canal", "hire", "exchange")
    take_turn(game, "equipment")
    current(game).guilders = 0
    market = game.state.market
    market.commodities[0] = None
    assert "purchase" in choices(game)
    arrange(game, "purchase", "equipment", "build", "crew", "canal", "hire", "exchange")
    assert "purchase" not in choices(game)


def _nothing_performable(guilders: int) -> tuple[Game, int]:
    """4 seats; at the starting seat's regular turn every free tile is unperformable."""
    game = new_game(4, seed=30)
    arrange(game, *EIGHT)
    s0 = order(game)[0]
    for action in ("build", "equipment", "crew", "subsidy"):
        take_turn(game, action)
    assert game.state.turn.seat == s0
    state = game.state
    market = state.market
    market.canals = [None] * 5
    market.canal_deck = []
    market.canal_spent = []
    market.commodities = [None] * 5
    market.commodity_deck = []
    market.commodity_spent = []
    state.employee_track = [[[], [], []] for _ in range(8)]
    seat = state.seats[s0]
    seat.commodities = []
    seat.guilders = guilders
    return game, s0


def test_n3_nothing_performable_forces_a_cube_and_the_action_is_lost():
    game, s0 = _nothing_performable(0)
    offered = choices(game)
    assert offered == {"canal", "purchase", "hire", "exchange"}
    start = len(game.events)
    game.play("choose canal")
    events = since(game, start)
    assert of_type(events, ev.CubePlaced)[0].action == "canal"
    forfeited = of_type(events, ev.ActionForfeited)
    assert len(forfeited) == 1 and forfeited[0].action == "canal"
    assert not [e for e in of_type(events, ev.ActionStarted) if e.role == "main"]
    assert game.state.turn.seat != s0
    assert cubes(game, "canal") == [s0]


def test_n3_a_bonus_action_may_still_be_bought_after_a_forfeit():
    game, _s0 = _nothing_performable(20)
    game.play("choose hire")
    assert game.state.turn.step is S.BONUS_AFTER
    offered = set(moves_text(game))
    # the lead (build) and occupied tiles (equipment, crew, subsidy) are allowed
    assert {"bonus build", "bonus equipment", "bonus crew", "bonus subsidy"} <= offered
    assert "bonus hire" not in offered


# -- income --------------------------------------------------------------------


def test_r3_3_book_example_three_occupied_tiles_ahead_give_three():
    """The book's example: a cube behind three occupied tiles earns 3 guilders,
    and a tile counts although the cubes on it are the chooser's own."""
    game, a, _b = _two_seat_regular()
    # after A's step 1: equipment lead, hire (A, 2 cubes), crew (B, 2), canal (B, 1)
    arrange(game, "equipment", "hire", "crew", "canal", "build", "purchase", "exchange")
    before = current(game).guilders
    start = len(game.events)
    game.play("choose build")
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.amount == 3
    assert income.occupied_ahead == ["hire", "crew", "canal"]
    assert game.state.seats[a].guilders == before + 3


def test_r3_3_own_cubes_count_as_occupied():
    game, _a, _b = _two_seat_regular()
    arrange(game, "equipment", "hire", "build", "crew", "canal", "purchase", "exchange")
    start = len(game.events)
    game.play("choose build")
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.occupied_ahead == ["hire"]
    assert income.amount == 1


def test_r3_3_no_income_ahead_of_all_cubes():
    game, _a, _b = _two_seat_regular()
    arrange(game, "equipment", "build", "hire", "crew", "canal", "purchase", "exchange")
    seat = current(game)
    before = seat.guilders
    game.play("choose build")
    income = of_type(game.events, ev.IncomePaid)[-1]
    assert income.amount == 0 and income.occupied_ahead == []
    assert seat.guilders == before


def test_r3_3_guilders_lying_on_the_tile_are_added_and_removed():
    game, _a, _b = _two_seat_regular()
    arrange(game, "equipment", "hire", "crew", "canal", "build", "purchase", "exchange")
    game.state.track[5].guilders = 2  # purchase
    seat = current(game)
    seat.guilders = 0
    start = len(game.events)
    game.play("choose purchase")
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.tile_guilders == 2
    assert income.amount == 3 + 2
    assert game.state.track[slot_of(game, "purchase")].guilders == 0


# -- bonus action ------------------------------------------------------------


def test_r3_4_bonus_before_costs_six_and_excludes_the_chosen_action():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    game.play("choose equipment")
    assert game.state.turn.step is S.BONUS_BEFORE
    moves = moves_text(game)
    assert moves[0] == "proceed"
    assert "bonus equipment" not in moves
    assert "bonus crew" in moves
    seat = current(game)
    start = len(game.events)
    game.play("bonus crew")
    paid = of_type(since(game, start), ev.BonusPaid)[0]
    assert (paid.action, paid.cost, paid.guilders) == ("crew", 6, 0)
    assert seat.guilders == 0
    game.play("take")  # the bonus crew
    # the chosen action follows at once, then no second bonus
    assert game.state.turn.step is S.RING
    assert game.state.turn.action is Action.EQUIPMENT
    start = len(game.events)
    game.play("take")
    assert of_type(since(game, start), ev.TurnEnded)


def test_r3_4_after_a_bonus_first_no_second_bonus_even_with_money_left():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    seat = current(game)
    seat.guilders = 30
    game.play("choose equipment")
    game.play("bonus crew")
    game.play("take")  # the bonus crew
    assert game.state.turn.step is S.RING  # the chosen equipment
    start = len(game.events)
    game.play("take")
    events = since(game, start)
    assert of_type(events, ev.TurnEnded), f"still deciding: {moves_text(game)}"
    assert seat.guilders == 24
    assert len(of_type(game.events, ev.BonusPaid)) == 1


def test_r3_4_bonus_after_the_chosen_action_and_only_once():
    game = new_game(3, seed=5)
    game.state.seats[game.state.turn.seat].guilders = 20
    arrange(game, *SEVEN)
    game.play("choose equipment")
    game.play("proceed")
    game.play("take")
    assert game.state.turn.step is S.BONUS_AFTER
    moves = moves_text(game)
    assert moves[0] == "pass"
    assert "bonus equipment" not in moves
    assert "bonus crew" in moves
    seat = current(game)
    game.play("bonus crew")
    assert seat.guilders == 14
    start = len(game.events)
    game.play("take")
    events = since(game, start)
    assert of_type(events, ev.TurnEnded), "a second bonus action was offered"
    assert seat.guilders == 14


def test_r3_4_bonus_may_be_the_lead_or_an_occupied_tile():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    s0 = order(game)[0]
    take_turn(game, "crew")
    take_turn(game, "equipment")
    take_turn(game, "hire")
    game.state.seats[s0].guilders = 20
    # lead is crew (s0's previous tile); equipment and hire carry other cubes
    game.play("choose canal")
    moves = moves_text(game)
    assert {"bonus crew", "bonus equipment", "bonus hire"} <= set(moves)
    assert "bonus canal" not in moves


def test_r3_4_two_seats_bonus_may_be_the_tile_with_two_own_cubes():
    game, _a, _b = _two_seat_regular()
    current(game).guilders = 20
    game.play("choose build")
    moves = moves_text(game)
    assert "bonus hire" in moves  # A's two cubes
    assert "bonus equipment" in moves  # the lead
    assert "bonus build" not in moves


def test_r3_4_no_bonus_with_fewer_than_six_guilders():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    current(game).guilders = 5
    game.play("choose equipment")
    # straight into the action, no bonus prompt
    assert game.state.turn.step is S.RING
    game.play("take")
    assert game.state.turn.step is S.CHOOSE


def test_r3_4_the_bonus_is_paid_first_so_its_proceeds_cannot_pay_for_it():
    """With 5 guilders an Exchange bonus would bring money, but it must be paid first."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    current(game).guilders = 5
    game.play("choose equipment")
    assert game.state.turn.step is S.RING
    assert not any(m.startswith("bonus") for m in moves_text(game))


def test_r3_4_proceeds_of_the_chosen_action_can_pay_a_later_bonus():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    seat = current(game)
    seat.guilders = 4
    game.state.exchange_marker = 0  # moves to space 1: coal 3, cloth 1, steel 2
    game.play("choose exchange")
    game.play(f"exchange {seat.commodities[0]}")
    for _ in range(3):
        game.play("sell")
    assert seat.guilders == 10
    assert game.state.turn.step is S.BONUS_AFTER
    assert "bonus crew" in moves_text(game)


def test_r3_4_bonus_must_be_performable_with_what_is_left_after_paying():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    seat = current(game)
    game.state.market.commodities[0] = None  # the cheapest commodity now costs 1
    seat.guilders = 6
    game.play("choose equipment")
    assert "bonus purchase" not in moves_text(game)

    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    game.state.market.commodities[0] = None
    current(game).guilders = 7
    game.play("choose equipment")
    assert "bonus purchase" in moves_text(game)


def test_r3_4_bonus_exchange_needs_a_commodity_tile():
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    current(game).commodities = []
    current(game).guilders = 12
    game.play("choose equipment")
    moves = moves_text(game)
    assert "bonus exchange" not in moves
    assert "bonus crew" in moves


def test_r3_4_bonus_on_the_first_turn_is_allowed():
    game = new_game(2, seed=5)
    game.play("choose equipment")
    assert game.state.turn.step is S.BONUS_BEFORE


def test_r3_4_no_bonus_first_is_offered_that_would_spoil_the_chosen_action():
    """R-3.4 (revision 2): the chosen Purchase needs 2 guilders; with 7 a bonus action
    first (6) would leave 1, so none is offered and the turn goes on to the Purchase."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    market = game.state.market
    market.commodities[0] = market.commodities[1] = market.commodities[2] = None
    seat = current(game)
    seat.guilders = 7
    game.play("choose purchase")
    assert game.state.turn.step is S.PURCHASE
    assert not [m for m in moves_text(game) if m.startswith("bonus")]


def test_r3_4_a_bonus_first_keeps_what_the_chosen_action_needs():
    """R-3.4: with 8 guilders the bonus Manufacture Equipment is offered, but its paid
    steps may not spend the 2 guilders the chosen Purchase needs: it is never lost."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    market = game.state.market
    market.commodities[0] = market.commodities[1] = market.commodities[2] = None
    seat = current(game)
    seat.guilders = 8
    game.play("choose purchase")
    assert "bonus equipment" in moves_text(game)
    game.play("bonus equipment")
    assert seat.guilders == 2
    assert moves_text(game) == ["take"]  # a paid step would leave 1
    start = len(game.events)
    game.play("take")
    assert game.state.turn.step is S.PURCHASE
    assert not of_type(since(game, start), ev.ActionForfeited)
    game.play(moves_text(game)[0])
    assert seat.guilders == 0


def test_r3_4_a_bonus_build_first_may_only_buy_what_leaves_the_chosen_canal():
    """R-3.4: a bonus Build Ships taken before a chosen Rent a Canal may only buy tiles
    whose price leaves the cheapest canal affordable."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    market = game.state.market
    market.canals[0] = market.canals[1] = market.canals[2] = None  # cheapest canal: 2
    seat = current(game)
    seat.guilders = 9
    game.play("choose canal")
    game.play("bonus build")
    assert seat.guilders == 3
    rows = {int(m.split()[2]) for m in moves_text(game) if m.startswith("buy ")}
    assert rows and max(CATALOG.slot_prices[r] for r in rows) == 1
    game.play(next(m for m in moves_text(game) if m.startswith("buy ") and m.endswith(" 1")))
    game.play(next(m for m in moves_text(game) if m.startswith("place ")))
    assert not any(m.startswith("buy ") and not m.endswith(" 0") for m in moves_text(game))
    game.play("end-build")
    assert game.state.turn.step is S.CANAL_PICK
    assert moves_text(game)


# -- the wheel ---------------------------------------------------------------


def test_r3_8_each_step_one_turns_the_wheel_once():
    game = new_game(3, seed=14)
    for _ in range(3):
        finish_turn(game)
    assert game.state.wheel == 1
    for k in range(2, 8):
        finish_turn(game)
        assert game.state.wheel == k


def _regular_turn(players: int, seed: int = 14, **options: bool) -> Game:
    """A game at a regular turn's choose step (after the first turns)."""
    game = new_game(players, seed=seed, **options)
    first = players * (2 if players == 2 else 1)
    for _ in range(first):
        finish_turn(game)
    assert of_type(game.events, ev.TurnStarted)[-1].kind == "regular"
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_8_rotation_finishes_the_turn_then_removes_a_reserve_cube(players):
    game = _regular_turn(players)
    state = game.state
    reserve = state.reserve
    state.wheel = 11
    finish_turn(game)
    # the next seat's step 1 turned the wheel from 11 to 0
    assert state.wheel == 0
    assert of_type(game.events, ev.WheelTurned)[-1].rotation_completed
    assert state.reserve == reserve, "the cube must wait until the turn is finished"
    rotating_seat = state.turn.seat
    start = len(game.events)
    finish_turn(game)
    events = since(game, start)
    assert state.reserve == reserve - 1
    assert state.cubes_removed == 1
    kinds = [type(e) for e in events]
    ended = kinds.index(ev.TurnEnded)
    done = kinds.index(ev.RotationCompleted)
    assert events[ended].seat == rotating_seat
    assert ended < done < kinds.index(ev.TurnStarted)
    assert of_type(events, ev.RotationCompleted)[0].reserve == reserve - 1


def _at_rotation_turn(players: int = 3) -> Game:
    """A game inside the turn whose step 1 completed a rotation, at its choose step."""
    game = _regular_turn(players)
    game.state.wheel = 11
    finish_turn(game)
    assert game.state.wheel == 0 and game.state.turn.step is S.CHOOSE
    return game


def _free_tiles(game: Game) -> list[str]:
    return [slot.action.value for slot in game.state.track[1:] if not slot.cubes]


def test_r3_8_guilder_goes_on_the_last_tile_when_it_holds_no_cube():
    game = _at_rotation_turn()
    free = _free_tiles(game)
    occupied = [s.action.value for s in game.state.track if s.cubes]
    lead = track(game)[0]
    last, chosen = free[0], free[1]
    rest = [a for a in track(game) if a not in (lead, last)]
    arrange(game, lead, *rest, last)
    assert occupied  # sanity
    start = len(game.events)
    take_turn(game, chosen)
    done = of_type(since(game, start), ev.RotationCompleted)
    assert len(done) == 1 and done[0].guilder_on == last
    assert game.state.track[slot_of(game, last)].guilders == 1
    assert sum(slot.guilders for slot in game.state.track) == 1


def test_r3_8_no_guilder_when_the_last_tile_holds_a_cube():
    game = _at_rotation_turn()
    occupied = [s.action.value for s in game.state.track if s.cubes]
    lead = track(game)[0]
    last = occupied[0]
    rest = [a for a in track(game) if a not in (lead, last)]
    arrange(game, lead, *rest, last)
    chosen = _free_tiles(game)[0]
    start = len(game.events)
    take_turn(game, chosen)
    done = of_type(since(game, start), ev.RotationCompleted)
    assert len(done) == 1 and done[0].guilder_on is None
    assert sum(slot.guilders for slot in game.state.track) == 0


def test_r3_8_no_guilder_when_the_chooser_takes_the_last_tile():
    game = _at_rotation_turn()
    lead = track(game)[0]
    last = _free_tiles(game)[0]
    rest = [a for a in track(game) if a not in (lead, last)]
    arrange(game, lead, *rest, last)
    start = len(game.events)
    take_turn(game, last)
    done = of_type(since(game, start), ev.RotationCompleted)
    assert done[0].guilder_on is None


def test_r3_8_guilders_accumulate_until_someone_chooses_the_tile():
    game = _at_rotation_turn()
    lead = track(game)[0]
    free = _free_tiles(game)
    last, chosen = free[0], free[1]
    rest = [a for a in track(game) if a not in (lead, last)]
    arrange(game, lead, *rest, last)
    take_turn(game, chosen)
    assert game.state.track[slot_of(game, last)].guilders == 1
    # a second rotation with the same tile last and still free
    game.state.wheel = 11
    finish_turn(game)
    assert game.state.wheel == 0
    lead = track(game)[0]
    assert lead != last and not cubes(game, last)
    rest = [a for a in track(game) if a not in (lead, last)]
    arrange(game, lead, *rest, last)
    chosen = next(a for a in _free_tiles(game) if a != last)
    take_turn(game, chosen)
    assert game.state.track[slot_of(game, last)].guilders == 2
    # now a seat chooses it and collects both
    seat = current(game)
    assert last in choices(game)
    ahead = sum(1 for slot in game.state.track[: slot_of(game, last)] if slot.cubes)
    before = seat.guilders
    start = len(game.events)
    game.play(f"choose {last}")
    income = of_type(since(game, start), ev.IncomePaid)[0]
    assert income.tile_guilders == 2
    assert income.amount == ahead + 2
    assert seat.guilders == before + ahead + 2
    assert game.state.track[slot_of(game, last)].guilders == 0


# -- contract discards ----------------------------------------------------------

DISCARD_PLAN = [
    # players, advanced, [(cubes removed when the discard happens, contracts kept per colour)]
    (2, False, [(2, 1)]),
    (2, True, [(2, 1)]),
    (3, False, [(4, 1)]),
    (3, True, [(2, 2), (4, 1)]),
    (4, False, [(4, 1)]),
    (4, True, [(4, 1)]),
]


def _play_discards(game: Game, rng: random.Random) -> None:
    while game.state.stage is Stage.DISCARD:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("players", "advanced", "plan"), DISCARD_PLAN)
def test_r3_9_contract_discards_happen_at_the_right_reserve_cube(players, advanced, plan):
    game = new_game(players, seed=17, advanced=advanced)
    rng = random.Random(players * 10 + advanced)
    per_colour = dealt = 3 if advanced else 2
    total = game.state.reserve
    for removed, keep in plan:
        play_until(game, lambda g: g.state.stage is Stage.DISCARD, rng=rng)
        state = game.state
        assert state.cubes_removed == removed
        assert state.discard_target == keep
        required = of_type(game.events, ev.DiscardRequired)[-1]
        assert required.keep == keep
        # the discard follows the cube that triggered it
        last_rotation = of_type(game.events, ev.RotationCompleted)[-1]
        assert last_rotation.cubes_removed == removed
        for seat in state.seats:
            assert Counter(c[0] for c in seat.contracts) == {"R": per_colour, "B": per_colour}
        # N-15: in turn order from the starting seat
        assert state.queue == order(game)
        _play_discards(game, rng)
        for seat in state.seats:
            assert Counter(c[0] for c in seat.contracts) == {"R": keep, "B": keep}
            assert len(seat.discarded) == 2 * (dealt - keep)
        per_colour = keep
    # no further discard until every reserve cube is gone
    play_until(game, lambda g: g.state.reserve == 0 or g.is_over, rng=rng, limit=20000)
    assert len(of_type(game.events, ev.DiscardRequired)) == len(plan)
    for seat in game.state.seats:
        reds = [c for c in seat.contracts if CATALOG.contracts[c].colour.value == "red"]
        blues = [c for c in seat.contracts if CATALOG.contracts[c].colour.value == "blue"]
        assert len(reds) == 1 and len(blues) == 1
    assert game.state.cubes_removed == total


@pytest.mark.parametrize(("advanced", "plan"), [(False, [(4, 1)]), (True, [(2, 2), (4, 1)])])
def test_r3_9_solo_discards_like_three_seats(advanced, plan):
    game = solo_game(seed=3, advanced=advanced)
    rng = random.Random(5)
    for removed, keep in plan:
        play_until(game, lambda g: g.state.stage is Stage.DISCARD, rng=rng)
        assert game.state.cubes_removed == removed
        assert game.state.queue == [0]
        _play_discards(game, rng)
        me = game.state.seats[0]
        assert Counter(c[0] for c in me.contracts) == {"R": keep, "B": keep}
    assert game.state.seats[1].contracts == [] and game.state.seats[2].contracts == []


@pytest.mark.parametrize(("players", "advanced", "cube"), [
    (2, False, 2), (2, True, 2), (3, False, 4), (3, True, 2), (4, False, 4), (4, True, 4),
])
def test_r3_9_discard_is_required_right_after_the_triggering_cube(players, advanced, cube):
    """Set the counters just before the triggering cube and complete one rotation."""
    game = _regular_turn(players, advanced=advanced)
    state = game.state
    state.cubes_removed = cube - 1
    state.reserve -= cube - 1
    state.wheel = 11
    finish_turn(game)  # the next step 1 completes the rotation
    assert state.stage is Stage.PLAY
    finish_turn(game)  # the rotating turn ends, the cube leaves
    assert state.cubes_removed == cube
    assert state.stage is Stage.DISCARD
    assert state.turn.step is S.DISCARD
    required = of_type(game.events, ev.DiscardRequired)[-1]
    assert required.seats == order(game)
    moves = moves_text(game)
    assert moves and all(m.startswith("discard ") for m in moves)


@pytest.mark.parametrize(("players", "cube"), [(2, 1), (2, 3), (3, 3), (3, 5), (4, 3), (4, 5)])
def test_r3_9_no_discard_at_other_cubes(players, cube):
    game = _regular_turn(players)
    state = game.state
    state.cubes_removed = cube - 1
    state.reserve -= cube - 1
    state.wheel = 11
    finish_turn(game)
    finish_turn(game)
    assert state.cubes_removed == cube
    assert state.stage is Stage.PLAY
    assert not of_type(game.events, ev.DiscardRequired)


def test_r3_9_discarded_contracts_stay_secret():
    game = new_game(2, seed=17)
    play_until(game, lambda g: g.state.stage is Stage.DISCARD)
    seat = game.state.turn.seat
    game.play(moves_text(game)[0])
    discarded = of_type(game.events, ev.ContractDiscarded)[-1]
    assert discarded.contract is not None
    other = 1 - seat
    seen = of_type(game.events_for(other), ev.ContractDiscarded)[-1]
    assert seen.contract is None
    assert seen.colour == discarded.colour
    assert game.view(other).seats[seat].discarded[0].startswith("hidden")


def test_n2_guilders_lying_on_a_tile_count_towards_performability():
    game = new_game(3, seed=10)
    arrange(game, "hire", "equipment", "build", "crew", "canal", "purchase", "exchange")
    take_turn(game, "equipment")
    current(game).guilders = 0
    _all_engineer_track(game)
    assert "hire" not in choices(game)
    game.state.track[0].guilders = 1  # hire, ahead of every cube
    assert "hire" in choices(game)
    game.play("choose hire")
    assert game.state.turn.step is S.HIRE


# -- whole games: the cube and wheel bookkeeping holds throughout -------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_1_r3_2_r3_8_bookkeeping_over_a_whole_game(players):
    game = new_game(players, seed=100 + players)
    rng = random.Random(players)
    expected_free = 3 if players == 2 else 4
    regular_turns = 0
    for _ in range(20000):
        state = game.state
        if game.is_over:
            break
        started = of_type(game.events, ev.TurnStarted)
        if (state.stage is Stage.PLAY and state.turn.step is S.CHOOSE
                and started and started[-1].kind == "regular"):
            regular_turns += 1
            mover = state.turn.seat
            free = [slot for slot in state.track[1:] if not slot.cubes]
            assert len(free) == expected_free
            assert not state.track[0].cubes, "the lead was just advanced and holds no cube"
            on_track = Counter(c for slot in state.track for c in slot.cubes)
            if players == 2:
                assert on_track[mover] == 2 and on_track[1 - mover] == 3
            else:
                assert on_track[mover] == 0
                assert all(on_track[s] == 1 for s in range(players) if s != mover)
            # the wheel counts every step 1 so far
            assert state.wheel == len(of_type(game.events, ev.TileAdvanced)) % 12
            done = len(of_type(game.events, ev.RotationCompleted))
            assert state.cubes_removed == done
        game.play(rng.choice(game.legal_moves()))
    assert regular_turns > 20
    rotations = of_type(game.events, ev.RotationCompleted)
    assert [r.cubes_removed for r in rotations] == list(range(1, len(rotations) + 1))
