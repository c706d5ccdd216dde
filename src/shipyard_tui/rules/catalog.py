"""The component catalog: every tile, employee, contract and price of the game.

The data lives in ``data/components.json`` so that a player who owns the physical
game can swap the reconstructed faces for the printed ones without touching code.
This module turns that file into small frozen value types and lookup tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any


class Action(StrEnum):
    """The action tiles of the action track."""

    BUILD = "build"
    CANAL = "canal"
    PURCHASE = "purchase"
    EQUIPMENT = "equipment"
    CREW = "crew"
    HIRE = "hire"
    EXCHANGE = "exchange"
    SUBSIDY = "subsidy"

    @property
    def label(self) -> str:
        """The name printed on the action tile."""
        return ACTION_TITLES[self]


ACTION_TITLES = {
    Action.BUILD: "Build Ships",
    Action.CANAL: "Rent a Canal",
    Action.PURCHASE: "Purchase Commodities",
    Action.EQUIPMENT: "Manufacture Equipment",
    Action.CREW: "Recruit Crew",
    Action.HIRE: "Hire Employee",
    Action.EXCHANGE: "Exchange Commodities",
    Action.SUBSIDY: "Receive Subsidy",
}


class Piece(StrEnum):
    """Equipment and crew pieces."""

    SMOKESTACK = "smokestack"
    SAIL = "sail"
    CANNON = "cannon"
    CRANE = "crane"
    CAPTAIN = "captain"
    BUSINESSMAN = "businessman"
    SOLDIER = "soldier"
    STOKER = "stoker"

    @property
    def is_equipment(self) -> bool:
        return self in EQUIPMENT


EQUIPMENT = (Piece.SMOKESTACK, Piece.SAIL, Piece.CANNON, Piece.CRANE)
CREW = (Piece.CAPTAIN, Piece.BUSINESSMAN, Piece.SOLDIER, Piece.STOKER)
PIECES = EQUIPMENT + CREW


class Feature(StrEnum):
    """What a ship tile carries: mounts, cabins and safety features."""

    MAST = "mast"
    CANNON = "cannon"
    CRANE = "crane"
    CABIN = "cabin"
    BOILER = "boiler"
    BUOY = "buoy"
    BOAT = "boat"
    LANTERN = "lantern"


SAFETY_FEATURES = (Feature.BUOY, Feature.BOAT, Feature.LANTERN)


class TileKind(StrEnum):
    """The three kinds of ship tile."""

    BOW = "bow"
    MIDDLE = "middle"
    STERN = "stern"


class Good(StrEnum):
    """The goods printed on commodity tiles."""

    COAL = "coal"
    CLOTH = "cloth"
    STEEL = "steel"


class Icon(StrEnum):
    """Officials and the Blue Riband printed on canal spaces."""

    MILITARY = "mil"
    COMMERCE = "com"
    LANTERN = "lantern"
    BOAT = "boat"
    BUOY = "buoy"
    RIBAND = "riband"


class Colour(StrEnum):
    """Colours of employee tiles (contracts R3, R4, R6 count them)."""

    GRAY = "gray"
    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"


class EmployeeKind(StrEnum):
    """What an employee does (COMPONENTS, R-4.6); a string enum, so it still equals its name."""

    ENGINEER = "engineer"
    RECRUITER = "recruiter"
    TRADER = "trader"
    BUILDER = "builder"
    HELMSMAN = "helmsman"
    RIGGER = "rigger"
    ACCOUNTANT = "accountant"
    FOREMAN = "foreman"


class ContractColour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class ShipTile:
    """One ship tile: its kind, the middle deck it belongs to, and its features."""

    id: str
    kind: TileKind
    features: tuple[Feature, ...]
    deck: int = 0

    def count(self, feature: Feature) -> int:
        return self.features.count(feature)

    @property
    def is_blank(self) -> bool:
        return self.id.startswith("blank")


@dataclass(frozen=True, slots=True)
class CanalTile:
    """One canal tile, unrotated: the water cells among ``C N E S W`` and their icons."""

    id: str
    water: frozenset[str]
    icons: tuple[tuple[str, Icon], ...]

    @property
    def ports(self) -> frozenset[str]:
        return self.water - {"C"}


@dataclass(frozen=True, slots=True)
class EmployeeType:
    """An employee tile face; the two decks hold identical faces."""

    id: str
    kind: EmployeeKind
    colour: Colour
    surcharge: int
    piece: Piece | None = None
    extra: int = 0
    good: Good | None = None
    level: int = 0

    @property
    def title(self) -> str:
        if self.kind is EmployeeKind.TRADER:
            assert self.good is not None
            return f"Trader {self.good} {self.level}"
        if self.kind is EmployeeKind.BUILDER:
            return f"Builder +{self.extra} {self.piece}"
        if self.piece is not None:
            return f"{self.kind.capitalize()} +1 {self.piece}"
        return self.kind.capitalize()


@dataclass(frozen=True, slots=True)
class CommodityTile:
    id: str
    goods: tuple[Good, Good, Good]
    starting: bool = False


@dataclass(frozen=True, slots=True)
class Contract:
    """A government contract; ``params`` holds the scoring table of its rule."""

    id: str
    colour: ContractColour
    name: str
    rule: str
    params: tuple[tuple[str, Any], ...]

    def param(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class SoloTile:
    """A solo tile: its face (an action, or ``last`` for the last tile of the track)
    and the number on its back, with the bracket number used when the back shows 0."""

    id: str
    action: str
    back: int
    bracket: int = 0

    @property
    def marker_steps(self) -> int:
        return self.bracket if self.back == 0 else self.back


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every component of the game, looked up by id."""

    note: str
    ship_tiles: dict[str, ShipTile]
    bows: tuple[str, ...]
    sterns: tuple[str, ...]
    middles_1: tuple[str, ...]
    middles_2: tuple[str, ...]
    canals: dict[str, CanalTile]
    employees: dict[str, EmployeeType]
    first_game_employees: tuple[str, ...]
    commodities: dict[str, CommodityTile]
    starting_goods: tuple[Good, Good, Good]
    exchange_prices: tuple[dict[Good, int], ...]
    trade_lists: dict[Good, tuple[Piece, ...]]
    equipment_ring: tuple[Piece, ...]
    crew_ring: tuple[Piece, ...]
    contracts: dict[str, Contract]
    first_game_sets: tuple[tuple[str, ...], ...]
    solo_tiles: dict[str, SoloTile]
    solo_board_number: int
    slot_prices: tuple[int, ...]

    def ship(self, tile_id: str) -> ShipTile:
        """The tile for an id, including the featureless blank tiles."""
        tile = self.ship_tiles.get(tile_id)
        if tile is not None:
            return tile
        return blank_tile(tile_id)

    @property
    def red_contracts(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.contracts.values() if c.colour is ContractColour.RED)

    @property
    def blue_contracts(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.contracts.values() if c.colour is ContractColour.BLUE)


