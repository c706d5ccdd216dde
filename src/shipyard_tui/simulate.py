"""Whole games between bots, for testing, balancing and benchmarks (no interface),
for every game (:class:`~shipyard_tui.core.game.GameKind`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from shipyard_tui import games
from shipyard_tui.core.game import DEFAULT_OPTIONS, Options, outcome_of
from shipyard_tui.core.seats import SeatConfig, SeatKind


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """The result of one simulated game, of any game."""

    index: int
    seed: int
    game: Any
    """The finished game (its kind: :func:`shipyard_tui.games.kind_of`)."""

    def summary(self) -> dict[str, Any]:
        """The fields every game reports (``game``, ``seed``, ``players``, ``seats``,
        ``scores``, ``winners`` and the ``winner``'s names, ``moves``), with the
        game's own (:meth:`~shipyard_tui.core.game.GameKind.result_fields`: Shipyard's
        ``rules``, ``solo``, ``guilders``, ``turns`` and ``end``; Nauticus's ``rules``,
        ``remainders``, ``totals`` and ``rounds``)."""
        kind = games.kind_of(self.game)
        outcome = outcome_of(self.game)
        seats = [s.name for s in kind.config_of(self.game).seats]
        return {
            "game": self.index,
            "seed": self.seed,
            "players": len(seats),
            "seats": seats,
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "winner": [seats[i] for i in outcome.winners],
            "moves": len(self.game.moves),
            **kind.result_fields(self.game),
        }


def simulation_config(players: int, seed: int, *, solo: bool = False, level: str = "random",
                      first_game: bool = False, advanced: bool = False, edition: str = "",
                      game: str = games.DEFAULT, options: Options | None = None) -> Any:
    """The configuration of a game between bots of ``level``: ``players`` seats named
    ``Bot 1``, ``Bot 2``, ..., or with ``solo`` one seat, ``Bot``, against the game's
    automa. ``options`` (else the other keywords, ``edition`` being the rule book)
    choose the setup; ``ValueError`` says what the game does not have."""
    if options is None:
        options = Options(rules=edition, solo=solo, first_game=first_game,
                          advanced=advanced)
    if options.solo:
        seats = [SeatConfig("Bot", SeatKind.BOT, level)]
    else:
        seats = [SeatConfig(f"Bot {i + 1}", SeatKind.BOT, level) for i in range(players)]
    return games.kind(game).make_config(seats, seed, options)


def play_out(config: Any, budget_ms: float | None = None) -> Any:
    """Play a whole game with a bot of its level in every seat but an automa's
    (``budget_ms``: the thinking time of levels that search), seeded by the one rule
    (:func:`~shipyard_tui.core.bot_seed`)."""
    kind = games.kind_of(config)
    game = kind.new_game(config)
    kind.driver(config, budget_ms, every_seat=True).play_out(game)
    return game


def simulate(game_name: str, players: int, games_count: int, seed: int,
             level: str = "random", options: Options = DEFAULT_OPTIONS,
             budget_ms: float | None = None) -> Iterator[SimulatedGame]:
    """Play ``games_count`` games of ``game_name`` with seeds ``seed``, ``seed + 1``,
    ...: the setup is checked at once (``ValueError`` says what the game does not have),
    each game played as it is asked for."""
    simulation_config(players, seed, level=level, game=game_name, options=options)

    def played() -> Iterator[SimulatedGame]:
        for k in range(games_count):
            config = simulation_config(players, seed + k, level=level, game=game_name,
                                       options=options)
            yield SimulatedGame(k, seed + k, play_out(config, budget_ms))

    return played()


def write_events(result: SimulatedGame, out: IO[str]) -> None:
    """Append a game's events to a JSON-lines stream, one event per line."""
    kind = games.kind_of(result.game)
    for event in result.game.events:
        record = {"game": result.index, **kind.event_json(event)}
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
