"""How long the hint key thinks: processor time of :func:`~shipyard_tui.analysis.hint_for`
at the budget the game screen gives it (:data:`~shipyard_tui.analysis.HINT_BUDGET_FACTOR`
times the strong level's default), by kind of decision.

The positions come from solo games played by random moves (seeded): at every decision
of the player with more than one legal move, with probability ``--share``, the hint is
asked for and timed in processor time of the process (``time.process_time``), so other
programs on the machine do not count. A hint on a marker's ring (R-4.4 to R-4.6) also
follows the bot's walk to where it takes a piece or hires, one more search a step; the
``walk`` column counts those steps. Run on one core:

    nice taskset -c 0 .venv/bin/python benchmarks/hint_time.py --games 40 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict

from shipyard_tui.analysis import HINT_BUDGET_FACTOR, hint_for
from shipyard_tui.bots.strong import DEFAULT_BUDGET_MS
from shipyard_tui.rules import Game, GameConfig, SeatConfig, SeatKind


def solo_config(seed: int) -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Automa A", SeatKind.AUTOMA),
                       SeatConfig("Automa B", SeatKind.AUTOMA)), seed=seed, solo=True)


def measure(games: int, seed: int, share: float) -> dict[str, list[tuple[float, int]]]:
    """Seconds of processor time and walk length of each hint, by decision step."""
    times: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for game_seed in range(seed, seed + games):
        game = Game(solo_config(game_seed))
        rng = random.Random(game_seed)
        while not game.is_over:
            legal = game.legal_moves()
            if game.to_move == 0 and len(legal) > 1 and rng.random() < share:
                start = time.process_time()
                hint = hint_for(game, budget_ms=HINT_BUDGET_FACTOR * DEFAULT_BUDGET_MS)
                spent = time.process_time() - start
                times[game.state.turn.step.name].append((spent, len(hint.best_moves)))
            game.play(rng.choice(legal))
    return times


def table(times: dict[str, list[tuple[float, int]]]) -> str:
    def ms(values: list[float], q: float) -> str:
        ordered = sorted(values)
        return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"

    rows = ["| decision | hints | median ms | p95 ms | max ms | longest walk |",
            "|---|---|---|---|---|---|"]
    everything: list[float] = []
    for step in sorted(times, key=lambda s: -len(times[s])):
        spent = [t for t, _ in times[step]]
        everything += spent
        rows.append(f"| {step} | {len(spent)} | {ms(spent, 0.5)} | {ms(spent, 0.95)} | "
                    f"{ms(spent, 1.0)} | {max(w for _, w in times[step])} |")
    rows.append(f"| all | {len(everything)} | {ms(everything, 0.5)} | "
                f"{ms(everything, 0.95)} | {ms(everything, 1.0)} | |")
    rows.append(f"\nmean {1000 * statistics.mean(everything):.0f} ms")
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
