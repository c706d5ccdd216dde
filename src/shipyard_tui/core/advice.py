"""What a game's advice says, for every game: the hint key's :class:`Hint` (the strong
bot's move for the seat to move) and the Key moments' report (:class:`MomentsReport`:
where a game's people lost the most points). Each game searches in its own package
(:meth:`~shipyard_tui.core.game.GameKind.hint`,
:meth:`~shipyard_tui.core.game.GameKind.key_moments`); the words and data here are
shared.

The one budget rule of the hint (:func:`hint_budget`): the hint thinks exactly as long
as the strong bot does for one decision (the settings' ``strong_budget_ms``, else the
game's default), in every game. Shipyard's hint must think as long as its Key moments
do, so that the same decision gets the same answer (a player who follows the hint is
never told afterwards that another move was better); Nauticus, which thought three
times as long, now keeps the same rule, so a hint never waits longer in one game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shipyard_tui.core.seats import SeatKind

HINT_BUDGET_FACTOR = 1
"""The hint's thinking time as a multiple of the strong bot's budget for one decision,
the same in every game (see the module docstring)."""

MIN_LOSS = 1.0
"""Smallest estimated loss, in points, that counts as a key moment."""


def hint_budget(budget_ms: float | None, default_ms: float) -> float:
    """The hint's thinking time for a strong bot budget of ``budget_ms`` (``None``: the
    game's default, ``default_ms``).

    >>> hint_budget(None, 250.0), hint_budget(40.0, 250.0)
    (250.0, 40.0)
    """
    return HINT_BUDGET_FACTOR * (default_ms if budget_ms is None else budget_ms)


@dataclass(frozen=True, slots=True)
class Hint:
    """What the strong bot would do now: its move and the runner-up, in words, and the
    search's values of both (``*_value``: what it maximises, the seat's points less the
    best rival's between players; ``*_points``: the seat's own).

    The values are the search's estimates at its horizon, not predictions of the final
    score (its evaluation counts the assets held, not the turns still to play), so the
    text gives only how far the runner-up falls behind, as Key moments give the points
    a move lost."""

    seat: int
    best: str
    best_points: float
    best_value: float
    runner_up: str | None
    runner_points: float | None
    runner_value: float | None
    solo: bool
    best_moves: tuple[Any, ...] = ()
    """The moves of the strong bot's choice: one, or on a marker's ring (R-4.4 to R-4.6)
    every step it would walk and what it takes there, as the interface offers them."""
    runner_moves: tuple[Any, ...] = ()
    """The runner-up's moves, walked on the same way."""
    alone: str = "There is nothing else worth considering."
    """What the hint says in place of a runner-up when it has none."""
    adviser: str = "Strong bot"
    """Whose move the hint gives: the strong bot, or the bot it plays as where it does
    not search (a Nauticus go)."""

    def text(self, best: str | None = None, runner_up: str | None = None) -> str:
        """The hint in words; ``best`` and ``runner_up`` replace the moves' own words
        (the interface names them as its choices are named)."""
        lines = [f"{self.adviser}: {best or self.best}"]
        if self.runner_up is None:
            lines.append(self.alone)
            return "\n".join(lines)
        assert self.runner_value is not None
        gap = self.best_value - self.runner_value
        against = "" if self.solo else " against the best rival"
        behind = "about as good" if gap < 0.05 else f"about {gap:.1f} points behind{against}"
        lines.append(f"Runner-up: {runner_up or self.runner_up} ({behind})")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision: what was played, what the search preferred, and the gap."""

    seat: int
    round: int
    """The round of the decision, as the status line and the log count them."""
    move_index: int
    played: str
    best: str
    played_value: float
    best_value: float

    @property
    def loss(self) -> float:
        return self.best_value - self.played_value


@dataclass(frozen=True, slots=True)
class MomentsReport:
    seats: tuple[str, ...]
    analysed: tuple[int, ...]
    decisions: dict[int, int]
    moments: dict[int, tuple[Moment, ...]]
    total_loss: dict[int, float]
    solo: bool = False
    """A solo game: the search weighs the seat's own points; between players, the
    seat's points less the best rival's, which the words then say."""


def analysed_seats(game: Any, *, people_only: bool = True) -> tuple[int, ...]:
    """The seats of ``game`` to analyse: the people's, or (``people_only`` false, none
    being people) every seat that is not an automa."""
    seats = game.config.seats
    people = tuple(i for i, s in enumerate(seats) if s.kind is SeatKind.HUMAN)
    if people or people_only:
        return people
    return tuple(i for i, s in enumerate(seats) if s.kind is not SeatKind.AUTOMA)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision as the player made it on screen: the choice they picked may play
    several moves of the rules in a row (a marker's steps and what it takes there, a
    whole load), which the Key moments count and name as one."""

    position: Any
    """The game where the decision began (a copy: the replay goes on)."""
    index: int
    """The index of its first move in the game's move list."""
    moves: tuple[Any, ...]
    """The moves the choice played."""


