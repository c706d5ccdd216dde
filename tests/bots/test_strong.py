"""The strong level, player level names, tournaments and key moments.

The strong bot sees only its seat's view (R-11.1): contracts in other hands, the
order of face-down decks and the solo stack (R-12.4) never change its choice.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import shipyard_tui.games.shipyard.bots.strong as strong
from shipyard_tui.analysis import (
    MIN_LOSS,
    moments_json,
    moments_lines,
    report_from_data,
    report_to_data,
)
from shipyard_tui.cli import main
from shipyard_tui.games.shipyard.analysis import analyse_game
from shipyard_tui.games.shipyard.bots import (
    PLAYER_LEVELS,
    GreedyBot,
    StrongBot,
    bot_for_level,
    resolve_level,
)
from shipyard_tui.games.shipyard.bots.strong import Weights, evaluate, objective
from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Game,
    GameConfig,
    Move,
    SeatConfig,
    SeatKind,
    Step,
)
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.engine import apply_move
from shipyard_tui.games.shipyard.rules.query import determinize
from shipyard_tui.games.shipyard.rules.view import seat_view
from shipyard_tui.seats import parse_seat
from shipyard_tui.simulate import simulation_config
from shipyard_tui.tournament import lineup, standings, tournament, wilson_interval
from support.invariants import random_config
from support.shipyard import person_against_greedy


def secret_twin(game: Game, seat: int, seed: int) -> Game:
    """The game as ``seat`` sees it, with every secret of R-11.1 arranged differently:
    other seats' contracts (in hand and discarded) swapped for unseen ones of the same
    colour, every face-down deck reordered, the solo stack below its top tile
    reordered, and a different generator."""
    twin = Game.from_state(game.state.copy())
    state = twin.state
    rng = random.Random(seed)
    market = state.market
    for stack in (market.bow_stack, market.stern_stack, market.canal_deck,
                  market.commodity_deck):
        rng.shuffle(stack)
    deck1 = [t for t in market.middle_stack if t in CATALOG.middles_1]
    deck2 = [t for t in market.middle_stack if t in CATALOG.middles_2]
    rng.shuffle(deck1)
    rng.shuffle(deck2)
    market.middle_stack = deck2 + deck1
    used = {c for s in state.seats for c in s.contracts + s.discarded}
    for i, other in enumerate(state.seats):
        if i == seat:
            continue
        for pile in (other.contracts, other.discarded):
            for k, contract in enumerate(pile):
                colour = CATALOG.contracts[contract].colour
                free = sorted(c for c in CATALOG.contracts
                              if c not in used and CATALOG.contracts[c].colour is colour)
                if free:
                    pile[k] = rng.choice(free)
                    used.discard(contract)
                    used.add(pile[k])
    if state.solo is not None and len(state.solo.stack) > 2:
        below = state.solo.stack[:-1]
        rng.shuffle(below)
        state.solo.stack[:-1] = below
    state.rng = rng.randrange(1 << 60)
    return twin


def quick_strong(seed: int) -> StrongBot:
    return StrongBot(seed, budget_ms=None, rollouts=20)


@pytest.mark.slow(seconds=10)
@pytest.mark.parametrize(("players", "solo"), [(2, False), (3, False), (3, True)])
def test_strong_bot_ignores_what_its_seat_cannot_see(players, solo):
    """R-11.1: same view, same seed → same move, whatever the secrets hold."""
    game = Game(random_config(players, 70 + players, solo=solo))
    rng = random.Random(3)
    decisions = differing = 0
    while not game.is_over and decisions < 25:
        seat = game.to_move
        assert seat is not None
        twin = secret_twin(game, seat, decisions)
        assert seat_view(twin.state, seat).to_dict() == seat_view(game.state, seat).to_dict()
        if twin.state.to_dict() != game.state.to_dict():
            differing += 1
        if len(game.legal_moves()) > 1:
            assert quick_strong(5).choose(game.view(seat), game.legal_moves()) == \
                quick_strong(5).choose(twin.view(seat), twin.legal_moves())
            decisions += 1
        game.push(rng.choice(game.legal_moves()))
    assert decisions == 25 and differing > 0


def test_strong_analysis_ranks_candidates_and_keeps_the_played_move():
    game = Game(random_config(2, 8))
    rng = random.Random(8)
    while not (game.state.turn.step.value == "build" and len(game.legal_moves()) > MAX_SHOWN):
        game.push(rng.choice(game.legal_moves()))
    legal = game.legal_moves()
    worst = legal[-1]
    analysis = quick_strong(1).analyse(game.view(game.to_move), include=worst)
    values = [c.value for c in analysis.candidates if c.samples == analysis.best.samples]
    assert values == sorted(values, reverse=True)
    assert analysis.value_of(worst) is not None
    assert all(c.move in legal for c in analysis.candidates)
    assert analysis.runner_up is not None and analysis.runner_up.move != analysis.best.move


MAX_SHOWN = 8


def test_the_budget_counts_rollouts_and_a_time_cap_stops_a_slow_search(monkeypatch):
    """The budget is a number of rollouts (64 at the default), so the same seed plays the
    same search on any machine; past TIME_CAP times the budget a search stops anyway."""
    assert strong.rollouts_for(strong.DEFAULT_BUDGET_MS) == strong.ROLLOUTS_AT_DEFAULT == 64
    assert strong.rollouts_for(2 * strong.DEFAULT_BUDGET_MS) == 128
    assert strong.rollouts_for(1) == 1
    game = Game(random_config(2, 8))
    rng = random.Random(8)
    while not (game.state.turn.step.value == "build" and len(game.legal_moves()) > MAX_SHOWN):
        game.push(rng.choice(game.legal_moves()))
    view = game.view(game.to_move)
    wanted = strong.rollouts_for(30)
    monkeypatch.setattr(strong, "TIME_CAP", 1e6)  # the count, not the clock, ends it
    first = StrongBot(4, budget_ms=30).analyse(view)
    assert first == StrongBot(4, budget_ms=30).analyse(view)
    spent = sum(c.samples for c in first.candidates)
    assert wanted <= spent < wanted + MAX_SHOWN and first.worlds > 1
    monkeypatch.setattr(strong, "TIME_CAP", 0.0)  # the cap has passed after one world
    assert StrongBot(4, budget_ms=30).analyse(view).worlds == 1


def _late(players: int, solo: bool, seed: int) -> Game:
    """A seeded game played at random into its last part (:data:`strong.LATE_PROGRESS`),
    at a decision the strong bot searches with at least two choices."""
    game = Game(random_config(players, seed, solo=solo))
    rng = random.Random(seed)
    while not (strong.progress(game.state) >= strong.LATE_PROGRESS
               and game.state.turn.step in strong.SEARCHED_STEPS
               and len(game.legal_moves()) > 1):
        assert not game.is_over
        game.push(rng.choice(game.legal_moves()))
    return game


def test_late_in_a_solo_game_the_search_plays_more_rollouts() -> None:
    """Issue 37: from 80 % of a solo game on, a searched decision plays at least four
    times the default's rollouts (+1.1 points a game over 48 paired seeds); a game
    between players, and earlier decisions, play the budget's count."""
    def spent(game: Game) -> int:
        """The rollouts a search of 8 plays at the game's decision."""
        return sum(c.samples for c in StrongBot(2, budget_ms=None, rollouts=8)
                   .analyse(game.view(game.to_move)).candidates)

    assert spent(_late(3, True, 11)) >= strong.LATE_ROLLOUTS == 4 * strong.ROLLOUTS_AT_DEFAULT
    assert 8 <= spent(_late(2, False, 11)) < 8 + MAX_SHOWN
    assert strong.rollout_limit(Game(random_config(3, 11, solo=True)).state, 8) == 8


