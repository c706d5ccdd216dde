"""The Nauticus decision loop: notation, move order, checked play, undo, JSON, replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard_tui.games.nauticus import (
    IllegalMoveError,
    MoveSyntaxError,
    NauticusGame,
    parse_move,
)
from shipyard_tui.games.nauticus.rules.moves import Buy, Reward
from shipyard_tui.games.nauticus.rules.state import Step
from support.nauticus import config, legal, play, random_game, table


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_every_legal_move_reads_back_from_its_notation_and_lists_are_stable(seed, players):
    rng = random.Random(seed)
    game = NauticusGame(config(players, seed))
    for _ in range(120):
        if game.is_over:
            break
        moves = game.legal_moves()
        assert moves == game.legal_moves(), "the same order every time"
        assert len(set(moves)) == len(moves), "no move listed twice"
        for move in moves:
            assert parse_move(str(move)) == move
        game.push(rng.choice(moves))


@pytest.mark.parametrize("text", ["", "buy", "buy hull:bow", "buy hull:bow nowhere",
                                  "deliver x", "reward goods:fish+fish", "reward goods",
                                  "choose sailing", "extra", "free hull:keel"])
def test_malformed_moves_are_refused_with_a_reason(text):
    with pytest.raises(MoveSyntaxError):
        parse_move(text)
    with pytest.raises(IllegalMoveError):
        table().play(text)


def test_move_values_are_small_frozen_and_hashable():
    move = Buy("hull:bow", "left:2")
    assert {move, Buy("hull:bow", "left:2")} == {move}
    assert repr(move) == "Buy(item='hull:bow', dest='left:2')"
    with pytest.raises(AttributeError):
        move.item = "hull:stern"  # type: ignore[misc]
    assert str(Reward("goods:coffee+salt")) == "reward goods:coffee+salt"


def test_an_illegal_move_says_whose_decision_it_is_and_what_is_legal():
    game = table()
    play(game, "choose hulls")
    with pytest.raises(IllegalMoveError, match=r"P0 has to perform the action.*legal: buy"):
        game.play("buy hull:single new")  # price 0: the warehouse only (NA-5.3)
    assert game.moves == [parse_move("choose hulls")], "a refused move changes nothing"


def test_undo_within_a_seats_decision():
    game = NauticusGame(config(2, 1))
    first = game.state.seat
    game.play(str(game.legal_moves()[0]))  # choose
    assert game.can_undo
    while game.state.seat == first:
        game.play("pass" if game.state.step is Step.GO else str(game.legal_moves()[-1]))
    assert not game.can_undo, "another seat's decision is not undone"
    before = game.state.to_dict()
    game.play("pass")
    game.undo()
    assert game.state.to_dict() == before
    with pytest.raises(IllegalMoveError):
        game.undo()


def test_undo_stops_at_the_shuffle_of_a_new_round():
    game = random_game(2, 4)
    replay = NauticusGame(config(2, 4))
    crossings = 0
    for move in game.moves:
        round_before = replay.state.round
        replay.push(move)
        if replay.state.round != round_before:
            crossings += 1
            assert not replay.can_undo
    assert crossings == 3


def test_json_round_trip_and_refusals():
    game = random_game(3, 6)
    data = json.loads(json.dumps(game.to_json()))
    assert NauticusGame.from_json(data).state.to_dict() == game.state.to_dict()
    with pytest.raises(ValueError, match="not a Nauticus game"):
        NauticusGame.from_json({"format": "shipyard-game"})
    broken = dict(data, moves=[*data["moves"], "pass"])
    with pytest.raises(ValueError, match="does not replay"):
        NauticusGame.from_json(broken)
    tampered = json.loads(json.dumps(data))
    tampered["state"]["seats"][0]["coins"] += 1
    with pytest.raises(ValueError, match="does not match"):
        NauticusGame.from_json(tampered)
    assert NauticusGame.from_json(tampered, replay=False).state.seats[0].coins == (
        game.state.seats[0].coins + 1)


def test_a_finished_game_refuses_every_move():
    game = random_game(2, 2)
    assert game.is_over and game.prompt.startswith("nothing")
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play("pass")


def test_from_state_plays_on_from_a_view():
    game = table()
    play(game, "choose hulls")
    look = NauticusGame.from_state(game.view(0))
    look.play("buy hull:single w")
    assert legal(game) != legal(look)
    assert game.state.seats[0].warehouse == {}


def test_copy_is_deep_and_equal():
    game = random_game(4, 12)
    copy = game.state.copy()
    assert copy.to_dict() == game.state.to_dict()
    copy.seats[0].yard.clear()
    copy.seats[1].warehouse["good:fish"] = 99
    copy.stacks["hull:bow"] = -5
    assert copy.to_dict() != game.state.to_dict()
    assert NauticusGame.from_state(game.state.copy()).state.to_dict() == game.state.to_dict()


def _candidate_moves(game: NauticusGame) -> list[str]:
    """Plausible-looking moves, legal or not, for the current position."""
    from shipyard_tui.games.nauticus.rules.catalog import ACTIONS, ITEMS

    dests = ["w", "new", "left:0", "right:0", "0.0", "0.1", "1.0", "3.3"]
    texts = [f"choose {a.value}" for a in ACTIONS] + [f"extra {a.value}" for a in ACTIONS]
    texts += [f"{verb} {item} {dest}" for verb in ("buy", "move") for item in ITEMS[::3]
              for dest in dests]
    texts += ["withdraw", "crown", "done", "pass", "end", "deliver 0", "deliver 5",
              "reward vp", "reward goods:fish+salt", "bonus mast:boat", "free hull:bow"]
    return texts


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250))
def test_play_accepts_exactly_the_legal_moves_and_a_refusal_changes_nothing(seed, steps):
    rng = random.Random(seed)
    game = NauticusGame(config(2 + seed % 3, seed))
    for _ in range(steps):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    legal_now = {str(m) for m in game.legal_moves()}
    before = game.state.to_dict()
    for text in _candidate_moves(game):
        if text in legal_now:
            continue
        with pytest.raises(IllegalMoveError):
            game.play(text)
        assert game.state.to_dict() == before
    for move in game.legal_moves():
        trial = NauticusGame.from_state(game.state.copy())
        trial.play(str(move))


def test_the_prompt_names_only_the_kinds_of_move_on_offer():
    """With no crowns the Crown evaluation has nothing to perform, and once the extra
    action is played the prompt stops offering it (play-test finding)."""
    game = table(2)
    game.play("choose crowns")
    assert game.state.seats[0].crowns == 0 and game.state.step is Step.GO
    assert game.prompt == "pass, or play the extra action"
    game.play("extra withdraw")
    # no use yet: not "once more", and not "finish" either: to perform is to make at
    # least one use (NA-5.2)
    assert game.prompt == "use the action"
    game.play("withdraw")
    assert game.prompt == "use the action once more, or finish"
    game.play("done")
    assert [str(m) for m in game.legal_moves()] == ["pass"]
    assert game.prompt == "pass"
    game.play("pass")
    game.play("extra hulls")
    game.play("buy hull:bow new")
    assert game.prompt == "use the action once more, or finish"
    game.play("done")
    kinds = {type(m).__name__ for m in game.legal_moves()}
    assert kinds == {"Pass"} and game.prompt == "pass"


def test_the_prompt_names_every_kind_when_all_are_offered():
    game = table(2)
    game.play("choose withdraw")
    assert game.prompt == "perform the action, pass, or play the extra action"
    game.play("withdraw")
    assert game.prompt == "use the action once more, or finish"
