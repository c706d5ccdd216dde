"""Paired solo trials of the strong level: one variant against another on the same seeds.

Each game puts the strong bot in the player's seat against the two automa; with
``--rollouts`` (and no budget) the bot is deterministic, so two variants differ only by
what the variant changes, and the paired difference of their scores is a clean signal.
A variant is given by evaluation weights (``--weights``, a JSON list in the order of
``shipyard_tui.games.shipyard.bots.strong.FEATURES``) and by module settings of the strong bot
(``--set NAME=EXPRESSION``, evaluated in the module, e.g. ``HORIZON_TURNS=3`` or
``progress=lambda s, _p=progress: 1 - (1 - _p(s)) ** 0.5``). One JSON line per game,
with the score and where its points came from; ``--compare A B`` summarises two
files (or glob patterns) seed by seed. Run one process per core:

    PY=.venv/bin/python T=benchmarks/solo_trial.py
    nice taskset -c 0 $PY $T --rollouts 16 --seeds 1-64 > base_a.jsonl
    nice taskset -c 1 $PY $T --rollouts 16 --seeds 65-128 > base_b.jsonl
    nice taskset -c 0 $PY $T --rollouts 16 --seeds 1-64 --set HORIZON_TURNS=3 > h3_a.jsonl
    nice taskset -c 1 $PY $T --rollouts 16 --seeds 65-128 --set HORIZON_TURNS=3 > h3_b.jsonl
    $PY $T --compare 'base_*.jsonl' 'h3_*.jsonl'
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any

import shipyard_tui.games.shipyard.bots.greedy as greedy
import shipyard_tui.games.shipyard.bots.strong as strong
from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.review import build_review
from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import pattern, score_contract
from shipyard_tui.simulate import simulation_config


def play(seed: int, budget_ms: float | None, rollouts: int | None,
         weights: strong.Weights, perfect: bool = False) -> dict[str, Any]:
    """One solo game of the strong level: its score, where the points came from, and
    what the player did (actions chosen, tiles bought, what was left in the yard, and
    what every contract it was dealt would have scored on its final fleet).

    With ``perfect`` every world the bot searches is the true state of the game (the
    decks and the solo stack as they lie): what knowing the hidden order is worth."""
    game = Game(simulation_config(3, seed, solo=True, level="strong"))
    if perfect:
        vars(strong)["determinize"] = lambda view, seed: game.state.copy()
    bot = strong.StrongBot(seed, budget_ms=budget_ms, rollouts=rollouts, weights=weights)
    driver = SeatDriver({0: bot})
    actions: Counter[str] = Counter()
    tiles = 0
    start = time.process_time()
    while not game.is_over:
        decision = driver.decision(game)
        assert decision is not None
        move = decision.decide()
        if isinstance(move, mv.Choose | mv.Bonus | mv.Final):
            actions[move.action.name.lower()] += 1
        tiles += isinstance(move, mv.Buy | mv.BuyBlank)
        game.push(move)
    cpu = time.process_time() - start
    parts: dict[str, int] = {}
    for row in build_review(game).rows:
        key = "contracts" if row.key in CATALOG.contracts else row.key
        parts[key] = parts.get(key, 0) + (row.values[0] or 0)
    seat = game.state.seats[0]
    dealt = {c: score_contract(c, seat.fleet, seat.employees, seat.used_canals).points
             for c in [*seat.contracts, *seat.discarded]}
    hired = Counter(CATALOG.employees[e].kind.value for e in seat.employees)
    sailed: Counter[str] = Counter()
    for ship in seat.fleet:
        sailed.update(ship.pieces)
    return {"seed": seed, "score": seat.score, "ships": len(seat.fleet), "parts": parts,
            "kept": seat.contracts, "dealt": dealt, "actions": dict(actions),
            "tiles_bought": tiles, "yard_left": pattern(seat.yard),
            "employees": dict(hired), "pieces_sailed": sum(sailed.values()),
            "pieces_left": sum(seat.pieces.values()), "cpu_s": round(cpu, 2)}


def tuning_from_json(text: str) -> greedy.GreedyTuning:
    """A greedy tuning from JSON: the fields of :class:`GreedyTuning` to change, the
    action biases by action name."""
    fields = json.loads(text)
    if "action_bias" in fields:
        fields["action_bias"] = {Action[name]: float(bias)
                                 for name, bias in fields["action_bias"].items()}
    return greedy.GreedyTuning(**fields)


def games_in(pattern: str) -> list[dict[str, Any]]:
    """The games recorded in the files matching a glob pattern."""
    games = []
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as handle:
            games += [json.loads(line) for line in handle if line.strip()]
    return games


def scores(pattern: str) -> dict[int, int]:
    return {game["seed"]: game["score"] for game in games_in(pattern)}


def compare(base: str, variant: str) -> str:
    a, b = scores(base), scores(variant)
    seeds = sorted(set(a) & set(b))
    if len(seeds) < 2:
        return f"{len(seeds)} seeds in common: nothing to compare"
    diff = [b[s] - a[s] for s in seeds]
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
    return (f"{len(seeds)} paired seeds: {statistics.mean(a[s] for s in seeds):.2f} -> "
            f"{statistics.mean(b[s] for s in seeds):.2f}, difference "
            f"{statistics.mean(diff):+.2f} ± {half:.2f} (95%)")


def anatomy(pattern_: str) -> str:
    """Where the games' points came from: the mean of each part, ships, tiles and
    actions; and per contract, how often it was dealt and kept, and what it scored on
    the final fleet when kept and when discarded."""
    games = [g for g in games_in(pattern_) if "dealt" in g]
    if not games:
        return "no games with contracts recorded"

    def mean(values: list[float]) -> str:
        return f"{statistics.mean(values):.1f}" if values else "-"
    lines = [f"{len(games)} games: score {mean([g['score'] for g in games])}, ships "
             f"{mean([g['ships'] for g in games])}, tiles bought "
             f"{mean([g['tiles_bought'] for g in games])}, tiles left in the yard "
             f"{mean([sum(c != '.' for c in g['yard_left']) for g in games])}"]
    parts = sorted({k for g in games for k in g["parts"]})
    lines.append("points: " + ", ".join(
        f"{k} {mean([g['parts'].get(k, 0) for g in games])}" for k in parts))
    actions = sorted({k for g in games for k in g["actions"]})
    lines.append("actions: " + ", ".join(
        f"{k} {mean([g['actions'].get(k, 0) for g in games])}" for k in actions))
    if any("employees" in g for g in games):
        recorded = [g for g in games if "employees" in g]
        kinds = sorted({k for g in recorded for k in g["employees"]})
        lines.append("employees: " + ", ".join(
            f"{k} {mean([g['employees'].get(k, 0) for g in recorded])}" for k in kinds))
        lines.append(f"pieces sailed {mean([g['pieces_sailed'] for g in recorded])}, "
                     f"left at the end {mean([g['pieces_left'] for g in recorded])}")
    lines.append("contract  dealt  kept  points kept  points if kept instead")
    for contract in sorted({c for g in games for c in g["dealt"]},
                           key=lambda c: (c[0], int(c[1:]))):
        dealt = [g for g in games if contract in g["dealt"]]
        kept = [g["dealt"][contract] for g in dealt if contract in g["kept"]]
        other = [g["dealt"][contract] for g in dealt if contract not in g["kept"]]
        lines.append(f"{contract:8s}  {len(dealt):5d}  {len(kept):4d}  {mean(kept):>11s}  "
                     f"{mean(other):>22s}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-16", help="first-last")
    parser.add_argument("--rollouts", type=int, help="fixed rollouts per searched decision")
    parser.add_argument("--budget", type=float, help="ms per decision (default 150)")
    parser.add_argument("--weights", help="JSON list of weights in FEATURES order")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=EXPRESSION")
    parser.add_argument("--tuning", metavar="JSON",
                        help="the rollouts' greedy tuning (strong.ROLLOUT_TUNING) as JSON: "
                             'GreedyTuning fields, e.g. {"employee": 1.3, '
                             '"action_bias": {"HIRE": 2}}')
    parser.add_argument("--perfect-information", action="store_true",
                        help="search the true state instead of worlds drawn from the view")
    parser.add_argument("--compare", nargs=2, metavar=("BASE", "VARIANT"))
    parser.add_argument("--anatomy", metavar="FILES",
                        help="summarise the games of these files (a glob pattern)")
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(*args.compare))
        return 0
    if args.anatomy:
        print(anatomy(args.anatomy))
        return 0
    if args.tuning:
        strong.ROLLOUT_TUNING = tuning_from_json(args.tuning)
    for setting in args.set:
        name, _, expression = setting.partition("=")
        setattr(strong, name, eval(expression, vars(strong)))  # an experiment's knob
    weights = (strong.Weights.from_vector(json.loads(args.weights)) if args.weights
               else strong.Weights())
    budget = None if args.rollouts and args.budget is None else (args.budget or 150.0)
    first, last = (int(x) for x in args.seeds.split("-"))
    for seed in range(first, last + 1):
        print(json.dumps(play(seed, budget, args.rollouts, weights, args.perfect_information)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
