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
    PROPELLER = "propeller"
    """Classic rules only: equipment from the crew ring, on a stern's propeller mount (RC-6.1)."""

    @property
    def is_equipment(self) -> bool:
        return self in CLASSIC_EQUIPMENT


EQUIPMENT = (Piece.SMOKESTACK, Piece.SAIL, Piece.CANNON, Piece.CRANE)
"""The 2nd edition's equipment (R-6.1)."""
CREW = (Piece.CAPTAIN, Piece.BUSINESSMAN, Piece.SOLDIER, Piece.STOKER)
"""The 2nd edition's crew (R-6.1)."""
CLASSIC_EQUIPMENT = (*EQUIPMENT, Piece.PROPELLER)
"""The classic equipment: the propeller joins it (RC-6.1); the classic crew has no stoker."""
PIECES = EQUIPMENT + CREW + (Piece.PROPELLER,)
"""Every piece, the 2nd edition's first and the classic propeller last (a seat of either
edition holds none of the other's pieces, so orders over the pieces stay as they were)."""

ENGINE_PIECES = {Piece.STOKER.value: "boiler", Piece.PROPELLER.value: "prop"}
"""The piece that works with smokestacks in each edition, and the feature it needs:
the 2nd edition's stoker in a boiler (R-7.1), the classic propeller on its mount (RC-7.1)."""


class Feature(StrEnum):
    """What a ship tile carries: mounts, cabins and safety features."""

    MAST = "mast"
    CANNON = "cannon"
    CRANE = "crane"
    CABIN = "cabin"
    BOILER = "boiler"
    PROP = "prop"
    """Classic rules only: the propeller mount every stern has (RC-6.2)."""
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
    GREEN = "green"
    """Classic rules only: the green contracts take the red ones' place (RC-13.5)."""


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

    @property
    def label(self) -> str:
        """The number printed on the contract (the classic B2, B11 and B12 have ids of
        their own, since their faces differ from the 2nd edition's)."""
        label: str = self.param("label", self.id)
        return label


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
    edition: str = "second"
    employee_deck: tuple[str, ...] = ()
    """The employee faces of this edition, in the data's order (the lookup table
    ``employees`` also knows the other edition's faces)."""
    contract_deck: tuple[str, ...] = ()
    """The contracts of this edition, in the data's order."""
    contract_colours: tuple[ContractColour, ...] = (ContractColour.RED, ContractColour.BLUE)
    """The contract colours dealt in this edition, in dealing order."""
    colour_words: tuple[tuple[str, str], ...] = ()
    """Employee colours this edition calls by another name (classic: gray is brown,
    red is orange, RC-13.3); the tiles and their contracts are otherwise the same."""
    yard_cells: int = 10
    """Cells of a shipyard (R-5.1; classic 9, RC-5.1)."""
    ring_spaces: int = 0
    """Spaces of the classic action ring (RC-2.7); 0 for the 2nd edition's track."""
    discard_schedule: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    """Classic discards (RC-3.9): per seat count, the countdown values that call for
    discards and how many contracts of each colour seats keep then."""

    def ship(self, tile_id: str) -> ShipTile:
        """The tile for an id, including the featureless blank tiles."""
        tile = self.ship_tiles.get(tile_id)
        if tile is not None:
            return tile
        if tile_id.startswith(BLANK_PREFIX):
            return blank_tile(tile_id)
        found: ShipTile = self.ship_tiles[tile_id]  # another edition's face
        return found

    def contracts_of(self, colour: ContractColour) -> tuple[str, ...]:
        """This edition's contracts of one colour, in the data's order."""
        return tuple(c for c in self.contract_deck if self.contracts[c].colour is colour)

    @property
    def red_contracts(self) -> tuple[str, ...]:
        return self.contracts_of(ContractColour.RED)

    @property
    def blue_contracts(self) -> tuple[str, ...]:
        return self.contracts_of(ContractColour.BLUE)

    @property
    def green_contracts(self) -> tuple[str, ...]:
        return self.contracts_of(ContractColour.GREEN)

    def colour_word(self, colour: Colour | str) -> str:
        """An employee colour as this edition names it (RC-13.3)."""
        value = colour.value if isinstance(colour, Colour) else colour
        return dict(self.colour_words).get(value, value)

    def discard_keep(self, players: int, countdown: int) -> int | None:
        """Contracts of each colour kept when the classic countdown reaches ``countdown``
        with ``players`` seats, or ``None`` when no discard is due then (RC-3.9)."""
        for seats, schedule in self.discard_schedule:
            if seats == players:
                return dict(schedule).get(countdown)
        return None


