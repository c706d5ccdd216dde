"""The table host over its Unix socket: who may do what, and what each seat is told."""

from __future__ import annotations

import asyncio
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from shipyard_tui.games.shipyard.bots import GreedyBot, PlannerBot, StrongBot
from shipyard_tui.games.shipyard.rules import Game, GameState
from shipyard_tui.games.shipyard.rules.view import is_hidden
from shipyard_tui.saves import AnyGame
from shipyard_tui.server.host import Link, TableHost
from shipyard_tui.server.protocol import MAX_LINE, encode, read_message
from shipyard_tui.server.tables import Table, plan_seats


class Client:
    """A raw connection to the host's socket, as any local process could open."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.inbox: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, host: TableHost, **hello: str) -> Client:
        reader, writer = await asyncio.open_unix_connection(str(host.socket_path),
                                                            limit=MAX_LINE)
        client = cls(reader, writer)
        if hello:
            await client.send({"op": "hello", **hello})
            await client.expect("lobby")
        return client

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def expect(self, op: str, where=lambda m: True) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        while True:
            message = await asyncio.wait_for(read_message(self.reader), 10)
            assert message is not None, "the host closed the connection"
            self.inbox.append(message)
            if message["op"] == op and where(message):
                return message

    async def close(self) -> None:
        self.writer.close()


async def two_seat_table(host: TableHost) -> tuple[Client, Client, str]:
    ann = await Client.open(host, player="Ann")
    bob = await Client.open(host, player="Bob")
    await ann.send({"op": "create", "seats": ["me", "open"]})
    waiting = await ann.expect("game")
    table = waiting["table"]
    assert "state" not in waiting, "no game before every seat is taken"
    await bob.send({"op": "join", "table": table})
    await ann.expect("game", lambda m: "state" in m)
    await bob.expect("game", lambda m: "state" in m)
    return ann, bob, table


def test_the_socket_is_the_owners_only(host: TableHost) -> None:
    mode = host.socket_path.stat().st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) == 0o600
    assert stat.S_IMODE(host.folder.stat().st_mode) == 0o700


async def test_nobody_can_play_another_seats_move(host: TableHost) -> None:
    """The host checks who sends each move: Bob cannot play Ann's turn, not even by
    naming her table, and a connection that never said hello can do nothing."""
    ann, bob, table = await two_seat_table(host)
    game = host.tables[table].game
    assert game is not None
    mover, other = (ann, bob) if game.to_move == 0 else (bob, ann)
    legal = [str(m) for m in game.legal_moves()]
    await other.send({"op": "play", "table": table, "move": legal[0]})
    error = await other.expect("error")
    assert "not your turn" in error["message"]
    await other.send({"op": "undo", "table": table})
    await other.expect("error")
    stranger = await Client.open(host)
    await stranger.send({"op": "play", "table": table, "move": legal[0]})
    assert "hello" in (await stranger.expect("error"))["message"]
    watcher = await Client.open(host, player="Cid")
    await watcher.send({"op": "watch", "table": table})
    await watcher.expect("game")
    await watcher.send({"op": "play", "table": table, "move": legal[0]})
    assert "do not sit" in (await watcher.expect("error"))["message"]
    assert game.moves == []
    await mover.send({"op": "play", "table": table, "move": legal[0]})
    await mover.expect("game", lambda m: m.get("events_from", 0) > 0)
    assert [str(m) for m in game.moves] == [legal[0]]
    for client in (ann, bob, stranger, watcher):
        await client.close()


async def test_each_seat_is_sent_only_its_own_contracts(host: TableHost) -> None:
    """R-11.1: the state each connection gets hides the other seat's contracts, and a
    watcher sees nobody's; legal moves go to the seat to move only."""
    ann, bob, table = await two_seat_table(host)
    game = host.tables[table].game
    assert game is not None
    watcher = await Client.open(host, player="Cid")
    await watcher.send({"op": "watch", "table": table})
    seen = {0: ann.inbox[-1], 1: bob.inbox[-1], None: await watcher.expect("game")}
    for seat, message in seen.items():
        view = GameState.from_dict(message["state"])
        for i, hand in enumerate(view.seats):
            if i == seat:
                assert hand.contracts == game.state.seats[i].contracts
            else:
                assert hand.contracts and all(is_hidden(c) for c in hand.contracts)
        dealt = [e for e in message["events"] if e["type"] == "ContractsDealt"]
        assert len(dealt) == 2
        for event in dealt:
            assert bool(event["contracts"]) == (event["seat"] == seat)
        assert message["events"][0]["type"] == "GameStarted"
        assert message["events"][0]["seed"] is None
        assert bool(message["legal"]) == (seat == game.to_move)
    for client in (ann, bob, watcher):
        await client.close()


