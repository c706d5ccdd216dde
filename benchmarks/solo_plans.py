"""Two more trials of the strong level towards the solo goal (issue 13): plans of two
actions, and rollouts that choose their actions as the search does.

Both change how the search foresees the bot's own later choices of action, which the
greedy rollouts foresee less than half the time (docs/performance.md, "How well the
rollouts foresee the bot"). Each installs itself from ``solo_trial.py --set`` (one such
variant a process; ``benchmarks/`` must be on the path):

    PY=.venv/bin/python T=benchmarks/solo_trial.py
    export PYTHONPATH=benchmarks
    # plans of two actions: each action tile valued by the best next one
    $PY $T --rollouts 16 --seeds 1-32 --set "_=__import__('solo_plans').action_plans()"
    # rollouts that choose their action tiles as the search chose them
    $PY benchmarks/solo_plans.py choices --seeds 2001-2062 > cc.jsonl
    $PY benchmarks/solo_plans.py fit cc.jsonl > imitation.json
    $PY $T --rollouts 16 --seeds 1-32 \\
        --set "_=__import__('solo_plans').imitation('imitation.json')"

Neither paid (docs/performance.md, "Plans of two actions, rollouts that choose as the
search does, and the cruise searched").
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import shipyard_tui.games.shipyard.bots.strong as strong
from shipyard_tui.games.shipyard.bots.greedy import cruise_lengths_of
from shipyard_tui.games.shipyard.rules import DecisionStep, GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import (
    apply_move,
    catalog_of,
    income_for,
    legal_moves,
    pattern,
    track_index,
)

ACTIONS = ("BUILD", "CANAL", "PURCHASE", "EQUIPMENT", "CREW", "HIRE", "EXCHANGE")
"""The action tiles of a solo game, in the order of the imitation's weight blocks."""

BRANCH = (DecisionStep.CHOOSE, DecisionStep.FINAL_CHOOSE)


# -- plans of two actions ----------------------------------------------------------------


