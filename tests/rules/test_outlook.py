"""What end-of-game step comes next and how far away it is (issue 35 item 7): the
contract cut at its reserve cube (R-3.8, R-3.9), the countdown end (R-10.1), the final
actions (R-10.3) and the last chance (R-10.4), classic too (RC-3.9, RC-10.1); foreseen
exactly, as random games show when the step then comes."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.shipyard.rules import Game, Stage
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.query import Coming, end_outlook, seat_view
from support.shipyard import finish_turn, new_game, play_until, solo_game


def test_a_three_seat_game_starts_four_rotations_before_its_cut_r3_9():
    # three first turns without step 1, then 12 wheel positions a rotation
    # the 4th reserve cube cuts the contracts to 1 + 1
    outlook = end_outlook(new_game(3).state)
    assert outlook is not None
    assert (outlook.coming, outlook.keep, outlook.rounds) == (Coming.CUT, 1, 3)
    assert outlook.turns == 2 + 12 + 3 * 12
    assert not outlook.near


def test_two_seats_cut_at_the_second_cube_and_advanced_three_seats_at_the_second_r3_9():
    two = end_outlook(new_game(2).state)
    assert two is not None and (two.coming, two.keep, two.rounds) == (Coming.CUT, 1, 1)
    advanced = end_outlook(new_game(3, advanced=True).state)
    assert advanced is not None
    assert (advanced.coming, advanced.keep, advanced.rounds) == (Coming.CUT, 2, 1)


def test_after_the_cut_the_countdown_end_is_next_r10_1():
    game = new_game(2)
    play_until(game, lambda g: g.state.stage is Stage.PLAY and g.state.cubes_removed == 2)
    outlook = end_outlook(game.state)
    # 3 cubes with 2 seats: one more cube, then the rotation with none left ends it
    assert outlook is not None and (outlook.coming, outlook.rounds) == (Coming.END, 1)


def test_the_last_turn_of_a_rotation_says_after_this_turn_r3_8():
    game = new_game(3)
    play_until(game, lambda g: g.state.stage is Stage.PLAY and g.state.turn.rotation_done
               and g.state.cubes_removed == 3)
    outlook = end_outlook(game.state)
    assert outlook is not None and (outlook.coming, outlook.turns) == (Coming.CUT, 0)
    assert outlook.near


def test_once_the_end_is_triggered_the_final_actions_are_counted_in_turns_r10_2_r10_3():
    # a ship-tile end comes mid-round: the round is played out first
    game = new_game(4, seed=1)
    play_until(game, lambda g: g.state.stage is Stage.PLAY and g.state.wheel == 5
               and g.state.turn.seat == g.state.start_seat)
    state = game.state
    state.end_trigger = "ship_tiles"
    outlook = end_outlook(state)
    assert outlook is not None and outlook.coming is Coming.FINAL and outlook.near
    assert outlook.turns == 3  # the seat before the starting seat plays last
    for _ in range(outlook.turns):
        finish_turn(game)
        assert game.state.stage is Stage.PLAY
    finish_turn(game)
    assert game.state.stage is Stage.FINAL


def test_during_the_final_actions_the_last_chance_is_next_r10_4():
    game = new_game(3, seed=2)
    play_until(game, lambda g: g.state.stage is Stage.FINAL)
    outlook = end_outlook(game.state)
    assert outlook is not None and outlook.coming is Coming.LAST_CHANCE
    assert outlook.turns == len(game.state.queue)


def test_a_seat_view_is_told_the_same_as_the_table():
    game = new_game(3, seed=3)
    play_until(game, lambda g: g.state.cubes_removed == 2)
    assert end_outlook(seat_view(game.state, game.state.turn.seat)) == end_outlook(game.state)


def test_the_classic_countdown_is_foreseen_in_laps_rc3_9_rc10_1():
    game = new_game(3, edition="classic")  # type: ignore[arg-type]
    outlook = end_outlook(game.state)
    assert outlook is not None and outlook.countdown and outlook.turns is None
    play_until(game, lambda g: g.state.stage is Stage.PLAY and g.state.countdown == 1)
    last = end_outlook(game.state)
    assert last is not None and (last.coming, last.rounds) == (Coming.END, 0)


GAMES = [("2 seats", lambda s: new_game(2, s)), ("3 seats", lambda s: new_game(3, s)),
         ("4 seats", lambda s: new_game(4, s)),
         ("advanced", lambda s: new_game(3, s, advanced=True)),
         ("solo", lambda s: solo_game(s))]


@pytest.mark.parametrize(("name", "make"), GAMES, ids=[g[0] for g in GAMES])
def test_the_foreseen_turn_is_the_turn_it_comes_r3_9_r10_1(name, make):
    """A cut comes at the end of the turn foreseen (R-3.9), the final actions after the
    turn foreseen (R-10.3): checked at every decision of random games."""
    checked = 0
    for seed in range(3):
        game: Game = make(seed)
        rng = random.Random(seed)
        foreseen = None
        while not game.is_over:
            state = game.state
            outlook = end_outlook(state)
            if state.stage is Stage.PLAY and outlook is not None and outlook.turns is not None:
                foreseen = (outlook.coming, state.turn_number + outlook.turns)
            before = len(game.events)
            game.play(rng.choice(game.legal_moves()))
            new = game.events[before:]
            for i, event in enumerate(new):
                came = Coming.CUT if isinstance(event, ev.DiscardRequired) else \
                    Coming.FINAL if isinstance(event, ev.StageStarted) \
                    and event.stage == "final" else None
                if came is None or foreseen is None or foreseen[0] is not came:
                    continue
                ended = [e.turn for e in new[:i] if isinstance(e, ev.TurnEnded)]
                assert ended and ended[-1] == foreseen[1], (seed, came)
                checked += 1
    assert checked >= 3
