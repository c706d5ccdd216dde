"""The rules' query interface (rules/query.py) answers as the engine plays.

Each answer is checked against what playing the move does, on positions of random
games, and every query is also asked of a seat's view (hidden contracts, masked
decks): it must not fail there and must give the same answer as on the full state,
since none of these answers depends on what a view hides (R-11.1).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from shipyard_tui.games.shipyard.rules import Action, Game, GameState, Move, Step
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from support.shipyard import begin_action, current, new_game


@cache
def _states() -> tuple[GameState, ...]:
    """Every position of a few random 2-, 3- and 4-seat games."""
    out = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (3, 4)):
        game = new_game(players, seed=seed, advanced=seed % 2 == 0)
        rng = random.Random(seed)
        while not game.is_over:
            out.append(game.state.copy())
            game.play(rng.choice(game.legal_moves()))
    return tuple(out)


def positions(*steps: Step) -> list[Game]:
    """Games standing at one of these decisions (copies: a test may play on)."""
    games = [Game.from_state(s.copy()) for s in _states() if s.turn.step in steps]
    assert games, f"no random position at {steps}"
    return games


def view_of(game: Game) -> GameState:
    return game.view(game.state.turn.seat)


def after(game: Game, move: Move) -> tuple[Game, list[ev.Event]]:
    trial = Game.from_state(game.state.copy())
    return trial, trial.push(move)


def guilders(game: Game, seat: int) -> int:
    return game.state.seats[seat].guilders


# -- the action track ------------------------------------------------------------------


def test_r3_3_track_spaces_pay_what_choosing_pays():
    """R-3.3: what track_spaces says a tile pays is the income the choice brings."""
    checked = 0
    for game in positions(Step.CHOOSE)[::3]:
        spaces = q.track_spaces(view_of(game))
        assert [s.action for s in spaces] == [slot.action for slot in game.state.track]
        assert [s.taken for s in spaces] == [bool(slot.cubes) for slot in game.state.track]
        assert [s.lead for s in spaces] == [True] + [False] * (len(spaces) - 1)
        for move in game.legal_moves():
            assert isinstance(move, mv.Choose)
            _, events = after(game, move)
            paid = [e.amount for e in events if isinstance(e, ev.IncomePaid)]
            space = next(s for s in spaces if s.action is move.action)
            assert not space.taken
            assert sum(paid) == space.pays
            checked += 1
    assert checked > 20


def test_r4_0_unavailable_actions_are_exactly_the_actions_not_offered():
    """R-3.2, R-3.4, R-10.3, R-4.0: at every choice of an action, on the seat's view,
    each action of the track is either offered by a legal move or refused with a
    reason, never both."""
    checked = 0
    for game in positions(Step.CHOOSE, Step.BONUS_BEFORE, Step.BONUS_AFTER,
                          Step.FINAL_CHOOSE)[::2]:
        refused = q.unavailable_actions(view_of(game))
        offered = {m.action for m in game.legal_moves()
                   if isinstance(m, mv.Choose | mv.Bonus | mv.Final)}
        assert not offered & set(refused)
        assert offered | set(refused) == {slot.action for slot in game.state.track}
        checked += len(refused)
    assert checked > 50


# -- the marker rings ------------------------------------------------------------------


MARKERS = {Action.EQUIPMENT: "equipment_marker", Action.CREW: "crew_marker",
           Action.HIRE: "employee_marker"}


def walk_costs(game: Game) -> dict[int, int]:
    """Play marker steps on a copy as far as the rules allow: guilders paid to reach
    each position of the ring of the action under way."""
    action = game.state.turn.action
    assert action is not None
    trial = Game.from_state(game.state.copy())
    seat = trial.state.turn.seat
    start = guilders(trial, seat)
    reached = {getattr(trial.state, MARKERS[action]): 0}
    while mv.MarkerStep() in trial.legal_moves():
        trial.push(mv.MarkerStep())
        reached[getattr(trial.state, MARKERS[action])] = start - guilders(trial, seat)
    return reached


@pytest.mark.parametrize("helper", [None, "accountant", "foreman"])
@pytest.mark.parametrize("action", [Action.EQUIPMENT, Action.CREW, Action.HIRE])
def test_r4_4_to_r4_6_marker_costs_are_what_the_steps_cost(action, helper):
    """R-4.4, R-4.5, R-4.6: the cost marker_costs shows for each position, before the
    action and at each step of it, is what walking the marker there costs (the
    Accountant frees ring steps, the Foreman track steps)."""
    game = new_game(2, seed=7)
    seat = current(game)
    seat.guilders = 20
    seat.employees = [helper] if helper else []
    before = q.marker_costs(game.view(game.state.turn.seat), action)
    begin_action(game, action)
    while True:
        costs = q.marker_costs(game.view(game.state.turn.seat), action)
        walked = walk_costs(game)
        assert {i: c for i, c in enumerate(costs) if c is not None} == walked
        if game.state.turn.ring_steps == 0:
            assert costs == before
        if mv.MarkerStep() not in game.legal_moves():
            break
        game.push(mv.MarkerStep())
    free = {"accountant": 2, "foreman": 3}.get(helper or "", 0)
    applies = (helper == "foreman") == (action is Action.HIRE) and helper is not None
    expected = max(0, q.ring_size(action) - 1 - (free if applies else 0))
    assert max(c for c in before if c is not None) == expected


def test_r4_4_next_marker_step_costs_what_the_step_takes():
    for game in positions(Step.RING, Step.HIRE)[::2]:
        if mv.MarkerStep() not in game.legal_moves():
            continue
        seat = game.state.turn.seat
        where, cost = q.next_marker_step(view_of(game))
        trial, events = after(game, mv.MarkerStep())
        moved = [e for e in events if isinstance(e, ev.MarkerMoved)]
        assert moved[0].end == where
        assert guilders(game, seat) - guilders(trial, seat) == cost


def test_r4_4_taken_pieces_are_what_take_gives():
    for game in positions(Step.RING):
        marked, helpers, gained = q.taken_pieces(view_of(game))
        _, events = after(game, mv.Take())
        taken = next(e for e in events if isinstance(e, ev.PiecesTaken))
        assert (taken.marked, taken.from_employees, taken.pieces) == \
            (marked.value, list(helpers), gained)


def test_marker_destinations_cover_every_stop_with_its_price():
    """Every destination replays to the same guilders; on a view the answer is the same."""
    checked = 0
    for game in positions(Step.RING, Step.HIRE)[::2]:
        seat = game.state.turn.seat
        stops = q.marker_destinations(view_of(game))
        assert [(s.steps, s.move, s.paid) for s in stops] == \
            [(s.steps, s.move, s.paid) for s in q.marker_destinations(game.state)]
        for stop in stops:
            trial = Game.from_state(game.state.copy())
            for move in (*stop.steps, stop.move):
                assert move in trial.legal_moves()
                trial.push(move)
            assert guilders(game, seat) - guilders(trial, seat) == stop.paid
            checked += 1
    assert checked > 10


def test_r4_7_exchange_good_is_the_good_being_sold():
    for game in positions(Step.EXCHANGE_GOOD):
        good = q.exchange_good(view_of(game))
        base, bonus = q.sale_price(game.state, current(game), good)
        _, events = after(game, mv.Sell())
        sold = next(e for e in events if isinstance(e, ev.GoodSold))
        assert (sold.good, sold.price, sold.trader_bonus) == (good.value, base, bonus)


# -- guilders after a move, on a view --------------------------------------------------


def test_r11_1_guilders_after_never_fails_on_a_view_and_matches_the_game():
    """Every legal move of every sampled position: on the seat's view (other seats'
    contracts hidden) guilders_after answers as playing the move does."""
    checked = 0
    for state in _states()[::7]:
        game = Game.from_state(state.copy())
        seat = state.turn.seat
        view = view_of(game)
        for move in game.legal_moves():
            trial, _ = after(game, move)
            assert q.guilders_after(view, move) == guilders(trial, seat)
            checked += 1
    assert checked > 100


# -- loading, speed and cruises --------------------------------------------------------


def test_r6_3_room_left_matches_the_loads_the_rules_offer():
    for game in positions(Step.LOAD):
        seat = current(game)
        room = q.room_left(view_of(game))
        offered = {m.piece.value for m in game.legal_moves() if isinstance(m, mv.Load)}
        assert offered == {p for p, n in room.items() if n and seat.pieces.get(p, 0) > 0}


def speeds_reached(game: Game, move: Move) -> set[int]:
    """The speeds the ship being sailed sails or is dismantled at after ``move``, over
    every Rigger choice still to come (other choices do not change speed)."""
    trial, events = after(game, move)
    if trial.state.turn.step is Step.RIGGER:
        return set().union(*(speeds_reached(trial, r) for r in trial.legal_moves()))
    for _ in range(50):
        done = [e.speed for e in events if isinstance(e, (ev.ShipSailed, ev.ShipDismantled))]
        if done:
            return {done[0]}
        events = trial.push(trial.legal_moves()[0])
    raise AssertionError("the ship never sailed")


def test_r7_1_sailing_speeds_are_the_speeds_the_choice_leads_to():
    checked = 0
    for game in positions(Step.HELMSMAN, Step.RIGGER):
        view = view_of(game)
        for move in game.legal_moves():
            assert q.sailing_speeds(view, move) == speeds_reached(game, move)
            checked += 1
    for game in positions(Step.LOAD):
        assert q.sailing_speeds(view_of(game)) == {q.current_speed(game.state)}
    assert checked >= 2


def test_r9_6_canal_placements_are_the_legal_ones_with_reach():
    for game in positions(Step.CANAL_PLACE):
        placements = q.canal_placements(view_of(game))
        assert [p.move for p in placements] == game.legal_moves()
        token = current(game).token
        if token is None:
            assert all(p.reachable for p in placements)


def test_r9_3_start_options_give_the_best_cruise_of_each_start():
    for game in positions(Step.TOKEN_START):
        options = q.start_options(view_of(game))
        assert sorted(str(o.move) for o in options) == sorted(str(m) for m in game.legal_moves())
        assert [o.best for o in options] == sorted((o.best for o in options), reverse=True)
        for option in options:
            trial, _ = after(game, option.move)
            best = max(sum(parts.values()) for _, parts in q.cruise_options(trial.state))
            assert option.best == best


def test_r7_2_sailing_problem_says_which_ships_are_dismantled():
    """R-7.2: a ship sails when sailing_problem finds nothing, else it is dismantled."""
    seen = set()
    for game in positions(Step.LOAD):
        trial, events = after(game, mv.EndLoad())
        if trial.state.turn.step in (Step.HELMSMAN, Step.RIGGER):
            continue
        for _ in range(50):
            done = [e for e in events if isinstance(e, (ev.ShipSailed, ev.ShipDismantled))]
            if done:
                break
            events = trial.push(trial.legal_moves()[0])
        problem = q.sailing_problem(view_of(game), done[0].speed)
        assert (problem is None) == isinstance(done[0], ev.ShipSailed)
        if isinstance(done[0], ev.ShipDismantled):
            assert ("captain" in done[0].reason) == (problem == "captain")
        seen.add(problem)
    assert None in seen and len(seen) >= 2
