"""The turn and the action track (R-3, R-4.0): choosing a tile, income, bonus actions,
starting and finishing an action, step 1 of the next turn, and the automa's turns (R-12).

This module carries out the turn's transitions of :mod:`.flow` (begin and end a turn,
start and finish an action); it hands the game to the shakedown and to the end through
:mod:`.flow` too."""

from __future__ import annotations

from enum import StrEnum

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    Action,
)
from shipyard_tui.games.shipyard.rules.engine import (
    building,
    flow,
    purchasing,
    registry,
    renting,
    rings,
    ruleset,
)
from shipyard_tui.games.shipyard.rules.engine.common import (
    BONUS_COST,
    SUBSIDY,
    Events,
    income_for,
    reveal,
    track_index,
)
from shipyard_tui.games.shipyard.rules.engine.ruleset import is_first_turn
from shipyard_tui.games.shipyard.rules.moves import (
    Bonus,
    Choose,
    DeclineBonus,
    Move,
    NoBonus,
    Proceed,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Role,
    Turn,
)


class Refusal(StrEnum):
    """Why the seat may not take an action now: at the choice of a tile (R-3.2), as a
    bonus action (R-3.4) or as the final action (R-10.3). :attr:`reason` says it in a
    player's words."""

    TAKEN = "taken"
    """A cube is on the tile (R-3.2)."""
    LEAD = "lead"
    """The tile is the lead, and this is not a first turn (R-3.2; classic RC-3.2)."""
    CHOSEN = "chosen"
    """The bonus action may not be the action the seat's newest cube marks (R-3.4)."""
    KEEP = "keep"
    """A bonus action first would leave too little for the chosen action (R-3.4)."""
    NO_SHIP_TILE = "no-ship-tile"
    """No displayed (or blank) ship tile is both affordable and placeable (R-4.0, R-4.1)."""
    NO_CANAL = "no-canal"
    """No displayed canal is affordable, or the canal map takes none (R-4.0, R-4.2)."""
    NO_COMMODITY_TO_BUY = "no-commodity-to-buy"
    """No displayed commodity tile is affordable (R-4.0, R-4.3)."""
    NO_EMPLOYEE = "no-employee"
    """No employee within the marker's reach is affordable and allowed (R-4.0, R-4.6)."""
    NO_COMMODITY = "no-commodity"
    """The seat holds no commodity tile to exchange (R-4.0, R-4.7)."""

    @property
    def reason(self) -> str:
        """The reason in a player's words."""
        return REFUSAL_REASONS[self]


REFUSAL_REASONS = {
    Refusal.TAKEN: "taken (a cube is on it)",
    Refusal.LEAD: "it is the lead tile",
    Refusal.CHOSEN: "the action you chose this turn",
    Refusal.KEEP: "leaves too little for your chosen action",
    Refusal.NO_SHIP_TILE: "no ship tile you can afford and place",
    Refusal.NO_CANAL: "no canal you can afford and place",
    Refusal.NO_COMMODITY_TO_BUY: "no commodity tile you can afford",
    Refusal.NO_EMPLOYEE: "no employee you can afford and may hire",
    Refusal.NO_COMMODITY: "no commodity tile to exchange",
}


def why_not(state: GameState, seat_index: int, action: Action, guilders: int
            ) -> Refusal | None:
    """Why no complete legal way to do the action exists now, with ``guilders`` to
    spend; ``None`` when one does: the action is performable (R-4.0)."""
    seat = state.seats[seat_index]
    if action is Action.BUILD:
        return None if building.can_build(state, seat, guilders) else Refusal.NO_SHIP_TILE
    if action is Action.CANAL:
        return None if renting.can_rent_canal(state, seat, guilders) else Refusal.NO_CANAL
    if action is Action.PURCHASE:
        return None if purchasing.can_purchase(state, guilders) else Refusal.NO_COMMODITY_TO_BUY
    if action is Action.HIRE:
        reachable = rings.hire_reachable(state, seat, (state.employee_marker + 1) % 8, 0,
                                          guilders)
        return None if reachable else Refusal.NO_EMPLOYEE
    if action is Action.EXCHANGE:
        return None if seat.commodities else Refusal.NO_COMMODITY
    return None


def can_perform(state: GameState, seat_index: int, action: Action, guilders: int) -> bool:
    """Whether a complete legal way to do the action exists now (R-4.0)."""
    return why_not(state, seat_index, action, guilders) is None


