"""Nauticus components, setup, rounds and phases, the wheel and information
(NAUTICUS.md §1-4 and §14), one test per ruling."""

from __future__ import annotations

from collections import Counter

import pytest

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules.catalog import (
    ACTIONS,
    BLUE_WORKERS,
    FIELD_BONUS,
    ITEMS_OF_ACTION,
    PAID_ACTIONS,
    PRICE_DIGITS,
    STACK_SIZES,
    Action,
    Bonus,
    price,
)
from shipyard_tui.games.nauticus.rules.engine import blue_workers
from shipyard_tui.games.nauticus.rules.state import Step
from support.nauticus import config, legal, play, random_game, table

# -- §1 components -----------------------------------------------------------


def test_na_1_1_eight_fields_each_with_a_bonus_and_four_price_digits():
    assert len(FIELD_BONUS) == 8 and len(set(FIELD_BONUS)) == 8
    assert len(PRICE_DIGITS) == 8
    assert all(sorted(d) == [0, 1, 2, 3] for d in PRICE_DIGITS)


def test_na_1_2_wheel_of_eight_sections_with_the_anchor_section_empty():
    assert len(BLUE_WORKERS) == 8
    assert BLUE_WORKERS[0] == 0


def test_na_1_3_eight_action_tiles_four_blue_and_four_beige():
    assert len(ACTIONS) == 8
    assert {Action.HULLS, Action.MASTS, Action.SAILS, Action.GOODS} == PAID_ACTIONS
    assert {a for a in ACTIONS if not a.paid} == {Action.TRANSPORT, Action.WITHDRAW,
                                                  Action.DELIVER, Action.CROWNS}


def test_na_1_4_hull_tiles_18_singles_bows_sterns_and_9_centres():
    game = NauticusGame(config())
    assert [game.state.stacks[f"hull:{k}"] for k in ("single", "bow", "stern", "centre")] == [
        18, 18, 18, 9]


def test_na_1_5_masts_and_sails_15_of_each_regular_crest_and_12_crowns():
    for kind in ("mast", "sail"):
        counts = {c: STACK_SIZES[f"{kind}:{c}"] for c in ("whale", "boat", "helm", "trident")}
        assert set(counts.values()) == {15}
        assert STACK_SIZES[f"{kind}:crown"] == 12
        assert sum(n for i, n in STACK_SIZES.items() if i.startswith(kind)) == 72


def test_na_1_6_goods_12_of_each_of_four_kinds():
    goods = {i: n for i, n in STACK_SIZES.items() if i.startswith("good:")}
    assert goods == {"good:coffee": 12, "good:fish": 12, "good:grain": 12, "good:salt": 12}


def test_na_1_7_eighteen_limited_stacks_and_an_empty_one_cannot_be_bought_from():
    assert len(STACK_SIZES) == 18
    game = table()
    game.state.stacks["hull:bow"] = 0
    play(game, "choose hulls")
    assert not any(m.startswith("buy hull:bow") for m in legal(game))
    assert "buy hull:stern new" in legal(game)
    # coins and workers have no stack: they are unlimited
    assert not any(k.startswith(("coin", "worker")) for k in game.state.stacks)


def test_na_1_8_each_seat_has_a_warehouse_pass_tiles_and_an_extra_action():
    game = NauticusGame(config(3))
    for seat in game.state.seats:
        assert seat.warehouse_room == 12
        assert seat.pass_up == [3, 2, 1]
        assert seat.extra is True


# -- §2 setup ----------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 5])
def test_na_2_1_two_to_four_seats_and_no_solo(count):
    with pytest.raises(ValueError, match="2, 3 or 4"):
        NauticusGame(config(count) if count else NauticusConfig(()))


def test_na_2_1_any_mix_of_humans_and_bots_but_no_automa():
    mixed = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "random")))
    NauticusGame(mixed)
    with pytest.raises(ValueError, match="automa"):
        NauticusConfig((SeatConfig("Ann"), SeatConfig("A", SeatKind.AUTOMA))).validate()


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 5), (4, 5)])
def test_na_2_2_five_rounds_or_four_with_two_seats(players, rounds):
    game = random_game(players, 11)
    ended = [e.round for e in game.events if isinstance(e, ev.RoundEnded)]
    assert ended == list(range(1, rounds + 1))


def test_na_2_3_each_seat_starts_with_4_workers_15_coins_and_10_vp():
    game = NauticusGame(config(2, seed=4))
    start = game.state.start_seat
    first = game.state.seats[start]
    assert (first.workers, first.coins, first.vp) == (4, 15, 10)
    assert all(not s.yard and not s.warehouse for s in game.state.seats)


