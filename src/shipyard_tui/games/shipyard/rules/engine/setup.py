"""Setting up the table (§2, R-11.1): displays, decks, markers, seats and contracts."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Action,
    ContractColour,
)
from shipyard_tui.games.shipyard.rules.engine import flow, ruleset
from shipyard_tui.games.shipyard.rules.engine.common import MARKET_SLOTS, Events, ship_stack
from shipyard_tui.games.shipyard.rules.rng import Rng, seed_state
from shipyard_tui.games.shipyard.rules.state import (
    GameConfig,
    GameState,
    Market,
    Seat,
    Turn,
)


def new_game(config: GameConfig) -> tuple[GameState, Events]:
    """Set up a game (§2) and run it to the first decision."""
    config.validate()
    rng = Rng(seed_state(config.seed))
    n = config.players
    rules = ruleset.ruleset_for(config)

    seats = []
    for i, sc in enumerate(config.seats):
        seat = Seat(name=sc.name, kind=sc.kind)
        rules.set_up_seat(seat, i)
        seats.append(seat)

    for seat in seats:
        seat.yard = [None] * rules.catalog.yard_cells  # RC-5.1
    catalog = rules.catalog
    bows = list(catalog.bows)
    sterns = list(catalog.sterns)
    mid1 = list(catalog.middles_1)
    mid2 = list(catalog.middles_2)
    for stack in (bows, sterns, mid1, mid2):
        rng.shuffle(stack)
    canal_deck = list(catalog.canals)
    rng.shuffle(canal_deck)
    commodity_deck = list(catalog.commodities)
    rng.shuffle(commodity_deck)
    market = Market(
        ships=[[None] * MARKET_SLOTS for _ in range(4)],
        bow_stack=bows,
        middle_stack=mid2 + mid1,
        stern_stack=sterns,
        canals=[None] * MARKET_SLOTS,
        canal_deck=canal_deck,
        canal_spent=[],
        commodities=[None] * MARKET_SLOTS,
        commodity_deck=commodity_deck,
        commodity_spent=[],
    )
    for col in range(4):
        stack = ship_stack(market, col)
        market.ships[col] = [stack.pop() for _ in range(MARKET_SLOTS)]
    market.canals = [canal_deck.pop() for _ in range(MARKET_SLOTS)]
    market.commodities = [commodity_deck.pop() for _ in range(MARKET_SLOTS)]

    equipment_marker = rng.below(4)
    crew_marker = rng.below(4)
    employee_marker = rng.below(8)

    spaces = rules.employee_board(rng)
    copies = rules.employee_copies(n)
    employee_track = [[[e] * copies for e in cells if e is not None] for cells in spaces]

    actions: list[Action] = [a for a in Action if a is not Action.SUBSIDY]
    if n == 4:
        actions.append(Action.SUBSIDY)
    track = rules.set_up_track(rng, actions)

    players = [i for i, s in enumerate(seats) if not s.is_automa]
    out: Events = []
    dealt: list[list[str]] = [[] for _ in seats]
    rules.deal_contracts(rng, players, dealt)
    for seat_index in players:
        seats[seat_index].contracts = dealt[seat_index]

    solo, start_seat = rules.start(rng, n)
    reserve, countdown = rules.timer(n)

    state = GameState(
        config=config,
        rng=rng.state,
        seats=seats,
        track=track,
        market=market,
        employee_track=employee_track,
        equipment_marker=equipment_marker,
        crew_marker=crew_marker,
        exchange_marker=0,
        employee_marker=employee_marker,
        start_seat=start_seat,
        turn=Turn(seat=start_seat),
        reserve=reserve,
        solo=solo,
        countdown=countdown,
    )
    out.append(ev.GameStarted(
        seats=[s.name for s in seats],
        kinds=[s.kind.value for s in seats],
        start_seat=start_seat,
        seed=config.seed,
        first_game=config.first_game,
        advanced=config.advanced,
        solo=config.solo,
        track=[slot.action.value for slot in track],
        reserve=state.reserve,
        edition=config.edition,
        spaces=None if countdown is None else [slot.space or 0 for slot in track],
        countdown=countdown,
    ))
    out.append(table_set_up(state))
    for seat_index in players:
        held = [CATALOG.contracts[c].colour for c in dealt[seat_index]]
        out.append(ev.ContractsDealt(seat_index, held.count(ContractColour.RED),
                                     held.count(ContractColour.BLUE), list(dealt[seat_index]),
                                     green=held.count(ContractColour.GREEN)))
    flow.begin_turn(state, start_seat, out)
    return state, out


def table_set_up(state: GameState) -> ev.TableSetUp:
    """The public table (§2, R-11.1) as an event: displays, deck sizes, markers, the
    whole employee board, and each seat's guilders and commodity tiles."""
    market = state.market
    solo = state.solo
    top_back = None
    if solo is not None and solo.stack:
        top_back = CATALOG.solo_tiles[solo.stack[-1]].back
    return ev.TableSetUp(
        ship_display=[list(column) for column in market.ships],
        ship_stacks={
            "bow": len(market.bow_stack),
            "middle": len(market.middle_stack),
            "middle_deck_2": sum(1 for t in market.middle_stack if CATALOG.ship(t).deck == 2),
            "stern": len(market.stern_stack),
        },
        canals=list(market.canals),
        canal_deck=len(market.canal_deck),
        commodities=list(market.commodities),
        commodity_deck=len(market.commodity_deck),
        equipment_marker=state.equipment_marker,
        crew_marker=state.crew_marker,
        exchange_marker=state.exchange_marker,
        employee_marker=state.employee_marker,
        employee_board=[[list(stack) for stack in space] for space in state.employee_track],
        wheel=state.wheel,
        guilders=[seat.guilders for seat in state.seats],
        seat_commodities=[list(seat.commodities) for seat in state.seats],
        solo_top_back=top_back,
    )
