"""State copies and the seat driver, measured as ratios against anchors in the same run.

1. ``GameState.copy()`` (the copier of :mod:`shipyard_tui.core.clone`) against the
   plain-data round trip it replaced (``from_data(GameState, to_data(state))``), on the
   states of a random 4-seat game.
2. Random-bot games played through the seat driver (which hands each bot its seat's
   view, a copy) against the same games by a bare loop (``rng.choice`` of the legal
   moves, no view): the price of never handing a bot the game.

Rounds alternate, so a change in machine load hits both sides alike. Run on one core:

    taskset -c 0 .venv/bin/python benchmarks/copies.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from shipyard_tui.core.codec import from_data, to_data
from shipyard_tui.core.driver import bot_seed
from shipyard_tui.games.shipyard.rules import Game, GameConfig
from shipyard_tui.games.shipyard.rules.state import GameState
from shipyard_tui.simulate import play_out, simulation_config


def sample_states(seed: int) -> list[GameState]:
    game = Game(simulation_config(4, seed))
    rng = random.Random(seed)
    states = []
    while not game.is_over:
        states.append(game.state.copy())
        game.push(rng.choice(game.legal_moves()))
    return states


def bare(config: GameConfig) -> Game:
    game = Game(config)
    rngs = {i: random.Random(bot_seed(config.seed, i)) for i in range(len(config.seats))}
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.push(rngs[seat].choice(game.legal_moves()))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args(argv)
    states = sample_states(1)
    copy_ratios, driver_ratios = [], []
    for r in range(args.rounds):
        start = time.process_time()
        for state in states:
            from_data(GameState, to_data(state))
        anchor = time.process_time() - start
        start = time.process_time()
        for state in states:
            state.copy()
        cloned = time.process_time() - start
        copy_ratios.append(cloned / anchor)
        configs = [simulation_config(4, 500 + 100 * r + k) for k in range(args.games)]
        start = time.process_time()
        by_hand = [bare(c).moves for c in configs]
        loop = time.process_time() - start
        start = time.process_time()
        driven = [play_out(c).moves for c in configs]
        through_driver = time.process_time() - start
        assert by_hand == driven
        driver_ratios.append(through_driver / loop)
        print(f"round {r}: {len(states)} copies {1000 * cloned / len(states):.3f} ms each "
              f"(round trip {1000 * anchor / len(states):.3f} ms); {args.games} random games "
              f"{1000 * through_driver / args.games:.1f} ms each through the driver "
              f"(bare loop {1000 * loop / args.games:.1f} ms)")
    print(f"copy / plain-data round trip: median {statistics.median(copy_ratios):.3f}")
    print(f"random games, driver / bare loop: median {statistics.median(driver_ratios):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