async def test_a_player_who_comes_back_sits_at_their_seat(host: TableHost) -> None:
    ann, bob, table = await two_seat_table(host)
    await bob.close()
    again = await Client.open(host, player="Bob")
    message = await again.expect("game")
    assert message["table"] == table and message["seat"] == 1
    await ann.close()
    await again.close()


def holding(host: TableHost, table: str, seat: int) -> list[Link]:
    """The connections the host lets decide for ``seat`` of ``table``."""
    return [link for link in host.links if link.table == table and link.seat == seat]


async def moved_on(game: AnyGame, moves: int) -> None:
    """Wait until the host has played past ``moves`` moves."""
    for _ in range(200):
        if len(game.moves) > moves:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the move was not played")


async def test_a_player_connecting_again_takes_their_seat_over(host: TableHost) -> None:
    """Two connections of one player both decided for the seat (the newer one's Enter
    sat it down beside the older one). Now the newer connection gets the seat as it
    says hello, the older one is told and sent to the lobby, its moves are refused, and
    sitting down there takes the seat back the same way."""
    ann, bob, table = await two_seat_table(host)
    game = host.tables[table].game
    assert game is not None
    [first] = holding(host, table, 0)
    again = await Client.open(host, player="Ann")
    seated = await again.expect("game")
    assert seated["table"] == table and seated["seat"] == 0 and "state" in seated
    told = await ann.expect("taken_over")
    assert told["table"] == table and "from another terminal" in told["message"]
    await ann.expect("lobby")
    assert first.table is None and len(holding(host, table, 0)) == 1
    assert first not in holding(host, table, 0)
    assert host.lobby_message()["tables"][0]["seats"][0]["present"]
    while game.to_move != 0:
        played = len(game.moves)
        await bob.send({"op": "play", "table": table, "move": str(game.legal_moves()[0])})
        await moved_on(game, played)
    played = len(game.moves)
    legal = str(game.legal_moves()[0])
    await ann.send({"op": "play", "table": table, "move": legal})
    assert "do not sit" in (await ann.expect("error"))["message"]
    assert len(game.moves) == played
    await again.send({"op": "play", "table": table, "move": legal})
    await moved_on(game, played)
    assert str(game.moves[-1]) == legal
    await ann.send({"op": "join", "table": table})
    assert (await ann.expect("game"))["seat"] == 0
    assert (await again.expect("taken_over"))["table"] == table
    assert holding(host, table, 0) == [first]
    for client in (ann, bob, again):
        await client.close()


async def test_coming_back_takes_a_seat_nobody_holds_before_a_held_one(
        host: TableHost) -> None:
    """A player at two running tables, one of them in a terminal still open: a new
    connection sits down at the other one and leaves that terminal alone."""
    ann = await Client.open(host, player="Ann")
    tables = []
    for _ in range(2):
        await ann.send({"op": "create", "seats": ["me", "bot:random"], "bot_delay": 0})
        opened = await ann.expect("game", lambda m: "state" in m and m["table"] not in tables)
        tables.append(opened["table"])
    away, held = tables
    assert [link.table for link in host.links] == [held]
    again = await Client.open(host, player="Ann")
    assert (await again.expect("game"))["table"] == away
    assert len(holding(host, away, 0)) == 1 and len(holding(host, held, 0)) == 1
    await ann.send({"op": "lobby"})
    await ann.expect("lobby")
    assert "taken_over" not in [m["op"] for m in ann.inbox]
    await ann.close()
    await again.close()


