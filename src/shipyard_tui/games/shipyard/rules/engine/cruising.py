"""Canals and the cruise: placing the ship token and choosing the cruise path."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.canals import (
    CanalSystem,
    end_token,
    parse_space,
    score_path,
    space_text,
)
from shipyard_tui.games.shipyard.rules.engine import flow, registry, shakedown
from shipyard_tui.games.shipyard.rules.engine.common import Events
from shipyard_tui.games.shipyard.rules.moves import (
    Cruise,
    Move,
    StartToken,
)
from shipyard_tui.games.shipyard.rules.scoring import (
    ship_points,
    ship_speed,
    tile_features,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    SailedShip,
    Token,
)

registry.decision(S.TOKEN_START, "place the ship token for the first cruise",
                  shakedown.start_options)


def _token_with_canal_moves(state: GameState) -> list[Move]:
    """Classic (RC-9.1): every port space of the first canal, as if sailed in from
    beyond that port's edge."""
    system = CanalSystem(state.seats[state.turn.seat].canals)
    return [StartToken(t.x, t.y, t.cell) for t in system.start_tokens()]


registry.decision(S.TOKEN_WITH_CANAL, "put the ship token on a port of your first canal",
                  _token_with_canal_moves)


def cruise_options(state: GameState) -> list[tuple[Cruise, dict[str, int]]]:
    """Every cruise path of the ship being sailed with its cruise points, best first (R-9.7)."""
    seat = state.seats[state.turn.seat]
    if seat.token is None:
        return []
    system = CanalSystem(seat.canals)
    features = tile_features(shakedown.current_ship_tiles(state))
    options = []
    for path in system.cruise_paths(seat.token, shakedown.current_speed(state)):
        score = score_path(system, path, state.turn.load, features)
        options.append((Cruise(tuple(space_text(s) for s in path)), score.parts))
    options.sort(key=lambda o: (-sum(o[1].values()), str(o[0])))
    return options


def _cruise_moves(state: GameState) -> list[Move]:
    return [move for move, _ in cruise_options(state)]


registry.decision(S.CRUISE, "choose the cruise path", _cruise_moves)


@registry.handles(StartToken)
def _on_start_token(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, StartToken)
    seat = state.seats[state.turn.seat]
    seat.token = Token(move.x, move.y, move.cell, move.cell)
    out.append(ev.TokenPlaced(state.turn.seat, move.x, move.y, move.cell))
    if state.turn.step is S.TOKEN_WITH_CANAL:
        flow.finish_action(state, out)  # the rest of the Rent a Canal action
        return
    state.turn.step = S.CRUISE


@registry.handles(Cruise)
def _on_cruise(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Cruise)
    turn = state.turn
    s = turn.seat
    seat = state.seats[s]
    assert seat.token is not None
    system = CanalSystem(seat.canals)
    path = tuple(parse_space(p) for p in move.path)
    speed = ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman)
    tiles = shakedown.clear_ship(state)
    features = tile_features(tiles)
    cruise = score_path(system, path, turn.load, features)
    points = ship_points(turn.load, speed.total)
    points.update(cruise.parts)
    total = sum(points.values())
    seat.score += total
    seat.fleet.append(SailedShip(tiles, dict(turn.load), speed.total, list(move.path), points,
                                 state.turn_number))
    start = seat.token
    seat.token = end_token(path, start)
    out.append(ev.ShipSailed(
        seat=s,
        tiles=tiles,
        features={f.value: n for f, n in features.items()},
        pieces=dict(turn.load),
        base_speed=speed.base,
        helmsman=speed.helmsman,
        rigger=speed.rigger,
        speed=speed.total,
        path=list(move.path),
        scored_spaces=[[space_text(sp), icon.value, pts] for sp, icon, pts in cruise.scored_spaces],
        points=points,
        total=total,
        score=seat.score,
    ))
    _remove_canals(state, s, start, path, out)
    turn.load = {}
    turn.ship = []
    shakedown.next_ship(state, out)


def _remove_canals(state: GameState, s: int, start: Token, path: tuple[tuple[int, int, str], ...],
                   out: Events) -> None:
    """Canals the token left become used canals; tiles no longer attached to the token's
    tile are discarded (R-9.6).

    Removal happens when the token enters a new tile; doing it once for the cruise, from
    the last tile entered, gives the same result (N-13): a tile detached at one entry
    stays detached, and a tile attached to the last tile was attached at every entry.
    """
    seat = state.seats[s]
    left: list[tuple[int, int]] = []
    here = (start.x, start.y)
    entered: Token | None = None
    for x, y, cell in path:
        if (x, y) != here:
            left.append(here)
            here = (x, y)
            entered = Token(x, y, cell, cell)
    if entered is None:
        return
    left_set = set(left)
    remaining = [c for c in seat.canals if (c.x, c.y) not in left_set]
    by_pos = {(c.x, c.y): c for c in seat.canals}
    used = [by_pos[p].canal for p in left]
    reach = CanalSystem(remaining).attached((entered.x, entered.y))
    discarded = [c.canal for c in remaining if (c.x, c.y) not in reach]
    seat.canals = [c for c in remaining if (c.x, c.y) in reach]
    seat.used_canals += len(used)
    state.market.canal_spent.extend(used)
    state.market.canal_spent.extend(discarded)
    out.append(ev.CanalsRemoved(s, used, discarded, seat.used_canals))
