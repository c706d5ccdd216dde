"""Ship capacity (R-6.3), speed (R-7.1), ship points (R-7.3), dismantling (R-7.2) and
traders at the end (R-10.5).

The unit tests call ``scoring`` directly. The engine tests build a real situation:
a seat with a complete ship in its yard, pieces beside it and a canal system, then
enter the shakedown (step 5, R-3.5) and drive it with ``game.play`` moves.
"""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Feature, Game, TileKind, engine
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.scoring import (
    base_speed,
    builder_extras,
    fits,
    rigger_limit,
    score_contract,
    ship_points,
    ship_speed,
    trader_points,
)
from shipyard_tui.games.shipyard.rules.state import PlacedCanal, Seat, Token
from support import of_type
from support.shipyard import S, current, moves_text, new_game, tile_with

F = Feature
BOW, MID, STERN = TileKind.BOW, TileKind.MIDDLE, TileKind.STERN

# -- building situations -------------------------------------------------------


def _pull_ship_tile(game: Game, tile: str) -> None:
    """Take a catalog ship tile out of the stacks or the display, as if it had been bought."""
    market = game.state.market
    for stack in (market.bow_stack, market.middle_stack, market.stern_stack):
        if tile in stack:
            stack.remove(tile)
            return
    for col, column in enumerate(market.ships):
        if tile in column:
            stack = engine.ship_stack(market, col)
            column[column.index(tile)] = stack.pop()
            return


def _pull_canal(game: Game, canal: str) -> None:
    market = game.state.market
    if canal in market.canal_deck:
        market.canal_deck.remove(canal)
    elif canal in market.canals:
        market.canals[market.canals.index(canal)] = market.canal_deck.pop()


def shakedown(tiles: list[str], pieces: dict[str, int], canals: list[PlacedCanal],
              employees: tuple[str, ...] = (), token: Token | None = None,
              bow_cell: int = 0) -> tuple[Game, Seat, list[ev.Event]]:
    """A 2-seat game whose seat to move has one complete ship in its yard, these pieces
    beside the yard, these employees and canals; the engine has entered step 5.

    Returns the game, the seat and the events that entering the shakedown caused.
    """
    game = new_game(2, seed=0)
    seat = current(game)
    seat.yard = [None] * 10
    for offset, tile in enumerate(tiles):
        _pull_ship_tile(game, tile)
        seat.yard[bow_cell + offset] = tile
    for canal in canals:
        _pull_canal(game, canal.canal)
    seat.pieces = dict(pieces)
    seat.employees = list(employees)
    seat.canals = list(canals)
    seat.token = token
    start = len(game.events)
    engine.begin_shakedown(game.state, game.events)
    return game, seat, game.events[start:]


def load_all(game: Game, pieces: dict[str, int]) -> None:
    for piece, n in pieces.items():
        for _ in range(n):
            game.play(f"load {piece}")


# Three straight canals in a row. From the open port (0,0,W) the spaces entered are:
# 1 (0,0,C) commerce official, 2 (0,0,E), 3 (1,0,W), 4 (1,0,C) Blue Riband,
# 5 (1,0,E), 6 (2,0,W) lifebuoy official (S8 turned half round), 7 (2,0,C), 8 (2,0,E).
ROW_OF_THREE = [
    PlacedCanal("S2", 0, 0, 0),
    PlacedCanal("S7", 1, 0, 0),
    PlacedCanal("S8", 2, 0, 2),
]

# The book's scoring example: a bow with a cannon mount and a cabin, a middle with a
# crane mount, a cabin and a lifebuoy, a middle with two masts and a cabin, a middle
# with a mast and a lifebuoy, and a stern with the boiler and a lifeboat.
BOOK_SHIP = [
    tile_with(BOW, F.CANNON, F.CABIN),
    tile_with(MID, F.CRANE, F.CABIN, F.BUOY),
    tile_with(MID, F.MAST, F.MAST, F.CABIN),
    tile_with(MID, F.MAST, F.BUOY),
    tile_with(STERN, F.BOILER, F.BOAT),
]
BOOK_LOAD = {"captain": 1, "businessman": 2, "soldier": 1, "cannon": 1, "crane": 1,
             "stoker": 1, "smokestack": 1, "sail": 2}

