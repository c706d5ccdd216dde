"""Fit the strong bot's evaluation weights to self-play (Monte Carlo value fitting).

``collect`` plays solo games with the strong level and records, at the start of each of
the player's turns, the evaluation's features
(:func:`shipyard_tui.games.shipyard.bots.strong.features`)
and what the seat already holds (:func:`~shipyard_tui.games.shipyard.bots.strong.secured`); when the
game ends, every record gets the final score. ``fit`` first shows, by turns left, the
points still to come against what the current weights credit the assets with; then it
finds the weights that best predict, from the features, the points still to come (final
score less what was secured), by ridge-regularised least squares, and prints them in the
order of :data:`~shipyard_tui.games.shipyard.bots.strong.FEATURES` (``Weights.from_vector`` reads
them). Run the collection on each core with its own seeds, then fit over all the files:

    nice taskset -c 0 .venv/bin/python scripts/fit_strong.py collect --seeds 1000-1059 > fit_a.jsonl
    nice taskset -c 1 .venv/bin/python scripts/fit_strong.py collect --seeds 1060-1119 > fit_b.jsonl
    .venv/bin/python scripts/fit_strong.py fit fit_a.jsonl fit_b.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots.strong import FEATURES, StrongBot, Weights, features, secured
from shipyard_tui.games.shipyard.rules import DecisionStep, Game
from shipyard_tui.simulate import simulation_config


def collect(first: int, last: int, budget_ms: float | None, rollouts: int | None,
            weights: Weights) -> None:
    """Print one JSON line per solo game: its records and final score."""
    for seed in range(first, last + 1):
        game = Game(simulation_config(3, seed, solo=True, level="strong"))
        bot = StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts, weights=weights)
        driver = SeatDriver({0: bot})
        records: list[tuple[list[float], float]] = []
        while not game.is_over:
            state = game.state
            if state.turn.seat == 0 and state.turn.step is DecisionStep.CHOOSE:
                records.append(([round(x, 4) for x in features(state, 0)], secured(state, 0)))
            decision = driver.decision(game)
            assert decision is not None
            game.push(decision.decide())
        print(json.dumps({"seed": seed, "final": game.state.seats[0].score,
                          "records": records}), flush=True)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve the linear system by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(paths: list[str], ridge: float) -> tuple[list[float], float, int]:
    """The least-squares weights, the root mean square error and the record count."""
    rows: list[tuple[list[float], float]] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    game = json.loads(line)
                    rows += [(x, game["final"] - held) for x, held in game["records"]]
    k = len(FEATURES)
    xtx = [[sum(x[i] * x[j] for x, _ in rows) + (ridge if i == j else 0.0)
            for j in range(k)] for i in range(k)]
    xty = [sum(x[i] * y for x, y in rows) for i in range(k)]
    w = solve(xtx, xty)
    error = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in rows)
    return w, (error / max(1, len(rows))) ** 0.5, len(rows)


def by_turns_left(paths: list[str], weights: Weights) -> list[str]:
    """Per number of the seat's turns still to come (this one included): the mean points
    still to come and what the evaluation with ``weights`` credits the assets with."""
    rows: dict[int, list[tuple[float, float]]] = {}
    vector = weights.vector()
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                game = json.loads(line)
                count = len(game["records"])
                for i, (x, held) in enumerate(game["records"]):
                    credited = sum(a * b for a, b in zip(vector, x, strict=True))
                    rows.setdefault(count - i, []).append((game["final"] - held, credited))
    return [f"{left:3} turns left: {len(r):4} records, points still to come "
            f"{statistics.mean(y for y, _ in r):5.1f}, "
            f"credited {statistics.mean(c for _, c in r):5.1f}"
            for left, r in sorted(rows.items())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play solo games and print records")
    c.add_argument("--seeds", default="1000-1019", help="first-last")
    c.add_argument("--budget", type=float, default=None, help="ms per decision")
    c.add_argument("--rollouts", type=int, default=None, help="fixed rollouts instead")
    c.add_argument("--weights", help="JSON list of weights in FEATURES order")
    f = sub.add_parser("fit", help="fit weights to collected files")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.command == "collect":
        first, last = (int(x) for x in args.seeds.split("-"))
        weights = Weights.from_vector(json.loads(args.weights)) if args.weights else Weights()
        budget = args.budget if args.budget is not None else (
            None if args.rollouts else 150.0)
        collect(first, last, budget, args.rollouts, weights)
        return 0
    print("\n".join(by_turns_left(args.files, Weights())))
    w, rmse, n = fit(args.files, args.ridge)
    for name, value in zip(FEATURES, w, strict=True):
        print(f"{name:18} {value:8.3f}")
    print(f"{n} records, rms error {rmse:.2f}")
    print(json.dumps([round(x, 3) for x in w]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
