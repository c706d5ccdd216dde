"""The solo game: one player against the two automa (RULINGS §12, rules notes N-18–N-20).

Automa seats never decide anything; the engine plays their turns as soon as the
player's turn ends. Most tests below therefore arrange the board (the action track
with its cubes, the solo tile stack, the market) and then run one automa turn
through the engine's own entry point, ``engine.automa_turn`` (step 1 and the automa
turn proper), or let the engine reach the automa after a real player turn.

Stacks are written with their top LAST, as in the state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game, SeatKind, Stage, engine
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.automa import next_number, play_automa_turn
from shipyard_tui.games.shipyard.rules.state import TrackSlot, Turn
from support import of_type
from support.invariants import check_final, check_invariants, random_config, random_game
from support.shipyard import finish_turn, moves_text, play_until, solo_game

ME, A, B = 0, 1, 2
SOLO_IDS = tuple(CATALOG.solo_tiles)
SEVEN = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")

# -- helpers -----------------------------------------------------------------------------


def lay_out(game: Game, order: tuple[str, ...] | list[str], cubes: dict[str, int],
            guilders: dict[str, int] | None = None) -> None:
    """Put the action tiles in ``order`` (slot 0 first) with one cube of seat
    ``cubes[action]`` on the named tiles; each seat's newest tile follows its cube."""
    guilders = guilders or {}
    state = game.state
    state.track = [TrackSlot(Action(a), [cubes[a]] if a in cubes else [], guilders.get(a, 0))
                   for a in order]
    for s, seat in enumerate(state.seats):
        mine = [a for a, c in cubes.items() if c == s]
        seat.newest = Action(mine[0]) if mine else None


def set_stack(game: Game, *top_last: str) -> None:
    """The face-down solo stack (top last); every other solo tile lies face up."""
    solo = game.state.solo
    assert solo is not None
    solo.stack = list(top_last)
    solo.face_up = [t for t in SOLO_IDS if t not in top_last]


def run_automa(game: Game, seat: int, *, first: bool = False) -> list[ev.Event]:
    """One automa turn exactly as the engine plays it (step 1 unless ``first``)."""
    state = game.state
    state.turn = Turn(seat=seat)
    out: list[ev.Event] = []
    engine.automa_turn(state, seat, first, out)
    return out


def track(game: Game) -> list[str]:
    return [slot.action.value for slot in game.state.track]


def cubes_on(game: Game, action: str) -> list[int]:
    return game.state.track[track(game).index(action)].cubes


def markers(game: Game) -> tuple[int, int, int, int]:
    s = game.state
    return s.equipment_marker, s.crew_marker, s.employee_marker, s.exchange_marker


def market_snapshot(game: Game) -> tuple:
    m = game.state.market
    return ([list(c) for c in m.ships], list(m.canals), list(m.commodities),
            len(m.bow_stack), len(m.middle_stack), len(m.stern_stack), len(m.canal_deck),
            len(m.commodity_deck), list(m.removed_ships), list(m.removed_tiles))


def player_turn(game: Game, action: str) -> list[ev.Event]:
    """The player chooses ``action`` and ends the turn; return every event since."""
    start = len(game.events)
    game.play(f"choose {action}")
    finish_turn(game)
    return game.events[start:]


def turn_events(events: list[ev.Event], seat: int) -> list[ev.Event]:
    """The events of ``seat``'s first turn in ``events`` (TurnStarted to TurnEnded)."""
    begin = next(k for k, e in enumerate(events)
                 if isinstance(e, ev.TurnStarted) and e.seat == seat)
    end = next(k for k, e in enumerate(events)
               if k > begin and isinstance(e, ev.TurnEnded) and e.seat == seat)
    return events[begin:end + 1]


def regular_round_game(seed: int = 4) -> Game:
    """A solo game at the player's second (regular) turn."""
    game = solo_game(seed=seed)
    player_turn(game, next(m.split()[1] for m in moves_text(game)))
    assert game.state.turn.seat == ME and game.state.seats[A].turns == 1
    return game


# the standard arrangement for one automa turn: A's previous tile is "hire",
# the player sits on "crew", B on "exchange"
ORDER = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")
CUBES = {"crew": ME, "hire": A, "exchange": B}


def a_turn(game: Game, *stack: str, order=ORDER, cubes=None, **kw) -> list[ev.Event]:
    lay_out(game, order, CUBES if cubes is None else cubes, **kw)
    set_stack(game, *stack)
    return run_automa(game, A)


# -- setup --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_r12_1_setup_is_the_three_seat_setup_with_the_player_first(seed):
    game = solo_game(seed=seed)
    state = game.state
    assert [s.kind for s in state.seats] == [SeatKind.HUMAN, SeatKind.AUTOMA, SeatKind.AUTOMA]
    assert state.start_seat == ME and state.turn.seat == ME and game.to_move == ME
    assert sorted(track(game)) == sorted(SEVEN)  # 7 tiles: no Receive Subsidy
    assert state.reserve == 5
    # one copy of the employee deck, one tile a slot
    slots = [stack for space in state.employee_track for stack in space]
    assert len(slots) == 24 and all(len(stack) == 1 for stack in slots)
    assert sorted(stack[0] for stack in slots) == sorted(CATALOG.employees)
    # contracts only for the player: 2 red + 2 blue
    me = state.seats[ME]
    assert Counter(c[0] for c in me.contracts) == {"R": 2, "B": 2}
    for s in (A, B):
        automa = state.seats[s]
        assert automa.contracts == [] and automa.guilders == 0 and automa.commodities == []
        assert automa.score == 0 and automa.employees == []
    assert me.guilders == 6 and me.commodities == ["start-1"]
    # the 8 solo tiles, face down, none flipped yet
    assert sorted(state.solo.stack) == sorted(SOLO_IDS) and len(SOLO_IDS) == 8
    assert state.solo.face_up == []
    started = of_type(game.events, ev.GameStarted)[0]
    assert started.solo and started.start_seat == ME and started.reserve == 5
    assert started.kinds == ["human", "automa", "automa"]
    dealt = of_type(game.events, ev.ContractsDealt)
    assert [d.seat for d in dealt] == [ME]


