"""The strong bot: determinised Monte Carlo search within a budget per decision.

At a decision that shapes the game (which action, bonus actions, which tile to buy
and where to put it, canals, goods, employees, pieces, contracts to discard) the
bot draws a handful of *worlds* consistent with its own view
(:func:`~shipyard_tui.games.shipyard.rules.view.determinize`: other seats' contracts, the decks
and the solo stack filled at random from the unseen components), and for each
candidate move plays every world forward with the greedy policy for all seats
for three more of its own turns (a short horizon), where a tuned evaluation
turns the position into expected points. Every candidate is tried in the same
worlds (common random numbers), round after round, and the weakest candidates
are dropped as the evidence comes in, until the budget's rollouts are played (or,
on a slow machine, its time cap has passed); the candidate with the best mean
wins. The solo game is the same search against the automa, whose moves the rules
play without choices once the solo stack is sampled.

The bot reads only :meth:`Game.view` of its own seat and the legal moves, so it
never peeks at hidden information. Its budget counts rollouts (:func:`rollouts_for`),
so for a given seed it plays the same moves on every machine unless the time cap
stops a search first; with ``rollouts`` set and no budget it is fully deterministic,
which the tests use.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from shipyard_tui.games.shipyard.advice import best_contracts, best_load
from shipyard_tui.games.shipyard.bots.greedy import GreedyBot
from shipyard_tui.games.shipyard.bots.valuations import (
    GreedyTuning,
    cruise_lengths_of,
    ship_runs,
)
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import Event, GameState, Move
from shipyard_tui.games.shipyard.rules.query import (
    SailedShip,
    apply_move,
    catalog_of,
    completable,
    determinize,
    legal_moves,
    pattern,
    trader_points,
)
from shipyard_tui.games.shipyard.rules.query import progress as rules_progress

DEFAULT_BUDGET_MS = 150
"""The strong bot's thinking budget for one searched decision, by default, in
milliseconds: :func:`rollouts_for` turns it into 64 rollouts, about what the project's
reference machine plays in that much processor time."""

ROLLOUTS_AT_DEFAULT = 64
"""Rollouts a searched decision plays at :data:`DEFAULT_BUDGET_MS` (other budgets in
proportion). Counting rollouts rather than stopping at a deadline makes the search the
same on every machine; against 150 ms of processor time a decision, two runs of 64
rollouts scored +3.7 ± 2.4 and +1.5 ± 2.3 points a solo game over 71 paired seeds,
for about a fifth more processor time; against 16 rollouts, +2.5 ± 1.8 over 128 seeds
(docs/performance.md)."""

LATE_PROGRESS = 0.8
"""How far into a solo game (:func:`progress`) its searched decisions play at least
:data:`LATE_ROLLOUTS` rollouts."""

LATE_ROLLOUTS = 4 * ROLLOUTS_AT_DEFAULT
"""The rollouts a searched decision of a solo game's last part plays at least: there
a move changes only the few turns left, which the rollouts reach, so more of them pay.
Four times the default from 80 % of the game on: +1.10 ± 0.93 points a solo game
(95 %) over 48 paired seeds (1-48) at 64 rollouts, 20 games better, 19 the same,
9 worse, for about half as much processor time again a game; four times the default
in the first 20 % instead: +3.2 ± 5.3 over 24 seeds, within noise
(docs/performance.md, issue 37). The time cap still bounds each decision."""

TIME_CAP = 4.0
"""A search stops once its processor time passes this many times its budget, whatever
it has played, so that a slow machine still answers in time."""

SEARCHED_STEPS = frozenset({
    S.CHOOSE, S.BONUS_BEFORE, S.BONUS_AFTER, S.FINAL_CHOOSE, S.BUILD, S.PLACE, S.CANAL_PICK,
    S.CANAL_PLACE, S.PURCHASE, S.RING, S.HIRE, S.EXCHANGE_PICK, S.EXCHANGE_GOOD, S.DISCARD,
    S.LAST_CHANCE, S.HELMSMAN, S.RIGGER,
})
"""Steps the bot searches; the others (loading, the cruise) the greedy policy plays
well, because the advice module already finds their best option. The Helmsman's +1
and the Rigger's bonus (R-7.1) are searched: a faster ship does not always score more
(a longer cruise can leave the better tiles behind), which the greedy rule misses."""

MAX_CANDIDATES = 8
"""At most this many candidates are searched: the greedy ranking picks them."""

HORIZON_TURNS = 3
"""Own turns played after the current one before the position is evaluated (3 rather
than 2: +3.6 ± 1.7 points a solo game at the default budget over 128 paired seeds, see
docs/performance.md)."""

MAX_ROLLOUT_MOVES = 400

MAX_TURN_MOVES = 80
"""A bound on the moves of one turn played out by :meth:`StrongBot._turn_value`."""

LOOK_AT_THE_TURN = False
"""Whether the rollouts choose each action tile by playing every action to the end of
the turn with the greedy policy and evaluating the positions reached (as the sensible
level chooses its own), instead of by the greedy valuation of the action. Off: it
scored +1.6 ± 1.5 points a solo game at 16 rollouts over 128 paired seeds, but a
rollout costs 2.6 times as much, and against the level as it is at the default budget
it scored -0.2 ± 2.3 at that budget and -0.1 ± 2.4 at twice it, over 64 paired seeds
(docs/performance.md)."""

PRODUCER_WEIGHT = 7.0
"""What an Engineer or a Recruiter is worth to the evaluation beyond the 1 of any
employee, times the share of the game still to play: each adds a piece to every later
action of its ring, which three turns of search cannot see. +4.7 ± 1.8 points a solo
game at 16 rollouts over 128 paired seeds, against no such term (weights 1.5, 4 and 11:
+0.7, +3.1 and +4.0; docs/performance.md)."""

ROLLOUT_TUNING = GreedyTuning()
"""The greedy valuations the rollouts, and the bot's own steps it does not search (the
loading of ships, the cruise), play by: untuned. The tuned ones
(:data:`~.greedy.TUNED`, +10.4 points a solo game for the greedy bot itself) made the
search weaker: -1.4 ± 1.6 points a solo game over 128 paired seeds at 16 rollouts
(docs/performance.md); the evaluation's weights were fitted with these."""