# Four masts, one cabin, one cannon mount, one boiler.
FOUR_MAST_SHIP = [
    tile_with(BOW, F.CANNON, F.CABIN),
    tile_with(MID, F.MAST, F.MAST),
    tile_with(MID, F.MAST, F.MAST, F.CABIN),
    tile_with(STERN, F.BOILER, F.BOAT),
]

SMALL_SHIP = [
    tile_with(BOW, F.BUOY, F.CABIN),
    tile_with(MID, F.MAST, F.BOAT),
    tile_with(STERN, F.BOILER, F.BOAT),
]


# -- capacity -------------------------------------------------------------


def test_r6_3_one_captain_needs_no_cabin():
    assert fits({"captain": 1}, {}, {})


def test_r6_3_further_captains_are_officers_that_need_cabins():
    assert not fits({"captain": 2}, {}, {})
    assert fits({"captain": 2}, {F.CABIN: 1}, {})
    assert not fits({"captain": 3}, {F.CABIN: 1}, {})
    assert fits({"captain": 3}, {F.CABIN: 2}, {})


@pytest.mark.parametrize("crew", ["businessman", "soldier"])
def test_r6_3_businessmen_and_soldiers_need_a_cabin_each(crew):
    assert not fits({crew: 1}, {}, {})
    assert fits({crew: 1}, {F.CABIN: 1}, {})
    assert not fits({crew: 2}, {F.CABIN: 1}, {})
    assert fits({crew: 2}, {F.CABIN: 2}, {})


def test_r6_3_officers_businessmen_and_soldiers_share_the_cabins():
    load = {"captain": 2, "businessman": 1, "soldier": 1}
    assert fits(load, {F.CABIN: 3}, {})
    assert not fits(load, {F.CABIN: 2}, {})


def test_r6_3_cabin_crew_cannot_use_the_boiler():
    assert not fits({"soldier": 1}, {F.BOILER: 1}, {})
    assert not fits({"captain": 2}, {F.BOILER: 1}, {})


def test_r6_3_stokers_need_the_boiler_not_a_cabin():
    assert not fits({"stoker": 1}, {F.CABIN: 3}, {})
    assert fits({"stoker": 1}, {F.BOILER: 1}, {})
    assert not fits({"stoker": 2}, {F.BOILER: 1}, {})


def test_r6_3_sails_and_smokestacks_share_the_masts():
    masts = {F.MAST: 2}
    assert fits({"sail": 2}, masts, {})
    assert fits({"smokestack": 2}, masts, {})
    assert fits({"sail": 1, "smokestack": 1}, masts, {})
    assert not fits({"sail": 2, "smokestack": 1}, masts, {})
    assert not fits({"sail": 1, "smokestack": 2}, masts, {})
    assert not fits({"sail": 3}, masts, {})


def test_r6_3_cannons_and_cranes_need_their_own_mounts():
    assert fits({"cannon": 1}, {F.CANNON: 1}, {})
    assert fits({"crane": 1}, {F.CRANE: 1}, {})
    assert not fits({"cannon": 1}, {F.CRANE: 1, F.MAST: 1}, {})
    assert not fits({"crane": 1}, {F.CANNON: 1, F.MAST: 1}, {})
    assert not fits({"cannon": 2}, {F.CANNON: 1}, {})
    assert fits({"cannon": 1, "crane": 1}, {F.CANNON: 1, F.CRANE: 1}, {})


def test_r6_3_equipment_cannot_use_a_cabin_and_crew_cannot_use_a_mount():
    assert not fits({"sail": 1}, {F.CABIN: 1}, {})
    assert not fits({"businessman": 1}, {F.MAST: 1, F.CANNON: 1, F.CRANE: 1}, {})


