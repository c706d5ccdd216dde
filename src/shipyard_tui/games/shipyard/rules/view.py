"""What one seat may see (R-11): the state with every secret masked.

Other seats' contracts (in hand and discarded) show only their colour; every
face-down deck shows only its size (middles also their deck number, which the
backs show); the solo stack shows only the number on its top tile's back; and the
random generator and the seed (which would rebuild the decks) are withheld.
Everything else on the table is public.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache

from shipyard_tui.games.shipyard.rules.catalog import CATALOG
from shipyard_tui.games.shipyard.rules.events import Event, redact
from shipyard_tui.games.shipyard.rules.state import GameConfig, GameState

HIDDEN = "hidden"


@cache
def hidden_contract(contract_id: str) -> str:
    """A contract face down: its back shows its colour (already hidden: as it is)."""
    if is_hidden(contract_id):
        return contract_id
    return f"{HIDDEN}:{CATALOG.contracts[contract_id].colour.value}"


@cache
def _middle_back(tile_id: str) -> str:
    """A middle tile face down: its back shows its deck number (already hidden: as it
    is)."""
    if is_hidden(tile_id):
        return tile_id
    return f"{HIDDEN}:{CATALOG.ship(tile_id).deck}"


@lru_cache(maxsize=64)
def _unseeded(config: GameConfig) -> GameConfig:
    return dataclasses.replace(config, seed=0)


def is_hidden(item: str) -> bool:
    return item.startswith(HIDDEN)


def seat_view(state: GameState, viewer: int | None) -> GameState:
    """A copy of the state as seat ``viewer`` may see it (``None``: a spectator).

    A view of a view is the same view: a seat at a server table holds only its view,
    and what it asks of it (a hint) takes the view again."""
    view = state.copy()
    view.rng = 0
    view.config = _unseeded(view.config)
    for i, seat in enumerate(view.seats):
        if i != viewer:
            seat.contracts = [hidden_contract(c) for c in seat.contracts]
            seat.discarded = [hidden_contract(c) for c in seat.discarded]
    market = view.market
    market.bow_stack = [HIDDEN] * len(market.bow_stack)
    market.stern_stack = [HIDDEN] * len(market.stern_stack)
    market.middle_stack = [_middle_back(t) for t in market.middle_stack]
    market.canal_deck = [HIDDEN] * len(market.canal_deck)
    market.commodity_deck = [HIDDEN] * len(market.commodity_deck)
    if view.solo is not None:
        stack = view.solo.stack
        top = [stack[-1] if is_hidden(stack[-1])
               else f"{HIDDEN}:{CATALOG.solo_tiles[stack[-1]].back}"] if stack else []
        view.solo.stack = [HIDDEN] * (len(stack) - len(top)) + top
    return view


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    """The event stream as seat ``viewer`` may see it."""
    return [redact(e, viewer) for e in events]


def determinize(view: GameState, seed: int) -> GameState:
    """A full state consistent with what a seat sees: every hidden deck and every hidden
    contract filled with a random arrangement of the unseen components.

    Bots use it to look ahead without peeking: the real order of the decks never
    enters the copy. The result can be played on like any state.
    """
    from shipyard_tui.games.shipyard.rules.rng import Rng

    state = view.copy()
    rng = Rng(seed)
    state.rng = rng.state
    market = state.market
    seen_ships: set[str] = set()
    for column in market.ships:
        seen_ships.update(t for t in column if t is not None)
    seen_ships.update(market.removed_ships)
    for seat in state.seats:
        seen_ships.update(t for t in seat.yard if t is not None)
        for ship in seat.fleet:
            seen_ships.update(ship.tiles)
        for wreck in seat.dismantled:
            seen_ships.update(wreck.tiles)
    if state.turn.holding is not None:
        seen_ships.add(state.turn.holding)
    from shipyard_tui.games.shipyard.rules.engine.ruleset import ruleset_for

    catalog = ruleset_for(state.config).catalog  # the game's edition (RC-1.1)
    unseen = [t for t in catalog.ship_tiles if t not in seen_ships]
    bows = [t for t in unseen if t in catalog.bows]
    sterns = [t for t in unseen if t in catalog.sterns]
    deck1 = [t for t in unseen if t in catalog.middles_1]
    deck2 = [t for t in unseen if t in catalog.middles_2]
    for pile in (bows, sterns, deck1, deck2):
        rng.shuffle(pile)
    market.bow_stack = bows[: len(market.bow_stack)]
    market.stern_stack = sterns[: len(market.stern_stack)]
    wanted1 = sum(1 for t in market.middle_stack if t.endswith(":1"))
    wanted2 = len(market.middle_stack) - wanted1
    market.middle_stack = deck2[:wanted2] + deck1[:wanted1]

    def refill(deck: list[str], every: list[str], seen: set[str]) -> list[str]:
        unseen = [c for c in every if c not in seen]
        rng.shuffle(unseen)
        return unseen[: len(deck)]

    seen_canals = {c for c in market.canals if c is not None}
    seen_canals.update(market.canal_spent, market.removed_tiles)
    for seat in state.seats:
        seen_canals.update(c.canal for c in seat.canals)
    if state.turn.canal is not None:
        seen_canals.add(state.turn.canal)
    market.canal_deck = refill(market.canal_deck, list(catalog.canals), seen_canals)

    seen_goods = {c for c in market.commodities if c is not None}
    seen_goods.update(market.commodity_spent, market.removed_tiles)
    for seat in state.seats:
        seen_goods.update(seat.commodities)
    if state.turn.exchange_tile is not None:
        seen_goods.add(state.turn.exchange_tile)
    market.commodity_deck = refill(market.commodity_deck, list(catalog.commodities),
                                   seen_goods)

    known = {c for seat in state.seats for c in seat.contracts + seat.discarded
             if not is_hidden(c)}
    free = {colour.value: [c for c in catalog.contracts_of(colour) if c not in known]
            for colour in catalog.contract_colours}
    for pile in free.values():
        rng.shuffle(pile)
    for seat in state.seats:
        seat.contracts = [free[c.split(":")[1]].pop() if is_hidden(c) else c
                          for c in seat.contracts]
        seat.discarded = [free[c.split(":")[1]].pop() if is_hidden(c) else c
                          for c in seat.discarded]

    if state.solo is not None:
        face_down = [t for t in CATALOG.solo_tiles if t not in state.solo.face_up]
        rng.shuffle(face_down)
        shown = state.solo.stack[-1] if state.solo.stack else None  # "hidden:<back>"
        stack = face_down[: len(state.solo.stack)]
        if shown is not None and is_hidden(shown):
            # the top tile's back is public; the world's top tile shows it.
            back = int(shown.split(":")[1])
            fits = [i for i, t in enumerate(stack) if CATALOG.solo_tiles[t].back == back]
            if fits:
                pick = rng.choice(fits)
                stack.append(stack.pop(pick))
        state.solo.stack = stack
    state.rng = rng.state
    return state
