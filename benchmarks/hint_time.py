"""How long the hint key thinks: processor time of Shipyard's hint search
(:func:`~shipyard_tui.games.shipyard.analysis.hint_for`) at the budget the game screen
gives it (the strong level's default, since the hint and the Key moments search each
decision alike), by kind of decision.

The positions come from solo games played by random moves (seeded): at every decision
of the player with more than one legal move, with probability ``--share``, the hint is
asked for and timed in processor time of the process (``time.process_time``), so other
programs on the machine do not count. A hint on a marker's ring (R-4.4 to R-4.6) also
follows the bot's walk to where it takes a piece or hires, one more search a step; the
``walk`` column counts those steps.

The anchor, measured at the same positions in the same run: one searched decision of
the strong level at its default budget (``StrongBot.analyse``), the thing a hint does
once plus its walk. The two are timed in alternating order, position by
position, and the table gives each hint's time as a ratio to its anchor. Run on one
core:

    nice taskset -c 0 .venv/bin/python benchmarks/hint_time.py --games 40 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict

from shipyard_tui.games.shipyard.analysis import hint_for
from shipyard_tui.games.shipyard.bots.strong import DEFAULT_BUDGET_MS, StrongBot
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind


def solo_config(seed: int) -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Automa A", SeatKind.AUTOMA),
                       SeatConfig("Automa B", SeatKind.AUTOMA)), seed=seed, solo=True)


Timed = tuple[float, int, float]
"""A hint's seconds of processor time, its walk's length, and its anchor's seconds."""


def measure(games: int, seed: int, share: float) -> dict[str, list[Timed]]:
    """Each hint's time, walk length and anchor time, by decision step."""
    times: dict[str, list[Timed]] = defaultdict(list)
    measured = 0
    for game_seed in range(seed, seed + games):
        game = Game(solo_config(game_seed))
        rng = random.Random(game_seed)
        while not game.is_over:
            legal = game.legal_moves()
            if game.to_move == 0 and len(legal) > 1 and rng.random() < share:
                measured += 1
                spent: dict[str, float] = {}
                walk = 1
                for which in ("hint", "anchor") if measured % 2 else ("anchor", "hint"):
                    start = time.process_time()
                    if which == "hint":
                        hint = hint_for(game, budget_ms=DEFAULT_BUDGET_MS)
                        walk = len(hint.best_moves)
                    else:
                        StrongBot(game_seed).analyse(game.view(0))
                    spent[which] = time.process_time() - start
                times[game.state.turn.step.name].append((spent["hint"], walk,
                                                         spent["anchor"]))
            game.play(rng.choice(legal))
    return times


def table(times: dict[str, list[Timed]]) -> str:
    def at(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    rows = ["| decision | hints | hint / anchor: median | p95 | max | hint median ms | "
            "anchor median ms | longest walk |", "|---|---|---|---|---|---|---|---|"]
    everything: list[Timed] = []
    for step in sorted(times, key=lambda s: -len(times[s])):
        timed = times[step]
        everything += timed
        ratios = [t / a for t, _, a in timed if a > 0]
        rows.append(f"| {step} | {len(timed)} | {at(ratios, 0.5):.2f} | "
                    f"{at(ratios, 0.95):.2f} | {at(ratios, 1.0):.2f} | "
                    f"{1000 * at([t for t, _, _ in timed], 0.5):.0f} | "
                    f"{1000 * at([a for _, _, a in timed], 0.5):.0f} | "
                    f"{max(w for _, w, _ in timed)} |")
    ratios = [t / a for t, _, a in everything if a > 0]
    rows.append(f"| all | {len(everything)} | {at(ratios, 0.5):.2f} | {at(ratios, 0.95):.2f}"
                f" | {at(ratios, 1.0):.2f} | {1000 * at([t for t, _, _ in everything], 0.5):.0f}"
                f" | {1000 * at([a for _, _, a in everything], 0.5):.0f} | |")
    total = sum(t for t, _, _ in everything) / sum(a for _, _, a in everything)
    rows.append(f"\nall hints together took {total:.2f} times their anchors; "
                f"hints: mean {1000 * statistics.mean(t for t, _, _ in everything):.0f} ms")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--share", type=float, default=0.25,
                        help="the share of the player's decisions hinted (default 0.25)")
    args = parser.parse_args(argv)
    print(table(measure(args.games, args.seed, args.share)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
