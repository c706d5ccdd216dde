"""One table screen for every game (issue 33): Nauticus plays through the observable
model as Shipyard does (its widgets subscribe, its moves and takebacks go through
``model.play``/``model.undo``, so revision and autosave work alike), and both tables
let a bot move now with ``space``."""

from __future__ import annotations

import random

import pytest

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.ui.screen import NauticusScreen
from shipyard_tui.games.nauticus.ui.widgets import SeatsPanel, SupplyPanel, WheelPanel
from shipyard_tui.games.shipyard.rules import Game, GameConfig
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.model import ChangeKind, GameModel
from shipyard_tui.saves import SaveStore, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.table import TableScreen
from support.ui import settle, until

LONG_PAUSE = 60.0
"""A bot's pause no test waits out: only ``space`` makes the bot move in time."""


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    return SaveStore()


def nauticus_bot_to_move() -> NauticusGame:
    """Ann (a person) and Bea (a bot); Bea decides next."""
    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bea", SeatKind.BOT, "greedy")),
                            seed=3)
    game = NauticusGame(config)
    rng = random.Random(3)
    while game.to_move != 1:
        game.push(rng.choice(game.legal_moves()))
    return game


def shipyard_bot_to_move() -> Game:
    """Ann (a person) and Bob (a bot); Bob decides next."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=8)
    game = Game(config)
    rng = random.Random(8)
    while game.to_move != 1:
        game.push(rng.choice(game.legal_moves()))
    return game


async def test_the_nauticus_table_plays_through_the_model(store):
    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bea", SeatKind.BOT, "greedy")),
                            seed=12)
    app = ShipyardApp(config=config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        screen = app.screen
        assert isinstance(screen, NauticusScreen) and isinstance(screen, TableScreen)
        assert isinstance(model, GameModel) and screen.model is model
        game = model.game
        assert isinstance(game, NauticusGame) and app.playing is game
        # the widgets draw the model's view, not a state the screen hands down
        for widget in (screen.query_one(WheelPanel), screen.query_one(SeatsPanel),
                       screen.query_one(SupplyPanel)):
            assert widget.model is model
        await until(pilot, lambda: game.to_move == 0)
        changes = []
        model.subscribe(changes.append)
        revision, played = model.revision, len(game.moves)
        await pilot.press("enter")
        await until(pilot, lambda: len(game.moves) > played)
        assert model.revision > revision
        assert changes and changes[0].kind is ChangeKind.MOVE
        # the commit hook autosaved the move before the next decision
        assert len(load(app.game_file.path).game.moves) >= played + 1
        if game.to_move == 0 and game.can_undo:
            await pilot.press("u")
            await settle(pilot)
            assert any(c.kind is ChangeKind.UNDO for c in changes)
            assert len(load(app.game_file.path).game.moves) == len(game.moves)


@pytest.mark.parametrize("make", [nauticus_bot_to_move, shipyard_bot_to_move],
                         ids=["nauticus", "shipyard"])
async def test_space_lets_the_bot_move_now_at_every_table(store, make):
    game = make()
    played = len(game.moves)
    app = ShipyardApp(game=game, bot_delay=LONG_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NauticusScreen | GameScreen)
        assert len(game.moves) == played  # the bot waits out its pause
        await pilot.press("space")
        await until(pilot, lambda: len(game.moves) > played)
        assert game.moves[played:]


def test_the_model_holds_a_nauticus_game_as_it_holds_shipyard_s():
    """Headless: the one model plays, drops a stale move, runs the commit hooks, tells
    its listeners and takes back, for a Nauticus game through its kind."""
    from shipyard_tui import games

    config = NauticusConfig((SeatConfig("Ann"), SeatConfig("Bo")), seed=7)
    game = NauticusGame(config)
    model = GameModel(game)
    assert model.kind is games.kind("nauticus")
    assert model.viewer is None and model.humans == [0, 1]  # hot seat: nobody yet
    saved: list[int] = []
    model.commit_hooks.append(lambda m: saved.append(len(m.game.moves)))
    changes = []
    model.subscribe(changes.append)
    move = model.legal_moves()[0]
    model.play(move)
    assert model.revision == 1 and saved == [1]
    assert changes[-1].kind is ChangeKind.MOVE and changes[-1].move == move
    assert changes[-1].events and list(changes[-1].events) == game.events[-len(changes[-1].events):]
    assert model.before is None  # Nauticus plays no turns by itself after a move
    assert model.play(model.legal_moves()[0], at=0) == []  # chosen before the change
    assert len(game.moves) == 1 and model.revision == 1
    assert model.visible_events() == game.events_for(None)
    assert model.can_undo  # the same seat decides again
    assert model.undo() == move
    assert model.revision == 2 and saved == [1, 0] and changes[-1].kind is ChangeKind.UNDO


@pytest.fixture
def asked(monkeypatch) -> list[object]:
    """The move a bot chose at each decision it was asked for, in order (the seat
    driver's ``decide``)."""
    from shipyard_tui.core import SeatDriver

    seen: list[object] = []
    decide = SeatDriver.decide

    def counted(self: SeatDriver, decision: object) -> object:  # type: ignore[type-arg]
        move = decide(self, decision)  # type: ignore[arg-type]
        seen.append(move)
        return move

    monkeypatch.setattr(SeatDriver, "decide", counted)
    return seen


@pytest.mark.parametrize("make", [nauticus_bot_to_move, shipyard_bot_to_move],
                         ids=["nauticus", "shipyard"])
async def test_a_bot_thinks_during_its_pause_and_moves_when_it_ends(store, make, asked):
    """Issue 37: a bot's thinking and its pause overlap (the expert's second a decision
    is spent while people read the move before): with a pause no test waits out, the
    bot has already decided, and ``space`` shows that move without its thinking again."""
    game = make()
    played = len(game.moves)
    app = ShipyardApp(game=game, bot_delay=LONG_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(asked) == 1  # thought over at once …
        assert len(game.moves) == played  # … and held for the pause
        await pilot.press("space")
        await until(pilot, lambda: len(game.moves) > played)
        assert game.moves[played] == asked[0]  # the move it held


async def test_a_move_thought_for_a_position_since_changed_is_dropped(store, asked):
    """The position changes while a bot's move waits out the pause (here the model
    plays a move for the bot's seat directly): the held move is dropped, not played on
    top of it, and the bot thinks again for the new position."""
    game = shipyard_bot_to_move()
    played = len(game.moves)
    app = ShipyardApp(game=game, bot_delay=LONG_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.model is not None
        assert len(asked) == 1 and len(game.moves) == played
        legal = game.legal_moves()
        app.model.play(legal[-1])
        await settle(pilot)
        assert game.moves[played:] == [legal[-1]]  # nothing on top of it
        assert game.to_move == 1  # Bob's turn goes on (a Choose is followed by more) …
        assert len(asked) == 2  # … and he thought again, for it
        assert screen.bots.hurry()
        await until(pilot, lambda: len(game.moves) > played + 1)
        replayed = Game.replay(game.config, game.moves)
        assert replayed.state.to_dict() == game.state.to_dict()