def least_guilders(state: GameState, seat_index: int, action: Action) -> int:
    """The fewest guilders with which the seat could perform the action now (R-4.0);
    more than the seat holds when it cannot."""
    guilders = state.seats[seat_index].guilders
    for g in range(guilders + 1):
        if can_perform(state, seat_index, action, g):
            return g
    return guilders + 1


def bonus_refusals(state: GameState, before: bool) -> dict[Action, Refusal | None]:
    """Each action of the track and why the seat may not buy it as a bonus action now
    (``None``: it may), or no actions when no bonus action can be bought at all
    (R-3.4). Before the chosen action, a bonus action must leave enough guilders to
    perform it: the bonus action can change nothing else the chosen action needs (it
    is a different action), so guilders are the only thing it could spoil."""
    budgets = _bonus_budgets(state, before)
    if budgets is None:
        return {}
    return {slot.action: _bonus_refusal(state, slot.action, *budgets) for slot in state.track}


def _bonus_budgets(state: GameState, before: bool) -> tuple[int, int] | None:
    """What a bonus action may spend now, and what it may spend keeping enough for the
    chosen action (R-3.4); ``None`` when no bonus action can be bought at all."""
    turn = state.turn
    seat = state.seats[turn.seat]
    if (turn.bonus_used or turn.bonus_declined or turn.role is not Role.MAIN
            or seat.guilders < BONUS_COST):
        return None
    budget = seat.guilders - BONUS_COST
    spare = budget
    if before:
        assert turn.chosen is not None
        spare -= least_guilders(state, turn.seat, turn.chosen)
    return budget, spare


def _bonus_refusal(state: GameState, action: Action, budget: int, spare: int
                   ) -> Refusal | None:
    """Why the seat may not buy ``action`` as a bonus action (:func:`bonus_refusals`)."""
    turn = state.turn
    if action is turn.chosen:
        return Refusal.CHOSEN
    if (why := why_not(state, turn.seat, action, budget)) is not None:
        return why
    # with nothing to keep, the action is performable with the spare: it is the budget
    if spare < 0 or (spare != budget and not can_perform(state, turn.seat, action, spare)):
        return Refusal.KEEP
    return None


def _bonus_options(state: GameState, before: bool) -> list[Action]:
    """Bonus actions the seat may buy now (R-3.4)."""
    budgets = _bonus_budgets(state, before)
    if budgets is None:
        return []
    return [slot.action for slot in state.track
            if _bonus_refusal(state, slot.action, *budgets) is None]


def _any_bonus(state: GameState, before: bool) -> bool:
    """Whether the seat may buy some bonus action now (R-3.4): :func:`_bonus_options`,
    asked only whether there is one."""
    budgets = _bonus_budgets(state, before)
    if budgets is None:
        return False
    return any(_bonus_refusal(state, slot.action, *budgets) is None for slot in state.track)


def choose_refusals(state: GameState) -> dict[Action, Refusal | None]:
    """Each tile of the track from the lead and why the seat may not choose it now
    (``None``: it may; R-3.2). A tile is performable with the income choosing it pays
    (N-2); when no free tile is, every free tile may be chosen and its action is
    forfeited (N-3)."""
    s = state.turn.seat
    guilders = state.seats[s].guilders
    first = is_first_turn(state, s)
    rules = ruleset.ruleset_for(state.config)
    out: dict[Action, Refusal | None] = {}
    performable = False
    ahead = 0  # occupied tiles ahead of the slot
    for i, slot in enumerate(state.track):
        if slot.cubes:
            out[slot.action] = Refusal.TAKEN
            ahead += 1
        elif i == 0 and not first:
            out[slot.action] = Refusal.LEAD
        else:
            why = why_not(state, s, slot.action, guilders + rules.income_after(state, i, ahead))
            out[slot.action] = why
            performable = performable or why is None
    if not performable:
        return {a: (why if why is Refusal.TAKEN or why is Refusal.LEAD else None)
                for a, why in out.items()}
    return out


_CHOOSE = {action: Choose(action) for action in Action}
"""Each action's move, made once: moves are frozen values, and the legal moves are
listed at every decision."""
_BONUS = {action: Bonus(action) for action in Action}


def _choose_moves(state: GameState) -> list[Move]:
    return [_CHOOSE[a] for a, why in choose_refusals(state).items() if why is None]


