"""Classic bots value the Purchase card and the gap bonus (issue 37).

In classic games no guilders lie on a card nobody chooses (RC-3.3 c); instead the last
cards pay the gap bonus (RC-3.3 b), and a card left behind long enough is caught by the
lead and pushed (RC-3.10). Bots that valued Purchase Commodities flatly left that card
at the back of the ring, where the lead caught it some 20 to 40 times a game.
"""

from __future__ import annotations

import pytest

from shipyard_tui.core import bot_seed
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.bots.greedy import GreedyBot
from shipyard_tui.games.shipyard.bots.planner import PlannerBot
from shipyard_tui.games.shipyard.rules import (
    Action,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
    engine,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step as S
from shipyard_tui.games.shipyard.rules.state import TrackSlot


def _config(players: int, seed: int, level: str = "random",
            edition: str = "classic") -> GameConfig:
    return GameConfig(tuple(SeatConfig(f"S{i}", SeatKind.BOT, level) for i in range(players)),
                      seed=seed, edition=edition)


def _purchase_far_behind() -> Game:
    """A 3-seat classic position at the seat to move's step 2: the lead is its own card
    (Rent a Canal), the others' cubes stand on Build and Recruit Crew, and Purchase lies
    15 empty spaces behind the next card ahead of it, with no cube behind it."""
    game = Game(_config(3, seed=5))
    state = game.state
    s = state.turn.seat
    assert state.turn.step is S.CHOOSE
    others = [i for i in range(3) if i != s]
    state.track = [TrackSlot(Action.CANAL, [], 0, 10),
                   TrackSlot(Action.BUILD, [others[0]], 0, 9),
                   TrackSlot(Action.CREW, [others[1]], 0, 8),
                   TrackSlot(Action.HIRE, [], 0, 7),
                   TrackSlot(Action.EXCHANGE, [], 0, 6),
                   TrackSlot(Action.EQUIPMENT, [], 0, 5),
                   TrackSlot(Action.PURCHASE, [], 0, 12)]
    state.seats[s].turns = 1
    state.seats[s].commodities = []
    return game


def test_the_position_pays_the_gap_bonus_on_purchase_only_rc_3_3():
    state = _purchase_far_behind().state
    paid = {a: engine.income(state, engine.track_index(state, a))
            for a in (Action.HIRE, Action.EQUIPMENT, Action.PURCHASE)}
    # (a) both other cubes are ahead of every free card; (b) 15 empty spaces: 5 more
    assert paid == {Action.HIRE: 2, Action.EQUIPMENT: 2, Action.PURCHASE: 7}


@pytest.mark.parametrize("bot", [PlannerBot(1), GreedyBot(1)], ids=["sensible", "beginner"])
def test_the_bots_choose_purchase_where_the_gap_bonus_pays_rc_3_3_r_4_3(bot):
    """7 guilders (RC-3.3 a and b) and a commodity tile (R-4.3) against 2 guilders and
    any other action: both levels take Purchase."""
    game = _purchase_far_behind()
    s = game.state.turn.seat
    legal = game.legal_moves()
    assert mv.Choose(Action.PURCHASE) in legal
    assert bot.choose(game.view(s), legal) == mv.Choose(Action.PURCHASE)


def test_the_classic_valuations_are_taken_in_classic_games_only():
    for level, share in (("greedy", 0.2), ("planner", 0.5)):
        bot = bot_for_level(level, 3)
        second = Game(_config(2, seed=3, edition="second"))
        classic = Game(_config(2, seed=3))
        bot.choose(classic.view(classic.to_move), classic.legal_moves())
        assert bot.tuning.purchase == share
        bot.choose(second.view(second.to_move), second.legal_moves())
        assert bot.tuning.purchase == 0.0  # the 2nd edition plays as before


def _bot_game(level: str, players: int, seed: int) -> Game:
    game = Game(_config(players, seed, level))
    bots = [bot_for_level(level, bot_seed(seed, i)) for i in range(players)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        game.push(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal))
    return game


@pytest.mark.parametrize("level, least, caught", [("planner", 5, 2), ("greedy", 2, 30)])
def test_classic_bot_games_choose_purchase_and_the_lead_seldom_catches_a_card(level, least,
                                                                             caught):
    """Three seeded 3-seat games: the bots before issue 37 chose Purchase 1.9 (sensible)
    and 0.8 (beginner) times a game, and the lead caught the last card (RC-3.10) 22 and
    37 times a game, which the book calls rare. The sensible bots now let it happen at
    most ``caught`` times in the three games (none in 30 seeded games, docs/performance.md);
    the beginner, which values Purchase less, still lets the card ride in some games."""
    pushes = 0
    for seed in (3700, 3701, 3702):
        game = _bot_game(level, 3, seed)
        purchases = sum(1 for m in game.moves if m == mv.Choose(Action.PURCHASE))
        pushes += sum(1 for e in game.events if isinstance(e, ev.CardMoved) and e.pushed)
        assert purchases >= least, (seed, purchases)
    assert pushes <= caught


def _early_hire(seed: int, edition: str) -> Game:
    """A 2-seat game of beginners at the first Employee step (R-4.6), the seat to move
    owning the level-1 coal trader and no guilders, the marked space offering the
    level-2 coal trader (slot 0) and a Helmsman (slot 1)."""
    game = Game(_config(2, seed, "greedy", edition))
    bots = [bot_for_level("greedy", bot_seed(seed, i)) for i in range(2)]
    while game.state.turn.step is not S.HIRE:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        game.push(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal))
    state = game.state
    seat_state = state.seats[state.turn.seat]
    seat_state.employees = ["trader:coal:1"]
    seat_state.guilders = 0
    state.employee_track[state.employee_marker] = [["trader:coal:2"], ["helmsman"], []]
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_the_classic_sensible_bot_looks_ahead_to_hire_r_4_6_r_10_5(seed):
    """In classic games the sensible bot plays each hire out to the end of its turn
    (``CLASSIC_PLANNED_STEPS``, issue 37): early in the game it takes the level-2 trader,
    3 points at the end (R-10.5, RC-10.5), where the greedy valuations it hired by
    before took the Helmsman. The 2nd-edition planner still hires by those valuations."""
    classic = _early_hire(seed, "classic")
    s = classic.state.turn.seat
    legal = classic.legal_moves()
    assert legal == [mv.Hire(0), mv.Hire(1)]
    assert PlannerBot(seed).choose(classic.view(s), legal) == mv.Hire(0)
    second = _early_hire(seed, "second")
    s = second.state.turn.seat
    legal = second.legal_moves()
    assert legal == [mv.Hire(0), mv.Hire(1)]
    assert PlannerBot(seed).choose(second.view(s), legal) == mv.Hire(1)