class EditionTable(dict[str, Any]):
    """One edition's components by id; an id of another edition is still found by
    indexing (``table[id]``), but not listed, counted or matched by ``in``."""

    shared: dict[str, Any] = {}

    def __missing__(self, key: str) -> Any:
        return self.shared[key]


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


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8"))
    return data


def _with_base(delta: dict[str, Any]) -> dict[str, Any]:
    """A delta file (the classic catalog) laid over the file it names as its base:
    each section it gives replaces that section's keys (or, when listed under
    ``replace``, the whole section); the rest is the base's."""
    raw = _read(delta["base"])
    whole = set(delta.get("replace", ()))
    for key, value in delta.items():
        if isinstance(value, dict) and isinstance(raw.get(key), dict) and key not in whole:
            raw[key] = {**raw[key], **value}
        else:
            raw[key] = value
    return raw


def _load(name: str = "components.json") -> Catalog:
    raw = _read(name)
    if "base" in raw:
        raw = _with_base(raw)
    ships = raw["ship_tiles"]
    bows = _ship_group("B", TileKind.BOW, ships["bow"], 0, 0)
    sterns = _ship_group("S", TileKind.STERN, ships["stern"],
                         ships.get("stern_first_number", 1) - 1, 0)
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
    colours = tuple(c for c in ContractColour if c.value in raw["contracts"])
    for colour in colours:
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
        first_game_sets=tuple(tuple(s) for s in raw["contracts"].get("first_game_sets", ())),
        solo_tiles=solo,
        solo_board_number=raw["solo_tiles"]["board_number"],
        slot_prices=tuple(raw["market"]["slot_prices"]),
        edition=raw.get("edition", "second"),
        employee_deck=tuple(employees),
        contract_deck=tuple(contracts),
        contract_colours=tuple(sorted(colours, key=lambda c: c is ContractColour.BLUE)),
        colour_words=tuple(raw["employees"].get("colour_words", {}).items()),
        yard_cells=raw.get("yard", {}).get("cells", 10),
        ring_spaces=raw.get("track", {}).get("ring_spaces", 0),
        discard_schedule=tuple(
            (int(seats), tuple((int(k), v) for k, v in schedule.items()))
            for seats, schedule in raw.get("track", {}).get("discards", {}).items()),
    )


CATALOG: Catalog = _load()
"""The 2nd edition's catalog, loaded once from the package data. Its lookup tables
(ship tiles, employees, contracts) also hold the classic faces, so that any id met in
any game can be looked up here; its decks, rings and lists are the 2nd edition's."""

CLASSIC_CATALOG: Catalog = _load("classic.json")
"""The classic (1st-edition) catalog (CLASSIC.md §13), read as differences from the
2nd edition's; its lookup tables are shared with :data:`CATALOG`."""


def _share_lookups(*catalogs: Catalog) -> None:
    """Let every catalog's lookup tables find every edition's ids. An id names one face
    in all editions (the classic sterns and B2, B11, B12 have ids of their own), so a
    tile, employee or contract of any game can be looked up in :data:`CATALOG`; each
    table still lists (iterates, counts, contains) only its own edition's ids."""
    for table in ("ship_tiles", "employees", "contracts"):
        shared: dict[str, Any] = {}
        for cat in catalogs:
            for key, value in getattr(cat, table).items():
                assert shared.get(key, value) == value, f"{key} names two faces"
                shared[key] = value
        for cat in catalogs:
            own = getattr(cat, table)
            lookup = EditionTable(own)
            lookup.shared = shared
            object.__setattr__(cat, table, lookup)


_share_lookups(CATALOG, CLASSIC_CATALOG)

CATALOGS = {CATALOG.edition: CATALOG, CLASSIC_CATALOG.edition: CLASSIC_CATALOG}
"""The catalog of each edition by its name."""
