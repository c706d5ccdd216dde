"""Key moments: where the people of a game lost the most points, by the strong bot's
reckoning. Shared by the review's "Key moments" page and ``shipyard analyse``.

The game is replayed from its moves; at every decision of a person that the strong
bot searches, the bot searches it again from that person's view (never more), with
the move actually played kept in the search to the end. The gap between the best
move's mean evaluation and the played move's is the estimate of points lost. The
estimates come from a few sampled futures, so gaps below ``MIN_LOSS`` are noise and
are not shown.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard_tui.core.codec import to_data
from shipyard_tui.core.moves import Move as AnyMove
from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.search import DEFAULT_BUDGET_MS as NAUTICUS_BUDGET_MS
from shipyard_tui.games.nauticus.search import advise
from shipyard_tui.games.nauticus.words import move_words
from shipyard_tui.games.shipyard.bots.strong import (
    DEFAULT_BUDGET_MS,
    SEARCHED_STEPS,
    Analysis,
    StrongBot,
)
from shipyard_tui.games.shipyard.rules import Game, GameState, Move, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.words import describe_move, plural, round_of

MIN_LOSS = 1.0
"""Smallest estimated loss, in points, that counts as a key moment."""

HINT_BUDGET_FACTOR = 3
"""Nauticus's hint thinks this many times a bot's budget for one decision: a person
asked and waits for it. (Shipyard's hint searches as the strong bot and the Key moments
do, with the same seed for the same decision: see :func:`decision_seed`.)"""


def decision_seed(view: GameState, move_index: int) -> int:
    """The seed of the strong bot's search of a decision: from the view of the seat to
    move and the number of moves played before it, both public to that seat (a seat's
    view holds no game seed, R-11.1, and a digest of the seed would give it away to
    anyone trying the 2^31 seeds). The hint and the Key moments both search with it, at
    the same budget, so the same decision gets the same answer: a player who follows
    the hint is never told afterwards that another move was better (a play-test found
    "Place it in cell 7" hinted, then blamed as 1.1 points worse than cell 8)."""
    text = json.dumps(view.to_dict(), sort_keys=True, default=str)
    return int(hashlib.sha256(f"{move_index}:{text}".encode()).hexdigest()[:15], 16)


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


def analysed_seats(game: Game, *, people_only: bool = True) -> tuple[int, ...]:
    """The seats to analyse: the people's, or (``people_only`` false, none being
    people) every seat that is not an automa."""
    seats = game.config.seats
    people = tuple(i for i, s in enumerate(seats) if s.kind is SeatKind.HUMAN)
    if people or people_only:
        return people
    return tuple(i for i, s in enumerate(seats) if s.kind is not SeatKind.AUTOMA)


def analyse_game(game: Game, *, budget_ms: float | None = None, rollouts: int | None = None,
                 top: int = 5, seats: tuple[int, ...] | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> MomentsReport:
    """Search each decision of ``seats`` (default: people, else every bot seat) in
    ``game``'s move list and keep the ``top`` costliest per seat.

    ``rollouts`` fixes the work per decision (deterministic, for tests); otherwise
    the strong bot's budget of ``budget_ms`` per decision. ``progress(done, total)``
    is called after each decision; ``cancelled()`` true stops early.
    """
    chosen = seats if seats is not None else analysed_seats(game, people_only=False)
    replay = Game(game.config)
    todo = []
    for index, move in enumerate(game.moves):
        seat = replay.to_move
        if seat in chosen and replay.state.turn.step in SEARCHED_STEPS \
                and len(replay.legal_moves()) > 1:
            todo.append(index)
        replay.push(move)
    budget = budget_ms if budget_ms is not None else (None if rollouts else DEFAULT_BUDGET_MS)
    found: dict[int, list[Moment]] = {s: [] for s in chosen}
    decisions = {s: 0 for s in chosen}
    replay = Game(game.config)
    wanted = set(todo)
    done = 0
    for index, move in enumerate(game.moves):
        if cancelled is not None and cancelled():
            break
        if index in wanted:
            seat = replay.to_move
            assert seat is not None
            view = replay.view(seat)
            bot = StrongBot(decision_seed(view, index), budget_ms=budget, rollouts=rollouts)
            analysis = bot.analyse(view, include=move)
            decisions[seat] += 1
            played = analysis.value_of(move)
            best = analysis.best
            if played is not None and best.move != move and best.value - played >= MIN_LOSS:
                state = replay.state
                found[seat].append(Moment(seat, round_of(state.turn_number, len(state.seats)),
                                          index,
                                          describe_move(state, move),
                                          describe_move(state, best.move), played, best.value))
            done += 1
            if progress is not None:
                progress(done, len(todo))
        replay.push(move)
    moments = {s: tuple(sorted(found[s], key=lambda m: -m.loss)[:top]) for s in chosen}
    total = {s: sum(m.loss for m in found[s]) for s in chosen}
    names = tuple(s.name for s in game.config.seats)
    return MomentsReport(names, chosen, decisions, moments, total, game.config.solo)


def analysis_key(game: Game, budget_ms: float | None, seats: tuple[int, ...], top: int
                 ) -> str:
    """What names an analysis in the cache: the program's version, the game (its
    configuration and moves) and the search asked for. The search is deterministic for
    these (:func:`decision_seed`), so the same key always meant the same report."""
    from shipyard_tui import __version__

    text = json.dumps([__version__, to_data(game.config), [str(m) for m in game.moves],
                       budget_ms, list(seats), top], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def report_to_data(report: MomentsReport) -> dict[str, Any]:
    return {"seats": list(report.seats), "analysed": list(report.analysed),
            "decisions": {str(k): v for k, v in report.decisions.items()},
            "moments": {str(k): [dataclasses.asdict(m) for m in v]
                        for k, v in report.moments.items()},
            "total_loss": {str(k): v for k, v in report.total_loss.items()},
            "solo": report.solo}


def report_from_data(data: dict[str, Any]) -> MomentsReport:
    """A report read back from :func:`report_to_data`; ``ValueError`` if it is not one."""
    try:
        return MomentsReport(
            tuple(str(s) for s in data["seats"]), tuple(int(s) for s in data["analysed"]),
            {int(k): int(v) for k, v in data["decisions"].items()},
            {int(k): tuple(Moment(**m) for m in v) for k, v in data["moments"].items()},
            {int(k): float(v) for k, v in data["total_loss"].items()},
            bool(data.get("solo", False)))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not an analysis: {exc}") from None


def cached_analysis(game: Game, folder: Path, *, budget_ms: float | None = None,
                    seats: tuple[int, ...] | None = None, top: int = 5,
                    progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> MomentsReport:
    """:func:`analyse_game`, kept in ``folder``: a finished game reopened shows its Key
    moments at once instead of searching every decision again (half a minute a game).
    A cache that cannot be read or written is simply not used."""
    chosen = seats if seats is not None else analysed_seats(game, people_only=False)
    budget = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms  # the same search
    path = folder / f"{analysis_key(game, budget, chosen, top)}.json"
    with contextlib.suppress(OSError, ValueError):
        return report_from_data(json.loads(path.read_bytes()))
    report = analyse_game(game, budget_ms=budget, seats=chosen, top=top,
                          progress=progress, cancelled=cancelled)
    if cancelled is None or not cancelled():  # a report cut short is not kept
        from shipyard_tui.saves import write_atomic

        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(report_to_data(report)).encode())
    return report


def moments_lines(report: MomentsReport) -> list[str]:
    """The report as plain lines, one block per seat."""
    lines: list[str] = []
    for seat in report.analysed:
        name = report.seats[seat]
        found = report.moments[seat]
        lines.append(f"{name}: {report.decisions[seat]} decisions searched")
        if not found:
            lines.append("  no decision lost a point or more by the strong bot's reckoning")
        against = "" if report.solo else " against the best rival"
        for k, m in enumerate(found, 1):
            # (no move count: "move 117" meant nothing to a play-tester)
            lines.append(f"  {k}. round {m.round}: about {m.loss:.1f} points lost{against}")
            lines.append(f"     played: {m.played}")
            lines.append(f"     better: {m.best}")
        lines.append("")
    if not report.analysed:
        lines.append("No seat to analyse.")
    elif any(report.moments.values()):
        lines.append("The points are the strong bot's estimates three of its turns ahead:"
                     " a guide to where to look, not a count.")
    return lines


def moments_json(report: MomentsReport) -> dict[str, Any]:
    return {
        "seats": [
            {
                "seat": seat,
                "name": report.seats[seat],
                "decisions": report.decisions[seat],
                "points_lost": round(report.total_loss[seat], 2),
                "moments": [
                    {"round": m.round, "move": m.move_index + 1, "played": m.played,
                     "better": m.best, "points_lost": round(m.loss, 2)}
                    for m in report.moments[seat]
                ],
            }
            for seat in report.analysed
        ]
    }


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
    best_moves: tuple[AnyMove, ...] = ()
    """The moves of the strong bot's choice: one, or on a marker's ring (R-4.4 to R-4.6)
    every step it would walk and what it takes there, as the interface offers them."""
    runner_moves: tuple[AnyMove, ...] = ()
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


def hint_for(game: Game, *, budget_ms: float | None = None, rollouts: int | None = None,
             move_index: int | None = None) -> Hint:
    """The strong bot's advice for the seat to move, from that seat's view only.

    ``move_index`` is the number of moves played before this decision (default: those
    of ``game``, which a copy of the state alone lacks); each search of the hint is
    seeded by its decision's :func:`decision_seed`, as the Key moments are."""
    seat = game.to_move
    assert seat is not None
    budget = budget_ms if budget_ms is not None else (None if rollouts else DEFAULT_BUDGET_MS)
    index = len(game.moves) if move_index is None else move_index

    def search(follow: Game, at: int) -> Analysis:
        view = follow.view(seat)
        bot = StrongBot(decision_seed(view, at), budget_ms=budget, rollouts=rollouts)
        return bot.analyse(view)

    analysis = search(game, index)
    state = game.state
    best = analysis.best
    runner = analysis.runner_up
    walk, words = _walk(game, search, index, best.move)
    runner_walk, runner_words = _walk(game, search, index, runner.move) if runner else ((), None)
    return Hint(seat, words, best.points, best.value, runner_words,
                runner.points if runner else None, runner.value if runner else None,
                state.config.solo, walk, runner_walk)


