"""The stand-in bot at a server table (issue 36 item 3): turned on or off later by the
players, its clock counted from the away player's turn, its moves marked in the log,
and the table's words for an away player plain. Each test here failed before its fix."""

from __future__ import annotations

import asyncio
import importlib.util
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_server_host import Client, two_seat_table

from shipyard_tui.server.host import Link, TableHost
from shipyard_tui.server.tables import PERSON, SeatPlan, Table
from support.shipyard import new_game
from support.ssh import recording_lobby
from support.ui import until


class _Closed:
    """A connection's writer that has gone: what is sent to it is dropped."""

    def is_closing(self) -> bool:
        return True


def _clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The host's clock, moved by hand (the event loop keeps its own)."""
    now = [1000.0]
    fake = SimpleNamespace(monotonic=lambda: now[0], time=time.time)
    for module in ("shipyard_tui.server.host", "shipyard_tui.server.presence"):
        if importlib.util.find_spec(module) is not None:
            monkeypatch.setattr(f"{module}.time", fake)
    return now


async def test_the_stand_in_clock_starts_when_the_away_players_turn_begins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36 item 3: Bob left while Ann took 25 s over her turn; his stand-in, set to
    30 s, moved 5 s into his turn. It now waits 30 s of his turn."""
    now = _clock(monkeypatch)
    game = new_game(2, seed=8)
    first = game.to_move
    assert first is not None
    other = 1 - first
    seats = [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")]
    if first == 1:
        seats.reverse()
    table = Table("t1", seats, stand_in=30.0, bot_delay=0.0, game=game)
    host = TableHost(tmp_path)
    host.tables["t1"] = table
    mover = Link(_Closed(), player=seats[first].player, table="t1", seat=first)  # type: ignore[arg-type]
    away = Link(_Closed(), player=seats[other].player, table="t1", seat=other)  # type: ignore[arg-type]
    host.links |= {mover, away}
    host.links.discard(away)
    host._left(away)  # Bob leaves during Ann's turn
    assert host._due(table) is None  # Ann is here: her decision
    now[0] += 25
    while game.to_move == first:
        host._commit(table, game, game.legal_moves()[0])
    assert game.to_move == other
    assert host._due(table) == pytest.approx(30.0)
    assert not host._describe(table)["seats"][other]["stand_in"]
    now[0] += 29
    assert host._due(table) == pytest.approx(1.0)
    now[0] += 1
    assert host._due(table) == 0.0
    assert host._describe(table)["seats"][other]["stand_in"]
    for task in host._drivers.values():
        task.cancel()


async def test_players_turn_the_stand_in_on_and_off_later(host: TableHost) -> None:
    """Issue 36 item 3: the stand-in could only be chosen when the table was opened.
    A player at the table may now turn it on or off; nobody else may."""
    ann, bob, table = await two_seat_table(host)
    assert host.tables[table].stand_in is None
    cid = await Client.open(host, player="Cid")
    await cid.send({"op": "stand_in", "table": table, "seconds": 60})
    assert "only the players" in (await cid.expect("error"))["message"]
    await bob.send({"op": "stand_in", "table": table, "seconds": 60})
    await bob.expect("game", lambda m: m["lobby"]["stand_in"] == 60)
    assert host.tables[table].stand_in == 60.0
    assert Table.from_json(host.tables[table].to_json()).stand_in == 60.0
    await ann.send({"op": "stand_in", "table": table, "seconds": None})
    await ann.expect("game", lambda m: m["lobby"]["stand_in"] is None)
    assert host.tables[table].stand_in is None
    await ann.send({"op": "stand_in", "table": table, "seconds": "soon"})
    assert "seconds" in (await ann.expect("error"))["message"]
    for client in (ann, bob, cid):
        await client.close()


async def test_s_in_the_lobby_goes_round_the_stand_in_times() -> None:
    from shipyard_tui.ui.showcase import settle

    app, sent = recording_lobby()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # Ann's table, with no stand-in
        await pilot.press("down", "down", "s")  # Eva's: not Ann's
        await settle(pilot)
        assert sent == [{"op": "stand_in", "table": "3f9a1c", "seconds": 60.0}]
        said = [n.message for n in app._notifications]
        assert "after 1 minute" in said[0] and "Only the players" in said[1]


def test_the_words_for_an_away_player_are_plain() -> None:
    """Issue 36 item 3: the table said "waiting for (away) Bob"."""
    from shipyard_tui.server.lobby import seat_text
    from shipyard_tui.server.table_screen import who_decides

    bob = {"name": "Bob", "kind": "person", "level": "", "player": "Bob",
           "present": False, "stand_in": False}
    seats = [{"kind": "person", "present": True}, bob]
    assert who_decides({"seats": seats, "stand_in": None}, 1, "Bob") == \
        "waiting for Bob (away)"
    assert who_decides({"seats": seats, "stand_in": 60.0}, 1, "Bob") == \
        "Bob is away (a bot plays for Bob after 1 minute of the turn)"
    assert who_decides({"seats": [seats[0], {**bob, "stand_in": True}]}, 1, "Bob") == \
        "a bot stands in for Bob"
    assert who_decides({"seats": seats}, 0, "Ann") == "waiting for Ann"
    assert seat_text(bob, True, stand_in=300.0).plain == \
        "Bob (away: a bot plays after 5 minutes of the turn) ◀"


async def test_the_stand_ins_moves_are_marked_in_the_log(host: TableHost) -> None:
    """Issue 36 item 3: the moves a stand-in played for Bob read in the log as if Bob
    had played them. They now say who played them, at every seat and after a restart
    of the table's file."""
    from textual.app import App

    from shipyard_tui.games.shipyard.ui.widgets.game_log import GameLog
    from shipyard_tui.server.remote import RemoteModel
    from shipyard_tui.server.table_screen import remote_screen
    from shipyard_tui.ui.showcase import settle

    ann, bob, table_id = await two_seat_table(host)
    table = host.tables[table_id]
    table.bot_delay = 0.0
    await ann.send({"op": "stand_in", "table": table_id, "seconds": 0})
    await ann.expect("game", lambda m: m["lobby"]["stand_in"] == 0)
    await bob.close()
    game = table.game
    assert game is not None
    stood_in_for_bob = False
    for _ in range(400):
        if game.to_move == 0:
            if stood_in_for_bob:
                break
            await ann.send({"op": "play", "table": table_id,
                            "move": str(game.legal_moves()[0])})
            await ann.expect("game", lambda m: "state" in m)
        else:
            stood_in_for_bob = True
            await asyncio.sleep(0.02)
    assert stood_in_for_bob and game.to_move == 0
    await ann.send({"op": "lobby"})
    await ann.expect("lobby")  # every message before it read
    games = [m for m in ann.inbox if m["op"] == "game" and "state" in m]
    model = RemoteModel(lambda message: None, table_id, 0, games[0])
    for message in games[1:]:
        model.apply(message)
    marked = [i for i in range(len(model.game.events)) if model.log_note(i)]
    assert marked and model.log_note(marked[0]) == " (played by the stand-in for Bob)"
    assert not model.log_note(0)
    assert Table.from_json(table.to_json()).stood_in == table.stood_in
    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(remote_screen(model))
        await settle(pilot)
        await until(pilot, lambda: bool(app.screen.query(GameLog)))
        log = app.screen.query_one(GameLog)
        await until(pilot, lambda: bool(log._entries))
        assert any(entry.endswith("(played by the stand-in for Bob)") and "Bob" in entry
                   for entry in log._entries)
        assert not any("stand-in" in entry for entry in log._entries
                       if entry.startswith("Ann"))
    await ann.close()
