"""The server's tables play any game of the registry through the game seam alone
(issue 33): the tests' tiny third game, Beacons, plugged in by the environment
variable, is opened, played at the seat to move only, seen by each seat as its own
view, played by its bots, archived, and back after a restart — with no line of the
server naming it. The new-table dialog's ``g`` goes round every game."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_server_host import Client

from beacons.rules import BeaconsGame
from shipyard_tui import games
from shipyard_tui.saves import load
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.tables import plan_seats


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


async def test_a_beacons_table_is_played_through_the_host(beacons: None,
                                                          tmp_path: Path) -> None:
    host = TableHost(tmp_path / "server")
    await host.start()
    ann = await Client.open(host, player="Ann")
    bob = await Client.open(host, player="Bob")
    await ann.send({"op": "create", "game": "beacons", "seats": ["me", "open"]})
    waiting = await ann.expect("game")
    table_id = waiting["table"]
    assert waiting["lobby"]["game"] == "beacons"
    assert waiting["lobby"]["rules"] == "Beacons, 2 seats"
    await bob.send({"op": "join", "table": table_id})
    first = await ann.expect("game", lambda m: "state" in m)
    game = host.tables[table_id].game
    assert isinstance(game, BeaconsGame)
    # each seat sees its own hand only (the others' cards are sent as 0s)
    assert first["state"]["hands"][0] == game.state.hands[0]
    assert first["state"]["hands"][1] == [0] * len(game.state.hands[1])
    clients = (ann, bob)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        mover, other = clients[seat], clients[1 - seat]
        legal = [str(m) for m in game.legal_moves()]
        await other.send({"op": "play", "table": table_id, "move": legal[0]})
        assert "not your turn" in (await other.expect("error"))["message"]
        played = len(game.moves)
        await mover.send({"op": "play", "table": table_id, "move": legal[-1]})
        await mover.expect("game", lambda m, played=played: len(game.moves) > played)
    final = await ann.expect("game", lambda m: "final" in m)
    assert BeaconsGame.from_json(final["final"]).state.scores == game.state.scores
    archived = load(host.store.finished / f"{host.tables[table_id].game_id}.json")
    assert archived.info.game_name == "beacons"
    lobby = host.lobby_message()["tables"][0]
    assert lobby["state"] == "over" and lobby["scores"] == game.state.scores
    for client in clients:
        await client.close()
    await host.close()


async def test_bots_play_a_beacons_table_and_it_survives_a_restart(
        beacons: None, tmp_path: Path) -> None:
    folder = tmp_path / "server"
    first = TableHost(folder)
    await first.start()
    ann = await Client.open(first, player="Ann")
    await ann.send({"op": "create", "game": "beacons", "seats": ["me", "bot:sensible"],
                    "stand_in": 0, "stand_in_level": "sensible", "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    await ann.send({"op": "leave"})  # away: the stand-in plays Ann's seat too
    table = first.tables[message["table"]]
    assert table.seats[1].level == "careful" and table.stand_in_level == "careful"
    for _ in range(400):
        if table.game is not None and table.game.is_over:
            break
        await asyncio.sleep(0.02)
    assert table.game is not None and table.game.is_over
    moves = [str(m) for m in table.game.moves]
    await ann.close()
    await first.close()
    second = TableHost(folder)
    await second.start()
    again = second.tables[table.table_id]
    assert again.game_name == "beacons" and isinstance(again.game, BeaconsGame)
    assert [str(m) for m in again.game.moves] == moves
    await second.close()


def test_a_beacons_table_takes_its_own_levels_and_no_solo(beacons: None) -> None:
    assert plan_seats(["me", "bot:beginner"], "Ann", "beacons")[1].level == "random"
    with pytest.raises(ValueError, match="bot:sensible"):
        plan_seats(["me", "bot:strong"], "Ann", "beacons")
    with pytest.raises(ValueError, match="only Shipyard has a solo game"):
        plan_seats(["me", "automa", "automa"], "Ann", "beacons")
    with pytest.raises(ValueError, match="shipyard or nauticus or beacons"):
        plan_seats(["me", "open"], "Ann", "chess")


def test_the_new_table_dialog_goes_round_every_game(beacons: None) -> None:
    from shipyard_tui.server.lobby import NewTableScreen

    screen = NewTableScreen()
    seen = [screen.game]
    for _ in range(3):
        screen.game = screen._next_game()
        seen.append(screen.game)
    assert seen == ["shipyard", "nauticus", "beacons", "shipyard"]
    screen.game = "beacons"
    labels = [str(option.prompt) for option in screen._options()]
    assert not any(label.startswith("Rules") for label in labels)  # one rule book