def test_r12_1_solo_stack_is_shuffled_by_the_seed():
    orders = {tuple(solo_game(seed=s).state.solo.stack) for s in range(12)}
    assert len(orders) > 6
    # the same seed gives the same stack
    assert solo_game(seed=5).state.solo.stack == solo_game(seed=5).state.solo.stack


def test_r12_1_solo_tiles_and_their_backs_match_components_6():
    backs = {t.action: (t.back, t.bracket if t.back == 0 else None)
             for t in CATALOG.solo_tiles.values()}
    assert backs == {
        "build": (0, 2), "canal": (1, None), "purchase": (2, None), "equipment": (0, 3),
        "crew": (1, None), "hire": (2, None), "exchange": (1, None), "last": (2, None),
    }
    assert CATALOG.solo_board_number == 1


def test_r12_1_turn_order_is_player_then_a_then_b():
    game = solo_game(seed=3)
    rng = random.Random(3)
    play_until(game, lambda g: g.state.turn_number >= 31, rng=rng)
    seats = [e.seat for e in of_type(game.events, ev.TurnStarted)]
    assert seats[:30] == [ME, A, B] * 10
    # automa never have a decision: the engine stops only at the player's
    assert game.to_move == ME


# -- first turns --------------------------------------------------------------------


def test_r12_2_first_turns_place_cubes_without_performing_anything():
    game = solo_game(seed=11)
    lay_out(game, ORDER, {})
    set_stack(game, "solo:exchange", "solo:purchase", "solo:build", "solo:equipment")
    before_market = market_snapshot(game)
    events = player_turn(game, "crew")
    state = game.state
    after_player = events[:events.index(of_type(events, ev.TurnEnded)[0]) + 1]
    player_markers = markers(game)
    # A flipped the top tile (equipment), B the next one (build): the free lead tile may
    # be taken on a first turn (R-3.2, R-12.2, revision 2)
    a_events, b_events = turn_events(events, A), turn_events(events, B)
    assert [(e.tile, e.used) for e in of_type(a_events, ev.SoloTileFlipped)] == [
        ("solo:equipment", True)]
    assert [(e.tile, e.used) for e in of_type(b_events, ev.SoloTileFlipped)] == [
        ("solo:build", True)]
    assert of_type(b_events, ev.SoloTileFlipped)[0].reason == "that tile is free"
    assert of_type(a_events, ev.TurnStarted)[0].kind == "first"
    assert cubes_on(game, "equipment") == [A] and cubes_on(game, "build") == [B]
    assert state.seats[A].newest is Action.EQUIPMENT and state.seats[B].newest is Action.BUILD
    for automa_events in (a_events, b_events):
        # no step 1, no action: no marker, no market, no income, no report of an action
        for kind in (ev.TileAdvanced, ev.WheelTurned, ev.MarkerMoved, ev.DisplayRemoved,
                     ev.DisplayRefilled, ev.IncomePaid, ev.AutomaActed, ev.ActionStarted,
                     ev.BonusPaid):
            assert of_type(automa_events, kind) == [], kind
    # the markers did not move after the player's own Recruit Crew and the market is intact
    assert of_type(after_player, ev.MarkerMoved)[0].ring == "crew"
    assert markers(game) == player_markers
    assert market_snapshot(game) == before_market
    # the player's regular turn began: step 1 moved crew to the lead with its cube
    assert state.track[0].action is Action.CREW and cubes_on(game, "crew") == []
    assert of_type(events, ev.TurnStarted)[-1].kind == "regular"
    assert [s.guilders for s in state.seats[1:]] == [0, 0]
    # the flipped tiles lie face up; the rest stay face down in order
    assert state.solo.face_up[-2:] == ["solo:equipment", "solo:build"]
    assert state.solo.stack == ["solo:exchange", "solo:purchase"]


def test_r12_2_occupied_actions_are_skipped_and_a_free_lead_is_taken_on_a_first_turn():
    """R-12.2, R-3.2 (revision 2): on the automa's first turns only an occupied tile is
    skipped; the free first tile of the track (the lead) may be taken."""
    game = solo_game(seed=12)
    lay_out(game, ORDER, {})
    set_stack(game, "solo:hire", "solo:last", "solo:canal", "solo:purchase", "solo:build",
              "solo:crew")
    events = player_turn(game, "crew")
    a_flips = of_type(turn_events(events, A), ev.SoloTileFlipped)
    b_flips = of_type(turn_events(events, B), ev.SoloTileFlipped)
    assert [(f.tile, f.action, f.used, f.reason) for f in a_flips] == [
        ("solo:crew", "crew", False, "that tile is occupied"),
        ("solo:build", "build", True, "that tile is free"),
    ]
    assert [(f.tile, f.action, f.used) for f in b_flips] == [
        ("solo:purchase", "purchase", True)]
    assert cubes_on(game, "build") == [A] and cubes_on(game, "purchase") == [B]
    assert game.state.solo.stack == ["solo:hire", "solo:last", "solo:canal"]


def test_r12_2_first_turn_special_tile_uses_the_free_last_tile():
    game = solo_game(seed=13)
    lay_out(game, ORDER, {})
    set_stack(game, "solo:crew", "solo:canal", "solo:last")
    events = player_turn(game, "crew")
    flips = of_type(turn_events(events, A), ev.SoloTileFlipped)
    assert [(f.tile, f.action, f.used) for f in flips] == [("solo:last", "exchange", True)]
    assert cubes_on(game, "exchange") == [A]
    b_flips = of_type(turn_events(events, B), ev.SoloTileFlipped)
    assert [(f.tile, f.used) for f in b_flips] == [("solo:canal", True)]


