"""The choices of the decision at hand, each labelled with what it leads to.

The game screen shows these in its choice panel. Every number in a label comes from
the rules' query interface (:mod:`shipyard_tui.games.shipyard.rules.query`) or the advice; this
module only words and orders them. It works on whatever state the screen holds,
which over SSH is the seat's view.
"""

from __future__ import annotations

from dataclasses import replace

from shipyard_tui.core.choices import OPTION_KEYS, Choice, Plan
from shipyard_tui.games.shipyard.advice import (
    LoadPlan,
    best_load,
    completes_unscorable_ship,
    dismantled_after,
    load_points,
)
from shipyard_tui.games.shipyard.rules import CATALOG, GameState, Move, Piece
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.words import (
    NOT_COMPLETING,
    cruise_ends,
    describe_move,
    guilders,
    plural,
)


def load_plan(plan: LoadPlan) -> Plan[Move]:
    """A suggested load as the moves that load it and end loading."""
    loads = tuple(mv.Load(Piece(piece))  # every piece, the classic propeller too
                  for piece, count in plan.pieces for _ in range(count))
    return Plan((*loads, mv.EndLoad()))


def prompt(state: GameState, fallback: str) -> str:
    """The decision in words, naming the good at the exchange; else ``fallback``
    (the rules' own prompt)."""
    turn = state.turn
    good = q.exchange_good(state)
    if turn.step is S.EXCHANGE_GOOD and good is not None:
        return f"sell or trade the {good.value} ({turn.exchange_index + 1} of 3)"
    if turn.step is S.BONUS_BEFORE:
        return f"a bonus action this turn ({guilders(q.BONUS_COST)})?"
    if turn.step is S.DISCARD:
        # which colours still hold too many, in the order the rules' moves give them
        # red, then blue)
        colours = list(dict.fromkeys(CATALOG.contracts[m.contract].colour.value
                                     for m in q.legal_moves(state)
                                     if isinstance(m, mv.Discard)))
        if colours:
            return (f"discard a {' or '.join(colours)} contract (you keep "
                    f"{state.discard_target} of each colour)")
    if turn.step is S.BUILD and turn.bought:
        # after the first tile: the rules' moves say whether another may be bought
        if q.legal_moves(state) == [mv.EndBuild()]:
            return "finish building"
        return f"buy another ship tile ({turn.bought} bought), or finish building"
    return fallback


def choices(state: GameState, legal: list[Move]) -> list[Choice]:
    """The legal moves as choices, labelled and ordered for the decision at hand."""
    step = state.turn.step
    if step is S.PLACE:
        return place_choices(state, legal)
    if step is S.CRUISE:
        return [Choice(label, move) for move, label in cruise_labels(state)]
    if step is S.LOAD:
        return load_choices(state, legal)
    if step in (S.HELMSMAN, S.RIGGER):
        return rigger_choices(state, legal)
    if step is S.TOKEN_START:
        return start_choices(state)
    if step is S.BONUS_BEFORE:
        return bonus_choices(state, legal) + unavailable_choices(state)
    if step in (S.RING, S.HIRE):
        return destination_choices(state)
    if step is S.CANAL_PLACE:
        return canal_choices(state)
    out = [Choice(describe_move(state, move), move) for move in legal]
    if step is S.BUILD:
        # finishing last, so that a tile keeps its letter once the first is bought (a
        # play-test: "a" became "Finish building" and every tile's letter moved down);
        # the highlight still starts on it (:func:`first_highlight`)
        finish = [c for c in out if isinstance(c.move, mv.EndBuild)]
        out = slot_keys(state, [c for c in out if c not in finish] + finish)
    if step is S.LAST_CHANCE:
        passing = [Choice("Pass: complete no ship (this chance does not come back)",
                          c.move) for c in out if isinstance(c.move, mv.NoLastTile)]
        out = [c for c in out if not isinstance(c.move, mv.NoLastTile)] + passing
    return out + unavailable_choices(state)


def slot_keys(state: GameState, out: list[Choice]) -> list[Choice]:
    """The build's choices with a letter each that holds for the whole build: a ship
    tile its slot's (the display slides down only when the build ends, R-4.1), so a
    tile bought leaves its letter unused; the other choices (a blank tile, finishing)
    the letters after every slot's. A play-test saw the same tile lettered ``p``,
    then ``o``, then ``n`` (issue 35 item 5)."""
    ships = state.market.ships
    first = [sum(len(column) for column in ships[:c]) for c in range(len(ships))]
    rest = iter(OPTION_KEYS[sum(len(column) for column in ships):])
    keyed = []
    for choice in out:
        move = choice.move
        key = (OPTION_KEYS[first[move.column] + move.row] if isinstance(move, mv.Buy)
               else next(rest, ""))
        keyed.append(replace(choice, key=key))
    return keyed