registry.decision(S.CHOOSE, "choose an action tile", _choose_moves)


def _bonus_before_moves(state: GameState) -> list[Move]:
    return [Proceed(), DeclineBonus(),
            *(_BONUS[a] for a in _bonus_options(state, before=True))]


registry.decision(
    S.BONUS_BEFORE, "take a bonus action first, or go on to the chosen action",
    _bonus_before_moves,
)


def _bonus_after_moves(state: GameState) -> list[Move]:
    return [NoBonus(), *(_BONUS[a] for a in _bonus_options(state, before=False))]


registry.decision(S.BONUS_AFTER, "take a bonus action, or end the actions", _bonus_after_moves)


@registry.handles(Choose)
def _on_choose(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Choose)
    s = state.turn.seat
    seat = state.seats[s]
    index = track_index(state, move.action)
    slot = state.track[index]
    ahead, lying = income_for(state, index)
    gap = ruleset.ruleset_for(state.config).gap_bonus(state, index)
    cubes = 2 if state.players == 2 and seat.turns == 0 else 1
    slot.cubes.extend([s] * cubes)
    if state.players == 2 and seat.turns == 1:
        seat.older = seat.newest
    seat.newest = move.action
    out.append(ev.CubePlaced(s, move.action.value, index, cubes))
    slot.guilders = 0
    seat.guilders += len(ahead) + lying + gap
    out.append(ev.IncomePaid(s, ahead, lying, len(ahead) + lying + gap, seat.guilders,
                             gap_bonus=gap))
    state.turn.chosen = move.action
    if not can_perform(state, s, move.action, seat.guilders):
        out.append(ev.ActionForfeited(s, move.action.value, "the action cannot be performed"))
        _after_main(state, out)
    elif _any_bonus(state, before=True):
        state.turn.step = S.BONUS_BEFORE
    else:
        start_action(state, move.action, Role.MAIN, out)


@registry.handles(Proceed)
def _on_proceed(state: GameState, move: Move, out: Events) -> None:
    chosen = state.turn.chosen
    assert chosen is not None
    start_action(state, chosen, Role.MAIN, out)


@registry.handles(DeclineBonus)
def _on_decline_bonus(state: GameState, move: Move, out: Events) -> None:
    """No bonus action this turn (R-3.4): the chosen action, and no question after it."""
    state.turn.bonus_declined = True
    _on_proceed(state, move, out)


@registry.handles(Bonus)
def _on_bonus(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Bonus)
    turn = state.turn
    seat = state.seats[turn.seat]
    turn.main_pending = turn.step is S.BONUS_BEFORE
    if turn.main_pending:
        assert turn.chosen is not None
        turn.keep = least_guilders(state, turn.seat, turn.chosen)
    seat.guilders -= BONUS_COST
    turn.bonus_used = True
    out.append(ev.BonusPaid(turn.seat, move.action.value, BONUS_COST, seat.guilders))
    start_action(state, move.action, Role.BONUS, out)


@registry.handles(NoBonus)
def _decline_bonus(state: GameState, move: Move, out: Events) -> None:
    """No bonus action after the chosen one (R-3.4): on to the shakedown (step 5)."""
    flow.begin_shakedown(state, out)


@flow.start_action.carried_out_by
def start_action(state: GameState, action: Action, role: Role, out: Events) -> None:
    """The seat to move starts ``action`` in ``role`` (R-4): the action's first
    decision, or all of it when it needs none (Subsidy)."""
    turn = state.turn
    s = turn.seat
    seat = state.seats[s]
    turn.action = action
    turn.role = role
    turn.bought = 0
    turn.ring_steps = 0
    out.append(ev.ActionStarted(s, str(action), str(role)))  # the values (StrEnums)
    if action is Action.BUILD:
        turn.step = S.BUILD
    elif action is Action.CANAL:
        turn.step = S.CANAL_PICK
    elif action is Action.PURCHASE:
        turn.step = S.PURCHASE
    elif action in (Action.EQUIPMENT, Action.CREW):
        rings.move_marker(state, action, 1, 0, 0, out)
        turn.step = S.RING
    elif action is Action.HIRE:
        rings.move_marker(state, action, 1, 0, 0, out)
        turn.step = S.HIRE
    elif action is Action.EXCHANGE:
        rings.move_marker(state, action, 1, 0, 0, out)
        turn.step = S.EXCHANGE_PICK
    elif action is Action.SUBSIDY:
        seat.guilders += SUBSIDY
        out.append(ev.SubsidyReceived(s, SUBSIDY, seat.guilders))
        finish_action(state, out)