def test_r6_3_safety_features_hold_nothing():
    safety = {F.BUOY: 3, F.BOAT: 3, F.LANTERN: 3}
    assert fits({"captain": 1}, safety, {})
    for piece in ("captain", "businessman", "soldier", "stoker", "sail", "smokestack", "cannon",
                  "crane"):
        assert not fits({piece: 2 if piece == "captain" else 1}, safety, {})


def test_r6_3_empty_load_always_fits_so_using_space_is_optional():
    assert fits({}, {}, {})
    assert fits({"captain": 1, "sail": 1}, {F.MAST: 3, F.CABIN: 4, F.BOILER: 1}, {})


@pytest.mark.parametrize(("builder", "piece", "extra"), [
    ("builder:businessman", "businessman", 2),
    ("builder:soldier", "soldier", 2),
    ("builder:stoker", "stoker", 1),
    ("builder:sail", "sail", 2),
    ("builder:cannon", "cannon", 2),
    ("builder:crane", "crane", 2),
])
def test_r6_3_each_builder_gives_its_extra_room(builder, piece, extra):
    extras = builder_extras([builder])
    assert extras == {piece: extra}
    # Without any cabin or mount: exactly ``extra`` pieces fit, one more does not.
    assert fits({piece: extra}, {}, extras)
    assert not fits({piece: extra + 1}, {}, extras)
    # The room adds to the ship's own cabins and mounts.
    own = {"businessman": F.CABIN, "soldier": F.CABIN, "stoker": F.BOILER, "sail": F.MAST,
           "cannon": F.CANNON, "crane": F.CRANE}[piece]
    assert fits({piece: extra + 1}, {own: 1}, extras)
    assert not fits({piece: extra + 2}, {own: 1}, extras)
    # Without the builder the same pieces need that room.
    assert not fits({piece: extra}, {}, {})


def test_r6_3_the_stoker_builder_allows_two_stokers_on_a_one_boiler_ship():
    assert fits({"stoker": 2}, {F.BOILER: 1}, builder_extras(["builder:stoker"]))
    assert not fits({"stoker": 2}, {F.BOILER: 1}, {})


def test_r6_3_builder_room_serves_only_its_own_kind():
    sail_room = builder_extras(["builder:sail"])
    assert not fits({"smokestack": 1}, {}, sail_room)
    businessman_room = builder_extras(["builder:businessman"])
    assert not fits({"soldier": 1}, {}, businessman_room)
    assert not fits({"captain": 2}, {}, businessman_room)
    soldier_room = builder_extras(["builder:soldier"])
    assert not fits({"businessman": 1}, {}, soldier_room)
    cannon_room = builder_extras(["builder:cannon"])
    assert not fits({"crane": 1}, {}, cannon_room)


def test_r6_3_builders_combine_and_other_employees_add_no_room():
    extras = builder_extras(["builder:sail", "builder:soldier", "helmsman", "engineer:sail",
                             "recruiter:soldier", "trader:coal:1"])
    assert extras == {"sail": 2, "soldier": 2}
    assert fits({"sail": 3, "smokestack": 1, "soldier": 3}, {F.MAST: 2, F.CABIN: 1}, extras)
    assert builder_extras(["rigger", "accountant", "foreman", "engineer:cannon"]) == {}


def test_r6_3_engine_offers_only_pieces_that_fit():
    # One cabin, one mast, one boiler, no cannon mount.
    pieces = {"captain": 3, "soldier": 1, "sail": 2, "smokestack": 1, "stoker": 2, "cannon": 1}
    game, _seat, _ = shakedown(SMALL_SHIP, pieces, ROW_OF_THREE)
    assert game.state.turn.step is S.LOAD
    offered = set(moves_text(game))
    assert offered == {"load captain", "load soldier", "load sail", "load smokestack",
                       "load stoker", "end-load"}
    game.play("load captain")
    game.play("load captain")  # the officer takes the one cabin
    assert "load captain" not in moves_text(game)
    assert "load soldier" not in moves_text(game)
    game.play("load smokestack")  # the one mast
    assert "load sail" not in moves_text(game)
    game.play("load stoker")
    assert set(moves_text(game)) == {"end-load"}


