"""The helpers used by the rule tests build what they say they build."""

from shipyard_tui.games.shipyard.rules import CATALOG, Feature
from shipyard_tui.games.shipyard.rules.catalog import TileKind
from shipyard_tui.games.shipyard.rules.yard import pattern
from support.shipyard import new_game, tile_with, yard_from_pattern


def test_yard_from_pattern_round_trips():
    assert pattern(yard_from_pattern("B.M......S")) == "B.M......S"


def test_tile_with_finds_the_feature_set():
    tile = tile_with(TileKind.BOW, Feature.LANTERN, Feature.CABIN)
    assert sorted(CATALOG.ship(tile).features) == sorted([Feature.LANTERN, Feature.CABIN])


def test_new_game_names_seats():
    game = new_game(3)
    assert [s.name for s in game.state.seats] == ["A", "B", "C"]