async def test_the_older_terminal_goes_back_to_the_lobby_and_says_why(
        host: TableHost) -> None:
    """The session app of the connection that lost its seat: it leaves the table for
    the lobby with the reason on screen, and Enter there sits it back down."""
    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.server.lobby import LobbyScreen
    from shipyard_tui.server.session import SessionApp
    from shipyard_tui.server.table_screen import at_server
    from support.ui import until

    app = SessionApp(host.socket_path, player="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("right", "enter")  # seat 2: a beginner bot
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and at_server(app.screen))
        table = next(iter(host.tables))
        again = await Client.open(host, player="Ann")
        assert (await again.expect("game"))["seat"] == 0
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.model is None
        await until(pilot, lambda: any("from another terminal" in n.message
                                       for n in app._notifications))
        [link] = holding(host, table, 0)
        assert link.player == "Ann" and link.writer is not app._writer
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and at_server(app.screen))
        assert not app._notifications, "the notice is the lobby's: the seat is back"
        assert (await again.expect("taken_over"))["table"] == table
        await until(pilot, lambda: len(holding(host, table, 0)) == 1
                    and holding(host, table, 0)[0].writer is not again.writer)
        await again.close()
    assert app.problem is None


async def test_a_bot_stands_in_for_an_away_player_and_hands_back(host: TableHost) -> None:
    """With a stand-in time, a bot plays the seat of a person who left; when they come
    back the seat is theirs again and the bot stops."""
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:random"], "stand_in": 0,
                    "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    table = message["table"]
    game = host.tables[table].game
    assert game is not None
    await ann.close()
    for _ in range(200):
        if len(game.moves) >= 30:
            break
        await asyncio.sleep(0.05)
    assert len(game.moves) >= 30, "the stand-in did not play"
    again = await Client.open(host, player="Ann")
    await again.expect("game")
    for _ in range(200):
        if game.to_move == 0:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    assert game.to_move == 0, "the bot went on playing Ann's seat"
    await again.close()


async def test_bots_play_a_table_to_the_end_and_it_is_archived(host: TableHost) -> None:
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:random"], "stand_in": 0,
                    "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    await ann.send({"op": "leave"})
    final = None
    for _ in range(600):
        table = host.tables[message["table"]]
        if table.game is not None and table.game.is_over:
            final = table.game
            break
        await asyncio.sleep(0.05)
    assert final is not None
    archived = host.store.finished / f"{table.game_id}.json"
    assert archived.exists()
    assert Game.replay(final.config, final.moves).state.to_dict() == final.state.to_dict()
    await ann.close()


async def test_tables_and_names_survive_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    first = TableHost(folder, open_names=True)
    await first.start()
    key = await Client.open(first)
    await key.send({"op": "hello", "fingerprint": "SHA256:abc"})
    assert (await key.expect("welcome")).get("need_name")
    await key.send({"op": "claim", "name": "Dora"})
    assert (await key.expect("welcome"))["player"] == "Dora"
    other = await Client.open(first)
    await other.send({"op": "hello", "fingerprint": "SHA256:xyz"})
    await other.expect("welcome")
    await other.send({"op": "claim", "name": "dora"})
    assert "taken" in (await other.expect("error"))["message"]
    await key.send({"op": "create", "seats": ["me", "bot:greedy"], "bot_delay": 5})
    await key.expect("game", lambda m: "state" in m)
    await key.close()
    await other.close()
    await first.close()
    second = TableHost(folder, open_names=True)
    await second.start()
    back = await Client.open(second)
    await back.send({"op": "hello", "fingerprint": "SHA256:abc"})
    assert (await back.expect("welcome"))["player"] == "Dora"
    assert [t.seats[0].player for t in second.tables.values()] == ["Dora"]
    assert all(t.game is not None for t in second.tables.values())
    await back.close()
    await second.close()


