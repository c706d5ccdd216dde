"""Canal systems (R-8), the shakedown cruise (R-9) and the project's canal notes (N-11..N-14).

Grid coordinates are ``(x, y)`` with ``y`` growing southwards; a space is
``(x, y, cell)`` with ``cell`` one of ``C N E S W``. Rotations turn a tile
clockwise in quarter turns, so the corner tile ``K`` (ports W and N) has ports
N and E after one turn, E and S after two, S and W after three.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Feature,
    Game,
    Icon,
    IllegalMoveError,
    engine,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.canals import (
    CanalSystem,
    distinct_rotations,
    end_token,
    face,
    rotate_cell,
    score_path,
)
from shipyard_tui.games.shipyard.rules.catalog import CanalTile, TileKind
from shipyard_tui.games.shipyard.rules.state import PlacedCanal, Seat, Token
from shipyard_tui.games.shipyard.rules.state import Step as S
from support.shipyard import begin_action, current, moves_text, new_game, tile_with

# K tiles: unrotated ports W, N.  Rotation giving each pair of ports:
K_NW, K_NE, K_ES, K_SW = 0, 1, 2, 3
# T tiles: unrotated ports W, N, E.
T_WNE, T_NES, T_ESW, T_SWN = 0, 1, 2, 3


def system(*tiles: tuple[str, int, int, int]) -> CanalSystem:
    return CanalSystem([PlacedCanal(c, x, y, r) for c, x, y, r in tiles])


def line(n: int, canal: str = "S1") -> list[tuple[str, int, int, int]]:
    """``n`` straight tiles in a row from (0, 0) eastwards."""
    return [(canal, x, 0, 0) for x in range(n)]


# -- faces and rotation -------------------------------------------------


def test_r8_2_rotate_cell_turns_clockwise_and_keeps_the_centre():
    assert [rotate_cell(c, 1) for c in "NESW"] == ["E", "S", "W", "N"]
    assert [rotate_cell(c, 2) for c in "NESW"] == ["S", "W", "N", "E"]
    assert [rotate_cell(c, 3) for c in "NESW"] == ["W", "N", "E", "S"]
    assert rotate_cell("W", 4) == "W"
    assert all(rotate_cell("C", r) == "C" for r in range(4))


def test_r8_2_face_rotates_the_ports():
    assert face("K1", K_NW).ports == {"W", "N"}
    assert face("K1", K_NE).ports == {"N", "E"}
    assert face("K1", K_ES).ports == {"E", "S"}
    assert face("K1", K_SW).ports == {"S", "W"}
    assert face("S1", 1).ports == {"N", "S"}
    assert face("T1", T_ESW).ports == {"E", "S", "W"}
    assert face("X1", 3).ports == {"N", "E", "S", "W"}


def test_r8_1_face_rotates_the_icons_with_the_ports():
    f = face("S3", 1)  # lantern in the centre, Blue Riband on the east port
    assert f.icon("C") is Icon.LANTERN
    assert f.icon("S") is Icon.RIBAND
    assert f.icon("E") is None
    f = face("X1", 2)  # military north, commerce south, riband centre
    assert f.icon("S") is Icon.MILITARY
    assert f.icon("N") is Icon.COMMERCE
    assert f.icon("C") is Icon.RIBAND


def test_r8_2_straights_with_only_a_centre_icon_have_two_rotations_others_four():
    """A half turn maps a straight with icons only in its centre onto itself."""
    symmetric = {"S1", "S2", "S4", "S7"}
    for canal in CATALOG.canals:
        expected = (0, 1) if canal in symmetric else (0, 1, 2, 3)
        assert distinct_rotations(canal) == expected, canal
    assert face("S1", 0) == face("S1", 2)
    assert face("S3", 0) != face("S3", 2)  # its riband sits on one port


def test_n11_engine_first_symmetric_straight_is_offered_in_two_rotations():
    game, _ = _canal_game([], "S2")
    game.play("canal 0")
    assert moves_text(game) == ["place-canal 0 0 0", "place-canal 0 0 1"]


@pytest.mark.parametrize(
    ("water", "icons", "expected"),
    [
        ("WCE", (), (0, 1)),
        ("WCE", (("C", Icon.MILITARY),), (0, 1)),
        ("WCNES", (), (0,)),
        ("WCNES", (("C", Icon.RIBAND),), (0,)),
        ("WCN", (), (0, 1, 2, 3)),
        ("WCE", (("E", Icon.RIBAND),), (0, 1, 2, 3)),
    ],
)
def test_r8_2_distinct_rotations_drops_rotations_with_identical_faces(
        monkeypatch, water, icons, expected):
    canal = f"TEST-{water}-{'-'.join(c + i.value for c, i in icons) or 'plain'}"
    monkeypatch.setitem(CATALOG.canals, canal, CanalTile(canal, frozenset(water), icons))
    assert distinct_rotations(canal) == expected
    # the first tile may lie at the origin in each distinct rotation only (N-11)
    assert CanalSystem([]).placements(canal) == [(0, 0, r) for r in expected]


# -- R-8.2 / N-11: placing tiles ---------------------------------------------------------


def test_n11_first_tile_only_at_the_origin_in_any_rotation():
    empty = CanalSystem([])
    assert empty.placements("K1") == [(0, 0, r) for r in range(4)]
    assert empty.can_place("K1", 0, 0, K_ES)
    assert not empty.can_place("K1", 1, 0, 0)
    assert not empty.can_place("K1", 0, -1, 0)


def test_r8_2_later_tile_needs_a_shared_edge_with_ports_on_both_sides():
    sys_ = system(("S1", 0, 0, 0))  # ports W and E
    assert set(sys_.placements("K1")) == {(-1, 0, K_NE), (-1, 0, K_ES), (1, 0, K_NW), (1, 0, K_SW)}
    assert sys_.can_place("K1", 1, 0, K_NW)
    assert not sys_.can_place("K1", 1, 0, K_NE)  # no west port facing the straight
    assert not sys_.can_place("K1", 0, 1, K_NW)  # the straight has no south port
    assert not sys_.can_place("X1", 0, 1, 0)
    assert not sys_.can_place("X1", 2, 0, 0)  # not adjacent at all


def _l_system() -> list[tuple[str, int, int, int]]:
    """Straight at (0,0) W-E, corner at (1,0) W-S, corner at (1,1) N-W."""
    return [("S1", 0, 0, 0), ("K1", 1, 0, K_SW), ("K2", 1, 1, K_NW)]


def test_r8_2_other_shared_edges_may_mismatch():
    """At (0,1) a tile touches the straight above (no port there) and the corner to the east."""
    sys_ = system(*_l_system())
    assert sys_.can_place("X1", 0, 1, 0)  # east port matches; north port faces a wall
    assert sys_.can_place("S2", 0, 1, 0)  # east port matches
    assert not sys_.can_place("S2", 0, 1, 1)  # ports N and S: the north edge has no partner
    assert (0, 1, 0) in sys_.placements("X1")


def test_r8_2_occupied_spots_are_never_legal():
    sys_ = system(*_l_system())
    for x, y, _ in [(0, 0, 0), (1, 0, 0), (1, 1, 0)]:
        for r in range(4):
            assert not sys_.can_place("X1", x, y, r)
    taken = {(0, 0), (1, 0), (1, 1)}
    assert not any((x, y) in taken for x, y, _ in sys_.placements("X1"))


def _canal_game(canals: list[tuple[str, int, int, int]], offered: str) -> tuple[Game, Seat]:
    game = new_game(2, seed=3)
    seat = current(game)
    seat.canals = [PlacedCanal(c, x, y, r) for c, x, y, r in canals]
    game.state.market.canals[0] = offered
    begin_action(game, Action.CANAL)
    return game, seat


def test_n11_engine_first_canal_is_offered_only_at_the_origin():
    game, seat = _canal_game([], "K3")
    assert "canal 0" in moves_text(game)
    game.play("canal 0")
    assert game.state.turn.step is S.CANAL_PLACE
    assert moves_text(game) == [f"place-canal 0 0 {r}" for r in range(4)]
    with pytest.raises(IllegalMoveError):
        game.play("place-canal 1 0 0")
    game.play("place-canal 0 0 2")
    assert seat.canals == [PlacedCanal("K3", 0, 0, 2)]
    placed = [e for e in game.events if isinstance(e, ev.CanalPlaced)]
    assert (placed[-1].canal, placed[-1].x, placed[-1].y, placed[-1].rotation) == ("K3", 0, 0, 2)


def test_r8_2_engine_later_canal_offers_only_placements_with_a_matching_edge():
    game, seat = _canal_game([("S1", 0, 0, 0)], "K1")
    game.play("canal 0")
    assert set(moves_text(game)) == {
        f"place-canal -1 0 {K_NE}", f"place-canal -1 0 {K_ES}",
        f"place-canal 1 0 {K_NW}", f"place-canal 1 0 {K_SW}",
    }
    for illegal in ("place-canal 0 0 0", f"place-canal 1 0 {K_NE}", "place-canal 0 1 0"):
        with pytest.raises(IllegalMoveError):
            game.play(illegal)
    game.play(f"place-canal 1 0 {K_SW}")
    assert seat.canals[-1] == PlacedCanal("K1", 1, 0, K_SW)
    assert CanalSystem(seat.canals).joined((0, 0), "E")


def test_r8_2_engine_mismatching_second_edge_is_offered():
    game, _ = _canal_game(_l_system(), "X2")
    game.play("canal 0")
    moves = moves_text(game)
    assert "place-canal 0 1 0" in moves
    assert "place-canal 0 0 0" not in moves


# -- joined spaces ------------------------------------------------------------------


def test_r8_3_ports_join_only_where_both_tiles_have_a_port():
    sys_ = system(("S1", 0, 0, 0), ("K1", 1, 0, K_NW))
    assert sys_.joined((0, 0), "E")
    assert sys_.joined((1, 0), "W")
    assert not sys_.joined((0, 0), "W")
    assert not sys_.joined((1, 0), "N")
    assert list(sys_.neighbours((0, 0))) == [("E", (1, 0))]
    turned = system(("S1", 0, 0, 0), ("K1", 1, 0, K_NE))
    assert not turned.joined((0, 0), "E")
    assert list(turned.neighbours((0, 0))) == []


def test_r8_3_spaces_join_within_a_tile_through_the_centre():
    sys_ = system(("T1", 0, 0, T_WNE))
    # from a port entered from outside, the only step is to the centre
    assert list(sys_.next_spaces(0, 0, "W", "W")) == [(0, 0, "C", "W")]
    # from the centre, every other port
    assert {s[2] for s in sys_.next_spaces(0, 0, "C", "W")} == {"N", "E"}
    assert {s[2] for s in sys_.next_spaces(0, 0, "C", "N")} == {"W", "E"}


def test_r8_3_spaces_join_across_a_matching_edge_only():
    sys_ = system(("S1", 0, 0, 0), ("K1", 1, 0, K_NW))
    assert list(sys_.next_spaces(0, 0, "E", "C")) == [(1, 0, "W", "W")]
    assert list(sys_.next_spaces(0, 0, "W", "C")) == []  # open edge: nothing beyond
    turned = system(("S1", 0, 0, 0), ("K1", 1, 0, K_NE))
    assert list(turned.next_spaces(0, 0, "E", "C")) == []


# -- R-9.1 / N-12: where the token may start ------------------------------------------------


def test_n12_start_spaces_are_the_ports_at_open_edges():
    sys_ = system(("S1", 0, 0, 0), ("K1", 1, 0, K_NW))
    assert sys_.start_spaces() == [(0, 0, "W"), (1, 0, "N")]


def test_n12_a_port_facing_a_wall_of_a_neighbour_is_an_open_edge():
    sys_ = system(*_l_system(), ("X1", 0, 1, 0))
    starts = sys_.start_spaces()
    assert (0, 1, "N") in starts  # faces the straight's wall
    assert (0, 1, "E") not in starts  # joined to the corner
    assert (0, 0, "E") not in starts
    assert set(starts) == {(0, 0, "W"), (0, 1, "N"), (0, 1, "S"), (0, 1, "W")}


# -- cruise paths ------------------------------------------------------------------


def start(x: int, y: int, cell: str) -> Token:
    """The token as placed before the first cruise: it came in across that edge (R-9.1)."""
    return Token(x, y, cell, cell)


def test_r9_2_paths_have_exactly_speed_steps():
    sys_ = system(*line(2))
    tok = start(0, 0, "W")
    full = [(0, 0, "C"), (0, 0, "E"), (1, 0, "W"), (1, 0, "C"), (1, 0, "E")]
    for speed in range(1, 6):
        assert sys_.cruise_paths(tok, speed) == [tuple(full[:speed])]


def test_r9_2_a_dead_end_shorter_than_the_speed_gives_no_path():
    sys_ = system(*line(2))
    assert sys_.cruise_paths(start(0, 0, "W"), 6) == []
    assert system(("S1", 0, 0, 0)).cruise_paths(start(0, 0, "W"), 3) == []
    assert sys_.cruise_paths(start(0, 0, "W"), 0) == []


def test_r9_2_never_steps_straight_back():
    sys_ = system(("X1", 0, 0, 0))
    paths = sys_.cruise_paths(start(0, 0, "W"), 2)
    assert sorted(p[1][2] for p in paths) == ["E", "N", "S"]
    assert all(p[1] != (0, 0, "W") for p in paths)
    # a token at a port it reached from the centre may only go on across the edge
    sys2 = system(*line(2))
    assert sys2.cruise_paths(Token(0, 0, "E", "C"), 1) == [((1, 0, "W"),)]


def test_r9_2_t_and_x_tiles_branch_at_the_confluence():
    t = system(("T1", 0, 0, T_WNE))
    assert {p[-1] for p in t.cruise_paths(start(0, 0, "W"), 2)} == {(0, 0, "N"), (0, 0, "E")}
    x = system(("X2", 0, 0, 0))
    assert len(x.cruise_paths(start(0, 0, "S"), 2)) == 3
    # a confluence further along: straight, T, with a branch north and a straight east
    sys_ = system(("S1", 0, 0, 0), ("T2", 1, 0, T_WNE), ("K1", 1, -1, K_ES), ("S2", 2, 0, 0))
    paths = sys_.cruise_paths(start(0, 0, "W"), 8)
    assert len(paths) == 2
    assert {p[-1] for p in paths} == {(1, -1, "E"), (2, 0, "E")}
    assert all(len(p) == 8 for p in paths)
    assert all(p[3] == (1, 0, "C") for p in paths)


def _ring() -> list[tuple[str, int, int, int]]:
    """A closed loop of four tiles; the T at (0,0) also opens to the west."""
    return [("T1", 0, 0, T_ESW), ("K1", 1, 0, K_SW), ("K2", 1, 1, K_NW), ("K3", 0, 1, K_NE)]


def test_r9_2_never_re_enters_a_tile_it_has_left():
    sys_ = system(*_ring())
    tok = start(0, 0, "W")
    longest = sys_.cruise_paths(tok, 11)
    assert len(longest) == 2  # round the loop either way, stopping before the first tile
    for path in longest:
        tiles = [(x, y) for x, y, _ in path]
        left = []
        for a, b in pairwise(tiles):
            if a != b:
                left.append(a)
                assert b not in left
    assert sys_.cruise_paths(tok, 12) == []


# -- the token after a cruise -------------------------------------------------------


def test_r9_4_end_token_remembers_where_it_came_from():
    tok = start(0, 0, "W")
    assert end_token(((0, 0, "C"),), tok) == Token(0, 0, "C", "W")
    assert end_token(((0, 0, "C"), (0, 0, "E")), tok) == Token(0, 0, "E", "C")
    assert end_token(((0, 0, "C"), (0, 0, "E"), (1, 0, "W")), tok) == Token(1, 0, "W", "W")
    assert end_token(((0, 0, "C"), (0, 0, "E"), (1, 0, "W"), (1, 0, "C")), tok) == \
        Token(1, 0, "C", "W")


def test_r9_4_the_next_cruise_cannot_go_back():
    sys_ = system(*line(3))
    first = sys_.cruise_paths(start(0, 0, "W"), 4)[0]
    tok = end_token(first, start(0, 0, "W"))
    assert tok == Token(1, 0, "C", "W")
    assert sys_.cruise_paths(tok, 1) == [((1, 0, "E"),)]
    assert sys_.cruise_paths(tok, 4) == [((1, 0, "E"), (2, 0, "W"), (2, 0, "C"), (2, 0, "E"))]
    # a token heading out of a port can only cross, never return to the centre
    tok2 = end_token(first[:2], start(0, 0, "W"))
    assert tok2 == Token(0, 0, "E", "C")
    assert all(p[0] == (1, 0, "W") for p in sys_.cruise_paths(tok2, 3))


# -- scoring a path ---------------------------------------------------------------


NO_FEATURES: dict[Feature, int] = {}


def test_r9_3_military_official_counts_soldiers_and_cannons_each_time():
    sys_ = system(*line(2, "S1"))  # military in both centres
    path = sys_.cruise_paths(start(0, 0, "W"), 5)[0]
    pieces = {"soldier": 2, "cannon": 1, "businessman": 4, "crane": 3}
    score = score_path(sys_, path, pieces, NO_FEATURES)
    assert score.parts["military"] == 2 * 3
    assert score.parts["commerce"] == 0
    assert score.total == 6
    assert [(sp, icon, pts) for sp, icon, pts in score.scored_spaces] == [
        ((0, 0, "C"), Icon.MILITARY, 3), ((1, 0, "C"), Icon.MILITARY, 3)]


def test_r9_3_commerce_official_counts_businessmen_and_cranes():
    sys_ = system(("S2", 0, 0, 0))
    path = ((0, 0, "C"), (0, 0, "E"))
    score = score_path(sys_, path, {"businessman": 2, "crane": 1, "soldier": 5}, NO_FEATURES)
    assert score.parts["commerce"] == 3
    assert score.total == 3


def test_r9_3_safety_officials_count_the_ship_features():
    sys_ = system(("S3", 0, 0, 0), ("S4", 1, 0, 0), ("S5", 2, 0, 0))
    # S3: lantern centre, riband east; S4: lifeboat centre; S5: lifebuoy centre, riband east
    path = sys_.cruise_paths(start(0, 0, "W"), 7)[0]
    assert path[-1] == (2, 0, "C")
    features = {Feature.LANTERN: 2, Feature.BOAT: 3, Feature.BUOY: 1, Feature.CABIN: 4}
    score = score_path(sys_, path, {"soldier": 9}, features)
    assert score.parts["lantern"] == 2
    assert score.parts["lifeboat"] == 3
    assert score.parts["lifebuoy"] == 1
    assert score.parts["riband"] == 2  # the riband on S3's east port at step 2
    assert score.parts["military"] == 0


def test_r9_3_only_the_last_blue_riband_counts_with_its_step_number():
    sys_ = system(*line(2, "S7"))  # riband in both centres
    path = sys_.cruise_paths(start(0, 0, "W"), 5)[0]
    score = score_path(sys_, path, {}, NO_FEATURES)
    assert score.parts["riband"] == 4  # entered at steps 1 and 4: only step 4 counts
    assert score.total == 4
    ribands = [pts for _sp, icon, pts in score.scored_spaces if icon is Icon.RIBAND]
    assert ribands == [1, 4]


def test_r9_3_blue_riband_scores_the_step_it_was_entered_not_the_speed():
    sys_ = system(("S7", 0, 0, 0), ("S1", 1, 0, 0))
    path = sys_.cruise_paths(start(0, 0, "W"), 5)[0]
    score = score_path(sys_, path, {"soldier": 1}, NO_FEATURES)
    assert score.parts["riband"] == 1
    assert score.parts["military"] == 1


def test_r9_3_the_space_the_token_starts_on_is_not_entered():
    sys_ = system(("S6", 0, 0, 0))  # military on the west port, commerce on the east port
    path = ((0, 0, "C"), (0, 0, "E"))
    score = score_path(sys_, path, {"soldier": 3, "businessman": 2}, NO_FEATURES)
    assert score.parts["military"] == 0
    assert score.parts["commerce"] == 2


# -- through the engine: start, cruise, canal removal -----------------------------------


MAST_SHIP = [
    tile_with(TileKind.BOW, Feature.LANTERN, Feature.CABIN),
    tile_with(TileKind.MIDDLE, Feature.MAST, Feature.MAST),
    tile_with(TileKind.STERN, Feature.BOILER, Feature.MAST),
]
GUN_SHIP = [
    tile_with(TileKind.BOW, Feature.CANNON, Feature.CABIN),
    tile_with(TileKind.MIDDLE, Feature.MAST, Feature.MAST),
    tile_with(TileKind.STERN, Feature.BOILER, Feature.MAST),
]

# loads (after the captain) and the speed they give
SPEED_LOADS = {
    1: [],
    2: ["stoker"],
    3: ["stoker", "sail"],
    5: ["smokestack", "stoker", "sail"],
    6: ["smokestack", "stoker", "sail", "sail"],
}


def shakedown_game(canals: list[tuple[str, int, int, int]], tiles: list[str] | None = None,
                   pieces: dict[str, int] | None = None) -> tuple[Game, Seat]:
    """Seat to move has one complete ship in cells 0..2 and is at its shakedown (R-3.5)."""
    game = new_game(2, seed=5)
    seat = current(game)
    ship = tiles or MAST_SHIP
    seat.yard = [*ship, *([None] * (10 - len(ship)))]
    seat.pieces = dict(pieces or {"captain": 1, "smokestack": 1, "stoker": 1, "sail": 2,
                                  "soldier": 1, "cannon": 1})
    seat.canals = [PlacedCanal(c, x, y, r) for c, x, y, r in canals]
    engine.begin_shakedown(game.state, game.events)
    return game, seat


def load(game: Game, pieces: list[str]) -> None:
    assert game.state.turn.step is S.LOAD
    for piece in ["captain", *pieces]:
        game.play(f"load {piece}")
    game.play("end-load")


def test_r9_1_engine_starts_only_at_open_ports():
    game, _ = shakedown_game([("S1", 0, 0, 0), ("K1", 1, 0, K_NW)])
    load(game, SPEED_LOADS[2])
    assert game.state.turn.step is S.TOKEN_START
    assert moves_text(game) == ["start 0 0 W", "start 1 0 N"]


def test_n12_engine_offers_only_starts_with_a_cruise_of_the_exact_speed():
    """A T with one straight on each side: the T's north port is 5 steps from an end,
    the two outer ports 8 steps from each other."""
    tree = [("S1", -1, 0, 0), ("T1", 0, 0, T_WNE), ("S2", 1, 0, 0)]
    game, _ = shakedown_game(tree)
    load(game, SPEED_LOADS[6])
    assert game.state.turn.step is S.TOKEN_START
    assert moves_text(game) == ["start -1 0 W", "start 1 0 E"]
    game5, _ = shakedown_game(tree)
    load(game5, SPEED_LOADS[5])
    assert moves_text(game5) == ["start -1 0 W", "start 0 0 N", "start 1 0 E"]


def test_r7_2_engine_dismantles_a_ship_with_no_cruise_of_its_speed():
    game, seat = shakedown_game([("S1", 0, 0, 0)])
    load(game, SPEED_LOADS[3])
    dismantled = [e for e in game.events if isinstance(e, ev.ShipDismantled)]
    assert len(dismantled) == 1
    assert "3" in dismantled[0].reason
    assert seat.fleet == []
    assert seat.token is None
    assert seat.canals == [PlacedCanal("S1", 0, 0, 0)]


def test_r9_7_engine_lists_every_path_with_its_points_best_first():
    game, _ = shakedown_game([("X1", 0, 0, 0)], tiles=GUN_SHIP)
    load(game, ["soldier", "cannon", "stoker"])  # speed 2
    game.play("start 0 0 W")
    assert game.state.turn.step is S.CRUISE
    options = engine.cruise_options(game.state)
    texts = [str(m) for m, _ in options]
    assert texts == ["cruise 0,0,C 0,0,N", "cruise 0,0,C 0,0,E", "cruise 0,0,C 0,0,S"]
    totals = [sum(parts.values()) for _, parts in options]
    assert totals == [3, 1, 1]  # riband at step 1, plus soldier + cannon at the north port
    assert options[0][1]["military"] == 2
    assert options[0][1]["riband"] == 1
    assert options[2][1]["commerce"] == 0
    assert moves_text(game) == texts
    assert totals == sorted(totals, reverse=True)


def test_r9_7_engine_cruise_scores_what_the_option_promised():
    game, seat = shakedown_game([("X1", 0, 0, 0)], tiles=GUN_SHIP)
    load(game, ["soldier", "cannon", "stoker"])
    game.play("start 0 0 W")
    best, parts = engine.cruise_options(game.state)[0]
    game.play(best)
    sailed = [e for e in game.events if isinstance(e, ev.ShipSailed)][-1]
    for name, pts in parts.items():
        assert sailed.points[name] == pts
    # crew 2 (captain, soldier), cannon 2, speed 2, cruise 3
    assert sailed.total == 9
    assert seat.score == 9
    assert len(seat.fleet) == 1
    assert seat.token == Token(0, 0, "N", "C")


def test_r9_6_engine_left_tiles_become_used_and_cut_off_tiles_are_discarded():
    """The T at (0,0) has a branch north; the token leaves the T eastwards, so the branch
    hangs only on a used tile and is discarded, not counted as used."""
    canals = [("T1", 0, 0, T_WNE), ("K1", 0, -1, K_ES), ("S1", 1, 0, 0), ("S2", 2, 0, 0)]
    game, seat = shakedown_game(canals)
    load(game, SPEED_LOADS[5])
    game.play("start 0 0 W")
    spent_before = list(game.state.market.canal_spent)
    game.play("cruise 0,0,C 0,0,E 1,0,W 1,0,C 1,0,E")
    removed = [e for e in game.events if isinstance(e, ev.CanalsRemoved)]
    assert len(removed) == 1
    assert removed[0].used == ["T1"]
    assert removed[0].discarded == ["K1"]
    assert removed[0].used_total == 1
    assert seat.used_canals == 1
    assert seat.canals == [PlacedCanal("S1", 1, 0, 0), PlacedCanal("S2", 2, 0, 0)]
    assert sorted(game.state.market.canal_spent) == sorted([*spent_before, "T1", "K1"])
    assert seat.token == Token(1, 0, "E", "C")


def test_r9_6_engine_every_tile_left_is_a_used_canal():
    game, seat = shakedown_game(line(3))
    load(game, SPEED_LOADS[6])
    game.play("start 0 0 W")
    (path, _), = engine.cruise_options(game.state)
    game.play(path)
    removed = [e for e in game.events if isinstance(e, ev.CanalsRemoved)]
    assert removed[-1].used == ["S1", "S1"]
    assert removed[-1].discarded == []
    assert seat.used_canals == 2
    assert seat.canals == [PlacedCanal("S1", 2, 0, 0)]


def test_n13_engine_a_cruise_within_one_tile_removes_nothing():
    canals = [("S1", 0, 0, 0), ("S2", 1, 0, 0)]
    game, seat = shakedown_game(canals)
    load(game, SPEED_LOADS[2])
    game.play("start 0 0 W")
    game.play("cruise 0,0,C 0,0,E")
    assert not [e for e in game.events if isinstance(e, ev.CanalsRemoved)]
    assert seat.used_canals == 0
    assert seat.canals == [PlacedCanal("S1", 0, 0, 0), PlacedCanal("S2", 1, 0, 0)]
    assert seat.token == Token(0, 0, "E", "C")


def test_r9_6_engine_tile_beside_the_last_tile_entered_stays_until_that_tile_is_left():
    """R-9.6 (revision 2) discards the tiles no longer attached to the token's tile. Here
    the token stops on the T's east port, heading away from the corner north of the T,
    but the corner is still attached to the T through matching ports: it stays until
    the token leaves the T. Only the straight at (0,0), left behind, is gone (N-13: doing
    it at the end of the cruise gives the same result as at each new tile)."""
    canals = [("S1", 0, 0, 0), ("T1", 1, 0, T_WNE), ("K1", 1, -1, K_ES), ("S2", 2, 0, 0)]
    game, seat = shakedown_game(canals)
    load(game, SPEED_LOADS[5])
    game.play("start 0 0 W")
    game.play("cruise 0,0,C 0,0,E 1,0,W 1,0,C 1,0,E")
    removed = [e for e in game.events if isinstance(e, ev.CanalsRemoved)]
    assert removed[-1].used == ["S1"]
    assert seat.used_canals == 1
    assert removed[-1].discarded == []
    assert PlacedCanal("K1", 1, -1, K_ES) in seat.canals
    # Attached, but no cruise can reach it any more: the interface lists such spots
    # last (R-9.3: the token moves forward only).
    system = CanalSystem(seat.canals)
    assert seat.token is not None
    assert (1, -1) in system.attached((seat.token.x, seat.token.y))
    assert (1, -1) not in system.reachable(seat.token)
    assert (2, 0) in system.reachable(seat.token)


def test_r9_4_engine_second_ship_starts_where_the_first_stopped_and_cannot_go_back():
    game = new_game(2, seed=5)
    seat = current(game)
    seat.yard = [*MAST_SHIP, *GUN_SHIP, None, None, None, None]
    seat.pieces = {"captain": 2, "stoker": 2}
    seat.canals = [PlacedCanal(c, x, y, r) for c, x, y, r in line(3)]
    engine.begin_shakedown(game.state, game.events)
    assert game.state.turn.step is S.SAIL_ORDER  # two ships complete at once
    assert moves_text(game) == ["sail 0", "sail 3"]
    game.play("sail 3")
    load(game, ["stoker"])
    game.play("start 0 0 W")
    game.play("cruise 0,0,C 0,0,E")
    assert seat.token == Token(0, 0, "E", "C")
    assert seat.yard[3:6] == [None, None, None]
    assert seat.yard[0:3] == MAST_SHIP  # the other ship did not move
    load(game, ["stoker"])
    assert game.state.turn.step is S.CRUISE  # the token is already on the water
    assert moves_text(game) == ["cruise 1,0,W 1,0,C"]
    game.play("cruise 1,0,W 1,0,C")
    assert seat.token == Token(1, 0, "C", "W")
    assert seat.used_canals == 1
    assert len(seat.fleet) == 2
    assert all(t is None for t in seat.yard)


def test_joins_names_the_matching_neighbours_of_every_legal_placement():
    """R-8.2: a placement is legal when it joins a tile; ``joins`` names which, and the
    port of each join faces the neighbour it names."""
    from shipyard_tui.games.shipyard.rules.canals import OFFSETS

    system = CanalSystem([PlacedCanal("S2", 0, 0, 0), PlacedCanal("K1", 1, 0, 0)])
    checked = 0
    for canal in ("S2", "K1", "T1", "X1"):
        for x in range(-2, 4):
            for y in range(-2, 3):
                for rotation in range(4):
                    joins = system.joins(canal, x, y, rotation)
                    legal = system.can_place(canal, x, y, rotation)
                    assert legal == (bool(joins) and (x, y) not in system.tiles)
                    for port, pos in joins:
                        assert pos == (x + OFFSETS[port][0], y + OFFSETS[port][1])
                        assert pos in system.tiles
                    checked += legal
    assert checked > 0
