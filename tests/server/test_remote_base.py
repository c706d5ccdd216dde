"""A connection's model of its table reads the host's messages the same way for both
games (server/remote_base.py, issue 11): a first view, events that go on from where the
last message stopped, a lobby-only message that changes nothing, the whole game at the
end. Messages are made by the host's own ``game_message``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.shipyard.rules import DecisionStep, Game
from shipyard_tui.games.shipyard.rules.moves import NoBonus
from shipyard_tui.model import ChangeKind
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.remote import RemoteGame, RemoteModel
from shipyard_tui.server.tables import PERSON, SeatPlan, Table
from support.nauticus import config as nauticus_config
from support.shipyard import new_game


def _table(game: Game | NauticusGame) -> Table:
    seats = [SeatPlan(PERSON, player=name) for name in ("Ann", "Bob")]
    return Table("t1", seats, game=game,
                 game_name="nauticus" if isinstance(game, NauticusGame) else "shipyard")


def _sent() -> tuple[list[dict[str, Any]], Any]:
    sent: list[dict[str, Any]] = []
    return sent, sent.append


def _advance(game: Game | NauticusGame, rng: random.Random, until: Any) -> None:
    while not game.is_over and not until(game):
        game.play(rng.choice(game.legal_moves()))


def test_a_shipyard_seat_follows_the_host_message_by_message(tmp_path: Path) -> None:
    """R-11.1: the seat's view and its events; the events of the next message go on
    from the last; a ``pass`` offered after the action is read as NoBonus (R-3.4)."""
    host = TableHost(tmp_path)
    game = new_game(2, seed=4)
    table = _table(game)
    sent, send = _sent()
    model = RemoteModel(send, "t1", 0, host.game_message(table, 0))
    changes: list[Any] = []
    model.subscribe(changes.append)
    assert isinstance(model.game, RemoteGame)
    assert model.game.state.to_dict() == game.view(0).to_dict()
    assert model.game.legal_moves() == game.legal_moves()
    assert model.game.events == game.events_for(0)
    rng = random.Random(4)
    _advance(game, rng, lambda g: g.state.turn.step is DecisionStep.BONUS_AFTER
             and g.to_move == 0)
    assert not game.is_over
    before = len(model.game.events)
    model.apply(host.game_message(table, 0, events_from=before))
    assert model.game.events == game.events_for(0)
    assert [c.kind for c in changes] == [ChangeKind.MOVE]
    assert list(changes[-1].events) == game.events_for(0)[before:]
    assert NoBonus() in model.game.legal_moves()
    assert model.game.legal_moves() == game.legal_moves()
    model.apply({"op": "game", "table": "t1", "lobby": {"state": "playing", "x": 1}})
    assert len(changes) == 1 and model.lobby == {"state": "playing", "x": 1}
    model.apply(host.game_message(table, 0, events_from=0))
    assert changes[-1].kind is ChangeKind.LOAD
    _advance(game, rng, lambda g: False)
    model.apply(host.game_message(table, 0, events_from=len(model.game.events)))
    assert isinstance(model.game, Game) and model.game.is_over
    assert changes[-1].kind is ChangeKind.LOAD
    assert model.game.moves == game.moves
    assert sent == []


def test_a_nauticus_seat_follows_the_host_message_by_message(tmp_path: Path) -> None:
    host = TableHost(tmp_path)
    game = NauticusGame(nauticus_config(2, seed=5))
    table = _table(game)
    sent, send = _sent()
    model = RemoteModel(send, "t1", 1, host.game_message(table, 1))
    restarts: list[bool] = []  # whether each change starts the event list over
    model.subscribe(lambda change: restarts.append(change.kind is ChangeKind.LOAD))
    assert isinstance(model.game, RemoteGame)
    assert model.game.state.to_dict() == game.view(1).to_dict()
    assert model.game.events == game.events_for(1)
    rng = random.Random(5)
    _advance(game, rng, lambda g: g.to_move == 1 and len(g.moves) > 3)
    assert not game.is_over
    before = len(model.game.events)
    model.apply(host.game_message(table, 1, events_from=before))
    assert restarts == [False]
    assert model.game.events == game.events_for(1)
    assert model.game.legal_moves() == game.legal_moves()
    assert model.my_turn
    revision = model.revision
    model.apply({"op": "game", "table": "t1", "lobby": {"state": "playing"}})
    assert model.revision == revision and restarts == [False]
    assert isinstance(model.game, RemoteGame)
    model.play(model.game.legal_moves()[0])
    assert sent == [{"op": "play", "table": "t1", "move": str(game.legal_moves()[0])}]
    _advance(game, rng, lambda g: False)
    model.apply(host.game_message(table, 1, events_from=len(model.game.events)))
    assert restarts == [False, True]
    assert isinstance(model.game, NauticusGame) and model.game.is_over