async def test_a_restart_clears_the_temporary_files_of_a_killed_server(tmp_path: Path) -> None:
    """A server killed mid-save leaves ``.tmp-PID-….json`` files (a hard link to the
    previous autosave among them); the next start removes them and keeps the games."""
    import subprocess
    import sys

    from shipyard_tui.saves import TEMP_PREFIX

    folder = tmp_path / "server"
    first = TableHost(folder, open_names=True)
    await first.start()
    ann = await Client.open(first, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:greedy"], "bot_delay": 5})
    await ann.expect("game", lambda m: "state" in m)
    await ann.close()
    await first.close()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)
    autosave = next(first.store.saves.glob("autosave-*.json"))
    strays = [first.store.saves / f"{TEMP_PREFIX}{dead}-link.json",
              folder / f"{TEMP_PREFIX}{dead}-tables.json"]
    for stray in strays:
        stray.write_bytes(autosave.read_bytes())
    second = TableHost(folder, open_names=True)
    await second.start()
    assert [s for s in strays if s.exists()] == []
    assert autosave.exists()
    assert all(t.game is not None for t in second.tables.values())
    await second.close()


def test_seat_plans_say_what_is_wrong() -> None:
    assert [s.kind for s in plan_seats(["me", "open", "bot:greedy"], "Ann")] == \
        ["person", "person", "bot"]
    for bad in (["me"], ["open", "open"], ["me", "bot:nobody"], ["me"] * 5):
        with pytest.raises(ValueError):
            plan_seats(bad, "Ann")
    with pytest.raises(ValueError, match="bot:beginner, bot:sensible, bot:strong"):
        plan_seats(["me", "bot:grandmaster"], "Ann")


def test_seat_plans_take_the_level_names_players_see() -> None:
    """beginner, sensible and strong (issue 13) name the greedy, planner and strong bots;
    the plan keeps the bot level, as a game's seat configuration does."""
    seats = plan_seats(["me", "bot:beginner", "bot:Sensible", "bot:strong"], "Ann")
    assert [s.level for s in seats[1:]] == ["greedy", "planner", "strong"]
    assert [s.level for s in plan_seats(["me", "bot:planner"], "Ann")[1:]] == ["planner"]


async def test_the_stand_in_plays_at_the_level_the_table_was_opened_with(
        host: TableHost) -> None:
    """A table opened with a stand-in level: the bot that plays for an away person is of
    that level; the level is in the lobby and survives in tables.json."""
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:beginner"], "stand_in": 0,
                    "stand_in_level": "sensible", "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    table = host.tables[message["table"]]
    assert table.stand_in_level == "planner"
    assert Table.from_json(table.to_json()).stand_in_level == "planner"
    assert host.lobby_message()["tables"][0]["stand_in_level"] == "planner"
    game = table.game
    assert game is not None
    await ann.close()
    for _ in range(400):
        if (table.table_id, 0) in host._stand_ins and table.table_id in host._seat_drivers:
            break
        await asyncio.sleep(0.05)
    assert isinstance(host._stand_ins.get((table.table_id, 0)), PlannerBot)
    seat_bot = host._seat_drivers[table.table_id].bots[1]
    assert isinstance(seat_bot, GreedyBot) and not isinstance(seat_bot, PlannerBot)