@pytest.mark.parametrize(("players", "extra"), [
    (2, [(0, 0), (1, 0)]),
    (3, [(0, 0), (1, 0), (2, 1)]),
    (4, [(0, 0), (1, 0), (1, 1), (2, 2)]),
])
def test_na_2_4_compensation_by_turn_order_from_the_seeded_starting_seat(players, extra):
    starts = set()
    for seed in range(12):
        game = NauticusGame(config(players, seed))
        start = game.state.start_seat
        starts.add(start)
        assert game.state.chooser == start
        for k, (coins, workers) in enumerate(extra):
            seat = game.state.seats[(start + k) % players]
            assert (seat.coins, seat.workers) == (15 + coins, 4 + workers)
        assert NauticusGame(config(players, seed)).state.start_seat == start
    assert len(starts) > 1, "the seed chooses the starting seat"


def test_na_2_5_anchor_section_faces_field_0_and_round_marker_on_1():
    game = NauticusGame(config())
    assert game.state.anchor == 0 and game.state.round == 1
    assert game.state.anchor_tile is None
    assert FIELD_BONUS[0] is Bonus.WORKERS_3


def test_na_2_6_the_eight_tiles_are_shuffled_face_up_one_per_field_by_the_seed():
    layouts = set()
    for seed in range(10):
        state = NauticusGame(config(seed=seed)).state
        assert sorted(state.tiles) == sorted(a.value for a in ACTIONS)
        assert state.face_down == [False] * 8
        layouts.add(tuple(state.tiles))
    assert len(layouts) > 1
    assert NauticusGame(config(seed=3)).state.tiles == NauticusGame(config(seed=3)).state.tiles


# -- §3 rounds and phases ----------------------------------------------------


def test_na_3_1_seven_phases_a_round_and_the_eighth_tile_is_not_played():
    game = random_game(3, 2)
    per_round = Counter()
    current = 0
    for e in game.events:
        if isinstance(e, ev.RoundStarted):
            current = e.round
        elif isinstance(e, ev.ActionChosen):
            per_round[current] += 1
    assert set(per_round.values()) == {7}


def test_na_3_2_chooser_may_pick_a_tile_it_cannot_perform_and_gets_the_bonus():
    game = table()
    assert "choose deliver" in legal(game)  # no ship to deliver
    events = play(game, "choose deliver")
    assert game.state.seats[0].workers == 5  # field 5: 1 worker + 1 good of choice
    assert game.state.step is Step.BONUS
    assert any(isinstance(e, ev.ActionChosen) and e.field == 5 for e in events)
    play(game, "bonus good:salt")
    assert game.state.seats[0].warehouse == {"good:salt": 1}
    assert legal(game) >= {"pass"} and not any(m.startswith("deliver") for m in legal(game))


def test_na_3_2_every_seat_from_the_chooser_clockwise_then_tile_down_and_marker_on():
    game = table(3)
    game.state.chooser = 1
    play(game, "choose withdraw")
    order = []
    for _ in range(3):
        order.append(game.state.seat)
        play(game, "pass", "end")
    assert order == [1, 2, 0]
    state = game.state
    assert state.face_down[0] is True and state.anchor_tile == 0
    assert state.chooser == 2 and state.step is Step.CHOOSE and state.phase == 2
    assert "choose withdraw" not in legal(game)
    play(game, "choose hulls", "pass", "end", "pass", "end", "pass", "end")
    assert state.anchor_tile == 0, "the anchor tile marks the first phase's field only"


def finish_round(game: NauticusGame) -> None:
    """Every seat passes (and ends its go) until the round changes or the game ends."""
    start = game.state.round
    while game.state.round == start and not game.is_over:
        if game.state.step is Step.CHOOSE or game.state.step is Step.BONUS:
            game.play(str(game.legal_moves()[0]))
        elif game.state.step is Step.GO:
            game.play("pass")
        else:
            game.play("end")


def test_na_3_3_after_seven_phases_the_wheel_turns_to_the_anchor_tile_and_tiles_reshuffle():
    game = table(2)
    play(game, "choose goods")  # field 6: the anchor tile goes there
    finish_round(game)
    state = game.state
    assert state.round == 2 and state.phase == 1
    assert state.anchor == 6 and state.anchor_tile is None
    assert state.face_down == [False] * 8
    assert sorted(state.tiles) == sorted(a.value for a in ACTIONS)
    # 7 phases from seat 0: the 7th chooser was seat 0, so seat 1 chooses first
    assert state.chooser == 1 and state.step is Step.CHOOSE
    started = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert started[-1].anchor == 6 and started[-1].tiles == state.tiles


