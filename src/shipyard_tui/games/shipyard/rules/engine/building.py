"""Build Ships: buying ship tiles, placing them in the yard, refilling the ship display."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    TileKind,
)
from shipyard_tui.games.shipyard.rules.engine import flow, registry
from shipyard_tui.games.shipyard.rules.engine.common import (
    MARKET_SLOTS,
    Events,
    buy_from_slot,
    draw_rng,
    reveal,
    ship_stack,
    slot_price,
    spendable,
    store_rng,
)
from shipyard_tui.games.shipyard.rules.moves import (
    COLUMN_KINDS,
    Buy,
    BuyBlank,
    EndBuild,
    Move,
    Place,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Role,
    Seat,
)
from shipyard_tui.games.shipyard.rules.yard import (
    KIND_LETTER,
    completing_cells,
    has_legal_cell,
    legal_cells,
    pattern,
)

_KINDS = (TileKind.BOW, TileKind.MIDDLE, TileKind.STERN)


_KIND_COLUMNS = {kind: tuple(col for col, k in enumerate(COLUMN_KINDS) if k is kind)
                 for kind in _KINDS}


@cache
def _buy(column: int, row: int) -> Buy:
    """The move, made once: moves are frozen values, and legal-move lists are made
    for every decision."""
    return Buy(column, row)


@cache
def _place(cell: int) -> Place:
    """The move, made once (see :func:`_buy`)."""
    return Place(cell)


def tile_buys(state: GameState, kind: TileKind, guilders: int) -> Iterator[Move]:
    """The ways to get a ship tile of ``kind``: each affordable displayed tile, or a free
    blank tile when none of that kind is displayed (R-4.1, N-8)."""
    displayed = False
    ships = state.market.ships
    for col in _KIND_COLUMNS[kind]:
        for row, tile in enumerate(ships[col]):
            if tile is not None:
                displayed = True
                if slot_price(row) <= guilders:
                    yield _buy(col, row)
    if not displayed:
        yield BuyBlank(kind)


def placeable_kinds(seat: Seat, completing: bool = False) -> list[TileKind]:
    """Kinds of ship tile with a legal cell in the yard (only completing cells if asked)."""
    return list(_placeable(pattern(seat.yard), completing))


@cache
def _placeable(p: str, completing: bool) -> tuple[TileKind, ...]:
    """:func:`placeable_kinds` of a yard's pattern, remembered (a yard changes only when
    a tile is placed, and is asked about at every choice of a tile)."""
    if completing:
        return tuple(k for k in _KINDS if completing_cells(p, KIND_LETTER[k]))
    return tuple(k for k in _KINDS if has_legal_cell(p, KIND_LETTER[k]))


def can_build(state: GameState, seat: Seat, guilders: int) -> bool:
    """Whether the seat could buy a ship tile with ``guilders`` and place it: some kind
    with a legal cell has a way in :func:`tile_buys`."""
    ships = state.market.ships
    for kind in _placeable(pattern(seat.yard), False):
        displayed = False
        for col in _KIND_COLUMNS[kind]:
            for row, tile in enumerate(ships[col]):
                if tile is not None:
                    if slot_price(row) <= guilders:
                        return True
                    displayed = True
        if not displayed:
            return True  # a blank tile (N-8)
    return False


def _build_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    moves: list[Move] = []
    if turn.bought < 3:
        budget = spendable(state)
        ships = state.market.ships
        for kind in _placeable(pattern(seat.yard), False):
            # tile_buys, written out: this is asked at every decision of a build
            displayed = False
            for col in _KIND_COLUMNS[kind]:
                for row, tile in enumerate(ships[col]):
                    if tile is not None:
                        displayed = True
                        if slot_price(row) <= budget:
                            moves.append(_buy(col, row))
            if not displayed:
                moves.append(BuyBlank(kind))
    if turn.bought:
        moves.append(EndBuild())
    return moves


registry.decision(S.BUILD, "buy 1 to 3 ship tiles, one at a time", _build_moves)


def _holding_letter(state: GameState) -> str:
    assert state.turn.holding is not None
    return KIND_LETTER[CATALOG.ship(state.turn.holding).kind]


def _place_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    p = pattern(seat.yard)
    letter = _holding_letter(state)
    if state.turn.role is Role.LAST_CHANCE:
        cells = completing_cells(p, letter)
    else:
        cells = legal_cells(p, letter)
    return [_place(c) for c in cells]


registry.decision(S.PLACE, "place the ship tile in the yard", _place_moves)


@registry.handles(Buy)
def _on_buy(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Buy)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile, price = buy_from_slot(state, state.market.ships[move.column], move.row)
    turn.holding = tile
    info = CATALOG.ship(tile)
    out.append(ev.ShipTileBought(turn.seat, tile, info.kind.value,
                                 [f.value for f in info.features], move.column, move.row, price,
                                 seat.guilders))
    turn.step = S.PLACE


@registry.handles(BuyBlank)
def _on_buy_blank(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, BuyBlank)
    turn = state.turn
    state.blanks += 1
    tile = f"blank-{move.kind.value}-{state.blanks}"
    turn.holding = tile
    out.append(ev.ShipTileBought(turn.seat, tile, move.kind.value, [], -1, -1, 0,
                                 state.seats[turn.seat].guilders))
    turn.step = S.PLACE


@registry.handles(Place)
def _on_place(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Place)
    turn = state.turn
    seat = state.seats[turn.seat]
    tile = turn.holding
    assert tile is not None
    seat.yard[move.cell] = tile
    turn.holding = None
    turn.bought += 1
    out.append(ev.ShipTilePlaced(turn.seat, tile, move.cell, pattern(seat.yard)))
    if turn.role is Role.LAST_CHANCE:
        refill_ships(state, out)
        flow.finish_action(state, out)
    else:
        turn.step = S.BUILD


@registry.handles(EndBuild)
def _on_end_build(state: GameState, move: Move, out: Events) -> None:
    refill_ships(state, out)
    flow.finish_action(state, out)


def refill_ships(state: GameState, out: Events) -> None:
    """Slide each display column down and refill it from its stack (R-4.1).

    Revealing the last tile of the bow, stern or middle stack triggers the end at once
    (R-10.2); a refill from an already empty stack leaves the slots empty.
    """
    market = state.market
    for col in range(4):
        column = market.ships[col]
        tiles = [t for t in column if t is not None]
        if len(tiles) == MARKET_SLOTS:
            continue
        stack = ship_stack(market, col)
        drawn = []
        while len(tiles) < MARKET_SLOTS and stack:
            tile = stack.pop()
            tiles.append(tile)
            drawn.append(tile)
        new: list[str | None] = [*tiles, *([None] * (MARKET_SLOTS - len(tiles)))]
        if new != column:
            market.ships[col] = new
            out.append(ev.DisplayRefilled("ships", col, drawn, list(new), len(stack)))
            if drawn:
                reveal(state)
                if not stack:
                    flow.trigger_end(state, "ship_tiles", out)


def refill_column(state: GameState, area: str, out: Events) -> None:
    """Slide the canal or commodity column down and refill it, rebuilding an empty deck."""
    market = state.market
    column: list[str | None] = market.canals if area == "canals" else market.commodities
    deck = market.canal_deck if area == "canals" else market.commodity_deck
    spent = market.canal_spent if area == "canals" else market.commodity_spent
    tiles = [t for t in column if t is not None]
    if len(tiles) == MARKET_SLOTS:
        return
    drawn = []
    while len(tiles) < MARKET_SLOTS:
        if not deck:
            if not spent:
                break
            rng = draw_rng(state)
            deck.extend(spent)
            spent.clear()
            rng.shuffle(deck)
            store_rng(state, rng)
            out.append(ev.DeckRebuilt(area, len(deck)))
        tile = deck.pop()
        tiles.append(tile)
        drawn.append(tile)
    new: list[str | None] = [*tiles, *([None] * (MARKET_SLOTS - len(tiles)))]
    column[:] = new
    out.append(ev.DisplayRefilled(area, 0, drawn, list(new), len(deck)))
    if drawn:
        reveal(state)
