"""Variants of the strong level's evaluation tried towards the solo goal (issue 13).

Each function returns a replacement for a function of
:mod:`shipyard_tui.games.shipyard.bots.strong`,
for ``solo_trial.py --set`` (``benchmarks/`` is on the path of a script run from it):

    PY=.venv/bin/python T=benchmarks/solo_trial.py
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').outlook(0.5)"
    $PY $T --rollouts 16 --seeds 1-64 --set "features=__import__('solo_variants').growable_yard()"
    $PY $T --rollouts 16 --seeds 1-64 --set "secured=__import__('solo_variants').shaped(1.0)"
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').synergy(1.0)"
    $PY $T --rollouts 16 --seeds 1-64 --set "features=__import__('solo_variants').usable_pieces()"
    $PY $T --rollouts 16 --seeds 1-64 \
        --set "horizon=__import__('solo_variants').late_to_the_end(0.6)"
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').ship_bonus(3.0)"
    $PY $T --rollouts 16 --seeds 1-64 --set "_=__import__('solo_variants').discounted(0.8)"

(``late_to_the_end`` and ``discounted`` also replace a method of ``StrongBot``: one such
variant a process).

The value-function trial first collects records from the strong level's own games, then
fits them and plays with the fit:

    $PY benchmarks/solo_variants.py collect --seeds 2000-2177 > vf_a.jsonl
    $PY benchmarks/solo_variants.py collect --seeds 2200-2380 > vf_b.jsonl
    $PY benchmarks/solo_variants.py fit vf_a.jsonl vf_b.jsonl > vf.json
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').fitted('vf.json')"

Refitting on the games the fitted bot plays (``collect --fitted vf.json``), round after
round, is in docs/performance.md ("Fitted value iteration, guilders, and how a game
ends"), with a new run of ``employee_kinds``. None of those measured paid
(docs/performance.md, "Where the solo points come from, and eight more trials").
``ship_bonus`` and ``usable_pieces`` were measured again at a later stop ("The
producers, perfect information, and search by rollouts"), ``shaped`` and ``synergy`` at
64 rollouts ("Table contracts valued along the way", "Three small gains together..."):
no gain. The first figures of ``late_to_the_end`` and ``discounted`` were lost with the
session that ran them and are not claimed; run them again against a base before relying
on them.
The trials of the producer weight use ``--set PRODUCER_WEIGHT=...`` (a knob of the bot
itself; docs/performance.md, "The producers, perfect information, and search by rollouts").
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import shipyard_tui.games.shipyard.bots.strong as strong
from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.advice import _paths, best_contracts, waters_key
from shipyard_tui.games.shipyard.bots.greedy import cruise_lengths_of, ship_runs
from shipyard_tui.games.shipyard.rules import CATALOG, DecisionStep, Event, Game, GameState, Move
from shipyard_tui.games.shipyard.rules.canals import CanalSystem, score_path
from shipyard_tui.games.shipyard.rules.query import (
    SailedShip,
    apply_move,
    catalog_of,
    completable,
    legal_moves,
    pattern,
    score_contract,
    trader_points,
)
from shipyard_tui.games.shipyard.rules.scoring import possible_speeds
from shipyard_tui.games.shipyard.rules.state import Seat
from shipyard_tui.simulate import simulation_config

Evaluate = Callable[[GameState, int, strong.Weights], float]


# -- the contract outlook ------------------------------------------------------------------


def contract_outlook(state: GameState, seat_index: int, min_tiles: int = 1) -> float:
    """What the seat's best contract of each colour would gain if every ship in its
    yard (runs of at least ``min_tiles`` tiles) sailed now, the longest with all its
    pieces, and every canal it holds became a used canal."""
    seat = state.seats[seat_index]
    runs = sorted((r for r in ship_runs(pattern(seat.yard)) if r[1] - r[0] + 1 >= min_tiles),
                  key=lambda r: r[0] - r[1])
    afloat = [SailedShip([t for t in seat.yard[a: b + 1] if t is not None],
                         dict(seat.pieces) if i == 0 else {}, 0, [], {}, 0)
              for i, (a, b) in enumerate(runs)]
    if not afloat and not seat.canals:
        return 0.0
    sailed = replace(seat, used_canals=seat.used_canals + len(seat.canals))
    return best_contracts(sailed, [*seat.fleet, *afloat]) - best_contracts(seat, seat.fleet)


def outlook(weight: float, min_tiles: int = 1) -> Evaluate:
    """The evaluation plus ``weight`` times :func:`contract_outlook`."""
    base = strong.evaluate

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        value = base(state, seat_index, w)
        if state.is_over:
            return value
        return value + weight * contract_outlook(state, seat_index, min_tiles)
    return evaluate


# -- contracts valued along the way to their next step ------------------------------------


def _next_step_points(contract: str, count: int, points: int) -> float:
    """What ``count`` of what a table contract counts is worth on the straight line to the
    next entry of its table: the first five-tile ship of R10 is worth 4 (half of 8), not 1.
    At least the table's own points; a contract without a table, its points."""
    c = CATALOG.contracts[contract]
    table = c.param("table")
    if table is None or count <= 0:
        return float(points)
    ahead = [(k, v) for k, v in table if k > count]
    if not ahead:
        return float(points)
    k, v = ahead[0]
    return max(float(points), count * float(v) / float(k))