PIECES = ("captain", "smokestack", "stoker", "sail", "cannon", "crane", "businessman",
          "soldier")

FEATURES = ("tempo", "yard_tile", *(f"piece_{p}" for p in PIECES), "canal", "employee",
            "steam", "commodity", "guilder", "yard_ship", "yard_contract", "producer")
"""What the evaluation counts of a seat's assets, each worth a weight times the share of
the game still to play, but for ``yard_ship`` and ``yard_contract`` (see
:func:`features`)."""

OPTIONAL = ("yard_ship", "yard_contract", "producer")
"""The last features, added later: weight vectors written before them read as the
default weights of :class:`Weights` (0 for the first two)."""

PRODUCERS = frozenset({"engineer", "recruiter"})
"""The kinds of employee that add a piece to every later Manufacture Equipment or
Recruit Crew action of their owner (R-4.4, R-4.5): the ``producer`` feature counts them."""


@dataclass(slots=True)
class Weights:
    """The evaluation's weights, one per name in :data:`FEATURES` (fitted by self-play,
    see ``scripts/fit_strong.py``; ``scripts/tune_strong.py`` searches around them)."""

    tempo: float = 0.0
    yard_tile: float = 0.6
    piece: float = 1.0
    canal: float = 1.3
    employee: float = 1.0
    steam: float = 4.0
    commodity: float = 2.5
    guilder: float = 0.5
    yard_ship: float = 0.0
    """Off by default: in the trial of docs/performance.md (0.5) it did not pay."""
    yard_contract: float = 0.0
    """Off by default: in the trial of docs/performance.md (1.0) it did not pay."""
    producer: float = field(default_factory=lambda: PRODUCER_WEIGHT)
    """What an Engineer or a Recruiter is worth beyond any employee, times the share of
    the game still to play (see :data:`PRODUCER_WEIGHT`)."""
    opponents: float = 1.0
    piece_worth: dict[str, float] = field(default_factory=lambda: {
        "captain": 2.5, "smokestack": 1.8, "stoker": 1.8, "sail": 1.2, "cannon": 2.0,
        "crane": 2.0, "businessman": 1.0, "soldier": 1.0})

    def vector(self) -> tuple[float, ...]:
        """The weights in the order of :data:`FEATURES`."""
        return (self.tempo, self.yard_tile,
                *(self.piece * self.piece_worth.get(p, 1.0) for p in PIECES),
                self.canal, self.employee, self.steam, self.commodity, self.guilder,
                self.yard_ship, self.yard_contract, self.producer)

    @classmethod
    def from_vector(cls, values: tuple[float, ...] | list[float],
                    opponents: float = 1.0) -> Weights:
        """Weights with these values in the order of :data:`FEATURES`."""
        missing = len(FEATURES) - len(values)
        if 0 < missing <= len(OPTIONAL):  # written before the last features were added
            values = (*values, *Weights().vector()[len(values):])
        named = dict(zip(FEATURES, values, strict=True))
        return cls(tempo=named["tempo"], yard_tile=named["yard_tile"], piece=1.0,
                   canal=named["canal"], employee=named["employee"], steam=named["steam"],
                   commodity=named["commodity"], guilder=named["guilder"],
                   yard_ship=named["yard_ship"], yard_contract=named["yard_contract"],
                   producer=named["producer"],
                   opponents=opponents,
                   piece_worth={p: named[f"piece_{p}"] for p in PIECES})


