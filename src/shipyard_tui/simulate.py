"""Whole games between bots, for testing, balancing and benchmarks (no interface)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from shipyard_tui.core import bot_seed
from shipyard_tui.games.shipyard.bots import driver_for
from shipyard_tui.games.shipyard.rules import (
    SECOND,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
    event_to_json,
)

if TYPE_CHECKING:  # Nauticus is loaded only when it is simulated
    from shipyard_tui.games.nauticus import NauticusGame


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """The result of one simulated game."""

    index: int
    seed: int
    game: Game

    def summary(self) -> dict[str, Any]:
        state = self.game.state
        outcome = self.game.outcome()
        assert outcome is not None
        return {
            "game": self.index,
            "seed": self.seed,
            "rules": state.config.edition,
            "players": len(state.seats),
            "solo": state.config.solo,
            "seats": [s.name for s in state.seats],
            "scores": list(outcome.scores),
            "guilders": list(outcome.guilders),
            "winners": list(outcome.winners),
            "winner": [state.seats[i].name for i in outcome.winners],
            "moves": len(self.game.moves),
            "turns": [s.turns for s in state.seats],
            "end": state.end_trigger,
        }


def simulation_config(players: int, seed: int, *, solo: bool = False, level: str = "random",
                      first_game: bool = False, advanced: bool = False,
                      edition: str = SECOND) -> GameConfig:
    seats: tuple[SeatConfig, ...]
    if solo:
        seats = (
            SeatConfig("Bot", SeatKind.BOT, level),
            SeatConfig("Automa A", SeatKind.AUTOMA),
            SeatConfig("Automa B", SeatKind.AUTOMA),
        )
        return GameConfig(seats, seed=seed, solo=True, first_game=first_game, advanced=advanced)
    seats = tuple(SeatConfig(f"Bot {i + 1}", SeatKind.BOT, level) for i in range(players))
    return GameConfig(seats, seed=seed, first_game=first_game, advanced=advanced,
                      edition=edition)


def play_out(config: GameConfig, budget_ms: float | None = None) -> Game:
    """Play a whole game with a bot of its level in every non-automa seat
    (``budget_ms``: the thinking time of levels that search), seeded by the one rule
    (:func:`~shipyard_tui.core.bot_seed`)."""
    game = Game(config)
    driver_for(config, budget_ms, every_seat=True).play_out(game)
    return game


def simulate(players: int, games: int, seed: int, level: str = "random", *, solo: bool = False,
             first_game: bool = False, advanced: bool = False,
             budget_ms: float | None = None, edition: str = SECOND) -> Iterator[SimulatedGame]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ... (``edition``: the
    2nd edition's rules or the classic ones, RC-1.1)."""
    for k in range(games):
        game_seed = seed + k
        config = simulation_config(players, game_seed, solo=solo, level=level,
                                   first_game=first_game, advanced=advanced, edition=edition)
        config.validate()
        yield SimulatedGame(k, game_seed, play_out(config, budget_ms))


@dataclass(frozen=True, slots=True)
class SimulatedNauticusGame:
    """The result of one simulated game of Nauticus."""

    index: int
    seed: int
    game: NauticusGame

    def summary(self) -> dict[str, Any]:
        state = self.game.state
        outcome = self.game.outcome()
        assert outcome is not None
        return {
            "game": self.index,
            "seed": self.seed,
            "rules": "nauticus",
            "players": len(state.seats),
            "seats": [s.name for s in state.seats],
            "scores": list(outcome.scores),
            "remainders": list(outcome.remainders),
            "totals": list(outcome.totals),
            "winners": list(outcome.winners),
            "winner": [state.seats[i].name for i in outcome.winners],
            "moves": len(self.game.moves),
            "rounds": state.config.rounds,
        }


def simulate_nauticus(players: int, games: int, seed: int,
                      level: str = "random") -> Iterator[SimulatedNauticusGame]:
    """Play ``games`` games of Nauticus with seeds ``seed``, ``seed + 1``, ..."""
    from shipyard_tui.games import nauticus
    from shipyard_tui.games.nauticus import bots as nauticus_bots

    for k in range(games):
        game_seed = seed + k
        seats = tuple(SeatConfig(f"Bot {i + 1}", SeatKind.BOT, level) for i in range(players))
        game = nauticus.NauticusGame(nauticus.NauticusConfig(seats, seed=game_seed))
        bots = {i: nauticus_bots.bot_for_level(level, bot_seed(game_seed, i))
                for i in range(players)}
        yield SimulatedNauticusGame(k, game_seed, nauticus_bots.play_out(game, bots))


def write_events(result: SimulatedGame | SimulatedNauticusGame, out: IO[str]) -> None:
    """Append a game's events to a JSON-lines stream, one event per line."""
    if isinstance(result, SimulatedNauticusGame):
        from shipyard_tui.games import nauticus

        records = [nauticus.event_to_json(e) for e in result.game.events]
    else:
        records = [event_to_json(e) for e in result.game.events]
    for data in records:
        record = {"game": result.index, **data}
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
