"""Why an action may not be picked now (``query.unavailable_actions``): at the choice of
a tile (R-3.2), a bonus action (R-3.4) and the final action (R-10.3), each refusal
comes from the same rules that make the legal moves (R-4.0), in the 2nd edition and
in the classic rules (RC-3.2, RC-3.3)."""

from __future__ import annotations

import random

from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, Stage
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import Refusal, unavailable_actions
from shipyard_tui.games.shipyard.rules.state import TrackSlot
from support.shipyard import S, current, new_game, play_until

R = Refusal
SEVEN = (Action.BUILD, Action.CANAL, Action.PURCHASE, Action.EQUIPMENT, Action.CREW,
         Action.HIRE, Action.EXCHANGE)


def arrange(game: Game, *actions: Action) -> None:
    """Put the action tiles in this order (slot 0 first); cubes travel along."""
    by_action = {slot.action: slot for slot in game.state.track}
    game.state.track = [by_action[a] for a in actions]


def offered(game: Game) -> set[Action]:
    """The actions the legal moves let the seat pick (as its tile, bonus or final)."""
    return {m.action for m in game.legal_moves()
            if isinstance(m, mv.Choose | mv.Bonus | mv.Final)}


def penniless(game: Game) -> None:
    """The seat to move has no guilders and nothing free is displayed: no ship tile,
    canal or commodity at price 0, every employee an Engineer (surcharge 1)."""
    state = game.state
    current(game).guilders = 0
    market = state.market
    for column in market.ships:
        column[0] = None
    market.canals[0] = None
    market.commodities[0] = None
    state.employee_track = [[["engineer:crane"] for _ in range(3)] for _ in range(8)]


# -- choose -------------------------------------------------------------------


def test_r4_0_each_unperformable_tile_says_why_r3_2():
    """R-3.2, R-4.0: on a first turn (no income) with no guilders, Build, Canal,
    Purchase, Hire and Exchange cannot be performed, each for its own reason; the
    tiles left are exactly the legal choices."""
    game = new_game(3, seed=10)
    arrange(game, *SEVEN)
    penniless(game)
    current(game).commodities = []
    refused = unavailable_actions(game.state)
    assert refused == {
        Action.BUILD: R.NO_SHIP_TILE,
        Action.CANAL: R.NO_CANAL,
        Action.PURCHASE: R.NO_COMMODITY_TO_BUY,
        Action.HIRE: R.NO_EMPLOYEE,
        Action.EXCHANGE: R.NO_COMMODITY,
    }
    assert offered(game) == {Action.EQUIPMENT, Action.CREW}
    assert refused[Action.EXCHANGE].reason == "no commodity tile to exchange"
    assert refused[Action.BUILD].reason == "no ship tile you can afford and place"
    assert refused[Action.CANAL].reason == "no canal you can afford and place"
    assert refused[Action.PURCHASE].reason == "no commodity tile you can afford"
    assert refused[Action.HIRE].reason == "no employee you can afford and may hire"


def test_r3_2_taken_and_lead_tiles_say_so_after_the_unperformable_ones():
    """R-3.2: on a regular turn the lead and tiles with a cube may not be chosen; the
    query lists what cannot be performed first, then the cubes and the lead."""
    game = new_game(3, seed=10)
    arrange(game, *SEVEN)
    play_until(game, lambda g: g.state.turn.step is S.CHOOSE and current(g).turns == 1)
    current(game).commodities = []
    state = game.state
    refused = unavailable_actions(state)
    assert refused[state.track[0].action] is R.LEAD
    for slot in state.track:
        if slot.cubes:
            assert refused[slot.action] is R.TAKEN
    exchange = next(i for i, slot in enumerate(state.track) if slot.action is Action.EXCHANGE)
    if exchange and not state.track[exchange].cubes:
        assert refused[Action.EXCHANGE] is R.NO_COMMODITY
    order = list(refused.values())
    barred = [why in (R.TAKEN, R.LEAD) for why in order]
    assert barred == sorted(barred)
    assert R.TAKEN.reason == "taken (a cube is on it)"
    assert R.LEAD.reason == "it is the lead tile"
    assert offered(game) == {slot.action for slot in state.track} - set(refused)


