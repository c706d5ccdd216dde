"""Loading and speed (step 5): the order completed ships sail in, loading pieces, the
Helmsman and the Rigger, and resolving or dismantling a ship."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.canals import CanalSystem
from shipyard_tui.games.shipyard.rules.catalog import (
    PIECES,
    EmployeeKind,
    Piece,
)
from shipyard_tui.games.shipyard.rules.engine import flow, registry
from shipyard_tui.games.shipyard.rules.engine.common import Events, RulesError, bump, has_employee
from shipyard_tui.games.shipyard.rules.moves import (
    EndLoad,
    Helmsman,
    Load,
    Move,
    Rigger,
    SailFirst,
    StartToken,
)
from shipyard_tui.games.shipyard.rules.scoring import (
    builder_extras,
    fits,
    rigger_limit,
    ship_speed,
    tile_features,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    DismantledShip,
    GameState,
    Stage,
)
from shipyard_tui.games.shipyard.rules.yard import complete_ships, pattern


def _sail_order_moves(state: GameState) -> list[Move]:
    return [SailFirst(cells[0]) for cells in state.turn.ships]


registry.decision(S.SAIL_ORDER, "choose which completed ship sails first", _sail_order_moves)


_PIECE_NAMES = tuple((piece, piece.value) for piece in PIECES)


def _load_options(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    tiles = [t for t in (seat.yard[c] for c in turn.ship) if t is not None]
    features = tile_features(tiles)
    extras = builder_extras(seat.employees)
    moves: list[Move] = []
    for piece, name in _PIECE_NAMES:
        if seat.pieces.get(name, 0) <= 0:
            continue
        trial = dict(turn.load)
        bump(trial, name)
        if fits(trial, features, extras):
            moves.append(Load(piece))
    return moves


def _load_moves(state: GameState) -> list[Move]:
    return [*_load_options(state), EndLoad()]


registry.decision(S.LOAD, "load pieces on the completed ship", _load_moves)


def _helmsman_moves(state: GameState) -> list[Move]:
    return [Helmsman(1), Helmsman(0)]


registry.decision(S.HELMSMAN, "use the Helmsman's +1 speed, or decline it", _helmsman_moves)


def _rigger_moves(state: GameState) -> list[Move]:
    limit = rigger_limit(state.turn.load)
    return [Rigger(k) for k in range(limit, -1, -1)]


registry.decision(S.RIGGER, "choose how much of the Rigger's bonus to use", _rigger_moves)


def current_ship_tiles(state: GameState) -> list[str]:
    seat = state.seats[state.turn.seat]
    return [t for t in (seat.yard[c] for c in state.turn.ship) if t is not None]


def current_speed(state: GameState) -> int:
    """The speed of the ship being sailed, with its load and Rigger choice."""
    seat = state.seats[state.turn.seat]
    turn = state.turn
    return ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman).total


def start_options(state: GameState) -> list[Move]:
    """Where the ship token may start the first cruise: each start space with a cruise
    of exactly the ship's speed (R-9.1, N-12)."""
    seat = state.seats[state.turn.seat]
    system = CanalSystem(seat.canals)
    speed = current_speed(state)
    moves: list[Move] = []
    for token in system.start_tokens():
        if system.cruise_paths(token, speed):
            moves.append(StartToken(token.x, token.y, token.cell))
    return moves


@flow.begin_shakedown.carried_out_by
def begin_shakedown(state: GameState, out: Events) -> None:
    """Step 5 (R-7): the seat's completed ships, one by one."""
    turn = state.turn
    seat = state.seats[turn.seat]
    turn.action = None
    ships = complete_ships(pattern(seat.yard))
    turn.ships = [list(range(i, j + 1)) for i, j in ships]
    for cells in turn.ships:
        out.append(ev.ShipCompleted(turn.seat, cells, [seat.yard[c] or "" for c in cells]))
    next_ship(state, out)


def next_ship(state: GameState, out: Events) -> None:
    turn = state.turn
    if not turn.ships:
        turn.ship = []
        _after_shakedown(state, out)
    elif len(turn.ships) == 1:
        _begin_ship(state, turn.ships.pop(), out)
    else:
        turn.step = S.SAIL_ORDER