async def test_a_strong_bot_seat_plays_and_an_unknown_stand_in_level_is_refused(
        host: TableHost) -> None:
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:strong"],
                    "stand_in_level": "grandmaster"})
    assert "stand_in_level" in (await ann.expect("error"))["message"]
    assert not host.tables
    await ann.send({"op": "create", "seats": ["me", "bot:strong"], "stand_in": 0,
                    "stand_in_level": "beginner", "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    table = host.tables[message["table"]]
    assert [s.level for s in table.seats] == ["", "strong"]
    game = table.game
    assert game is not None
    await ann.close()
    for _ in range(1200):
        if table.table_id in host._seat_drivers and game.state.seats[1].turns >= 1:
            break
        await asyncio.sleep(0.05)
    assert isinstance(host._seat_drivers[table.table_id].bots[1], StrongBot)
    assert game.state.seats[1].turns >= 1, "the strong bot did not play its turn"


async def test_names_from_the_players_file_cannot_be_picked(tmp_path: Path) -> None:
    host = TableHost(tmp_path / "server", open_names=True, reserved={"Ann"})
    await host.start()
    try:
        key = await Client.open(host)
        await key.send({"op": "hello", "fingerprint": "SHA256:new"})
        await key.expect("welcome")
        await key.send({"op": "claim", "name": "ANN"})
        assert "taken" in (await key.expect("error"))["message"]
        await key.send({"op": "claim", "name": "Bot 2"})
        await key.expect("welcome", lambda m: m.get("player") == "Bot 2")
        await key.send({"op": "create", "seats": ["me", "bot:random"]})
        assert "would be called" in (await key.expect("error"))["message"]
        assert host.tables == {}
        await key.close()
    finally:
        await host.close()


async def test_the_lobby_names_each_tables_game(host: TableHost) -> None:
    """A play-test read "2 seats" for a Shipyard table beside "Nauticus, 2 seats"."""
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:random"]})
    await ann.expect("game", lambda m: "state" in m)
    await ann.send({"op": "create", "seats": ["me", "bot:random", "open"],
                    "game": "nauticus"})
    await ann.expect("lobby", lambda m: len(m["tables"]) == 2)
    rules = [t["rules"] for t in host.lobby_message()["tables"]]
    assert rules == ["Shipyard, 2 seats", "Nauticus, 3 seats"]


async def test_a_table_may_play_the_classic_rules_rc_1_1(host: TableHost) -> None:
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:random"], "rules": "classic"})
    started = await ann.expect("game", lambda m: "state" in m)
    state = GameState.from_dict(started["state"])
    assert state.config.classic and state.countdown == 2
    assert all(len(seat.yard) == 9 for seat in state.seats)
    lobby = host.lobby_message()
    assert lobby["tables"][0]["rules"] == "Shipyard classic, 2 seats"
    table = host.tables[started["table"]]
    from shipyard_tui.server.tables import Table

    assert Table.from_json(table.to_json()).edition == "classic"  # a restart keeps it
    await ann.send({"op": "create", "seats": ["me", "bot:random"], "rules": "third"})
    error = await ann.expect("error")
    assert "rules" in error.get("message", str(error))
    await ann.close()


def test_the_new_table_screen_offers_the_edition() -> None:
    from shipyard_tui.server.lobby import EDITION_CHOICES, NewTableScreen

    screen = NewTableScreen()
    labels = [str(option.prompt) for option in screen._options()]
    assert labels[-1] == f"Rules: ◀ {EDITION_CHOICES[0][0]} ▶"
    assert [value for _, value in EDITION_CHOICES] == ["second", "classic"]


def new_table_app(chosen: list[Any]) -> Any:
    """An app showing the lobby's new-table form, what it answers kept in ``chosen``."""
    from textual.app import App

    from shipyard_tui.server.lobby import NewTableScreen

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(NewTableScreen(), chosen.append)

    return Host()


async def test_choosing_the_classic_rules_for_a_new_table() -> None:
    chosen: list[Any] = []
    app = new_table_app(chosen)
    async with app.run_test() as pilot:
        await pilot.pause()
        # seats 2-4, the stand-in, its level, then the rules (Shipyard's only)
        await pilot.press("down", "down", "down", "down", "down", "right", "enter")
        await pilot.pause()
    assert chosen == [{"seats": ["me", "open"], "stand_in": None, "stand_in_level": "beginner",
                       "game": "shipyard", "rules": "classic"}]


async def test_a_solo_table_plays_against_the_two_automa_r_12_1(host: TableHost) -> None:
    """A server had no solo game: a player alone over SSH could only play bots. A table
    of one person and the two automa is a solo game (R-12.1), played to the end through
    the host (the automa's turns play themselves), archived, rated on review."""
    from shipyard_tui.games.shipyard.review import build_review
    from shipyard_tui.games.shipyard.rules.query import seat_view, states_after_turns

    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "automa", "automa"]})
    message = await ann.expect("game", lambda m: "state" in m)
    table = host.tables[message["table"]]
    assert table.solo and table.seat_names() == ["Ann", "Automa A", "Automa B"]
    assert host.lobby_message()["tables"][0]["rules"] == "Shipyard solo"
    game = table.game
    assert isinstance(game, Game) and game.config.solo
    state = GameState.from_dict(message["state"])
    assert state.config.solo and [s.name for s in state.seats][1:] == ["Automa A", "Automa B"]
    pasts = []
    for _ in range(2000):
        if game.is_over:
            break
        assert game.to_move == 0  # the automa never decide
        before = game.state.copy()
        move = game.legal_moves()[0]
        await ann.send({"op": "play", "table": table.table_id, "move": str(move)})
        reply = await ann.expect("game")
        if "past" in reply:
            # the board after each automa turn the move played, as Ann may see it, for
            # her replay of those turns (over SSH it showed the present board)
            expected = states_after_turns(before, move)
            assert sorted(int(t) for t in reply["past"]) == sorted(expected)
            for turn, board in reply["past"].items():
                assert board == seat_view(expected[int(turn)], 0).to_dict()
            pasts.append(reply["past"])
        for _ in range(100):
            if game.is_over or game.to_move == 0:
                break
            await asyncio.sleep(0.01)
    assert game.is_over
    assert len(pasts) >= 20  # a replay for (nearly) every turn of Ann's
    assert (host.store.finished / f"{table.game_id}.json").exists()
    assert build_review(game).solo
    await ann.close()