def test_r12_2_first_turn_special_tile_on_an_occupied_last_tile_flips_again():
    game = solo_game(seed=13)
    lay_out(game, ORDER, {})
    set_stack(game, "solo:crew", "solo:canal", "solo:last")
    events = player_turn(game, "exchange")
    flips = of_type(turn_events(events, A), ev.SoloTileFlipped)
    assert [(f.tile, f.used, f.reason) for f in flips] == [
        ("solo:last", False, "the last tile of the track is occupied"),
        ("solo:canal", True, "that tile is free"),
    ]
    assert cubes_on(game, "canal") == [A]
    assert cubes_on(game, "crew") == [B]


def test_r12_2_automa_first_turn_ignores_guilders_and_pays_no_income():
    game = solo_game(seed=14)
    lay_out(game, ORDER, {}, guilders={"hire": 3})
    set_stack(game, "solo:crew", "solo:hire")
    events = player_turn(game, "equipment")
    assert of_type(turn_events(events, A), ev.IncomePaid) == []
    assert cubes_on(game, "hire") == [A]
    assert game.state.track[track(game).index("hire")].guilders == 3
    assert game.state.seats[A].guilders == 0


# -- step 1 and the flips ----------------------------------------------------------


def test_r12_3_step_one_moves_the_previous_tile_to_the_lead_and_turns_the_wheel():
    game = solo_game(seed=20)
    game.state.wheel = 5
    events = a_turn(game, "solo:exchange", "solo:purchase")
    advanced = of_type(events, ev.TileAdvanced)
    assert len(advanced) == 1
    assert (advanced[0].seat, advanced[0].action, advanced[0].from_slot) == (A, "hire", 5)
    assert advanced[0].track == ["hire", "build", "canal", "purchase", "equipment", "crew",
                                 "exchange"]
    assert [(w.position, w.rotation_completed) for w in of_type(events, ev.WheelTurned)] == [
        (6, False)]
    assert game.state.wheel == 6
    assert track(game)[0] == "hire" and cubes_on(game, "hire") == []
    # step 1 comes before the flip
    kinds = [type(e) for e in events]
    assert kinds.index(ev.WheelTurned) < kinds.index(ev.SoloTileFlipped)
    assert cubes_on(game, "purchase") == [A]
    assert game.state.seats[A].newest is Action.PURCHASE


def test_r12_3_flips_until_a_free_tile_that_is_not_the_lead():
    game = solo_game(seed=21)
    events = a_turn(game, "solo:purchase", "solo:canal", "solo:crew", "solo:exchange",
                    "solo:hire")
    flips = of_type(events, ev.SoloTileFlipped)
    assert [(f.tile, f.used, f.reason) for f in flips] == [
        ("solo:hire", False, "that tile is the lead"),  # A's own previous tile
        ("solo:exchange", False, "that tile is occupied"),  # B
        ("solo:crew", False, "that tile is occupied"),  # the player
        ("solo:canal", True, "that tile is free"),
    ]
    assert all(f.seat == A for f in flips)
    assert cubes_on(game, "canal") == [A]
    assert Counter(c for slot in game.state.track for c in slot.cubes) == {ME: 1, A: 1, B: 1}
    assert game.state.solo.stack == ["solo:purchase"]
    assert game.state.solo.face_up[-4:] == ["solo:hire", "solo:exchange", "solo:crew",
                                            "solo:canal"]


def test_r12_3_special_tile_takes_the_last_tile_of_the_track_when_free():
    game = solo_game(seed=22)
    order = ("build", "canal", "purchase", "equipment", "hire", "exchange", "crew")
    cubes = {"hire": A, "exchange": ME, "build": B}
    before = game.state.crew_marker
    events = a_turn(game, "solo:canal", "solo:last", order=order, cubes=cubes)
    # after step 1 the track is hire, build, canal, purchase, equipment, exchange, crew
    assert track(game)[-1] == "crew"
    flips = of_type(events, ev.SoloTileFlipped)
    assert [(f.tile, f.action, f.used, f.reason) for f in flips] == [
        ("solo:last", "crew", True, "the last tile of the track is free")]
    assert cubes_on(game, "crew") == [A]
    placed = of_type(events, ev.CubePlaced)
    assert [(p.seat, p.action, p.slot) for p in placed] == [(A, "crew", 6)]
    # and it performs that tile's action with n = the canal tile's back, 1
    assert game.state.crew_marker == (before + 1) % 4
    acted = of_type(events, ev.AutomaActed)
    assert [(x.action, x.n) for x in acted] == [("crew", 1)]


def test_r12_3_special_tile_flips_again_when_the_last_tile_is_occupied():
    game = solo_game(seed=23)
    order = ("build", "canal", "purchase", "equipment", "hire", "crew", "exchange")
    cubes = {"hire": A, "exchange": B, "crew": ME}
    events = a_turn(game, "solo:crew", "solo:purchase", "solo:last", order=order, cubes=cubes)
    flips = of_type(events, ev.SoloTileFlipped)
    assert [(f.tile, f.action, f.used, f.reason) for f in flips] == [
        ("solo:last", "exchange", False, "the last tile of the track is occupied"),
        ("solo:purchase", "purchase", True, "that tile is free"),
    ]
    assert cubes_on(game, "exchange") == [B] and cubes_on(game, "purchase") == [A]


def test_r12_3_automa_turn_through_the_engine_after_the_players_turn():
    """A real regular round: the player's turn ends, A then B play, the player decides."""
    game = regular_round_game(seed=24)
    state = game.state
    a_tile = state.seats[A].newest
    b_tile = state.seats[B].newest
    wheel = state.wheel
    free = [a for a in SEVEN if a not in (a_tile.value, b_tile.value, track(game)[0])]
    pick = next(m.split()[1] for m in moves_text(game) if m.split()[1] in free)
    events = player_turn(game, pick)
    a_events, b_events = turn_events(events, A), turn_events(events, B)
    assert of_type(a_events, ev.TileAdvanced)[0].action == a_tile.value
    assert of_type(b_events, ev.TileAdvanced)[0].action == b_tile.value
    assert state.wheel == (wheel + 3) % 12  # player's next step 1 included
    for seat, part in ((A, a_events), (B, b_events)):
        assert of_type(part, ev.TurnStarted)[0].kind == "regular"
        used = [f for f in of_type(part, ev.SoloTileFlipped) if f.used]
        assert len(used) == 1 and used[0].seat == seat
        assert len(of_type(part, ev.AutomaActed)) == 1
        assert of_type(part, ev.IncomePaid) == []
    assert game.to_move == ME and state.turn.step.value == "choose"