def test_r6_3_engine_offers_builder_room():
    pieces = {"captain": 1, "stoker": 2, "sail": 3}
    game, _seat, _ = shakedown(SMALL_SHIP, pieces, ROW_OF_THREE,
                               employees=("builder:stoker", "builder:sail"))
    load_all(game, {"captain": 1, "stoker": 2, "sail": 3})
    assert moves_text(game) == ["end-load"]
    assert game.state.turn.load == {"captain": 1, "stoker": 2, "sail": 3}


def test_r6_3_loaded_pieces_leave_the_side_of_the_yard():
    pieces = {"captain": 2, "sail": 1}
    game, seat, _ = shakedown(SMALL_SHIP, pieces, ROW_OF_THREE)
    game.play("load captain")
    assert seat.pieces == {"captain": 1, "sail": 1}
    assert game.state.turn.load == {"captain": 1}


# -- speed ----------------------------------------------------------------


def test_r7_1_book_example_steam_ship_with_two_sails_has_speed_6():
    assert base_speed({"stoker": 1, "smokestack": 1, "sail": 2}) == 6


def test_r7_1_book_example_one_sail_two_smokestacks_no_stoker_has_speed_3():
    assert base_speed({"sail": 1, "smokestack": 2}) == 3


@pytest.mark.parametrize(("pieces", "speed"), [
    ({}, 1),  # the book: a ship with no engine and no sail still moves 1
    ({"captain": 3, "soldier": 1, "businessman": 2, "cannon": 1, "crane": 2}, 1),
    ({"smokestack": 1, "stoker": 1}, 4),
    ({"smokestack": 2, "stoker": 1}, 5),
    ({"smokestack": 1, "stoker": 2}, 5),
    ({"smokestack": 3, "stoker": 2, "sail": 1}, 8),
    ({"smokestack": 1, "stoker": 1, "sail": 4}, 8),
    ({"smokestack": 1}, 1),
    ({"smokestack": 3}, 2),
    ({"smokestack": 4}, 3),
    ({"stoker": 1}, 2),
    ({"stoker": 2, "sail": 1}, 4),
    ({"sail": 1}, 2),
    ({"sail": 3}, 4),
    ({"sail": 2, "smokestack": 3}, 4),
])
def test_r7_1_speed_formula(pieces, speed):
    assert base_speed(pieces) == speed


def test_r7_1_helmsman_adds_one():
    pieces = {"smokestack": 1, "stoker": 1, "sail": 2}
    speed = ship_speed(pieces, ["helmsman"])
    assert (speed.base, speed.helmsman, speed.rigger, speed.total) == (6, 1, 0, 7)
    assert ship_speed({}, ["helmsman"]).total == 2
    assert ship_speed(pieces, []).total == 6


