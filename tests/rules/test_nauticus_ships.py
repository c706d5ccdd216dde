"""Ships and the yard, completion rewards and the end of the game (NAUTICUS.md §8, §9
and §13), one test per ruling, with the book's examples."""

from __future__ import annotations

import pytest

from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules.catalog import goods_vp
from shipyard_tui.games.nauticus.rules.scoring import (
    final_lines,
    leftovers,
    ranking,
    score_by_kind,
    score_over_time,
)
from shipyard_tui.games.nauticus.rules.state import Seat, Step
from shipyard_tui.games.nauticus.rules.yard import hull_destinations
from support.nauticus import build, give_warehouse, give_yard, legal, play, random_game, table

# -- §8 ships and the yard ---------------------------------------------------


def test_na_8_1_the_yard_has_no_size_limit_and_hull_tiles_never_move():
    game = table(coins=200, workers=30)
    play(game, "choose hulls")
    for _ in range(12):
        play(game, "buy hull:bow new")
    yard = game.state.seats[0].yard
    assert len(yard) == 12 and all(b.slots[0].hull == "bow" for b in yard)
    play(game, "buy hull:stern right:4")
    assert [s.hull for s in yard[4].slots] == ["bow", "stern"]
    assert [len(b.slots) for b in yard].count(1) == 11


def test_na_8_2_finished_hulls_single_or_bow_centres_stern():
    assert build("single").hull_finished
    assert build("bow", "stern").hull_finished
    assert build("bow", "centre", "centre", "stern").hull_finished
    assert not build("bow", "centre").hull_finished
    assert not build("centre", "stern").hull_finished


def test_na_8_3_where_each_hull_tile_may_join_a_build():
    yard = [build("single"), build("bow"), build("stern"), build("centre"),
            build("bow", "centre", "centre"), build("bow", "stern")]
    assert hull_destinations(yard, "single") == ["new"]
    assert hull_destinations(yard, "bow") == ["new", "left:2", "left:3"]
    assert hull_destinations(yard, "stern") == ["new", "right:1", "right:3", "right:4"]
    # a centre: left of a build without bow, right of one without stern, under 2 centres
    assert hull_destinations(yard, "centre") == ["new", "right:1", "left:2", "right:3"]


def test_na_8_3_builds_never_merge_and_a_closed_hull_takes_nothing():
    game = table(coins=40, workers=8)
    play(game, "choose hulls", "buy hull:bow new", "buy hull:stern new")
    yard = game.state.seats[0].yard
    assert len(yard) == 2, "a bow and a stern apart are two builds for good"
    play(game, "buy hull:centre right:0", "buy hull:stern right:0")
    assert "buy hull:centre right:0" not in legal(game)
    assert not any(m.endswith(":0") for m in legal(game)), "the closed hull takes nothing"


def test_na_8_4_masts_and_sails_one_regular_crest_per_build_crowns_fit_anywhere():
    game = table()
    give_yard(game, 0, build("bow", "centre", "stern", masts="whale crown -",
                             sails="crown - -"))
    give_warehouse(game, 0, "mast:boat", "mast:crown", "sail:whale", "sail:boat",
                   "sail:crown")
    play(game, "choose transport", "bonus mast:helm")
    moves = {m for m in legal(game) if m.startswith("move")}
    assert "move mast:boat 0.2" not in moves, "two regular crests on one build"
    assert "move mast:crown 0.2" in moves
    assert {"move sail:whale 0.1", "move sail:crown 0.1"} <= moves
    assert "move sail:boat 0.1" not in moves
    assert not any(m.startswith("move sail") and m.endswith("0.2") for m in moves), \
        "a sail needs a mast"


def test_na_8_5_one_good_under_each_hull_tile_on_any_build():
    game = table()
    give_yard(game, 0, build("bow", "centre", goods="fish"))
    give_warehouse(game, 0, "good:salt", "good:salt")
    play(game, "choose transport", "bonus mast:helm", "move good:salt 0.1")
    assert not any(m.startswith("move good") for m in legal(game))