# -- the number n and marker moves ------------------------------------------------


@pytest.mark.parametrize(("action", "top", "steps"), [
    ("equipment", "solo:equipment", 3),  # back 0, bracket 3
    ("equipment", "solo:build", 2),  # back 0, bracket 2
    ("equipment", "solo:crew", 1),
    ("crew", "solo:build", 2),
    ("crew", "solo:hire", 2),
    ("crew", "solo:equipment", 3),
    ("hire", "solo:equipment", 3),
    ("hire", "solo:purchase", 2),
    ("hire", "solo:exchange", 1),
])
def test_r12_3_marker_actions_move_their_marker_n_steps_with_the_bracket_for_zero(
        action, top, steps):
    game = solo_game(seed=30)
    ring, size, attr = {"equipment": ("equipment", 4, "equipment_marker"),
                        "crew": ("crew", 4, "crew_marker"),
                        "hire": ("employee", 8, "employee_marker")}[action]
    order = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")
    cubes = {"build": A, "canal": B, "purchase": ME}
    flip = f"solo:{action}"
    before = getattr(game.state, attr)
    others = markers(game)
    rest = [t for t in SOLO_IDS if t not in (top, flip)]
    events = a_turn(game, *rest[:2], top, flip, order=order, cubes=cubes)
    assert getattr(game.state, attr) == (before + steps) % size
    moved = of_type(events, ev.MarkerMoved)
    assert [(m.ring, m.seat, m.start, m.steps, m.paid) for m in moved] == [
        (ring, A, before, steps, 0)]
    acted = of_type(events, ev.AutomaActed)
    assert [(x.seat, x.action, x.n) for x in acted] == [(A, action, steps)]
    assert "top solo tile" in acted[0].n_source
    assert acted[0].effect == (f"moved the {ring} marker {steps} "
                               + ("step" if steps == 1 else "steps"))
    # nothing is taken and nothing else moves
    assert of_type(events, ev.PiecesTaken) == [] and of_type(events, ev.EmployeeHired) == []
    assert game.state.seats[A].pieces == {} and game.state.seats[A].employees == []
    changed = [k for k, (x, y) in enumerate(zip(others, markers(game), strict=True)) if x != y]
    index = {"equipment": 0, "crew": 1, "hire": 2}[action]
    assert changed == ([index] if steps % size else [])


@pytest.mark.parametrize("top", ["solo:equipment", "solo:purchase", "solo:crew"])
def test_r12_3_exchange_moves_its_marker_exactly_one_step(top):
    game = solo_game(seed=31)
    game.state.exchange_marker = 2
    order = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")
    cubes = {"build": A, "canal": B, "purchase": ME}
    others = markers(game)[:3]
    events = a_turn(game, "solo:hire", top, "solo:exchange", order=order, cubes=cubes)
    assert game.state.exchange_marker == 3
    moved = of_type(events, ev.MarkerMoved)
    assert [(m.ring, m.seat, m.steps) for m in moved] == [("exchange", A, 1)]
    assert markers(game)[:3] == others
    assert game.state.seats[A].commodities == [] and game.state.seats[A].guilders == 0
    for kind in (ev.CommodityGivenUp, ev.GoodSold, ev.GoodTraded):
        assert of_type(events, kind) == []


def test_r12_3_next_number_reads_the_back_of_the_new_top_tile():
    game = solo_game(seed=32)
    for top, expected in [("solo:build", (0, 2)), ("solo:equipment", (0, 3)),
                          ("solo:canal", (1, 1)), ("solo:hire", (2, 2)), ("solo:last", (2, 2))]:
        set_stack(game, "solo:crew", top)
        assert next_number(game.state)[:2] == expected
    set_stack(game)
    n, steps, source, bracket = next_number(game.state)
    assert bracket == 0
    assert (n, steps) == (1, 1) and "board" in source


# -- Purchase Commodities and Rent a Canal ---------------------------------------

# top tiles giving n = 0, 1, 2; the flipped tile is solo:<action>
N_TOPS = {0: "solo:build", 1: "solo:crew", 2: "solo:hire"}


def _column(game: Game, area: str) -> list:
    m = game.state.market
    return m.canals if area == "canals" else m.commodities


def _deck(game: Game, area: str) -> list:
    m = game.state.market
    return m.canal_deck if area == "canals" else m.commodity_deck


@pytest.mark.parametrize("action", ["purchase", "canal"])
@pytest.mark.parametrize(("n", "slot"), [(0, 0), (1, 1), (2, 3)])
def test_r12_3_purchase_and_canal_remove_the_lowest_tile_priced_n(action, n, slot):
    game = solo_game(seed=40 + n)
    area = "canals" if action == "canal" else "commodities"
    order = ("build", "canal", "purchase", "equipment", "crew", "hire", "exchange")
    cubes = {"build": A, "equipment": B, "crew": ME}
    column = list(_column(game, area))
    deck_top = _deck(game, area)[-1]
    deck_size = len(_deck(game, area))
    other_area = "commodities" if area == "canals" else "canals"
    other = list(_column(game, other_area))
    ships = [list(c) for c in game.state.market.ships]
    events = a_turn(game, "solo:last", N_TOPS[n], f"solo:{action}", order=order, cubes=cubes)
    gone = column[slot]
    expected = column[:slot] + column[slot + 1:] + [deck_top]
    assert _column(game, area) == expected  # slid down, refilled at the top
    assert len(_deck(game, area)) == deck_size - 1
    assert game.state.market.removed_tiles == [gone]  # out of the game
    assert gone not in game.state.market.canal_spent + game.state.market.commodity_spent
    removed = of_type(events, ev.DisplayRemoved)
    assert [(r.seat, r.area, r.tiles, r.slots, r.price) for r in removed] == [
        (A, area, [gone], [[0, slot]], n)]
    acted = of_type(events, ev.AutomaActed)
    assert [(x.action, x.n) for x in acted] == [(action, n)]
    refilled = of_type(events, ev.DisplayRefilled)
    assert [(r.area, r.drawn) for r in refilled] == [(area, [deck_top])]
    # nothing else in the market changed; the automa holds nothing
    assert _column(game, other_area) == other
    assert [list(c) for c in game.state.market.ships] == ships
    seat = game.state.seats[A]
    assert seat.canals == [] and seat.commodities == [] and seat.guilders == 0