@pytest.mark.parametrize(("sails", "limit"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_r7_1_rigger_limit_is_one_per_pair_of_sails(sails, limit):
    assert rigger_limit({"sail": sails}) == limit


def test_r7_1_rigger_bonus_is_the_owners_choice_up_to_the_limit():
    pieces = {"sail": 4}
    assert ship_speed(pieces, ["rigger"], rigger=0).total == 5
    assert ship_speed(pieces, ["rigger"], rigger=1).total == 6
    assert ship_speed(pieces, ["rigger"], rigger=2).total == 7
    assert ship_speed(pieces, ["rigger"], rigger=3).rigger == 2
    assert ship_speed({"sail": 3}, ["rigger"], rigger=2).rigger == 1


def test_r7_1_rigger_bonus_needs_a_rigger():
    assert ship_speed({"sail": 4}, ["helmsman"], rigger=2).rigger == 0
    assert ship_speed({"sail": 4}, [], rigger=2).total == 5


def test_r7_1_helmsman_and_rigger_add_after_the_formula():
    pieces = {"smokestack": 1, "stoker": 1, "sail": 2}
    speed = ship_speed(pieces, ["helmsman", "rigger"], rigger=1)
    assert (speed.base, speed.helmsman, speed.rigger, speed.total) == (6, 1, 1, 8)


def _sail_straight(game: Game, start: str = "start 0 0 W") -> ev.ShipSailed:
    game.play(start)
    cruises = moves_text(game)
    assert len(cruises) == 1
    sailed = of_type(game.play(cruises[0]), ev.ShipSailed)
    assert len(sailed) == 1
    return sailed[0]


def test_r7_1_engine_offers_every_rigger_choice_with_four_sails():
    load = {"captain": 1, "sail": 4}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("rigger",))
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.RIGGER
    assert moves_text(game) == ["rigger 2", "rigger 1", "rigger 0"]


def test_r7_1_engine_offers_one_rigger_bonus_with_three_sails():
    load = {"captain": 1, "sail": 3}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("rigger",))
    load_all(game, load)
    game.play("end-load")
    assert moves_text(game) == ["rigger 1", "rigger 0"]


@pytest.mark.parametrize(("bonus", "speed"), [(0, 5), (1, 6), (2, 7)])
def test_r7_1_engine_rigger_choice_sets_the_sailed_speed(bonus, speed):
    load = {"captain": 1, "sail": 4}
    game, seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("rigger",))
    load_all(game, load)
    game.play("end-load")
    game.play(f"rigger {bonus}")
    sailed = _sail_straight(game)
    assert (sailed.base_speed, sailed.rigger, sailed.speed) == (5, bonus, speed)
    assert len(sailed.path) == speed
    assert sailed.points["speed"] == speed
    assert seat.fleet[-1].speed == speed


def test_r7_1_engine_skips_the_rigger_step_below_a_pair_of_sails():
    load = {"captain": 1, "sail": 1}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("rigger",))
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.TOKEN_START
    sailed = _sail_straight(game)
    assert (sailed.rigger, sailed.speed) == (0, 2)


def test_r7_1_engine_has_no_rigger_step_without_a_rigger():
    load = {"captain": 1, "sail": 4}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE)
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.TOKEN_START
    assert _sail_straight(game).speed == 5


def test_r7_1_engine_helmsman_adds_one_to_the_sailed_speed():
    load = {"captain": 1, "sail": 1}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("helmsman",))
    load_all(game, load)
    game.play("end-load")
    game.play("helmsman 1")
    sailed = _sail_straight(game)
    assert (sailed.base_speed, sailed.helmsman, sailed.speed) == (2, 1, 3)
    assert len(sailed.path) == 3


def test_r7_1_engine_helmsman_and_rigger_together():
    load = {"captain": 1, "sail": 2}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE,
                               employees=("helmsman", "rigger"))
    load_all(game, load)
    game.play("end-load")
    assert moves_text(game) == ["helmsman 1", "helmsman 0"]
    game.play("helmsman 1")
    assert moves_text(game) == ["rigger 1", "rigger 0"]
    game.play("rigger 1")
    sailed = _sail_straight(game)
    assert (sailed.base_speed, sailed.helmsman, sailed.rigger, sailed.speed) == (3, 1, 1, 5)


# -- points ---------------------------------------------------------------


def test_r7_3_book_example_ship_points_before_the_cruise_are_14():
    points = ship_points(BOOK_LOAD, base_speed(BOOK_LOAD))
    assert points == {"crew": 4, "cannons_cranes": 4, "speed": 6}
    assert sum(points.values()) == 14


def test_r7_3_crew_counts_captains_and_officers_but_not_stokers():
    points = ship_points({"captain": 3, "businessman": 1, "soldier": 2, "stoker": 2}, 1)
    assert points["crew"] == 6


def test_r7_3_cannons_and_cranes_score_two_each_and_other_equipment_nothing():
    points = ship_points({"cannon": 2, "crane": 1, "sail": 3, "smokestack": 2}, 4)
    assert points == {"crew": 0, "cannons_cranes": 6, "speed": 4}


