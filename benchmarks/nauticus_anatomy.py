"""Where Nauticus bots' points come from: self-play games of one level, and per seat the
VP of each scoring kind, ships completed and goods delivered.

    nice .venv/bin/python benchmarks/nauticus_anatomy.py greedy --players 2 --games 20
    nice .venv/bin/python benchmarks/nauticus_anatomy.py strong --players 3 --games 20 --json

Levels by either name (``beginner`` is ``greedy``, ``sensible`` is ``planner``). The
scoring kinds are those of the ``Scored`` events (NAUTICUS.md §13 and the VP earned
during play): start, bonus, reward (the 3-VP ship reward), crowns, penalty, goods,
ships, leftovers. ``--src`` puts another source tree first, to measure an older
version (``git archive REV src | tar -x -C /tmp/old``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

FIRST_SEED = 9000


def play(level: str, players: int, seed: int) -> tuple[list[dict[str, Any]], int, float]:
    """One self-play game: per seat its figures; the number of bot decisions and their
    total processor time."""
    from shipyard_tui.games.nauticus import (
        NauticusConfig,
        NauticusGame,
        SeatConfig,
        SeatKind,
    )
    from shipyard_tui.games.nauticus.bots import bot_for_level
    from shipyard_tui.games.nauticus.rules import events as ev
    from shipyard_tui.games.nauticus.rules.scoring import score_by_kind

    seats = tuple(SeatConfig(f"{level} {i}", SeatKind.BOT, level) for i in range(players))
    game = NauticusGame(NauticusConfig(seats, seed=seed))
    bots = {i: bot_for_level(level, seed * 31 + i) for i in range(players)}
    decisions = 0
    spent = 0.0
    while not game.is_over:
        legal = game.legal_moves()
        if len(legal) == 1:
            game.push(legal[0])
            continue
        seat = game.to_move
        t0 = time.thread_time()
        move = bots[seat].choose(game.view(seat), legal)
        spent += time.thread_time() - t0
        decisions += 1
        game.push(move)
    events = game.events
    kinds = score_by_kind(events, players)
    rows: list[dict[str, Any]] = []
    for i in range(players):
        seat_state = game.state.seats[i]
        rows.append({
            "vp": seat_state.vp,
            "kinds": kinds[i],
            "ships_completed": sum(isinstance(e, ev.ShipCompleted) and e.seat == i
                                   for e in events),
            "deliveries": sum(isinstance(e, ev.GoodsDelivered) and e.seat == i
                              for e in events),
            "goods_delivered": sum(seat_state.delivered.values()),
            "ship_rewards": sum(isinstance(e, ev.RewardTaken) and e.seat == i
                                for e in events),
            "crown_uses": sum(isinstance(e, ev.CrownsEvaluated) and e.seat == i
                              for e in events),
            "won": i in (game.state.winners or []),
        })
    return rows, decisions, spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="first seed")
    parser.add_argument("--src", help="a source tree to import shipyard_tui from")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    if args.src:
        sys.path.insert(0, args.src)
    from shipyard_tui.games.nauticus.rules.events import SCORE_KINDS

    start = time.perf_counter()
    seats: list[dict[str, Any]] = []
    decisions = 0
    spent = 0.0
    for k in range(args.games):
        rows, n, t = play(args.level, args.players, args.seed + k)
        seats.extend(rows)
        decisions += n
        spent += t
    elapsed = time.perf_counter() - start

    def mean(key: str) -> float:
        return statistics.mean(s[key] for s in seats)

    def share(key: str) -> float:
        return sum(s[key] > 0 for s in seats) / len(seats)

    print(f"{args.level}, {args.players} seats, {args.games} games (seeds {args.seed}-"
          f"{args.seed + args.games - 1}), {elapsed:.1f} s; "
          f"{decisions} decisions, mean {1000 * spent / max(1, decisions):.1f} ms each")
    print(f"  final VP: mean {mean('vp'):.1f}, median {statistics.median(s['vp'] for s in seats)}")
    print("  VP by kind (mean per seat): " + ", ".join(
        f"{k} {statistics.mean(s['kinds'][k] for s in seats):.1f}" for k in SCORE_KINDS))
    print(f"  ships completed per seat: mean {mean('ships_completed'):.2f} "
          f"(seats with one: {share('ships_completed'):.0%}); ship rewards taken "
          f"{mean('ship_rewards'):.2f}")
    print(f"  deliveries per seat: mean {mean('deliveries'):.2f}, goods delivered "
          f"{mean('goods_delivered'):.2f} (seats with one: {share('goods_delivered'):.0%})")
    print(f"  crown evaluation uses per seat: mean {mean('crown_uses'):.2f}")
    if args.json:
        print(json.dumps({"level": args.level, "players": args.players, "games": args.games,
                          "seed": args.seed, "decisions": decisions, "cpu_s": spent,
                          "seats": seats}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
