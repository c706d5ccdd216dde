"""Advice built on the rules: can a ship score, and which pieces suit it best.

The interface uses it to warn before a ship that cannot score completes (R-7.2)
and to suggest a load; bots use the same advice. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations

from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Feature,
    GameState,
    Icon,
    Move,
    Piece,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.query import (
    CanalSystem,
    PlacedCanal,
    SailedShip,
    Seat,
    Space,
    Token,
    apply_move,
    builder_extras,
    complete_ships,
    cruise_lengths,
    determinize,
    fits,
    icon_points,
    legal_moves,
    pattern,
    possible_speeds,
    score_contract,
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


Crew = tuple[int, int, int]
"""Businessmen, soldiers and officers (captains beyond the first) put on a ship."""


def _crew_mixes(supply: dict[str, int], cabins: int, extras: dict[str, int],
                mixed: bool) -> list[Crew]:
    """Ways to fill a ship's cabins with crew: businessmen first, then soldiers, then
    officers; or, when ``mixed``, every order of the three, each also with one of each
    kind first (the contracts reward different crews, COMPONENTS §5). Builders' free
    places are always used (R-6.3)."""
    have = (supply.get(Piece.BUSINESSMAN.value, 0), supply.get(Piece.SOLDIER.value, 0),
            max(0, supply.get(Piece.CAPTAIN.value, 0) - 1))
    free = (min(have[0], extras.get(Piece.BUSINESSMAN.value, 0)),
            min(have[1], extras.get(Piece.SOLDIER.value, 0)), 0)
    orders = list(permutations(range(3))) if mixed else [(0, 1, 2)]
    mixes: list[Crew] = []
    for order in orders:
        for one_each in ((False, True) if mixed else (False,)):
            crew = list(free)
            room = cabins
            if one_each:
                for kind in order:
                    if room and crew[kind] == 0 and have[kind]:
                        crew[kind] = 1
                        room -= 1
            for kind in order:
                take = min(have[kind] - crew[kind], room)
                crew[kind] += take
                room -= take
            mix = (crew[0], crew[1], crew[2])
            if mix not in mixes:
                mixes.append(mix)
    return mixes


def _candidate_loads(supply: dict[str, int], features: dict[Feature, int],
                     extras: dict[str, int], mixed: bool = False) -> list[dict[str, int]]:
    """Loads worth considering: a captain, full mounts and cabins, every speed mix
    (``mixed``: every crew mix of :func:`_crew_mixes` too)."""
    def have(piece: Piece) -> int:
        return supply.get(piece.value, 0)

    if have(Piece.CAPTAIN) < 1:
        return []
    base = {Piece.CAPTAIN.value: 1}
    for piece, feature in ((Piece.CANNON, Feature.CANNON), (Piece.CRANE, Feature.CRANE)):
        n = min(have(piece), features.get(feature, 0) + extras.get(piece.value, 0))
        if n:
            base[piece.value] = n
    crews = []
    for businessmen, soldiers, officers in _crew_mixes(supply, features.get(Feature.CABIN, 0),
                                                       extras, mixed):
        crew = dict(base)
        for piece, n in ((Piece.BUSINESSMAN, businessmen), (Piece.SOLDIER, soldiers)):
            if n:
                crew[piece.value] = n
        crew[Piece.CAPTAIN.value] += officers
        crews.append(crew)
    masts = features.get(Feature.MAST, 0)
    # the piece that works with smokestacks: the stoker in a boiler, or in the classic
    # rules the propeller on its mount (RC-6.1, RC-7.1); a game has only one of them
    classic = bool(features.get(Feature.PROP, 0) or have(Piece.PROPELLER))
    engine, mount = ((Piece.PROPELLER, Feature.PROP) if classic
                     else (Piece.STOKER, Feature.BOILER))
    boilers = features.get(mount, 0) + extras.get(engine.value, 0)
    sail_room = extras.get(Piece.SAIL.value, 0)
    loads = []
    for crew in crews:
        for smoke in range(min(have(Piece.SMOKESTACK), masts) + 1):
            for sails in range(min(have(Piece.SAIL), masts - smoke + sail_room) + 1):
                for stokers in range(min(have(engine), boilers) + 1):
                    load = dict(crew)
                    for piece, n in ((Piece.SMOKESTACK, smoke), (Piece.SAIL, sails),
                                     (engine, stokers)):
                        if n:
                            load[piece.value] = n
                    if fits(load, features, extras):
                        loads.append(load)
    return loads


def best_contracts(seat: Seat, fleet: Sequence[SailedShip]) -> float:
    """The seat's best contract of each colour, scored on ``fleet`` (R-10.5: at the end
    a seat holds one of each, so before its discards the best one stands for it)."""
    best: dict[str, int] = {}
    for contract in seat.contracts:
        colour = CATALOG.contracts[contract].colour.value
        points = score_contract(contract, fleet, seat.employees, seat.used_canals).points
        best[colour] = max(best.get(colour, 0), points)
    return float(sum(best.values()))


_CREW_KINDS = frozenset({Piece.BUSINESSMAN.value, Piece.SOLDIER.value})


def _crew_matters(contracts: Sequence[str]) -> bool:
    """Whether some of these contracts count kinds of crew (then a ship's cabins are
    worth filling in other ways than the one that scores most on its own)."""
    for contract in contracts:
        c = CATALOG.contracts.get(contract)
        if c is None:
            continue
        named = {c.param("piece"), *(c.param("pieces") or ())}
        if c.rule in ("officers", "variety") or named & _CREW_KINDS:
            return True
    return False


def _contract_gain(seat: Seat, tiles: tuple[str, ...]) -> Callable[[dict[str, int], int], float]:
    """What sailing these tiles with a load adds to the seat's best contract of each
    colour (:func:`best_contracts`)."""
    before = best_contracts(seat, seat.fleet)
    fleet = list(seat.fleet)

    def gain(load: dict[str, int], speed: int) -> float:
        ship = SailedShip(list(tiles), load, speed, [], {}, 0)
        return best_contracts(seat, [*fleet, ship]) - before
    return gain


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
              keep: dict[str, int] | None = None, contracts: bool = False) -> LoadPlan:
    """The load that scores most for the completed ship in ``cells`` (a suggestion),
    leaving ``keep`` aside (say a captain for another ship sailing this turn).

    With ``contracts`` the load is the one worth most to the seat counting its own
    contracts too: the ship's points plus what it adds to the best contract of each
    colour (:func:`best_contracts`), and ``points`` is that sum."""
    seat = state.seats[seat_index]
    tiles = tuple(t for t in (seat.yard[c] for c in cells) if t is not None)
    keep = keep or {}
    supply = {p: n - keep.get(p, 0) for p, n in seat.pieces.items() if n > keep.get(p, 0)}
    token = seat.token
    key: tuple[object, ...] = (tiles, tuple(seat.employees), tuple(sorted(supply.items())),
                               *waters_key(seat.canals, token))
    counted = contracts and bool(seat.contracts)
    if counted:
        key += (tuple(seat.contracts), seat.used_canals,
                tuple((tuple(s.tiles), tuple(sorted(s.pieces.items()))) for s in seat.fleet))
    plan = _LOAD_CACHE.get(key)
    if plan is None:
        if len(_LOAD_CACHE) >= _LOAD_CACHE_SIZE:
            _LOAD_CACHE.clear()
        plan = _LOAD_CACHE[key] = _best_load(state, seat_index, tiles, supply, counted)
    return plan


def _best_load(state: GameState, seat_index: int, tiles: tuple[str, ...],
               supply: dict[str, int], contracts: bool = False) -> LoadPlan:
    seat = state.seats[seat_index]
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    system = CanalSystem(seat.canals)
    gain = _contract_gain(seat, tiles) if contracts else None
    mixed = contracts and _crew_matters(seat.contracts)
    best: LoadPlan | None = None
    best_value = 0.0
    best_paths: dict[int, list[Route]] = {}
    cruises: dict[tuple[int, int, int], int | None] = {}
    for load in _candidate_loads(supply, features, extras, mixed):
        for speed in possible_speeds(load, seat.employees):
            if speed not in best_paths:
                best_paths[speed] = _paths(system, seat.token, speed)
            # the cruise depends on the load only through what the officials count
            officials = (speed, icon_points(Icon.MILITARY, load, features, 0),
                         icon_points(Icon.COMMERCE, load, features, 0))
            if officials not in cruises:
                cruises[officials] = _cruise(system, best_paths[speed], load, features)
            cruise = cruises[officials]
            if cruise is None:
                continue
            points = sum(ship_points(load, speed).values()) + cruise
            value = points + (gain(load, speed) if gain is not None else 0.0)
            if best is None or value > best_value:
                best = LoadPlan(tuple(sorted(load.items())), speed,
                                points if gain is None else round(value), True)
                best_value = value
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
    cruise = _cruise(system, paths, load, features)
    return None if cruise is None else sum(ship_points(load, speed).values()) + cruise


def _cruise(system: CanalSystem, paths: list[Route], load: dict[str, int],
            features: dict[Feature, int]) -> int | None:
    """The best cruise's points among ``paths`` (``None``: there is none)."""
    if not paths:
        return None
    return max(score_path(system, p, load, features).total for _, p in paths)




