"""Golden event streams: seeded bot games whose events and final JSON must not change.

Recorded after rulings revision 2 and before the engine was restructured (issue 11):
any refactoring of the rules must leave every game's hash identical. A rule change that
is meant to change games re-records the file on purpose and says so in its commit:

    .venv/bin/python tests/golden_games.py --record
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from shipyard_tui.rules import event_to_json
from shipyard_tui.simulate import play_out, simulation_config

GOLDEN_FILE = Path(__file__).parent / "golden" / "event_hashes.json"

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
        digest = hashlib.sha256()
        for event in game.events:
            digest.update(json.dumps(event_to_json(event), sort_keys=True,
                                     separators=(",", ":")).encode())
            digest.update(b"\n")
        digest.update(json.dumps(game.to_json(), sort_keys=True,
                                 separators=(",", ":")).encode())
        return digest.hexdigest()


GAMES = tuple(GoldenGame(level, players, 1000 + k)
              for level, seeds in LEVELS for players in TABLES for k in range(seeds))


def load_golden() -> dict[str, str]:
    data: dict[str, str] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
    return data


def record() -> None:
    hashes = {game.key: game.play_hash() for game in GAMES}
    GOLDEN_FILE.parent.mkdir(exist_ok=True)
    GOLDEN_FILE.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n",
                           encoding="utf-8")
    print(f"recorded {len(hashes)} games in {GOLDEN_FILE}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    record()