@pytest.mark.parametrize("action", ["purchase", "canal"])
def test_r12_3_price_one_takes_slot_two_when_slot_one_is_empty(action):
    game = solo_game(seed=45)
    area = "canals" if action == "canal" else "commodities"
    col = _column(game, area)
    col[1] = None
    column = list(col)
    cubes = {"build": A, "equipment": B, "crew": ME}
    a_turn(game, "solo:last", "solo:exchange", f"solo:{action}", cubes=cubes)
    assert game.state.market.removed_tiles == [column[2]]
    assert column[0] in _column(game, area) and column[3] in _column(game, area)


@pytest.mark.parametrize("action", ["purchase", "canal"])
def test_r12_3_price_two_takes_slot_four_when_slot_three_is_empty(action):
    game = solo_game(seed=46)
    area = "canals" if action == "canal" else "commodities"
    col = _column(game, area)
    col[3] = None
    column = list(col)
    cubes = {"build": A, "equipment": B, "crew": ME}
    a_turn(game, "solo:last", "solo:purchase" if action == "canal" else "solo:hire",
           f"solo:{action}", cubes=cubes)
    assert game.state.market.removed_tiles == [column[4]]


@pytest.mark.parametrize("action", ["purchase", "canal"])
def test_n20_nothing_is_removed_when_no_tile_has_the_price(action):
    """N-20: a short column (deck and spent tiles used up) may hold no tile priced n."""
    game = solo_game(seed=47)
    area = "canals" if action == "canal" else "commodities"
    col = _column(game, area)
    col[:] = [col[0], col[1], None, None, None]
    _deck(game, area).clear()
    column = list(col)
    cubes = {"build": A, "equipment": B, "crew": ME}
    events = a_turn(game, "solo:last", "solo:hire", f"solo:{action}", cubes=cubes)
    assert _column(game, area) == column
    assert game.state.market.removed_tiles == []
    assert of_type(events, ev.DisplayRemoved) == []
    acted = of_type(events, ev.AutomaActed)
    assert len(acted) == 1 and acted[0].n == 2 and "no" in acted[0].effect


# -- Build Ships ------------------------------------------------------------------


@pytest.mark.parametrize(("top", "n", "row"), [
    ("solo:equipment", 0, 0),  # back 0: the removal uses 0, not the bracket 3
    ("solo:canal", 1, 1),
    ("solo:purchase", 2, 3),
])
def test_r12_3_build_removes_the_lowest_row_priced_n(top, n, row):
    game = solo_game(seed=50 + n)
    market = game.state.market
    ships = [list(c) for c in market.ships]
    bow_top, stern_top = market.bow_stack[-1], market.stern_stack[-1]
    mid_tops = market.middle_stack[-2:]
    sizes = len(market.bow_stack), len(market.middle_stack), len(market.stern_stack)
    cubes = {"canal": A, "equipment": B, "crew": ME}
    events = a_turn(game, "solo:hire", top, "solo:build", cubes=cubes)
    gone = [ships[c][row] for c in range(4)]
    assert market.removed_ships == gone
    # each column slid down and drew one tile; the middles draw left column first (N-9)
    drawn = [bow_top, mid_tops[1], mid_tops[0], stern_top]
    for c in range(4):
        assert market.ships[c] == ships[c][:row] + ships[c][row + 1:] + [drawn[c]]
    assert (len(market.bow_stack), len(market.middle_stack), len(market.stern_stack)) == (
        sizes[0] - 1, sizes[1] - 2, sizes[2] - 1)
    removed = of_type(events, ev.DisplayRemoved)
    assert [(r.seat, r.area, r.tiles, r.slots, r.price) for r in removed] == [
        (A, "ships", gone, [[c, row] for c in range(4)], n)]
    acted = of_type(events, ev.AutomaActed)
    assert [(x.action, x.n) for x in acted] == [("build", n)]
    assert game.state.seats[A].yard == [None] * 10
    assert game.state.end_trigger is None


def test_r12_3_build_tile_on_top_gives_zero_for_removals_and_two_for_markers():
    """The solo Build tile's back is 0 (2): a Purchase takes the slot-0 tile, while a
    Recruit Crew moves the crew marker 2 sectors."""
    game = solo_game(seed=53)
    column = list(game.state.market.commodities)
    cubes = {"canal": A, "equipment": B, "crew": ME}
    a_turn(game, "solo:hire", "solo:build", "solo:purchase", cubes=cubes)
    assert game.state.market.removed_tiles == [column[0]]
    game = solo_game(seed=53)
    before = game.state.crew_marker
    a_turn(game, "solo:hire", "solo:build", "solo:crew",
           cubes={"canal": A, "equipment": B, "purchase": ME})
    assert game.state.crew_marker == (before + 2) % 4


def test_n20_build_takes_the_lowest_row_of_price_n_that_still_holds_a_tile():
    game = solo_game(seed=54)
    market = game.state.market
    for column in market.ships:
        column[1] = None  # row 1 empty everywhere (artificial): price 1 falls to row 2
    ships = [list(c) for c in market.ships]
    cubes = {"canal": A, "equipment": B, "crew": ME}
    events = a_turn(game, "solo:hire", "solo:crew", "solo:build", cubes=cubes)
    assert market.removed_ships == [ships[c][2] for c in range(4)]
    assert of_type(events, ev.DisplayRemoved)[0].slots == [[c, 2] for c in range(4)]


