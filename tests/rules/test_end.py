"""The end of the game: R-10.1 … R-10.6, with the project choices N-15 and N-16.

Most situations are built by playing random legal moves to a point and then editing
``game.state`` (the reserve and wheel, the end trigger, yards, the display) before
the engine reaches the transition under test.
"""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game, Piece, Stage, TileKind, engine
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.moves import (
    Bonus,
    Buy,
    BuyBlank,
    Choose,
    EndBuild,
    Final,
    NoLastTile,
    Place,
    Proceed,
    Take,
)
from shipyard_tui.games.shipyard.rules.state import PlacedCanal
from support import of_type, random_playout
from support.shipyard import S, fleet_ship, new_game, play_until, solo_game, yard_from_pattern

WHEEL = 12
RESERVE = {2: 3, 3: 5, 4: 7}


# -- helpers -------------------------------------------------------------------


def finish(game: Game, seed: int = 0) -> None:
    """Play random legal moves (checked) until the game is over."""
    random_playout(game, seed, checked=True, limit=20000)


def turn_starts(events: list[ev.Event], kind: str) -> list[int]:
    """The seats of the TurnStarted events of one kind, in order."""
    return [e.seat for e in events if isinstance(e, ev.TurnStarted) and e.kind == kind]


def regular_counts(events: list[ev.Event], players: int) -> list[int]:
    counts = [0] * players
    for seat in turn_starts(events, "regular"):
        counts[seat] += 1
    return counts


def from_start(game: Game) -> list[int]:
    n = game.state.players
    return [(game.state.start_seat + k) % n for k in range(n)]


def at_regular_choose(seat_of):
    """Predicate: ``seat_of(game)`` is at the choose step of a regular turn."""

    def predicate(game: Game) -> bool:
        state = game.state
        return (state.stage is Stage.PLAY and state.turn.step is S.CHOOSE
                and state.turn.seat == seat_of(game)
                and not engine.is_first_turn(state, state.turn.seat))

    return predicate


def reach_final(players: int = 3, seed: int = 0) -> Game:
    """A game whose final actions (R-10.3) are about to start, reached by setting
    the end trigger during the last seat's first regular turn."""
    game = new_game(players, seed=seed)
    play_until(game, at_regular_choose(lambda g: g.state.last_seat))
    game.state.end_trigger = "countdown"
    play_until(game, lambda g: g.state.stage is Stage.FINAL)
    assert game.state.turn.step is S.FINAL_CHOOSE
    return game


def quiet_seats(game: Game) -> None:
    """Make every seat score nothing at the end and need nothing in the last chance."""
    for seat in game.state.seats:
        seat.yard = [None] * 10
        seat.contracts = ["R14", "B6"]  # fleet size and used canals: 0 with no fleet
        seat.fleet = []
        seat.used_canals = 0
        seat.employees = []


def play_quiet_finals(game: Game) -> None:
    """Every seat takes Manufacture Equipment as its final action (free, scores nothing)."""
    while game.state.stage is Stage.FINAL:
        game.play(Final(Action.EQUIPMENT))
        game.play(Take())


def ready_to_sail(game: Game, seat_index: int, yard: str) -> None:
    """Give a seat a yard, one captain, a straight canal and money, so a completed ship
    of speed 1 can score (R-7.2)."""
    seat = game.state.seats[seat_index]
    seat.yard = yard_from_pattern(yard)
    seat.pieces = {Piece.CAPTAIN.value: 1}
    seat.employees = []
    seat.canals = [PlacedCanal("S1", 0, 0, 0)]
    seat.token = None
    seat.guilders = 20


def sail_current_ship(game: Game) -> None:
    """Load, place the token and cruise: always the first legal move."""
    seat = game.state.turn.seat
    while (not game.is_over and game.state.turn.seat == seat
           and game.state.turn.step in (S.SAIL_ORDER, S.LOAD, S.RIGGER, S.TOKEN_START,
                                        S.CRUISE)):
        game.play(game.legal_moves()[0])