def test_r3_2_the_free_lead_on_a_first_turn_is_not_refused():
    """R-3.2 (revision 2): on a first turn the free lead may be chosen."""
    game = new_game(3, seed=10)
    assert game.state.track[0].action not in unavailable_actions(game.state)


def test_r4_0_performable_after_the_income_of_that_choice_n2():
    """N-2: a tile is judged with the income choosing it pays: Hire behind an occupied
    tile is performable with 0 guilders, Hire ahead of every cube is not."""
    game = new_game(3, seed=10)
    arrange(game, *SEVEN)
    game.play("choose equipment")  # a cube on slot 3
    while game.state.turn.step is not S.CHOOSE:
        game.play(game.legal_moves()[0])
    penniless(game)
    arrange(game, Action.BUILD, Action.CANAL, Action.PURCHASE, Action.EQUIPMENT,
            Action.HIRE, Action.CREW, Action.EXCHANGE)
    assert Action.HIRE not in unavailable_actions(game.state)
    arrange(game, Action.CANAL, Action.HIRE, Action.PURCHASE, Action.EQUIPMENT,
            Action.BUILD, Action.CREW, Action.EXCHANGE)
    assert unavailable_actions(game.state)[Action.HIRE] is R.NO_EMPLOYEE


def test_r3_2_nothing_performable_leaves_only_cubes_and_the_lead_n3():
    """N-3: when no free tile is performable, every free tile may be chosen (and its
    action is lost): only cubes and the lead are refused."""
    game = new_game(3, seed=10)
    arrange(game, *SEVEN)
    penniless(game)
    current(game).commodities = []
    for slot in game.state.track:
        if slot.action in (Action.EQUIPMENT, Action.CREW, Action.HIRE):
            slot.cubes = [1]
    refused = unavailable_actions(game.state)
    assert refused == {Action.EQUIPMENT: R.TAKEN, Action.CREW: R.TAKEN, Action.HIRE: R.TAKEN}
    assert offered(game) == set(SEVEN) - set(refused)


# -- bonus actions ------------------------------------------------------------


