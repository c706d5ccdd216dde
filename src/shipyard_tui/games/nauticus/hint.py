"""Nauticus's hint: the strong Nauticus bot's advice for the seat to move."""

from __future__ import annotations

from shipyard_tui.core.advice import Hint
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.search import advise
from shipyard_tui.games.nauticus.words import move_words


def hint_for(game: NauticusGame, *, budget_ms: float, seed: int = 0) -> Hint:
    """The strong Nauticus bot's advice for the seat to move (NA-14.1: nothing is
    hidden, so its view is the whole table), thinking ``budget_ms``. It searches the
    choice of action tile; within a go it plays as the sensible bot at a 2-seat table
    (issue 37) and as the greedy bot (the beginner) at 3 or 4, and the hint says so in a
    line short enough for the narrow Nauticus choice panel."""
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    best, runner, best_value, runner_value = advise(view, game.legal_moves(), seed, budget_ms)
    words = move_words(game.state, best)
    if runner is None or best_value is None or runner_value is None:
        adviser = "Sensible" if len(game.state.seats) == 2 else "Beginner"
        bot = "sensible bot" if adviser == "Sensible" else "beginner"
        return Hint(seat, words, 0.0, 0.0, None, None, None, False, (best,),
                    alone=f"(In a go: the {bot}'s move.)", adviser=adviser)
    return Hint(seat, words, best_value, best_value, move_words(game.state, runner),
                runner_value, runner_value, False, (best,), (runner,))
