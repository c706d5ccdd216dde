"""Nauticus's Key moments: where a game's people lost the most by the strong Nauticus
bot's reckoning (the shared words and data are :mod:`shipyard_tui.core.advice`; the
cache and the listing :mod:`shipyard_tui.analysis`).

The game is replayed from its moves; at every choice of action tile by an analysed
seat with more than one tile to choose from (the one decision the strong bot searches:
within a go it plays as the greedy bot, and its hint says so), the search is run again
from that seat's view, as the hint runs it: seeded by the number of moves played before
the decision, for the same budget, over every legal tile, the one played included. The
gap between the best tile's mean value and the played tile's is the estimate of what
the choice lost (the seat's position less half the best other seat's,
:func:`~shipyard_tui.games.nauticus.valuation.relative_value`). The values come from a few
sampled futures, so gaps below ``MIN_LOSS`` are noise and are not shown.
"""

from __future__ import annotations

from collections.abc import Callable

from shipyard_tui.core.advice import (
    MIN_LOSS,
    Decision,
    Moment,
    MomentsReport,
    analysed_seats,
    replay_moments,
)
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.moves import Move
from shipyard_tui.games.nauticus.rules.state import Step
from shipyard_tui.games.nauticus.search import DEFAULT_BUDGET_MS, best_index, tile_values
from shipyard_tui.games.nauticus.words import move_words


def searched(game: NauticusGame) -> bool:
    """Whether the seat to move of ``game`` faces a decision the strong bot searches: a
    choice of action tile with more than one to choose from."""
    return game.state.step is Step.CHOOSE and len(game.legal_moves()) > 1


def analyse_game(game: NauticusGame, *, budget_ms: float | None = None,
                 rollouts: int | None = None, top: int = 5,
                 seats: tuple[int, ...] | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> MomentsReport:
    """Search each tile choice of ``seats`` (default: people, else every seat) in
    ``game``'s move list and keep the ``top`` costliest per seat, costliest first.

    ``rollouts`` fixes the work per decision (deterministic, for tests); otherwise the
    strong bot's budget of ``budget_ms`` per decision. ``progress(done, total)`` is
    called after each decision; ``cancelled()`` true stops early."""
    chosen = seats if seats is not None else analysed_seats(game, people_only=False)
    budget = budget_ms if budget_ms is not None else (None if rollouts else DEFAULT_BUDGET_MS)

    def judge(replay: NauticusGame, seat: int, index: int, move: Move,
              _decision: Decision) -> Moment | None:
        legal = replay.legal_moves()
        values = tile_values(replay.view(seat), legal, index, budget, rollouts)
        best = best_index(values)
        played = legal.index(move)
        if best == played or values[best] - values[played] < MIN_LOSS:
            return None
        state = replay.state
        return Moment(seat, state.round, index, move_words(state, move),
                      move_words(state, legal[best]), values[played], values[best])

    return replay_moments(game, chosen, searched=searched, judge=judge, top=top,
                          progress=progress, cancelled=cancelled)