def shaped_contracts(seat: Seat, fleet: Sequence[SailedShip], left: float,
                     weight: float) -> float:
    """:func:`best_contracts`, with each table contract's points raised by ``weight``
    times ``left`` (the share of the game still to play) of the way to
    :func:`_next_step_points`."""
    best: dict[str, float] = {}
    for contract in seat.contracts:
        colour = CATALOG.contracts[contract].colour.value
        s = score_contract(contract, fleet, seat.employees, seat.used_canals)
        lifted = _next_step_points(contract, s.counted, s.points)
        value = s.points + weight * left * (lifted - s.points)
        best[colour] = max(best.get(colour, 0.0), value)
    return sum(best.values())


def shaped(weight: float) -> Callable[[GameState, int], float]:
    """A replacement for :func:`strong.secured` whose contracts count
    :func:`shaped_contracts`."""

    def secured(state: GameState, seat_index: int) -> float:
        seat = state.seats[seat_index]
        left = 1.0 - strong.progress(state)
        return (seat.score + shaped_contracts(seat, seat.fleet, left, weight)
                + trader_points(seat.employees))
    return secured


# -- the yard's shape ----------------------------------------------------------------------


@cache
def growable_tiles(p: str) -> int:
    """Tiles of the yard pattern ``p`` in complete ships, or in partial ships that can
    grow now: a bow with middles (or headless middles, or a lone stern) whose missing
    ends face empty cells; a partial ship hemmed in by another tile waits for it."""
    cells = len(p)
    total = 0
    i = 0
    while i < cells:
        if p[i] == ".":
            i += 1
            continue
        j = i + 1
        if p[i] != "S":
            while j < cells and p[j] == "M":
                j += 1
            if j < cells and p[j] == "S":
                j += 1
        first, last = i, j - 1
        head = p[first] == "B" or (first > 0 and p[first - 1] == ".")
        tail = p[last] == "S" or (last < cells - 1 and p[last + 1] == ".")
        if head and tail:
            total += last - first + 1
        i = j
    return total


def growable_yard() -> Callable[..., tuple[float, ...]]:
    """:func:`strong.features` with the yard counted by :func:`growable_tiles`."""
    base = strong.features

    def features(state: GameState, seat_index: int, ships: bool = True,
                 contracts: bool = True) -> tuple[float, ...]:
        values = base(state, seat_index, ships, contracts)
        p = pattern(state.seats[seat_index].yard)
        if not completable(p):
            return values
        return (values[0], (1.0 - strong.progress(state)) * growable_tiles(p), *values[2:])
    return features


# -- the cruise the pieces held would make ---------------------------------------------------

_CRUISES: dict[tuple[object, ...], float] = {}


def cruise_potential(state: GameState, seat_index: int, cap: int = 3) -> float:
    """The officials and Blue Riband of the best cruise the seat's canals offer a ship
    carrying its pieces (at most ``cap`` of each), at a speed those pieces give it: what
    the canals and the pieces are worth together, which their separate values miss."""
    seat = state.seats[seat_index]
    if not seat.canals:
        return 0.0
    load = {p: min(n, cap) for p, n in seat.pieces.items() if n}
    military = load.get("soldier", 0) + load.get("cannon", 0)
    commerce = load.get("businessman", 0) + load.get("crane", 0)
    speeds = tuple(possible_speeds(load, seat.employees))
    key = (*waters_key(seat.canals, seat.token), speeds, military, commerce)
    value = _CRUISES.get(key)
    if value is None:
        if len(_CRUISES) > 50_000:
            _CRUISES.clear()
        system = CanalSystem(seat.canals)
        best = 0
        for speed in speeds:
            for _, path in _paths(system, seat.token, speed):
                best = max(best, score_path(system, path, load, {}).total)
        value = _CRUISES[key] = float(best)
    return value


