"""What one seat may see (R-11): the state with every secret masked.

Other seats' contracts (in hand and discarded) show only their colour; every
face-down deck shows only its size (middles also their deck number, which the
backs show); the solo stack shows only the number on its top tile's back; and the
random generator and the seed (which would rebuild the decks) are withheld.
Everything else on the table is public.
"""

from __future__ import annotations

import dataclasses

from .catalog import CATALOG
from .events import Event, redact
from .state import GameState

HIDDEN = "hidden"


def hidden_contract(contract_id: str) -> str:
    return f"{HIDDEN}:{CATALOG.contracts[contract_id].colour.value}"


def is_hidden(item: str) -> bool:
    return item.startswith(HIDDEN)


def seat_view(state: GameState, viewer: int | None) -> GameState:
    """A copy of the state as seat ``viewer`` may see it (``None``: a spectator)."""
    view = state.copy()
    view.rng = 0
    view.config = dataclasses.replace(view.config, seed=0)
    for i, seat in enumerate(view.seats):
        if i != viewer:
            seat.contracts = [hidden_contract(c) for c in seat.contracts]
            seat.discarded = [hidden_contract(c) for c in seat.discarded]
    market = view.market
    market.bow_stack = [HIDDEN] * len(market.bow_stack)
    market.stern_stack = [HIDDEN] * len(market.stern_stack)
    market.middle_stack = [f"{HIDDEN}:{CATALOG.ship(t).deck}" for t in market.middle_stack]
    market.canal_deck = [HIDDEN] * len(market.canal_deck)
    market.commodity_deck = [HIDDEN] * len(market.commodity_deck)
    if view.solo is not None:
        stack = view.solo.stack
        top = [f"{HIDDEN}:{CATALOG.solo_tiles[stack[-1]].back}"] if stack else []
        view.solo.stack = [HIDDEN] * (len(stack) - len(top)) + top
    return view


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    """The event stream as seat ``viewer`` may see it."""
    return [redact(e, viewer) for e in events]