def test_evaluation_counts_scores_and_the_objective_is_relative():
    game = Game(random_config(2, 5))
    rng = random.Random(5)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    state = game.state
    w = Weights()
    assert evaluate(state, 0, w) == state.seats[0].score
    assert objective(state, 0, w) == state.seats[0].score - state.seats[1].score


def test_player_level_names_map_to_bot_levels():
    assert PLAYER_LEVELS == {"beginner": "greedy", "sensible": "planner", "strong": "strong",
                             "expert": "expert"}
    assert resolve_level("Sensible") == "planner"
    assert resolve_level("greedy") == "greedy"
    assert parse_seat("Bob:bot:beginner") == SeatConfig("Bob", SeatKind.BOT, "greedy")
    assert parse_seat("Bob:bot:strong").level == "strong"
    assert parse_seat("Bob:bot:Expert").level == "expert"
    with pytest.raises(ValueError, match="beginner"):
        resolve_level("grandmaster")
    assert bot_for_level("strong", 1, budget_ms=40).budget_ms == 40  # type: ignore[attr-defined]


def test_tournament_rotates_seats_and_counts_shared_wins():
    assert lineup(["a", "b"], 2, 0) == ["a", "b"]
    assert lineup(["a", "b"], 2, 1) == ["b", "a"]
    assert lineup(["a", "b", "c"], 3, 1) == ["c", "a", "b"]
    assert lineup(["a", "b"], 4, 1) == ["b", "a", "b", "a"]
    results = list(tournament(2, ["greedy", "random"], 4, 40))
    assert [r.levels for r in results] == [("greedy", "random"), ("random", "greedy")] * 2
    records = {r.level: r for r in standings(results)}
    assert records["greedy"].games == records["random"].games == 4
    assert records["greedy"].wins + records["random"].wins == pytest.approx(4)
    assert sum(records["greedy"].margins) == -sum(records["random"].margins)


