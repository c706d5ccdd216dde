"""Trials of the sensible Nauticus bot's plan (issue 37): run
``nauticus_versus_old.py`` or ``nauticus_head_to_head.py`` with another plan in the
planner, or with the strong level playing by the plan.

    nice .venv/bin/python benchmarks/nauticus_plan_trial.py --plan 2,2,0,0.45,cargo \\
        versus planner --old 33acb16 --games 40 --seed 300
    nice .venv/bin/python benchmarks/nauticus_plan_trial.py --plan 0,3,0,0.45,cargo \\
        duel planner greedy --games 100 --seed 21000 --paired
    nice .venv/bin/python benchmarks/nauticus_plan_trial.py --strong go \\
        versus strong --old 33acb16 --games 40 --seed 500

``--plan FLEET,HULL,COINS,STORED[,cargo]`` sets the fields of
:class:`~shipyard_tui.games.nauticus.valuation.Plan` (default: ``PLANNER_PLAN``), at every
table size. ``--strong go``: the strong level plays its goes by the plan (its rollouts
as before); ``--strong all``: its rollouts and their valuation too. After ``versus``
or ``duel`` come that benchmark's own arguments.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from shipyard_tui.games.nauticus import bots, search
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import NauticusState, Step


def parse_plan(text: str) -> bots.Plan:
    parts = text.split(",")
    fleet, hull, coins, stored = parts[:4]
    return bots.Plan(float(fleet), int(hull), int(coins), float(stored),
                     cargo=parts[4:] == ["cargo"])


def strong_by_plan(plan: bots.Plan, rollouts_too: bool) -> type[search.StrongBot]:
    """A strong bot that plays its goes (and, ``rollouts_too``, its rollouts) by ``plan``."""

    class PlanPlayer(bots.GreedyBot):
        def plan_for(self, state: NauticusState) -> bots.Plan:
            return plan

    class PlannedStrong(search.StrongBot):
        def __init__(self, seed: int = 0, budget_ms: float | None = search.DEFAULT_BUDGET_MS,
                     rollouts: int | None = None) -> None:
            super().__init__(seed, budget_ms, rollouts)
            self._greedy = PlanPlayer(seed)
            if rollouts_too:
                self._phase_player = PlanPlayer(seed)

        def choose(self, view: NauticusState, legal: list[Move]) -> Move:
            if len(legal) > 1 and view.step is not Step.CHOOSE:
                return self._greedy.choose(view, legal)
            return super().choose(view, legal)

    if rollouts_too:
        search.relative_value = _planned_relative(plan)  # type: ignore[attr-defined]
    return PlannedStrong


def _planned_relative(plan: bots.Plan) -> Any:
    def relative(state: NauticusState, me: int, _plan: bots.Plan = plan) -> float:
        return bots.relative_value(state, me, _plan)
    return relative


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plan", help="FLEET,HULL,COINS,STORED[,cargo]")
    parser.add_argument("--strong", choices=("go", "all"))
    parser.add_argument("benchmark", choices=("versus", "duel"))
    parser.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    plan = parse_plan(args.plan) if args.plan else bots.PLANNER_PLAN
    bots.PlannerBot.plan_for = lambda self, state: plan  # type: ignore[method-assign]
    if args.strong:
        bots.NAUTICUS_BOT_LEVELS["strong"] = strong_by_plan(plan, args.strong == "all")
    sys.path.insert(0, str(Path(__file__).parent))
    if args.benchmark == "versus":
        import nauticus_versus_old
        return nauticus_versus_old.main(args.rest)
    import nauticus_head_to_head
    return nauticus_head_to_head.main(args.rest)


if __name__ == "__main__":
    sys.exit(main())