# -- countdown end --------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r10_1_countdown_end_gives_every_seat_the_same_regular_turns(players, seed):
    """R-10.1, R-2.8, R-3.8: the wheel turns once per regular turn and 12 positions make a
    rotation; the end comes with the rotation after the last reserve cube, so each seat
    plays (reserve + 1) × 12 / seats = 24 regular turns, plus its first turns (R-3.6,
    R-3.7), and the seat before the starting seat plays the last one."""
    game = new_game(players, seed=seed)
    finish(game, seed)
    events = game.events
    expected = (RESERVE[players] + 1) * WHEEL // players
    assert expected == 24
    assert regular_counts(events, players) == [expected] * players
    first_turns = 2 if players == 2 else 1
    assert [s.turns for s in game.state.seats] == [expected + first_turns] * players
    assert turn_starts(events, "regular")[-1] == game.state.last_seat
    assert game.state.last_seat == (game.state.start_seat - 1) % players
    triggers = of_type(events, ev.EndTriggered)
    assert [t.reason for t in triggers] == ["countdown"]
    assert game.state.reserve == 0
    assert game.state.cubes_removed == RESERVE[players]
    # no regular turn after the trigger; the final actions follow at once
    cut = events.index(triggers[0])
    assert turn_starts(events[cut:], "regular") == []
    assert turn_starts(events[cut:], "final") == from_start(game)


def _arm_countdown(game: Game, reserve: int) -> int:
    """Put the wheel one step before a rotation, with ``reserve`` cubes left, during the
    turn of the seat before the starting seat; the starting seat's next turn completes
    the rotation. Returns the index of the first event after the edit."""
    play_until(game, at_regular_choose(lambda g: g.state.last_seat))
    game.state.wheel = WHEEL - 1
    game.state.reserve = reserve
    return len(game.events)


def test_r10_1_rotation_without_reserve_cube_triggers_the_end_after_that_turn():
    """R-10.1, R-3.8: the rotation completed by the starting seat's step 1 with no reserve
    cube left ends the game after that turn is finished; the other seats still play their
    regular turn, the seat before the starting seat last, and then the final actions."""
    game = new_game(3, seed=4)
    mark = _arm_countdown(game, reserve=0)
    start = game.state.start_seat
    play_until(game, lambda g: g.state.stage is not Stage.PLAY)
    events = game.events[mark:]
    wheel = of_type(events, ev.WheelTurned)[0]
    assert wheel.position == 0 and wheel.rotation_completed
    trigger = of_type(events, ev.EndTriggered)
    assert [(t.reason, t.seat) for t in trigger] == [("countdown", start)]
    # the starting seat's turn was finished before the trigger
    ended = [e for e in events[: events.index(trigger[0])] if isinstance(e, ev.TurnEnded)]
    assert ended[-1].seat == start
    after = events[events.index(trigger[0]):]
    assert turn_starts(after, "regular") == [(start + 1) % 3, (start + 2) % 3]
    assert turn_starts(after, "regular")[-1] == game.state.last_seat
    assert game.state.stage is Stage.FINAL
    assert len({s.turns for s in game.state.seats}) == 1
    assert len(set(regular_counts(game.events, 3))) == 1


def test_r10_1_rotation_with_a_reserve_cube_left_does_not_end_the_game():
    """R-3.8 against R-10.1: with one reserve cube left the rotation only removes it."""
    game = new_game(3, seed=4)
    mark = _arm_countdown(game, reserve=1)
    start = game.state.start_seat
    play_until(game, at_regular_choose(lambda g: (g.state.start_seat + 1) % 3))
    events = game.events[mark:]
    assert of_type(events, ev.EndTriggered) == []
    rotations = of_type(events, ev.RotationCompleted)
    assert [r.reserve for r in rotations] == [0]
    assert game.state.end_trigger is None
    assert game.state.stage is Stage.PLAY
    assert turn_starts(events, "regular")[:2] == [start, (start + 1) % 3]


# -- ship-tile end ---------------------------------------------------------


STACKS = {"bow": ("bow_stack", 0), "middle": ("middle_stack", 1), "stern": ("stern_stack", 3)}


