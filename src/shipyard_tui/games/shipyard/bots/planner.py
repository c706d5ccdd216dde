"""The planner bot: it looks ahead one turn before choosing an action.

For the decisions that shape a turn (which action tile, whether to buy a bonus
action, the final action) it plays each option to the end of its own turn in a
determinized copy of its view (hidden decks filled at random from the unseen tiles,
so it never peeks), using the greedy bot's choices inside the action, and compares
the positions reached with a value function: points scored plus what its yard,
pieces, canals, employees, goods and guilders are likely to be worth before the
end. Its choice of action also counts what the greedy valuations think of that
action. It also looks ahead to choose its ship tiles and where each goes
(:data:`PLANNED_STEPS`), and in classic games whom it hires
(:data:`CLASSIC_PLANNED_STEPS`). Everything else it decides as the greedy bot does,
with the greedy valuations tuned by self-play (:data:`~.greedy.TUNED`).
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.advice import best_contracts
from shipyard_tui.games.shipyard.bots.greedy import TUNED, GreedyBot
from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.bots.valuations import CLASSIC_TUNED, cruise_lengths_of
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import Game, GameState, Move
from shipyard_tui.games.shipyard.rules.query import (
    completable,
    determinize,
    pattern,
    trader_points,
)

TURN_STEPS = {S.CHOOSE, S.BONUS_BEFORE, S.BONUS_AFTER, S.FINAL_CHOOSE}
"""The decisions that shape a turn: the planner looks ahead at them in every rule book."""
PLANNED_STEPS = TURN_STEPS | {S.BUILD, S.PLACE}
"""The steps the planner looks ahead at in the 2nd edition (issue 37): also each ship
tile bought or not (R-4.1) and the cell it goes to (R-5.2), each played out to the end
of the turn (its ships sailed, R-7) and valued by :meth:`PlannerBot.value` alone (no
greedy prior), as in classic games. Against the beginner, 2 seats, each seed twice with
the seats swapped, seeds 30100-30399: 67.7 % of 600 games, mean margin +8.0, against
61.8 % and +4.8 with the turn's steps alone; solo, seeds 1-200, +3.6 points a game
(docs/performance.md, "The sensible level looks ahead at its tiles and cells"). Hires,
canals, the ring, Purchase, the exchange and the discard planned too gained nothing
clear on the tuning seeds (hires lost 6 points of win rate)."""
CLASSIC_PLANNED_STEPS = PLANNED_STEPS | {S.HIRE}
"""The steps the planner looks ahead at in classic games (issue 37): also each hire or
paid step of the employee marker (R-4.6). Against the beginner, 2 seats, seat-rotated,
seeds 30100-30399: 78.7 % of 600 games with tiles and cells, 83.0 % with hires too,
against 70.2 % (docs/performance.md, "The ladder, classic, 2 seats")."""
PIECE_WORTH = {"captain": 2.5, "smokestack": 1.8, "stoker": 1.8, "sail": 1.2, "cannon": 2.0,
               "crane": 2.0, "businessman": 1.0, "soldier": 1.0}
MAX_LOOKAHEAD_MOVES = 80
# The value function's weights: what one of each asset should still bring, times the
# share of the game left (EMPLOYEE_WORTH 1.5 rather than 1.0: +0.97 ± 0.53 points a
# solo game over 800 paired seeds with the tuned valuations, docs/performance.md).
EMPLOYEE_WORTH = 1.5
STEAM_BONUS = 4.0
CANAL_WORTH = 1.3
YARD_WORTH = 0.6
COMMODITY_WORTH = 2.5
CLASSIC_GUILDER_WORTH = 0.5
GUILDER_WORTH = 2.0
"""What a guilder still brings in the 2nd edition (classic games keep 0.5, not
re-tuned; issue 37). With its tiles and cells looked ahead at, the planner spent its
guilders on whatever the turn offered: against the beginner, 2 seats, seats swapped,
tuning seeds 30000-30099, 0.3, 0.5, 0.8, 1.2 and 2.0 gave mean margins of +10.4,
+10.7, +12.0, +13.8 and +14.2; on fresh seeds 30100-30399 (600 games) 0.5 won 72.0 %
(+10.0), 0.8 75.7 % (+12.6), 1.2 75.3 % (+13.3), 2.0 77.4 % (+13.2). Solo, seeds 1-200,
2.0 against 0.5: +1.7 +- 1.8 points (docs/performance.md)."""
CLASSIC_GREEDY_PRIOR = 3.0
"""Times the greedy valuation of an action (:meth:`GreedyBot._choice_value`), added to
the value of the turn it leads to when the planner chooses its action, in classic
games. The lookahead alone (0) scored 3.7 points a solo game less, the greedy
valuation alone (no lookahead for the action) 1.9 less, over 800 paired seeds
(docs/performance.md)."""
GREEDY_PRIOR = 1.0
"""The same in the 2nd edition, since its tiles and cells are looked ahead at too
(issue 37): against the beginner, 2 seats, seeds 30100-30399 (600 games, seats
swapped), 72.0 % and a mean margin of +10.0 against 67.7 % and +8.0 with 3.0; alone
against the automa the same (+0.1 +- 1.7 points, seeds 1-200). On the tuning seeds
30000-30099: 0 gave 65.8 %, 0.75 77.8 %, 1.5 78.0 %, 3.0 69.0 %, 5.0 67.8 %."""


class PlannerBot(GreedyBot):
    """Greedy inside an action; one turn of lookahead to choose the action itself."""

    name = "planner"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, TUNED, CLASSIC_TUNED)

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        self.take_rules(view)
        legal = considered(legal)
        planned = CLASSIC_PLANNED_STEPS if view.config.classic else PLANNED_STEPS
        if len(legal) == 1 or view.turn.step not in planned:
            return super().choose(view, legal)
        seat = view.to_move
        assert seat is not None
        # one arrangement of the hidden components for every move compared (each move
        # plays on its own copy of it): filling the decks anew for each, from the same
        # seed, made the same arrangement a fifth of the planner's time (issue 39)
        world = determinize(view, self._rng.randrange(1 << 30))
        scored = [(self._outcome(world, seat, move) + self._prior(view, seat, move)
                   + self._rng.random() * 1e-3, i) for i, move in enumerate(legal)]
        return legal[max(scored)[1]]

    def _prior(self, view: GameState, seat: int, move: Move) -> float:
        """What the greedy valuations add to a move's lookahead: for the choice of
        action, :data:`GREEDY_PRIOR` (classic: :data:`CLASSIC_GREEDY_PRIOR`) times their
        value of it; else nothing."""
        if view.turn.step is not S.CHOOSE:
            return 0.0
        prior = CLASSIC_GREEDY_PRIOR if view.config.classic else GREEDY_PRIOR
        return prior * self._choice_value(view, seat, move)

    def _outcome(self, world: GameState, seat: int, move: Move) -> float:
        """The value of the position after ``move`` and the rest of this turn, played
        on a copy of ``world`` (the view with its hidden components filled in).

        The greedy choices inside the turn read the copy itself, not a seat view of
        it: the copy holds only what the view showed and the planner's own guesses, and
        the greedy valuations read the seat's own hand and the public table, so the
        choices are the same without a view's full copy per move (a fifth of the
        planner's time, issue 39)."""
        sim = Game.from_state(world.copy())
        turn = sim.state.turn_number
        sim.push(move)
        for _ in range(MAX_LOOKAHEAD_MOVES):
            if sim.is_over or sim.to_move != seat or sim.state.turn_number != turn:
                break
            legal = sim.legal_moves()
            sim.push(legal[0] if len(legal) == 1
                     else GreedyBot.choose(self, sim.state, legal))
        return self.value(sim.state, seat)

    def value(self, state: GameState, seat_index: int) -> float:
        """Points so far plus what the seat's assets should still bring."""
        seat = state.seats[seat_index]
        if state.is_over:
            return float(seat.score)
        left = 1.0 - self._progress(state)
        worth = 0.0
        p = pattern(seat.yard)
        if completable(p):
            worth += YARD_WORTH * sum(1 for c in p if c != ".")
        pieces = sum(PIECE_WORTH.get(piece, 1.0) * min(n, 4) for piece, n in seat.pieces.items())
        worth += pieces
        lengths = cruise_lengths_of(seat.canals, seat.token, 12)  # none without canals
        if lengths:
            worth += CANAL_WORTH * max(lengths)
        worth += EMPLOYEE_WORTH * len(seat.employees)
        if seat.pieces.get("smokestack") and seat.pieces.get("stoker"):
            worth += STEAM_BONUS
        worth += COMMODITY_WORTH * len(seat.commodities)
        worth += (CLASSIC_GUILDER_WORTH if state.config.classic else GUILDER_WORTH) * seat.guilders
        return (seat.score + best_contracts(seat, seat.fleet) + trader_points(seat.employees)
                + left * worth)

