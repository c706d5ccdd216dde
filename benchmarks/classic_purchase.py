"""Classic bots and the Purchase card (issue 37): how often bots choose Purchase
Commodities, how often the lead catches the last card (the push, RC-3.10) and what the
gap bonus pays (RC-3.3 b), and new bots against the bots of an older commit.

    # counts over seeded classic games, every seat one level (``old:`` = the old bots)
    .venv/bin/python benchmarks/classic_purchase.py counts planner --players 3 --games 30
    .venv/bin/python benchmarks/classic_purchase.py counts old:planner --old cf3db56 ...
    # seat-rotated head to head: each seed played twice, the seats swapped
    .venv/bin/python benchmarks/classic_purchase.py versus planner old:planner --old cf3db56 \\
        --pairs 30

``--old COMMIT`` loads that commit's ``games/shipyard/bots`` modules into a package of
their own, so old and new bots play in one process with the same rules. Every bot is
seeded as the seat driver seeds it (:func:`~shipyard_tui.core.bot_seed`).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from shipyard_tui.core import bot_seed
from shipyard_tui.games.shipyard.bots import bot_for_level, resolve_level
from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.tournament import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
BOTS = "src/shipyard_tui/games/shipyard/bots"
PACKAGE = "shipyard_tui.games.shipyard.bots"
CLASSES = {"greedy": ("greedy", "GreedyBot"), "planner": ("planner", "PlannerBot"),
           "strong": ("strong", "StrongBot"), "random": ("random_bot", "RandomBot")}


def load_old(commit: str) -> str:
    """Write ``commit``'s bot modules into a temporary package; return its name."""
    name = "oldbots_" + commit[:10]
    where = Path(tempfile.mkdtemp(prefix="oldbots"))
    package = where / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    listing = subprocess.run(["git", "ls-tree", "--name-only", f"{commit}:{BOTS}"], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout.split()
    for file in listing:
        if not file.endswith(".py") or file == "__init__.py":
            continue
        text = subprocess.run(["git", "show", f"{commit}:{BOTS}/{file}"], cwd=ROOT,
                              check=True, capture_output=True, text=True).stdout
        for module in listing:
            stem = module.removesuffix(".py")
            text = text.replace(f"{PACKAGE}.{stem}", f"{name}.{stem}")
        (package / file).write_text(text)
    sys.path.insert(0, str(where))
    return name


SHARE: float | None = None
"""``--share``: the new bots' classic :attr:`GreedyTuning.purchase`, for trials."""


def make_bot(level: str, seed: int, old: str | None, rollouts: int | None) -> Any:
    """A bot of ``level`` (``old:level``: from the old package)."""
    bot = _make_bot(level, seed, old, rollouts)
    if SHARE is not None and not level.startswith("old:") and hasattr(bot, "_tunings"):
        standard, classic = bot._tunings
        bot._tunings = (standard, replace(classic, purchase=SHARE))
        policy = getattr(bot, "_policy", None)
        if policy is not None:
            policy._tunings = (policy._tunings[0], replace(policy._tunings[1], purchase=SHARE))
    return bot


def _make_bot(level: str, seed: int, old: str | None, rollouts: int | None) -> Any:
    if level.startswith("old:"):
        if old is None:
            raise SystemExit("old: levels need --old COMMIT")
        module, cls = CLASSES[resolve_level(level[4:])]
        bot_class = getattr(importlib.import_module(f"{old}.{module}"), cls)
    else:
        bot_class = None
        if resolve_level(level) != "strong" or rollouts is None:
            return bot_for_level(level, seed)
        module, cls = CLASSES["strong"]
        bot_class = getattr(importlib.import_module(f"{PACKAGE}.{module}"), cls)
    if resolve_level(level.removeprefix("old:")) == "strong" and rollouts is not None:
        return bot_class(seed, budget_ms=None, rollouts=rollouts)
    return bot_class(seed)


def play(levels: list[str], seed: int, old: str | None,
         rollouts: int | None = None) -> tuple[Game, list[str]]:
    """One classic game, a bot of ``levels[i]`` at seat i; the game and the levels."""
    seats = tuple(SeatConfig(f"S{i}", SeatKind.BOT, lv) for i, lv in enumerate(levels))
    config = GameConfig(seats, seed=seed, edition="classic")
    game = Game(config)
    bots = [make_bot(lv, bot_seed(seed, i), old, rollouts) for i, lv in enumerate(levels)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal)
        game.push(move)
    return game, levels


def counts(game: Game) -> Counter[str]:
    """What one game did: action choices (all, Purchase), bonus and final Purchases,
    pushes, gap bonuses, commodity tiles exchanged."""
    c: Counter[str] = Counter()
    for move in game.moves:
        if isinstance(move, mv.Choose):
            c["choices"] += 1
            c["purchase"] += move.action is Action.PURCHASE
        elif isinstance(move, mv.Bonus):
            c["bonus purchase"] += move.action is Action.PURCHASE
        elif isinstance(move, mv.Final):
            c["final purchase"] += move.action is Action.PURCHASE
    for event in game.events:
        if isinstance(event, ev.CardMoved) and event.pushed:
            c["pushes"] += 1
            c[f"pushed {event.pushed[-1][0]}"] += 1
        elif isinstance(event, ev.IncomePaid) and event.gap_bonus:
            c["gap bonuses"] += 1
            c["gap guilders"] += event.gap_bonus
        elif isinstance(event, ev.CommodityGivenUp):
            c["exchanges"] += 1
    c["points"] = sum(s.score for s in game.state.seats)
    return c


def run_counts(args: argparse.Namespace, old: str | None) -> None:
    total: Counter[str] = Counter()
    per_game: dict[str, list[int]] = {}
    start = time.perf_counter()
    for k in range(args.games):
        game, _ = play([args.level] * args.players, args.seed + k, old, args.rollouts)
        c = counts(game)
        total.update(c)
        for key in ("purchase", "pushes"):
            per_game.setdefault(key, []).append(c[key])
    n = args.games
    print(f"{n} classic games, {args.players} seats of {args.level}, seeds {args.seed}.."
          f"{args.seed + n - 1}, {time.perf_counter() - start:.0f} s")
    print(f"  action choices {total['choices']}, Purchase {total['purchase']} "
          f"({total['purchase'] / max(1, total['choices']):.1%}); per game "
          f"{total['purchase'] / n:.2f} (sd {statistics.pstdev(per_game['purchase']):.2f}); "
          f"bonus {total['bonus purchase']}, final {total['final purchase']}")
    print(f"  pushes (lead catches the last card) per game {total['pushes'] / n:.2f} "
          f"(sd {statistics.pstdev(per_game['pushes']):.2f}, min {min(per_game['pushes'])}, "
          f"max {max(per_game['pushes'])})")
    pushed = sorted((k for k in total if k.startswith("pushed ")), key=lambda k: -total[k])
    print("  the card caught: " + ", ".join(f"{k[7:]} {total[k] / n:.1f}" for k in pushed))
    print(f"  gap bonuses per game {total['gap bonuses'] / n:.2f}, "
          f"{total['gap guilders'] / n:.2f} guilders; exchanges per game "
          f"{total['exchanges'] / n:.2f}; points per seat {total['points'] / n / args.players:.1f}")


def run_versus(args: argparse.Namespace, old: str | None) -> None:
    """Each seed twice, the seats swapped: wins of ``a`` (a shared win is half)."""
    wins = 0.0
    margins: list[int] = []
    start = time.perf_counter()
    for k in range(args.pairs):
        seed = args.seed + k
        for order in ((args.a, args.b), (args.b, args.a)):
            game, levels = play(list(order), seed, old, args.rollouts)
            outcome = game.outcome()
            assert outcome is not None
            mine = levels.index(args.a)
            margins.append(outcome.scores[mine] - outcome.scores[1 - mine])
            if mine in outcome.winners:
                wins += 1.0 / len(outcome.winners)
        print(f"  pair {k + 1}: {wins:g} wins of {2 * (k + 1)}", flush=True)
    games = 2 * args.pairs
    low, high = wilson_interval(wins, games)
    mean = statistics.mean(margins)
    se = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    print(f"{args.a} vs {args.b}: classic, 2 seats, {games} games (seeds {args.seed}.."
          f"{args.seed + args.pairs - 1}, each twice, seats swapped), "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  wins {wins:g} of {games} = {wins / games:.1%}, Wilson 95 % "
          f"[{low:.1%}, {high:.1%}]; mean margin {mean:+.1f} ± {1.96 * se:.1f} points")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="commit whose bots the old: levels play")
    parser.add_argument("--seed", type=int, default=3700)
    parser.add_argument("--rollouts", type=int, default=None,
                        help="the strong level's rollouts a decision (default: its budget)")
    parser.add_argument("--share", type=float, default=None,
                        help="the new bots' classic Purchase share (GreedyTuning.purchase)")
    sub = parser.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("counts")
    c.add_argument("level")
    c.add_argument("--players", type=int, default=3)
    c.add_argument("--games", type=int, default=30)
    v = sub.add_parser("versus")
    v.add_argument("a")
    v.add_argument("b")
    v.add_argument("--pairs", type=int, default=30)
    args = parser.parse_args(argv)
    global SHARE
    SHARE = args.share
    old = load_old(args.old) if args.old else None
    if args.mode == "counts":
        run_counts(args, old)
    else:
        run_versus(args, old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
