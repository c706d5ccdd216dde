"""The seat driver: who decides at a table, and the bots that decide for their seats.

A game (any :class:`~.protocol.DecisionLoop`) names the seat to move; the driver says
whether a person or a bot decides there, and asks the bot. A bot is handed a
:class:`Decision`: the seat's own view and the legal moves, never the game, so it
cannot read what its seat may not see. Automa seats never reach the driver: the
rules play their turns inside the move that triggers them, and the interface replays
those turns from the events.

Every place that plays bots (the interface, ``simulate``, ``tournament``, the server's
table host, the tests) goes through this driver, so one seeding rule
(:func:`bot_seed`) gives the same bots the same randomness wherever a game is played.

>>> bot_seed(1000, 2)
31002
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeGuard, TypeVar, runtime_checkable

from shipyard_tui.core.protocol import DecisionLoop

MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)

BOT_SEED_FACTOR = 31


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game seeded ``game_seed``: the one rule."""
    return game_seed * BOT_SEED_FACTOR + seat


def resolve_level(level: str, bot_levels: Collection[str], player_levels: Mapping[str, str],
                  game: str = "") -> str:
    """The bot level for a level name or a player's level name (``player_levels`` maps
    the names players see to bot levels); ``ValueError`` names the known levels."""
    name = level.strip().lower()
    name = player_levels.get(name, name)
    if name not in bot_levels:
        known = ", ".join(sorted(set(bot_levels) | set(player_levels)))
        kind = f"{game} bot level" if game else "bot level"
        raise ValueError(f"unknown {kind} {level!r} (known: {known})")
    return name


class Bot(Protocol[ViewT_contra, MoveT]):
    """A seat that chooses its own moves from its view and the legal moves."""

    name: str

    def choose(self, view: ViewT_contra, legal: list[MoveT]) -> MoveT: ...


@runtime_checkable
class BlindBot(Protocol[MoveT]):
    """A bot whose choice does not depend on what its seat sees (the random bot): it
    is handed the legal moves only, so no view of the table is made for it (the view
    copies the state, and was 40 % of a random bots' game)."""

    name: str

    def choose_blind(self, legal: list[MoveT]) -> MoveT: ...


@dataclass(frozen=True, slots=True)
class Decision(Generic[ViewT, MoveT]):
    """One bot decision, taken from the game and ready to be thought over anywhere
    (a worker thread too): the seat, its view, the legal moves and the bot; for a
    :class:`BlindBot` (``blind``, the same bot) no view is made (``None``)."""

    seat: int
    view: ViewT | None
    legal: list[MoveT]
    bot: Bot[ViewT, MoveT]
    blind: BlindBot[MoveT] | None = None

    def decide(self) -> MoveT:
        """The bot's move (the legal moves are copied: a bot cannot change them)."""
        if self.blind is not None:
            return self.blind.choose_blind(list(self.legal))
        assert self.view is not None
        return self.bot.choose(self.view, list(self.legal))


Game = DecisionLoop[MoveT, Any, ViewT, Any]


class SeatDriver(Generic[ViewT, MoveT]):
    """The bots of a table by seat; every other seat is a person's."""

    def __init__(self, bots: Mapping[int, Bot[ViewT, MoveT]]) -> None:
        self.bots: dict[int, Bot[ViewT, MoveT]] = dict(bots)
        self._thinking = threading.Lock()
        """Held while a bot thinks: a bot is never asked two things at once."""
        self._blindness: dict[type, bool] = {}
        """Whether each kind of bot is a :class:`BlindBot`."""

    def bot_to_move(self, game: Game[MoveT, ViewT]) -> bool:
        """Whether a bot of this table decides now."""
        seat = game.to_move
        return seat is not None and seat in self.bots

    def decision(self, game: Game[MoveT, ViewT],
                 stand_in: Bot[ViewT, MoveT] | None = None) -> Decision[ViewT, MoveT] | None:
        """The decision in front of the seat to move, for its bot (or ``stand_in``, a
        bot playing for an absent person); ``None`` when a person decides or the game
        is over. Call it where the game lives; :meth:`Decision.decide` may run anywhere."""
        seat = game.to_move
        if seat is None:
            return None
        bot = self.bots.get(seat, stand_in)
        if bot is None:
            return None
        chooser = bot  # the bot as a Bot, whatever the guard below narrows it to
        if self._blind(bot):
            return Decision(seat, None, game.legal_moves(), chooser, bot)
        return Decision(seat, game.view(seat), game.legal_moves(), bot)

    def _blind(self, bot: Bot[ViewT, MoveT]) -> TypeGuard[BlindBot[MoveT]]:
        """Whether ``bot`` chooses without a view (asked once per kind of bot: a
        protocol's ``isinstance`` is slow)."""
        kind = type(bot)
        blind = self._blindness.get(kind)
        if blind is None:
            blind = self._blindness[kind] = isinstance(bot, BlindBot)
        return blind

    def decide(self, decision: Decision[ViewT, MoveT]) -> MoveT:
        """Ask the bot, one question at a time (safe from several threads)."""
        with self._thinking:
            return decision.decide()

    def play_bots(self, game: Game[MoveT, ViewT], *, max_moves: int | None = None,
                  seconds: float | None = None) -> list[MoveT]:
        """Play the bots' moves on ``game`` until a person decides or the game ends,
        or after ``max_moves`` moves, or once ``seconds`` have passed; return the
        moves played."""
        started = time.perf_counter()
        played: list[MoveT] = []
        while max_moves is None or len(played) < max_moves:
            seat = game.to_move
            bot = None if seat is None else self.bots.get(seat)
            if bot is None:
                break
            if self._blind(bot):
                # what decision() and decide() ask a blind bot, without making a Decision
                # for each move (a random bots' game makes tens of thousands)
                legal = game.legal_moves()
                with self._thinking:
                    move = bot.choose_blind(list(legal))
            else:
                decision = self.decision(game)
                assert decision is not None
                move = self.decide(decision)
            game.push(move)
            played.append(move)
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
        return played

    def play_out(self, game: Game[MoveT, ViewT]) -> None:
        """Play ``game`` to its end; every seat that decides must have a bot."""
        self.play_bots(game)
        if not game.is_over:
            raise ValueError(f"seat {game.to_move} has no bot: a person must decide")