@dataclass(frozen=True, slots=True)
class Candidate:
    """One searched move: the mean of what the search maximises (``value``: the
    seat's evaluation at the horizon, less the best rival's in a game between players),
    the mean evaluation of the seat alone (``points``), and the worlds tried. The
    evaluation counts points held and what the assets should still bring, not the
    turns still to play: differences between moves mean more than the values."""

    move: Move
    value: float
    samples: int
    points: float = 0.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """The outcome of one search: candidates best first."""

    seat: int
    candidates: tuple[Candidate, ...]
    searched: bool
    worlds: int

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def runner_up(self) -> Candidate | None:
        return self.candidates[1] if len(self.candidates) > 1 else None

    def value_of(self, move: Move) -> float | None:
        return next((c.value for c in self.candidates if c.move == move), None)


def horizon(step: S) -> int:
    """Own turns the rollouts of a decision at ``step`` play after the current one (the
    same for every step by default; a function so that trials can vary it)."""
    return HORIZON_TURNS


def rollout_limit(view: GameState, limit: int) -> int:
    """The rollouts a searched decision at ``view`` plays, from its budget's ``limit``:
    at least :data:`LATE_ROLLOUTS` in the last part of a solo game (a function so that
    trials can spend them elsewhere)."""
    if view.config.solo and progress(view) >= LATE_PROGRESS:
        return max(limit, LATE_ROLLOUTS)
    return limit


def rollouts_for(budget_ms: float) -> int:
    """The rollouts a search with this budget plays (:data:`ROLLOUTS_AT_DEFAULT` at the
    default budget, others in proportion, at least 1)."""
    return max(1, round(ROLLOUTS_AT_DEFAULT * budget_ms / DEFAULT_BUDGET_MS))


def progress(state: GameState) -> float:
    """How far the game has gone, 0 at the start and 1 at the end."""
    return rules_progress(state)


def secured(state: GameState, seat_index: int) -> float:
    """Points the seat has or holds for sure: its score, its best contract of each
    colour on the fleet it has sailed, and its traders (R-10.5)."""
    seat = state.seats[seat_index]
    return seat.score + best_contracts(seat, seat.fleet) + trader_points(seat.employees)


def features(state: GameState, seat_index: int, ships: bool = True,
             contracts: bool = True) -> tuple[float, ...]:
    """The seat's assets in the order of :data:`FEATURES`, each times the share of the
    game still to play (assets are worth less as the end comes nearer); then what the
    ships in the yard would score if they sailed now as they are, with the seat's pieces
    and canals (not scaled: those points come when the ship sails; 0 unless ``ships``),
    and what those of them a tile or less from complete would add to the seat's best
    contract of each colour (0 unless ``contracts``); last the seat's Engineers and
    Recruiters (:data:`PRODUCERS`), times the share of the game still to play."""
    seat = state.seats[seat_index]
    left = 1.0 - progress(state)
    p = pattern(seat.yard)
    yard = sum(1 for c in p if c != ".") if completable(p) else 0
    lengths = cruise_lengths_of(seat.canals, seat.token, 12)
    cruise = max(lengths) if lengths else 0
    pieces = seat.pieces
    if "propeller" in pieces:  # classic: the propeller takes the stoker's place (RC-6.1)
        pieces = {**pieces, "stoker": pieces.get("stoker", 0) + pieces["propeller"]}
    steam = 1 if pieces.get("smokestack") and pieces.get("stoker") else 0
    raw = (1, yard, *(min(pieces.get(piece, 0), 4) for piece in PIECES), cruise,
           len(seat.employees), steam, len(seat.commodities), seat.guilders)
    employees = catalog_of(state).employees
    producers = sum(1 for e in seat.employees if employees[e].kind in PRODUCERS)
    sailing = 0
    afloat: list[SailedShip] = []
    for first, last in ship_runs(p) if ships or contracts else ():
        plan = best_load(state, seat_index, list(range(first, last + 1)))
        if plan.scores:
            sailing += plan.points
            if _missing(p, first, last) <= 1:
                afloat.append(SailedShip([t for t in seat.yard[first: last + 1]
                                          if t is not None],
                                         plan.load, plan.speed, [], {}, state.turn_number))
    added = 0.0
    if contracts and afloat:
        added = best_contracts(seat, [*seat.fleet, *afloat]) - best_contracts(seat,
                                                                                 seat.fleet)
    return (*(left * x for x in raw), float(sailing) if ships else 0.0, added,
            left * producers)