def first_highlight(legal: list[Move]) -> Move | None:
    """Where the highlight starts, if not on the first choice: on finishing a build,
    so that an Enter typed once too often ends the building instead of buying a tile."""
    return next((m for m in legal if isinstance(m, mv.EndBuild)), None)


def unavailable_choices(state: GameState) -> list[Choice]:
    """While an action is picked (a tile, a bonus action, the final action): the
    actions the rules refuse now, each with why (R-3.2, R-3.4, R-10.3, R-4.0), after
    the choices offered so that they never push those out of sight; shown, never
    chosen."""
    return [Choice(action.label, None, f"not now: {refusal.reason}")
            for action, refusal in q.unavailable_actions(state).items()]


DECLINE_KEY = "x"
"""The key of "No bonus action this turn", whatever the turn. The question comes only
when a bonus action can be bought (R-3.4), so its keys must mean nothing dangerous in
the decision that comes instead when it does not: ``x`` comes after every letter a
build can give (16 display slots, 3 blank tiles, finishing), so the key that declines
the bonus one turn never buys a ship tile the next (issue 35 item 3)."""

GO_ON_KEY = "y"
"""The key of "go on to the chosen action, maybe a bonus action after it", kept apart
from the build's letters for the same reason as :data:`DECLINE_KEY`."""

HELD_KEYS = frozenset({DECLINE_KEY, GO_ON_KEY})
"""Pressed when no bonus question is asked, these keys choose nothing and take the
choice panel's highlight away, so that the Enter after them plays nothing either
(:attr:`~shipyard_tui.ui.widgets.choice_panel.ChoicePanel.held_keys`)."""


def bonus_choices(state: GameState, legal: list[Move]) -> list[Choice]:
    """The bonus question, asked once a turn: declining it here declines the bonus
    after the chosen action too (the rules' :class:`~.moves.DeclineBonus`, R-3.4).
    Declining comes first and going on second, each with a key of its own
    (:data:`DECLINE_KEY`, :data:`GO_ON_KEY`); the bonus actions follow."""
    chosen = state.turn.chosen
    assert chosen is not None
    out: list[Choice] = []
    later: list[Choice] = []
    for move in legal:
        if isinstance(move, mv.DeclineBonus):
            out.insert(0, Choice(describe_move(state, move), move, key=DECLINE_KEY))
        elif isinstance(move, mv.Proceed):
            out.append(Choice(f"Go on to {chosen.label}, maybe a bonus action after it",
                              move, key=GO_ON_KEY))
        else:
            later.append(Choice(describe_move(state, move), move))
    return out + later


def destination_choices(state: GameState) -> list[Choice]:
    """Where the marker may stop and what it gives there, with the total price: one
    choice instead of one step at a time (the rules walk the steps)."""
    out: list[Choice] = []
    for stop in q.marker_destinations(state):
        walked = len(stop.steps)
        where = f"marker {plural(walked, 'step')} on" if walked else "marker here"
        price = f"you pay {stop.paid} in all" if stop.paid > 0 else "free"
        label = f"{describe_move(stop.position, stop.move)} — {where}, {price}"
        out.append(Choice(label, Plan((*stop.steps, stop.move)) if walked else stop.move))
    return out


def canal_choices(state: GameState) -> list[Choice]:
    """Placements the ship token can still reach first (R-9.6), the others after."""
    usable: list[Choice] = []
    behind: list[Choice] = []
    for placement in q.canal_placements(state):
        label = describe_move(state, placement.move)
        if placement.reachable:
            usable.append(Choice(label, placement.move))
        else:
            behind.append(Choice(f"{label} — behind the ship token: no cruise reaches it",
                                 placement.move))
    return usable + behind


def start_choices(state: GameState) -> list[Choice]:
    """Each start space with the best cruise it allows, best first."""
    return [Choice(f"{describe_move(state, option.move)}: best cruise "
                   f"{plural(option.best, 'point')}", option.move)
            for option in q.start_options(state)]


def place_choices(state: GameState, legal: list[Move]) -> list[Choice]:
    """Every empty cell of the yard: the legal ones (with a warning when the ship they
    complete cannot score, R-7.2), the others with the reason they are not allowed."""
    seat = state.seats[state.turn.seat]
    holding = state.turn.holding
    assert holding is not None
    letter = q.KIND_LETTER[CATALOG.ship(holding).kind]
    p = q.pattern(seat.yard)
    allowed = {m.cell for m in legal if isinstance(m, mv.Place)}
    out = []
    for cell in range(len(seat.yard)):  # 10 cells, classic 9 (RC-5.1)
        if seat.yard[cell] is not None:
            continue
        if cell in allowed:
            label = describe_move(state, mv.Place(cell))
            why = completes_unscorable_ship(state, state.turn.seat, holding, cell)
            if why:
                label += (f" — completes a ship that will be dismantled ({why}) unless "
                          "you get what it lacks before it sails")
            out.append(Choice(label, mv.Place(cell), key=str(cell)))
        else:
            reason = q.placement_problem(p, letter, cell) or NOT_COMPLETING
            out.append(Choice(f"Cell {cell}", None, reason, key=str(cell)))
    return out