def test_r3_4_the_chosen_action_and_one_that_would_spoil_it_are_refused_as_bonus():
    """R-3.4: before the chosen Purchase (cheapest commodity 2), with 8 guilders the
    bonus costs 6 and leaves 2: Build (cheapest ship tile 1) would leave too little
    for the Purchase; the chosen action itself is refused; Exchange has no tile."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    market = game.state.market
    market.commodities[0] = market.commodities[1] = market.commodities[2] = None
    for column in market.ships:
        column[0] = None
    seat = current(game)
    seat.guilders = 8
    seat.commodities = []
    game.play("choose purchase")
    assert game.state.turn.step is S.BONUS_BEFORE
    refused = unavailable_actions(game.state)
    assert refused[Action.PURCHASE] is R.CHOSEN
    assert refused[Action.BUILD] is R.KEEP
    assert refused[Action.EXCHANGE] is R.NO_COMMODITY
    assert Action.EQUIPMENT not in refused
    assert offered(game) == set(SEVEN) - set(refused)
    assert R.CHOSEN.reason == "the action you chose this turn"
    assert R.KEEP.reason == "leaves too little for your chosen action"


def test_r3_4_after_the_chosen_action_only_it_and_the_unperformable_are_refused():
    """R-3.4: after the chosen action the lead and tiles with cubes may be bought as a
    bonus action; only the chosen one and those that cannot be performed are refused."""
    game = new_game(3, seed=5)
    arrange(game, *SEVEN)
    seat = current(game)
    seat.guilders = 6
    seat.commodities = []
    game.state.track[1].cubes = [2]
    game.play("choose equipment")
    game.play("proceed")
    game.play("take")
    assert game.state.turn.step is S.BONUS_AFTER
    refused = unavailable_actions(game.state)
    assert refused[Action.EQUIPMENT] is R.CHOSEN
    assert refused[Action.EXCHANGE] is R.NO_COMMODITY
    assert Action.CANAL not in refused or refused[Action.CANAL] is R.NO_CANAL
    assert offered(game) == set(SEVEN) - set(refused)
    assert list(refused)[-1] is Action.EQUIPMENT


# -- final action ------------------------------------------------------------


def test_r10_3_the_final_action_is_refused_only_when_it_cannot_be_performed():
    """R-10.3: cubes and the lead do not matter in the final action; an action that
    cannot be performed is refused with its reason."""
    game = new_game(3, seed=5)
    play_until(game, lambda g: g.state.stage is Stage.PLAY and current(g).turns == 2
               and g.state.turn.step is S.CHOOSE)
    game.state.end_trigger = "countdown"
    play_until(game, lambda g: g.state.stage is Stage.FINAL)
    assert game.state.turn.step is S.FINAL_CHOOSE
    current(game).commodities = []
    refused = unavailable_actions(game.state)
    assert refused[Action.EXCHANGE] is R.NO_COMMODITY
    assert not set(refused.values()) & {R.TAKEN, R.LEAD, R.CHOSEN}
    assert offered(game) == {slot.action for slot in game.state.track} - set(refused)


def test_no_refusals_outside_the_choice_of_an_action():
    game = new_game(3, seed=5)
    game.play("choose build")
    game.play("proceed")
    assert game.state.turn.step is S.BUILD
    assert unavailable_actions(game.state) == {}


# -- the classic rules --------------------------------------------------------------


def classic_game(players: int = 3, seed: int = 0) -> Game:
    return Game(GameConfig(tuple(SeatConfig(n) for n in "ABCD"[:players]), seed=seed,
                           edition="classic"))


def test_classic_lead_and_cubes_are_refused_on_a_regular_turn_rc_3_2():
    """RC-3.2: as R-3.2, with the lead of the ring (RC-3.0)."""
    game = classic_game(3, seed=5)
    game.state.track = [TrackSlot(Action.HIRE, [], 0, 10), TrackSlot(Action.BUILD, [1], 0, 9),
                        TrackSlot(Action.EXCHANGE, [], 0, 5),
                        TrackSlot(Action.EQUIPMENT, [], 0, 4)]
    state = game.state
    state.turn.seat = 0
    state.seats[0].turns = 1
    state.seats[0].commodities = []
    assert unavailable_actions(state) == {Action.EXCHANGE: R.NO_COMMODITY,
                                          Action.BUILD: R.TAKEN, Action.HIRE: R.LEAD}


def test_classic_the_gap_bonus_counts_toward_performable_rc_3_3():
    """RC-3.3 (b), R-4.0: with no guilders and the cheapest commodity at 1, Purchase is
    performable on a card whose gap pays 1 and refused on one whose gap pays nothing."""
    game = classic_game(3, seed=5)
    state = game.state
    state.turn.seat = 0
    state.seats[0].turns = 1
    state.seats[0].guilders = 0
    state.market.commodities[0] = None

    def lay(purchase: int, other: int) -> None:
        state.track = [TrackSlot(Action.HIRE, [], 0, 10),
                       TrackSlot(Action.PURCHASE, [], 0, purchase),
                       TrackSlot(Action.EQUIPMENT, [], 0, other)]
        state.track.sort(key=lambda slot: (10 - (slot.space or 0)) % 23)

    lay(6, 5)  # 3 empty spaces ahead of Purchase: gap bonus 1
    assert Action.PURCHASE not in unavailable_actions(state)
    lay(8, 9)  # the Equipment card directly ahead: no gap, Purchase gets 0
    assert unavailable_actions(state)[Action.PURCHASE] is R.NO_COMMODITY_TO_BUY


def test_classic_refusals_are_exactly_the_actions_not_offered():
    """RC-3.2, R-3.4, R-10.3, R-4.0: through random classic games, at every choice of
    an action each card is offered or refused (on the seat's view), never both."""
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = classic_game(players, seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.state.turn.step in (S.CHOOSE, S.BONUS_BEFORE, S.BONUS_AFTER,
                                        S.FINAL_CHOOSE):
                refused = unavailable_actions(game.view(game.state.turn.seat))
                assert not offered(game) & set(refused)
                assert offered(game) | set(refused) == {s.action for s in game.state.track}
                checked += len(refused)
            game.play(rng.choice(game.legal_moves()))
    assert checked > 50
