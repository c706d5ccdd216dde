"""The rules' public query interface: every question the interface, the texts, the
advice and the bots ask of a position, answered by the rules.

Everything outside ``rules/`` that needs a rule asks here (or uses the value types
and :class:`~.game.Game` that :mod:`shipyard_tui.games.shipyard.rules` exports) and never imports
the private modules (``engine``, ``scoring``, ``canals``, ``yard``, ``view``...);
``tests/structure/test_public_interface.py`` keeps it that way.

Every function works on a seat's *view* as well as on the full state: a view hides
the decks and the other seats' contracts (``hidden:red``), and none of these answers
needs them, so a query never fails on a view and never tells more than the view
shows. The functions only read: a lookahead plays on a copy.

There are two kinds of names here:

- questions about a position (what a track tile pays, why an action may not be picked
  now, what each marker step costs, where a marker may stop and what it gives there,
  the guilders after a move, the speeds a load reaches, the canal placements a cruise
  can reach, the best cruise from each start space);
- the rules' own helpers and fixed numbers that the table layer reads (ship speed,
  scoring, the yard patterns, the canal system, the state-level decision loop the
  bots' lookahead plays on), re-exported so that no caller reaches into a private
  module.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard_tui.games.shipyard.rules.canals import (
    CanalSystem,
    CruiseScore,
    Face,
    Space,
    face,
    icon_points,
    score_path,
)
from shipyard_tui.games.shipyard.rules.catalog import (
    ENGINE_PIECES,
    PIECES,
    Action,
    Catalog,
    EmployeeKind,
    Good,
    Icon,
    Piece,
)
from shipyard_tui.games.shipyard.rules.contracts import CONTRACT_RULES, IRREGULAR_PLURALS
from shipyard_tui.games.shipyard.rules.engine import (
    ACCOUNTANT_FREE,
    BONUS_COST,
    FOREMAN_FREE,
    MARKER_RING,
    RING_EXTRA_STEPS,
    TRACK_EXTRA_STEPS,
    WHEEL_POSITIONS,
    Refusal,
    apply_move,
    bonus_refusals,
    catalog_of,
    choose_refusals,
    commodity_goods,
    cruise_options,
    current_speed,
    final_refusals,
    gap_bonus,
    has_employee,
    hireable,
    income,
    income_for,
    is_first_turn,
    legal_moves,
    marker_step_cost,
    pieces_taken,
    ruleset_for,
    sale_price,
    slot_price,
    track_index,
)
from shipyard_tui.games.shipyard.rules.events import Event, TurnEnded
from shipyard_tui.games.shipyard.rules.game import RULES_REVISION
from shipyard_tui.games.shipyard.rules.moves import (
    Helmsman,
    MarkerStep,
    Move,
    PlaceCanal,
    Rigger,
    StartToken,
)
from shipyard_tui.games.shipyard.rules.outlook import Coming, EndOutlook, end_outlook
from shipyard_tui.games.shipyard.rules.scoring import (
    builder_extras,
    fits,
    possible_speeds,
    rigger_limit,
    score_contract,
    ship_points,
    ship_speed,
    tile_features,
    trader_points,
)
from shipyard_tui.games.shipyard.rules.state import (
    DecisionStep,
    GameState,
    PlacedCanal,
    SailedShip,
    Seat,
    Token,
)
from shipyard_tui.games.shipyard.rules.view import determinize, events_for, is_hidden, seat_view
from shipyard_tui.games.shipyard.rules.yard import (
    CELLS,
    KIND_LETTER,
    completable,
    complete_ships,
    legal_cells,
    pattern,
    placement_problem,
)

__all__ = [
    "ACCOUNTANT_FREE",
    "BONUS_COST",
    "CELLS",
    "CONTRACT_RULES",
    "ENGINE_PIECES",
    "FOREMAN_FREE",
    "IRREGULAR_PLURALS",
    "KIND_LETTER",
    "PIECES",
    "RULES_REVISION",
    "WHEEL_POSITIONS",
    "CanalPlacement",
    "CanalSystem",
    "Catalog",
    "Coming",
    "CruiseScore",
    "Destination",
    "EmployeeKind",
    "EndOutlook",
    "Face",
    "Icon",
    "PlacedCanal",
    "Refusal",
    "SailedShip",
    "Seat",
    "Space",
    "StartOption",
    "Token",
    "TrackSpace",
    "apply_move",
    "builder_extras",
    "canal_placements",
    "catalog_of",
    "commodity_goods",
    "completable",
    "complete_ships",
    "cruise_lengths",
    "cruise_options",
    "current_speed",
    "determinize",
    "end_outlook",
    "events_for",
    "exchange_good",
    "face",
    "fits",
    "gap_bonus",
    "guilders_after",
    "has_employee",
    "hireable",
    "icon_points",
    "income",
    "income_for",
    "is_first_turn",
    "is_hidden",
    "legal_cells",
    "legal_moves",
    "marker_costs",
    "marker_destinations",
    "marker_next",
    "next_marker_step",
    "pattern",
    "placement_problem",
    "possible_speeds",
    "progress",
    "rigger_limit",
    "ring_cards",
    "ring_size",
    "room_left",
    "sailing_problem",
    "sailing_speeds",
    "sale_price",
    "score_contract",
    "score_path",
    "seat_view",
    "ship_points",
    "ship_speed",
    "slot_price",
    "start_options",
    "states_after_turns",
    "taken_pieces",
    "tile_features",
    "track_index",
    "track_spaces",
    "trader_points",
    "unavailable_actions",
]


# -- the action track (R-3.2, R-3.3) --------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One tile of the action track as the seat to move sees it."""

    action: Action
    taken: bool
    """A cube stands on it: nobody may choose it (R-3.2)."""
    lead: bool
    """It is the lead tile (slot 0)."""
    pays: int
    """What choosing it would pay now: occupied tiles ahead and the guilders on it (R-3.3),
    and in classic games the gap bonus (RC-3.3)."""
    gap: int = 0
    """The classic gap bonus included in ``pays`` (RC-3.3 b); 0 in the 2nd edition."""