def nauticus_hint_for(game: NauticusGame, *, budget_ms: float | None = None,
                      seed: int = 0) -> Hint:
    """The strong Nauticus bot's advice for the seat to move (NA-14.1: nothing is
    hidden, so its view is the whole table). It searches the choice of action tile;
    within a go it plays as the greedy bot (the beginner), and the hint says so in a
    line short enough for the narrow Nauticus choice panel."""
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    budget = NAUTICUS_BUDGET_MS if budget_ms is None else budget_ms
    best, runner, best_value, runner_value = advise(view, game.legal_moves(), seed, budget)
    words = move_words(game.state, best)
    if runner is None or best_value is None or runner_value is None:
        return Hint(seat, words, 0.0, 0.0, None, None, None, False, (best,),
                    alone="(In a go: the beginner's move.)", adviser="Beginner")
    return Hint(seat, words, best_value, best_value, move_words(game.state, runner),
                runner_value, runner_value, False, (best,), (runner,))


MAX_WALK = 12
"""More steps than any ring or the employee track has spaces (a bound, not a rule)."""


def _walk(game: Game, search: Callable[[Game, int], Analysis], index: int, move: Move
          ) -> tuple[tuple[Move, ...], str]:
    """``move`` and, when it steps a marker on, the bot's further steps to where it
    would take a piece or hire (one more search a step, ``search(position, its move
    index)``; ``index`` is that of ``move``): the interface offers the whole walk as one
    choice. Also the walk in words: the move, or what it ends in."""
    seat = game.to_move
    walk = [move]
    follow = Game.from_state(game.state.copy())
    while isinstance(walk[-1], mv.MarkerStep) and len(walk) < MAX_WALK:
        follow.push(walk[-1])
        if follow.to_move != seat:
            break
        legal = follow.legal_moves()
        walk.append(legal[0] if len(legal) == 1
                    else search(follow, index + len(walk)).best.move)
    words = describe_move(follow.state, walk[-1])
    if len(walk) > 1:
        words += f" (the marker {plural(len(walk) - 1, 'step')} on)"
    return tuple(walk), words
