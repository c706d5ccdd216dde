"""Rent a Canal: taking a canal from the display and placing it on the map."""

from __future__ import annotations

from functools import lru_cache

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.canals import CanalSystem
from shipyard_tui.games.shipyard.rules.engine import building, flow, registry, ruleset
from shipyard_tui.games.shipyard.rules.engine.common import (
    Events,
    buy_from_slot,
    slot_price,
    spendable,
)
from shipyard_tui.games.shipyard.rules.moves import (
    Move,
    PlaceCanal,
    TakeCanal,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    PlacedCanal,
    Seat,
)


def can_rent_canal(state: GameState, seat: Seat, guilders: int) -> bool:
    if not any(c is not None and slot_price(i) <= guilders
               for i, c in enumerate(state.market.canals)):
        return False
    return _accepts_a_tile(tuple((c.canal, c.x, c.y, c.rotation) for c in seat.canals))


@lru_cache(maxsize=4096)
def _accepts_a_tile(canals: tuple[tuple[str, int, int, int], ...]) -> bool:
    """Whether a canal system takes another tile, remembered by its placed canals (it
    changes only when one is placed, and is asked about at every choice of a tile)."""
    return CanalSystem(PlacedCanal(*c) for c in canals).accepts_a_tile()


def _canal_pick_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    if not CanalSystem(seat.canals).accepts_a_tile():
        return []
    budget = spendable(state)
    return [TakeCanal(i) for i, c in enumerate(state.market.canals)
            if c is not None and slot_price(i) <= budget]


registry.decision(S.CANAL_PICK, "rent a canal", _canal_pick_moves)


def _canal_place_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    canal = state.turn.canal
    assert canal is not None
    return [PlaceCanal(x, y, r) for x, y, r in CanalSystem(seat.canals).placements(canal)]


registry.decision(S.CANAL_PLACE, "place the canal", _canal_place_moves)


@registry.handles(TakeCanal)
def _on_take_canal(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, TakeCanal)
    turn = state.turn
    seat = state.seats[turn.seat]
    canal, price = buy_from_slot(state, state.market.canals, move.slot)
    turn.canal = canal
    out.append(ev.CanalRented(turn.seat, canal, move.slot, price, seat.guilders))
    turn.step = S.CANAL_PLACE


@registry.handles(PlaceCanal)
def _on_place_canal(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, PlaceCanal)
    turn = state.turn
    seat = state.seats[turn.seat]
    canal = turn.canal
    assert canal is not None
    seat.canals.append(PlacedCanal(canal, move.x, move.y, move.rotation))
    turn.canal = None
    out.append(ev.CanalPlaced(turn.seat, canal, move.x, move.y, move.rotation))
    building.refill_column(state, "canals", out)
    if seat.token is None and ruleset.ruleset_for(state.config).places_token_with_first_canal():
        turn.step = S.TOKEN_WITH_CANAL  # classic: the token comes with the first canal (RC-9.1)
        return
    flow.finish_action(state, out)
