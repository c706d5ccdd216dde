"""What a client of the SSH server asks for and is told (issue 36 item 10): its
``NO_COLOR``, a seat kept for a friend, finished tables put away, and the refused
told and logged. Each test here failed before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from shipyard_tui.server.host import TableHost
from shipyard_tui.server.tables import PERSON, SeatPlan, Table
from support import random_playout
from support.shipyard import new_game
from support.ssh import Server, Terminal, make_key, recording_lobby, start_server


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, asyncssh.SSHKey]:
    out = {}
    lines = []
    for name in ("Ann", "Bob", "Cid"):
        key, line = make_key(tmp_path, name)
        out[name] = key
        lines.append(line)
    (tmp_path / "players").write_text("\n".join(lines) + "\n")
    return out


@pytest.fixture
def server(tmp_path: Path, keys: dict[str, asyncssh.SSHKey],
           monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("NO_COLOR", raising=False)
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    yield running
    running.stop()


def _coloured(terminal: Terminal) -> int:
    """How many cells of the terminal's screen have a colour of their own."""
    return sum(1 for row in terminal.screen.buffer.values() for char in row.values()
               if char.fg != "default" or char.bg != "default")


async def test_no_color_sent_by_the_client_is_honoured(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """Issue 36 item 10: ``ssh -o SendEnv=NO_COLOR`` was ignored; the session is now
    drawn in the terminal's own colours, and only that client's."""
    plain = await Terminal().connect(server.port, keys["Ann"], env={"NO_COLOR": "1"})
    await plain.wait_for("you are Ann")
    await asyncio.sleep(0.5)
    coloured = await Terminal().connect(server.port, keys["Bob"])
    await coloured.wait_for("you are Bob")
    await asyncio.sleep(0.5)
    assert _coloured(coloured) > 0
    assert _coloured(plain) == 0
    await plain.close()
    await coloured.close()


async def test_a_player_removes_a_finished_table_from_their_lobby(host: TableHost) -> None:
    """Issue 36 item 10: finished tables stayed in the lobby for good. A player removes
    one from their own lobby; once everyone who sat there has, the server forgets it
    (its game stays archived)."""
    from test_server_host import Client

    game = new_game(2, seed=3)
    random_playout(game, 1)
    assert game.is_over
    over = Table("over1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                 game=game)
    host.tables[over.table_id] = over
    ann = await Client.open(host, player="Ann")
    bob = await Client.open(host, player="Bob")
    await ann.send({"op": "create", "seats": ["me", "open"]})
    playing = (await ann.expect("game"))["table"]
    await ann.send({"op": "remove", "table": playing})
    assert "finished" in (await ann.expect("error"))["message"]
    await ann.send({"op": "remove", "table": "over1"})
    lobby = await ann.expect("lobby")
    assert [t["table"] for t in lobby["tables"]] == [playing]
    await bob.send({"op": "lobby"})
    assert "over1" in [t["table"] for t in (await bob.expect("lobby"))["tables"]]
    assert Table.from_json(over.to_json()).removed_by == ["Ann"]
    await bob.send({"op": "remove", "table": "over1"})
    await bob.expect("lobby", lambda m: "over1" not in [t["table"] for t in m["tables"]])
    assert "over1" not in host.tables
    assert "over1" not in (host.folder / "tables.json").read_text()
    for client in (ann, bob):
        await client.close()


async def test_d_in_the_lobby_asks_before_it_removes_a_finished_table() -> None:
    from shipyard_tui.ui.screens.confirm import ConfirmScreen
    from shipyard_tui.ui.showcase import settle

    app, sent = recording_lobby()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")  # a game under way
        await settle(pilot)
        assert "Only a finished table" in [n.message for n in app._notifications][-1]
        await pilot.press("down", "down", "down", "d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "c1a077" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert sent == []
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert sent == [{"op": "remove", "table": "c1a077"}]


async def _logged(server: Server, wanted: str) -> str:
    for _ in range(100):
        lines = [line for line in server.output if wanted in line]
        if lines:
            return lines[-1]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {wanted!r} in {server.output}")


class BatchClient(asyncssh.SSHClient):
    """A client in BatchMode: public keys only, nothing asked; it shows the banners."""

    banners: list[str]

    def auth_banner_received(self, msg: str, lang: str) -> None:
        type(self).banners.append(msg)


async def test_a_refused_client_in_batch_mode_is_told_and_logged(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """Issue 36 item 10: a client in BatchMode (no keyboard-interactive step, so no
    words) with an unknown key got only "Permission denied" and the server logged
    nothing. It is now told in a banner, and the server logs every refused or failed
    attempt with its reason."""
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    BatchClient.banners = []
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="eve",
                               client_factory=BatchClient, client_keys=[stranger],
                               known_hosts=None, agent_path=None, preferred_auth="publickey")
    [banner] = BatchClient.banners
    assert stranger.get_fingerprint() in banner and ".pub" in banner
    line = await _logged(server, f"refused {stranger.get_fingerprint()}")
    assert "127.0.0.1" in line
    assert "not in the players file" in line
    with pytest.raises(asyncssh.PermissionDenied):  # no key at all
        await asyncssh.connect("127.0.0.1", server.port, username="eve",
                               client_keys=None, known_hosts=None, agent_path=None,
                               preferred_auth="publickey")
    assert "127.0.0.1" in await _logged(server, "without logging in")
    async with asyncssh.connect("127.0.0.1", server.port, username="ann",
                                client_keys=[keys["Ann"]], known_hosts=None,
                                agent_path=None) as conn:  # a known key, no terminal
        result = await conn.run("play", term_type=None)
    assert "has none" in str(result.stdout)
    assert "127.0.0.1" in await _logged(server, "Ann has no terminal")


async def test_a_seat_kept_for_a_friend_is_theirs_alone(host: TableHost) -> None:
    """Issue 36 item 10: a seat could not be kept for a named friend: whoever came
    first took it. A seat opened ``for:Bob`` waits for Bob; nobody else may take it."""
    from test_server_host import Client

    from shipyard_tui.server.lobby import seat_text

    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "seats": ["me", "for:Bob", "open"]})
    table = (await ann.expect("game"))["table"]
    assert host.tables[table].seats[1].kept_for == "Bob"
    assert Table.from_json(host.tables[table].to_json()).seats[1].kept_for == "Bob"
    cid = await Client.open(host, player="Cid")
    await cid.send({"op": "join", "table": table, "seat": 1})
    assert "not open to you" in (await cid.expect("error"))["message"]
    await cid.send({"op": "join", "table": table})  # the first seat open to Cid
    await cid.expect("game")
    assert host.tables[table].seats[2].player == "Cid"
    assert host.tables[table].game is None
    dan = await Client.open(host, player="Dan")
    await dan.send({"op": "join", "table": table})
    assert "kept for others" in (await dan.expect("error"))["message"]
    lobby = host.lobby_message()["tables"][0]
    assert lobby["seats"][1]["kept_for"] == "Bob"
    assert seat_text(lobby["seats"][1], False).plain == "kept for Bob"
    bob = await Client.open(host, player="bob")  # names are not told apart by case
    await bob.send({"op": "join", "table": table})
    await bob.expect("game", lambda m: "state" in m)
    assert host.tables[table].game is not None
    await ann.send({"op": "create", "seats": ["me", "for:Ann"]})
    assert "already Ann's" in (await ann.expect("error"))["message"]
    for client in (ann, bob, cid, dan):
        await client.close()


async def test_the_new_table_screen_keeps_a_seat_for_a_named_friend() -> None:
    from shipyard_tui.server.lobby import NewTableScreen
    from shipyard_tui.server.new_table import FriendScreen
    from shipyard_tui.ui.showcase import settle

    app, sent = recording_lobby()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewTableScreen)
        await pilot.press("f")  # seat 2: kept for a friend
        await settle(pilot)
        assert isinstance(app.screen, FriendScreen)
        await pilot.press(*"Bob", "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewTableScreen)
        assert "kept for Bob" in str(app.screen.query_one("#plan").get_option_at_index(1).prompt)
        await pilot.press("enter")
        await settle(pilot)
    assert sent and sent[0]["seats"] == ["me", "for:Bob"]
