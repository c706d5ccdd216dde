"""The plain-data codec: how long a game state takes to encode (every autosave) and to
decode (every load), for Shipyard and Nauticus, and ``to_json`` with the events.

To compare two versions, run each tree's code in turn, alternating (the machine's load
then hits both alike); the last line's checksums must match between them (the bytes of
both games' JSON)::

    PYTHONPATH=/path/to/old/src .venv/bin/python benchmarks/codec.py
    .venv/bin/python benchmarks/codec.py
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections.abc import Callable

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
from shipyard_tui.games.nauticus import SeatConfig as NauticusSeat
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind


def _played(game: Game | NauticusGame, seed: int, moves: int) -> Game | NauticusGame:
    """``game`` after up to ``moves`` random legal moves."""
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < moves:
        game.push(rng.choice(game.legal_moves()))
    return game


def _per_call_us(work: Callable[[], object], times: int) -> float:
    start = time.process_time()
    for _ in range(times):
        work()
    return (time.process_time() - start) / times * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    seats = tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(4))
    shipyard = _played(Game(GameConfig(seats, seed=3)), 3, 300)
    nauticus = _played(NauticusGame(NauticusConfig(
        tuple(NauticusSeat(f"P{i}") for i in range(4)), seed=3)), 3, 300)
    data = shipyard.state.to_dict()
    state_type = type(shipyard.state)
    for round_ in range(1, args.rounds + 1):
        encode = _per_call_us(shipyard.state.to_dict, args.times)
        decode = _per_call_us(lambda: state_type.from_dict(data), args.times)
        nauticus_encode = _per_call_us(nauticus.state.to_dict, args.times)
        with_events = _per_call_us(lambda: shipyard.to_json(with_events=True),
                                   max(1, args.times // 5))
        print(f"round {round_}: Shipyard state encode {encode:.1f} us, decode {decode:.1f} us;"
              f" Nauticus state encode {nauticus_encode:.1f} us;"
              f" Shipyard to_json with events {with_events / 1000:.2f} ms")
    digests = [hashlib.md5(json.dumps(g.to_json(with_events=True)).encode()).hexdigest()
               for g in (shipyard, nauticus)]
    print("json md5:", *digests)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