def _refill_after_build(game: Game, seat_of, kind: str = "bow", left: int = 1
                        ) -> tuple[int, int]:
    """At a regular turn of ``seat_of(game)`` where Build Ships may be chosen, leave
    ``left`` tiles in the ``kind`` stack (deck II tiles for the middle stack), buy the
    free tile of that column and end the build so the column is refilled.
    Returns the seat and the index of the first event of the refill."""
    predicate = at_regular_choose(seat_of)
    play_until(game, lambda g: predicate(g) and Choose(Action.BUILD) in g.legal_moves())
    s = game.state.turn.seat
    game.state.seats[s].yard = [None] * 10
    game.play(Choose(Action.BUILD))
    if game.state.turn.step is S.BONUS_BEFORE:
        game.play(Proceed())
    assert game.state.turn.step is S.BUILD
    market = game.state.market
    attr, column = STACKS[kind]
    stack = getattr(market, attr)
    if kind == "middle":
        stack = [t for t in stack if CATALOG.ship(t).deck == 2]
    setattr(market, attr, stack[len(stack) - left:] if left else [])
    game.play(Buy(column, 0))
    place = next(m for m in game.legal_moves() if isinstance(m, Place))
    game.play(place)
    mark = len(game.events)
    game.play(EndBuild())
    return s, mark


def _empty_bow_stack_and_build(game: Game, seat_of, left: int = 1) -> tuple[int, int]:
    return _refill_after_build(game, seat_of, "bow", left)


@pytest.mark.parametrize("who", ["start", "middle", "last"])
def test_r10_2_revealing_the_last_tile_triggers_the_end_and_turns_are_evened(who):
    """R-10.2 (revision 2), R-4.1: the refill that reveals the last tile of the bow stack
    triggers the end at once ("ship_tiles"); regular turns go on only until every seat
    has had the same number, the seat before the starting seat last, then the final
    actions begin."""
    game = new_game(3, seed=7)
    offset = {"start": 0, "middle": 1, "last": 2}[who]
    s, mark = _empty_bow_stack_and_build(
        game, lambda g: (g.state.start_seat + offset) % 3)
    refill = game.events[mark:]
    triggers = of_type(refill, ev.EndTriggered)
    assert [(t.reason, t.seat) for t in triggers] == [("ship_tiles", s)]
    bow_refill = [e for e in of_type(refill, ev.DisplayRefilled)
                  if e.area == "ships" and e.column == 0]
    assert len(bow_refill[0].drawn) == 1 and bow_refill[0].deck_left == 0
    assert refill.index(bow_refill[0]) < refill.index(triggers[0])
    assert None not in game.state.market.ships[0]
    assert game.state.end_trigger == "ship_tiles"
    play_until(game, lambda g: g.state.stage is not Stage.PLAY)
    assert game.state.stage is Stage.FINAL
    after = game.events[mark:]
    later = turn_starts(after, "regular")
    expected = [(s + k) % 3 for k in range(1, 3 - offset)]
    assert later == expected
    assert len(set(regular_counts(game.events, 3))) == 1
    assert len({seat.turns for seat in game.state.seats}) == 1
    assert turn_starts(after, "final") == [game.state.start_seat]
    # the trigger fires once only, whatever runs out later
    finish(game)
    assert len(of_type(game.events, ev.EndTriggered)) == 1


@pytest.mark.parametrize("kind", ["bow", "middle", "stern"])
def test_r10_2_last_tile_of_each_stack_revealed_by_a_refill_ends_the_game(kind):
    """R-10.2: the bow, the stern and the middle stack (deck II, under deck I) each end
    the game when their last tile is revealed into the display."""
    game = new_game(2, seed=5)
    s, mark = _refill_after_build(game, lambda g: g.state.start_seat, kind, left=1)
    attr, _column = STACKS[kind]
    assert getattr(game.state.market, attr) == []
    triggers = of_type(game.events[mark:], ev.EndTriggered)
    assert [(t.reason, t.seat) for t in triggers] == [("ship_tiles", s)]
    if kind == "middle":
        revealed = [t for e in of_type(game.events[mark:], ev.DisplayRefilled)
                    if e.area == "ships" for t in e.drawn]
        assert [CATALOG.ship(t).deck for t in revealed] == [2]


@pytest.mark.parametrize("left", [2, 0])
def test_r10_2_no_end_while_tiles_remain_or_from_an_already_empty_stack(left):
    """R-10.2: a refill that leaves a tile in the stack ends nothing; nor does a refill
    from a stack that was already empty (its slot stays empty, R-4.1)."""
    game = new_game(3, seed=7)
    _s, mark = _empty_bow_stack_and_build(game, lambda g: g.state.start_seat, left=left)
    assert of_type(game.events[mark:], ev.EndTriggered) == []
    assert game.state.end_trigger is None
    assert len(game.state.market.bow_stack) == max(0, left - 1)
    assert (None in game.state.market.ships[0]) == (left == 0)


