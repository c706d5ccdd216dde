"""The shortcuts the Nauticus bots look ahead with (issue 39) give what the plain ways
give: a copy for one seat's moves plays like a whole copy and never changes the state it
was copied from, and the position value reads the builds it is given."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.bots import position_value
from shipyard_tui.games.nauticus.rules.engine import apply_move, legal_moves
from shipyard_tui.games.nauticus.rules.state import Step
from support.nauticus import build, config, give_yard, table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_copy_for_the_seat_to_move_plays_its_go_like_a_whole_copy(players):
    rng = random.Random(players)
    game = NauticusGame(config(players, 70 + players))
    checked = rounds_crossed = 0
    while not game.is_over:
        state = game.state
        me = state.seat
        before = state.to_dict()
        # play the rest of the seat's go on both copies, from every legal move
        for move in legal_moves(state):
            shared, whole = state.copy_for(me), state.copy()
            while True:
                apply_move(shared, move, [])
                apply_move(whole, move, [])
                assert shared.to_dict() == whole.to_dict()
                checked += 1
                if shared.step is Step.OVER or shared.seat != me:
                    rounds_crossed += shared.round != state.round
                    break
                move = rng.choice(legal_moves(shared))
            assert state.to_dict() == before
        game.push(rng.choice(game.legal_moves()))
    assert checked > 1000
    assert rounds_crossed > 0


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