async def test_solo_tables_are_shipyards_2nd_edition_only(host: TableHost) -> None:
    ann = await Client.open(host, player="Ann")
    for message, words in (
            ({"seats": ["me", "automa", "automa"], "rules": "classic"}, "no solo game"),
            ({"seats": ["me", "automa", "automa"], "game": "nauticus"}, "only Shipyard"),
            ({"seats": ["me", "automa"]}, "two automa"),
            ({"seats": ["me", "automa", "automa", "open"]}, "two automa")):
        await ann.send({"op": "create", **message})
        assert words in (await ann.expect("error"))["message"]
    assert host.tables == {}
    await ann.close()


async def test_the_new_table_screen_opens_a_solo_table() -> None:
    from shipyard_tui.server.lobby import NewTableScreen

    chosen: list[Any] = []
    app = new_table_app(chosen)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        await pilot.press("left")  # seat 2 goes round: open, bots, the solo automa
        await pilot.pause()
        labels = [str(o.prompt) for o in screen._options()]
        assert labels[1] == "Seat 2: ◀ the solo automa (a solo game) ▶"
        assert labels[2] == "Seat 3: Automa B" and labels[-1].startswith("Rules: 2nd edition")
        await pilot.press("g")  # Nauticus has no solo game
        await pilot.pause()
        assert screen.seats == ["open", "none", "none"]
        await pilot.press("g")
        await pilot.pause()
        from textual.widgets import OptionList

        screen.query_one(OptionList).highlighted = 1  # seat 2 again
        await pilot.press("left", "enter")
        await pilot.pause()
    assert chosen and chosen[0]["seats"] == ["me", "automa", "automa"]
    assert chosen[0]["rules"] == "second" and chosen[0]["game"] == "shipyard"


