"""The end: discarding contracts at rotations, the final actions, the last chance and
the final scoring. It carries out the discards' and the end's transitions of :mod:`.flow`;
the end trigger itself is :func:`.flow.trigger_end`."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import (
    CATALOG,
    Action,
    ContractColour,
    EmployeeKind,
)
from shipyard_tui.games.shipyard.rules.contracts import score_contract
from shipyard_tui.games.shipyard.rules.engine import building, flow, registry, ruleset, turn_track
from shipyard_tui.games.shipyard.rules.engine.common import Events, track_actions
from shipyard_tui.games.shipyard.rules.moves import (
    Discard,
    Final,
    Move,
    NoLastTile,
)
from shipyard_tui.games.shipyard.rules.scoring import trader_points
from shipyard_tui.games.shipyard.rules.state import DecisionStep as S
from shipyard_tui.games.shipyard.rules.state import (
    GameState,
    Role,
    Stage,
    Turn,
)


def _discard_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    target = state.discard_target
    moves: list[Move] = []
    for colour in _colours(state):
        held = [c for c in seat.contracts if CATALOG.contracts[c].colour is colour]
        if len(held) > target:
            moves.extend(Discard(c) for c in held)
    return moves


registry.decision(S.DISCARD, "discard government contracts", _discard_moves)


def _colours(state: GameState) -> tuple[ContractColour, ...]:
    """The game's contract colours: red and blue (classic: green and blue, RC-2.2)."""
    return ruleset.ruleset_for(state.config).catalog.contract_colours


def final_refusals(state: GameState) -> dict[Action, turn_track.Refusal | None]:
    """Each action and why the seat may not take it as its final action (``None``: it
    may): cubes and the lead do not matter, only whether it is performable (R-10.3)."""
    s = state.turn.seat
    guilders = state.seats[s].guilders
    return {a: turn_track.why_not(state, s, a, guilders) for a in track_actions(state)}


def _final_moves(state: GameState) -> list[Move]:
    return [Final(a) for a, why in final_refusals(state).items() if why is None]


registry.decision(S.FINAL_CHOOSE, "choose the final action", _final_moves)


def _last_chance_moves(state: GameState) -> list[Move]:
    seat = state.seats[state.turn.seat]
    moves: list[Move] = []
    for kind in building.placeable_kinds(seat, completing=True):
        moves.extend(building.tile_buys(state, kind, seat.guilders))
    return moves


def _last_chance_options(state: GameState) -> list[Move]:
    return [NoLastTile(), *_last_chance_moves(state)]


registry.decision(S.LAST_CHANCE, "buy one tile to complete a ship, or pass", _last_chance_options)


@registry.handles(NoLastTile)
def _decline_last_chance(state: GameState, move: Move, out: Events) -> None:
    """No tile in the last chance: the next seat has its last chance (R-10.4)."""
    end_last_chance_turn(state, out)


@flow.end_last_chance_turn.carried_out_by
def end_last_chance_turn(state: GameState, out: Events) -> None:
    """A last chance is over: the next seat's last chance (R-10.4)."""
    _end_extra_turn(state, "last_chance", out)
    _next_last_chance(state, out)


@flow.end_final_turn.carried_out_by
def end_final_turn(state: GameState, out: Events) -> None:
    """A final action is over, with its shakedown: the next seat's (R-10.3)."""
    _end_extra_turn(state, "final", out)
    _next_final(state, out)


def _end_extra_turn(state: GameState, kind: str, out: Events) -> None:
    """The end of a final action or last chance turn (R-10.3, R-10.4)."""
    s = state.turn.seat
    seat = state.seats[s]
    out.append(ev.TurnEnded(s, state.turn_number, seat.score, seat.guilders, kind))


def discard_target(state: GameState) -> int | None:
    """How many contracts of each colour seats keep after this reserve cube (R-3.9)."""
    return ruleset.ruleset_for(state.config).discard_target(state)


def _complete_rotation(state: GameState, out: Events) -> None:
    """End of a turn that completed the timer's round: the rule book says what follows
    (R-3.8 a reserve cube; classic RC-3.8 the countdown)."""
    ruleset.ruleset_for(state.config).complete_rotation(state, out)


@flow.require_discards.carried_out_by
def require_discards(state: GameState, target: int, out: Events) -> None:
    """Seats (from the starting seat) holding more than ``target`` contracts of a colour
    are queued to discard (R-3.9)."""
    state.discard_target = target
    waiting = []
    for offset in range(state.players):
        i = (state.start_seat + offset) % state.players
        seat = state.seats[i]
        if seat.is_automa:
            continue
        held = [CATALOG.contracts[c].colour for c in seat.contracts]
        if any(held.count(colour) > target for colour in _colours(state)):
            waiting.append(i)
    state.queue = waiting
    if waiting:
        out.append(ev.DiscardRequired(list(waiting), target))


