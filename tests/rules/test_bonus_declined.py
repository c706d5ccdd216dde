"""R-3.4: a bonus action declined before the chosen action is declined for the turn:
the rules keep it in the turn, so it is asked once, and a save or a replay keeps it
(issue 35 item 1)."""

from __future__ import annotations

import random

from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.moves import parse_move
from support.shipyard import S, new_game, play_until

SIMPLE = ("end-build", "take", "sell", "pass")


def at_a_bonus_question_with_money_after(game: Game) -> bool:
    """The bonus question before the chosen action, with enough guilders left after
    going on that the question after the action would come as well."""
    if game.state.turn.step is not S.BONUS_BEFORE:
        return False
    trial = Game.from_state(game.state.copy())
    trial.play("proceed")
    return asks_after(trial)


def asks_after(game: Game) -> bool:
    """Play the seat's simplest moves to the end of its actions: whether the bonus
    question after the chosen action came."""
    number = game.state.turn_number
    while not game.is_over and game.state.turn_number == number:
        if game.state.turn.step is S.BONUS_AFTER:
            return True
        notations = [str(m) for m in game.legal_moves()]
        game.play(next((m for m in SIMPLE if m in notations), notations[0]))
    return False


def declined_game() -> Game:
    game = new_game(3, seed=5)
    play_until(game, at_a_bonus_question_with_money_after, random.Random(11))
    game.play("nobonus")
    assert game.state.turn.bonus_declined
    return game


def test_r3_4_nobonus_is_a_move_of_the_question_before_the_action_and_round_trips():
    game = new_game(3, seed=5)
    play_until(game, lambda g: g.state.turn.step is S.BONUS_BEFORE, random.Random(11))
    assert mv.DeclineBonus() in game.legal_moves()
    assert str(mv.DeclineBonus()) == "nobonus"
    assert parse_move("nobonus") == mv.DeclineBonus()
    assert game.parse("nobonus") == mv.DeclineBonus()


def test_r3_4_a_declined_bonus_is_not_asked_again_after_the_action():
    game = declined_game()
    assert not asks_after(game)


def test_r3_4_a_declined_bonus_survives_a_save_and_a_load():
    game = declined_game()
    data = game.to_json()
    assert data["state"]["turn"]["bonus_declined"] is True
    for loaded in (Game.from_json(data), Game.from_json(data, replay=False)):
        assert loaded.state.turn.bonus_declined
        assert not asks_after(loaded)


def test_r3_4_a_declined_bonus_survives_a_replay():
    game = declined_game()
    again = Game.replay(game.config, [str(m) for m in game.moves])
    assert again.state.to_dict() == game.state.to_dict()
    assert again.state.turn.bonus_declined
    assert not asks_after(again)


def test_r3_4_a_turn_without_the_decline_leaves_it_out_of_the_save():
    """Old saves and the golden games' JSON stay as they were: the field is written
    only while it is set."""
    game = new_game(3, seed=5)
    assert "bonus_declined" not in game.to_json()["state"]["turn"]
    declined = declined_game()
    number = declined.state.turn_number
    while declined.state.turn_number == number:
        notations = [str(m) for m in declined.legal_moves()]
        declined.play(next((m for m in SIMPLE if m in notations), notations[0]))
    assert "bonus_declined" not in declined.to_json()["state"]["turn"]