def cruise_labels(state: GameState) -> list[tuple[Move, str]]:
    """Every cruise with its points in all and by kind, best first (R-9.7): the
    cruise's own points, which the ship's crew, cannons, cranes and speed add to."""
    out: list[tuple[Move, str]] = []
    ends = cruise_ends(state)
    for move, parts in q.cruise_options(state):
        total = sum(parts.values())
        scored = ", ".join(f"{k} {v}" for k, v in parts.items() if v)
        end = ends[move]
        out.append((move, f"{plural(total, 'cruise point')}: {plural(len(move.path), 'step')} "
                    f"to {end}"
                    + (f" ({scored})" if scored else "")))
    return out


def load_choices(state: GameState, legal: list[Move]) -> list[Choice]:
    """The pieces to load, a suggested load first, and "done" with what the ship
    would score or why it would be dismantled."""
    out = []
    seat = state.turn.seat
    if not state.turn.load:
        captains = state.seats[seat].pieces.get("captain", 0)
        keep = {"captain": min(len(state.turn.ships), max(0, captains - 1))}
        plan = best_load(state, seat, state.turn.ship, keep)
        if plan.scores and plan.pieces:
            kept = (f" (keeps {plural(keep['captain'], 'captain')} for the next ship)"
                    if keep["captain"] else "")
            out.append(Choice(f"Suggested: {plan.describe()}{kept}", load_plan(plan)))
    for move in legal:
        label = describe_move(state, move)
        if isinstance(move, mv.EndLoad):
            speed = q.current_speed(state)
            warning = sailing_warning(state, {speed})
            if warning:
                label += f" — {warning}"
            else:
                points = load_points(state, seat, state.turn.ship, state.turn.load, speed)
                if points is not None:
                    label += f": about {plural(points, 'point')}"
        out.append(Choice(label, move))
    return out


def rigger_choices(state: GameState, legal: list[Move]) -> list[Choice]:
    """The Helmsman's and the Rigger's choices, warning of those that leave the ship
    no cruise of its speed."""
    out = []
    for move in legal:
        label = describe_move(state, move)
        warning = sailing_warning(state, q.sailing_speeds(state, move))
        out.append(Choice(label + (f" — {warning}" if warning else ""), move))
    return out


def sailing_warning(state: GameState, speeds: set[int]) -> str:
    """Why the ship being sailed would be dismantled at every one of ``speeds``
    (R-7.2), or "" when some speed lets it score."""
    problems = {q.sailing_problem(state, speed) for speed in speeds}
    if None in problems:
        return ""
    if "captain" in problems:
        return "no captain: the ship will be dismantled"
    return f"no cruise of {min(speeds)} spaces: the ship will be dismantled"


def confirmation(state: GameState, move: Move | Plan[Move]) -> tuple[str, str] | None:
    """The question to ask before a choice that throws something away for good
    (a ship's last chance, a contract, a ship to be dismantled), and its yes-word.
    A bonus action declined for the turn is in the state: the rules ask no bonus
    question after the action then (R-3.4)."""
    if isinstance(move, Plan):
        # a suggested load or a marker's walk: a ship left to sail after it with
        # nothing to load (a second ship of the same build) is dismantled at once
        return _dismantling(state, move.moves, move.moves[-1])
    if isinstance(move, mv.NoLastTile):
        return ("Pass your last chance? No more tiles can be bought to complete a "
                "ship, and this cannot be taken back.", "Pass")
    if isinstance(move, mv.Discard):
        return (f"{describe_move(state, move)}? A discarded contract is gone for good.",
                "Discard")
    warning = ""
    if isinstance(move, mv.EndLoad):
        warning = sailing_warning(state, q.sailing_speeds(state))
    elif isinstance(move, mv.Rigger):
        warning = sailing_warning(state, q.sailing_speeds(state, move))
    if not warning:
        # a ship that sails with nothing left to decide (no pieces to load, or the
        # second of a build after this one): this move is the last chance to go back;
        # unless it is the only move, when there is nothing to go back to (the last
        # choice before it asked: moves with no choice count as part of it)
        if len(q.legal_moves(state)) == 1:
            return None
        return _dismantling(state, (move,), move)
    return (f"Sail this ship? {warning[0].upper()}{warning[1:]}.", "Sail")


def _dismantling(state: GameState, moves: tuple[Move, ...], named: Move
                 ) -> tuple[str, str] | None:
    """The question before ``moves`` when they send a ship to be dismantled with no
    decision in between (:func:`~shipyard_tui.games.shipyard.advice.dismantled_after`)."""
    doomed = dismantled_after(state, moves)
    if not doomed:
        return None
    ships = "a ship" if len(doomed) == 1 else f"{len(doomed)} ships"
    return (f"{describe_move(state, named)}? Then {ships} will sail and be dismantled "
            f"({'; '.join(doomed)}).", "Go on")
