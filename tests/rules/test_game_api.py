"""The decision loop of Game and its serialisation: play, legal moves, replay, JSON,
move notation and undo."""

from __future__ import annotations

import copy
import json
import random

import pytest

from shipyard_tui.games.shipyard.rules import (
    Action,
    Game,
    GameConfig,
    IllegalMoveError,
    MoveSyntaxError,
    Piece,
    SeatConfig,
    Stage,
    TileKind,
    event_to_json,
    parse_move,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.moves import (
    MOVE_TYPES,
    PASSES,
    Bonus,
    Buy,
    BuyBlank,
    BuyCommodity,
    Choose,
    Cruise,
    DeclineBonus,
    Discard,
    EndBuild,
    EndLoad,
    Exchange,
    Final,
    Helmsman,
    Hire,
    Load,
    NoBonus,
    NoLastTile,
    Place,
    PlaceCanal,
    Proceed,
    Rigger,
    SailFirst,
    Sell,
    StartToken,
    Step,
    Take,
    TakeCanal,
    Trade,
)
from support import random_playout
from support.shipyard import S, new_game, solo_game

# -- helpers ---------------------------------------------------------------------


def random_moves(game: Game, count: int | None, seed: int = 0) -> Game:
    """Play ``count`` random legal moves (all of them to the end with ``None``)."""
    moves = None if count is None else len(game.moves) + count
    return random_playout(game, seed, moves=moves, checked=True)


def snapshot(game: Game) -> tuple:
    return (game.state.to_dict(), [event_to_json(e) for e in game.events], list(game.moves))


def draws(events: list[ev.Event]) -> bool:
    """Whether these events put hidden information or randomness on the table."""
    for e in events:
        if isinstance(e, ev.DisplayRefilled) and e.drawn:
            return True
        if isinstance(e, ev.DeckRebuilt | ev.SoloTileFlipped):
            return True
    return False


def first_illegal(game: Game):
    """Some well-formed move that is not legal now."""
    legal = game.legal_moves()
    for move in (Place(0), EndLoad(), Sell(), Take(), Choose(Action.BUILD), NoBonus()):
        if move not in legal:
            return move
    raise AssertionError("every candidate is legal")


# -- play() and IllegalMoveError ------------------------------------------------------


def test_illegal_move_error_is_a_value_error():
    assert issubclass(IllegalMoveError, ValueError)


@pytest.mark.parametrize("as_text", [False, True])
def test_play_rejects_an_illegal_move_and_changes_nothing(as_text):
    game = random_moves(new_game(3, seed=1), 25, seed=1)
    move = first_illegal(game)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.play(str(move) if as_text else move)
    message = str(info.value)
    assert str(move) in message
    assert "not legal" in message
    assert snapshot(game) == before
    # the game goes on normally afterwards
    game.play(game.legal_moves()[0])
    assert len(game.moves) == len(before[2]) + 1


@pytest.mark.parametrize("text", ["", "   ", "fly to the moon", "buy keel 2", "place here",
                                  "choose nap", "trade gold"])
def test_play_rejects_unparseable_text_and_changes_nothing(text):
    game = random_moves(new_game(2, seed=2), 10, seed=2)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.play(text)
    assert str(info.value)
    assert snapshot(game) == before


def test_play_accepts_notation_text_like_the_move_itself():
    by_object = new_game(3, seed=4)
    by_text = new_game(3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        move = rng.choice(by_object.legal_moves())
        assert by_object.play(move) == by_text.play(str(move))
    assert by_text.moves == by_object.moves
    assert by_text.state.to_dict() == by_object.state.to_dict()


def test_play_after_the_game_is_over_is_rejected():
    game = random_moves(new_game(2, seed=3), None, seed=3)
    assert game.is_over
    assert game.to_move is None
    assert game.legal_moves() == []
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.play(Choose(Action.BUILD))
    with pytest.raises(IllegalMoveError):
        game.play("pass")
    assert snapshot(game) == before


def test_play_returns_the_events_of_the_move():
    game = new_game(3, seed=5)
    start = len(game.events)
    out = game.play(game.legal_moves()[0])
    assert out and out == game.events[start:]
    assert isinstance(out[0], ev.CubePlaced)


# -- determinism ----------------------------------------------------------------------


def test_legal_moves_are_deterministic_and_side_effect_free():
    one, two = new_game(4, seed=6), new_game(4, seed=6)
    rng = random.Random(6)
    for _ in range(150):
        before = one.state.to_dict()
        moves = one.legal_moves()
        assert moves == one.legal_moves()
        assert one.state.to_dict() == before
        assert [str(m) for m in moves] == [str(m) for m in two.legal_moves()]
        if not moves:
            break
        k = rng.randrange(len(moves))
        one.play(moves[k])
        two.play(two.legal_moves()[k])


@pytest.mark.parametrize("make", [lambda: new_game(2, seed=7), lambda: new_game(4, seed=7),
                                  lambda: solo_game(seed=7),
                                  lambda: new_game(3, seed=7, advanced=True)])
def test_same_seed_and_moves_give_the_same_state_and_events(make):
    original = random_moves(make(), None, seed=7)
    again = make()
    for move in original.moves:
        again.play(move)
    assert again.state.to_dict() == original.state.to_dict()
    assert [event_to_json(e) for e in again.events] == [event_to_json(e) for e in original.events]
    assert again.is_over


def test_different_seeds_give_different_games():
    one, two = new_game(3, seed=1), new_game(3, seed=2)
    assert one.state.to_dict() != two.state.to_dict()


def test_replay_reproduces_the_state_and_events():
    game = random_moves(new_game(3, seed=8), 140, seed=8)
    again = Game.replay(game.config, game.moves)
    assert again.state.to_dict() == game.state.to_dict()
    assert again.events == game.events
    assert again.moves == game.moves
    assert again.moves is not game.moves


def test_replay_checks_every_move():
    game = random_moves(new_game(3, seed=8), 30, seed=8)
    moves = list(game.moves)
    moves.insert(5, first_illegal(Game.replay(game.config, moves[:5])))
    with pytest.raises(IllegalMoveError):
        Game.replay(game.config, moves)


# -- JSON --------------------------------------------------------------------------


def through_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


GAMES = {
    "2 seats mid-game": lambda: random_moves(new_game(2, seed=9), 90, seed=9),
    "4 seats finished": lambda: random_moves(new_game(4, seed=9), None, seed=9),
    "solo mid-game": lambda: random_moves(solo_game(seed=9), 120, seed=9),
    "first game start": lambda: new_game(3, seed=9, first_game=True),
}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("replay", [True, False])
def test_json_round_trip_gives_the_identical_game(name, replay):
    game = GAMES[name]()
    data = through_json(game.to_json(with_events=True))
    assert data["moves"] == [str(m) for m in game.moves]
    loaded = Game.from_json(data, replay=replay)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.config == game.config
    assert loaded.moves == game.moves
    assert [event_to_json(e) for e in loaded.events] == [event_to_json(e) for e in game.events]
    assert loaded.is_over == game.is_over
    assert loaded.legal_moves() == game.legal_moves()


def test_loaded_game_plays_on_like_the_original():
    game = random_moves(new_game(3, seed=10), 70, seed=10)
    loaded = Game.from_json(through_json(game.to_json()), replay=False)
    rng = random.Random(10)
    for _ in range(60):
        move = rng.choice(game.legal_moves())
        game.play(move)
        loaded.play(move)
    assert loaded.state.to_dict() == game.state.to_dict()


def test_json_without_events_loads_without_replay():
    game = random_moves(new_game(2, seed=11), 40, seed=11)
    data = through_json(game.to_json())
    assert "events" not in data
    loaded = Game.from_json(data, replay=False)
    assert loaded.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("data", [[], "a game", None, {}, {"format": "chess", "version": 1}])
def test_from_json_rejects_something_that_is_not_a_game(data):
    with pytest.raises(ValueError):
        Game.from_json(data)


@pytest.mark.parametrize("version", [0, 2, "1", None])
@pytest.mark.parametrize("replay", [True, False])
def test_from_json_rejects_another_version(version, replay):
    data = through_json(new_game(2, seed=1).to_json())
    data["version"] = version
    with pytest.raises(ValueError, match="version"):
        Game.from_json(data, replay=replay)


def test_from_json_rejects_a_snapshot_that_does_not_match_the_moves():
    game = random_moves(new_game(3, seed=12), 50, seed=12)
    data = through_json(game.to_json())
    tampered = copy.deepcopy(data)
    tampered["state"]["seats"][0]["guilders"] += 1
    with pytest.raises(ValueError, match="match"):
        Game.from_json(tampered)
    shorter = copy.deepcopy(data)
    shorter["moves"] = shorter["moves"][:-1]
    with pytest.raises(ValueError, match="match"):
        Game.from_json(shorter)


DAMAGES = {
    "no config": lambda d: d.pop("config"),
    "no moves": lambda d: d.pop("moves"),
    "no state": lambda d: d.pop("state"),
    "moves not a list": lambda d: d.update(moves=5),
    "config not an object": lambda d: d.update(config="x"),
    "state not a game": lambda d: d.update(state={"a": 1}),
}


def test_from_json_rejects_a_damaged_game_with_a_value_error():
    """A file with the right header but a damaged body is not a game either: the loader
    says so with a ValueError (what a caller catches), not a KeyError or TypeError."""
    data = through_json(random_moves(new_game(2, seed=1), 5, seed=1).to_json())
    wrong = []
    for name, damage in DAMAGES.items():
        for replay in (True, False):
            broken = copy.deepcopy(data)
            damage(broken)
            try:
                Game.from_json(broken, replay=replay)
            except ValueError:
                continue
            except Exception as exc:  # which error escapes is the point
                wrong.append(f"{name} (replay={replay}): {type(exc).__name__}")
            else:
                wrong.append(f"{name} (replay={replay}): accepted")
    assert wrong == []


def test_from_json_rejects_bad_moves():
    game = random_moves(new_game(3, seed=12), 20, seed=12)
    data = through_json(game.to_json())
    garbled = copy.deepcopy(data)
    garbled["moves"][3] = "fly away"
    with pytest.raises(ValueError):
        Game.from_json(garbled)
    illegal = copy.deepcopy(data)
    illegal["moves"][3] = "final build"
    with pytest.raises(IllegalMoveError):
        Game.from_json(illegal)


# -- move notation ------------------------------------------------------------------

EXAMPLES = [
    Choose(Action.BUILD), Choose(Action.SUBSIDY), Bonus(Action.HIRE), Proceed(), DeclineBonus(),
    NoBonus(),
    NoLastTile(),
    Buy(0, 0), Buy(1, 2), Buy(2, 3), Buy(3, 4), BuyBlank(TileKind.BOW),
    BuyBlank(TileKind.MIDDLE), BuyBlank(TileKind.STERN), Place(0), Place(9), EndBuild(),
    TakeCanal(2), PlaceCanal(1, -2, 3), PlaceCanal(-4, 0, 0), BuyCommodity(4), Step(), Take(),
    Hire(2), Exchange("start-1"), Exchange("C07"), Sell(), Trade(Piece.STOKER),
    Trade(Piece.BUSINESSMAN), SailFirst(3), Load(Piece.CAPTAIN), Load(Piece.SMOKESTACK),
    EndLoad(), Helmsman(1), Helmsman(0), Rigger(0), Rigger(2), StartToken(-1, 2, "W"),
    StartToken(0, 0, "N"),
    Cruise(("0,0,W", "0,0,C", "1,0,W")), Cruise(("-1,-1,C",)), Discard("R14"), Discard("B3"),
    Final(Action.EXCHANGE), Final(Action.CANAL),
]


def test_the_examples_cover_every_move_type():
    assert {type(m) for m in EXAMPLES} == set(MOVE_TYPES.values()) | set(PASSES.values())


#: The decision each example is read at: only ``pass`` needs one (R-3.4, R-10.4).
STEP_OF_PASS = {kind: step for step, kind in PASSES.items()}


@pytest.mark.parametrize("move", EXAMPLES, ids=str)
def test_notation_round_trips(move):
    text = str(move)
    assert text == text.strip() and "\n" not in text
    step = STEP_OF_PASS.get(type(move))
    assert parse_move(text, step) == move
    assert type(parse_move(text, step)) is type(move)


def test_notation_examples_read_as_documented():
    assert str(Buy(1, 3)) == "buy mid1 3"
    assert parse_move("  buy   stern  2 ") == Buy(3, 2)
    assert str(Cruise(("0,0,C", "0,0,E"))) == "cruise 0,0,C 0,0,E"


def test_every_legal_move_of_random_games_round_trips():
    seen = set()
    games = [new_game(2, seed=13), new_game(3, seed=13, advanced=True), new_game(4, seed=13),
             solo_game(seed=13)]
    for k, game in enumerate(games):
        rng = random.Random(k)
        while not game.is_over:
            moves = game.legal_moves()
            for move in moves:
                assert parse_move(str(move), game.state.turn.step) == move
                seen.add(type(move))
            game.play(rng.choice(moves))
    assert len(seen) >= 18


@pytest.mark.parametrize("text", [
    "", "   ", "jump", "BUY bow 1", "buy", "buy bow", "buy keel 1", "buy bow one", "choose nap",
    "choose", "choose build now", "place", "place x", "place 1 2", "place 1.5", "blank hull",
    "trade gold", "load", "load treasure", "final party", "rigger", "rigger lots",
    "end-build now", "proceed 1", "cruise 0,0", "cruise a,b,C", "cruise 0,0,Q",
    "place-canal 1 2", "hire", "discard", "start 0 0",
])
def test_parse_move_rejects_garbage(text):
    with pytest.raises(MoveSyntaxError):
        parse_move(text)


def test_move_syntax_error_is_a_value_error():
    assert issubclass(MoveSyntaxError, ValueError)


# -- undo ---------------------------------------------------------------------------


def test_nothing_to_undo_at_the_start():
    game = new_game(3, seed=14)
    assert not game.can_undo
    with pytest.raises(IllegalMoveError):
        game.undo()


def _equipment_turn(game: Game) -> list[tuple]:
    """The starting seat's first turn: Manufacture Equipment with two paid steps, keeping
    a snapshot before every move; returns the snapshots."""
    snaps = [snapshot(game)]
    game.play(Choose(Action.EQUIPMENT))
    snaps.append(snapshot(game))
    if game.state.turn.step is S.BONUS_BEFORE:
        game.play(Proceed())
        snaps.append(snapshot(game))
    assert game.state.turn.step is S.RING
    for _ in range(2):
        game.play(Step())
        snaps.append(snapshot(game))
    return snaps


def test_undo_restores_the_exact_previous_state():
    game = new_game(3, seed=15)
    before = snapshot(game)
    move = Choose(Action.EQUIPMENT)
    game.play(move)
    assert game.can_undo
    assert game.undo() == move
    assert snapshot(game) == before
    assert not game.can_undo


def test_undo_walks_back_one_move_at_a_time_inside_a_turn():
    game = new_game(2, seed=16)
    snaps = _equipment_turn(game)
    assert len(snaps) >= 4
    played = list(game.moves)
    for k in range(len(snaps) - 1, 0, -1):
        assert game.can_undo
        assert game.undo() == played[k - 1]
        assert snapshot(game) == snaps[k - 1]
    assert not game.can_undo
    with pytest.raises(IllegalMoveError):
        game.undo()


def test_undo_then_replay_a_different_move():
    game = new_game(2, seed=16)
    _equipment_turn(game)
    game.undo()
    game.play(Take())
    fresh = Game.replay(game.config, game.moves)
    assert fresh.state.to_dict() == game.state.to_dict()


def test_undo_never_reaches_back_into_the_previous_turn():
    game = new_game(3, seed=17)
    first = game.state.turn.seat
    _equipment_turn(game)
    game.play(Take())
    while game.state.turn.seat == first:
        game.play(game.legal_moves()[0])
    assert game.state.turn.step is S.CHOOSE
    assert not game.can_undo
    with pytest.raises(IllegalMoveError):
        game.undo()


def test_can_undo_is_false_at_the_start_of_every_turn():
    for seed, game in enumerate([new_game(2, seed=18), new_game(4, seed=18),
                                 solo_game(seed=18)]):
        rng = random.Random(seed)
        starts = 0
        while not game.is_over:
            step = game.state.turn.step
            if step in (S.CHOOSE, S.FINAL_CHOOSE, S.LAST_CHANCE):
                starts += 1
                assert not game.can_undo, (game.state.turn_number, step)
            game.play(rng.choice(game.legal_moves()))
        assert starts > 20
        assert not game.can_undo


def test_undo_never_crosses_a_refill_or_a_draw():
    """After a move that draws from a deck (ship or canal refill, commodity purchase,
    a reshuffle, a solo flip) the move cannot be taken back, also when the same seat
    still has decisions to make in that turn; a later move of that turn can be undone,
    but only back to the state right after the draw."""
    kinds = {"ships": 0, "canals": 0, "commodities": 0}
    walked_back = 0
    for seed, game in enumerate([new_game(2, seed=19), new_game(3, seed=19),
                                 new_game(4, seed=19), solo_game(seed=19)]):
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.state.turn.seat
            out = game.play(rng.choice(game.legal_moves()))
            if not draws(out):
                continue
            assert not game.can_undo
            same_turn = not any(isinstance(e, ev.TurnStarted) for e in out)
            if not (same_turn and not game.is_over and game.state.turn.seat == seat):
                continue
            for e in out:
                if isinstance(e, ev.DisplayRefilled) and e.drawn:
                    kinds[e.area] += 1
            after_draw = snapshot(game)
            nxt = game.play(rng.choice(game.legal_moves()))
            if draws(nxt) or any(isinstance(e, ev.TurnStarted) for e in nxt) or game.is_over:
                continue
            assert game.can_undo
            game.undo()
            assert snapshot(game) == after_draw
            assert not game.can_undo
            walked_back += 1
    assert all(kinds.values()), kinds
    assert walked_back > 0


def test_can_undo_a_ship_tile_bought_before_the_build_ends():
    game = new_game(3, seed=20)
    rng = random.Random(20)
    while not (game.state.stage is Stage.PLAY and game.state.turn.step is S.BUILD
               and game.state.turn.bought == 0):
        game.play(rng.choice(game.legal_moves()))
    before = snapshot(game)
    buy = next(m for m in game.legal_moves() if isinstance(m, Buy))
    game.play(buy)
    game.play(game.legal_moves()[0])
    assert game.can_undo
    game.undo()
    game.undo()
    assert snapshot(game) == before
    assert game.can_undo
    # now finish the build: the refill draws and closes the undo
    game.play(buy)
    game.play(game.legal_moves()[0])
    out = game.play(EndBuild())
    assert any(isinstance(e, ev.DisplayRefilled) and e.drawn for e in out)
    assert not game.can_undo


def test_buying_a_commodity_cannot_be_undone():
    game = new_game(3, seed=21)
    rng = random.Random(21)
    while BuyCommodity(0) not in game.legal_moves() or not game.can_undo:
        game.play(rng.choice(game.legal_moves()))
    assert game.state.turn.step is S.PURCHASE
    out = game.play(BuyCommodity(0))
    assert any(isinstance(e, ev.DisplayRefilled) and e.area == "commodities" for e in out)
    assert not game.can_undo
    with pytest.raises(IllegalMoveError):
        game.undo()


# -- outcome ------------------------------------------------------------------------


def test_outcome_is_none_until_the_game_is_over():
    game = new_game(3, seed=22)
    rng = random.Random(22)
    while not game.is_over:
        assert game.outcome() is None
        assert game.to_move == game.state.turn.seat
        game.play(rng.choice(game.legal_moves()))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(s.score for s in game.state.seats)
    assert outcome.guilders == tuple(s.guilders for s in game.state.seats)
    assert outcome.winners and set(outcome.winners) <= {0, 1, 2}
    best = max(outcome.scores)
    assert all(outcome.scores[w] == best for w in outcome.winners)


def test_config_validation_rejects_bad_setups():
    with pytest.raises(ValueError):
        Game(GameConfig((SeatConfig("A"),)))
    with pytest.raises(ValueError):
        Game(GameConfig((SeatConfig("A"), SeatConfig("A"))))


def test_game_speaks_the_core_decision_loop_protocol():
    """The Shipyard Game provides the game-agnostic decision loop of core/ (to_move,
    legal_moves, play/push, undo, view, outcome, JSON) that saves, bots and the
    interface are written against."""
    from shipyard_tui.core import DecisionLoop
    from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig

    game = Game(GameConfig(seats=(SeatConfig("A"), SeatConfig("B")), seed=3))
    assert isinstance(game, DecisionLoop)
    assert not isinstance(object(), DecisionLoop)


def _mutable_parts(obj: object, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict and unfrozen dataclass inside ``obj``, by identity."""
    import dataclasses

    if isinstance(obj, list | dict) or (dataclasses.is_dataclass(obj)
                                        and not obj.__dataclass_params__.frozen):  # type: ignore[union-attr]
        found[id(obj)] = obj
    if isinstance(obj, list | tuple):
        for item in obj:
            _mutable_parts(item, found)
    elif isinstance(obj, dict):
        for item in obj.values():
            _mutable_parts(item, found)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutable_parts(getattr(obj, f.name), found)
    return found


@pytest.mark.parametrize(("players", "solo"), [(2, False), (4, False), (3, True)])
def test_a_state_copy_is_the_plain_data_round_trip_and_shares_nothing_mutable(players, solo):
    """GameState.copy (the search bots' hot path) equals the copy through the plain-data
    encoding, field for field, and shares no list, dict or mutable record with the
    original, so play on the copy never changes the original."""
    from shipyard_tui.games.shipyard.rules.codec import from_data, to_data
    from shipyard_tui.games.shipyard.rules.state import GameState
    from support.invariants import random_config

    game = Game(random_config(players, 11 + players, solo=solo))
    rng = random.Random(players)
    while not game.is_over:
        state = game.state
        fast = state.copy()
        assert fast == from_data(GameState, to_data(state))
        assert fast.to_dict() == state.to_dict()
        assert not set(_mutable_parts(fast, {})) & set(_mutable_parts(state, {}))
        game.push(rng.choice(game.legal_moves()))
    before = game.state.to_dict()
    twin = Game.from_state(game.state.copy())
    twin.state.seats[0].pieces["sail"] = 99
    twin.state.market.bow_stack.clear()
    assert game.state.to_dict() == before