_PATHS_CACHE: dict[tuple[object, ...], list[Route]] = {}
"""The cruises of each speed already found, by canal system and token (each load plan
searched asked for the same system's paths again: a tenth of the sensible level's time,
issue 39). The lists are shared: read them, never change them."""


def _paths(system: CanalSystem, token: Token | None, speed: int) -> list[Route]:
    """Every cruise of ``speed`` steps, with its start, from the token (or from every
    start space while it is not placed)."""
    if not system.tiles:
        return []
    key = (*waters_key(list(system.tiles.values()), token), speed)
    out = _PATHS_CACHE.get(key)
    if out is None:
        if len(_PATHS_CACHE) >= _LOAD_CACHE_SIZE:
            _PATHS_CACHE.clear()
        out = _PATHS_CACHE[key] = [
            (start, path) for start in ([token] if token is not None else system.start_tokens())
            for path in system.cruise_paths(start, speed)]
    return out


def ship_can_score(state: GameState, seat_index: int, tiles: list[str]) -> bool:
    """Whether some load of the seat's pieces lets this ship score (R-7.2)."""
    return why_unscorable(state, seat_index, tiles) is None


def why_unscorable(state: GameState, seat_index: int, tiles: list[str]) -> str | None:
    """Why no load of the seat's pieces lets this ship score (R-7.2), in words ("no
    captain", "no canals", "no cruise of a speed it can make"); ``None`` when some
    load does."""
    seat = state.seats[seat_index]
    if seat.pieces.get("captain", 0) < 1:
        return "no captain"
    if not seat.canals:
        return "no canals"
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    lengths = cruise_lengths(seat)
    for load in _candidate_loads(seat.pieces, features, extras):
        if any(speed in lengths for speed in possible_speeds(load, seat.employees)):
            return None
    return "no cruise of a speed it can make"