def test_r7_3_book_example_through_the_engine_scores_14_plus_9():
    pieces = dict(BOOK_LOAD)
    game, seat, entered = shakedown(BOOK_SHIP, pieces, ROW_OF_THREE, bow_cell=2)
    completed = of_type(entered, ev.ShipCompleted)
    assert [(e.cells, e.tiles) for e in completed] == [([2, 3, 4, 5, 6], BOOK_SHIP)]
    assert game.state.turn.step is S.LOAD
    load_all(game, BOOK_LOAD)
    assert seat.pieces == {}
    game.play("end-load")
    assert game.state.turn.step is S.TOKEN_START
    game.play("start 0 0 W")
    best = moves_text(game)[0]
    assert best == "cruise 0,0,C 0,0,E 1,0,W 1,0,C 1,0,E 2,0,W"
    events = game.play(best)
    [sailed] = of_type(events, ev.ShipSailed)
    assert sailed.pieces == BOOK_LOAD
    assert (sailed.base_speed, sailed.helmsman, sailed.rigger, sailed.speed) == (6, 0, 0, 6)
    p = sailed.points
    assert (p["crew"], p["cannons_cranes"], p["speed"]) == (4, 4, 6)
    assert (p["lifebuoy"], p["commerce"], p["riband"]) == (2, 3, 4)
    assert (p["military"], p["lantern"], p["lifeboat"]) == (0, 0, 0)
    assert p["crew"] + p["cannons_cranes"] + p["speed"] == 14
    assert p["lifebuoy"] + p["commerce"] + p["riband"] == 9
    assert sailed.total == 23
    assert sailed.score == 23
    assert seat.score == 23
    # the ship left the yard for the fleet with its tiles and pieces.
    assert seat.yard == [None] * 10
    assert len(seat.fleet) == 1
    assert seat.fleet[0].tiles == BOOK_SHIP
    assert seat.fleet[0].pieces == BOOK_LOAD
    assert seat.fleet[0].total == 23


def test_r7_3_score_adds_to_points_already_held():
    load = {"captain": 1}
    game, seat, _ = shakedown(SMALL_SHIP, load, ROW_OF_THREE)
    seat.score = 40
    load_all(game, load)
    game.play("end-load")
    sailed = _sail_straight(game)
    # Speed 1: one step to the commerce official (no businessman, no crane: 0 points).
    assert sailed.points["crew"] == 1
    assert sailed.points["speed"] == 1
    assert sailed.total == 2
    assert seat.score == 42


# -- dismantling ----------------------------------------------------------


def test_r7_2_a_ship_without_a_captain_is_dismantled():
    load = {"sail": 1, "soldier": 1}
    game, seat, _ = shakedown(SMALL_SHIP, load, ROW_OF_THREE, bow_cell=4)
    load_all(game, load)
    events = game.play("end-load")
    [gone] = of_type(events, ev.ShipDismantled)
    assert gone.tiles == SMALL_SHIP
    assert gone.pieces == load
    assert not of_type(events, ev.ShipSailed)
    assert seat.yard == [None] * 10
    assert seat.fleet == []
    assert seat.pieces == {}  # the loaded pieces are lost
    assert seat.score == 0
    assert [(d.tiles, d.pieces) for d in seat.dismantled] == [(SMALL_SHIP, load)]
    assert seat.canals == ROW_OF_THREE  # nothing sailed
    assert seat.token is None


def test_r7_2_without_any_pieces_the_ship_is_dismantled_at_once():
    game, seat, entered = shakedown(SMALL_SHIP, {}, ROW_OF_THREE)
    [gone] = of_type(entered, ev.ShipDismantled)
    assert gone.tiles == SMALL_SHIP
    assert seat.fleet == []
    assert seat.yard == [None] * 10
    assert game.state.turn.step is not S.LOAD