def synergy(weight: float) -> Evaluate:
    """The evaluation plus ``weight`` times the share of the game left times
    :func:`cruise_potential`."""
    base = strong.evaluate

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        value = base(state, seat_index, w)
        if state.is_over:
            return value
        left = 1.0 - strong.progress(state)
        return value + weight * left * cruise_potential(state, seat_index)
    return evaluate


# -- pieces counted up to what the ships still to come can carry ---------------------------

PER_SHIP = {"captain": 1.5, "smokestack": 1.0, "stoker": 1.0, "sail": 1.5, "cannon": 1.0,
            "crane": 1.0, "businessman": 1.5, "soldier": 1.5}
"""About how many pieces of each kind one ship carries (a stern has one boiler)."""


def usable_pieces(ships_at_start: float = 4.0, most: int = 4
                  ) -> Callable[..., tuple[float, ...]]:
    """:func:`strong.features` with each kind of piece counted only up to what the ships
    still to come can carry: :data:`PER_SHIP` times the ships left, from
    ``ships_at_start`` at the start of the game down to one at the end, and at most
    ``most`` (4, as the evaluation counts them; ``usable_pieces(99, 8)`` counts up to 8
    of each kind throughout)."""
    base = strong.features
    first = strong.FEATURES.index("piece_captain")

    def features(state: GameState, seat_index: int, ships: bool = True,
                 contracts: bool = True) -> tuple[float, ...]:
        values = base(state, seat_index, ships, contracts)
        seat = state.seats[seat_index]
        left = 1.0 - strong.progress(state)
        to_come = 1.0 + (ships_at_start - 1.0) * left
        counted = [left * min(seat.pieces.get(p, 0), most,
                              max(1, round(PER_SHIP[p] * to_come)))
                   for p in strong.PIECES]
        return (*values[:first], *counted, *values[first + len(strong.PIECES):])
    return features


# -- rollouts to the end late in the game ------------------------------------------------


def late_to_the_end(threshold: float) -> Callable[[object], int]:
    """A replacement for :func:`strong.horizon` that plays the rollouts of a decision to
    the end of the game once :func:`strong.progress` has passed ``threshold`` (three own
    turns before that). It wraps :meth:`strong.StrongBot.analyse` to see the decision's
    position (``horizon`` itself is given only the step)."""
    late = [False]
    analyse = strong.StrongBot.analyse

    def wrapped(self: strong.StrongBot, view: GameState, budget_ms: float | None = None,
                include: object = None) -> strong.Analysis:
        late[0] = strong.progress(view) >= threshold
        return analyse(self, view, budget_ms, include)  # type: ignore[arg-type]

    strong.StrongBot.analyse = wrapped  # type: ignore[method-assign]

    def horizon(step: object) -> int:
        return 99 if late[0] else strong.HORIZON_TURNS
    return horizon


# -- a premium on every ship sailed -----------------------------------------------------


def ship_bonus(points: float) -> Evaluate:
    """The evaluation plus ``points`` for every ship the seat has sailed, before the end
    of the game (a push towards more ships; the final score stays what it is)."""
    base = strong.evaluate

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        value = base(state, seat_index, w)
        if state.is_over:
            return value
        return value + points * len(state.seats[seat_index].fleet)
    return evaluate


# -- what comes later in a rollout counts less ------------------------------------------


def discounted(factor: float) -> Callable[..., tuple[float, float]]:
    """A replacement for :meth:`strong.StrongBot._rollout` (install it with
    ``--set "_=__import__('solo_variants').discounted(0.8)"``): the objective at the end of
    the decision's own turn, plus ``factor`` times what the rest of the rollout adds to
    it. A rollout whose policy would do the obvious thing a turn later no longer looks
    as good as doing it now: the search stops putting off what it can do now."""

    def rollout(self: strong.StrongBot, world: GameState, seat: int, move: Move,
                turns: int) -> tuple[float, float]:
        state = world.copy()
        events: list[Event] = []
        apply_move(state, move, events)
        own = state.seats[seat].turns
        stop = own + turns + 1
        first: tuple[float, float] | None = None
        for _ in range(strong.MAX_ROLLOUT_MOVES):
            if first is None and (state.is_over or state.seats[seat].turns > own):
                first = strong._objective(state, seat, self.weights)
            if state.is_over or state.seats[seat].turns >= stop:
                break
            legal = legal_moves(state)
            choice = legal[0] if len(legal) == 1 else self._greedy_move(state, legal)
            events.clear()
            apply_move(state, choice, events)
        last = strong._objective(state, seat, self.weights)
        if first is None:
            return last
        return (first[0] + factor * (last[0] - first[0]),
                first[1] + factor * (last[1] - first[1]))

    strong.StrongBot._rollout = rollout  # type: ignore[method-assign]
    return rollout


