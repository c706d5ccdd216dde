"""The strong Nauticus level (or a variant of it) against the sensible level (planner),
2 seats, each seed twice with the seats swapped (issue 37).

    nice -n 19 .venv/bin/python benchmarks/nauticus_strong_trial.py --games 40 --seed 31000
    nice -n 19 .venv/bin/python benchmarks/nauticus_strong_trial.py --games 40 --seed 31000 \\
        --option horizon=3 --option top=3

``--option NAME=VALUE`` passes a keyword to :class:`~shipyard_tui.games.nauticus.search.StrongBot`
(a number, ``true``/``false``, or text), so variants are tried without editing it.
Prints, per game, the scores and the strong seat's deliveries, crown rewards and goods
rewards (``GoodsDelivered`` and ``RewardTaken`` events); then the strong level's wins
with their 95 % Wilson interval (a shared game counts half), the mean scores, the share
of games in which the strong seat delivered, took a crown reward and took a goods
reward, and the strong seat's processor time per decision (``thread_time``: median and
95th percentile, over every decision it was asked and over its tile choices).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import NauticusBot, bot_for_level, play_out
from shipyard_tui.games.nauticus.rules.events import GoodsDelivered, RewardTaken
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import NauticusState, Step
from shipyard_tui.games.nauticus.search import StrongBot
from shipyard_tui.tournament import wilson_interval

USES = ("deliveries", "crown rewards", "goods rewards")


class Timed:
    """A bot whose every decision's processor time is recorded."""

    def __init__(self, bot: NauticusBot, times: list[float], tiles: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times
        self.tiles = tiles

    def choose(self, view: NauticusState, legal: list[Move]) -> Move:
        start = time.thread_time()
        move = self.bot.choose(view, legal)
        spent = time.thread_time() - start
        self.times.append(spent)
        if view.step is Step.CHOOSE and len(legal) > 1:
            self.tiles.append(spent)
        return move


def parse_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def uses(events: list[object], seat: int) -> dict[str, int]:
    counts = dict.fromkeys(USES, 0)
    for event in events:
        if getattr(event, "seat", None) != seat:
            continue
        if isinstance(event, GoodsDelivered):
            counts["deliveries"] += 1
        elif isinstance(event, RewardTaken) and event.reward.startswith("crown-"):
            counts["crown rewards"] += 1
        elif isinstance(event, RewardTaken) and event.reward.startswith("goods"):
            counts["goods rewards"] += 1
    return counts


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=31000, help="first seed")
    parser.add_argument("--against", default="planner", help="the other level")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    options = {name: parse_value(value)
               for name, value in (o.split("=", 1) for o in args.option)}
    start = time.perf_counter()
    wins = 0.0
    scores: list[tuple[int, int]] = []
    per_game: list[dict[str, int]] = []
    times: list[float] = []
    tiles: list[float] = []
    for k in range(args.games):
        seed = args.seed + k // 2
        strong_seat = k % 2
        levels = ["strong", args.against] if strong_seat == 0 else [args.against, "strong"]
        seats = tuple(SeatConfig(f"{lv} {i}", SeatKind.BOT, lv) for i, lv in enumerate(levels))
        game = NauticusGame(NauticusConfig(seats, seed=seed))
        bots: dict[int, Any] = {}
        for i, level in enumerate(levels):
            if level == "strong":
                bots[i] = Timed(StrongBot(seed * 31 + i, **options), times, tiles)
            else:
                bots[i] = bot_for_level(level, seed * 31 + i)
        outcome = play_out(game, bots).outcome()
        assert outcome is not None
        mine, theirs = outcome.scores[strong_seat], outcome.scores[1 - strong_seat]
        if outcome.shared:
            wins += 0.5
        elif outcome.winners[0] == strong_seat:
            wins += 1
        scores.append((mine, theirs))
        counts = uses(game.events, strong_seat)
        per_game.append(counts)
        if not args.quiet:
            print(f"seed {seed} seat {strong_seat}: {mine}-{theirs} "
                  + " ".join(f"{n}" for n in counts.values()), flush=True)
    elapsed = time.perf_counter() - start
    n = args.games
    low, high = wilson_interval(wins, n)
    print(f"{n} games, seeds {args.seed}-{args.seed + (n - 1) // 2} each twice, seats "
          f"swapped, strong {options or 'default'} vs {args.against}, {elapsed:.0f} s")
    print(f"  strong wins {wins:g} of {n}: {wins / n:.1%} [95 % Wilson {low:.1%}, {high:.1%}]")
    print(f"  mean scores {statistics.mean(s for s, _ in scores):.1f} - "
          f"{statistics.mean(t for _, t in scores):.1f}, mean margin "
          f"{statistics.mean(s - t for s, t in scores):+.1f}")
    for name in USES:
        total = sum(g[name] for g in per_game)
        games = sum(1 for g in per_game if g[name])
        print(f"  {name}: {total / n:.2f} per game, in {games} of {n} games")
    print(f"  decision time (thread): median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {percentile(times, 0.95) * 1000:.1f} ms over {len(times)}; tile choices "
          f"median {statistics.median(tiles) * 1000:.1f} ms, "
          f"p95 {percentile(tiles, 0.95) * 1000:.1f} ms over {len(tiles)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