def test_n20_build_removes_nothing_without_a_row_of_price_n():
    game = solo_game(seed=55)
    market = game.state.market
    for c in range(4):
        market.ships[c] = [market.ships[c][0], None, None, None, None]
    market.bow_stack.clear()
    market.middle_stack.clear()
    market.stern_stack.clear()
    ships = [list(c) for c in market.ships]
    cubes = {"canal": A, "equipment": B, "crew": ME}
    events = a_turn(game, "solo:hire", "solo:purchase", "solo:build", cubes=cubes)
    assert [list(c) for c in market.ships] == ships
    assert market.removed_ships == []
    acted = of_type(events, ev.AutomaActed)
    assert acted[0].n == 2 and "no" in acted[0].effect


@pytest.mark.parametrize("left", [1, 0])
def test_r12_3_r10_2_build_row_that_reveals_the_last_ship_tile_triggers_the_end(left):
    """R-12.3, R-10.2 (revision 2): the automa's row removal refills the display; when
    that reveals the last tile of the stern stack the end is triggered at once. A stack
    that was already empty reveals nothing and triggers nothing."""
    game = solo_game(seed=56)
    market = game.state.market
    last = market.stern_stack[-1]
    del market.stern_stack[:len(market.stern_stack) - left]
    stern_column = list(market.ships[3])
    cubes = {"canal": A, "equipment": B, "crew": ME}
    set_stack(game, "solo:hire", "solo:equipment", "solo:build")
    lay_out(game, ORDER, cubes)
    events = run_automa(game, A)
    assert market.ships[3] == [*stern_column[1:], last if left else None]
    assert market.stern_stack == []
    ended = of_type(events, ev.EndTriggered)
    if left:
        assert [(e.reason, e.seat) for e in ended] == [("ship_tiles", A)]
        assert game.state.end_trigger == "ship_tiles"
    else:
        assert ended == []
        assert game.state.end_trigger is None


def test_r12_3_r10_2_automa_ship_tile_end_finishes_the_game_correctly():
    """A's Build reveals the last stern tile (R-10.2): B still plays its turn, then only
    the player has a final action and a last chance; every seat has the same number of
    turns."""
    game = regular_round_game(seed=57)
    state = game.state
    del state.market.stern_stack[:-1]
    lay_out(game, ("crew", "canal", "purchase", "equipment", "build", "hire", "exchange"),
            {"hire": A, "exchange": B})
    state.seats[ME].newest = None
    set_stack(game, "solo:exchange", "solo:canal", "solo:equipment", "solo:build")
    start = len(game.events)
    player_turn(game, "equipment")
    events = game.events[start:]
    ended = of_type(events, ev.EndTriggered)
    assert [(e.reason, e.seat) for e in ended] == [("ship_tiles", A)]
    after = events[events.index(ended[0]):]
    starts = [(e.seat, e.kind) for e in of_type(after, ev.TurnStarted)]
    assert starts[0] == (B, "regular")
    assert all(kind in ("final", "last_chance") for _, kind in starts[1:])
    assert all(seat == ME for seat, _ in starts[1:])
    assert state.stage in (Stage.FINAL, Stage.LAST_CHANCE, Stage.DISCARD, Stage.OVER)
    turns = [s.turns for s in state.seats]
    assert len(set(turns)) == 1
    play_until(game, lambda g: g.is_over, rng=random.Random(57))
    check_final(game)
    later = game.events[start:]
    for e in of_type(later, ev.TurnStarted):
        if e.seat != ME:
            assert e.kind == "regular"
    finals = [e.seat for e in of_type(later, ev.TurnStarted) if e.kind != "regular"]
    assert set(finals) <= {ME} and ME in finals
    assert game.state.end_trigger == "ship_tiles"
    assert [s.score for s in state.seats][1:] == [0, 0]


# -- income, guilders on tiles, bonus --------------------------------------------


def test_r12_3_automa_take_no_income_and_leave_guilders_on_the_tile():
    game = solo_game(seed=60)
    # canal has cubes ahead of it (the lead excluded): a player would get income there
    events = a_turn(game, "solo:hire", "solo:canal", guilders={"canal": 2},
                    cubes={"build": ME, "hire": A, "equipment": B},
                    order=("purchase", "build", "equipment", "canal", "crew", "hire",
                           "exchange"))
    assert cubes_on(game, "canal") == [A]
    assert game.state.track[track(game).index("canal")].guilders == 2
    assert game.state.seats[A].guilders == 0
    assert of_type(events, ev.IncomePaid) == []
    assert of_type(events, ev.BonusPaid) == [] and of_type(events, ev.ActionStarted) == []


def test_r12_3_guilders_left_by_an_automa_go_to_the_player_who_chooses_the_tile():
    game = regular_round_game(seed=61)
    state = game.state
    lay_out(game, ("crew", "canal", "purchase", "equipment", "build", "hire", "exchange"),
            {"hire": A, "exchange": B}, guilders={"equipment": 3})
    state.seats[ME].newest = None
    # round 1: A flips equipment (free; 3 guilders on it), B flips crew
    # round 2: A flips canal, B flips hire; equipment keeps its guilders throughout
    set_stack(game, "solo:last", "solo:hire", "solo:canal", "solo:exchange", "solo:crew",
              "solo:build", "solo:equipment")
    events = player_turn(game, "purchase")
    assert [f.tile for f in of_type(turn_events(events, A), ev.SoloTileFlipped)] == [
        "solo:equipment"]
    assert cubes_on(game, "equipment") == [A]
    assert state.track[track(game).index("equipment")].guilders == 3
    assert [s.guilders for s in state.seats[1:]] == [0, 0]
    assert {e.seat for e in of_type(events, ev.IncomePaid)} == {ME}
    player_turn(game, "build" if "choose build" in moves_text(game) else "crew")
    # A's step 1 moved equipment (with its guilders) to the lead; it is free now
    assert cubes_on(game, "equipment") == []
    assert state.track[track(game).index("equipment")].guilders == 3
    assert track(game).index("equipment") > 0
    guilders = state.seats[ME].guilders
    ahead = sum(1 for slot in state.track[:track(game).index("equipment")] if slot.cubes)
    start = len(game.events)
    game.play("choose equipment")
    income = of_type(game.events[start:], ev.IncomePaid)[0]
    assert (income.seat, income.tile_guilders, income.amount) == (ME, 3, ahead + 3)
    assert state.seats[ME].guilders == guilders + ahead + 3
    assert state.track[track(game).index("equipment")].guilders == 0