def test_wilson_interval_brackets_the_rate():
    low, high = wilson_interval(130, 200)
    assert low < 0.65 < high
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_tournament_command_prints_games_and_standings(capsys):
    assert main(["tournament", "--bots", "beginner,random", "--games", "2", "--seed", "3",
                 "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["bots"] for line in lines[:2]] == [["greedy", "random"],
                                                               ["random", "greedy"]]
    standing = json.loads(lines[2])["standings"]
    assert [s["bot"] for s in standing] == ["greedy", "random"]
    assert all(0 <= s["win_rate_ci95"][0] <= s["win_rate"] <= s["win_rate_ci95"][1] <= 1
               for s in standing)
    assert main(["tournament", "--bots", "nobody", "--games", "1"]) == 2


def played_game(seed: int) -> Game:
    return person_against_greedy(seed)


@pytest.mark.slow(seconds=10)
def test_key_moments_name_both_moves_and_the_points_lost():
    game = played_game(4)
    report = analyse_game(game, rollouts=4, top=3)
    assert report.analysed == (0,)
    moments = report.moments[0]
    assert 0 < len(moments) <= 3
    losses = [m.loss for m in moments]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= MIN_LOSS
    assert report.total_loss[0] >= sum(losses)
    for m in moments:
        assert m.played != m.best and m.played and m.best
    text = "\n".join(moments_lines(report))
    assert "Ann" in text and moments[0].played in text and "points lost" in text
    # between players the search weighs the margin over the best rival, and says so;
    # a play-tester read "about 20.5 points lost" in a game won 34-28 as a count, and
    # "move 117" as noise
    assert text.count("points lost against the best rival") == len(moments)
    assert "(move" not in text and "estimates" in text
    solo = dataclasses.replace(report, solo=True)
    assert "rival" not in "\n".join(moments_lines(solo))
    assert report_from_data(report_to_data(solo)).solo  # the cache keeps it
    data = moments_json(report)
    assert data["seats"][0]["moments"][0]["better"] == moments[0].best


def test_analyse_command_reads_a_save_and_prints_key_moments(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    from shipyard_tui.saves import SaveStore

    path = SaveStore().save_as(played_game(6), "g6", "practice")
    assert main(["analyse", str(path), "--budget", "10", "--top", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in data["seats"]] == ["Ann"]
    assert len(data["seats"][0]["moments"]) <= 2
    assert main(["analyse", str(tmp_path / "missing.json")]) == 1


def _score_after_cruise(game: Game, move: Move, seat: int) -> int:
    """The seat's score once the greedy policy has finished the cruise after ``move``."""
    state = game.state.copy()
    apply_move(state, move, [])
    after = Game.from_state(state)
    bot = GreedyBot(1)
    while (not after.is_over and after.state.turn.seat == seat
           and after.state.turn.step in CRUISE_STEPS):
        after.push(bot.choose(after.view(seat), after.legal_moves()))
    return after.state.seats[seat].score


CRUISE_STEPS = frozenset({Step.HELMSMAN, Step.RIGGER, Step.TOKEN_START, Step.CRUISE,
                          Step.LOAD, Step.SAIL_ORDER})


def test_strong_bot_searches_the_helmsman_and_declines_a_speed_that_scores_less():
    """R-7.1: the Helmsman's +1 is optional. In this 2-seat game between greedy bots
    the greedy rule takes the +1 although the slower cruise scores a point more; the
    strong level searches the choice and declines it."""
    game = Game(simulation_config(2, 94, solo=False, level="greedy"))
    bots = [bot_for_level("greedy", 94 + i) for i in range(2)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        if game.state.turn.step is Step.HELMSMAN and len(legal) == 2:
            scores = {m: _score_after_cruise(game, m, seat) for m in legal}
            greedy_pick = bots[seat].choose(game.view(seat), legal)
            if scores[greedy_pick] < max(scores.values()):
                break
        game.push(bots[seat].choose(game.view(seat), legal))
    assert not game.is_over, "the game no longer reaches the Helmsman decision"
    assert isinstance(greedy_pick, mv.Helmsman) and greedy_pick.use == 1
    view = game.view(seat)
    analysis = StrongBot(3, budget_ms=None, rollouts=40).analyse(view)
    assert analysis.searched and {c.move for c in analysis.candidates} == set(legal)
    assert analysis.best.move == mv.Helmsman(0)
    assert StrongBot(3, budget_ms=None, rollouts=40).choose(view, legal) == mv.Helmsman(0)
    assert scores[mv.Helmsman(0)] > scores[mv.Helmsman(1)]


def test_the_yard_ship_feature_adds_what_the_ships_in_the_yard_would_score() -> None:
    """The optional ``yard_ship`` term (off by default) adds, at its weight, the points
    the ships in the yard would score sailing now (R-7.3, R-9.3); with weight 0 the
    evaluation does not work it out at all."""
    from dataclasses import replace

    from shipyard_tui.games.shipyard.bots.strong import FEATURES, features

    game = Game(random_config(2, 8))
    rng = random.Random(8)
    seen = 0
    while not game.is_over and seen < 3:
        game.push(rng.choice(game.legal_moves()))
        state = game.state
        for seat in range(2):
            sailing = features(state, seat)[FEATURES.index("yard_ship")]
            assert sailing >= 0
            if not any(state.seats[seat].yard):
                assert sailing == 0
            assert features(state, seat, ships=False)[FEATURES.index("yard_ship")] == 0
            if any(state.seats[seat].yard) and sailing > 0:
                seen += 1
                w = Weights()
                gain = evaluate(state, seat, replace(w, yard_ship=0.5)) - evaluate(state, seat, w)
                assert abs(gain - 0.5 * sailing) < 1e-9
    assert seen >= 3


def test_the_yard_contract_feature_adds_what_the_yard_ships_bring_to_the_contracts() -> None:
    """The optional ``yard_contract`` term values the ships in the yard a tile or less
    from complete by what they would add to the contracts held if they sailed now:
    with only R14 (fleet size, printed 1-4-9-16-24-32) in hand, each such ship that
    could score moves the fleet one step up the table (COMPONENTS §5, R-10.5); with
    weight 0 it is not worked out."""
    from dataclasses import replace

    from shipyard_tui.games.shipyard.bots.strong import FEATURES, features

    fleet_size = {0: 0, 1: 1, 2: 4, 3: 9, 4: 16, 5: 24, 6: 32}
    game = Game(random_config(2, 8))
    rng = random.Random(8)
    seen = 0
    while not game.is_over and seen < 3:
        game.push(rng.choice(game.legal_moves()))
        for seat in range(2):
            state = game.state.copy()
            state.seats[seat].contracts = ["R14"]
            row = features(state, seat)
            ships = row[FEATURES.index("yard_ship")]
            added = row[FEATURES.index("yard_contract")]
            assert features(state, seat, contracts=False)[FEATURES.index("yard_contract")] == 0
            if ships == 0:
                assert added == 0
            if added == 0:
                continue
            sailed = len(state.seats[seat].fleet)
            assert added in {fleet_size[min(sailed + k, 6)] - fleet_size[sailed]
                             for k in range(1, 4)}
            seen += 1
            w = Weights()
            gain = evaluate(state, seat, replace(w, yard_contract=2.0)) - evaluate(state, seat, w)
            assert abs(gain - 2.0 * added) < 1e-9
    assert seen >= 3


def test_the_rollouts_play_as_many_own_turns_as_the_horizon_of_the_step(monkeypatch) -> None:
    """``strong.horizon(step)`` sets how far the rollouts of a decision look: at 0 they
    stop at the end of the seat's current turn, at 2 they play two more of its turns."""
    import shipyard_tui.games.shipyard.bots.strong as strong

    game = Game(random_config(2, 8))
    rng = random.Random(8)
    while not (game.state.turn.step.value == "choose" and len(game.state.seats[0].fleet) == 0
               and game.state.seats[game.to_move].turns >= 2):
        game.push(rng.choice(game.legal_moves()))
    view = game.view(game.to_move)
    asked: list[object] = []
    reached: list[int] = []
    real_objective = strong._objective

    def objective(state, seat_index, w):
        reached.append(state.seats[seat_index].turns)
        return real_objective(state, seat_index, w)

    monkeypatch.setattr(strong, "_objective", objective)
    start = view.seats[view.to_move].turns
    for turns in (0, 2):
        monkeypatch.setattr(strong, "horizon", lambda step, n=turns: asked.append(step) or n)
        reached.clear()
        quick_strong(3).analyse(view)
        assert asked[-1] is view.turn.step
        assert reached and max(reached) == start + turns + 1


def test_with_look_at_the_turn_the_rollouts_choose_the_action_whose_turn_ends_best(
        monkeypatch) -> None:
    """``LOOK_AT_THE_TURN`` (off by default): a rollout's choice of action is the one
    whose turn, played out by the greedy policy, ends in the position the evaluation
    values most; the greedy valuation's own pick is never better by that measure."""
    import shipyard_tui.games.shipyard.bots.strong as strong

    chosen: list[int] = []
    real = strong.StrongBot._turn_choice

    def counting(self, state, legal):
        chosen.append(len(legal))
        return real(self, state, legal)

    monkeypatch.setattr(strong.StrongBot, "_turn_choice", counting)
    game = Game(simulation_config(3, 21, solo=True, level="strong"))
    bot = quick_strong(21)
    checked = 0
    for _ in range(6):
        while game.to_move != 0 or game.state.turn.step is not Step.CHOOSE:
            game.push(bot.choose(game.view(game.to_move), game.legal_moves()))
        view = game.view(0)
        world = determinize(view, checked)  # the rollouts play in a sampled world
        legal = game.legal_moves()
        if len(legal) > 1:
            pick = real(bot, world, legal)
            greedy = bot._greedy_move(world, legal)
            values = [bot._turn_value(world, m) for m in legal]
            assert bot._turn_value(world, pick) == max(values)
            assert bot._turn_value(world, greedy) <= max(values)
            checked += 1
        for look, used in ((False, False), (True, True)):
            monkeypatch.setattr(strong, "LOOK_AT_THE_TURN", look)
            chosen.clear()
            bot._rollout(world, 0, legal[0], 1)
            assert bool(chosen) is used
        game.push(bot.choose(view, legal))
    assert checked >= 4


@pytest.mark.parametrize("edition", ["second", "classic"])
def test_the_producer_feature_counts_engineers_and_recruiters(edition: str) -> None:
    """The ``producer`` term counts the seat's Engineers and Recruiters, which add a
    piece to every later action of their ring (R-4.4, R-4.5; the classic recruiter of
    propellers too, RC), times the share of the game left, at the weight
    ``Weights.producer``; other employees count only as employees."""
    from dataclasses import replace

    from shipyard_tui.games.shipyard.bots.strong import (
        FEATURES,
        PRODUCER_WEIGHT,
        features,
        progress,
    )

    seats = tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(2))
    game = Game(GameConfig(seats, seed=4, edition=edition))
    rng = random.Random(4)
    for _ in range(60):
        game.push(rng.choice(game.legal_moves()))
    state = game.state.copy()
    recruiter = "recruiter:propeller" if edition == "classic" else "recruiter:stoker"
    state.seats[0].employees = ["engineer:cannon", recruiter, "trader:coal:1", "foreman"]
    left = 1.0 - progress(state)
    assert left > 0
    row = features(state, 0)
    assert row[FEATURES.index("producer")] == pytest.approx(2 * left)
    assert row[FEATURES.index("employee")] == pytest.approx(4 * left)
    w = Weights()
    assert w.producer == PRODUCER_WEIGHT > 0
    gain = evaluate(state, 0, w) - evaluate(state, 0, replace(w, producer=0.0))
    assert gain == pytest.approx(PRODUCER_WEIGHT * 2 * left)
    state.seats[0].employees = ["trader:coal:1", "foreman"]
    assert features(state, 0)[FEATURES.index("producer")] == 0


def test_weight_vectors_written_before_the_producer_feature_read_its_default() -> None:
    """A vector of weights saved before the last optional features existed reads them
    as the defaults of :class:`Weights` (0 for the yard terms, the producer weight)."""
    from shipyard_tui.games.shipyard.bots.strong import FEATURES, OPTIONAL

    full = Weights().vector()
    for missing in range(1, len(OPTIONAL) + 1):
        read = Weights.from_vector(list(full[: len(FEATURES) - missing]))
        assert read.vector() == pytest.approx(full)
    with pytest.raises(ValueError):
        Weights.from_vector(list(full[: len(FEATURES) - len(OPTIONAL) - 1]))


def test_in_classic_games_a_propeller_counts_where_a_stoker_would() -> None:
    """RC-6.1: the propeller takes the stoker's place in speed, so the evaluation
    counts it in the stoker's feature and, with a smokestack, in the steam pair; a
    2nd-edition seat has no propellers and counts as before (issue 37)."""
    from shipyard_tui.games.shipyard.bots.strong import FEATURES, features, progress

    seats = tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(2))
    game = Game(GameConfig(seats, seed=4, edition="classic"))
    rng = random.Random(4)
    for _ in range(60):
        game.push(rng.choice(game.legal_moves()))
    state = game.state.copy()
    left = 1.0 - progress(state)
    assert left > 0
    seat = state.seats[0]
    seat.pieces = {"smokestack": 1}
    before = features(state, 0)
    assert before[FEATURES.index("piece_stoker")] == 0
    assert before[FEATURES.index("steam")] == 0
    seat.pieces = {"smokestack": 1, "propeller": 2}
    after = features(state, 0)
    assert after[FEATURES.index("piece_stoker")] == pytest.approx(2 * left)
    assert after[FEATURES.index("steam")] == pytest.approx(left)
    assert seat.pieces == {"smokestack": 1, "propeller": 2}  # read, not changed