@flow.finish_action.carried_out_by
def finish_action(state: GameState, out: Events) -> None:
    """The action in progress is complete (R-3.4, R-3.5)."""
    turn = state.turn
    role = turn.role
    turn.action = None
    if role is Role.BONUS and turn.main_pending:
        turn.main_pending = False
        turn.keep = 0
        chosen = turn.chosen
        assert chosen is not None
        # the bonus action kept what the chosen action needs: it is never lost
        assert can_perform(state, turn.seat, chosen, state.seats[turn.seat].guilders)
        start_action(state, chosen, Role.MAIN, out)
    elif role is Role.MAIN:
        _after_main(state, out)
    else:
        flow.begin_shakedown(state, out)


def _after_main(state: GameState, out: Events) -> None:
    state.turn.role = Role.MAIN
    if _any_bonus(state, before=False):
        state.turn.step = S.BONUS_AFTER
    else:
        flow.begin_shakedown(state, out)


@flow.begin_turn.carried_out_by
def begin_turn(state: GameState, s: int, out: Events) -> None:
    """Seat ``s``'s turn starts (R-3): step 1 unless it is a first turn, then the choice
    of a tile; an automa seat plays its whole turn (R-12)."""
    state.turn = Turn(seat=s)
    state.turn_number += 1
    state.undo_floor = state.move_count
    first = is_first_turn(state, s)
    out.append(ev.TurnStarted(s, state.turn_number, "first" if first else "regular"))
    if ruleset.ruleset_for(state.config).takes_own_turn(state, s, first, out):
        end_turn(state, out)
        return
    if not first:
        advance(state, s, out)
    state.turn.step = S.CHOOSE


def advance(state: GameState, s: int, out: Events) -> None:
    """Step 1 (R-3.1): the seat's previous tile becomes the lead; the wheel turns
    (classic: the card moves around the ring, RC-3.1)."""
    seat = state.seats[s]
    two = state.players == 2
    action = seat.older if two else seat.newest
    assert action is not None
    index = track_index(state, action)
    slot = state.track.pop(index)
    state.track.insert(0, slot)
    moved_to = None
    if two:
        slot.cubes = [c for c in slot.cubes if c != s]
        assert seat.newest is not None
        state.track[track_index(state, seat.newest)].cubes.append(s)
        moved_to = seat.newest.value
        seat.older = seat.newest
    else:
        slot.cubes.remove(s)
    seat.newest = None
    track = [str(slot.action) for slot in state.track]  # a StrEnum's str is its value
    out.append(ev.TileAdvanced(s, action.value, index, moved_to, track))
    ruleset.ruleset_for(state.config).advance_timer(state, index, out)


@flow.end_turn.carried_out_by
def end_turn(state: GameState, out: Events) -> None:
    """A regular turn is over: a completed rotation (R-3.8), its discards (R-3.9), then
    the next seat."""
    s = state.turn.seat
    seat = state.seats[s]
    kind = "first" if is_first_turn(state, s) else "regular"
    seat.turns += 1
    out.append(ev.TurnEnded(s, state.turn_number, seat.score, seat.guilders, kind))
    state.prev_seat = s
    if state.turn.rotation_done:
        ruleset.ruleset_for(state.config).complete_rotation(state, out)
        if state.queue:
            flow.next_discard(state, out)
            return
    continue_play(state, out)


@flow.continue_play.carried_out_by
def continue_play(state: GameState, out: Events) -> None:
    """The next seat's turn, or the final actions once the end is triggered and every
    seat has had as many turns (R-10.3)."""
    s = state.prev_seat
    if state.end_trigger is not None and s == state.last_seat:
        turns = {seat.turns for seat in state.seats}
        if len(turns) == 1:
            flow.begin_final(state, out)
            return
    begin_turn(state, (s + 1) % state.players, out)


@flow.automa_turn.carried_out_by
def automa_turn(state: GameState, s: int, first: bool, out: Events) -> None:
    """An automa seat's whole turn (R-12): step 1 unless it is a first turn, then the
    solo tiles."""
    from shipyard_tui.games.shipyard.rules.automa import play_automa_turn

    if not first:
        advance(state, s, out)
    play_automa_turn(state, s, first, out)
    reveal(state)
