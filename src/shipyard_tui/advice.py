"""Advice built on the rules: can a ship score, and which pieces suit it best.

The interface uses it to warn before a ship that cannot score completes (R-7.2)
and to suggest a load; bots use the same advice. Nothing here changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard_tui.rules import Feature, GameState, Piece
from shipyard_tui.rules.query import (
    CanalSystem,
    PlacedCanal,
    Space,
    Token,
    builder_extras,
    complete_ships,
    cruise_lengths,
    fits,
    pattern,
    possible_speeds,
    score_path,
    ship_points,
    tile_features,
)

Route = tuple[Token, tuple[Space, ...]]
"""A cruise: where the token starts and the spaces it passes."""


@dataclass(frozen=True, slots=True)
class LoadPlan:
    """A suggested load for a completed ship, its speed and its expected points."""

    pieces: tuple[tuple[str, int], ...]
    speed: int
    points: int
    scores: bool

    @property
    def load(self) -> dict[str, int]:
        return dict(self.pieces)

    def describe(self) -> str:
        held = ", ".join(f"{n} {p}" for p, n in self.pieces) or "nothing"
        if not self.scores:
            return f"{held}: this ship cannot score"
        return f"{held}: speed {self.speed}, about {self.points} points"


def _candidate_loads(supply: dict[str, int], features: dict[Feature, int],
                     extras: dict[str, int]) -> list[dict[str, int]]:
    """Loads worth considering: a captain, full mounts and cabins, every speed mix."""
    def have(piece: Piece) -> int:
        return supply.get(piece.value, 0)

    if have(Piece.CAPTAIN) < 1:
        return []
    base = {Piece.CAPTAIN.value: 1}
    for piece, feature in ((Piece.CANNON, Feature.CANNON), (Piece.CRANE, Feature.CRANE)):
        n = min(have(piece), features.get(feature, 0) + extras.get(piece.value, 0))
        if n:
            base[piece.value] = n
    cabins = features.get(Feature.CABIN, 0)
    for piece in (Piece.BUSINESSMAN, Piece.SOLDIER):
        free = extras.get(piece.value, 0)
        n = min(have(piece), free)
        take = min(have(piece) - n, cabins)
        cabins -= take
        if n + take:
            base[piece.value] = n + take
    officers = min(have(Piece.CAPTAIN) - 1, cabins)
    if officers:
        base[Piece.CAPTAIN.value] += officers
    masts = features.get(Feature.MAST, 0)
    # the piece that works with smokestacks: the stoker in a boiler, or in the classic
    # rules the propeller on its mount (RC-6.1, RC-7.1); a game has only one of them
    classic = bool(features.get(Feature.PROP, 0) or have(Piece.PROPELLER))
    engine, mount = ((Piece.PROPELLER, Feature.PROP) if classic
                     else (Piece.STOKER, Feature.BOILER))
    boilers = features.get(mount, 0) + extras.get(engine.value, 0)
    sail_room = extras.get(Piece.SAIL.value, 0)
    loads = []
    for smoke in range(min(have(Piece.SMOKESTACK), masts) + 1):
        for sails in range(min(have(Piece.SAIL), masts - smoke + sail_room) + 1):
            for stokers in range(min(have(engine), boilers) + 1):
                load = dict(base)
                for piece, n in ((Piece.SMOKESTACK, smoke), (Piece.SAIL, sails),
                                 (engine, stokers)):
                    if n:
                        load[piece.value] = n
                if fits(load, features, extras):
                    loads.append(load)
    return loads


def waters_key(canals: list[PlacedCanal], token: Token | None) -> tuple[object, object]:
    """A canal system and the ship token in it, as a key for the caches of answers
    that depend on them (each canal's place and rotation, the token's space and where
    it came from)."""
    return (tuple((c.canal, c.x, c.y, c.rotation) for c in canals),
            None if token is None else (token.x, token.y, token.cell, token.came_from))


_LOAD_CACHE: dict[tuple[object, ...], LoadPlan] = {}
"""Load plans already found, by everything :func:`best_load` reads (the bots' searches
ask the same question many times: the same ship in the same position of other futures)."""

_LOAD_CACHE_SIZE = 20_000


def best_load(state: GameState, seat_index: int, cells: list[int],
              keep: dict[str, int] | None = None) -> LoadPlan:
    """The load that scores most for the completed ship in ``cells`` (a suggestion),
    leaving ``keep`` aside (say a captain for another ship sailing this turn)."""
    seat = state.seats[seat_index]
    tiles = tuple(t for t in (seat.yard[c] for c in cells) if t is not None)
    keep = keep or {}
    supply = {p: n - keep.get(p, 0) for p, n in seat.pieces.items() if n > keep.get(p, 0)}
    token = seat.token
    key = (tiles, tuple(seat.employees), tuple(sorted(supply.items())),
           *waters_key(seat.canals, token))
    plan = _LOAD_CACHE.get(key)
    if plan is None:
        if len(_LOAD_CACHE) >= _LOAD_CACHE_SIZE:
            _LOAD_CACHE.clear()
        plan = _LOAD_CACHE[key] = _best_load(state, seat_index, tiles, supply)
    return plan


def _best_load(state: GameState, seat_index: int, tiles: tuple[str, ...],
               supply: dict[str, int]) -> LoadPlan:
    seat = state.seats[seat_index]
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    system = CanalSystem(seat.canals)
    best: LoadPlan | None = None
    best_paths: dict[int, list[Route]] = {}
    for load in _candidate_loads(supply, features, extras):
        for speed in possible_speeds(load, seat.employees):
            if speed not in best_paths:
                best_paths[speed] = _paths(system, seat.token, speed)
            points = _points(system, best_paths[speed], load, features, speed)
            if points is not None and (best is None or points > best.points):
                best = LoadPlan(tuple(sorted(load.items())), speed, points, True)
    if best is not None:
        return best
    return LoadPlan((), 0, 0, False)


def load_points(state: GameState, seat_index: int, cells: list[int], load: dict[str, int],
                speed: int) -> int | None:
    """About how many points the ship in ``cells`` makes with this load at this speed
    (its pieces and its best cruise); ``None`` when no cruise of that speed exists."""
    seat = state.seats[seat_index]
    tiles = [t for t in (seat.yard[c] for c in cells) if t is not None]
    system = CanalSystem(seat.canals)
    return _points(system, _paths(system, seat.token, speed), load, tile_features(tiles),
                   speed)


def _points(system: CanalSystem, paths: list[Route], load: dict[str, int],
            features: dict[Feature, int], speed: int) -> int | None:
    if not paths:
        return None
    cruise = max(score_path(system, p, load, features).total for _, p in paths)
    return sum(ship_points(load, speed).values()) + cruise


def _paths(system: CanalSystem, token: Token | None, speed: int) -> list[Route]:
    if not system.tiles:
        return []
    out = []
    for start in [token] if token is not None else system.start_tokens():
        for path in system.cruise_paths(start, speed):
            out.append((start, path))
    return out


def ship_can_score(state: GameState, seat_index: int, tiles: list[str]) -> bool:
    """Whether some load of the seat's pieces lets this ship score (R-7.2)."""
    seat = state.seats[seat_index]
    if seat.pieces.get("captain", 0) < 1 or not seat.canals:
        return False
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    lengths = cruise_lengths(seat)
    for load in _candidate_loads(seat.pieces, features, extras):
        if any(speed in lengths for speed in possible_speeds(load, seat.employees)):
            return True
    return False


def completes_unscorable_ship(state: GameState, seat_index: int, tile: str, cell: int) -> bool:
    """Whether placing ``tile`` in ``cell`` completes a ship that cannot score."""
    seat = state.seats[seat_index]
    yard = list(seat.yard)
    yard[cell] = tile
    for i, j in complete_ships(pattern(yard)):
        if i <= cell <= j:
            tiles = [t for t in yard[i : j + 1] if t is not None]
            return not ship_can_score(state, seat_index, tiles)
    return False

