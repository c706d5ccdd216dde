"""Helpers to build rule situations for tests.

Tests set up a situation by editing ``game.state`` directly (the state is plain
data), then ask the engine for legal moves or play moves through ``game.play``.
Undo is not meaningful after a direct edit (undo replays the move list), so tests
of undo play real moves only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Feature,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
    Stage,
    engine,
)
from shipyard_tui.games.shipyard.rules.catalog import TileKind
from shipyard_tui.games.shipyard.rules.state import Role, SailedShip, Seat
from shipyard_tui.games.shipyard.rules.state import Step as S
from support import random_playout

SIMPLE_MOVES = ("proceed", "pass", "take", "end-build", "sell")
"""Moves :func:`finish_turn` prefers, in this order, to end a turn quickly."""


def random_game(config: GameConfig, seed: int, *, moves: int | None = None,
                check: Callable[[Game], None] | None = None) -> Game:
    """A game of Shipyard of ``config`` played by random legal moves drawn with ``seed``."""
    return random_playout(Game(config), seed, moves=moves, check=check)


def finish_turn(game: Game) -> None:
    """Play simple moves (:data:`SIMPLE_MOVES` first) until the next turn starts or the
    game leaves regular play."""
    number = game.state.turn_number
    while game.state.stage is Stage.PLAY and game.state.turn_number == number:
        notations = [str(m) for m in game.legal_moves()]
        game.play(next((m for m in SIMPLE_MOVES if m in notations), notations[0]))


def new_game(players: int = 2, seed: int = 0, **options: bool) -> Game:
    """A standard game with human seats named A, B, C, D."""
    names = "ABCD"[:players]
    return Game(GameConfig(tuple(SeatConfig(n) for n in names), seed=seed, **options))


def solo_game(seed: int = 0, **options: bool) -> Game:
    seats = (SeatConfig("Me"), SeatConfig("Automa A", SeatKind.AUTOMA),
             SeatConfig("Automa B", SeatKind.AUTOMA))
    return Game(GameConfig(seats, seed=seed, solo=True, **options))


def current(game: Game) -> Seat:
    return game.state.seats[game.state.turn.seat]


def tile_with(kind: TileKind, *features: Feature) -> str:
    """The id of a catalog ship tile of ``kind`` with exactly these features (any order)."""
    wanted = sorted(features)
    for tile in CATALOG.ship_tiles.values():
        if tile.kind is kind and sorted(tile.features) == wanted:
            return tile.id
    raise LookupError(f"no {kind} tile with {features}")


def tiles_of(kind: TileKind) -> list[str]:
    return [t.id for t in CATALOG.ship_tiles.values() if t.kind is kind]


def yard_from_pattern(text: str) -> list[str | None]:
    """A yard from a pattern like ``"B.M......S"`` using distinct catalog tiles."""
    pools = {"B": tiles_of(TileKind.BOW), "M": tiles_of(TileKind.MIDDLE),
             "S": tiles_of(TileKind.STERN)}
    yard: list[str | None] = []
    for letter in text:
        yard.append(None if letter == "." else pools[letter].pop())
    return yard


def begin_action(game: Game, action: Action, role: Role = Role.MAIN) -> None:
    """Put the seat to move straight into performing ``action`` (its cube already placed)."""
    state = game.state
    state.turn.chosen = action
    engine.start_action(state, action, role, game.events)


def play_until(game: Game, predicate, rng: random.Random | None = None, limit: int = 5000) -> None:
    """Play random legal moves until ``predicate(game)`` holds."""
    rng = rng or random.Random(0)
    for _ in range(limit):
        if predicate(game):
            return
        # as a random bot plays (no "nobonus"): the situations reached stay those
        # reached before that move existed (issue 35 item 1)
        game.play(rng.choice(considered(game.legal_moves())))
    raise AssertionError("the situation was not reached")


def fleet_ship(tiles: list[str], pieces: dict[str, int] | None = None,
               speed: int = 1) -> SailedShip:
    """A sailed ship for contract tests (its points do not matter there)."""
    return SailedShip(list(tiles), dict(pieces or {}), speed, [], {}, 0)


def moves_text(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


__all__ = [
    "S",
    "begin_action",
    "current",
    "fleet_ship",
    "moves_text",
    "new_game",
    "play_until",
    "solo_game",
    "tile_with",
    "tiles_of",
    "yard_from_pattern",
]


def person_against_greedy(seed: int, opponent: str = "Bot") -> Game:
    """A finished 2-seat game: a person, Ann (her moves by the random bot), against a
    greedy bot named ``opponent``: the game the Key moments' tests analyse."""
    from shipyard_tui.core import SeatDriver
    from shipyard_tui.games.shipyard.bots import bot_for_level
    from shipyard_tui.games.shipyard.rules import SeatConfig, SeatKind

    config = GameConfig((SeatConfig("Ann"), SeatConfig(opponent, SeatKind.BOT, "greedy")),
                        seed=seed)
    game = Game(config)
    SeatDriver({0: bot_for_level("random", seed), 1: bot_for_level("greedy", seed)}
               ).play_out(game)
    return game


def board_config(kind: str, seats: int, seed: int) -> GameConfig:
    """A game of ``kind`` ("second", "classic" or "solo") for the board tests: Ann a
    person, the other seats random bots."""
    from shipyard_tui.games.shipyard.kind import solo_config
    from shipyard_tui.games.shipyard.rules import SeatConfig, SeatKind

    if kind == "solo":
        return solo_config("Ann", seed)
    names = ("Ann", "Bob", "Cy", "Di")[:seats]
    return GameConfig(tuple(SeatConfig(n, SeatKind.HUMAN if i == 0 else SeatKind.BOT, "random")
                            for i, n in enumerate(names)), seed=seed,
                      edition="classic" if kind == "classic" else "second")

