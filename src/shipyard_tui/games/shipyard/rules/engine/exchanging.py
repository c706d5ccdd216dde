"""Exchange Commodities: giving up a commodity tile and selling or trading its goods."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    EmployeeKind,
    Good,
)
from shipyard_tui.games.shipyard.rules.engine import flow, registry
from shipyard_tui.games.shipyard.rules.engine.common import (
    Events,
    bump,
    commodity_goods,
)
from shipyard_tui.games.shipyard.rules.engine.ruleset import catalog_of
from shipyard_tui.games.shipyard.rules.moves import (
    Exchange,
    Move,
    Sell,
    Trade,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Seat,
)


def _exchange_pick_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    return [Exchange(t) for t in seat.commodities]


registry.decision(S.EXCHANGE_PICK, "give up a commodity tile", _exchange_pick_moves)


def _exchange_good_moves(state: GameState) -> list[Move]:
    turn = state.turn
    assert turn.exchange_tile is not None
    good = commodity_goods(turn.exchange_tile)[turn.exchange_index]
    moves: list[Move] = [Sell()]
    trades = catalog_of(state).trade_lists[good]  # classic: RC-4.7
    moves.extend(Trade(p) for p in trades if p.value not in turn.traded)
    return moves


registry.decision(S.EXCHANGE_GOOD, "sell or trade the next good", _exchange_good_moves)


@registry.handles(Exchange)
def _on_exchange(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Exchange)
    turn = state.turn
    seat = state.seats[turn.seat]
    seat.commodities.remove(move.tile)
    turn.exchange_tile = move.tile
    turn.exchange_index = 0
    turn.traded = []
    out.append(ev.CommodityGivenUp(turn.seat, move.tile,
                                   [g.value for g in commodity_goods(move.tile)],
                                   state.exchange_marker))
    turn.step = S.EXCHANGE_GOOD


def _current_good(state: GameState) -> Good:
    tile = state.turn.exchange_tile
    assert tile is not None
    return commodity_goods(tile)[state.turn.exchange_index]


def sale_price(state: GameState, seat: Seat, good: Good) -> tuple[int, int]:
    """The exchange price of a good and the seat's trader bonus for it (R-4.7)."""
    base = CATALOG.exchange_prices[state.exchange_marker][good]
    employees = CATALOG.employees
    bonus = sum(1 for e in seat.employees
                if employees[e].kind is EmployeeKind.TRADER and employees[e].good is good)
    return base, bonus


@registry.handles(Sell)
def _on_sell(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    good = _current_good(state)
    base, bonus = sale_price(state, seat, good)
    seat.guilders += base + bonus
    out.append(ev.GoodSold(turn.seat, good.value, base, bonus, seat.guilders))
    _next_good(state, out)


@registry.handles(Trade)
def _on_trade(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Trade)
    turn = state.turn
    seat = state.seats[turn.seat]
    good = _current_good(state)
    bump(seat.pieces, move.piece.value)
    turn.traded.append(move.piece.value)
    out.append(ev.GoodTraded(turn.seat, good.value, move.piece.value))
    _next_good(state, out)


def _next_good(state: GameState, out: Events) -> None:
    turn = state.turn
    turn.exchange_index += 1
    if turn.exchange_index < 3:
        return
    tile = turn.exchange_tile
    assert tile is not None
    if not tile.startswith("start-"):
        state.market.commodity_spent.append(tile)
    turn.exchange_tile = None
    turn.exchange_index = 0
    turn.traded = []
    flow.finish_action(state, out)