# -- R-12.4 / N-19 the empty stack --------------------------------------------------------


def test_r12_4_n19_the_emptying_flip_uses_the_board_number_then_the_stack_is_rebuilt():
    game = solo_game(seed=70)
    cubes = {"build": A, "equipment": B, "crew": ME}
    column = list(game.state.market.commodities)
    events = a_turn(game, "solo:purchase", cubes=cubes)
    # n = the board's 1: the lowest tile priced 1 is slot 1 (the tile's own back, 2, is
    # not used: it lies face up now)
    assert game.state.market.removed_tiles == [column[1]]
    acted = of_type(events, ev.AutomaActed)
    assert [(x.action, x.n) for x in acted] == [("purchase", 1)]
    assert "board" in acted[0].n_source
    rebuilt = of_type(events, ev.DeckRebuilt)
    assert [(r.deck, r.count) for r in rebuilt] == [("solo", 8)]
    kinds = [type(e) for e in events]
    assert kinds.index(ev.AutomaActed) < kinds.index(ev.DeckRebuilt)
    solo = game.state.solo
    assert sorted(solo.stack) == sorted(SOLO_IDS) and solo.face_up == []


def test_r12_4_board_number_for_equipment_is_one_not_a_bracket():
    game = solo_game(seed=71)
    before = game.state.equipment_marker
    cubes = {"build": A, "canal": B, "crew": ME}
    events = a_turn(game, "solo:equipment", cubes=cubes)
    assert game.state.equipment_marker == (before + 1) % 4
    acted = of_type(events, ev.AutomaActed)
    assert acted[0].n == 1 and "board" in acted[0].n_source
    assert len(game.state.solo.stack) == 8


def test_r12_4_board_number_for_build_removes_row_one():
    game = solo_game(seed=72)
    ships = [list(c) for c in game.state.market.ships]
    cubes = {"canal": A, "equipment": B, "crew": ME}
    events = a_turn(game, "solo:build", cubes=cubes)
    assert game.state.market.removed_ships == [ships[c][1] for c in range(4)]
    assert "board" in of_type(events, ev.AutomaActed)[0].n_source


def test_n19_a_skipped_emptying_flip_rebuilds_at_once_and_flipping_goes_on():
    game = solo_game(seed=73)
    cubes = {"hire": A, "exchange": B, "crew": ME}
    events = a_turn(game, "solo:exchange", cubes=cubes)  # occupied by B
    flips = of_type(events, ev.SoloTileFlipped)
    assert (flips[0].tile, flips[0].used) == ("solo:exchange", False)
    kinds = [type(e) for e in events]
    first_rebuild = kinds.index(ev.DeckRebuilt)
    assert events[first_rebuild].count == 8  # the face-up tiles, the skipped one included
    assert kinds.index(ev.SoloTileFlipped) < first_rebuild
    later_flips = [e for e in events[first_rebuild:] if isinstance(e, ev.SoloTileFlipped)]
    assert later_flips and later_flips[-1].used
    assert all(not f.used for f in flips[:-1]) and flips[-1].used
    solo = game.state.solo
    assert sorted(solo.stack + solo.face_up) == sorted(SOLO_IDS)
    # with this seed the first flip from the new stack is free: no second rebuild
    assert len(of_type(events, ev.DeckRebuilt)) == 1
    assert solo.face_up == [f.tile for f in later_flips]
    acted = of_type(events, ev.AutomaActed)[0]
    # n comes from the new stack's top tile, not from the board
    assert acted.n == CATALOG.solo_tiles[solo.stack[-1]].back
    assert "top solo tile" in acted.n_source


def test_r12_4_rebuilds_happen_in_real_games():
    game = solo_game(seed=74)
    play_until(game, lambda g: any(isinstance(e, ev.DeckRebuilt) and e.deck == "solo"
                                   for e in g.events), rng=random.Random(74))
    rebuilt = next(e for e in game.events if isinstance(e, ev.DeckRebuilt) and e.deck == "solo")
    assert rebuilt.count == 8
    solo = game.state.solo
    assert sorted(solo.stack + solo.face_up) == sorted(SOLO_IDS)


# -- step 1 completing a rotation on an automa turn -------------------------------------


def test_r3_8_rotation_completed_on_an_automa_turn_removes_a_cube_after_that_turn():
    game = regular_round_game(seed=80)
    state = game.state
    lay_out(game, ("crew", "canal", "purchase", "equipment", "build", "hire", "exchange"),
            {"hire": A, "build": B})
    state.seats[ME].newest = None
    set_stack(game, "solo:exchange", "solo:canal", "solo:purchase", "solo:equipment")
    state.wheel = 11
    reserve = state.reserve
    events = player_turn(game, "equipment" if "choose equipment" in moves_text(game)
                         else "canal")
    a_part = turn_events(events, A)
    assert of_type(a_part, ev.WheelTurned)[0].rotation_completed
    k_end = events.index(of_type(events, ev.TurnEnded)[1])
    rotation = of_type(events, ev.RotationCompleted)
    assert len(rotation) == 1 and events.index(rotation[0]) == k_end + 1
    assert state.reserve == reserve - 1
    # the last tile (exchange) held no cube at the end of A's turn: a guilder goes there
    assert rotation[0].guilder_on == "exchange"