def test_r10_2_blank_bow_when_the_column_and_stack_are_empty():
    """R-4.1, N-8: once the bow column and stack are empty, Build offers a free blank bow."""
    game = new_game(2, seed=3)
    play_until(game, lambda g: g.state.stage is Stage.PLAY and g.state.turn.step is S.BUILD
               and g.state.turn.bought == 0)
    game.state.market.bow_stack = []
    game.state.market.ships[0] = [None] * 5
    game.state.seats[game.state.turn.seat].yard = [None] * 10
    moves = game.legal_moves()
    assert BuyBlank(TileKind.BOW) in moves
    assert not any(isinstance(m, Buy) and m.column == 0 for m in moves)


# -- N-15 discards when the game ends before the discard point ----------------------


@pytest.mark.parametrize(("players", "advanced"), [(3, False), (2, False), (4, True)])
def test_n15_ship_tile_end_before_discard_point_discards_after_last_chance(players, advanced):
    """N-15, R-3.9: a ship-tile end before the discard point leaves every seat with all
    its contracts through the final actions and the last chance; then the seats discard
    to 1 red + 1 blue, in turn order from the starting seat, before the contracts are
    revealed (advanced: 3 + 3 dealt, so 2 + 2 go)."""
    game = new_game(players, seed=11, advanced=advanced)
    dealt = 6 if advanced else 4
    _empty_bow_stack_and_build(game, lambda g: g.state.start_seat)
    assert game.state.cubes_removed == 0
    play_until(game, lambda g: g.state.stage is Stage.FINAL)
    assert all(len(s.contracts) == dealt for s in game.state.seats)
    assert of_type(game.events, ev.DiscardRequired) == []
    finish(game, seed=5)
    events = game.events
    required = of_type(events, ev.DiscardRequired)
    assert len(required) == 1
    assert required[0].keep == 1
    assert required[0].seats == from_start(game)
    at = events.index(required[0])
    last_chance = next(e for e in events if isinstance(e, ev.StageStarted)
                       and e.stage == "last_chance")
    assert events.index(last_chance) < at
    first_score = next(e for e in events if isinstance(e, ev.ContractScored))
    assert at < events.index(first_score)
    discards = of_type(events, ev.ContractDiscarded)
    per_seat = dealt - 2
    assert len(discards) == per_seat * players
    assert all(events.index(d) > at for d in discards)
    assert [d.seat for d in discards] == [s for s in from_start(game) for _ in range(per_seat)]
    for seat in game.state.seats:
        colours = sorted(CATALOG.contracts[c].colour.value for c in seat.contracts)
        assert colours == ["blue", "red"]
        assert len(seat.discarded) == per_seat
    assert len(of_type(events, ev.ContractScored)) == 2 * players


def test_r3_9_countdown_end_needs_no_more_discards():
    """R-3.9, N-15: after a regular game the discards already happened mid-game, so the
    end asks for none and exactly one red and one blue contract per seat are scored."""
    game = new_game(4, seed=9)
    finish(game, seed=9)
    required = of_type(game.events, ev.DiscardRequired)
    assert len(required) == 1
    scored = of_type(game.events, ev.ContractScored)
    for s in range(4):
        mine = [CATALOG.contracts[e.contract].colour.value for e in scored if e.seat == s]
        assert sorted(mine) == ["blue", "red"]


# -- final actions ----------------------------------------------------------


def test_r10_3_final_actions_go_once_round_from_the_starting_seat():
    """R-10.3: each seat once, from the starting seat; the final actions place no cube and
    do not turn the wheel."""
    game = reach_final(4, seed=2)
    track = [(slot.action, list(slot.cubes)) for slot in game.state.track]
    wheel = game.state.wheel
    order = []
    while game.state.stage is Stage.FINAL:
        order.append(game.state.turn.seat)
        game.play(Final(Action.EQUIPMENT))
        game.play(Take())
    assert order == from_start(game)
    assert game.state.stage is not Stage.FINAL
    assert [(slot.action, slot.cubes) for slot in game.state.track] == track
    assert game.state.wheel == wheel


