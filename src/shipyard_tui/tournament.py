"""Matches between bot levels: seat-rotated games, win rates with confidence intervals.

Game *k* seats the bots in the order given, rotated by *k* places (the list repeats
to fill the seats), so every level plays every seat equally often over a multiple
of the seat count. A shared win counts as a fraction of a win for each winner.
Either game can be played: Shipyard (the default) or Nauticus, whose levels have the
same player names (beginner, sensible, strong).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from shipyard_tui.core import SeatDriver, bot_seed
from shipyard_tui.games.shipyard.bots import driver_for, resolve_level
from shipyard_tui.games.shipyard.rules import SECOND, Game, GameConfig, SeatConfig, SeatKind

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> low, high = wilson_interval(65, 100)
    >>> round(low, 3), round(high, 3)
    (0.553, 0.736)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def lineup(bots: list[str], players: int, game_index: int) -> list[str]:
    """The level of each seat in game ``game_index``.

    >>> lineup(["strong", "planner"], 2, 0), lineup(["strong", "planner"], 2, 1)
    (['strong', 'planner'], ['planner', 'strong'])
    """
    filled = [bots[i % len(bots)] for i in range(players)]
    shift = game_index % players
    return filled[-shift:] + filled[:-shift] if shift else filled


@dataclass(slots=True)
class LevelRecord:
    """One level's results over a tournament (per seat it held)."""

    level: str
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        n = max(1, len(self.scores))
        return {
            "bot": self.level,
            "seats_played": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_ci95": [low, high],
            "mean_score": sum(self.scores) / n,
            "mean_margin": sum(self.margins) / n,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    index: int
    seed: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rules: str = SECOND
    """The edition played: ``second`` or ``classic``."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.index, "seed": self.seed, "rules": self.rules,
                "bots": list(self.levels),
                "scores": list(self.scores), "winners": list(self.winners)}


def play_match(levels: list[str], seed: int, index: int,
               budget_ms: float | None = None, game_name: str = "shipyard",
               edition: str = SECOND) -> MatchResult:
    seats = tuple(SeatConfig(f"{lv.title()} {i + 1}", SeatKind.BOT, lv)
                  for i, lv in enumerate(levels))
    if game_name == "nauticus":
        return _nauticus_match(seats, seed, index, budget_ms)
    config = GameConfig(seats, seed=seed, edition=edition)
    game = Game(config)
    driver_for(config, budget_ms).play_out(game)
    outcome = game.outcome()
    assert outcome is not None
    return MatchResult(index, seed, tuple(levels), outcome.scores, outcome.winners, edition)


def _nauticus_match(seats: tuple[SeatConfig, ...], seed: int, index: int,
                    budget_ms: float | None) -> MatchResult:
    from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame
    from shipyard_tui.games.nauticus.bots import bot_for_level as nauticus_bot

    game = NauticusGame(NauticusConfig(seats, seed=seed))
    bots = {i: nauticus_bot(s.level, bot_seed(seed, i), budget_ms)
            for i, s in enumerate(seats)}
    SeatDriver(bots).play_out(game)
    outcome = game.outcome()
    assert outcome is not None
    return MatchResult(index, seed, tuple(s.level for s in seats), outcome.scores,
                       outcome.winners)


def tournament(players: int, bots: list[str], games: int, seed: int,
               budget_ms: float | None = None,
               game_name: str = "shipyard", edition: str = SECOND) -> Iterator[MatchResult]:
    """Play ``games`` seat-rotated games; game *k* uses seed ``seed + k`` (``edition``:
    Shipyard's 2nd-edition rules or the classic ones)."""
    if game_name == "nauticus":
        from shipyard_tui.games.nauticus.bots import resolve_level as nauticus_level

        levels = [nauticus_level(b) for b in bots]
    else:
        levels = [resolve_level(b) for b in bots]
    if not 1 <= len(levels) <= players:
        raise ValueError(f"name 1 to {players} bots for {players} seats")
    for k in range(games):
        yield play_match(lineup(levels, players, k), seed + k, k, budget_ms, game_name,
                         edition)


def standings(results: list[MatchResult]) -> list[LevelRecord]:
    """Each level's record, in the order the levels first appear."""
    records: dict[str, LevelRecord] = {}
    for result in results:
        for i, level in enumerate(result.levels):
            record = records.setdefault(level, LevelRecord(level))
            record.games += 1
            if i in result.winners:
                record.wins += 1 / len(result.winners)
            record.scores.append(result.scores[i])
            others = [s for j, s in enumerate(result.scores) if j != i]
            record.margins.append(result.scores[i] - max(others))
    return list(records.values())


def report_lines(records: list[LevelRecord], games: int) -> list[str]:
    counted = f"{games} game{'' if games == 1 else 's'}"
    lines = [f"{counted}; win rate with 95% confidence interval (Wilson), mean score, "
             "mean margin over the best other seat"]
    for record in records:
        s = record.summary()
        low, high = s["win_rate_ci95"]
        lines.append(f"{record.level:<8} wins {s['wins']:g}/{record.games} = "
                     f"{100 * s['win_rate']:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]  "
                     f"mean score {s['mean_score']:.1f}  mean margin {s['mean_margin']:+.1f}")
    return lines


def run(players: int, bots: list[str], games: int, seed: int, budget_ms: float | None,
        on_game: Callable[[MatchResult], None] | None = None,
        game_name: str = "shipyard", edition: str = SECOND) -> list[LevelRecord]:
    results = []
    for result in tournament(players, bots, games, seed, budget_ms, game_name, edition):
        results.append(result)
        if on_game is not None:
            on_game(result)
    return standings(results)