# -- other kinds of employee valued apart ---------------------------------------------------


def employee_kinds(extra: dict[str, float]) -> Evaluate:
    """The evaluation plus, for every employee of a kind named in ``extra``, that much
    times the share of the game left (as the producer term values Engineers and
    Recruiters), e.g. ``employee_kinds({"helmsman": 3.0})``."""
    base = strong.evaluate

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        value = base(state, seat_index, w)
        if state.is_over:
            return value
        employees = catalog_of(state).employees
        bonus = sum(extra.get(employees[e].kind.value, 0.0)
                    for e in state.seats[seat_index].employees)
        return value + (1.0 - strong.progress(state)) * bonus
    return evaluate


# -- the first guilders, which buy the ship tiles ------------------------------------------


def ready_cash(weight: float, first: int = 6) -> Evaluate:
    """The evaluation plus ``weight`` times the share of the game left for each of the
    seat's first ``first`` guilders: the money a ship's tiles cost, which the level spends
    on pieces and employees and then lacks for twelve turns at a time (seeds 2 and 94 of
    the default's run), beyond the flat guilder weight."""
    base = strong.evaluate

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        value = base(state, seat_index, w)
        if state.is_over:
            return value
        cash = min(state.seats[seat_index].guilders, first)
        return value + weight * (1.0 - strong.progress(state)) * cash
    return evaluate


# -- a value fitted to self-play -----------------------------------------------------------

KINDS = ("engineer", "recruiter", "trader", "builder", "helmsman", "rigger", "accountant",
         "foreman")


def value_features(state: GameState, seat_index: int) -> list[float]:
    """A constant, the share of the game left, then each asset raw and times that share:
    the yard (growable and all tiles), pieces (and whether a captain, smokestack and
    stoker are held), the longest cruise, canals, cruise lengths, employees (and of each
    kind), commodities, guilders, steam, the contract outlook, ships sailed and the
    contracts' points now."""
    seat = state.seats[seat_index]
    left = 1.0 - strong.progress(state)
    p = pattern(seat.yard)
    fits = completable(p)
    lengths = cruise_lengths_of(seat.canals, seat.token, 12)
    kinds = [CATALOG.employees[e].kind.value for e in seat.employees]
    have = seat.pieces.get
    assets = [growable_tiles(p) if fits else 0, sum(c != "." for c in p) if fits else 0,
              *(min(have(piece, 0), 4) for piece in strong.PIECES),
              *(1 if have(piece, 0) else 0 for piece in ("captain", "smokestack", "stoker")),
              max(lengths) if lengths else 0, len(seat.canals), len(lengths),
              len(seat.employees), *(kinds.count(k) for k in KINDS),
              len(seat.commodities), min(seat.guilders, 15),
              1 if have("smokestack", 0) and have("stoker", 0) else 0,
              contract_outlook(state, seat_index, 3), len(seat.fleet),
              best_contracts(seat, seat.fleet)]
    return [1.0, left, *assets, *(a * left for a in assets)]


def fitted(path: str) -> Evaluate:
    """The evaluation as what the seat holds (:func:`strong.secured`) plus the fitted
    weights (a JSON list) times :func:`value_features`."""
    with open(path, encoding="utf-8") as handle:
        weights: list[float] = [float(x) for x in json.load(handle)]

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        if state.is_over:
            return float(state.seats[seat_index].score)
        return strong.secured(state, seat_index) + sum(
            a * b for a, b in zip(weights, value_features(state, seat_index), strict=True))
    return evaluate


def strong_solo(seed: int, rollouts: int) -> tuple[Game, strong.StrongBot, SeatDriver]:
    """A solo game of this seed with the strong level at this many rollouts a decision
    in the player's seat: the game, the bot and the driver that asks it."""
    game = Game(simulation_config(3, seed, solo=True, level="strong"))
    bot = strong.StrongBot(seed, budget_ms=None, rollouts=rollouts)
    return game, bot, SeatDriver({0: bot})


