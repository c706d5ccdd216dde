"""Performing actions, the paid and free tiles, the warehouse, passing and the extra
action (NAUTICUS.md §5-7 and §10-12), one test per ruling, with the book's examples."""

from __future__ import annotations

import pytest

from shipyard_tui.games.nauticus import IllegalMoveError
from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules.state import Step
from support.nauticus import build, give_warehouse, give_yard, legal, play, table

# -- §5 performing an action -------------------------------------------------


def test_na_5_1_blue_workers_first_then_own_and_unused_blue_workers_are_lost():
    game = table(2)
    play(game, "choose withdraw")  # field 0 this round: no blue workers
    events = play(game, "withdraw")
    assert game.state.seats[0].workers == 4 + 3 - 1
    assert [e.blue for e in events if isinstance(e, ev.MoneyWithdrawn)] == [False]

    game = table(2)
    play(game, "choose hulls")  # field 3: 2 blue workers
    events = play(game, "buy hull:single w", "done", "end")
    assert [e.blue for e in events if isinstance(e, ev.ItemBought)] == [True]
    assert game.state.seats[0].workers == 4
    # the next seat has both blue workers again: one was not "used up" for it
    events = play(game, "buy hull:single w", "buy hull:bow new", "buy hull:stern new")
    assert [e.blue for e in events if isinstance(e, ev.ItemBought)] == [True, True, False]
    assert game.state.seats[1].workers == 3


def test_na_5_2_to_perform_is_at_least_one_use_and_as_many_as_can_be_paid():
    game = table(2, workers=1)
    play(game, "choose withdraw")  # +3 workers, no blue: 4 uses possible
    assert "done" not in legal(game), "a performance needs a first use"
    for _ in range(4):
        play(game, "withdraw")
    assert "withdraw" not in legal(game)
    assert game.state.seats[0].coins == 15 + 8
    play(game, "done")
    assert game.state.step is Step.AFTER


def test_na_5_2_workers_gained_in_the_action_can_be_used_at_once():
    game = table(2, workers=0)
    give_yard(game, 0, build("single", masts="whale"))
    play(game, "choose sails", "buy sail:whale 0.0")  # field 7: 2 blue; price 1
    assert game.state.step is Step.REWARD
    play(game, "reward workers")
    assert game.state.seats[0].workers == 3
    play(game, "buy sail:boat w", "buy sail:helm w")  # the 2nd blue, then own
    assert game.state.seats[0].workers == 2


def test_na_5_3_golden_rule_free_tiles_to_the_warehouse_paid_ones_may_go_to_the_yard():
    game = table()
    play(game, "choose hulls")
    moves = legal(game)
    assert "buy hull:single w" in moves and "buy hull:single new" not in moves  # price 0
    assert {"buy hull:bow new", "buy hull:bow w"} <= moves  # price 1: yard or warehouse
    play(game, "buy hull:bow w")
    assert game.state.seats[0].warehouse == {"hull:bow": 1}


def test_na_5_4_tiles_are_placed_at_once_and_nothing_leaves_yard_or_warehouse_otherwise():
    game = table()
    give_yard(game, 0, build("single"))
    give_warehouse(game, 0, "mast:whale")
    play(game, "choose transport", "bonus mast:boat")
    moves = legal(game)
    assert {m.split()[0] for m in moves} <= {"move", "pass", "extra"}
    assert all(m.split()[-1] != "w" for m in moves if m.startswith("move"))


# -- §6 paid actions ---------------------------------------------------------


def test_na_6_1_further_copies_of_the_same_item_cost_4():
    game = table(coins=20)
    play(game, "choose hulls", "buy hull:single w")
    assert game.state.seats[0].coins == 20
    play(game, "buy hull:single new")
    assert game.state.seats[0].coins == 16
    play(game, "buy hull:bow new", "buy hull:bow new")
    assert game.state.seats[0].coins == 16 - 1 - 4


def test_na_6_2_buying_all_four_gives_one_more_item_free_to_the_warehouse():
    game = table(coins=20, workers=6)
    play(game, "choose hulls", "buy hull:bow new", "buy hull:centre new", "buy hull:stern new")
    assert game.state.step is Step.ACT
    play(game, "buy hull:single w")
    assert game.state.step is Step.FREE
    assert legal(game) == {f"free hull:{k}" for k in ("bow", "centre", "stern", "single")}
    workers = game.state.seats[0].workers
    play(game, "free hull:single")
    assert game.state.seats[0].warehouse == {"hull:single": 2}
    assert game.state.seats[0].workers == workers, "the free item needs no use"
    play(game, "buy hull:single w")  # a further copy: 4 coins, no second free item
    assert game.state.step is Step.ACT


