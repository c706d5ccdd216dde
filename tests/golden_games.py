"""Golden event streams: seeded bot games whose events and final JSON must not change.

Shipyard's were recorded after rulings revision 2 and before the engine was
restructured (issue 11); Nauticus's before the two games were put on one core (issue
33). Any refactoring must leave every game's hash identical. A rule change that is
meant to change games re-records a file on purpose and says so in its commit:

    .venv/bin/python tests/golden_games.py --record            (Shipyard)
    .venv/bin/python tests/golden_games.py --record-nauticus
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard_tui.games.shipyard.rules import event_to_json
from shipyard_tui.simulate import play_out, simulation_config

GOLDEN_FILE = Path(__file__).parent / "golden" / "event_hashes.json"
NAUTICUS_FILE = Path(__file__).parent / "golden" / "nauticus_event_hashes.json"

#: (level, number of seeds per table size); random games are cheap, planner games dear.
LEVELS = (("random", 34), ("greedy", 10), ("planner", 6))
#: Table sizes: 2, 3 and 4 seats and the solo game (1).
TABLES = (2, 3, 4, 1)


@dataclass(frozen=True, slots=True)
class GoldenGame:
    level: str
    players: int
    seed: int

    @property
    def key(self) -> str:
        table = "solo" if self.players == 1 else f"{self.players}p"
        return f"{self.level}-{table}-{self.seed}"

    def play_hash(self) -> str:
        # Every third seed plays the first-game setup and every third+1 the advanced
        # one, so that the setup variants are covered too.
        config = simulation_config(self.players, self.seed, solo=self.players == 1,
                                   level=self.level, first_game=self.seed % 3 == 1,
                                   advanced=self.seed % 3 == 2)
        game = play_out(config)
        return stream_hash([event_to_json(event) for event in game.events], game.to_json())


def stream_hash(events: list[dict[str, Any]], final: dict[str, Any]) -> str:
    """The hash of a game's event records, one line each, then its final JSON."""
    digest = hashlib.sha256()
    for record in events:
        digest.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    digest.update(json.dumps(final, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


GAMES = tuple(GoldenGame(level, players, 1000 + k)
              for level, seeds in LEVELS for players in TABLES for k in range(seeds))


NAUTICUS_LEVELS = (("random", 52), ("greedy", 10), ("planner", 3), ("strong", 2))
"""Nauticus: (level, seeds per table size); the strong bot searches a fixed number of
rollouts (:data:`STRONG_ROLLOUTS`), which is reproducible anywhere, not a time budget."""

STRONG_ROLLOUTS = 2


@dataclass(frozen=True, slots=True)
class NauticusGoldenGame:
    level: str
    players: int
    seed: int

    @property
    def key(self) -> str:
        return f"nauticus-{self.level}-{self.players}p-{self.seed}"

    def play_hash(self) -> str:
        from shipyard_tui.core.driver import bot_seed
        from shipyard_tui.games import nauticus
        from shipyard_tui.games.nauticus.bots import NauticusBot, bot_for_level, play_out
        from shipyard_tui.games.nauticus.search import StrongBot

        seats = tuple(nauticus.SeatConfig(f"Bot {i + 1}", nauticus.SeatKind.BOT, self.level)
                      for i in range(self.players))
        game = nauticus.NauticusGame(nauticus.NauticusConfig(seats, seed=self.seed))
        bots: dict[int, NauticusBot] = {
            i: (StrongBot(bot_seed(self.seed, i), budget_ms=None, rollouts=STRONG_ROLLOUTS)
                if self.level == "strong" else bot_for_level(self.level, bot_seed(self.seed, i)))
            for i in range(self.players)}
        play_out(game, bots)
        return stream_hash([nauticus.event_to_json(e) for e in game.events], game.to_json())


NAUTICUS_GAMES = tuple(NauticusGoldenGame(level, players, 2000 + k)
                       for level, seeds in NAUTICUS_LEVELS for players in (2, 3, 4)
                       for k in range(seeds))


def load_golden(path: Path = GOLDEN_FILE) -> dict[str, str]:
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def record(games: tuple[GoldenGame, ...] | tuple[NauticusGoldenGame, ...] = GAMES,
           path: Path = GOLDEN_FILE) -> None:
    hashes = {game.key: game.play_hash() for game in games}
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {len(hashes)} games in {path}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
    elif sys.argv[1:] == ["--record-nauticus"]:
        record(NAUTICUS_GAMES, NAUTICUS_FILE)
    else:
        sys.exit(__doc__)