def _missing(p: str, first: int, last: int) -> int:
    """How many tiles the run of the yard pattern ``p`` from ``first`` to ``last`` needs
    at least to be a ship: a bow first, a stern last, three tiles in all (R-5.1)."""
    ends = (p[first] != "B") + (p[last] != "S")
    return max(ends, 3 - (last - first + 1))


def evaluate(state: GameState, seat_index: int, w: Weights) -> float:
    """Points the seat has plus what its assets should still bring before the end."""
    if state.is_over:
        return float(state.seats[seat_index].score)
    return secured(state, seat_index) + sum(
        a * b for a, b in zip(w.vector(), features(state, seat_index, bool(w.yard_ship),
                                                   bool(w.yard_contract)), strict=True))


def objective(state: GameState, seat_index: int, w: Weights) -> float:
    """What the search maximises: the seat's value, less the best other seat's in a
    game between players (the solo automa never score)."""
    return _objective(state, seat_index, w)[0]


def _objective(state: GameState, seat_index: int, w: Weights) -> tuple[float, float]:
    """The objective and the seat's own value."""
    mine = evaluate(state, seat_index, w)
    if state.config.solo:
        return mine, mine
    others = [evaluate(state, i, w) for i in range(state.players) if i != seat_index]
    return mine - w.opponents * max(others), mine


class _Ranker(GreedyBot):
    """The greedy bot, also keeping the values it gave each move (for candidates)."""

    def __init__(self, seed: int, tuning: GreedyTuning | None = None) -> None:
        super().__init__(seed, tuning)
        self.scores: dict[Move, float] | None = None

    def _best(self, legal: list[Move], value: Callable[[Move], float]) -> Move:
        if self.scores is not None:
            for m in legal:
                self.scores[m] = value(m)
        return super()._best(legal, value)