def test_na_6_2_the_all_four_item_is_lost_without_room():
    game = table(coins=30, workers=6)
    give_warehouse(game, 0, *["good:coffee"] * 9)
    play(game, "choose masts", "bonus sail:whale")  # 10 units used: room for one mast
    play(game, "buy mast:whale w")  # price 0: must be stored: the warehouse is full
    give_yard(game, 0, build("single"), build("single"), build("single"))
    play(game, "buy mast:boat 0.0", "buy mast:helm 1.0", "buy mast:trident 2.0")
    assert game.state.step is Step.ACT
    assert game.events[-1] == ev.FreeItemTaken(0, None)


def test_na_6_3_a_purchase_needs_coins_a_use_and_a_destination():
    game = table(coins=0, workers=0)
    play(game, "choose hulls")  # 2 blue workers
    assert legal(game) >= {"buy hull:single w"}
    assert not any(m.startswith("buy hull:bow") for m in legal(game)), "no coins"
    play(game, "buy hull:single w")
    assert "buy hull:single w" not in legal(game), "a second copy costs 4"
    game = table(workers=0)
    play(game, "choose withdraw")  # no blue workers on field 0 ...
    game.state.seats[0].workers = 0  # ... and, here, no own workers
    # the extra action on every action the seat could make a use of with its 2 workers
    # (NA-12.1); none on transport, deliver or crowns: nothing stored, no complete ship,
    # no crown, and an extra action must make a use (NA-5.2)
    assert legal(game) == {"pass"} | {f"extra {a}" for a in (
        "hulls", "masts", "sails", "goods", "withdraw")}
    game = table()
    give_warehouse(game, 0, *["good:coffee"] * 12)
    play(game, "choose hulls")
    assert not any(m.startswith("buy hull:single") for m in legal(game)), "no room"


def test_na_6_4_buy_hulls_bow_centre_stern_single():
    game = table()
    play(game, "choose hulls")
    bought = {m.split()[1] for m in legal(game) if m.startswith("buy")}
    assert bought == {"hull:bow", "hull:centre", "hull:stern", "hull:single"}


def test_na_6_5_masts_regular_crests_only_onto_any_hull_tile_without_a_mast():
    game = table()
    give_yard(game, 0, build("bow", "stern", masts="- whale"), build("centre"))
    play(game, "choose masts", "bonus sail:boat")
    boats = {m for m in legal(game) if m.startswith("buy mast:boat")}
    assert boats == {"buy mast:boat 1.0", "buy mast:boat w"}
    whales = {m for m in legal(game) if m.startswith("buy mast:whale")}
    assert whales == {"buy mast:whale w"}  # price 0 on field 2: stored
    assert not any("crown" in m for m in legal(game) if m.startswith("buy"))


def test_na_6_6_sails_regular_crests_only_onto_any_mast_without_a_sail():
    game = table()
    give_yard(game, 0, build("bow", "centre", masts="helm helm", sails="helm"))
    play(game, "choose sails")  # field 7: whale 1, boat 2, helm 3, trident 0
    helms = {m for m in legal(game) if m.startswith("buy sail:helm")}
    assert helms == {"buy sail:helm 0.1", "buy sail:helm w"}
    assert {m for m in legal(game) if m.startswith("buy sail:boat")} == {"buy sail:boat w"}
    assert not any("crown" in m for m in legal(game) if m.startswith("buy"))


def test_na_6_7_a_paid_good_goes_under_any_hull_tile_without_a_good():
    game = table()
    give_yard(game, 0, build("bow", goods="salt"), build("single"))
    play(game, "choose goods", "buy good:fish 1.0")
    assert game.state.seats[0].yard[1].slots[0].good == "fish"
    assert {m for m in legal(game) if m.startswith("buy good:grain")} == {"buy good:grain w"}