@registry.handles(SailFirst)
def _on_sail_first(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, SailFirst)
    turn = state.turn
    for i, cells in enumerate(turn.ships):
        if cells[0] == move.cell:
            _begin_ship(state, turn.ships.pop(i), out)
            return
    raise RulesError(f"no completed ship starts at cell {move.cell}")


def _begin_ship(state: GameState, cells: list[int], out: Events) -> None:
    turn = state.turn
    turn.ship = cells
    turn.load = {}
    turn.helmsman = True
    turn.rigger = 0
    if _load_options(state):
        turn.step = S.LOAD
    else:
        _after_load(state, out)


@registry.handles(Load)
def _on_load(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Load)
    turn = state.turn
    seat = state.seats[turn.seat]
    bump(seat.pieces, move.piece.value, -1)
    bump(turn.load, move.piece.value)
    out.append(ev.PieceLoaded(turn.seat, move.piece.value, dict(turn.load), list(turn.ship)))


@registry.handles(EndLoad)
def _on_end_load(state: GameState, move: Move, out: Events) -> None:
    _after_load(state, out)


def _after_load(state: GameState, out: Events) -> None:
    """The speed decisions (R-7.1): the Helmsman's +1, then the Rigger's bonus."""
    if has_employee(state.seats[state.turn.seat], EmployeeKind.HELMSMAN):
        state.turn.step = S.HELMSMAN
    else:
        _after_helmsman(state, out)


@registry.handles(Helmsman)
def _on_helmsman(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Helmsman)
    state.turn.helmsman = bool(move.use)
    _after_helmsman(state, out)


def _after_helmsman(state: GameState, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    if has_employee(seat, EmployeeKind.RIGGER) and rigger_limit(turn.load) >= 1:
        turn.step = S.RIGGER
    else:
        _resolve_ship(state, out)


@registry.handles(Rigger)
def _on_rigger(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Rigger)
    state.turn.rigger = move.bonus
    _resolve_ship(state, out)


def _resolve_ship(state: GameState, out: Events) -> None:
    """Decide whether the ship can score (R-7.2) and go on to its cruise or dismantle it."""
    turn = state.turn
    seat = state.seats[turn.seat]
    if turn.load.get(Piece.CAPTAIN.value, 0) < 1:
        _dismantle(state, "it has no captain", out)
        return
    if not seat.canals:
        _dismantle(state, "there is no canal to sail", out)
        return
    if seat.token is None:
        if not start_options(state):
            _dismantle(state, f"no cruise of exactly {current_speed(state)} spaces exists", out)
            return
        turn.step = S.TOKEN_START
        return
    if not CanalSystem(seat.canals).cruise_paths(seat.token, current_speed(state)):
        _dismantle(state, f"no cruise of exactly {current_speed(state)} spaces exists", out)
        return
    turn.step = S.CRUISE


def clear_ship(state: GameState) -> list[str]:
    turn = state.turn
    seat = state.seats[turn.seat]
    tiles = []
    for c in turn.ship:
        tile = seat.yard[c]
        assert tile is not None
        tiles.append(tile)
        seat.yard[c] = None
    return tiles


def _dismantle(state: GameState, reason: str, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    speed = ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman)
    tiles = clear_ship(state)
    features = tile_features(tiles)
    seat.dismantled.append(DismantledShip(tiles, dict(turn.load), reason, state.turn_number))
    out.append(ev.ShipDismantled(
        seat=turn.seat,
        tiles=tiles,
        features={f.value: n for f, n in features.items()},
        pieces=dict(turn.load),
        base_speed=speed.base,
        helmsman=speed.helmsman,
        rigger=speed.rigger,
        speed=speed.total,
        reason=reason,
    ))
    turn.load = {}
    turn.ship = []
    next_ship(state, out)


def _after_shakedown(state: GameState, out: Events) -> None:
    """The ships are done: the turn ends, a regular one, a final action's (R-10.3) or a
    last chance's (R-10.4)."""
    if state.stage is Stage.FINAL:
        flow.end_final_turn(state, out)
    elif state.stage is Stage.LAST_CHANCE:
        flow.end_last_chance_turn(state, out)
    else:
        flow.end_turn(state, out)
