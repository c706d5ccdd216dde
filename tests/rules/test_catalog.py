"""The component catalog (COMPONENTS.md) and the rulings about pieces and features:
R-5.3, R-6.1, R-6.2."""

from __future__ import annotations

from collections import Counter

from shipyard_tui.games.shipyard.rules import CATALOG, Action, Feature, Piece
from shipyard_tui.games.shipyard.rules.catalog import CREW, EQUIPMENT, TileKind
from shipyard_tui.games.shipyard.rules.scoring import fits
from support.shipyard import begin_action, current, new_game


def _faces(kind: TileKind, deck: int = 0) -> Counter[tuple[str, ...]]:
    return Counter(tuple(sorted(f.value for f in t.features))
                   for t in CATALOG.ship_tiles.values()
                   if t.kind is kind and (deck == 0 or t.deck == deck))


def test_catalog_is_marked_reconstructed():
    assert "reconstructed" in CATALOG.note


def test_ship_tile_counts_follow_components_1():
    assert len(CATALOG.ship_tiles) == 104
    assert len(CATALOG.bows) == 24 and len(CATALOG.sterns) == 24
    assert len(CATALOG.middles_1) == 32 and len(CATALOG.middles_2) == 24
    assert len(set(CATALOG.ship_tiles)) == 104


def test_ship_tile_faces_follow_components_1():
    assert _faces(TileKind.BOW) == Counter({
        ("cabin", "lantern"): 6, ("cannon", "lantern"): 6, ("buoy", "cabin"): 4,
        ("cabin", "cannon"): 4, ("crane", "lantern"): 2, ("buoy", "lantern"): 2})
    assert _faces(TileKind.STERN) == Counter({
        ("boat", "boiler"): 6, ("boiler", "mast"): 6, ("boiler", "buoy"): 4,
        ("boiler", "cabin"): 4, ("boiler", "crane"): 2, ("boiler", "lantern"): 2})
    assert _faces(TileKind.MIDDLE, 2)[("cabin", "mast", "mast")] == 4
    assert sum(_faces(TileKind.MIDDLE, 1).values()) == 32


def test_every_stern_has_a_boiler_r6_2():
    assert all(CATALOG.ship(t).count(Feature.BOILER) == 1 for t in CATALOG.sterns)


def test_ship_features_are_the_eight_of_r6_2():
    seen = {f for t in CATALOG.ship_tiles.values() for f in t.features}
    assert seen == set(Feature) - {Feature.PROP}  # the propeller mount is classic only, RC-6.2


def test_a_mast_holds_one_sail_or_one_smokestack_r6_2():
    mast = {Feature.MAST: 1}
    assert fits({"sail": 1}, mast, {})
    assert fits({"smokestack": 1}, mast, {})
    assert not fits({"sail": 1, "smokestack": 1}, mast, {})


def test_safety_features_hold_nothing_r6_2():
    safety = {Feature.BUOY: 3, Feature.BOAT: 3, Feature.LANTERN: 3}
    for piece in ("sail", "smokestack", "cannon", "crane", "businessman", "soldier", "stoker"):
        assert not fits({"captain": 1, piece: 1}, safety, {}), piece
    assert fits({"captain": 1}, safety, {})


def test_equipment_and_crew_kinds_r6_1():
    assert {p.value for p in EQUIPMENT} == {"smokestack", "sail", "cannon", "crane"}
    assert {p.value for p in CREW} == {"captain", "businessman", "soldier", "stoker"}
    assert set(CATALOG.equipment_ring) == set(EQUIPMENT)
    assert set(CATALOG.crew_ring) == set(CREW)
    traded = {p for pieces in CATALOG.trade_lists.values() for p in pieces}
    assert traded <= set(Piece)


def test_canal_employee_commodity_contract_and_solo_counts():
    assert len(CATALOG.canals) == 24
    assert len(CATALOG.employees) == 24
    assert len(CATALOG.commodities) == 14
    assert all(len(t.goods) == 3 for t in CATALOG.commodities.values())
    assert len(CATALOG.red_contracts) == 14 and len(CATALOG.blue_contracts) == 12
    assert len(CATALOG.solo_tiles) == 8
    assert CATALOG.slot_prices == (0, 1, 1, 2, 2)
    kinds = Counter(e.kind for e in CATALOG.employees.values())
    assert kinds == Counter({"engineer": 4, "recruiter": 4, "trader": 6, "builder": 6,
                             "helmsman": 1, "rigger": 1, "accountant": 1, "foreman": 1})


def test_pieces_beside_the_yard_have_no_limit_r5_3():
    game = new_game(2, seed=1)
    seat = current(game)
    seat.pieces = {"captain": 40, "sail": 40}
    seat.guilders = 3
    begin_action(game, Action.EQUIPMENT)
    game.play("take")
    assert seat.pieces["captain"] == 40
    assert sum(seat.pieces.values()) == 81


def test_commodity_tiles_and_employees_have_no_limit_r5_3():
    game = new_game(2, seed=1)
    seat = current(game)
    seat.commodities = [f"C{n:02d}" for n in range(1, 13)] + ["start-1"]
    seat.guilders = 50
    begin_action(game, Action.PURCHASE)
    moves = game.legal_moves()
    assert moves, "a seat holding 13 commodity tiles may still buy one"
    game.play(moves[0])
    assert len(seat.commodities) == 14
