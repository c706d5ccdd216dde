"""Variants of the strong level's evaluation tried towards the solo goal (issue 13).

Each function returns a replacement for a function of :mod:`shipyard_tui.bots.strong`,
for ``solo_trial.py --set`` (``benchmarks/`` is on the path of a script run from it):

    PY=.venv/bin/python T=benchmarks/solo_trial.py
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').outlook(0.5)"
    $PY $T --rollouts 16 --seeds 1-64 --set "features=__import__('solo_variants').growable_yard()"

The value-function trial first collects records from the strong level's own games, then
fits them and plays with the fit:

    $PY benchmarks/solo_variants.py collect --seeds 2000-2177 > vf_a.jsonl
    $PY benchmarks/solo_variants.py collect --seeds 2200-2380 > vf_b.jsonl
    $PY benchmarks/solo_variants.py fit vf_a.jsonl vf_b.jsonl > vf.json
    $PY $T --rollouts 16 --seeds 1-64 --set "evaluate=__import__('solo_variants').fitted('vf.json')"

None of them paid (docs/performance.md, "Where the solo points come from, and eight more
trials").
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import shipyard_tui.bots.strong as strong
from shipyard_tui.advice import best_contracts
from shipyard_tui.bots.greedy import _ship_runs, cruise_lengths_of
from shipyard_tui.core import SeatDriver
from shipyard_tui.rules import CATALOG, DecisionStep, Game, GameState
from shipyard_tui.rules.query import SailedShip, completable, pattern
from shipyard_tui.simulate import simulation_config

Evaluate = Callable[[GameState, int, strong.Weights], float]


# -- the contract outlook ------------------------------------------------------------------


def contract_outlook(state: GameState, seat_index: int, min_tiles: int = 1) -> float:
    """What the seat's best contract of each colour would gain if every ship in its
    yard (runs of at least ``min_tiles`` tiles) sailed now, the longest with all its
    pieces, and every canal it holds became a used canal."""
    seat = state.seats[seat_index]
    runs = sorted((r for r in _ship_runs(pattern(seat.yard)) if r[1] - r[0] + 1 >= min_tiles),
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


def collect(first: int, last: int, rollouts: int) -> None:
    """One JSON line per record: the features at the start of each of the player's
    turns, what it held then, and the game's final score."""
    for seed in range(first, last + 1):
        game = Game(simulation_config(3, seed, solo=True, level="strong"))
        driver = SeatDriver({0: strong.StrongBot(seed, budget_ms=None, rollouts=rollouts)})
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
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.command == "collect":
        first, last = (int(x) for x in args.seeds.split("-"))
        collect(first, last, args.rollouts)
    else:
        print(json.dumps(fit(args.files, args.ridge)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
