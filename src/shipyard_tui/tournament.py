"""Matches between bot levels: seat-rotated games, win rates with confidence intervals.

Game *k* seats the bots in the order given, rotated by *k* places (the list repeats
to fill the seats), so every level plays every seat equally often over a multiple
of the seat count. A shared win counts as a fraction of a win for each winner.
Every game can be played (:class:`~shipyard_tui.core.game.GameKind`), Shipyard by
default; their levels have the same player names (beginner, sensible, strong, expert).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from shipyard_tui import games
from shipyard_tui.core.game import DEFAULT_OPTIONS, Options, outcome_of
from shipyard_tui.core.seats import SeatConfig, SeatKind

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
    rules: str = "second"
    """The rule book played (Shipyard's ``second`` or ``classic``), or the game's name
    where it has only one (``nauticus``)."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.index, "seed": self.seed, "rules": self.rules,
                "bots": list(self.levels),
                "scores": list(self.scores), "winners": list(self.winners)}


def play_match(levels: list[str], seed: int, index: int,
               budget_ms: float | None = None, game_name: str = games.DEFAULT,
               options: Options = DEFAULT_OPTIONS) -> MatchResult:
    """One game of ``game_name`` between bots of ``levels``, a seat each, driven by the
    game's own seat driver (:meth:`~shipyard_tui.core.game.GameKind.driver`)."""
    kind = games.kind(game_name)
    seats = [SeatConfig(f"{lv.title()} {i + 1}", SeatKind.BOT, lv)
             for i, lv in enumerate(levels)]
    config = kind.make_config(seats, seed, options)
    game = kind.new_game(config)
    kind.driver(config, budget_ms).play_out(game)
    outcome = outcome_of(game)
    return MatchResult(index, seed, tuple(levels), tuple(outcome.scores),
                       tuple(outcome.winners), kind.rules_of(game) or kind.name)


def tournament(players: int, bots: list[str], games_count: int, seed: int,
               budget_ms: float | None = None, game_name: str = games.DEFAULT,
               options: Options = DEFAULT_OPTIONS) -> Iterator[MatchResult]:
    """Play ``games_count`` seat-rotated games of ``game_name``; game *k* uses seed
    ``seed + k`` (``options``: the setup, Shipyard's rule book for one). The levels and
    the setup are checked at once (``ValueError``)."""
    kind = games.kind(game_name)
    levels = [kind.resolve_level(b) for b in bots]
    if not 1 <= len(levels) <= players:
        raise ValueError(f"name 1 to {players} bots for {players} seats")
    kind.check_options(options)

    def played() -> Iterator[MatchResult]:
        for k in range(games_count):
            yield play_match(lineup(levels, players, k), seed + k, k, budget_ms, game_name,
                             options)

    return played()


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


def run(players: int, bots: list[str], games_count: int, seed: int, budget_ms: float | None,
        on_game: Callable[[MatchResult], None] | None = None,
        game_name: str = games.DEFAULT, options: Options = DEFAULT_OPTIONS
        ) -> list[LevelRecord]:
    results = []
    for result in tournament(players, bots, games_count, seed, budget_ms, game_name,
                             options):
        results.append(result)
        if on_game is not None:
            on_game(result)
    return standings(results)
