"""A Nauticus bot level against the same level of an older revision, 2 seats, seats
alternating, in one process: win counts, scores and the processor time per decision
of each side (median, and the ratio new/old from the same run).

    nice .venv/bin/python benchmarks/nauticus_versus_old.py greedy --old 8f0a13b --games 100

The old side is the older revision's ``bots.py`` and ``search.py`` loaded beside the
current ones (the rules' modules are shared, so the two revisions must agree on them).
Seeds are paired: game 2k and 2k+1 share a seed with the seats swapped.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from types import ModuleType
from typing import Any

from nauticus_head_to_head import count_uses

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import bot_for_level
from shipyard_tui.games.nauticus.kind import KIND
from shipyard_tui.tournament import wilson_interval

FIRST_SEED = 7000
PACKAGE = "shipyard_tui.games.nauticus"
SOURCE = "src/shipyard_tui/games/nauticus"


def _load(name: str, text: str) -> ModuleType:
    spec = importlib.util.spec_from_loader(f"{PACKAGE}.{name}", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = PACKAGE
    sys.modules[spec.name] = module
    exec(compile(text, f"<{name}>", "exec"), module.__dict__)
    return module


def old_bots(rev: str) -> ModuleType:
    """The old revision's bots module, its ``search`` loaded beside it and reading it."""
    def show(path: str) -> str:
        return subprocess.run(["git", "show", f"{rev}:{SOURCE}/{path}"], check=True,
                              capture_output=True, text=True).stdout

    bots = _load("_old_bots", show("bots.py"))
    text = show("search.py")
    for form in ("from .bots import", f"from {PACKAGE}.bots import"):
        text = text.replace(form, f"from {PACKAGE}._old_bots import")
    search = _load("_old_search", text)
    bots.NAUTICUS_BOT_LEVELS["strong"] = search.StrongBot
    return bots


def old_bot(old: ModuleType, level: str, seed: int) -> Any:
    """A bot of the old revision: its own level table (its ``bot_for_level`` asks the
    game's kind, which would make a bot of the current revision)."""
    return old.NAUTICUS_BOT_LEVELS[KIND.resolve_level(level)](seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("--old", required=True, help="the older revision (git)")
    parser.add_argument("--old-level", help="the old side's level (default: the same)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=FIRST_SEED)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    old = old_bots(args.old)
    start = time.perf_counter()
    wins = {"new": 0, "old": 0}
    shared = 0
    scores: dict[str, list[int]] = {"new": [], "old": []}
    times: dict[str, list[float]] = {"new": [], "old": []}
    figures: dict[str, dict[str, int]] = {
        side: {"ships": 0, "goods": 0, "deliveries": 0, "crown rewards": 0,
               "goods rewards": 0} for side in ("new", "old")}
    n = args.players
    for k in range(args.games):
        seed = args.seed + k // 2
        # the new side sits in one seat, rotated over the games
        new_seat = k % n
        sides = ["new" if i == new_seat else "old" for i in range(n)]
        seats = tuple(SeatConfig(f"{s} {i}", SeatKind.BOT, args.level)
                      for i, s in enumerate(sides))
        game = NauticusGame(NauticusConfig(seats, seed=seed))
        bots: dict[int, Any] = {
            i: (bot_for_level(args.level, seed * 31 + i) if s == "new"
                else old_bot(old, args.old_level or args.level, seed * 31 + i))
            for i, s in enumerate(sides)}
        while not game.is_over:
            legal = game.legal_moves()
            if len(legal) == 1:
                game.push(legal[0])
                continue
            seat = game.to_move
            assert seat is not None
            t0 = time.thread_time()
            move = bots[seat].choose(game.view(seat), legal)
            times[sides[seat]].append(time.thread_time() - t0)
            game.push(move)
        outcome = game.outcome()
        assert outcome is not None
        if outcome.shared:
            shared += 1
        else:
            wins[sides[outcome.winners[0]]] += 1
        for i, s in enumerate(sides):
            scores[s].append(outcome.scores[i])
            seat_state = game.state.seats[i]
            figures[s]["ships"] += sum(b.complete for b in seat_state.yard)
            figures[s]["goods"] += sum(seat_state.delivered.values())
        count_uses(game.events, sides, figures)
    elapsed = time.perf_counter() - start
    print(f"{args.level} (new) against {args.old_level or args.level} at {args.old} (old): "
          f"{args.games} games, {n} seats, seeds {args.seed}-{args.seed + (args.games - 1) // 2} "
          f"(each seed with the seats rotated), {elapsed:.1f} s")
    seats_per_side = {"new": args.games, "old": args.games * (n - 1)}
    for side in ("new", "old"):
        print(f"  {side}: {wins[side]} wins, mean score {statistics.mean(scores[side]):.1f}, "
              f"complete ships per seat {figures[side]['ships'] / seats_per_side[side]:.2f}, "
              f"goods delivered per seat {figures[side]['goods'] / seats_per_side[side]:.2f}, "
              f"median decision {1000 * statistics.median(times[side]):.2f} ms")
        print(f"        per game: deliveries {figures[side]['deliveries'] / args.games:.2f}, "
              f"crown rewards {figures[side]['crown rewards'] / args.games:.2f}, "
              f"goods rewards {figures[side]['goods rewards'] / args.games:.2f}")
    low, high = wilson_interval(wins["new"] + shared / 2, args.games)
    print(f"  new wins {(wins['new'] + shared / 2) / args.games:.1%} "
          f"[95 % Wilson {low:.1%}, {high:.1%}] (a shared game counts half)")
    margin = statistics.mean(scores["new"]) - statistics.mean(scores["old"])
    ratio = statistics.median(times["new"]) / statistics.median(times["old"])
    print(f"  shared {shared}; mean score difference (new - old) {margin:+.1f}; "
          f"median decision time new/old {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