def test_r10_3_any_action_regardless_of_cubes_and_the_lead():
    """R-10.3: the lead tile, the seat's own tile and tiles with other cubes may all be
    chosen; with money, a commodity and room everything on the track is offered."""
    game = reach_final(3, seed=5)
    state = game.state
    seat = state.seats[state.turn.seat]
    seat.guilders = 40
    seat.yard = [None] * 10
    seat.canals = []
    seat.token = None
    if not seat.commodities:
        seat.commodities.append("C01")
    assert any(slot.cubes for slot in state.track)
    finals = [m for m in game.legal_moves() if isinstance(m, Final)]
    assert len(finals) == len(game.legal_moves())
    assert {m.action for m in finals} == {slot.action for slot in state.track}
    assert Final(state.track[0].action) in finals


def test_r10_3_several_seats_may_pick_the_same_final_action():
    game = reach_final(3, seed=6)
    chosen = []
    while game.state.stage is Stage.FINAL:
        assert Final(Action.CREW) in game.legal_moves()
        chosen.append(game.state.turn.seat)
        game.play(Final(Action.CREW))
        game.play(Take())
    assert len(chosen) == 3
    taken = [e for e in of_type(game.events, ev.PiecesTaken)][-3:]
    assert [e.seat for e in taken] == chosen


def test_r10_3_no_bonus_action_in_the_final_action():
    """R-10.3: no bonus action is offered before or after the final action, even with
    plenty of guilders."""
    game = reach_final(3, seed=8)
    mark = len(game.events)
    while game.state.stage is Stage.FINAL:
        game.state.seats[game.state.turn.seat].guilders = 30
        assert not any(isinstance(m, Bonus) for m in game.legal_moves())
        game.play(Final(Action.EQUIPMENT))
        assert game.state.turn.step is S.RING
        assert not any(isinstance(m, Bonus) for m in game.legal_moves())
        seat = game.state.turn.seat
        game.play(Take())
        assert game.state.turn.seat != seat or game.state.stage is not Stage.FINAL
        assert game.state.turn.step is not S.BONUS_AFTER
    assert of_type(game.events[mark:], ev.BonusPaid) == []


def test_r10_3_a_ship_completed_by_the_final_action_sails():
    """R-10.3, R-3.5: a ship completed by the final Build Ships takes its shakedown."""
    game = reach_final(3, seed=1)
    s = game.state.turn.seat
    ready_to_sail(game, s, "BM.S......")
    mark = len(game.events)
    game.play(Final(Action.BUILD))
    buy = next(m for m in game.legal_moves() if isinstance(m, Buy) and m.column in (1, 2))
    game.play(buy)
    game.play(Place(2))
    game.play(EndBuild())
    sail_current_ship(game)
    events = game.events[mark:]
    assert [(e.seat, e.cells) for e in of_type(events, ev.ShipCompleted)] == [(s, [0, 1, 2, 3])]
    sailed = of_type(events, ev.ShipSailed)
    assert [e.seat for e in sailed] == [s]
    assert len(game.state.seats[s].fleet) == 1
    assert game.state.seats[s].yard == [None] * 10
    assert game.state.stage is Stage.FINAL
    assert game.state.turn.seat == (s + 1) % 3


# -- last chance ------------------------------------------------------------


def _last_chance_setup(seed: int = 3) -> tuple[Game, list[int]]:
    """Three seats at the final actions: the starting seat needs one middle (cell 1), the next
    seat needs two tiles, the third needs one bow. Returns the game and the seats in
    order from the starting seat."""
    game = reach_final(3, seed=seed)
    quiet_seats(game)
    a, b, c = from_start(game)
    ready_to_sail(game, a, "B.S.......")
    ready_to_sail(game, b, "B..S......")
    ready_to_sail(game, c, ".MS.......")
    play_quiet_finals(game)
    return game, [a, b, c]