def test_na_3_4_no_income_between_rounds():
    game = table(2)
    play(game, "choose withdraw")  # field 0 bonus: 3 workers to seat 0
    before = [(s.coins, s.workers) for s in game.state.seats]
    # the rest of the round: everybody passes; bonuses go to the choosers
    finish_round(game)
    gained = [e for e in game.events if isinstance(e, ev.BonusReceived)]
    after = [(s.coins, s.workers) for s in game.state.seats]
    for seat in range(2):
        coins = sum(e.coins for e in gained[1:] if e.seat == seat)
        workers = sum(e.workers for e in gained[1:] if e.seat == seat)
        assert after[seat] == (before[seat][0] + coins, before[seat][1] + workers)


# -- §4 the wheel, bonuses and prices ----------------------------------------


def test_na_4_1_blue_workers_follow_the_wheel_and_prices_stay_with_the_field():
    game = table()
    state = game.state
    assert [blue_workers(state, f) for f in range(8)] == list(BLUE_WORKERS)
    state.anchor = 6
    assert blue_workers(state, 6) == 0
    assert blue_workers(state, 3) == BLUE_WORKERS[(3 - 6) % 8]
    assert price(3, "hull:bow") == 1  # the digits belong to the field, not the wheel


@pytest.mark.parametrize(("action", "field", "workers", "coins", "vp", "choice"), [
    ("withdraw", 0, 3, 0, 0, None),
    ("transport", 1, 0, 0, 0, "mast:whale"),
    ("masts", 2, 0, 0, 0, "sail:helm"),
    ("hulls", 3, 0, 0, 2, None),
    ("crowns", 4, 2, 0, 0, None),
    ("deliver", 5, 1, 0, 0, "good:fish"),
    ("goods", 6, 1, 0, 1, None),
    ("sails", 7, 0, 4, 0, None),
])
def test_na_4_2_the_bonus_of_each_field_goes_to_the_chooser_only(action, field, workers, coins,
                                                                  vp, choice):
    game = table(2)
    play(game, f"choose {action}")
    if choice is not None:
        assert game.state.step is Step.BONUS
        options = legal(game)
        kind = choice.split(":")[0]
        assert options == {f"bonus {kind}:{c}" for c in
                           (("whale", "boat", "helm", "trident") if kind != "good"
                            else ("coffee", "fish", "grain", "salt"))}
        play(game, f"bonus {choice}")
    me, other = game.state.seats
    assert (me.workers, me.coins, me.vp) == (4 + workers, 15 + coins, 10 + vp)
    assert me.warehouse == ({choice: 1} if choice else {})
    assert (other.workers, other.coins, other.vp, other.warehouse) == (4, 15, 10, {})


def test_na_4_2_chooser_keeps_the_bonus_when_passing():
    game = table()
    play(game, "choose sails", "pass")
    assert game.state.seats[0].coins == 19


def test_na_4_3_blue_workers_one_to_three_fourteen_in_all_and_two_on_the_2vp_field():
    assert all(1 <= w <= 3 for w in BLUE_WORKERS[1:])
    assert sum(BLUE_WORKERS) == 14
    assert FIELD_BONUS[3] is Bonus.VP_2 and BLUE_WORKERS[3] == 2


def test_na_4_4_each_item_costs_each_price_on_two_fields():
    for items in ITEMS_OF_ACTION.values():
        for item in items:
            prices = Counter(price(f, item) for f in range(8))
            assert prices == {0: 2, 1: 2, 2: 2, 3: 2}
    assert [price(3, f"hull:{k}") for k in ("bow", "stern", "single")] == [1, 3, 0]


def test_na_4_5_item_positions_on_the_blue_tiles():
    assert ITEMS_OF_ACTION[Action.HULLS] == ("hull:bow", "hull:centre", "hull:stern",
                                             "hull:single")
    assert ITEMS_OF_ACTION[Action.MASTS] == tuple(
        f"mast:{c}" for c in ("whale", "boat", "helm", "trident"))
    assert ITEMS_OF_ACTION[Action.GOODS] == tuple(
        f"good:{g}" for g in ("coffee", "fish", "grain", "salt"))


def test_na_4_6_beige_tiles_cost_no_coins_whatever_their_field():
    game = table()
    play(game, "choose withdraw", "withdraw", "withdraw")
    assert game.state.seats[0].coins == 19
    with pytest.raises(ValueError):
        price(0, "withdraw")


# -- §14 information ---------------------------------------------------------


def test_na_14_1_everything_is_public_but_the_future_shuffles():
    game = random_game(3, 8)
    full = game.state.to_dict()
    for seat in (0, 1, None):
        view = game.view(seat).to_dict()
        assert view["rng"] == 0 and view["config"]["seed"] == 0
        assert {k: v for k, v in view.items() if k not in ("rng", "config")} == {
            k: v for k, v in full.items() if k not in ("rng", "config")}
    assert all(getattr(e, "seed", 0) == 0 for e in game.events_for(1))
