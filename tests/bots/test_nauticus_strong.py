"""The strong Nauticus bot plays by the sensible bot's plan at 2 seats (issue 37): its
goes are the sensible bot's, and in the last round its search plays every tile out to
the end of the game; with 3 or 4 seats it plays as before."""

from __future__ import annotations

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.bots import GreedyBot, PlannerBot, bot_for_level
from shipyard_tui.games.nauticus.rules.state import Step
from shipyard_tui.games.nauticus.search import StrongBot
from support.nauticus import config


def _go_decisions(players: int, seed: int, level: str) -> list[NauticusGame]:
    """Copies of a seeded game at each of its decisions within a go with more than one
    move, played by bots of ``level``."""
    game = NauticusGame(config(players, seed))
    bots = {i: bot_for_level(level, i) for i in range(players)}
    found = []
    while not game.is_over:
        legal = game.legal_moves()
        if game.state.step is not Step.CHOOSE and len(legal) > 1:
            found.append(NauticusGame.from_state(game.state.copy()))
        game.push(bots[game.to_move].choose(game.view(game.to_move), legal))
    return found


def test_at_two_seats_the_strong_bots_go_is_the_sensible_bots():
    # issue 37: the strong level searched its tiles but played its goes greedily, without
    # the sensible bot's plan (it lost to the sensible level, 45 % of 40 games); now its
    # goes are the sensible bot's, which at a 2-seat table differ from the greedy ones
    differ = 0
    for game in _go_decisions(2, 11, "sensible"):
        view, legal = game.view(game.to_move), game.legal_moves()
        move = StrongBot(3, budget_ms=None, rollouts=1).choose(view, legal)
        assert move == PlannerBot(3).choose(view, legal)
        differ += move != GreedyBot(3).choose(view, legal)
    assert differ > 0


def test_at_three_seats_the_strong_bots_go_is_still_the_greedy_bots():
    for game in _go_decisions(3, 12, "greedy")[::5]:
        view, legal = game.view(game.to_move), game.legal_moves()
        assert StrongBot(4, budget_ms=None, rollouts=1).choose(view, legal) == \
            GreedyBot(4).choose(view, legal)


def test_in_the_last_round_of_a_two_seat_game_every_tile_is_played_to_the_end():
    # no shuffle is left (NA-3.3), so one rollout per tile, valued by the final margin
    # in whole VP (NA-13); before the last round a rollout stops after two phases
    game = NauticusGame(config(2, 8))
    bots = {i: bot_for_level("sensible", i) for i in range(2)}
    while not (game.state.step is Step.CHOOSE and game.state.round == game.config.rounds
               and len(game.legal_moves()) > 2):
        game.push(bots[game.to_move].choose(game.view(game.to_move), game.legal_moves()))
    bot = StrongBot(0, budget_ms=None, rollouts=30)
    legal = game.legal_moves()
    _, means, counts = bot.search(game.view(game.to_move), legal, game.to_move)
    assert counts == [1] * len(legal)
    assert all(m == int(m) for m in means) and len(set(means)) > 1
    cut = StrongBot(0, budget_ms=None, rollouts=30, endgame=0)
    _, means, _ = cut.search(game.view(game.to_move), legal, game.to_move)
    assert any(m != int(m) for m in means)