def test_r10_4_only_seats_one_tile_short_are_asked_in_turn_order():
    game, (a, b, c) = _last_chance_setup()
    assert game.state.stage is Stage.LAST_CHANCE
    assert game.state.turn.seat == a and game.state.turn.step is S.LAST_CHANCE
    game.play(NoLastTile())
    assert game.state.turn.seat == c and game.state.turn.step is S.LAST_CHANCE
    game.play(NoLastTile())
    assert game.is_over
    assert turn_starts(game.events, "last_chance") == [a, c]
    assert b not in turn_starts(game.events, "last_chance")


def test_r10_4_a_seat_may_pass_and_keeps_its_yard():
    game, (a, _b, _c) = _last_chance_setup()
    before = list(game.state.seats[a].yard)
    guilders = game.state.seats[a].guilders
    assert NoLastTile() in game.legal_moves()
    game.play(NoLastTile())
    assert game.state.seats[a].yard == before
    assert game.state.seats[a].guilders == guilders
    assert game.state.seats[a].fleet == []


def test_r10_4_only_tiles_of_the_missing_kind_are_offered():
    """R-10.4, N-16: the seat one middle short sees only middles; the seat one bow short
    only bows."""
    game, _seats = _last_chance_setup()
    moves = game.legal_moves()
    assert moves[0] == NoLastTile()
    buys = moves[1:]
    assert buys and all(isinstance(m, Buy) and m.column in (1, 2) for m in buys)
    game.play(NoLastTile())
    buys = game.legal_moves()[1:]
    assert buys and all(isinstance(m, Buy) and m.column == 0 for m in buys)


def test_n16_last_chance_tile_must_complete_a_ship():
    """N-16: the one tile may go only where it completes a ship, although a regular
    build could also put a middle elsewhere in this yard."""
    game, (a, _b, _c) = _last_chance_setup()
    from shipyard_tui.games.shipyard.rules.yard import legal_cells, pattern

    assert len(legal_cells(pattern(game.state.seats[a].yard), "M")) > 1
    buy = next(m for m in game.legal_moves() if isinstance(m, Buy))
    game.play(buy)
    assert game.state.turn.step is S.PLACE
    assert game.legal_moves() == [Place(1)]


def test_r10_4_bought_tile_is_paid_and_the_ship_sails():
    game, (a, _b, c) = _last_chance_setup()
    guilders = game.state.seats[a].guilders
    assert game.state.market.ships[1][1] is not None
    mark = len(game.events)
    game.play(Buy(1, 1))
    assert game.state.seats[a].guilders == guilders - CATALOG.slot_prices[1]
    game.play(Place(1))
    sail_current_ship(game)
    events = game.events[mark:]
    assert [e.cells for e in of_type(events, ev.ShipCompleted)] == [[0, 1, 2]]
    assert [e.seat for e in of_type(events, ev.ShipSailed)] == [a]
    assert len(game.state.seats[a].fleet) == 1
    # only one tile: the next seat's last chance follows at once
    assert game.state.turn.seat == c and game.state.turn.step is S.LAST_CHANCE


def test_r10_4_blank_tile_is_free_when_none_of_the_kind_is_displayed():
    """R-10.4, N-8: with both middle columns and the middle stack empty, the seat one
    middle short gets a free blank middle, which counts for the ship's length."""
    game, (a, _b, _c) = _last_chance_setup()
    market = game.state.market
    market.ships[1] = [None] * 5
    market.ships[2] = [None] * 5
    market.middle_stack = []
    game.state.seats[a].guilders = 0
    assert game.legal_moves() == [NoLastTile(), BuyBlank(TileKind.MIDDLE)]
    game.play(BuyBlank(TileKind.MIDDLE))
    game.play(Place(1))
    sail_current_ship(game)
    seat = game.state.seats[a]
    assert seat.guilders == 0
    assert len(seat.fleet) == 1
    assert seat.fleet[0].length == 3
    assert CATALOG.ship(seat.fleet[0].tiles[1]).is_blank


def test_n16_seat_without_an_affordable_completing_tile_is_skipped():
    """N-16: a seat one middle short, with middles only in slots it cannot pay for, is
    not asked."""
    game = reach_final(3, seed=3)
    quiet_seats(game)
    a = game.state.start_seat
    ready_to_sail(game, a, "B.S.......")
    market = game.state.market
    middle = next(t for t in market.ships[1] if t is not None)
    market.ships[1] = [None, None, None, None, middle]
    market.ships[2] = [None] * 5
    game.state.seats[a].guilders = 1
    play_quiet_finals(game)
    assert turn_starts(game.events, "last_chance") == []
    assert game.is_over
    assert game.state.seats[a].fleet == []
    assert game.state.seats[a].guilders == 1