def track_spaces(view: GameState) -> list[TrackSpace]:
    """The action track from the lead, each tile with what choosing it pays now (R-3.3,
    classic RC-3.3)."""
    return [TrackSpace(slot.action, bool(slot.cubes), index == 0, income(view, index),
                       gap_bonus(view, index))
            for index, slot in enumerate(view.track)]


def unavailable_actions(view: GameState) -> dict[Action, Refusal]:
    """While the seat to move picks an action (its tile, R-3.2; a bonus action, R-3.4;
    its final action, R-10.3): each action it may not pick now and why, from the same
    rules that make the legal moves (R-4.0). Actions that cannot be performed come
    first, then those barred by a cube, the lead or the chosen action, each group in
    track order; nothing at any other decision."""
    step = view.turn.step
    if step is DecisionStep.CHOOSE:
        refusals = choose_refusals(view)
    elif step in (DecisionStep.BONUS_BEFORE, DecisionStep.BONUS_AFTER):
        refusals = bonus_refusals(view, before=step is DecisionStep.BONUS_BEFORE)
    elif step is DecisionStep.FINAL_CHOOSE:
        refusals = final_refusals(view)
    else:
        return {}
    barred = (Refusal.TAKEN, Refusal.LEAD, Refusal.CHOSEN)
    found = [(action, why) for action, why in refusals.items() if why is not None]
    found.sort(key=lambda pair: pair[1] in barred)
    return dict(found)


def ring_cards(view: GameState) -> tuple[list[Action | None], int] | None:
    """Classic games (RC-2.7, RC-3.1): the ring's spaces 0 to 22, each with the card on it
    (``None``: an empty space, a gap), and the space where the next step 1 puts its card
    (directly ahead of the lead); ``None`` in the 2nd edition, which has no ring."""
    size = catalog_of(view).ring_spaces
    if not size:
        return None
    spaces: list[Action | None] = [None] * size
    for slot in view.track:
        assert slot.space is not None
        spaces[slot.space] = slot.action
    lead = view.track[0].space
    assert lead is not None
    return spaces, (lead + 1) % size


def progress(view: GameState) -> float:
    """How far the game has gone, 0 at the start and 1 at the end (for the bots): the
    wheel's rotations, or the classic countdown's laps."""
    return ruleset_for(view.config).progress(view)


# -- the marker rings (R-4.4, R-4.5, R-4.6, R-4.7) --------------------------------------


def ring_size(action: Action) -> int:
    """How many positions the marker of this action's ring has (4, 4, 8 or 6)."""
    return MARKER_RING[action][1]


def _marker_position(view: GameState, action: Action) -> int:
    position: int = getattr(view, f"{MARKER_RING[action][0]}_marker")
    return position


def marker_next(view: GameState, action: Action) -> int:
    """Where the free first step of the action takes its marker (R-4.4–R-4.7)."""
    return (_marker_position(view, action) + 1) % ring_size(action)


