"""Shipyard's advice: the strong bot's search behind the hint key and the Key moments
(the shared words and data are :mod:`shipyard_tui.core.advice`; the cache and the
listing :mod:`shipyard_tui.analysis`).

The game is replayed from its moves; at every decision of a person that the strong
bot searches, the bot searches it again from that person's view (never more), with
the move actually played kept in the search to the end. The gap between the best
move's mean evaluation and the played move's is the estimate of points lost. The
estimates come from a few sampled futures, so gaps below ``MIN_LOSS`` are noise and
are not shown.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from shipyard_tui.core.advice import (
    MIN_LOSS,
    Decision,
    Hint,
    Moment,
    MomentsReport,
    analysed_seats,
    replay_moments,
)
from shipyard_tui.core.choices import Choice, moves_of
from shipyard_tui.games.shipyard.bots.strong import (
    DEFAULT_BUDGET_MS,
    SEARCHED_STEPS,
    Analysis,
    StrongBot,
    evaluate,
    objective,
)
from shipyard_tui.games.shipyard.rules import Game, GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import determinize
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.games.shipyard.words import describe_move, plural, round_of


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
    budget = budget_ms if budget_ms is not None else (None if rollouts else DEFAULT_BUDGET_MS)

    def searched(replay: Game) -> bool:
        return replay.state.turn.step in SEARCHED_STEPS and len(replay.legal_moves()) > 1

    def judge(replay: Game, seat: int, index: int, move: Move,
              decision: Decision) -> Moment | None:
        search = _searcher(seat, budget, rollouts)
        analysis = search(replay, index, move)
        played = analysis.value_of(move)
        best = analysis.best
        if played is None or best.move == move or best.value - played < MIN_LOSS:
            return None
        walk, walked = _walk(replay, search, index, best.move)
        before = decision.moves[:index - decision.index]
        start = decision.position
        state = replay.state
        return Moment(seat, round_of(state.turn_number, len(state.seats)), index,
                      choice_words(start, seat, decision.moves)
                      or describe_move(state, move),
                      choice_words(start, seat, before + walk) or walked,
                      played, best.value)

    return replay_moments(game, chosen, searched=searched, judge=judge, top=top,
                          solo=game.config.solo, span=choice_span, progress=progress,
                          cancelled=cancelled)


def screen_choice(game: Game, seat: int, ahead: Sequence[Move]) -> Choice | None:
    """The choice the screen of ``seat`` offered at ``game``'s position that plays the
    first of the moves ``ahead`` (the one that plays most of them: a marker's walk
    and what it takes, a whole load), or None where no offered choice does."""
    legal = game.legal_moves()
    found: Choice | None = None
    length = 0
    for choice in choice_labels.choices(game.view(seat), legal):
        if choice.move is None:
            continue
        moves = moves_of(choice.move)
        if len(moves) > length and tuple(ahead[:len(moves)]) == moves:
            found, length = choice, len(moves)
    return found


def choice_span(game: Game, ahead: tuple[Move, ...]) -> int:
    """How many of the moves ``ahead`` the on-screen choice at ``game`` played."""
    seat = game.to_move
    assert seat is not None
    choice = screen_choice(game, seat, ahead)
    return len(moves_of(choice.move)) if choice is not None and choice.move else 1


def choice_words(game: Game, seat: int, moves: Sequence[Move]) -> str | None:
    """The words of the choice offered at ``game`` that plays exactly ``moves``."""
    choice = screen_choice(game, seat, moves)
    if choice is None or choice.move is None or len(moves_of(choice.move)) != len(moves):
        return None
    return choice.label


Search = Callable[[Game, int, "Move | None"], Analysis]


def _searcher(seat: int, budget: float | None, rollouts: int | None) -> Search:
    """The strong bot's search of a position from ``seat``'s view, seeded by its
    decision (:func:`decision_seed`): the hint and the Key moments search alike."""

    def search(position: Game, at: int, include: Move | None = None) -> Analysis:
        view = position.view(seat)
        bot = StrongBot(decision_seed(view, at), budget_ms=budget, rollouts=rollouts)
        return bot.analyse(view, include=include)

    return search


def hint_for(game: Game, *, budget_ms: float | None = None, rollouts: int | None = None,
             move_index: int | None = None) -> Hint:
    """The strong bot's advice for the seat to move, from that seat's view only: its
    search's best move where it searches, else the move its rule plays
    (:func:`_rule_hint`), so that a player who follows the hint plays as the bot does.

    ``move_index`` is the number of moves played before this decision (default: those
    of ``game``, which a copy of the state alone lacks); each search of the hint is
    seeded by its decision's :func:`decision_seed`, as the Key moments are."""
    seat = game.to_move
    assert seat is not None
    budget = budget_ms if budget_ms is not None else (None if rollouts else DEFAULT_BUDGET_MS)
    index = len(game.moves) if move_index is None else move_index
    legal = game.legal_moves()
    if game.state.turn.step not in SEARCHED_STEPS and len(legal) > 1:
        return _rule_hint(game, seat, index, legal)

    search = _searcher(seat, budget, rollouts)
    analysis = search(game, index, None)
    state = game.state
    best = analysis.best
    runner = analysis.runner_up
    walk, words = _walk(game, search, index, best.move)
    runner_walk, runner_words = _walk(game, search, index, runner.move) if runner else ((), None)
    return Hint(seat, words, best.points, best.value, runner_words,
                runner.points if runner else None, runner.value if runner else None,
                state.config.solo, walk, runner_walk)


RULE_ALONE = "The strong bot plays this step by its rule, without searching."
"""What a hint at a step the strong bot does not search says in place of a runner-up."""


def _rule_hint(game: Game, seat: int, index: int, legal: list[Move]) -> Hint:
    """The hint at a step the strong bot does not search (:data:`SEARCHED_STEPS`: the
    loading, the cruise, the token's start, the sail order): the move the bot plays
    there, its greedy rule's. Searched as the others, these steps were hinted another
    move than the bot's at 147 of 410 loads and 2 of 12 cruises of 3-seat games (at 8
    rollouts; the loads mostly the same pieces in another order, the ships scoring
    about alike: issue 35 item 11, docs/performance.md). Valued, as a search of one
    candidate is, in one world drawn from the view."""
    view = game.view(seat)
    seed = decision_seed(view, index)
    bot = StrongBot(seed, budget_ms=None, rollouts=1)
    move = bot.choose(view, legal)
    world = determinize(view, seed)
    return Hint(seat, describe_move(game.state, move), evaluate(world, seat, bot.weights),
                objective(world, seat, bot.weights), None, None, None,
                game.state.config.solo, (move,), (), alone=RULE_ALONE)


MAX_WALK = 12
"""More steps than any ring or the employee track has spaces (a bound, not a rule)."""


def _walk(game: Game, search: Search, index: int, move: Move
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
                    else search(follow, index + len(walk), None).best.move)
    words = describe_move(follow.state, walk[-1])
    if len(walk) > 1:
        words += f" (the marker {plural(len(walk) - 1, 'step')} on)"
    return tuple(walk), words