BLANK_PREFIX = "blank-"


@cache
def blank_tile(tile_id: str) -> ShipTile:
    """A blank tile bought when no tile of its kind is left (R-4.1): no features."""
    if not tile_id.startswith(BLANK_PREFIX):
        raise KeyError(tile_id)
    kind = TileKind(tile_id[len(BLANK_PREFIX) :].split("-")[0])
    return ShipTile(id=tile_id, kind=kind, features=())


def _ship_group(prefix: str, kind: TileKind, groups: list[dict[str, Any]], start: int, deck: int
                ) -> list[ShipTile]:
    tiles = []
    n = start
    for group in groups:
        for _ in range(group["count"]):
            n += 1
            features = tuple(Feature(f) for f in group["features"])
            tiles.append(ShipTile(id=f"{prefix}{n:02d}", kind=kind, features=features, deck=deck))
    return tiles


def _three_goods(names: list[str]) -> tuple[Good, Good, Good]:
    """The three goods of a commodity tile (COMPONENTS.md), checked."""
    first, second, third = (Good(g) for g in names)
    return first, second, third


def _params(entry: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    skip = {"id", "name", "rule"}
    out = []
    for key, value in entry.items():
        if key in skip:
            continue
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out.append((key, value))
    return tuple(out)


def _load() -> Catalog:
    data = resources.files(__package__).joinpath("data/components.json")
    raw = json.loads(data.read_text("utf-8"))
    ships = raw["ship_tiles"]
    bows = _ship_group("B", TileKind.BOW, ships["bow"], 0, 0)
    sterns = _ship_group("S", TileKind.STERN, ships["stern"], 0, 0)
    mid1 = _ship_group("M", TileKind.MIDDLE, ships["middle_deck_1"], 0, 1)
    mid2 = _ship_group("M", TileKind.MIDDLE, ships["middle_deck_2"], len(mid1), 2)
    all_ships = {t.id: t for t in bows + sterns + mid1 + mid2}

    canals = {}
    for entry in raw["canals"]["tiles"]:
        icons = tuple(sorted((cell, Icon(icon)) for cell, icon in entry["icons"].items()))
        canals[entry["id"]] = CanalTile(entry["id"], frozenset(entry["water"]), icons)

    employees = {}
    for entry in raw["employees"]["deck"]:
        employees[entry["id"]] = EmployeeType(
            id=entry["id"],
            kind=EmployeeKind(entry["kind"]),
            colour=Colour(entry["colour"]),
            surcharge=entry["surcharge"],
            piece=Piece(entry["piece"]) if "piece" in entry else None,
            extra=entry.get("extra", 0),
            good=Good(entry["good"]) if "good" in entry else None,
            level=entry.get("level", 0),
        )

    com = raw["commodities"]
    commodities = {}
    for n, goods in enumerate(com["tiles"], start=1):
        commodities[f"C{n:02d}"] = CommodityTile(f"C{n:02d}", _three_goods(goods))
    starting = _three_goods(com["starting_tile"])

    contracts = {}
    for colour in (ContractColour.RED, ContractColour.BLUE):
        for entry in raw["contracts"][colour.value]:
            contracts[entry["id"]] = Contract(
                entry["id"], colour, entry["name"], entry["rule"], _params(entry)
            )

    solo = {
        e["id"]: SoloTile(e["id"], e["action"], e["back"], e.get("bracket", 0))
        for e in raw["solo_tiles"]["tiles"]
    }
    return Catalog(
        note=raw["note"],
        ship_tiles=all_ships,
        bows=tuple(t.id for t in bows),
        sterns=tuple(t.id for t in sterns),
        middles_1=tuple(t.id for t in mid1),
        middles_2=tuple(t.id for t in mid2),
        canals=canals,
        employees=employees,
        first_game_employees=tuple(raw["employees"]["first_game_order"]),
        commodities=commodities,
        starting_goods=starting,
        exchange_prices=tuple(
            {Good(k): v for k, v in space.items()} for space in com["exchange_prices"]
        ),
        trade_lists={Good(k): tuple(Piece(p) for p in v) for k, v in com["trade_lists"].items()},
        equipment_ring=tuple(Piece(p) for p in raw["rings"]["equipment"]),
        crew_ring=tuple(Piece(p) for p in raw["rings"]["crew"]),
        contracts=contracts,
        first_game_sets=tuple(tuple(s) for s in raw["contracts"]["first_game_sets"]),
        solo_tiles=solo,
        solo_board_number=raw["solo_tiles"]["board_number"],
        slot_prices=tuple(raw["market"]["slot_prices"]),
    )


CATALOG: Catalog = _load()
"""The one catalog of the game, loaded once from the package data."""
