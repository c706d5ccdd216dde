"""The two automa of the solo game (R-12): they flip solo tiles and disturb the board.

An automa never decides anything: its whole turn follows from the solo tile stack,
so the engine plays it on its own and reports each step as events.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import CATALOG, Action
from shipyard_tui.games.shipyard.rules.rng import Rng
from shipyard_tui.games.shipyard.rules.state import GameState, SoloState

Events = list[ev.Event]


def _reshuffle(state: GameState, solo: SoloState, out: Events) -> None:
    """R-12.4: the face-up solo tiles become a new face-down stack."""
    rng = Rng(state.rng)
    solo.stack = solo.face_up + solo.stack
    solo.face_up = []
    rng.shuffle(solo.stack)
    state.rng = rng.state
    out.append(ev.DeckRebuilt("solo", len(solo.stack), top_back(solo)))


def top_back(solo: SoloState) -> int | None:
    """The number on the back of the top face-down solo tile: public (R-12.1)."""
    return CATALOG.solo_tiles[solo.stack[-1]].back if solo.stack else None


def next_number(state: GameState) -> tuple[int, int, str, int]:
    """The automa's number *n* for removals, for marker moves, where it came from, and
    the bracket number printed with it (0 if none).

    It is the back of the top face-down solo tile (its bracket number for marker
    moves when the back shows 0), or the solo board's number when the stack is empty.
    """
    solo = state.solo
    assert solo is not None
    if solo.stack:
        top = CATALOG.solo_tiles[solo.stack[-1]]
        return top.back, top.marker_steps, "the back of the top solo tile", top.bracket
    board = CATALOG.solo_board_number
    return board, board, "the solo board", 0


def play_automa_turn(state: GameState, s: int, first: bool, out: Events) -> None:
    """Flip solo tiles until one names a free tile, put the cube there and, except on the
    automa's first turn, disturb the board with that action (R-12.2, R-12.3).

    On a first turn a free lead tile may be taken (R-3.2, R-12.2); on later turns the
    lead is skipped like an occupied tile."""
    from shipyard_tui.games.shipyard.rules.engine import track_index

    solo = state.solo
    assert solo is not None
    seat = state.seats[s]
    while True:
        if not solo.stack:
            _reshuffle(state, solo, out)
        tile_id = solo.stack.pop()
        solo.face_up.append(tile_id)
        tile = CATALOG.solo_tiles[tile_id]
        if tile.action == "last":
            index = len(state.track) - 1
            free = not state.track[index].cubes
            reason = "the last tile of the track is free" if free else \
                "the last tile of the track is occupied"
        else:
            index = track_index(state, Action(tile.action))
            if index == 0 and not first:
                free, reason = False, "that tile is the lead"
            elif state.track[index].cubes:
                free, reason = False, "that tile is occupied"
            else:
                free, reason = True, "that tile is free"
        out.append(ev.SoloTileFlipped(s, tile_id, state.track[index].action.value, free, reason,
                                      top_back(solo)))
        if free:
            break
    slot = state.track[index]
    slot.cubes.append(s)
    seat.newest = slot.action
    out.append(ev.CubePlaced(s, slot.action.value, index, 1))
    if not first:
        _act(state, s, slot.action, out)
    if not solo.stack:
        _reshuffle(state, solo, out)


def _act(state: GameState, s: int, action: Action, out: Events) -> None:
    from shipyard_tui.games.shipyard.rules.engine import (
        move_marker,
        refill_column,
        refill_ships,
        slot_price,
    )

    n, n_marker, source, bracket = next_number(state)
    market = state.market

    def acted(used: int, where: str, effect: str) -> ev.AutomaActed:
        """The report of the action: ``used`` steps or price, read from ``where``."""
        return ev.AutomaActed(s, action.value, used, where, effect, n, bracket)

    if action in (Action.EQUIPMENT, Action.CREW, Action.HIRE):
        move_marker(state, action, n_marker, 0, 0, out)
        ring = {Action.EQUIPMENT: "equipment", Action.CREW: "crew", Action.HIRE: "employee"}
        out.append(acted(n_marker, source,
                         f"moved the {ring[action]} marker {n_marker} "
                         + ("step" if n_marker == 1 else "steps")))
    elif action is Action.EXCHANGE:
        move_marker(state, action, 1, 0, 0, out)
        out.append(acted(1, "the Exchange rule (always 1)",
                         "moved the exchange marker 1 step"))
    elif action in (Action.PURCHASE, Action.CANAL):
        area = "canals" if action is Action.CANAL else "commodities"
        column = market.canals if action is Action.CANAL else market.commodities
        removed = None
        for slot, tile in enumerate(column):
            if tile is not None and slot_price(slot) == n:
                column[slot] = None
                market.removed_tiles.append(tile)
                removed = (slot, tile)
                break
        if removed is None:
            out.append(acted(n, source,
                             f"found no {area[:-1]} priced {n} to remove"))
        else:
            out.append(ev.DisplayRemoved(s, area, [removed[1]], [[0, removed[0]]], n))
            out.append(acted(n, source,
                             f"removed {removed[1]} from the {area} column"))
            refill_column(state, area, out)
    elif action is Action.BUILD:
        for row in range(len(CATALOG.slot_prices)):
            if slot_price(row) != n:
                continue
            taken = []
            for col, column in enumerate(market.ships):
                tile = column[row]
                if tile is not None:
                    column[row] = None
                    market.removed_ships.append(tile)
                    taken.append((col, tile))
            if taken:
                out.append(ev.DisplayRemoved(s, "ships", [t for _, t in taken],
                                             [[c, row] for c, _ in taken], n))
                out.append(acted(n, source,
                                 f"removed display row {row} ({len(taken)} tiles)"))
                refill_ships(state, out)
                return
        out.append(acted(n, source,
                         f"found no display row priced {n} to remove"))
    else:
        out.append(acted(n, source, "nothing to do"))