def completes_unscorable_ship(state: GameState, seat_index: int, tile: str, cell: int
                              ) -> str | None:
    """Why the ship that placing ``tile`` in ``cell`` completes cannot score
    (:func:`why_unscorable`); ``None`` when it completes none, or one that can."""
    seat = state.seats[seat_index]
    yard = list(seat.yard)
    yard[cell] = tile
    for i, j in complete_ships(pattern(yard)):
        if i <= cell <= j:
            tiles = [t for t in yard[i : j + 1] if t is not None]
            return why_unscorable(state, seat_index, tiles)
    return None


MAX_FORCED = 40
"""A bound on the moves :func:`dismantled_after` follows (a turn has far fewer)."""


def dismantled_after(view: GameState, moves: Move | Sequence[Move]) -> list[str]:
    """Why each ship of the seat to move would be dismantled (R-7.2) if it plays
    ``moves`` (one, or a plan of several) and then every move it is left no choice
    about (a bonus action declined for the turn is not asked after the action,
    R-3.4): the reasons the rules give, in order; empty when none is. A second ship
    completed in the same build sails right after the first, with what the first left:
    its reasons count too.

    The moves are played in a world drawn from ``view``; whether a ship is dismantled
    depends only on the seat's own yard, pieces and canals, which the view shows."""
    seat = view.turn.seat
    world = determinize(view, 0)
    events: list[ev.Event] = []
    for move in (moves,) if isinstance(moves, Move) else moves:
        if move not in legal_moves(world):
            return []  # not a move of this decision: the rules refuse it when played
        apply_move(world, move, events)
    for _ in range(MAX_FORCED):
        if world.is_over or world.to_move != seat:
            break
        legal = legal_moves(world)
        if len(legal) != 1:
            break
        apply_move(world, legal[0], events)
    return [e.reason for e in events if isinstance(e, ev.ShipDismantled) and e.seat == seat]