def marker_costs(view: GameState, action: Action, seat: int | None = None
                 ) -> list[int | None]:
    """Guilders the seat (by default the one to move) pays to bring the marker of
    ``action`` (Equipment, Crew or Hire) to each position of its ring, ``None`` where
    the paid steps left cannot reach.

    Before the action the free first step is counted in; during it (the marker has
    moved) the paid steps already taken count, so an Accountant's or a Foreman's free
    steps are not given twice (R-4.4, R-4.5, R-4.6).
    """
    who = view.seats[view.turn.seat if seat is None else seat]
    size = ring_size(action)
    limit = TRACK_EXTRA_STEPS if action is Action.HIRE else RING_EXTRA_STEPS
    under_way = view.turn.action is action
    taken = view.turn.ring_steps if under_way else 0
    start = _marker_position(view, action) if under_way else marker_next(view, action)
    costs: list[int | None] = [None] * size
    paid = 0
    for steps in range(size):
        if taken + steps > limit:
            break
        if steps:
            paid += marker_step_cost(who, action, taken + steps - 1)
        costs[(start + steps) % size] = paid
    return costs


def next_marker_step(view: GameState) -> tuple[int, int]:
    """During a marker action: where one more step takes the marker and what it costs
    the seat to move (R-4.4–R-4.6)."""
    turn = view.turn
    action = turn.action
    assert action is not None
    cost = marker_step_cost(view.seats[turn.seat], action, turn.ring_steps)
    return (_marker_position(view, action) + 1) % ring_size(action), cost


def guilders_after(view: GameState, move: Move, seat: int | None = None) -> int:
    """The seat's guilders (by default the one to move) once ``move`` is played.

    The move is played on a copy. On a view, the rest of the turn may need what the
    view hides (other seats' contracts, the decks): then the guilders before the move
    are the answer, as nothing hidden costs or pays guilders.
    """
    who = view.turn.seat if seat is None else seat
    after = view.copy()
    try:
        apply_move(after, move, [])
    except (KeyError, IndexError):
        return view.seats[who].guilders
    return after.seats[who].guilders


class _TurnEnds(list[Event]):
    """The events of a move, also keeping a copy of the state at the end of each turn."""

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.after: dict[int, GameState] = {}

    def append(self, event: Event) -> None:
        super().append(event)
        if isinstance(event, TurnEnded):
            self.after[event.turn] = self.state.copy()


def states_after_turns(state: GameState, move: Move) -> dict[int, GameState]:
    """The state as it stood at the end of each turn that ``move`` finishes, by turn
    number: in the solo game, the player's move plays the automa's turns after it
    (R-12.3), and these are the board after each of them. ``move`` is played on a copy
    of ``state``, the position before it; the game's randomness is in the state, so the
    copy plays exactly what the game did."""
    after = state.copy()
    out = _TurnEnds(after)
    apply_move(after, move, out)
    return out.after


@dataclass(frozen=True, slots=True)
class Destination:
    """A place the marker may stop and a move to make there."""

    steps: tuple[Move, ...]
    """The marker steps walked before ``move`` (empty: where the marker stands)."""
    move: Move
    """What the seat does there: take the marked piece, or hire from a slot."""
    paid: int
    """The guilders the steps and the move cost in all."""
    position: GameState
    """The position in which ``move`` is made (to describe it)."""


def marker_destinations(view: GameState) -> list[Destination]:
    """During Equipment, Crew or Hire: every stop of the marker that the seat may still
    reach, with what it does there and the whole price. The rules play each step on a
    copy, so the costs are the engine's own (R-4.4–R-4.6)."""
    seat = view.turn.seat
    before = view.seats[seat].guilders
    trial = view.copy()
    walked: list[Move] = []
    out: list[Destination] = []
    while True:
        offered = legal_moves(trial)
        for move in offered:
            if isinstance(move, MarkerStep):
                continue
            paid = before - guilders_after(trial, move, seat)
            out.append(Destination(tuple(walked), move, paid, trial.copy()))
        step = next((m for m in offered if isinstance(m, MarkerStep)), None)
        if step is None:
            return out
        apply_move(trial, step, [])
        walked.append(step)
        if trial.turn.seat != seat or trial.turn.step is not view.turn.step:
            return out


def exchange_good(view: GameState) -> Good | None:
    """The good of the given-up commodity tile being sold or traded now (R-4.7)."""
    turn = view.turn
    if turn.exchange_tile is None:
        return None
    return commodity_goods(turn.exchange_tile)[turn.exchange_index]