def test_na_8_6_complete_when_finished_with_a_mast_and_sail_on_every_tile_goods_aside():
    assert build("single", masts="boat", sails="boat").complete
    assert not build("bow", "stern", masts="boat boat", sails="boat").complete
    assert not build("bow", "centre", masts="boat boat", sails="boat boat").complete
    ship = build("bow", "stern", masts="boat crown", sails="crown boat", goods="fish -")
    assert ship.complete and not ship.loaded


# -- §9 completion rewards ---------------------------------------------------


def test_na_9_1_completion_pauses_the_action_for_one_reward_per_mast_each_kind_twice():
    game = table(workers=8)
    give_yard(game, 0, build("bow", "centre", "centre", "stern",
                             masts="helm helm helm helm", sails="helm helm helm"))
    give_warehouse(game, 0, "sail:helm")
    events = play(game, "choose transport", "bonus mast:whale", "move sail:helm 0.3")
    assert ev.ShipCompleted(0, 0, 4) in events
    assert game.state.step is Step.REWARD
    play(game, "reward crown-sail", "reward crown-sail")
    assert not any(m == "reward crown-sail" for m in legal(game)), "at most twice"
    play(game, "reward crown-mast", "reward crown-mast")
    assert game.state.step is Step.ACT
    assert game.state.seats[0].warehouse == {"mast:whale": 1, "sail:crown": 2,
                                             "mast:crown": 2}


def test_na_9_2_the_six_rewards():
    game = table(workers=8)
    give_yard(game, 0, *[build("bow", "stern", masts="boat boat", sails="boat -")
                         for _ in range(3)])
    give_warehouse(game, 0, "sail:boat", "sail:boat", "sail:boat")
    play(game, "choose transport", "bonus mast:whale", "move sail:boat 0.1")
    assert legal(game) == {"reward crown-mast", "reward crown-sail", "reward vp",
                           "reward coins", "reward workers"} | {
        f"reward goods:{a}+{b}" for a, b in (("coffee", "fish"), ("coffee", "grain"),
                                             ("coffee", "salt"), ("fish", "grain"),
                                             ("fish", "salt"), ("grain", "salt"))}
    seat = game.state.seats[0]
    play(game, "reward vp", "reward coins")
    assert (seat.vp, seat.coins) == (13, 22)
    play(game, "move sail:boat 1.1", "reward workers", "reward goods:fish+salt")
    assert seat.workers == 8 - 1 + 3
    assert seat.warehouse["good:fish"] == 1 and seat.warehouse["good:salt"] == 1
    play(game, "move sail:boat 2.1", "reward crown-mast", "reward crown-sail")
    assert seat.warehouse["mast:crown"] == 1 and seat.warehouse["sail:crown"] == 1


def test_na_9_3_tile_rewards_need_stock_and_room_the_others_are_always_open():
    game = table(workers=8)
    give_yard(game, 0, build("bow", "stern", masts="boat boat", sails="boat -"))
    give_warehouse(game, 0, *["good:grain"] * 9, "sail:boat")
    game.state.stacks["sail:crown"] = 0
    play(game, "choose transport", "bonus mast:whale")  # 10 + 2 units: full
    play(game, "move sail:boat 0.1")  # one unit free again
    assert legal(game) == {"reward vp", "reward coins", "reward workers"}


def test_na_9_4_rewards_are_used_at_once_and_another_completion_rewards_again():
    game = table(workers=1)
    give_yard(game, 0, build("single", masts="boat", sails="boat"))
    game.state.seats[0].yard[0].slots[0].sail = None
    game.state.stacks["sail:boat"] += 1
    give_yard(game, 0, build("single", masts="crown"))
    give_warehouse(game, 0, "sail:boat")
    play(game, "choose transport", "bonus mast:whale", "move sail:boat 0.0",
         "reward crown-sail")
    assert "move sail:crown 1.0" in legal(game)
    play(game, "move sail:crown 1.0")
    assert game.state.step is Step.REWARD and game.events[-1] == ev.ShipCompleted(0, 1, 1)


# -- §13 end of game ---------------------------------------------------------