def test_na_6_8_book_example_all_four_hulls_on_the_2vp_field():
    """Four uses and 6 coins, 2 blue workers and 2 own; a free hull to the warehouse;
    the next player's bow and stern cost 1 + 3 on the blue workers alone; the third
    player's single costs 0, goes to the warehouse, and one blue worker is lost."""
    game = table(3)
    play(game, "choose hulls")
    assert game.state.seats[0].vp == 12
    play(game, "buy hull:bow new", "buy hull:centre new", "buy hull:stern right:0",
         "buy hull:single w", "free hull:single")
    a = game.state.seats[0]
    assert (a.coins, a.workers) == (15 - 6, 4 - 2)
    assert a.warehouse == {"hull:single": 2}
    assert [[s.hull for s in b.slots] for b in a.yard] == [["bow", "stern"], ["centre"]]
    play(game, "done", "end", "buy hull:bow new", "buy hull:stern right:0", "done", "end")
    b = game.state.seats[1]
    assert (b.coins, b.workers) == (15 - 4, 4)
    play(game, "buy hull:single w", "done")
    c = game.state.seats[2]
    assert (c.coins, c.workers, c.warehouse) == (15, 4, {"hull:single": 1})


def test_na_6_8_book_example_masts_whale_stored_boats_mounted():
    game = table()
    give_yard(game, 0, build("bow", "stern"))
    play(game, "choose masts", "bonus sail:boat", "buy mast:whale w", "buy mast:boat 0.0",
         "buy mast:boat 0.1")
    a = game.state.seats[0]
    assert a.coins == 15 - 0 - 1 - 4
    assert a.workers == 4, "three uses on the three blue workers of field 2"
    assert a.warehouse == {"mast:whale": 1, "sail:boat": 1}
    assert [s.mast for s in a.yard[0].slots] == ["boat", "boat"]


def test_na_6_8_book_example_goods_coffee_fish_grain_and_a_second_coffee_cost_7():
    game = table()
    give_yard(game, 0, build("bow", "stern"), build("single"))
    play(game, "choose goods", "buy good:coffee w", "buy good:fish w", "buy good:grain 0.0",
         "buy good:coffee 0.1")
    a = game.state.seats[0]
    assert a.coins == 15 - 7
    assert a.workers == 4 + 1 - 1, "4 uses: 3 blue workers and 1 own (after the bonus)"
    assert a.warehouse == {"good:coffee": 1, "good:fish": 1}
    # the fish could have gone under the free hull tile instead
    game = table()
    give_yard(game, 0, build("single"))
    play(game, "choose goods", "buy good:coffee w")
    assert "buy good:fish 0.0" in legal(game)
    # the book's alternative: salt for 3 instead of the second coffee, and a free coffee
    game = table()
    play(game, "choose goods", "buy good:coffee w", "buy good:fish w", "buy good:grain w",
         "buy good:salt w", "free good:coffee")
    assert game.state.seats[0].coins == 15 - 6
    assert game.state.seats[0].warehouse["good:coffee"] == 2


# -- §7 free actions ---------------------------------------------------------


def test_na_7_1_transport_moves_one_tile_per_use_to_a_legal_place():
    game = table(2, workers=0)
    give_warehouse(game, 0, "hull:bow", "mast:boat", "good:salt")
    play(game, "choose transport", "bonus mast:whale")  # field 1: 1 blue worker
    assert {m for m in legal(game) if m.startswith("move")} == {"move hull:bow new"}
    play(game, "move hull:bow new")
    assert legal(game) == {"done"}, "no worker left"
    assert game.state.seats[0].warehouse == {"mast:boat": 1, "good:salt": 1, "mast:whale": 1}


def test_na_7_2_withdraw_money_two_coins_per_use():
    game = table()
    play(game, "choose withdraw", "withdraw", "withdraw", "withdraw")
    assert game.state.seats[0].coins == 21


def test_na_7_3_deliver_only_complete_fully_loaded_ships_one_use_per_good():
    game = table(2, workers=1)
    full = build("bow", "stern", masts="boat boat", sails="boat crown", goods="fish fish")
    half = build("bow", "stern", masts="whale whale", sails="whale whale", goods="salt -")
    open_ = build("single", masts="helm", goods="coffee")
    give_yard(game, 0, full, half, open_)
    play(game, "choose deliver", "bonus good:grain")  # field 5: 1 blue; +1 worker
    assert {m for m in legal(game) if m.startswith("deliver")} == {"deliver 0"}
    play(game, "deliver 0")
    seat = game.state.seats[0]
    assert seat.delivered == {"fish": 2}
    assert seat.workers == 1 and seat.yard[0].complete
    assert all(s.good is None for s in seat.yard[0].slots), "the ship may be loaded again"
    assert "deliver 0" not in legal(game)
    assert seat.warehouse == {"good:grain": 1}, "delivered goods are not in the warehouse"


