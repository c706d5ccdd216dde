"""Purchase Commodities: buying a commodity tile from the display."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.engine import building, flow, registry
from shipyard_tui.games.shipyard.rules.engine.common import (
    Events,
    buy_from_slot,
    commodity_goods,
    slot_price,
    spendable,
)
from shipyard_tui.games.shipyard.rules.moves import (
    BuyCommodity,
    Move,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
)


def can_purchase(state: GameState, guilders: int) -> bool:
    return any(c is not None and slot_price(i) <= guilders
               for i, c in enumerate(state.market.commodities))


def _purchase_moves(state: GameState) -> list[Move]:
    budget = spendable(state)
    return [BuyCommodity(i) for i, c in enumerate(state.market.commodities)
            if c is not None and slot_price(i) <= budget]


registry.decision(S.PURCHASE, "buy a commodity tile", _purchase_moves)


@registry.handles(BuyCommodity)
def _on_buy_commodity(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, BuyCommodity)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile, price = buy_from_slot(state, state.market.commodities, move.slot)
    seat.commodities.append(tile)
    out.append(ev.CommodityBought(turn.seat, tile, [g.value for g in commodity_goods(tile)],
                                  move.slot, price, seat.guilders))
    building.refill_column(state, "commodities", out)
    flow.finish_action(state, out)