def action_plans() -> Callable[..., strong.Analysis]:
    """A replacement for :meth:`strong.StrongBot.analyse` at a choice of action tile
    (the other decisions search as before): each action is played in each world, its
    turn finished by the rollout policy, and then every action the seat may choose at
    its next turn in that world is rolled out to the usual horizon; the action is worth
    the best of those. The next choice is made knowing what the world revealed in
    between, as the bot will know it then. Worlds a candidate: the rollouts over the
    candidates, at least 2."""
    analyse = strong.StrongBot.analyse

    def plans(self: strong.StrongBot, view: GameState, budget_ms: float | None = None,
              include: Move | None = None) -> strong.Analysis:
        legal = legal_moves(view)
        if view.turn.step is not DecisionStep.CHOOSE or len(legal) == 1:
            return analyse(self, view, budget_ms, include)
        seat = view.to_move
        assert seat is not None
        rollouts = self.rollouts or strong.rollouts_for(self.budget_ms
                                                        or strong.DEFAULT_BUDGET_MS)
        worlds = max(2, rollouts // len(legal))
        totals = {m: 0.0 for m in legal}
        points = {m: 0.0 for m in legal}
        turns = strong.horizon(view.turn.step)
        for _ in range(worlds):
            world = strong.determinize(view, self._rng.randrange(1 << 62))
            for move in legal:
                value, mine = _best_next(self, world, seat, move, turns)
                totals[move] += value
                points[move] += mine
        ranked = sorted(legal, key=lambda m: -totals[m])
        return strong.Analysis(seat, tuple(strong.Candidate(m, totals[m] / worlds, worlds,
                                                              points[m] / worlds)
                                           for m in ranked), True, worlds)

    strong.StrongBot.analyse = plans  # type: ignore[method-assign]
    return plans


def _best_next(bot: strong.StrongBot, world: GameState, seat: int, move: Move,
               turns: int) -> tuple[float, float]:
    """``move``, the rest of its turn by the rollout policy, then the best rollout of
    the seat's next choice of action (the objective and the seat's own value)."""
    state = world.copy()
    apply_move(state, move, [])
    stop = state.seats[seat].turns + turns + 1
    for _ in range(strong.MAX_ROLLOUT_MOVES):
        if state.is_over or state.seats[seat].turns >= stop:
            break
        legal = legal_moves(state)
        if state.turn.seat == seat and state.turn.step in BRANCH and len(legal) > 1:
            left = stop - state.seats[seat].turns - 1
            return max((bot._rollout(state, seat, m, left) for m in legal),
                       key=lambda r: r[0])
        choice = legal[0] if len(legal) == 1 else bot._greedy_move(state, legal)
        apply_move(state, choice, [])
    return strong._objective(state, seat, bot.weights)


# -- rollouts that choose as the search does ----------------------------------------------


def state_features(view: GameState, seat_index: int) -> list[float]:
    """What the imitation reads of the seat, roughly scaled to 0..1: a constant, the
    share of the game played, guilders, pieces, captains, steam, yard tiles, the longest
    cruise, employees, Engineers and Recruiters, commodity tiles, ships sailed."""
    seat = view.seats[seat_index]
    pieces = seat.pieces
    yard = sum(1 for c in pattern(seat.yard) if c != ".")
    lengths = cruise_lengths_of(seat.canals, seat.token, 12)
    employees = catalog_of(view).employees
    producers = sum(1 for e in seat.employees if employees[e].kind in strong.PRODUCERS)
    return [1.0, strong.progress(view), seat.guilders / 10, sum(pieces.values()) / 10,
            min(pieces.get("captain", 0), 3) / 3,
            1.0 if pieces.get("smokestack") and pieces.get("stoker") else 0.0, yard / 10,
            (max(lengths) if lengths else 0) / 10, len(seat.employees) / 10, producers / 4,
            len(seat.commodities) / 3, len(seat.fleet) / 5]


def option_features(phi: list[float], action: str, greedy: float,
                    income: int) -> dict[int, float]:
    """One action tile's features, sparse by index: the greedy valuation of choosing it
    (tenths), the guilders it pays, and the seat's features in that action's block."""
    x = {0: greedy / 10, 1: float(income)}
    base = 2 + ACTIONS.index(action) * len(phi)
    for i, value in enumerate(phi):
        if value:
            x[base + i] = value
    return x


def choices(first: int, last: int, rollouts: int) -> None:
    """One JSON line per solo game of the strong level: at each choice of action tile
    it searched, the seat's :func:`state_features`, each action offered with its greedy
    valuation, the guilders it pays and the search's value, and the action chosen."""
    from solo_variants import strong_solo

    for seed in range(first, last + 1):
        game, bot, driver = strong_solo(seed, rollouts)
        rows = []
        while not game.is_over:
            state = game.state
            if (state.turn.step is DecisionStep.CHOOSE and state.to_move == 0
                    and len(legal_moves(state)) > 1):
                view = game.view(0)
                analysis = bot.analyse(view)  # what bot.choose does, seen from inside
                options = []
                for m in legal_moves(view):
                    assert isinstance(m, mv.Choose)
                    ahead, lying = income_for(view, track_index(view, m.action))
                    options.append([m.action.name, bot._policy._choice_value(view, 0, m),
                                    len(ahead) + lying, analysis.value_of(m)])
                chosen = analysis.best.move
                assert isinstance(chosen, mv.Choose)
                rows.append({"phi": state_features(view, 0), "chosen": chosen.action.name,
                             "opts": options})
                game.push(chosen)
                continue
            decision = driver.decision(game)
            assert decision is not None
            game.push(decision.decide())
        print(json.dumps({"seed": seed, "score": game.state.seats[0].score, "rows": rows}),
              flush=True)


Group = tuple[list[dict[int, float]], int]
"""The options of one choice (sparse features) and the index of the one chosen."""


def groups_in(paths: Sequence[str]) -> list[tuple[int, Group]]:
    out = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.strip():
                continue
            game = json.loads(line)
            for row in game["rows"]:
                options = [option_features(row["phi"], a, g, inc)
                           for a, g, inc, _ in row["opts"]]
                chosen = [a for a, *_ in row["opts"]].index(row["chosen"])
                out.append((game["seed"], (options, chosen)))
    return out


def _scores(w: list[float], options: list[dict[int, float]]) -> list[float]:
    return [sum(w[i] * v for i, v in x.items()) for x in options]


def _loss(w: list[float], groups: Sequence[Group], ridge: float) -> float:
    total = 0.5 * ridge * sum(v * v for v in w)
    for options, chosen in groups:
        s = _scores(w, options)
        top = max(s)
        total -= s[chosen] - top - math.log(sum(math.exp(v - top) for v in s))
    return total


def fit_choices(groups: Sequence[Group], size: int, ridge: float = 1.0,
                rounds: int = 40) -> list[float]:
    """Weights of a softmax policy over the action tiles that make the search's choices
    most likely (ridge-regularised; Newton's method with a halving step), starting from
    the greedy valuation alone."""
    from solo_variants import _solve

    w = [0.0] * size
    w[0] = 10.0
    current = _loss(w, groups, ridge)
    for _ in range(rounds):
        grad = [ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for options, chosen in groups:
            s = _scores(w, options)
            top = max(s)
            e = [math.exp(v - top) for v in s]
            p = [v / sum(e) for v in e]
            mean: dict[int, float] = {}
            for pj, x in zip(p, options, strict=True):
                for i, v in x.items():
                    mean[i] = mean.get(i, 0.0) + pj * v
            for i, v in options[chosen].items():
                grad[i] -= v
            for i, v in mean.items():
                grad[i] += v
            for pj, x in zip(p, options, strict=True):
                for i, vi in x.items():
                    row = hess[i]
                    for k, vk in x.items():
                        row[k] += pj * vi * vk
            for i, vi in mean.items():
                row = hess[i]
                for k, vk in mean.items():
                    row[k] -= vi * vk
        step = _solve(hess, grad)
        t = 1.0
        while t > 1e-4:
            trial = [a - t * b for a, b in zip(w, step, strict=True)]
            new = _loss(trial, groups, ridge)
            if new < current:
                break
            t /= 2
        if t <= 1e-4 or current - new < 1e-6:
            break
        w, current = trial, new
    return w


def accuracy(w: list[float], groups: Sequence[Group]) -> tuple[float, float]:
    """How often the fitted policy, and the greedy valuation alone, pick the search's
    choice."""
    fitted = greedy = 0
    for options, chosen in groups:
        s = _scores(w, options)
        fitted += s.index(max(s)) == chosen
        g = [x[0] for x in options]
        greedy += g.index(max(g)) == chosen
    return fitted / len(groups), greedy / len(groups)


def fit(paths: Sequence[str], ridge: float) -> tuple[list[float], str]:
    """The fitted weights on every choice of ``paths``, and how well a fit on three
    quarters of the games predicts the choices of the other quarter (by seed)."""
    groups = groups_in(paths)
    size = 2 + len(ACTIONS) * 12
    seeds = sorted({seed for seed, _ in groups})
    held = set(seeds[::4])
    train = [g for s, g in groups if s not in held]
    test = [g for s, g in groups if s in held]
    w = fit_choices(train, size, ridge)
    fitted, greedy = accuracy(w, test)
    report = (f"{len(groups)} choices of {len(seeds)} games; held-out games: the fitted "
              f"policy picks the search's action in {fitted:.1%}, the greedy valuation "
              f"in {greedy:.1%}")
    return fit_choices([g for _, g in groups], size, ridge), report


def imitation(path: str) -> Callable[..., Move]:
    """A replacement for :meth:`strong.StrongBot._greedy_move` (the rollouts' policy):
    at a choice of action tile, the action the fitted softmax policy rates highest (with
    the greedy policy's tie-break); every other decision as before."""
    w = json.loads(Path(path).read_text())
    greedy_move = strong.StrongBot._greedy_move

    def move(self: strong.StrongBot, state: GameState, legal: list[Move]) -> Move:
        if state.turn.step is not DecisionStep.CHOOSE or len(legal) == 1:
            return greedy_move(self, state, legal)
        seat = state.turn.seat
        phi = state_features(state, seat)
        best, best_value = legal[0], float("-inf")
        for m in legal:
            assert isinstance(m, mv.Choose)
            ahead, lying = income_for(state, track_index(state, m.action))
            x = option_features(phi, m.action.name, self._policy._choice_value(state, seat, m),
                                len(ahead) + lying)
            value = sum(w[i] * v for i, v in x.items()) + self._policy._rng.random() * 0.01
            if value > best_value:
                best, best_value = m, value
        return best

    strong.StrongBot._greedy_move = move  # type: ignore[method-assign]
    return move


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("choices")
    c.add_argument("--seeds", default="2001-2010")
    c.add_argument("--rollouts", type=int, default=16)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.command == "choices":
        first, last = (int(x) for x in args.seeds.split("-"))
        choices(first, last, args.rollouts)
    else:
        weights, report = fit(args.files, args.ridge)
        print(report, file=sys.stderr)
        print(json.dumps(weights))
    return 0


if __name__ == "__main__":
    sys.exit(main())