def test_r10_4_automa_get_no_final_action_and_no_last_chance():
    """R-12.3, R-10.3, R-10.4: in the solo game only the player has the end turns."""
    game = solo_game(seed=2)
    finish(game, seed=2)
    assert turn_starts(game.events, "final") == [0]
    assert set(turn_starts(game.events, "last_chance")) <= {0}
    assert regular_counts(game.events, 3) == [24, 24, 24]


# -- scoring ----------------------------------------------------------------


def test_r10_5_contracts_and_traders_are_scored_at_the_end():
    """R-10.5, COMPONENTS §5: R14 with 2 ships = 4 (printed 1-4-9-…), B6 with 3 used
    canals = 12; traders coal 1 + coal 2 + steel 1 = 1 + 3 + 1."""
    game = reach_final(3, seed=4)
    quiet_seats(game)
    a, b, c = from_start(game)
    seat = game.state.seats[a]
    seat.fleet = [fleet_ship(["x"]), fleet_ship(["y"])]
    seat.used_canals = 3
    seat.employees = ["trader:coal:1", "trader:coal:2", "trader:steel:1"]
    before = [s.score for s in game.state.seats]
    play_quiet_finals(game)
    assert game.is_over
    events = game.events
    scored = of_type(events, ev.ContractScored)
    assert [(e.seat, e.contract) for e in scored] == [
        (s, k) for s in (a, b, c) for k in ("R14", "B6")]
    mine = {e.contract: e.points for e in scored if e.seat == a}
    assert mine == {"R14": 4, "B6": 12}
    traders = of_type(events, ev.TradersScored)
    assert [e.seat for e in traders] == [a, b, c]
    assert traders[0].points == 5
    assert sorted(traders[0].traders) == sorted(seat.employees)
    assert seat.end_points == {"R14": 4, "B6": 12, "traders": 5}
    assert seat.score == before[a] + 21
    assert traders[0].score == seat.score
    for other in (b, c):
        assert game.state.seats[other].score == before[other]
        assert sum(game.state.seats[other].end_points.values()) == 0
    ended = of_type(events, ev.GameEnded)
    assert len(ended) == 1 and ended[0].scores == [s.score for s in game.state.seats]


def test_r10_5_end_points_account_for_the_last_score_change():
    """R-10.5: in a random game, each seat's end points are exactly what scoring added."""
    game = new_game(3, seed=21)
    finish(game, seed=21)
    first = next(i for i, e in enumerate(game.events) if isinstance(e, ev.ContractScored))
    for s, seat in enumerate(game.state.seats):
        earlier = [e.score for e in game.events[:first]
                   if isinstance(e, ev.TurnEnded | ev.ShipSailed) and e.seat == s]
        base = earlier[-1] if earlier else 0
        assert seat.score == base + sum(seat.end_points.values())
        assert set(seat.end_points) == {*seat.contracts, "traders"}


# -- the winner -------------------------------------------------------------


def _decided(scores: list[int], guilders: list[int]) -> Game:
    game = reach_final(3, seed=12)
    quiet_seats(game)
    for seat, score, money in zip(game.state.seats, scores, guilders, strict=True):
        seat.score = score
        seat.guilders = money
    play_quiet_finals(game)
    assert game.is_over
    return game


def test_r10_6_highest_score_wins():
    game = _decided([10, 12, 11], [30, 0, 30])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert not outcome.shared
    assert outcome.scores == (10, 12, 11)
    assert game.state.winners == [1]
    assert of_type(game.events, ev.GameEnded)[0].winners == [1]


def test_r10_6_tie_goes_to_most_guilders():
    game = _decided([12, 12, 5], [3, 7, 20])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.guilders == (3, 7, 20)
    assert not outcome.shared


def test_r10_6_tie_on_score_and_guilders_is_shared():
    game = _decided([12, 5, 12], [7, 20, 7])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 2)
    assert outcome.shared
    assert of_type(game.events, ev.GameEnded)[0].winners == [0, 2]