# -- whole games ---------------------------------------------------------------------------


def _no_automa_money(game: Game) -> None:
    check_invariants(game)
    for seat in game.state.seats[1:]:
        assert seat.guilders == 0 and seat.score == 0
        assert seat.contracts == [] and seat.commodities == [] and seat.yard == [None] * 10
    assert game.to_move in (ME, None)


@pytest.mark.parametrize("block", range(4))
def test_r12_random_solo_games_end_after_six_rotations(block):
    """R-12, R-3.8, R-10.1, R-10.2: 50 random games per block (200 in all)."""
    triggers = Counter()
    for seed in range(block * 50, block * 50 + 50):
        game = random_game(random_config(3, seed, solo=True), seed, check=_no_automa_money)
        check_final(game)
        state = game.state
        events = game.events
        wheel = of_type(events, ev.WheelTurned)
        trigger = state.end_trigger
        triggers[trigger] += 1
        assert trigger in ("countdown", "ship_tiles")
        turns = [s.turns for s in state.seats]
        assert len(set(turns)) == 1
        # one wheel step per regular turn: every turn but the three first turns
        assert len(wheel) == sum(turns) - 3
        if trigger == "countdown":
            assert len(wheel) == 72 and turns == [25, 25, 25]
            assert sum(w.rotation_completed for w in wheel) == 6
            assert of_type(events, ev.EndTriggered) == [ev.EndTriggered("countdown", B)]
        else:
            assert len(wheel) <= 72
        me = state.seats[ME]
        assert sorted(CATALOG.contracts[c].colour.value for c in me.contracts) == ["blue", "red"]
        for s in (A, B):
            assert state.seats[s].guilders == 0 and state.seats[s].score == 0
        # automa: one used flip per turn, never income, never an action or end turn
        used = Counter(e.seat for e in of_type(events, ev.SoloTileFlipped) if e.used)
        assert used == {A: turns[A], B: turns[B]}
        assert {e.seat for e in of_type(events, ev.IncomePaid)} <= {ME}
        assert {e.seat for e in of_type(events, ev.ActionStarted)} <= {ME}
        assert {e.seat for e in of_type(events, ev.BonusPaid)} <= {ME}
        assert len(of_type(events, ev.AutomaActed)) == turns[A] + turns[B] - 2
        ends = {e.seat for e in of_type(events, ev.TurnStarted)
                if e.kind in ("final", "last_chance")}
        assert ends <= {ME}
        solo = state.solo
        assert sorted(solo.stack + solo.face_up) == sorted(SOLO_IDS)
        rebuilds = [e for e in of_type(events, ev.DeckRebuilt) if e.deck == "solo"]
        flips = len(of_type(events, ev.SoloTileFlipped))
        assert len(rebuilds) == flips // 8  # every 8 flips empty the stack once
        assert all(r.count == 8 for r in rebuilds)
        ended = of_type(events, ev.GameEnded)[0]
        assert ended.scores[1:] == [0, 0] and ended.guilders[1:] == [0, 0]
        assert ended.winners == [ME]
    assert sum(triggers.values()) == 50


def test_n18_automa_never_receive_guilders_through_a_whole_game():
    """Regression (N-18, R-12.3): after every move the automa hold 0 guilders and score
    0, also when they put a cube on a tile with guilders lying on it."""
    on_money = 0
    for seed in (900, 901, 903):
        game = Game(random_config(3, seed, solo=True))
        rng = random.Random(seed)
        while not game.is_over:
            for e in game.push(rng.choice(game.legal_moves())):
                if isinstance(e, ev.CubePlaced) and e.seat != ME:
                    on_money += game.state.track[e.slot].guilders > 0
            _no_automa_money(game)
        assert [s.guilders for s in game.state.seats[1:]] == [0, 0]
        assert [s.score for s in game.state.seats[1:]] == [0, 0]
        assert game.outcome().scores[1:] == (0, 0)
        assert game.outcome().guilders[1:] == (0, 0)
    assert on_money > 0  # the games did reach the case


def test_r12_3_play_automa_turn_on_its_own_does_no_step_one():
    """play_automa_turn is the flip-and-act part; step 1 belongs to the engine."""
    game = solo_game(seed=90)
    lay_out(game, ORDER, {"crew": ME, "exchange": B})
    set_stack(game, "solo:hire", "solo:canal", "solo:purchase")
    game.state.turn = Turn(seat=A)
    out: list[ev.Event] = []
    wheel = game.state.wheel
    play_automa_turn(game.state, A, False, out)
    assert game.state.wheel == wheel and of_type(out, ev.TileAdvanced) == []
    assert cubes_on(game, "purchase") == [A]
    assert of_type(out, ev.AutomaActed)[0].n == 1  # the canal tile's back


def test_states_after_turns_are_the_board_at_the_end_of_each_turn_a_move_finished():
    """R-12.3: the player's last move of a turn plays the automa's turns too; the rules
    give the board at the end of each of them (for the replay), from the position
    before the move, without touching it, and exactly as the game played them."""
    from shipyard_tui.games.shipyard.rules.query import states_after_turns

    rng = random.Random(4)
    game = solo_game(4)
    checked = 0
    while not game.is_over and checked < 12:
        before = game.state.copy()
        saved = before.to_dict()
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        boards = states_after_turns(before, move)
        assert before.to_dict() == saved
        ended = [e for e in events if isinstance(e, ev.TurnEnded)]
        assert sorted(boards) == [e.turn for e in ended]
        for e in ended:
            board = boards[e.turn]
            assert board.turn_number == e.turn
            assert board.seats[e.seat].score == e.score
            assert board.seats[e.seat].guilders == e.guilders
        if ended and game.state.seats[1].turns > 1:
            last = boards[ended[-1].turn]
            # the game went on from there: the next turn began and turned the wheel
            assert last.turn_number < game.state.turn_number
            checked += 1
    assert checked == 12
