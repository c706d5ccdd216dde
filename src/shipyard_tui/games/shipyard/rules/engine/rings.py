"""The marker rings: Manufacture Equipment, Recruit Crew and Hire Employee (and the
marker moves the Exchange action shares)."""

from __future__ import annotations

from functools import cache

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Action,
    EmployeeKind,
    Piece,
)
from shipyard_tui.games.shipyard.rules.engine import flow, registry
from shipyard_tui.games.shipyard.rules.engine.common import (
    ACCOUNTANT_FREE,
    FOREMAN_FREE,
    RING_EXTRA_STEPS,
    TRACK_EXTRA_STEPS,
    Events,
    bump,
    has_employee,
    spendable,
)
from shipyard_tui.games.shipyard.rules.engine.ruleset import catalog_of
from shipyard_tui.games.shipyard.rules.moves import (
    Hire,
    MarkerStep,
    Move,
    Take,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Seat,
)


def hireable(seat: Seat, employee: str) -> bool:
    """Whether a seat may hire this employee at all (R-4.6), ignoring the surcharge."""
    if employee in seat.employees:
        return False
    needs = _hire_terms(employee)[1]
    return needs is None or needs in seat.employees


@cache
def _hire_terms(employee: str) -> tuple[int, str | None]:
    """An employee's surcharge, and the employee a seat must already have to hire it
    (a level-2 trader needs the level-1 trader of its good), from the catalog."""
    emp = CATALOG.employees[employee]
    if emp.kind is EmployeeKind.TRADER and emp.level == 2:
        return emp.surcharge, f"trader:{emp.good}:1"
    return emp.surcharge, None


def _hire_step_cost(seat: Seat, steps_taken: int) -> int:
    free = FOREMAN_FREE if has_employee(seat, EmployeeKind.FOREMAN) else 0
    return 0 if steps_taken < free else 1


def _hire_options(state: GameState, seat: Seat, space: int, guilders: int) -> list[int]:
    out = []
    for k, stack in enumerate(state.employee_track[space]):
        if stack:
            top = stack[-1]
            if hireable(seat, top) and _hire_terms(top)[0] <= guilders:
                out.append(k)
    return out


def _can_hire_at(state: GameState, seat: Seat, space: int, guilders: int) -> bool:
    """Whether :func:`_hire_options` has some option (asked only whether there is one)."""
    for stack in state.employee_track[space]:
        if stack:
            top = stack[-1]
            if _hire_terms(top)[0] <= guilders and hireable(seat, top):
                return True
    return False


def hire_reachable(state: GameState, seat: Seat, space: int, steps_taken: int,
                    guilders: int) -> bool:
    """Whether some space from ``space`` onward can still be reached and hired from."""
    budget = guilders
    free = FOREMAN_FREE if has_employee(seat, EmployeeKind.FOREMAN) else 0
    for k in range(TRACK_EXTRA_STEPS - steps_taken + 1):
        if k > 0:
            budget -= 0 if steps_taken + k - 1 < free else 1  # _hire_step_cost
            if budget < 0:
                return False
        if _can_hire_at(state, seat, (space + k) % 8, budget):
            return True
    return False


def _ring_step_cost(seat: Seat, steps_taken: int) -> int:
    free = ACCOUNTANT_FREE if has_employee(seat, EmployeeKind.ACCOUNTANT) else 0
    return 0 if steps_taken < free else 1


def _ring_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    moves: list[Move] = [Take()]
    cost = _ring_step_cost(seat, turn.ring_steps)
    if turn.ring_steps < RING_EXTRA_STEPS and spendable(state) >= cost:
        moves.append(MarkerStep())
    return moves


registry.decision(S.RING, "take the marked piece, or move the marker on", _ring_moves)