Judge = Callable[[Any, int, int, Any, Decision], "Moment | None"]
"""A game's judgement of one searched position: ``judge(position, seat, move index, move
played, decision)`` searches the position from the seat's view and gives the
:class:`Moment` when the move played lost at least :data:`MIN_LOSS`, else ``None``;
``decision`` is the on-screen decision the move belongs to, for its words."""

Span = Callable[[Any, tuple[Any, ...]], int]
"""How many of the moves ahead (``span(position, moves ahead)``) the choice the player
saw at ``position`` played: at least 1."""


def replay_moments(game: Any, chosen: tuple[int, ...], *, searched: Callable[[Any], bool],
                   judge: Judge, top: int, solo: bool = False, span: Span | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   cancelled: Callable[[], bool] | None = None) -> MomentsReport:
    """Key moments, for every game: replay ``game`` from its configuration and moves;
    at each decision of a seat of ``chosen`` that ``searched(position)`` says the strong
    bot searches, ``judge`` it; keep the ``top`` costliest per seat, costliest first.

    A decision is what the player chose on screen: ``span`` (default: one move each)
    groups the moves one choice played. A group counts as one decision and gives at
    most one moment, from the first of its searched positions where the move played
    lost (what follows in the group follows from that choice): the report never counts
    one choice twice (issue 35 item 2).

    ``progress(done, total)`` is called after each judged decision; ``cancelled()``
    true stops early (the report then holds what was found so far)."""
    moves = tuple(game.moves)
    groups = _decisions(game, moves, chosen, searched, span)
    found: dict[int, list[Moment]] = {s: [] for s in chosen}
    decisions = {s: 0 for s in chosen}
    replay = type(game)(game.config)
    played = 0
    for done, (start, length) in enumerate(groups, 1):
        if cancelled is not None and cancelled():
            break
        while played < start:
            replay.push(moves[played])
            played += 1
        seat = replay.to_move
        decision = Decision(type(game).from_state(replay.state.copy()), start,
                            moves[start:start + length])
        decisions[seat] += 1
        for offset in range(length):
            if searched(replay):
                moment = judge(replay, seat, start + offset, moves[start + offset], decision)
                if moment is not None:
                    found[seat].append(moment)
                    break
            replay.push(moves[start + offset])
            played += 1
        if progress is not None:
            progress(done, len(groups))
    moments = {s: tuple(sorted(found[s], key=lambda m: -m.loss)[:top]) for s in chosen}
    total = {s: sum(m.loss for m in found[s]) for s in chosen}
    names = tuple(s.name for s in game.config.seats)
    return MomentsReport(names, chosen, decisions, moments, total, solo)


def _decisions(game: Any, moves: tuple[Any, ...], chosen: tuple[int, ...],
               searched: Callable[[Any], bool], span: Span | None) -> list[tuple[int, int]]:
    """The on-screen decisions of the ``chosen`` seats with a searched position in them:
    (index of the first move, how many moves), in the order played."""
    replay = type(game)(game.config)
    groups: list[tuple[int, int]] = []
    index = 0
    while index < len(moves):
        seat = replay.to_move
        if seat not in chosen:
            replay.push(moves[index])
            index += 1
            continue
        length = span(replay, moves[index:]) if span is not None else 1
        length = max(1, min(length, len(moves) - index))
        judged = False
        taken = 0
        while taken < length and replay.to_move == seat:
            judged = judged or searched(replay)
            replay.push(moves[index + taken])
            taken += 1
        if judged:
            groups.append((index, taken))
        index += taken
    return groups


class NoAdvice(NotImplementedError):
    """A game that cannot give this advice (yet): the message says so in words."""