def collect(first: int, last: int, rollouts: int, weights: str | None = None) -> None:
    """One JSON line per record: the features at the start of each of the player's
    turns, what it held then, and the game's final score; with ``weights`` (a file
    written by ``fit``) the bot plays with :func:`fitted` instead of its own
    evaluation, so that its games can be collected and refitted in turn."""
    if weights is not None:
        vars(strong)["evaluate"] = fitted(weights)
    for seed in range(first, last + 1):
        game, _, driver = strong_solo(seed, rollouts)
        records = []
        while not game.is_over:
            state = game.state
            if state.turn.seat == 0 and state.turn.step in (DecisionStep.CHOOSE,
                                                              DecisionStep.FINAL_CHOOSE):
                records.append((value_features(state, 0), strong.secured(state, 0)))
            decision = driver.decision(game)
            assert decision is not None
            game.push(decision.decide())
        for features, held in records:
            print(json.dumps({"seed": seed, "f": features, "held": held,
                              "final": game.state.seats[0].score}), flush=True)


def choices(first: int, last: int, rollouts: int) -> None:
    """One JSON line per game: at each choice of action tile the player's strong bot
    searched, the share of the game played, every action offered with the value the
    greedy rollout policy gives it (:meth:`GreedyBot._choice_value`), and the action the
    search chose. :func:`agreement` says how often the rollouts' own choice would have
    been the same: how well they foresee the bot's later turns."""
    for seed in range(first, last + 1):
        game, bot, driver = strong_solo(seed, rollouts)
        rows = []
        while not game.is_over:
            decision = driver.decision(game)
            assert decision is not None
            move = decision.decide()
            state = game.state
            if state.turn.step is DecisionStep.CHOOSE and state.to_move == 0:
                legal = legal_moves(state)
                if len(legal) > 1:
                    rows.append({"progress": strong.progress(state), "chosen": str(move),
                                 "options": [(str(m), bot._policy._choice_value(state, 0, m))
                                             for m in legal]})
            game.push(move)
        print(json.dumps({"seed": seed, "score": game.state.seats[0].score, "rows": rows}),
              flush=True)


def agreement(paths: Sequence[str]) -> str:
    """How often the greedy valuation's best action is the one the search chose, over
    all, by third of the game, and how often each action was chosen by each."""
    rows = [row for path in paths for line in Path(path).read_text().splitlines()
            if line.strip() for row in json.loads(line)["rows"]]
    if not rows:
        return "no choices recorded"

    def greedy_pick(row: dict[str, object]) -> str:
        options = row["options"]
        assert isinstance(options, list)
        return str(max(options, key=lambda option: option[1])[0])

    def share(subset: list[dict[str, object]]) -> str:
        same = sum(greedy_pick(r) == r["chosen"] for r in subset)
        return f"{same}/{len(subset)} = {same / len(subset):.1%}" if subset else "-"
    lines = [f"{len(rows)} choices of action; the rollout policy's choice is the "
             f"search's in {share(rows)}"]
    for third in range(3):
        subset = [r for r in rows if third / 3 <= float(str(r["progress"])) < (third + 1) / 3
                  or (third == 2 and float(str(r["progress"])) >= 1)]
        lines.append(f"  game {third + 1}/3: {share(subset)}")
    chosen = Counter(str(r["chosen"]) for r in rows)
    greedy = Counter(greedy_pick(r) for r in rows)
    lines.append("action: chosen by the search / by the rollout policy")
    for action in sorted(set(chosen) | set(greedy)):
        lines.append(f"  {action}: {chosen[action]} / {greedy[action]}")
    return "\n".join(lines)