def test_na_7_3_a_ship_is_delivered_whole_or_not_at_all():
    game = table(2, workers=0)
    give_yard(game, 0, build("bow", "centre", "stern", masts="boat boat boat",
                             sails="boat boat boat", goods="fish fish salt"))
    play(game, "choose deliver", "bonus good:grain")
    assert "deliver 0" not in legal(game), "3 goods need 3 uses: 1 blue + 1 own"


def test_na_7_4_book_example_three_crowns_times_three_uses_then_the_15_cap():
    game = table(2)
    give_yard(game, 0, build("bow", "stern", masts="crown boat"))
    give_warehouse(game, 0, "sail:crown")
    game.state.seats[0].pass_up = [2, 1]
    play(game, "choose crowns")  # field 4: 2 blue workers, bonus 2 workers
    assert game.state.seats[0].crowns == 3
    play(game, "crown", "crown", "crown")
    assert game.state.seats[0].vp == 10 + 9
    play(game, "crown", "crown")
    assert game.state.seats[0].vp == 10 + 15
    assert "crown" not in legal(game), "one performance scores at most 15"


def test_na_7_4_crown_evaluation_needs_a_crown():
    game = table()
    play(game, "choose crowns")
    assert "crown" not in legal(game)
    play(game, "pass")  # the pass tile's back is a crown ...
    play(game, "extra crowns")  # ... so the extra action can now evaluate it
    assert "crown" in legal(game)


# -- §10 warehouse -----------------------------------------------------------


def test_na_10_1_twelve_units_a_mast_takes_two():
    game = table()
    give_warehouse(game, 0, *["good:salt"] * 10)
    seat = game.state.seats[0]
    assert seat.fits("mast:whale") and not seat.fits("mast:whale", 2)
    give_warehouse(game, 0, "mast:whale")
    assert seat.warehouse_room == 0 and not seat.fits("good:salt")


def test_na_10_2_a_bonus_tile_without_room_is_lost_but_the_worker_is_received():
    game = table()
    give_warehouse(game, 0, *["good:salt"] * 12)
    events = play(game, "choose deliver")
    assert game.state.seats[0].workers == 5
    assert events[-1] == ev.BonusReceived(0, 5, 0, 0, None, True)
    assert game.state.step is Step.GO


def test_na_10_2_a_bonus_tile_without_stock_is_lost_and_price_0_needs_room():
    game = table()
    for crest in ("whale", "boat", "helm", "trident"):
        game.state.stacks[f"mast:{crest}"] = 0
    play(game, "choose transport")
    assert game.events[-1] == ev.BonusReceived(0, 1, 0, 0, None, True)
    game = table()
    give_warehouse(game, 0, *["good:salt"] * 12)
    play(game, "choose hulls")
    assert not any(m.startswith("buy hull:single") for m in legal(game))


# -- §11 passing -------------------------------------------------------------


def test_na_11_1_passing_turns_the_largest_face_up_pass_tile():
    game = table(2)
    play(game, "choose withdraw", "pass")
    assert game.state.seats[0].pass_up == [2, 1]
    assert game.state.seats[0].workers == 7, "the chooser keeps its bonus"
    assert game.events[-1] == ev.Passed(0, 3)


def test_na_11_2_a_seat_may_pass_with_no_pass_tile_left():
    game = table(2)
    game.state.seats[0].pass_up = []
    play(game, "choose withdraw", "pass")
    assert game.events[-1] == ev.Passed(0, None)
    assert game.state.step is Step.AFTER


@pytest.mark.parametrize(("turned", "penalty"), [(0, 6), (1, 3), (2, 1), (3, 0)])
def test_na_11_3_end_of_round_penalty_and_pass_tiles_face_up_again(turned, penalty):
    game = table(2)
    game.state.seats[0].pass_up = [3, 2, 1][turned:]
    game.state.seats[0].vp = 2
    game.state.phase = 7
    game.state.anchor_tile = 3
    play(game, "choose withdraw", "withdraw", "done", "end", "withdraw", "done", "end")
    seat = game.state.seats[0]
    assert seat.vp == 2 - penalty, "scores may go below zero"
    assert seat.pass_up == [3, 2, 1] and seat.crowns == 0