def test_r7_2_a_ship_with_no_path_of_exactly_its_speed_is_dismantled():
    # One straight canal: at most 2 steps from either open port; the ship has speed 3.
    single = [PlacedCanal("S1", 0, 0, 0)]
    load = {"captain": 1, "sail": 2}
    game, seat, _ = shakedown(FOUR_MAST_SHIP, {"captain": 1, "sail": 2, "cannon": 1},
                              single)
    load_all(game, load)
    events = game.play("end-load")
    [gone] = of_type(events, ev.ShipDismantled)
    assert gone.speed == 3
    assert gone.pieces == load
    assert seat.fleet == []
    assert seat.yard == [None] * 10
    assert seat.pieces == {"cannon": 1}  # pieces not put on the ship stay beside the yard
    assert seat.canals == single
    assert seat.token is None
    assert seat.score == 0


def test_r7_2_the_same_ship_sails_when_a_path_of_its_speed_exists():
    single = [PlacedCanal("S1", 0, 0, 0)]
    load = {"captain": 1, "sail": 1}
    game, seat, _ = shakedown(FOUR_MAST_SHIP, load, single)
    load_all(game, load)
    game.play("end-load")
    sailed = _sail_straight(game)
    assert sailed.speed == 2
    assert len(seat.fleet) == 1


def test_r7_2_path_length_counts_from_where_the_token_stands():
    # The token stands on the west port of the last canal, having come in from the west:
    # only 2 steps are left (centre, east port).
    last = [PlacedCanal("S8", 2, 0, 2)]
    token = Token(2, 0, "W", "W")
    load = {"captain": 1, "sail": 2}
    game, seat, _ = shakedown(FOUR_MAST_SHIP, load, last, token=token)
    load_all(game, load)
    events = game.play("end-load")
    [gone] = of_type(events, ev.ShipDismantled)
    assert gone.speed == 3
    assert seat.fleet == []
    assert seat.token == token


def test_r7_2_with_a_placed_token_a_ship_of_fitting_speed_cruises_on():
    last = [PlacedCanal("S8", 2, 0, 2)]
    token = Token(2, 0, "W", "W")
    load = {"captain": 1, "sail": 1}
    game, seat, _ = shakedown(FOUR_MAST_SHIP, load, last, token=token)
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.CRUISE
    assert moves_text(game) == ["cruise 2,0,C 2,0,E"]
    [sailed] = of_type(game.play("cruise 2,0,C 2,0,E"), ev.ShipSailed)
    assert sailed.speed == 2
    assert sailed.points["lifeboat"] == 1  # the east port of S8 turned half round
    assert len(seat.fleet) == 1


def test_r7_2_a_seat_with_no_canals_dismantles_its_ship():
    load = {"captain": 1, "sail": 1}
    game, seat, _ = shakedown(SMALL_SHIP, load, [])
    load_all(game, load)
    events = game.play("end-load")
    [gone] = of_type(events, ev.ShipDismantled)
    assert gone.pieces == load
    assert seat.fleet == []
    assert seat.yard == [None] * 10
    assert seat.pieces == {}


def test_r7_2_a_dismantled_ship_never_counts_for_contracts():
    five = [tile_with(BOW, F.LANTERN, F.CABIN), tile_with(MID, F.CABIN, F.CABIN),
            tile_with(MID, F.MAST, F.MAST), tile_with(MID, F.CRANE, F.CABIN),
            tile_with(STERN, F.BOILER, F.MAST)]
    game, seat, _ = shakedown(five, {"sail": 1}, ROW_OF_THREE)
    load_all(game, {"sail": 1})
    game.play("end-load")
    assert len(seat.dismantled) == 1
    assert score_contract("R10", seat.fleet, seat.employees, seat.used_canals).points == 0
    assert score_contract("R14", seat.fleet, seat.employees, seat.used_canals).counted == 0


def test_r7_2_the_turn_goes_on_after_a_dismantled_ship():
    game, seat, _ = shakedown(SMALL_SHIP, {}, ROW_OF_THREE)
    assert seat.turns == 1
    assert game.state.turn.seat != game.state.seats.index(seat)
    assert game.state.turn.step is S.CHOOSE


