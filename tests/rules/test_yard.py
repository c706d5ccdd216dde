"""The shipyard: ship shape (R-5.1), legal placements (R-5.2) and placing bought tiles (R-4.1).

The pure functions of ``yard.py`` read a yard as a ten-letter pattern (``B`` bow,
``M`` middle, ``S`` stern, ``.`` empty, cell 0 first). The engine tests put the seat
to move into the Build action, give it a yard, buy one tile and look at the
``place N`` moves it is offered.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from shipyard_tui.games.shipyard.rules import Action, Game, IllegalMoveError, engine
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.games.shipyard.rules.yard import (
    CELLS,
    completable,
    complete_ships,
    completing_cells,
    has_legal_cell,
    legal_cells,
    pattern,
    placement_problem,
)
from support.shipyard import begin_action, current, moves_text, new_game, yard_from_pattern

EMPTY_YARD = "." * CELLS
BUY = {"B": "buy bow 0", "M": "buy mid1 0", "S": "buy stern 0"}


def build_game(yard: str) -> Game:
    """A game whose seat to move is performing Build Ships with this yard."""
    game = new_game(2, seed=1)
    current(game).yard = yard_from_pattern(yard)
    begin_action(game, Action.BUILD)
    return game


def offered_cells(yard: str, letter: str) -> list[int]:
    """The cells the engine offers for a tile of kind ``letter`` bought into ``yard``."""
    game = build_game(yard)
    game.play(BUY[letter])
    assert game.state.turn.step is Step.PLACE
    moves = moves_text(game)
    assert all(m.startswith("place ") for m in moves)
    return [int(m.split()[1]) for m in moves]


def with_tile(p: str, letter: str, cell: int) -> str:
    return p[:cell] + letter + p[cell + 1 :]


# -- what a complete ship is -------------------------------------------------


@pytest.mark.parametrize("middles", range(1, 8))
def test_r5_1_bow_one_to_seven_middles_stern_is_a_complete_ship(middles):
    p = ("B" + "M" * middles + "S").ljust(CELLS, ".")
    assert complete_ships(p) == ((0, middles + 1),)


def test_r5_1_bow_next_to_stern_without_middle_is_not_a_ship():
    assert complete_ships("BS........") == ()
    assert complete_ships("...BS.....") == ()


def test_r5_1_eight_middles_bow_in_cell_0_and_stern_in_cell_9_is_never_one_ship():
    assert complete_ships("BMMMMMMMMS") == ()
    assert not completable("BMMMMMMMMS")


def test_r5_1_a_gap_or_a_wrong_tile_inside_breaks_the_ship():
    assert complete_ships("BM.S......") == ()
    assert complete_ships("BMBS......") == ()
    assert complete_ships("BMMSM.....") == ((0, 3),)


def test_r5_1_complete_ships_finds_several_at_once():
    assert complete_ships("BMSBMMSBMS") == ((0, 2), (3, 6), (7, 9))
    assert complete_ships("BMS.BMS...") == ((0, 2), (4, 6))
    assert complete_ships(".BMMMMMMMS") == ((1, 9),)


def test_r5_1_complete_ships_skips_a_bow_that_is_followed_by_another_bow():
    assert complete_ships("BBMS......") == ((1, 3),)
    assert complete_ships("BMSS......") == ((0, 2),)


# -- which cells are legal ------------------------------------------------------


def test_r5_2_empty_yard_bows_never_in_the_last_two_cells():
    assert legal_cells(EMPTY_YARD, "B") == (0, 1, 2, 3, 4, 5, 6, 7)


def test_r5_2_empty_yard_middles_never_in_cell_0_or_9():
    assert legal_cells(EMPTY_YARD, "M") == (1, 2, 3, 4, 5, 6, 7, 8)


def test_r5_2_empty_yard_sterns_never_in_the_first_two_cells():
    assert legal_cells(EMPTY_YARD, "S") == (2, 3, 4, 5, 6, 7, 8, 9)


def test_r5_2_only_a_bow_may_go_in_cell_0_and_only_a_stern_in_cell_9():
    for letter in "MS":
        assert 0 not in legal_cells(EMPTY_YARD, letter)
        assert not completable(with_tile(EMPTY_YARD, letter, 0))
    for letter in "BM":
        assert 9 not in legal_cells(EMPTY_YARD, letter)
        assert not completable(with_tile(EMPTY_YARD, letter, 9))
    assert completable(with_tile(EMPTY_YARD, "B", 0))
    assert completable(with_tile(EMPTY_YARD, "S", 9))


def test_r5_2_book_example_1_a_middle_and_stern_leave_room_only_for_a_bow_in_cell_0():
    """A middle in cell 1 with a stern in cell 2: the only bow that can join them is in cell 0."""
    p = ".MS......."
    assert completable(p)
    assert 0 in legal_cells(p, "B")
    assert 0 not in legal_cells(p, "M")
    assert 0 not in legal_cells(p, "S")
    assert completing_cells(p, "B") == (0,)


def test_r5_2_a_stern_in_cell_1_never_fits_and_a_bow_in_cell_8_never_fits():
    assert not completable("BS........")
    assert not completable(".S........")
    assert not completable("........B.")
    assert 1 not in legal_cells("B.........", "S")
    assert 8 not in legal_cells(EMPTY_YARD, "B")


def test_r5_2_book_example_2_no_room_for_a_middle_between_a_bow_and_the_stern_beside_it():
    """Tiles never move: a stern put right after a bow leaves no cell for a middle."""
    assert 4 not in legal_cells("...B......", "S")
    assert 5 in legal_cells("...B......", "S")
    assert 3 not in legal_cells("....S.....", "B")
    assert 2 in legal_cells("....S.....", "B")
    reason = placement_problem("...B......", "S", 4)
    assert reason == "a ship needs a middle between its bow and its stern"
    # at the yard's edge too: a play-test read "leaves no room for a bow" for a stern
    # in cell 1 beside the bow in cell 0
    assert placement_problem("B.........", "S", 1) == reason
    assert placement_problem("........S.", "B", 7) == reason
    assert placement_problem("..........", "S", 1) == "a stern here leaves no room for a bow"


def test_r5_2_middle_between_a_stern_and_a_bow_waits_for_both_ships():
    """A middle between the stern of one ship and the bow of the next is legal: when both
    ships have sailed, its bow and stern can go in the cells they free."""
    p = "BMS.BMMMMS"
    assert 3 in legal_cells(p, "M")
    assert completable("BMSMBMMMMS")


def test_r5_2_a_bow_directly_followed_by_a_stern_can_never_take_a_middle():
    """Tiles never move, so nothing can go between an adjacent bow and stern."""
    assert not completable("...BS.....")
    assert 4 not in legal_cells("...B......", "S")
    assert 3 not in legal_cells("....S.....", "B")


def test_r5_2_middle_right_of_a_stern_waits_for_that_stern_to_sail():
    """A middle in cell 3 behind the complete ship in cells 0..2 counts on those cells."""
    assert 3 in legal_cells("BMS.......", "M")
    assert completable("BMSM......")


def test_r5_2_book_example_4_bow_waits_for_the_ship_on_its_right_to_sail():
    """Bow in cell 4 next to a ship in cells 5..8: it completes only after that ship sails."""
    p = ".....BM.S."
    assert 4 in legal_cells(p, "B")
    assert completable("....BBM.S.")
    assert completable("....BBMMS.")
    # the cells it counts on are taken now, so no single tile completes it
    assert 4 not in completing_cells(p, "B")


def test_r5_2_book_example_4_a_bow_that_would_break_the_right_ship_is_illegal():
    p = ".....BM.S."
    assert 7 not in legal_cells(p, "B")
    assert legal_cells(p, "B") == (0, 1, 2, 3, 4)
    assert legal_cells(p, "M") == (1, 2, 3, 4, 7)
    assert legal_cells(p, "S") == (2, 3, 4, 7, 9)


def test_r5_2_book_example_5_middle_counts_on_cells_two_other_ships_will_free():
    """A middle in cell 3 between two unfinished ships (cells 0..2 and 4..9).

    Its bow must go where the left ship lies and its stern where the right ship's bow
    lies, so both ships must sail first, and that is allowed.
    """
    p = "B.S.B....S"
    assert 3 in legal_cells(p, "M")
    assert completable("B.SMB....S")
    assert placement_problem(p, "M", 3) is None


def test_r5_2_middle_between_stern_and_bow_of_complete_ships_is_legal_too():
    assert completable("BMSMBMMS..")
    assert 3 in legal_cells("BMS.BMMS..", "M")


def test_r5_2_at_most_seven_middles_between_bow_and_stern():
    p = "BMMMMMMM.."
    assert 8 not in legal_cells(p, "M")
    assert not completable("BMMMMMMMM.")
    assert legal_cells(p, "S") == (8, 9)


def test_r5_2_yard_may_fill_up_when_the_last_tile_completes_a_ship():
    p = "B.MMMMMMMS"
    assert legal_cells(p, "B") == (1,)
    full = with_tile(p, "B", 1)
    assert "." not in full
    assert complete_ships(full) == ((1, 9),)


def test_r5_2_yard_may_not_fill_up_without_a_complete_ship():
    p = "BMMMMMMM.S"
    assert legal_cells(p, "M") == ()
    assert legal_cells(p, "B") == ()
    assert placement_problem(p, "M", 8) is not None
    assert placement_problem(p, "B", 8) is not None
    # a stern in cell 8 fills the yard and completes a ship: allowed
    assert legal_cells(p, "S") == (8,)
    assert complete_ships(with_tile(p, "S", 8)) == ((0, 8),)


def test_r5_2_yard_full_with_a_complete_ship_and_another_waiting_tile_is_legal():
    p = "BMSBMMMM.S"
    assert 8 in legal_cells(p, "S")
    assert complete_ships("BMSBMMMMSS") == ((0, 2), (3, 8))


def test_r5_2_taken_cells_are_never_legal():
    p = "B.S.B....S"
    for letter in "BMS":
        cells = legal_cells(p, letter)
        for c in (0, 2, 4, 9):
            assert c not in cells


# -- placement_problem gives a reason for every illegal cell ---------------------------


@pytest.mark.parametrize(
    ("p", "letter", "cell", "words"),
    [
        ("B.........", "M", 0, "taken"),
        (EMPTY_YARD, "B", 8, "no room for a stern"),
        (EMPTY_YARD, "B", 9, "no room for a stern"),
        (EMPTY_YARD, "S", 0, "no room for a bow"),
        (EMPTY_YARD, "S", 1, "no room for a bow"),
        (EMPTY_YARD, "M", 0, "middle"),
        (EMPTY_YARD, "M", 9, "middle"),
        ("..B.......", "S", 3, "needs a middle"),
        ("...B......", "S", 4, "needs a middle"),
        (EMPTY_YARD, "B", 10, "no such cell"),
        (EMPTY_YARD, "B", -1, "no such cell"),
    ],
)
def test_r5_2_placement_problem_names_the_reason(p, letter, cell, words):
    reason = placement_problem(p, letter, cell)
    assert reason is not None
    assert words in reason


@pytest.mark.parametrize(
    "p", [EMPTY_YARD, "B.........", ".....BM.S.", "B.S.B....S", "BMMMMMMM.S", "B.MMMMMMMS",
          "BMS.......", ".MS.......", "B..S......"],
)
def test_r5_2_placement_problem_is_none_exactly_on_legal_cells(p):
    for letter in "BMS":
        legal = legal_cells(p, letter)
        for cell in range(CELLS):
            problem = placement_problem(p, letter, cell)
            if cell in legal:
                assert problem is None, (p, letter, cell)
            else:
                assert isinstance(problem, str) and problem, (p, letter, cell)


# -- completing_cells --------------------------------------------------------------------


def test_r10_4_completing_cells_are_the_cells_that_finish_a_ship():
    assert completing_cells("BM.S......", "M") == (2,)
    assert completing_cells("BM........", "S") == (2,)
    assert completing_cells("BM........", "M") == ()
    assert completing_cells("B.S.B....S", "M") == (1,)
    assert completing_cells(".MMS......", "B") == (0,)


def test_r10_4_completing_cells_are_always_legal_cells():
    for p in (".....BM.S.", "B.S.B....S", "BMMMMMMM.S", "B.MMMMMMMS", "BM.SBMM.S."):
        for letter in "BMS":
            assert set(completing_cells(p, letter)) <= set(legal_cells(p, letter))


# -- invariants over yards reached by legal play ---------------------------------------


def _random_yards(seed: int, steps: int) -> list[str]:
    """Yards reached by random legal placements, complete ships sailing now and then."""
    rng = random.Random(seed)
    p = EMPTY_YARD
    seen = [p]
    for _ in range(steps):
        ships = complete_ships(p)
        if ships and rng.random() < 0.5:
            for i, j in ships:
                p = p[:i] + "." * (j - i + 1) + p[j + 1 :]
        options = [(letter, c) for letter in "BMS" for c in legal_cells(p, letter)]
        if not options:
            ships = complete_ships(p)
            assert ships, f"stuck in {p!r} without a complete ship"
            for i, j in ships:
                p = p[:i] + "." * (j - i + 1) + p[j + 1 :]
            continue
        letter, c = rng.choice(options)
        p = with_tile(p, letter, c)
        seen.append(p)
    return seen


def test_r5_2_yards_reached_by_legal_play_stay_completable_and_well_formed():
    for seed in range(6):
        for p in _random_yards(seed, 120):
            assert completable(p), p
            assert p[0] in "B.", p
            assert p[9] in "S.", p
            if "." not in p:
                assert complete_ships(p), p


def test_r5_2_a_yard_reached_by_legal_play_is_never_stuck():
    """From every yard reached, some tile has a legal cell or a complete ship can sail."""
    for seed in range(3):
        for p in _random_yards(seed + 10, 60):
            stuck = not any(legal_cells(p, letter) for letter in "BMS")
            assert not stuck or complete_ships(p), p


# -- the engine: Build Ships offers exactly the legal cells (R-4.1, R-5.2) -------------


@pytest.mark.parametrize(
    ("letter", "cells"),
    [("B", [0, 1, 2, 3, 4, 5, 6, 7]), ("M", [1, 2, 3, 4, 5, 6, 7, 8]),
     ("S", [2, 3, 4, 5, 6, 7, 8, 9])],
)
def test_r5_2_engine_empty_yard_offers_bows_left_middles_inside_sterns_right(letter, cells):
    assert offered_cells(EMPTY_YARD, letter) == cells


@pytest.mark.parametrize(
    "p", [".....BM.S.", "B.S.B....S", "B.........", "BMS.......", "B..S......", ".MS......."],
)
def test_r4_1_engine_offers_exactly_the_legal_cells(p):
    for letter in "BMS":
        assert offered_cells(p, letter) == list(legal_cells(p, letter)), (p, letter)


def test_r5_2_engine_book_example_4_bow_beside_the_right_ship_is_offered():
    assert 4 in offered_cells(".....BM.S.", "B")
    assert 7 not in offered_cells(".....BM.S.", "B")


def test_r5_2_engine_book_example_5_middle_between_two_ships_is_offered():
    assert 3 in offered_cells("B.S.B....S", "M")


def test_r5_2_engine_stern_beside_a_bow_is_not_offered():
    cells = offered_cells("...B......", "S")
    assert 4 not in cells
    assert cells == [2, 5, 6, 7, 8, 9]


def test_r4_1_engine_offers_only_tile_kinds_with_a_legal_cell():
    """With only a stern able to fill the last cell, no bow or middle may be bought."""
    game = build_game("BMMMMMMM.S")
    moves = moves_text(game)
    assert any(m.startswith("buy stern") for m in moves)
    assert not any(m.startswith(("buy bow", "buy mid")) for m in moves)


def test_r4_1_engine_only_a_bow_completing_the_ship_may_fill_the_yard():
    game = build_game("B.MMMMMMMS")
    moves = moves_text(game)
    assert any(m.startswith("buy bow") for m in moves)
    assert not any(m.startswith(("buy stern", "buy mid")) for m in moves)
    game.play("buy bow 0")
    assert moves_text(game) == ["place 1"]


def test_r5_2_engine_refuses_an_illegal_place_move():
    game = build_game(EMPTY_YARD)
    game.play("buy mid1 0")
    for cell in (0, 9):
        with pytest.raises(IllegalMoveError):
            game.play(f"place {cell}")
    assert all(t is None for t in current(game).yard)


def test_r5_2_engine_placing_never_moves_other_tiles():
    game = build_game("B.S.B....S")
    seat = current(game)
    before = list(seat.yard)
    game.play("buy mid1 0")
    held = game.state.turn.holding
    game.play("place 3")
    after = seat.yard
    assert after[3] == held
    for c in range(CELLS):
        if c != 3:
            assert after[c] == before[c]
    placed = [e for e in game.events if isinstance(e, ev.ShipTilePlaced)]
    assert placed[-1].cell == 3
    assert placed[-1].yard == "B.SMB....S"


def test_r4_1_engine_three_tiles_one_at_a_time_each_checked_against_the_new_yard():
    """After a stern in cell 2 the middle may complete the ship in cell 1; others stay put."""
    game = build_game("B.........")
    seat = current(game)
    bow = seat.yard[0]
    game.play("buy stern 0")
    assert 1 not in [int(m.split()[1]) for m in moves_text(game)]
    game.play("place 2")
    game.play("buy mid1 0")
    cells = [int(m.split()[1]) for m in moves_text(game)]
    assert 1 in cells
    game.play("place 1")
    assert pattern(seat.yard) == "BMS......."
    assert seat.yard[0] == bow
    game.play("buy mid2 0")
    # the complete ship in 0..2 will sail, so a middle right of it is legal now
    cells = [int(m.split()[1]) for m in moves_text(game)]
    assert cells == list(legal_cells("BMS.......", "M"))
    assert 3 in cells
    game.play("place 3")
    assert "end-build" in moves_text(game)
    assert not any(m.startswith("buy") for m in moves_text(game))


def test_r5_2_engine_sailing_ship_leaves_the_other_tiles_where_they_were():
    game = new_game(2, seed=1)
    seat = current(game)
    seat.yard = yard_from_pattern("BMS.B.....")
    waiting = seat.yard[4]
    seat.pieces = {}
    engine.begin_shakedown(game.state, game.events)
    # no captain: the ship is dismantled and its cells are emptied
    assert pattern(seat.yard) == "....B....."
    assert seat.yard[4] == waiting


# -- the fast completability test agrees with the definition -------------------


@functools.cache
def _completable_by_search(p: str) -> bool:
    """R-5.2 read literally: some ship that fits can sail first (its cells empty) and
    what remains is completable again: a search over every order of departures."""
    if set(p) == {"."}:
        return True
    for i in range(CELLS - 2):
        for j in range(i + 2, min(i + 8, CELLS - 1) + 1):
            segment = p[i : j + 1]
            fits = (segment[0] in "B." and segment[-1] in "S."
                    and all(c in "M." for c in segment[1:-1]))
            if fits and set(segment) != {"."}:
                rest = p[:i] + "." * len(segment) + p[j + 1 :]
                if _completable_by_search(rest):
                    return True
    return False


def test_r5_2_completable_agrees_with_the_search_on_every_yard_of_up_to_three_tiles():
    checked = 0
    for cells in itertools.combinations(range(CELLS), 3):
        for letters in itertools.product("BMS.", repeat=3):
            p = list(EMPTY_YARD)
            for cell, letter in zip(cells, letters, strict=True):
                p[cell] = letter
            yard = "".join(p)
            assert completable(yard) == _completable_by_search(yard), yard
            checked += 1
    assert checked == 120 * 64


def test_r5_2_completable_agrees_with_the_search_on_random_crowded_yards():
    rng = random.Random(52)
    verdicts = set()
    for _ in range(3000):
        yard = "".join(rng.choice("BMS..") for _ in range(CELLS))
        verdict = completable(yard)
        assert verdict == _completable_by_search(yard), yard
        verdicts.add(verdict)
    assert verdicts == {True, False}


def test_r5_2_has_legal_cell_is_whether_legal_cells_has_one():
    """The engine asks only whether a kind has a legal cell (issue 39): it must agree
    with the full list, on crowded yards and on yards reached by legal play."""
    rng = random.Random(39)
    yards = ["".join(rng.choice("BMS..") for _ in range(CELLS)) for _ in range(2000)]
    yards += _random_yards(39, 200)
    answers = set()
    for yard in yards:
        for letter in "BMS":
            answer = has_legal_cell(yard, letter)
            assert answer == bool(legal_cells(yard, letter)), (yard, letter)
            answers.add(answer)
    assert answers == {True, False}