@flow.next_discard.carried_out_by
def next_discard(state: GameState, out: Events) -> None:
    """The first seat of the discard queue discards (R-3.9)."""
    if state.stage is not Stage.DISCARD:
        state.resume_stage = state.stage
        state.stage = Stage.DISCARD
    s = state.queue[0]
    state.turn = Turn(seat=s, step=S.DISCARD)
    state.undo_floor = state.move_count


@registry.handles(Discard)
def _on_discard(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Discard)
    s = state.turn.seat
    seat = state.seats[s]
    seat.contracts.remove(move.contract)
    seat.discarded.append(move.contract)
    colour = CATALOG.contracts[move.contract].colour
    out.append(ev.ContractDiscarded(s, colour.value, move.contract))
    if _discard_moves(state):
        return
    state.queue.pop(0)
    if state.queue:
        next_discard(state, out)
        return
    resume = state.resume_stage
    if resume is Stage.LAST_CHANCE:
        score_game(state, out)
    else:
        state.stage = resume
        flow.continue_play(state, out)


@flow.begin_final.carried_out_by
def begin_final(state: GameState, out: Events) -> None:
    """Final actions (R-10.3): every player, from the starting seat, one free action;
    first any discards the rule book still calls for (classic RC-10.7)."""
    if ruleset.ruleset_for(state.config).discards_before_final(state, out):
        return
    state.stage = Stage.FINAL
    out.append(ev.StageStarted(Stage.FINAL.value))
    state.queue = _players_from_start(state)
    _next_final(state, out)


def _players_from_start(state: GameState) -> list[int]:
    order = [(state.start_seat + k) % state.players for k in range(state.players)]
    return [i for i in order if not state.seats[i].is_automa]


def _next_final(state: GameState, out: Events) -> None:
    if not state.queue:
        _begin_last_chance(state, out)
        return
    s = state.queue.pop(0)
    state.turn = Turn(seat=s, step=S.FINAL_CHOOSE, role=Role.FINAL)
    state.turn_number += 1
    state.undo_floor = state.move_count
    out.append(ev.TurnStarted(s, state.turn_number, "final"))


@registry.handles(Final)
def _on_final(state: GameState, move: Move, out: Events) -> None:
    assert isinstance(move, Final)
    flow.start_action(state, move.action, Role.FINAL, out)


def _begin_last_chance(state: GameState, out: Events) -> None:
    """Last chance (R-10.4): from the starting seat, one tile to complete a ship."""
    state.stage = Stage.LAST_CHANCE
    out.append(ev.StageStarted(Stage.LAST_CHANCE.value))
    state.queue = _players_from_start(state)
    _next_last_chance(state, out)


def _next_last_chance(state: GameState, out: Events) -> None:
    while state.queue:
        s = state.queue.pop(0)
        state.turn = Turn(seat=s, step=S.LAST_CHANCE, role=Role.LAST_CHANCE)
        if _last_chance_moves(state):
            state.turn_number += 1
            state.undo_floor = state.move_count
            out.append(ev.TurnStarted(s, state.turn_number, "last_chance"))
            return
    require_discards(state, 1, out)
    if state.queue:
        next_discard(state, out)
        return
    score_game(state, out)


def score_game(state: GameState, out: Events) -> None:
    """Reveal and score contracts and traders (R-10.5); name the winners (R-10.6)."""
    for offset in range(state.players):
        s = (state.start_seat + offset) % state.players
        seat = state.seats[s]
        if seat.is_automa:
            continue
        for contract in seat.contracts:
            result = score_contract(contract, seat.fleet, seat.employees, seat.used_canals)
            seat.score += result.points
            seat.end_points[contract] = result.points
            out.append(ev.ContractScored(s, contract, CATALOG.contracts[contract].name,
                                         result.counted, result.points, result.detail,
                                         seat.score))
        traders = [e for e in seat.employees if CATALOG.employees[e].kind is EmployeeKind.TRADER]
        points = trader_points(traders)
        seat.score += points
        seat.end_points["traders"] = points
        out.append(ev.TradersScored(s, traders, points, seat.score))
    contenders = [i for i, seat in enumerate(state.seats) if not seat.is_automa]
    best = max((state.seats[i].score, state.seats[i].guilders) for i in contenders)
    winners = [i for i in contenders
               if (state.seats[i].score, state.seats[i].guilders) == best]
    state.winners = winners
    state.stage = Stage.OVER
    state.queue = []
    state.turn = Turn(seat=state.turn.seat, step=S.OVER)
    state.undo_floor = state.move_count
    out.append(ev.GameEnded([seat.score for seat in state.seats],
                            [seat.guilders for seat in state.seats], winners))


registry.decision(S.OVER, "nothing: the game is over", None)