# -- traders ---------------------------------------------------------------


@pytest.mark.parametrize("good", ["coal", "cloth", "steel"])
def test_r10_5_trader_levels_score_1_and_3(good):
    assert trader_points([f"trader:{good}:1"]) == 1
    assert trader_points([f"trader:{good}:1", f"trader:{good}:2"]) == 4


def test_r10_5_book_example_two_cloth_traders_and_a_coal_trader_score_5():
    assert trader_points(["trader:cloth:1", "trader:cloth:2", "trader:coal:1"]) == 5


def test_r10_5_other_employees_score_nothing_as_traders():
    others = [e for e in CATALOG.employees if not e.startswith("trader:")]
    assert trader_points(others) == 0
    assert trader_points([*others, "trader:steel:1"]) == 1
    everything = list(CATALOG.employees)
    assert trader_points(everything) == 3 * (1 + 3)


def test_r10_5_engine_scores_traders_at_the_end():
    game = new_game(2, seed=0)
    state = game.state
    for seat in state.seats:
        seat.contracts = []
        seat.employees = []
    state.seats[0].employees = ["trader:cloth:1", "trader:cloth:2", "trader:coal:1",
                                "helmsman"]
    state.seats[0].score = 30
    state.seats[1].employees = ["trader:steel:1"]
    start = len(game.events)
    engine.score_game(state, game.events)
    scored = {e.seat: e for e in of_type(game.events[start:], ev.TradersScored)}
    assert scored[0].points == 5
    assert sorted(scored[0].traders) == ["trader:cloth:1", "trader:cloth:2", "trader:coal:1"]
    assert scored[1].points == 1
    assert state.seats[0].score == 35
    assert state.seats[1].score == 1
    assert state.seats[0].end_points["traders"] == 5
    assert game.is_over


def test_r7_1_the_helmsman_is_the_owners_decision():
    """R-7.1 (revision 2): the Helmsman's +1 is optional: a seat with a Helmsman decides,
    by a move, for every ship; without one there is no such decision."""
    assert ship_speed({"sail": 1}, ["helmsman"], helmsman=False).total == 2
    load = {"captain": 1, "sail": 1}
    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("helmsman",))
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.HELMSMAN
    assert moves_text(game) == ["helmsman 1", "helmsman 0"]
    game.play("helmsman 0")
    sailed = _sail_straight(game)
    assert (sailed.base_speed, sailed.helmsman, sailed.speed) == (2, 0, 2)

    game, _seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE)
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.TOKEN_START


def test_r7_1_a_ship_sails_only_when_its_owner_declines_the_helmsman():
    """R-7.1, R-7.2: from the centre of the first of three straight canals the longest
    cruise is 7. A ship of speed 7 with a Helmsman would need a cruise of 8 and be
    dismantled; declining the Helmsman, it sails."""
    load = {"captain": 1, "smokestack": 1, "sail": 3, "stoker": 1}
    token = Token(0, 0, "C", "W")
    game, seat, _ = shakedown(FOUR_MAST_SHIP, load, ROW_OF_THREE, employees=("helmsman",),
                              token=token)
    load_all(game, load)
    game.play("end-load")
    assert game.state.turn.step is S.HELMSMAN

    used = Game.from_state(game.state.copy())
    events = used.play("helmsman 1")
    dismantled = of_type(events, ev.ShipDismantled)
    assert len(dismantled) == 1 and dismantled[0].speed == 8
    assert "no cruise of exactly 8" in dismantled[0].reason
    assert not used.state.seats[used.state.turn.seat].fleet

    game.play("helmsman 0")
    assert game.state.turn.step is S.CRUISE
    cruise = moves_text(game)[0]
    sailed = of_type(game.play(cruise), ev.ShipSailed)[0]
    assert (sailed.base_speed, sailed.helmsman, sailed.speed) == (7, 0, 7)
    assert seat.fleet[-1].speed == 7