# -- §12 the extra action ----------------------------------------------------


def test_na_12_1_extra_action_two_workers_any_action_once_before_or_after():
    game = table(2, workers=0)
    play(game, "choose withdraw", "pass")
    assert game.state.step is Step.AFTER
    play(game, "extra hulls")  # a tile not chosen this phase
    seat = game.state.seats[0]
    assert seat.workers == 3 + 2 and not seat.extra
    play(game, "buy hull:bow new", "done")
    assert game.state.seat == 1 and game.state.step is Step.GO
    assert not any(m.startswith("extra") for m in legal(game) if game.state.seat == 0)
    # the other seat plays it before performing, on the current (face-up) action
    play(game, "extra withdraw")
    assert game.state.seats[1].workers == 2 and game.state.step is Step.ACT
    assert "done" not in legal(game), "NA-5.2: to perform is to make at least one use"
    play(game, "withdraw", "done")
    assert game.state.step is Step.GO
    play(game, "withdraw", "done")
    assert game.state.step is Step.CHOOSE


def test_na_5_2_an_extra_action_without_a_possible_use_is_not_offered():
    """To perform is to make at least one use (NA-5.2), in the extra action too: with no
    coins nothing can be bought, so no paid action is offered as the extra action."""
    game = table(2, coins=0, workers=0)
    play(game, "choose withdraw")
    extras = {m for m in legal(game) if m.startswith("extra")}
    assert extras == {"extra withdraw"}
    play(game, "extra withdraw")
    assert legal(game) == {"withdraw"}


def test_na_12_1_extra_action_on_a_face_down_tile():
    game = table(2)
    play(game, "choose withdraw", "pass", "end", "pass", "end", "choose hulls", "pass")
    assert game.state.face_down[0]
    play(game, "extra withdraw", "withdraw")
    assert game.state.seats[1].coins == 15 + 2


def test_na_12_2_in_the_extra_action_the_first_copy_costs_2_and_further_ones_4():
    game = table(coins=20, workers=4)
    play(game, "choose withdraw", "pass", "extra hulls", "buy hull:single new",
         "buy hull:single new", "buy hull:bow w")
    assert game.state.seats[0].coins == 20 - 2 - 4 - 2
    assert "buy hull:single new" in legal(game), "even a single costs 2: it may be placed"
    play(game, "buy hull:centre w", "buy hull:stern w")
    assert game.state.step is Step.FREE, "NA-6.2 applies in the extra action"


def test_na_12_3_extra_action_gets_no_blue_workers_no_bonus_and_turns_no_tile():
    game = table(2, workers=0)
    play(game, "choose withdraw", "pass", "extra hulls")
    before = game.state.seats[0].vp
    events = play(game, "buy hull:bow new")
    assert [e.blue for e in events if isinstance(e, ev.ItemBought)] == [False]
    assert game.state.seats[0].vp == before
    assert game.state.face_down == [False] * 8 and game.state.anchor_tile is None
    play(game, "done")
    assert game.state.face_down[3] is False


def test_na_12_3_crown_evaluation_in_the_extra_action_has_its_own_cap():
    game = table(2, workers=10)
    give_warehouse(game, 0, *["sail:crown"] * 5)
    play(game, "choose crowns", "crown", "crown", "crown", "done")
    assert game.state.seats[0].vp == 25
    play(game, "extra crowns", "crown", "crown", "crown")
    assert game.state.seats[0].vp == 40


def test_na_12_4_the_extra_action_is_not_a_performance_of_the_current_action():
    game = table(2)
    play(game, "choose withdraw", "extra withdraw", "withdraw", "done")
    assert game.state.step is Step.GO, "the current action is still to perform or pass"
    assert "done" not in legal(game)
    play(game, "pass")
    assert game.state.seats[0].pass_up == [2, 1]


def test_illegal_moves_raise_a_clear_error():
    game = table()
    with pytest.raises(IllegalMoveError, match="choose an action tile"):
        game.play("pass")
    with pytest.raises(IllegalMoveError, match="unknown move"):
        game.play("sing")
    with pytest.raises(IllegalMoveError, match="not an item"):
        game.play("buy hull:keel new")