def goods_at_exchange(view: GameState) -> tuple[Good, ...]:
    """The goods of the given-up commodity tile not sold or traded yet (R-4.7): the one
    at the exchange now and those after it; none outside an exchange."""
    turn = view.turn
    if turn.exchange_tile is None:
        return ()
    return tuple(commodity_goods(turn.exchange_tile)[turn.exchange_index:])


# -- loading, speed and the cruise (R-7, R-8, R-9) --------------------------------------


def sailing_speeds(view: GameState, move: Move | None = None) -> set[int]:
    """The speeds the ship being sailed may still reach once ``move`` (a Helmsman or a
    Rigger choice) is made; without a move, its speed as loaded and chosen so far (R-7.1)."""
    turn = view.turn
    employees = view.seats[turn.seat].employees
    if isinstance(move, Helmsman):
        return {ship_speed(turn.load, employees, r, bool(move.use)).total
                for r in range(rigger_limit(turn.load) + 1)}
    if isinstance(move, Rigger):
        return {ship_speed(turn.load, employees, move.bonus, turn.helmsman).total}
    return {current_speed(view)}


def cruise_lengths(seat: Seat) -> set[int]:
    """Every cruise length the seat's canals allow now (from the token, or any start;
    R-7.2, R-9.2)."""
    return CanalSystem(seat.canals).cruise_lengths(seat.token)


@dataclass(frozen=True, slots=True)
class CanalPlacement:
    """A legal placement of the canal being rented, and whether the ship token can
    still reach it (R-9.6: canals behind the token are never cruised again)."""

    move: PlaceCanal
    reachable: bool


def canal_placements(view: GameState) -> list[CanalPlacement]:
    """Each legal placement of the canal being rented, with whether the ship token can
    reach it (R-8.2, R-9.6). Nothing is played out: the canal system alone answers."""
    seat = view.seats[view.turn.seat]
    out = []
    for move in legal_moves(view):
        assert isinstance(move, PlaceCanal)
        placed = PlacedCanal(view.turn.canal or "", move.x, move.y, move.rotation)
        reachable = seat.token is None or (move.x, move.y) in CanalSystem(
            [*seat.canals, placed]).reachable(seat.token)
        out.append(CanalPlacement(move, reachable))
    return out


@dataclass(frozen=True, slots=True)
class StartOption:
    """A start space for the ship token and the most points a cruise from it scores."""

    move: StartToken
    best: int


def start_options(view: GameState) -> list[StartOption]:
    """Each legal start space with the best cruise it allows, best first (R-9.1, R-9.3)."""
    turn = view.turn
    seat = view.seats[turn.seat]
    system = CanalSystem(seat.canals)
    speed = current_speed(view)
    features = tile_features([t for t in (seat.yard[c] for c in turn.ship) if t is not None])
    out = []
    for move in legal_moves(view):
        assert isinstance(move, StartToken)
        token = Token(move.x, move.y, move.cell, move.cell)
        best = max((score_path(system, p, turn.load, features).total
                    for p in system.cruise_paths(token, speed)), default=0)
        out.append(StartOption(move, best))
    out.sort(key=lambda option: -option.best)
    return out


def taken_pieces(view: GameState) -> tuple[Piece, tuple[str, ...], dict[str, int]]:
    """During Equipment or Crew: the marked piece, the helpers adding theirs, and every
    piece the seat to move would take now (R-4.4, R-4.5)."""
    action = view.turn.action
    assert action is not None
    return pieces_taken(view, view.seats[view.turn.seat], action)


def room_left(view: GameState, limit: int = 9) -> dict[str, int]:
    """During loading: how many more of each piece the ship being sailed could carry
    on top of its load (mounts, cabins and the seat's Builders; R-6), up to ``limit``."""
    turn = view.turn
    seat = view.seats[turn.seat]
    features = tile_features([t for t in (seat.yard[c] for c in turn.ship) if t is not None])
    extras = builder_extras(seat.employees)
    room = {}
    for piece in PIECES:
        more = 0
        while more < limit and fits({**turn.load, piece.value: turn.load.get(piece.value, 0)
                                     + more + 1}, features, extras):
            more += 1
        room[piece.value] = more
    return room


def sailing_problem(view: GameState, speed: int) -> str | None:
    """Why the ship being sailed would be dismantled at ``speed`` (R-7.2): ``"captain"``
    (no captain aboard) or ``"cruise"`` (the seat's canals allow no cruise of exactly
    that speed); ``None`` when it can sail and score."""
    if view.turn.load.get(Piece.CAPTAIN.value, 0) < 1:
        return "captain"
    if speed not in cruise_lengths(view.seats[view.turn.seat]):
        return "cruise"
    return None