def test_stopping_with_a_player_connected_prints_no_traceback(tmp_path: Path) -> None:
    """Found while trying a solo table over SSH: Ctrl-C on the server with a session
    still connected to the table host printed a CancelledError traceback (the event
    loop cancelled the connection's handler on the way out). The host now lets every
    handler finish when it closes."""
    import os
    import signal
    import socket
    import subprocess
    import sys

    env = dict(os.environ, SHIPYARD_DATA_DIR=str(tmp_path / "d"))
    server = subprocess.Popen([sys.executable, "-m", "shipyard_tui.cli", "serve", "--no-ssh"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        path = first.split(" on ", 1)[1].split(" (", 1)[0]
        with socket.socket(socket.AF_UNIX) as client:
            client.connect(path)
            client.sendall(b'{"op": "hello", "player": "Ann"}\n')
            assert b"welcome" in client.recv(65536)
            server.send_signal(signal.SIGINT)
            _out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0
    assert "Traceback" not in err and "CancelledError" not in err, err


async def test_moves_send_the_lobby_at_most_twice_a_second_and_the_last_one_always(
        host: TableHost) -> None:
    """A busy club: every move of every table changes the lobby, and each player in it
    redrew it for each. Moves now send it at most once per LOBBY_PACE, the last state
    always (a table's end reaches the lobby), other changes at once."""
    from shipyard_tui.server.host import LOBBY_PACE

    bob = await Client.open(host, player="Bob")
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:random"], "stand_in": 0,
                    "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    table_id = message["table"]
    await bob.expect("lobby", lambda m: any(t["table"] == table_id for t in m["tables"]))
    before = len(bob.inbox)
    started = asyncio.get_running_loop().time()
    await ann.send({"op": "leave"})  # the stand-in plays on at once, the bot too
    over = await bob.expect("lobby", lambda m: any(
        t["table"] == table_id and t["state"] == "over" for t in m["tables"]))
    elapsed = asyncio.get_running_loop().time() - started
    game = host.tables[table_id].game
    assert game is not None and game.is_over
    lobbies = [m for m in bob.inbox[before:] if m["op"] == "lobby"]
    moves = len(game.moves)
    assert moves > 100
    # the leave's own lobby, then at most one a pace (and one at its start)
    assert len(lobbies) <= 3 + elapsed / LOBBY_PACE, (len(lobbies), elapsed, moves)
    assert len(lobbies) < moves / 4
    assert over is lobbies[-1]
    await bob.close()
    await ann.close()


async def test_a_bot_seat_thinks_during_its_pause(host: TableHost,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: at a server table, a bot decides while its pause runs (people read the
    move before meanwhile), and its move comes when the pause is over, not sooner."""
    from shipyard_tui.core import SeatDriver

    asked: list[float] = []
    decide = SeatDriver.decide

    def counted(self: SeatDriver, decision: Any) -> Any:  # type: ignore[type-arg]
        asked.append(time.monotonic())
        return decide(self, decision)

    monkeypatch.setattr(SeatDriver, "decide", counted)
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "bot:greedy"], "bot_delay": 10})
    message = await ann.expect("game", lambda m: "state" in m)
    table = host.tables[message["table"]]
    game = table.game
    assert game is not None
    while game.to_move == 0:  # Ann plays her first turn
        await ann.send({"op": "play", "table": table.table_id,
                        "move": str(game.legal_moves()[0])})
        await ann.expect("game", lambda m: "state" in m)
    assert game.to_move == 1
    played = len(game.moves)
    for _ in range(160):  # within 8 s, shorter than the pause
        if asked:
            break
        await asyncio.sleep(0.05)
    assert len(asked) == 1, "the bot did not think during its pause"
    await asyncio.sleep(0.2)
    assert len(game.moves) == played  # its move waits for the pause's end
    await ann.close()


async def test_a_table_whose_save_is_damaged_is_left_out_and_kept(tmp_path: Path) -> None:
    """A restarted server with one table's autosave damaged (here: a bot level this
    version does not know) starts with the other tables; the damaged one is left out,
    named with what is wrong, and its entry and save stay as they were."""
    import json

    folder = tmp_path / "server"
    first = TableHost(folder, open_names=True)
    await first.start()
    ann = await Client.open(first, player="Ann")
    for _ in range(2):
        await ann.send({"op": "create", "seats": ["me", "bot:greedy"], "bot_delay": 5})
        await ann.expect("game", lambda m: "state" in m)
    await ann.close()
    await first.close()
    broken, kept = list(first.tables.values())
    save = first.store.autosave_path(broken.game_id)
    before = save.read_bytes()
    save.write_bytes(before[: len(before) // 2])
    second = TableHost(folder, open_names=True)
    await second.start()
    try:
        assert list(second.tables) == [kept.table_id]
        assert len(second.left_out) == 1 and broken.table_id in second.left_out[0]
        second._save_tables()  # as after any change: the left-out entry is written back
        written = json.loads((folder / "tables.json").read_text())
        assert {t["table"] for t in written["tables"]} == {broken.table_id,
                                                            kept.table_id}
        assert save.read_bytes() == before[: len(before) // 2]
    finally:
        await second.close()


async def test_a_damaged_tables_file_stops_the_server_with_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tables.json`` unreadable: ``serve`` says so and stops (exit 2), without a
    traceback and without touching the file."""
    from shipyard_tui.server.serve import serve

    folder = tmp_path / "server"
    folder.mkdir()
    (folder / "tables.json").write_text("{not json")
    code = await serve("127.0.0.1", 0, players_file=None, open_door=True, folder=folder,
                       ssh=False)
    assert code == 2
    said = capsys.readouterr().err
    assert "tables.json" in said and "nothing was changed" in said
    assert (folder / "tables.json").read_text() == "{not json"
