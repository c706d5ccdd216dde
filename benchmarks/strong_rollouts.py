"""Rollouts of the strong bot per second of processor time, against an anchor in the
same process: the copy through plain data instead of :mod:`shipyard_tui.core.clone`
(``--anchor plain-copy``, the default), the load advice without its cache of plans
already found (``--anchor no-load-cache``; each round starts with an empty cache), or
the greedy valuations the rollouts play by as they were before they were made cheaper
(``--anchor greedy-as-it-was``).

The strong bot analyses the same fixed positions with a fixed number of rollouts (so
both variants do exactly the same work and reach the same analysis); rounds of the two
variants alternate, so a change in machine load hits both alike. The figure that
matters is the ratio in the last line. Run on one core:

    nice taskset -c 0 .venv/bin/python benchmarks/strong_rollouts.py --rounds 4
    nice taskset -c 0 .venv/bin/python benchmarks/strong_rollouts.py --anchor no-load-cache
    nice taskset -c 0 .venv/bin/python benchmarks/strong_rollouts.py --anchor greedy-as-it-was
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from shipyard_tui.games.shipyard import advice
from shipyard_tui.games.shipyard.bots import bot_for_level, greedy, valuations
from shipyard_tui.games.shipyard.bots.greedy import GreedyBot
from shipyard_tui.games.shipyard.bots.strong import SEARCHED_STEPS, Analysis, StrongBot
from shipyard_tui.games.shipyard.rules import DecisionStep, Game, GameState, Move
from shipyard_tui.games.shipyard.rules.codec import from_data, to_data
from shipyard_tui.games.shipyard.rules.moves import PlaceCanal
from shipyard_tui.games.shipyard.rules.query import CanalSystem, PlacedCanal, legal_cells
from shipyard_tui.simulate import simulation_config


def positions(count: int, seed: int) -> list[GameState]:
    """Searched decisions met along greedy games (solo and 2-seat), every 7th one."""
    found: list[GameState] = []
    k = 0
    while len(found) < count:
        solo = k % 2 == 0
        game = Game(simulation_config(3 if solo else 2, seed + k, solo=solo, level="greedy"))
        bots = [bot_for_level("greedy", seed + k + i) for i in range(3)]
        n = 0
        while not game.is_over and len(found) < count:
            if game.state.turn.step in SEARCHED_STEPS and len(game.legal_moves()) > 1:
                n += 1
                if n % 7 == 0:
                    found.append(game.view(game.to_move))
            seat = game.to_move
            assert seat is not None
            game.push(bots[seat].choose(game.view(seat), game.legal_moves()))
        k += 1
    return found


@contextmanager
def plain_data_copy() -> Iterator[None]:
    """GameState.copy through to_data/from_data, as it was."""
    fast = GameState.copy
    GameState.copy = lambda self: from_data(GameState, to_data(self))  # type: ignore[method-assign]
    try:
        yield
    finally:
        GameState.copy = fast  # type: ignore[method-assign]


class _Forgetful(dict[tuple[object, ...], Any]):
    """A cache that never finds anything."""

    def get(self, key: object, default: object = None) -> None:  # type: ignore[override]
        return None


@contextmanager
def no_load_cache() -> Iterator[None]:
    """The load advice working every plan out again, as it was."""
    kept = advice._LOAD_CACHE
    advice._LOAD_CACHE = _Forgetful()
    try:
        yield
    finally:
        advice._LOAD_CACHE = kept


@contextmanager
def greedy_as_it_was() -> Iterator[None]:
    """The greedy valuations (the rollouts' policy) as they were: every tile valued in
    every legal cell, and tile worths, the yard's mounts, cruise lengths (of the canal
    system and of each canal placement) and the game's progress worked out afresh each
    time they are asked for."""
    kept_handlers = GreedyBot._HANDLERS
    kept = (greedy.yard_shape, greedy.tile_worth, valuations.CRUISE_LENGTHS, GreedyBot._best_cell,
            GreedyBot._employee_value, GreedyBot._canal_place)

    def best_cell(self: GreedyBot, view: GameState, seat_index: int, letter: str,
                  tile_id: str | None, p: str) -> float:
        return max(self._cell_value(view, seat_index, letter, c, tile_id, p)
                   for c in legal_cells(p, letter))

    def employee_value(self: GreedyBot, view: GameState, seat: Any, employee: str,
                       late: float | None = None) -> float:
        return kept[4](self, view, seat, employee)  # the progress worked out each time

    def canal_place(self: GreedyBot, view: GameState, seat_index: int,
                    legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        canal = view.turn.canal
        assert canal is not None

        def value(move: Move) -> float:
            assert isinstance(move, PlaceCanal)
            system = CanalSystem([*seat.canals, PlacedCanal(canal, move.x, move.y,
                                                            move.rotation)])
            lengths = system.cruise_lengths(seat.token, 16)
            joins = sum(1 for _ in system.neighbours((move.x, move.y)))
            return (max(lengths) if lengths else 0) + 0.3 * len(lengths) + 0.5 * joins
        return self._best(legal, value)

    greedy.yard_shape = kept[0].__wrapped__  # type: ignore[assignment]
    greedy.tile_worth = kept[1].__wrapped__  # type: ignore[assignment]
    valuations.CRUISE_LENGTHS = _Forgetful()
    GreedyBot._best_cell = best_cell  # type: ignore[method-assign]
    GreedyBot._employee_value = employee_value  # type: ignore[method-assign]
    GreedyBot._canal_place = canal_place  # type: ignore[method-assign]
    GreedyBot._HANDLERS = {**kept_handlers, DecisionStep.CANAL_PLACE: canal_place}
    try:
        yield
    finally:
        greedy.yard_shape, greedy.tile_worth = kept[:2]
        valuations.CRUISE_LENGTHS = kept[2]
        GreedyBot._best_cell = kept[3]  # type: ignore[method-assign]
        GreedyBot._employee_value = kept[4]  # type: ignore[method-assign]
        GreedyBot._canal_place = kept[5]  # type: ignore[method-assign]
        GreedyBot._HANDLERS = kept_handlers


ANCHORS = {"plain-copy": ("plain-data copy", "clone", plain_data_copy),
           "no-load-cache": ("no load cache", "load cache", no_load_cache),
           "greedy-as-it-was": ("greedy as it was", "greedy now", greedy_as_it_was)}


def one_round(games: list[GameState], rollouts: int) -> tuple[float, list[Analysis]]:
    advice._LOAD_CACHE.clear()
    start = time.process_time()
    done = [StrongBot(1, budget_ms=None, rollouts=rollouts).analyse(g) for g in games]
    return time.process_time() - start, done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=48)
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--anchor", choices=sorted(ANCHORS), default="plain-copy")
    args = parser.parse_args(argv)
    games = positions(args.positions, args.seed)
    old, new, anchored = ANCHORS[args.anchor]
    times: dict[str, list[float]] = {old: [], new: []}
    for _ in range(args.rounds):
        with anchored():
            anchor, before = one_round(games, args.rollouts)
        fast, after = one_round(games, args.rollouts)
        assert before == after, "the two variants gave different analyses"
        times[old].append(anchor)
        times[new].append(fast)
    total = args.positions * args.rollouts
    for name, spent in times.items():
        med = statistics.median(spent)
        print(f"{name:<16} {med:.2f} s for {total} rollouts: {total / med:.0f} rollouts/s "
              f"(rounds: {', '.join(f'{s:.2f}' for s in spent)})")
    ratio = statistics.median(a / b for a, b in zip(times[old], times[new], strict=True))
    print(f"rollouts per second, {new} / {old}: {ratio:.2f}x (median of "
          f"{args.rounds} paired rounds)")
    print(json.dumps({"anchor": args.anchor, "rounds": args.rounds, "positions": args.positions,
                      "rollouts": args.rollouts, "ratio": round(ratio, 3),
                      "times": times}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
