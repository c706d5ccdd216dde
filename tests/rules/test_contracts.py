"""Government contracts (COMPONENTS §5, scored at the end by R-10.5), one by one, with
every worked example the catalog takes from the book and the table boundaries.

The red tables are the ones printed on the tiles (RULINGS Revisions, revision 2): each
table contract is tested over its full printed table and past its end, where the points
stay at the last value unless the tile says "+n above"."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Feature, TileKind
from shipyard_tui.games.shipyard.rules.catalog import SAFETY_FEATURES
from shipyard_tui.games.shipyard.rules.scoring import score_contract, tile_features
from shipyard_tui.games.shipyard.rules.state import SailedShip
from support.shipyard import fleet_ship

F = Feature


def _plain(kind: TileKind) -> list[str]:
    """Catalog tiles of a kind with no lifebuoy, lifeboat or lantern."""
    return [t.id for t in CATALOG.ship_tiles.values()
            if t.kind is kind and not any(f in SAFETY_FEATURES for f in t.features)]


PLAIN_BOWS = cycle(_plain(TileKind.BOW))
PLAIN_MIDDLES = cycle(_plain(TileKind.MIDDLE))
PLAIN_STERNS = cycle(_plain(TileKind.STERN))


def hull(length: int) -> list[str]:
    """The tiles of a ship of ``length`` tiles (bow, middles, stern) with no safety features."""
    assert 3 <= length <= 9
    return [next(PLAIN_BOWS), *(next(PLAIN_MIDDLES) for _ in range(length - 2)),
            next(PLAIN_STERNS)]


def ship(length: int = 3, **pieces: int) -> SailedShip:
    return fleet_ship(hull(length), pieces)


def safety_fleet(feature: Feature, n: int) -> list[SailedShip]:
    """Ships of 4 tiles holding exactly ``n`` of one safety feature, no other safety feature."""
    carriers = {kind: [t.id for t in CATALOG.ship_tiles.values()
                       if t.kind is kind and t.count(feature) == 1
                       and sum(t.count(f) for f in SAFETY_FEATURES) == 1]
                for kind in TileKind}
    plain = {TileKind.BOW: PLAIN_BOWS, TileKind.MIDDLE: PLAIN_MIDDLES,
             TileKind.STERN: PLAIN_STERNS}
    fleet = []
    left = n
    while left > 0:
        tiles = []
        for kind in (TileKind.BOW, TileKind.MIDDLE, TileKind.MIDDLE, TileKind.STERN):
            if left > 0 and carriers[kind]:
                tiles.append(carriers[kind].pop())
                left -= 1
            else:
                tiles.append(next(plain[kind]))
        fleet.append(fleet_ship(tiles))
    counted = sum(tile_features(s.tiles).get(feature, 0) for s in fleet)
    assert counted == n
    return fleet


def score(contract: str, fleet: Sequence[SailedShip] = (), employees: Sequence[str] = (),
          used_canals: int = 0) -> int:
    return score_contract(contract, list(fleet), list(employees), used_canals).points


def counted(contract: str, fleet: Sequence[SailedShip] = (), employees: Sequence[str] = (),
            used_canals: int = 0) -> int:
    return score_contract(contract, list(fleet), list(employees), used_canals).counted


# -- the catalog itself --------------------------------------------------------------


def test_r10_5_components_5_has_14_red_and_12_blue_contracts():
    assert CATALOG.red_contracts == tuple(f"R{i}" for i in range(1, 15))
    assert CATALOG.blue_contracts == tuple(f"B{i}" for i in range(1, 13))


def test_r2_2_first_game_sets_are_those_of_components_5():
    assert CATALOG.first_game_sets == (
        ("R1", "R10", "B8", "B3"),
        ("R2", "R11", "B5", "B7"),
        ("R8", "R14", "B9", "B2"),
        ("R5", "R13", "B11", "B4"),
    )


@pytest.mark.parametrize("contract", [*CATALOG.red_contracts, *CATALOG.blue_contracts])
def test_r10_5_every_contract_scores_nothing_for_nothing(contract):
    """R-10.5: an empty fleet, no employees and no used canals score 0 on any contract."""
    assert score(contract) == 0


# -- R1, R5, R7: safety tables ------------------------------------------------------

SAFETY_TABLE = [(0, 0), (1, 1), (2, 2), (3, 4), (4, 6), (5, 8), (6, 12),  # printed 1-2-4-6-8-12
                (7, 13), (8, 14), (10, 16)]  # "+1" per item above 6
SAFETY_CONTRACTS = [("R1", F.BUOY), ("R5", F.LANTERN), ("R7", F.BOAT)]


@pytest.mark.parametrize(("contract", "feature"), SAFETY_CONTRACTS)
@pytest.mark.parametrize(("count", "points"), SAFETY_TABLE)
def test_r10_5_contracts_r1_r5_r7_safety_tables(contract, feature, count, points):
    fleet = safety_fleet(feature, count)
    assert counted(contract, fleet) == count
    assert score(contract, fleet) == points


def test_r10_5_contract_r1_book_example_six_lifebuoys_score_12():
    fleet = [
        fleet_ship(["B13", "M29", "M17", "S13"]),  # 3 lifebuoys
        fleet_ship(["B14", "M25", "S14"]),  # 3 lifebuoys
    ]
    assert counted("R1", fleet) == 6
    assert score("R1", fleet) == 12


@pytest.mark.parametrize(("contract", "feature"), SAFETY_CONTRACTS)
def test_r10_5_contracts_r1_r5_r7_count_only_their_own_feature(contract, feature):
    others = [f for f in SAFETY_FEATURES if f is not feature]
    fleet = safety_fleet(others[0], 4) + safety_fleet(others[1], 4)
    assert score(contract, fleet) == 0


def test_r10_5_contract_r1_counts_tile_features_not_pieces():
    fleet = [fleet_ship(["B13", "M29", "S13"], {"captain": 3, "sail": 1, "stoker": 1})]
    assert counted("R1", fleet) == 3
    assert score("R1", fleet) == 4


# -- R2 safe ships ------------------------------------------------------------------


def test_r10_5_contract_r2_five_per_ship_with_lifebuoy_lifeboat_and_lantern():
    safe = fleet_ship(["B23", "M07", "S01"])  # lifebuoy + lantern, lifeboat, lifeboat
    assert score("R2", [safe]) == 5


def test_r10_5_contract_r2_a_ship_counts_once_however_many_safety_features():
    rich = fleet_ship(["B24", "M37", "M45", "M26", "S02"])  # 2 of each safety feature
    features = tile_features(rich.tiles)
    assert (features[F.BUOY], features[F.BOAT], features[F.LANTERN]) == (2, 2, 2)
    assert counted("R2", [rich]) == 1
    assert score("R2", [rich]) == 5


def test_r10_5_contract_r2_ships_missing_one_feature_do_not_count():
    no_lantern = fleet_ship(["B13", "M08", "S03"])
    no_boat = fleet_ship(["B23", "M30", "S23"])
    no_buoy = fleet_ship(["B01", "M09", "S04"])
    safe = fleet_ship(["B22", "M42", "S05"])  # lantern, lifebuoy, lifeboat
    assert score("R2", [no_lantern, no_boat, no_buoy]) == 0
    assert score("R2", [no_lantern, safe, no_boat]) == 5


def test_r10_5_contract_r2_features_must_be_on_the_same_ship():
    fleet = [fleet_ship(["B13", "M17", "S17"]),  # lifebuoy only
             fleet_ship(["B01", "M18", "S18"]),  # lantern only
             fleet_ship(["B17", "M10", "S19"])]  # lifeboat only
    assert score("R2", fleet) == 0


def test_r10_5_contract_r2_several_safe_ships():
    fleet = [fleet_ship(["B23", "M07", "S01"]), fleet_ship(["B24", "M11", "S06"]),
             fleet_ship(["B15", "M46", "S02"])]
    assert score("R2", fleet) == 15


# -- R3, R4, R6, R8: employees -------------------------------------------------------


def test_r10_5_contract_r3_two_per_blue_yellow_or_red_employee():
    staff = ["engineer:sail", "recruiter:captain", "trader:coal:1", "builder:sail", "helmsman",
             "accountant"]
    assert counted("R3", employees=staff) == 4
    assert score("R3", employees=staff) == 8
    assert score("R3", employees=["engineer:sail", "recruiter:stoker"]) == 0


@pytest.mark.parametrize(("staff", "points"), [
    ([], 0),
    (["builder:sail"], 1),
    (["builder:sail", "helmsman", "rigger"], 1),  # all blue: one type
    (["trader:coal:1", "trader:coal:2"], 2),  # trader levels are two types
    (["trader:coal:1", "trader:cloth:1", "trader:steel:1"], 1),
    (["engineer:sail", "recruiter:captain", "foreman"], 4),
    (["engineer:sail", "recruiter:captain", "foreman", "rigger"], 6),
    (["engineer:sail", "recruiter:captain", "foreman", "rigger", "trader:steel:1"], 9),
    (["engineer:sail", "recruiter:captain", "foreman", "rigger", "trader:steel:1",
      "trader:steel:2"], 12),
    (["engineer:sail", "engineer:crane", "recruiter:captain", "recruiter:stoker", "foreman",
      "accountant", "rigger", "helmsman", "trader:steel:1", "trader:steel:2",
      "trader:coal:1"], 12),
])
def test_r10_5_contract_r4_varied_staff_printed_table(staff, points):
    """R4 printed 1-2-4-6-9-12: every entry of the table is reached above."""
    assert score("R4", employees=staff) == points


@pytest.mark.parametrize(("staff", "points"), [
    (["engineer:sail"], 0),
    (["engineer:sail", "engineer:crane"], 3),  # 2 gray
    (["engineer:sail", "recruiter:captain"], 3),  # gray with green
    (["recruiter:soldier", "recruiter:captain"], 3),  # 2 green
    (["engineer:sail", "recruiter:captain", "engineer:crane"], 3),  # one left over
    (["builder:sail", "trader:coal:1"], 4),  # blue with red
    (["accountant", "foreman"], 4),  # 2 yellow
    (["helmsman", "accountant", "trader:cloth:1", "trader:cloth:2"], 8),
    (["engineer:sail", "builder:sail"], 0),  # gray and blue are not a pair
    (["engineer:sail", "recruiter:captain", "builder:sail", "accountant", "rigger"], 7),
])
def test_r10_5_contract_r6_staff_pairs(staff, points):
    assert score("R6", employees=staff) == points


@pytest.mark.parametrize(("n", "points"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 6),
                                           (6, 8), (7, 10), (8, 12)])
def test_r10_5_contract_r8_staff_count_printed_1_2_3_4_plus_2(n, points):
    staff = list(CATALOG.employees)[:n]
    assert score("R8", employees=staff) == points


def test_r10_5_contract_r8_book_example_seven_employees_score_10():
    staff = ["engineer:sail", "recruiter:captain", "trader:coal:1", "builder:sail", "helmsman",
             "accountant", "foreman"]
    assert score("R8", employees=staff) == 10


# -- R9 to R14: ship sizes and counts --------------------------------------------------


def test_r10_5_contract_r9_book_example_sizes_3_5_6_score_13():
    fleet = [ship(3), ship(5), ship(6)]
    assert counted("R9", fleet) == 3
    assert score("R9", fleet) == 13


@pytest.mark.parametrize(("sizes", "points"), [
    ([], 0),
    ([7, 8, 9], 0),  # only ships of exactly 3, 4, 5 or 6 tiles count
    ([3], 2),
    ([4], 2),  # 4 tiles is one of the sizes (revision 2)
    ([5, 5, 5], 2),  # the same size twice is still one size
    ([3, 6], 7),
    ([5, 6, 7], 7),
    ([3, 3, 5, 6, 6, 9], 13),
    ([3, 4, 5], 13),
    ([3, 4, 5, 6], 19),  # printed 2-7-13-19: the whole table
    ([3, 4, 4, 5, 6, 6, 7, 8], 19),
])
def test_r10_5_contract_r9_distinct_sizes_among_3_4_5_6_printed_table(sizes, points):
    assert counted("R9", [ship(n) for n in sizes]) == len({n for n in sizes if 3 <= n <= 6})
    assert score("R9", [ship(n) for n in sizes]) == points


def test_r10_5_contract_r10_book_example_three_five_tile_ships_score_15():
    assert score("R10", [ship(5), ship(5), ship(5)]) == 15


@pytest.mark.parametrize(("fives", "points"), [(0, 0), (1, 1), (2, 8), (3, 15), (4, 22),
                                               (5, 22), (6, 22)])
def test_r10_5_contract_r10_five_tile_ships_printed_table(fives, points):
    """R10 printed 1-8-15-22; past 4 ships the points stay at 22."""
    fleet = [ship(5) for _ in range(fives)] + [ship(4), ship(6)]
    assert counted("R10", fleet) == fives
    assert score("R10", fleet) == points


def test_r10_5_contract_r11_book_example_two_six_tile_ships_score_10():
    assert score("R11", [ship(6), ship(6)]) == 10


@pytest.mark.parametrize(("sixes", "points"), [(0, 0), (1, 3), (2, 10), (3, 17), (4, 17),
                                               (5, 17)])
def test_r10_5_contract_r11_six_tile_ships_printed_table(sixes, points):
    """R11 printed 3-10-17; past 3 ships the points stay at 17."""
    fleet = [ship(6) for _ in range(sixes)] + [ship(5), ship(7)]
    assert counted("R11", fleet) == sixes
    assert score("R11", fleet) == points


@pytest.mark.parametrize(("lengths", "points"), [
    ([6, 6], 0),
    ([7], 5),
    ([9], 5),
    ([7, 8, 3], 12),
    ([7, 9, 8], 12),  # printed 5-12: past 2 ships the points stay at 12
    ([7, 7, 7, 7], 12),
])
def test_r10_5_contract_r12_long_ships_printed_table(lengths, points):
    assert score("R12", [ship(n) for n in lengths]) == points


@pytest.mark.parametrize(("lengths", "points"), [
    ([3, 3, 3], 0),  # 9 tiles
    ([5, 4, 5], 0),  # 14: below the first printed step
    ([5, 5, 5], 8),  # 15
    ([6, 6, 7], 8),  # 19
    ([5, 5, 5, 5], 13),  # 20
    ([9, 9, 6], 13),  # 24
    ([5, 5, 5, 5, 5], 18),  # 25
    ([9, 9, 8, 3], 18),  # 29
    ([9, 9, 9, 9], 18),  # 36: printed 8, 13, 18 and no more
])
def test_r10_5_contract_r13_tonnage_printed_table(lengths, points):
    fleet = [ship(n) for n in lengths]
    assert counted("R13", fleet) == sum(lengths)
    assert score("R13", fleet) == points


@pytest.mark.parametrize(("ships", "points"), [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16),
                                               (5, 24), (6, 32), (7, 32), (8, 32)])
def test_r10_5_contract_r14_fleet_size_printed_table(ships, points):
    """R14 printed 1-4-9-16-24-32; past 6 ships the points stay at 32."""
    assert score("R14", [ship(3) for _ in range(ships)]) == points


# -- B1 to B12 -----------------------------------------------------------------------


@pytest.mark.parametrize(("per_ship", "points"), [
    ([], 0), ([1], 0), ([2], 2), ([1, 1], 2), ([1, 2, 1], 6), ([3, 0, 2], 8),
])
def test_r10_5_contract_b1_two_per_soldier_beyond_the_first(per_ship, points):
    fleet = [ship(4, captain=1, soldier=n) for n in per_ship]
    assert score("B1", fleet) == points


@pytest.mark.parametrize(("per_ship", "points"), [([], 0), ([1], 3), ([1, 1], 6), ([2, 0, 1], 9)])
def test_r10_5_contract_b2_three_per_stoker(per_ship, points):
    fleet = [ship(4, captain=1, stoker=n) for n in per_ship]
    assert score("B2", fleet) == points


def test_r10_5_contract_b3_soldier_cannon_pairs_on_one_ship():
    fleet = [ship(4, soldier=2, cannon=1),  # 1 pair
             ship(4, cannon=2),  # no soldier
             ship(4, soldier=1),  # no cannon
             ship(5, soldier=2, cannon=2)]  # 2 pairs
    assert counted("B3", fleet) == 3
    assert score("B3", fleet) == 9


def test_r10_5_contract_b3_soldier_and_cannon_on_different_ships_are_no_pair():
    assert score("B3", [ship(4, soldier=1), ship(4, cannon=1)]) == 0


def test_r10_5_contract_b4_book_example_five_businessmen_score_8():
    fleet = [ship(4, businessman=2), ship(5, businessman=3)]
    assert score("B4", fleet) == 8
    assert score_contract("B4", fleet, [], 0).detail == "5 businessmen, 4 beyond the first"
    assert score_contract("B4", [ship(4, businessman=1)], [], 0).detail.startswith(
        "1 businessman,")


@pytest.mark.parametrize(("per_ship", "points"), [([], 0), ([1], 0), ([2], 2), ([1, 1, 1], 4)])
def test_r10_5_contract_b4_two_per_businessman_beyond_the_first(per_ship, points):
    assert score("B4", [ship(4, businessman=n) for n in per_ship]) == points


@pytest.mark.parametrize(("per_ship", "points"), [
    ([1], 0), ([1, 1], 0), ([2], 3), ([3], 3), ([4], 6), ([3, 1], 3), ([2, 2, 5], 12),
])
def test_r10_5_contract_b5_pairs_of_smokestacks_on_one_ship(per_ship, points):
    assert score("B5", [ship(5, smokestack=n) for n in per_ship]) == points


@pytest.mark.parametrize(("used", "points"), [(0, 0), (1, 4), (3, 12), (7, 28)])
def test_r10_5_contract_b6_four_per_used_canal(used, points):
    assert score("B6", [ship(3, captain=1)], used_canals=used) == points


def test_r10_5_contract_b7_businessman_crane_pairs_on_one_ship():
    fleet = [ship(4, businessman=2, crane=1),  # 1 pair
             ship(4, businessman=2, crane=3),  # 2 pairs
             ship(4, crane=2),  # none
             ship(4, businessman=1)]  # none
    assert counted("B7", fleet) == 3
    assert score("B7", fleet) == 9
    assert score("B7", [ship(4, businessman=1), ship(4, crane=1)]) == 0


def test_r10_5_contract_b8_book_example_four_pairs_score_12():
    fleet = [ship(5, sail=4), ship(4, sail=2), ship(4, sail=3)]
    assert counted("B8", fleet) == 4
    assert score("B8", fleet) == 12


def test_r10_5_contract_b8_book_note_three_sails_and_one_sail_make_one_pair():
    assert score("B8", [ship(4, sail=3), ship(4, sail=1)]) == 3


def test_r10_5_contract_b8_book_note_two_and_two_sails_or_four_on_one_ship_make_two_pairs():
    assert score("B8", [ship(4, sail=2), ship(4, sail=2)]) == 6
    assert score("B8", [ship(5, sail=4)]) == 6


def test_r10_5_contract_b8_single_sails_on_several_ships_make_no_pair():
    assert score("B8", [ship(3, sail=1) for _ in range(4)]) == 0


def test_r10_5_contract_b9_book_example_seven_captains_on_three_ships_are_four_officers():
    fleet = [ship(4, captain=3), ship(4, captain=2), ship(4, captain=2)]
    assert counted("B9", fleet) == 4
    assert score("B9", fleet) == 12


@pytest.mark.parametrize(("captains", "points"), [
    ([1], 0), ([1, 1, 1], 0), ([2], 3), ([1, 5, 1], 12), ([4, 4], 18),
])
def test_r10_5_contract_b9_three_per_officer(captains, points):
    assert score("B9", [ship(5, captain=n) for n in captains]) == points


FULL_WARSHIP = {"captain": 1, "businessman": 1, "soldier": 1, "crane": 1, "cannon": 1}


def test_r10_5_contract_b10_eight_per_ship_with_businessman_soldier_crane_and_cannon():
    assert score("B10", [ship(5, **FULL_WARSHIP)]) == 8
    assert score("B10", [ship(5, **FULL_WARSHIP), ship(6, **FULL_WARSHIP)]) == 16


def test_r10_5_contract_b10_a_ship_counts_once_however_many_of_each():
    doubled = ship(7, captain=1, businessman=2, soldier=2, crane=2, cannon=2)
    assert counted("B10", [doubled]) == 1
    assert score("B10", [doubled]) == 8


@pytest.mark.parametrize("missing", ["businessman", "soldier", "crane", "cannon"])
def test_r10_5_contract_b10_a_ship_missing_one_item_does_not_count(missing):
    pieces = {k: v for k, v in FULL_WARSHIP.items() if k != missing}
    assert score("B10", [ship(5, **pieces)]) == 0


def test_r10_5_contract_b10_items_spread_over_ships_do_not_count():
    fleet = [ship(4, businessman=1, soldier=1), ship(4, crane=1, cannon=1)]
    assert score("B10", fleet) == 0


STEAM_SAIL = {"captain": 1, "sail": 1, "smokestack": 1, "stoker": 1}


def test_r10_5_contract_b11_six_per_ship_with_sail_smokestack_and_stoker():
    assert score("B11", [ship(4, **STEAM_SAIL)]) == 6
    assert score("B11", [ship(4, **STEAM_SAIL), ship(4, **STEAM_SAIL), ship(3, sail=1)]) == 12


def test_r10_5_contract_b11_book_note_two_of_each_is_still_one_ship():
    doubled = ship(6, captain=1, sail=2, smokestack=2, stoker=2)
    assert counted("B11", [doubled]) == 1
    assert score("B11", [doubled]) == 6


@pytest.mark.parametrize("missing", ["sail", "smokestack", "stoker"])
def test_r10_5_contract_b11_a_ship_missing_one_item_does_not_count(missing):
    pieces = {k: v for k, v in STEAM_SAIL.items() if k != missing}
    assert score("B11", [ship(4, **pieces)]) == 0


@pytest.mark.parametrize(("fleet_pieces", "elements", "points"), [
    ([{"captain": 1}], 0, 0),
    ([{"captain": 1, "sail": 2, "smokestack": 1}], 2, 0),
    ([{"sail": 1, "smokestack": 1, "crane": 1}], 3, 3),
    ([{"sail": 1}, {"smokestack": 1}, {"crane": 1}], 3, 3),  # across ships
    ([{"sail": 3, "captain": 1}, {"sail": 1, "smokestack": 1, "crane": 1}], 3, 3),
    ([{"captain": 2, "sail": 1, "smokestack": 1, "crane": 1}], 4, 6),  # officer counts
    ([{"captain": 1, "sail": 1, "smokestack": 1, "crane": 1, "cannon": 1, "soldier": 1}], 5, 10),
    ([{"sail": 1, "smokestack": 1, "crane": 1, "cannon": 1, "soldier": 1, "stoker": 1}], 6, 15),
    ([{"sail": 1, "smokestack": 1, "crane": 1, "cannon": 1},
      {"soldier": 1, "stoker": 1, "businessman": 1, "captain": 1}], 7, 21),
    ([{"sail": 1, "smokestack": 1, "crane": 1, "cannon": 1},
      {"soldier": 1, "stoker": 1, "businessman": 1, "captain": 3}], 8, 28),
])
def test_r10_5_contract_b12_variety_table(fleet_pieces, elements, points):
    fleet = [ship(5, **pieces) for pieces in fleet_pieces]
    assert counted("B12", fleet) == elements
    assert score("B12", fleet) == points


def test_r10_5_every_catalog_contract_has_a_rule_object_that_describes_it():
    """Contracts as objects (COMPONENTS §5): each catalog rule has a class that scores
    a fleet and describes itself; an empty fleet scores 0 on every contract."""
    from shipyard_tui.games.shipyard.rules.contracts import (
        CONTRACT_RULES,
        contract_rule,
        describe_contract,
    )

    rules = {c.rule for c in CATALOG.contracts.values()}
    assert rules <= set(CONTRACT_RULES)
    for contract_id in CATALOG.contracts:
        assert describe_contract(contract_id)
        assert contract_rule(contract_id).score(
            CATALOG.contracts[contract_id], [], [], 0).points == 0
