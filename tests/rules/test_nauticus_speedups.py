"""The shortcuts the Nauticus bots look ahead with (issue 39) give what the plain ways
give: a move played on a copy that shares what the move leaves as it is gives the
position a whole copy gives and changes none before it, a copy reads back as the
position itself, and the position value does not hang on the order of the yard."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.bots import position_value
from shipyard_tui.games.nauticus.rules.engine import after_move, apply_move, legal_moves
from shipyard_tui.games.nauticus.rules.state import Step
from support.nauticus import build, config, give_yard, table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moves_played_on_shared_copies_play_as_on_whole_copies(players):
    """Every legal move, and the rest of the go after it, played as the bots look ahead
    (each move on a copy of the last position that shares what the move leaves as it
    is): every position is the one a whole copy reaches, and none changes later."""
    rng = random.Random(players)
    game = NauticusGame(config(players, 70 + players))
    checked = rounds_crossed = 0
    while not game.is_over:
        state = game.state
        me = state.seat
        for move in legal_moves(state):
            line = [(state, state.to_dict())]
            whole = state.copy()
            while True:
                shared = after_move(line[-1][0], move)
                apply_move(whole, move, [])
                line.append((shared, shared.to_dict()))
                assert line[-1][1] == whole.to_dict()
                checked += 1
                if shared.step is Step.OVER or shared.seat != me:
                    rounds_crossed += shared.round != state.round
                    break
                move = rng.choice(legal_moves(shared))
            assert all(position.to_dict() == data for position, data in line)
        game.push(rng.choice(game.legal_moves()))
    assert checked > 1000
    assert rounds_crossed > 0


@pytest.mark.parametrize("players", [2, 4])
def test_copies_give_every_field_as_it_is(players):
    """A whole copy and a copy for the seat to move (which pass the fields in their
    order, not by name) read back as the position itself, at every position of a game."""
    rng = random.Random(players)
    game = NauticusGame(config(players, 90 + players))
    while not game.is_over:
        state = game.state
        data = state.to_dict()
        assert state.copy().to_dict() == data
        assert state.copy_for(state.seat).to_dict() == data
        game.push(rng.choice(game.legal_moves()))
    assert game.state.copy().to_dict() == game.state.to_dict()


def test_the_position_value_does_not_hang_on_the_order_of_the_yard():
    game = table()
    seat = game.state.seats[0]
    give_yard(game, 0, build("bow", "stern", masts="whale whale", sails="whale whale"),
              build("bow", "stern", masts="crown"))
    ship_first = position_value(game.state, 0)
    seat.yard.reverse()
    assert position_value(game.state, 0) == ship_first
    seat.yard.pop(0)
    assert position_value(game.state, 0) < ship_first