def _hire_moves(state: GameState) -> list[Move]:
    turn = state.turn
    seat = state.seats[turn.seat]
    budget = spendable(state)
    moves: list[Move] = [Hire(k) for k in
                         _hire_options(state, seat, state.employee_marker, budget)]
    if turn.ring_steps < TRACK_EXTRA_STEPS:
        cost = _hire_step_cost(seat, turn.ring_steps)
        if cost <= budget and hire_reachable(
            state, seat, (state.employee_marker + 1) % 8, turn.ring_steps + 1,
            budget - cost,
        ):
            moves.append(MarkerStep())
    return moves


registry.decision(S.HIRE, "hire an employee here, or move the marker on", _hire_moves)


MARKER_RING = {
    Action.EQUIPMENT: ("equipment", 4),
    Action.CREW: ("crew", 4),
    Action.HIRE: ("employee", 8),
    Action.EXCHANGE: ("exchange", 6),
}


def _marker(state: GameState, action: Action) -> int:
    name = MARKER_RING[action][0]
    value: int = getattr(state, f"{name}_marker")
    return value


def move_marker(state: GameState, action: Action, steps: int, paid: int, free: int,
                 out: Events) -> None:
    name, size = MARKER_RING[action]
    start = _marker(state, action)
    end = (start + steps) % size
    setattr(state, f"{name}_marker", end)
    out.append(ev.MarkerMoved(name, state.turn.seat, start, end, steps, paid, free))


def marker_step_cost(seat: Seat, action: Action, steps_taken: int) -> int:
    """What the next paid marker step costs the seat, ``steps_taken`` paid steps into
    the action: a Foreman frees the first steps on the employee track, an Accountant
    those on the equipment and crew rings (R-4.4, R-4.5, R-4.6)."""
    if action is Action.HIRE:
        return _hire_step_cost(seat, steps_taken)
    return _ring_step_cost(seat, steps_taken)


def pieces_taken(state: GameState, seat: Seat, action: Action
                 ) -> tuple[Piece, tuple[str, ...], dict[str, int]]:
    """What taking the marked piece gives the seat now (R-4.4, R-4.5): the marked
    piece, the Engineers or Recruiters that add theirs, and every piece gained. The
    rings are the game's edition's (classic: a propeller sector, RC-4.5)."""
    catalog = catalog_of(state)
    ring = catalog.equipment_ring if action is Action.EQUIPMENT else catalog.crew_ring
    helper = EmployeeKind.ENGINEER if action is Action.EQUIPMENT else EmployeeKind.RECRUITER
    marked = ring[_marker(state, action)]
    gained: dict[str, int] = {marked.value: 1}
    helpers = []
    for e in seat.employees:
        emp = CATALOG.employees[e]
        if emp.kind is helper and emp.piece is not None:
            bump(gained, emp.piece.value)
            helpers.append(e)
    return marked, tuple(helpers), gained


@registry.handles(MarkerStep)
def _on_step(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    action = turn.action
    assert action is not None
    cost = marker_step_cost(seat, action, turn.ring_steps)
    seat.guilders -= cost
    turn.ring_steps += 1
    move_marker(state, action, 1, cost, 1 - cost, out)


@registry.handles(Take)
def _on_take(state: GameState, move: Move, out: Events) -> None:
    turn = state.turn
    seat = state.seats[turn.seat]
    action = turn.action
    assert action is not None
    marked, helpers, gained = pieces_taken(state, seat, action)
    for piece, n in gained.items():
        bump(seat.pieces, piece, n)
    out.append(ev.PiecesTaken(turn.seat, marked.value, list(helpers), gained))
    flow.finish_action(state, out)


@registry.handles(Hire)
def _on_hire(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Hire)
    turn = state.turn
    seat = state.seats[turn.seat]
    space = state.employee_marker
    employee = state.employee_track[space][move.slot].pop()
    surcharge = CATALOG.employees[employee].surcharge
    seat.guilders -= surcharge
    seat.employees.append(employee)
    out.append(ev.EmployeeHired(turn.seat, employee, space, move.slot, surcharge, seat.guilders))
    flow.finish_action(state, out)