class StrongBot(GreedyBot):
    """Determinised Monte Carlo search (see the module docstring)."""

    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 rollouts: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed, ROLLOUT_TUNING, ROLLOUT_TUNING)
        self.budget_ms = budget_ms
        self.rollouts = rollouts
        self.weights = weights or Weights()
        self._policy = _Ranker(seed + 1, ROLLOUT_TUNING)

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        if len(legal) == 1 or view.turn.step not in SEARCHED_STEPS:
            return super().choose(view, legal)
        return self.analyse(view).best.move

    # -- the search ----------------------------------------------------------------

    def analyse(self, view: GameState, budget_ms: float | None = None,
                include: Move | None = None) -> Analysis:
        """Search the decision in front of the seat to move, from its ``view``.

        ``include`` is a move that must be searched to the end (never dropped): the
        review uses it to value the move a person actually made."""
        seat = view.to_move
        assert seat is not None
        legal = legal_moves(view)
        candidates = self._candidates(view, seat, legal)
        if include is not None and include in legal and include not in candidates:
            candidates.append(include)
        if len(candidates) == 1:
            # valued in a world drawn from the view: the view itself hides the others'
            # contracts, which the objective counts (a hint at a decision with one
            # choice failed on "hidden:red")
            world = determinize(view, self._rng.randrange(1 << 62))
            value, own = _objective(world, seat, self.weights)
            return Analysis(seat, (Candidate(candidates[0], value, 0, own),), False, 0)
        budget = self.budget_ms if budget_ms is None else budget_ms
        limit = self.rollouts
        deadline = None
        if budget is not None:
            if limit is None:
                limit = rollouts_for(budget)
            deadline = time.thread_time() + TIME_CAP * budget / 1000
        if limit is not None:
            limit = rollout_limit(view, limit)
        totals = {m: 0.0 for m in candidates}
        points = {m: 0.0 for m in candidates}
        counts = {m: 0 for m in candidates}
        alive = list(candidates)
        turns = horizon(view.turn.step)
        worlds = 0
        spent = 0
        while True:
            world = determinize(view, self._rng.randrange(1 << 62))
            worlds += 1
            for move in alive:
                value, mine = self._rollout(world, seat, move, turns)
                totals[move] += value
                points[move] += mine
                counts[move] += 1
                spent += 1
            if limit is not None and spent >= limit:
                break
            if deadline is not None and time.thread_time() >= deadline:
                break
            if limit is None and deadline is None:
                break
            if worlds % 2 == 0 and len(alive) > 2:
                alive.sort(key=lambda m: totals[m] / counts[m], reverse=True)
                alive = alive[: max(2, (len(alive) * 2 + 2) // 3)]
                if include is not None and include in candidates and include not in alive:
                    alive.append(include)
        ranked = sorted(candidates, key=lambda m: (-totals[m] / counts[m],
                                                   candidates.index(m)))
        ranked.sort(key=lambda m: -counts[m])  # survivors first (stable: by value)
        return Analysis(seat, tuple(Candidate(m, totals[m] / counts[m], counts[m],
                                              points[m] / counts[m])
                                    for m in ranked), True, worlds)

    def _candidates(self, view: GameState, seat: int, legal: list[Move]) -> list[Move]:
        """The moves worth searching: all if few, else the greedy ranking's best."""
        if len(legal) <= MAX_CANDIDATES:
            return legal
        ranker = self._policy
        ranker.scores = {}
        try:
            handler = GreedyBot._HANDLERS.get(view.turn.step)
            pick = handler(ranker, view, seat, legal) if handler else legal[0]
            scores = ranker.scores
        finally:
            ranker.scores = None
        order = sorted(legal, key=lambda m: -scores.get(m, -1e9))
        chosen = [pick] if pick in legal else []
        chosen += [m for m in order if m != pick]
        return chosen[:MAX_CANDIDATES]

    def _rollout(self, world: GameState, seat: int, move: Move,
                 turns: int) -> tuple[float, float]:
        """Play ``move`` in a copy of ``world``, then the rollout policy for everyone for
        ``turns`` more own turns of the seat (the horizon); the objective there, and the
        seat's own value."""
        state = world.copy()
        events: list[Event] = []
        apply_move(state, move, events)
        stop = state.seats[seat].turns + turns + 1
        for _ in range(MAX_ROLLOUT_MOVES):
            if state.is_over or state.seats[seat].turns >= stop:
                break
            legal = legal_moves(state)
            if len(legal) == 1:
                choice = legal[0]
            elif LOOK_AT_THE_TURN and state.turn.step is S.CHOOSE:
                choice = self._turn_choice(state, legal)
            else:
                choice = self._greedy_move(state, legal)
            events.clear()
            apply_move(state, choice, events)
        return _objective(state, seat, self.weights)

    def _greedy_move(self, state: GameState, legal: list[Move]) -> Move:
        """The greedy policy's move for the seat to move."""
        if len(legal) == 1:
            return legal[0]
        handler = GreedyBot._HANDLERS.get(state.turn.step)
        if handler is None:
            return legal[0]
        choice = handler(self._policy, state, state.turn.seat, legal)
        return choice if choice in legal else legal[0]

    def _turn_choice(self, state: GameState, legal: list[Move]) -> Move:
        """A rollout's choice of action (see :data:`LOOK_AT_THE_TURN`): the one whose
        :meth:`_turn_value` is highest (the first of equals)."""
        best, best_value = legal[0], float("-inf")
        for move in legal:
            value = self._turn_value(state, move)
            if value > best_value:
                best, best_value = move, value
        return best

    def _turn_value(self, state: GameState, move: Move) -> float:
        """The evaluation, for the seat to move, of the position at the end of its turn
        when it plays ``move`` and then the greedy policy."""
        seat = state.turn.seat
        sim = state.copy()
        turn = sim.turn_number
        apply_move(sim, move, [])
        for _ in range(MAX_TURN_MOVES):
            if sim.is_over or sim.turn.seat != seat or sim.turn_number != turn:
                break
            apply_move(sim, self._greedy_move(sim, legal_moves(sim)), [])
        return evaluate(sim, seat, self.weights)