def test_na_13_1_the_game_ends_after_the_penalties_of_the_last_round():
    game = random_game(2, 21)
    kinds = [e.type for e in game.events[-12:]]
    assert kinds.index("RoundEnded") < kinds.index("GameEnded")
    last_round = [e for e in game.events if isinstance(e, ev.RoundEnded)][-1]
    assert last_round.round == 4
    assert game.to_move is None and game.legal_moves() == []


def test_na_13_2_delivered_goods_per_kind():
    assert [goods_vp(n) for n in range(1, 7)] == [2, 5, 9, 14, 20, 25]
    seat = Seat("A", 0, 0, 0, delivered={"grain": 2, "fish": 3, "coffee": 6})
    goods = [line for line in final_lines(seat) if line.kind == "goods"]
    assert sum(line.points for line in goods) == 39  # the book's example: 5 + 9 + 25


def test_na_13_3_complete_ships_by_size():
    ships = [build("single", masts="boat", sails="boat") for _ in range(3)]
    ships += [build("bow", "stern", masts="whale whale", sails="whale crown"),
              build("bow", "centre", "stern", masts="helm helm helm",
                    sails="helm helm helm"),
              build("bow", "centre", "stern", masts="helm helm helm", sails="helm helm -")]
    seat = Seat("A", 0, 0, 0, yard=ships)
    lines = [line for line in final_lines(seat) if line.kind == "ships"]
    assert [line.points for line in lines] == [2, 2, 2, 8, 20]  # the book's example: 34
    four = Seat("B", 0, 0, 0, yard=[build("bow", "centre", "centre", "stern",
                                           masts="crown " * 4, sails="crown " * 4)])
    assert [line.points for line in final_lines(four) if line.kind == "ships"] == [35]


def test_na_13_4_book_example_leftovers_21_coins_worth_give_7_vp():
    unfinished = build("bow", "centre", "centre", masts="trident", sails="trident",
                       goods="fish fish -")
    loaded_ship = build("single", masts="boat", sails="boat", goods="salt")
    seat = Seat("A", coins=8, workers=2, vp=0,
                warehouse={"mast:whale": 1, "hull:bow": 1, "good:grain": 1},
                yard=[unfinished, loaded_ship])
    left = leftovers(seat)
    assert (left.workers, left.warehouse_tiles, left.yard_tiles, left.loaded_goods,
            left.coins) == (2, 3, 5, 3, 8)
    assert (left.total, left.vp, left.remainder) == (21, 7, 0)
    assert [line.points for line in final_lines(seat) if line.kind == "leftovers"] == [7]


def test_na_13_5_most_vp_then_remainder_then_total_then_shared():
    assert ranking([40, 41], [2, 0], [20, 30]) == [1]
    assert ranking([40, 40], [2, 1], [20, 31]) == [0]
    assert ranking([40, 40], [1, 1], [22, 31]) == [1]
    assert ranking([40, 40, 12], [1, 1, 2], [31, 31, 50]) == [0, 1]


def test_na_13_5_outcome_matches_the_final_state():
    game = random_game(4, 3)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(s.vp for s in game.state.seats)
    assert list(outcome.winners) == ranking(list(outcome.scores), list(outcome.remainders),
                                            list(outcome.totals))


def test_review_breakdown_per_kind_per_ship_and_over_time():
    game = random_game(3, 14)
    table_ = score_by_kind(game.events, 3)
    assert [sum(k.values()) for k in table_] == [s.vp for s in game.state.seats]
    assert all(k["start"] == 10 for k in table_)
    rows = score_over_time(game.events, 3)
    assert len(rows) == 5 + 1 and rows[-1] == [s.vp for s in game.state.seats]
    ships = [e for e in game.events if isinstance(e, ev.Scored) and e.kind == "ships"]
    assert all(e.detail.startswith("ship ") for e in ships)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pieces_are_conserved_at_the_end(players):
    from shipyard_tui.games.nauticus.rules.catalog import STACK_SIZES
    from support.nauticus import pieces

    game = random_game(players, 99)
    assert pieces(game) == STACK_SIZES
