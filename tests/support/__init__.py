"""Helpers the tests share, for every game: events of a kind, random playouts, a
settled app.

One copy of what the tests (and benchmarks) used to write again in each file. It
asserts nothing of its own: the tests do. Its code names no game (helpers for one game's
rules live with the tests: ``tests/support/shipyard.py`` for Shipyard's).

>>> from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig
>>> game = random_playout(Game(GameConfig((SeatConfig("A"), SeatConfig("B")), seed=1)), 1)
>>> game.is_over
True
>>> from shipyard_tui.games.shipyard.rules import events as ev
>>> len(of_type(game.events, ev.GameEnded))
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from shipyard_tui.core.events import Event
from shipyard_tui.core.loop import GameLoop

if TYPE_CHECKING:
    from textual.pilot import Pilot

T = TypeVar("T")
EventT = TypeVar("EventT", bound=Event)
LoopT = TypeVar("LoopT", bound=GameLoop[Any, Any, Any, Any])

_LEGAL: list[Any] = [None, -1, None, []]
"""The last position :func:`legal_now` answered for: the game, its number of moves, its
state object, and the legal moves."""


def legal_now(game: GameLoop[Any, Any, Any, Any]) -> list[Any]:
    """``game.legal_moves()``, generated once per position of a playout: a soak's check
    after a move and the playout's next draw ask for the same list, and a random game
    spent half its time generating it twice. The position is known by the game, its
    number of moves and its state object, which only :meth:`GameLoop.push` and
    :meth:`GameLoop.undo` change in a playout (a test that edits a state by hand calls
    ``legal_moves`` itself). The list is shared: read it, never change it."""
    key_game, key_moves, key_state, legal = _LEGAL
    if key_game is game and key_moves == len(game.moves) and key_state is game.state:
        return legal  # type: ignore[no-any-return]
    legal = game.legal_moves()
    _LEGAL[:] = [game, len(game.moves), game.state, legal]
    return legal


def of_type(events: Iterable[object], kind: type[T]) -> list[T]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def since(game: GameLoop[Any, Any, Any, EventT], start: int) -> list[EventT]:
    """The events of ``game`` from index ``start`` on."""
    return game.events[start:]


def random_playout(game: LoopT, seed: int | random.Random, *, moves: int | None = None,
                   check: Callable[[LoopT], None] | None = None, checked: bool = False,
                   limit: int | None = None) -> LoopT:
    """Play uniformly random legal moves until the game is over (or holds ``moves``
    moves); return the game.

    ``check`` is called after every move; ``checked`` plays through ``play`` (which
    checks the move) instead of ``push``; with ``limit`` a game that has not ended after
    that many moves of this playout raises :class:`AssertionError`.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    played = 0
    while not game.is_over and (moves is None or len(game.moves) < moves):
        if limit is not None and played >= limit:
            raise AssertionError("the game did not end")
        move = rng.choice(legal_now(game))
        if checked:
            game.play(move)
        else:
            game.push(move)
        played += 1
        if check is not None:
            check(game)
    return game


async def settle(pilot: Pilot[Any], rounds: int = 4) -> None:
    """Let a Textual app under test catch up (``rounds`` pauses), bots included: they
    think in worker threads, so wait until no screen's bots are busy."""
    for _ in range(rounds):
        await pilot.pause()
    for _ in range(5000):
        if not any(getattr(getattr(s, "bots", None), "busy", False)
                   for s in pilot.app.screen_stack):
            return
        await pilot.pause(0.001)
    raise AssertionError("the bots do not stop thinking")
