"""Shared quantities and small helpers of the rules engine: the fixed numbers of the
game, buying from a display, the action track, what the current action may spend and
hidden information. What the rule book decides (the catalog, income, first turns) is
in :mod:`.ruleset`."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Action,
    EmployeeKind,
    Good,
    TileKind,
)
from shipyard_tui.games.shipyard.rules.moves import (
    COLUMN_KINDS,
)
from shipyard_tui.games.shipyard.rules.rng import Rng
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Market,
    Seat,
)

Events = list[ev.Event]


WHEEL_POSITIONS = 12


DISPLAY_ROWS = 5


BONUS_COST = 6


SUBSIDY = 2


RESERVE_CUBES = {2: 3, 3: 5, 4: 7}


RING_EXTRA_STEPS = 3


TRACK_EXTRA_STEPS = 7


ACCOUNTANT_FREE = 2


FOREMAN_FREE = 3


MARKET_SLOTS = 5


class RulesError(ValueError):
    """Raised when the engine is asked to do something the rules do not allow."""


def starting_commodity_id(seat: int) -> str:
    return f"start-{seat + 1}"


def commodity_goods(tile_id: str) -> tuple[Good, Good, Good]:
    if tile_id.startswith("start-"):
        return CATALOG.starting_goods
    return CATALOG.commodities[tile_id].goods


def has_employee(seat: Seat, kind: EmployeeKind | str) -> bool:
    return any(CATALOG.employees[e].kind == kind for e in seat.employees)


def slot_price(row: int) -> int:
    return CATALOG.slot_prices[row]


def buy_from_slot(state: GameState, slots: list[str | None], row: int) -> tuple[str, int]:
    """The seat to move takes the tile in ``row`` of a market column (ship tiles,
    commodities, canals) and pays that row's price (R-2.3): the tile and the price
    (R-4.1, R-4.2, R-4.3)."""
    tile = slots[row]
    assert tile is not None
    price = slot_price(row)
    slots[row] = None
    state.seats[state.turn.seat].guilders -= price
    return tile, price


def track_actions(state: GameState) -> list[Action]:
    return [slot.action for slot in state.track]


def track_index(state: GameState, action: Action) -> int:
    for i, slot in enumerate(state.track):
        if slot.action is action:
            return i
    raise RulesError(f"{action.value} is not on the action track")


def spendable(state: GameState) -> int:
    """Guilders the seat may spend in the current action: a bonus action taken before
    the chosen action must leave enough to perform it (R-3.4)."""
    return state.seats[state.turn.seat].guilders - state.turn.keep


def income_for(state: GameState, index: int) -> tuple[list[str], int]:
    """Occupied tiles ahead of track slot ``index`` and the guilders lying on it (R-3.3)."""
    ahead = [str(slot.action) for slot in state.track[:index] if slot.cubes]  # the values
    return ahead, state.track[index].guilders


def ship_stack(market: Market, column: int) -> list[str]:
    kind = COLUMN_KINDS[column]
    if kind is TileKind.BOW:
        return market.bow_stack
    if kind is TileKind.STERN:
        return market.stern_stack
    return market.middle_stack


def bump(pieces: dict[str, int], piece: str, n: int = 1) -> None:
    value = pieces.get(piece, 0) + n
    if value:
        pieces[piece] = value
    else:
        pieces.pop(piece, None)


def draw_rng(state: GameState) -> Rng:
    return Rng(state.rng)


def store_rng(state: GameState, rng: Rng) -> None:
    state.rng = rng.state


def reveal(state: GameState) -> None:
    """Hidden information came to light: undo may not go back past this point."""
    state.undo_floor = state.move_count