def fit(paths: Sequence[str], ridge: float) -> list[float]:
    """Weights that predict the points still to come (final score less what was held)
    from the features, by ridge-regularised least squares on standardised features."""
    rows, targets = [], []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                rows.append(record["f"])
                targets.append(record["final"] - record["held"])
    n, k = len(rows), len(rows[0])
    mean = [sum(r[j] for r in rows) / n for j in range(k)]
    scale = [(sum((r[j] - mean[j]) ** 2 for r in rows) / n) ** 0.5 or 1.0 for j in range(k)]
    mean[0], scale[0] = 0.0, 1.0
    z = [[(r[j] - mean[j]) / scale[j] for j in range(k)] for r in rows]
    matrix = [[sum(row[a] * row[b] for row in z) + (ridge * n * 1e-3 if a == b and a else 0.0)
               for b in range(k)] for a in range(k)]
    vector = [sum(row[a] * t for row, t in zip(z, targets, strict=True)) for a in range(k)]
    beta = _solve(matrix, vector)
    weights = [beta[j] / scale[j] for j in range(k)]
    weights[0] = beta[0] - sum(mean[j] * beta[j] / scale[j] for j in range(1, k))
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The linear solver of ``scripts/fit_strong.py``."""
    path = Path(__file__).resolve().parents[1] / "scripts" / "fit_strong.py"
    spec = importlib.util.spec_from_file_location("fit_strong", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [float(x) for x in module.solve(matrix, vector)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--seeds", default="2000-2009")
    c.add_argument("--rollouts", type=int, default=16)
    c.add_argument("--fitted", metavar="WEIGHTS",
                   help="play with the value fitted to these weights (a fit's output)")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    ch = sub.add_parser("choices")
    ch.add_argument("--seeds", default="3000-3009")
    ch.add_argument("--rollouts", type=int, default=64)
    a = sub.add_parser("agreement")
    a.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "collect":
        first, last = (int(x) for x in args.seeds.split("-"))
        collect(first, last, args.rollouts, args.fitted)
    elif args.command == "choices":
        first, last = (int(x) for x in args.seeds.split("-"))
        choices(first, last, args.rollouts)
    elif args.command == "agreement":
        print(agreement(args.files))
    else:
        print(json.dumps(fit(args.files, args.ridge)))
    return 0


if __name__ == "__main__":
    sys.exit(main())


# -- ships in the yard valued as they will sail, each piece counted once ------------------


def allocated(near: float, far: float, contracts: bool = True) -> Evaluate:
    """The evaluation with the ships in the yard a tile or two from complete valued as
    they would sail with the pieces held (``near`` times the points for one tile
    missing, ``far`` times the share of the game left for two), the pieces each loads
    taken from the pool first so that no piece counts twice (the ``yard_ship`` term of
    the bot counted every ship with all the pieces, on top of the pieces); the tiles of
    those ships no longer count as yard tiles, and with ``contracts`` what the ships add
    to the seat's best contracts counts at the same rate."""
    from shipyard_tui.games.shipyard.advice import best_load

    piece_at = {p: 2 + i for i, p in enumerate(strong.PIECES)}

    def evaluate(state: GameState, seat_index: int, w: strong.Weights) -> float:
        if state.is_over:
            return float(state.seats[seat_index].score)
        seat = state.seats[seat_index]
        left = 1.0 - strong.progress(state)
        p = pattern(seat.yard)
        values = list(strong.features(state, seat_index, False, False))
        if not completable(p):
            return strong.secured(state, seat_index) + sum(
                a * b for a, b in zip(w.vector(), values, strict=True))
        runs = sorted(ship_runs(p), key=lambda r: (strong._missing(p, *r), r[0] - r[1]))
        kept: dict[str, int] = {}
        ships = 0.0
        afloat: list[tuple[float, SailedShip]] = []
        for first, last in runs:
            missing = strong._missing(p, first, last)
            if missing > 2:
                continue
            plan = best_load(state, seat_index, list(range(first, last + 1)), keep=kept)
            if not plan.scores:
                continue
            rate = near if missing <= 1 else far * left
            ships += rate * plan.points
            for piece, n in plan.pieces:
                kept[piece] = kept.get(piece, 0) + n
            values[1] -= left * (last - first + 1)
            afloat.append((rate, SailedShip([t for t in seat.yard[first: last + 1]
                                             if t is not None], plan.load, plan.speed, [],
                                            {}, state.turn_number)))
        for piece, n in kept.items():
            if piece in piece_at:
                have = seat.pieces.get(piece, 0)
                values[piece_at[piece]] = left * min(have - n, 4)
        added = 0.0
        if contracts and afloat:
            rate = sum(r for r, _ in afloat) / len(afloat)
            added = rate * (best_contracts(seat, [*seat.fleet, *(s for _, s in afloat)])
                            - best_contracts(seat, seat.fleet))
        return strong.secured(state, seat_index) + ships + added + sum(
            a * b for a, b in zip(w.vector(), values, strict=True))
    return evaluate
