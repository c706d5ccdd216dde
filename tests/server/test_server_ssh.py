"""The SSH server end to end: real SSH clients with terminals against ``shipyard serve``.

The server runs in a subprocess on a free port of 127.0.0.1; each client's screen is
read through a VT emulator (pyte), so the tests see what a player sees.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import asyncssh
import pytest

from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.words import contract_title
from shipyard_tui.saves import load
from support.ssh import ENTER, Server, Terminal, start_server

WIDE = (160, 50)
"""Wide enough that every panel (the seats' contracts too) is on screen at once."""


def table_file(server: Server, kind: str = "saves") -> Path | None:
    from shipyard_tui.saves import BACKUP_SUFFIX

    # Not the backup, nor a save's temporary file (``.tmp-…``: a hard link to the
    # previous autosave among them, which a look mid-save would take for the game).
    files = sorted((server.data / "server" / kind).glob("*.json"))
    files = [f for f in files
             if not f.name.endswith(BACKUP_SUFFIX) and not f.name.startswith(".")]
    return files[0] if files else None


def saved_game(server: Server) -> dict | None:
    """The table's game as the host last autosaved it (the full state, for the test)."""
    path = table_file(server)
    if path is None:
        return None
    try:
        return json.loads(path.read_text())["game"]
    except (OSError, ValueError, KeyError):
        return None


async def open_table(server: Server, keys: dict[str, asyncssh.SSHKey],
                     size: tuple[int, int] = WIDE) -> tuple[Terminal, Terminal]:
    """Ann opens a 2-seat table in the lobby, Bob sits at the open seat."""
    ann = await Terminal(*size).connect(server.port, keys["Ann"])
    bob = await Terminal(*size).connect(server.port, keys["Bob"])
    await ann.wait_for("you are Ann")
    await bob.wait_for("you are Bob")
    ann.press("n")
    await ann.wait_for("A new table")
    ann.press(ENTER)
    await bob.wait_for("1 seat open")
    bob.press(ENTER)
    for terminal, me, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
        await terminal.wait_for(lambda text, me=me, other=other:
                                f"{me}: " in text or f"It is {other}'s turn" in text)
    return ann, bob


async def play_moves(server: Server, terminals: dict[str, Terminal], until, limit: int = 2000,
                     check=None) -> int:  # type: ignore[no-untyped-def]
    """Press the first choice (``a``, Enter) in the terminal of whoever is to move, once
    per position the host saved, until ``until(game_json)``; return the moves seen."""
    pressed_at = -1
    last_press = 0.0
    names = list(terminals)
    last_move = time.monotonic()
    moves_before = -1
    while True:
        if time.monotonic() - last_move > 60:
            screens = "\n\n".join(t.text() for t in terminals.values())
            raise AssertionError(f"no move for a minute:\n{screens}")
        data = saved_game(server)
        if data is None:
            if table_file(server, "finished") is not None:
                return -1
            await asyncio.sleep(0.05)  # between the two renames of an autosave
            continue
        moves = len(data["moves"])
        if moves != moves_before:
            moves_before, last_move = moves, time.monotonic()
        if until(data):
            return moves
        assert moves < limit, "the game does not move on"
        seat = data["state"]["turn"]["seat"]
        name = names[seat]
        terminal = terminals[name]
        if check is not None:
            check(data)
        text = terminal.text()
        ready = f"{name}: " in text
        if ready and (moves != pressed_at or time.monotonic() - last_press > 5):
            if "(y)" in text and "(n)" in text:
                terminal.press("y")  # an irreversible choice asks to be confirmed
            else:
                terminal.press("a", ENTER)
            pressed_at, last_press = moves, time.monotonic()
        await asyncio.sleep(0.05)


def secrets_check(terminals: dict[str, Terminal], seen_own: dict[str, set[str]]):  # type: ignore[no-untyped-def]
    """A check that no screen shows another seat's contracts (R-11.1)."""
    names = list(terminals)

    def check(data: dict) -> None:
        seats = data["state"]["seats"]
        for me, terminal in terminals.items():
            text = terminal.text()
            for i, seat in enumerate(seats):
                titles = [contract_title(c) for c in seat["contracts"] + seat["discarded"]]
                for title in titles:
                    if names[i] == me:
                        if title in text:
                            seen_own[me].add(title)
                    else:
                        assert title not in text, f"{me}'s screen shows {names[i]}'s {title}"

    return check


@pytest.mark.slow(seconds=40, waits=True)
async def test_two_players_play_a_whole_game_over_ssh(server: Server,
                                                      keys: dict[str, asyncssh.SSHKey]) -> None:
    """Two SSH clients play a 2-seat game to the end by keys; no screen ever shows the
    other seat's contracts before the reveal (R-11.1, R-10.5); the archived result is
    what a replay of its moves gives."""
    ann, bob = await open_table(server, keys)
    terminals = {"Ann": ann, "Bob": bob}
    seen_own: dict[str, set[str]] = {"Ann": set(), "Bob": set()}
    moves = await play_moves(server, terminals, lambda data: False,
                             check=secrets_check(terminals, seen_own))
    assert moves == -1
    assert seen_own["Ann"] and seen_own["Bob"], "each player saw their own contracts"
    archived = table_file(server, "finished")
    assert archived is not None
    game = load(archived).game
    assert game.is_over
    replay = Game.replay(game.config, game.moves)
    assert replay.state.to_dict() == game.state.to_dict()
    outcome = replay.outcome()
    assert outcome is not None
    winner = " and ".join(game.state.seats[i].name for i in outcome.winners)
    for terminal in (ann, bob):
        await terminal.wait_for(lambda text: "Final scoring" in text)  # the reveal first
        terminal.press("2")  # the scores: the winner is named above them
        await terminal.wait_for(lambda text: "Winner" in text or "Shared victory" in text)
        await terminal.wait_for(winner)
    await ann.close()
    await bob.close()
    assert not any("Traceback" in line for line in server.output)


async def test_a_dropped_player_reconnects_to_their_seat(server: Server,
                                                         keys: dict[str, asyncssh.SSHKey]
                                                         ) -> None:
    """Bob's connection dies mid-game; the seat waits, and his key puts him back at it
    with nothing lost."""
    ann, bob = await open_table(server, keys)
    terminals = {"Ann": ann, "Bob": bob}
    played = await play_moves(server, terminals,
                              lambda data: len(data["moves"]) >= 6
                              and data["state"]["turn"]["seat"] == 1)
    bob.drop()
    await ann.wait_for("(away)")
    before = saved_game(server)
    assert before is not None and len(before["moves"]) == played
    again = await Terminal(*WIDE).connect(server.port, keys["Bob"])
    await again.wait_for("Bob: ")
    titles = re.findall(rb"\x1b\]2;([^\x07]*)\x07", bytes(again.raw))
    assert titles and titles[-1].decode() == "Your turn — Shipyard"
    assert b"\x07" in re.sub(rb"\x1b\][^\x07]*\x07", b"", bytes(again.raw)), "the bell rang"
    after = saved_game(server)
    assert after == before
    await play_moves(server, {"Ann": ann, "Bob": again},
                     lambda data: len(data["moves"]) > played + 3)
    await ann.close()
    await again.close()


async def test_a_second_terminal_of_a_player_takes_the_seat_from_the_first(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """Bob connects again while his first connection still holds his seat (a link that
    dropped without the server noticing yet): the new terminal sits at the seat, the
    old one says why it is back in the lobby, and the game goes on from the new one."""
    ann, bob = await open_table(server, keys)
    terminals = {"Ann": ann, "Bob": bob}
    played = await play_moves(server, terminals, lambda data: len(data["moves"]) >= 2)
    again = await Terminal(*WIDE).connect(server.port, keys["Bob"])
    await again.wait_for(lambda text: "Bob: " in text or "It is Ann's turn" in text)
    await bob.wait_for("Seat taken over")
    await bob.wait_for("you are Bob")
    assert not bob.closed.is_set()
    await play_moves(server, {"Ann": ann, "Bob": again},
                     lambda data: len(data["moves"]) > played + 3)
    assert "Seat taken over" not in again.text()
    for terminal in (ann, bob, again):
        await terminal.close()
    assert not any("Traceback" in line for line in server.output)


async def test_the_server_restarts_and_the_table_goes_on(tmp_path: Path,
                                                         keys: dict[str, asyncssh.SSHKey]
                                                         ) -> None:
    """The server is killed mid-game; started again, it continues from the autosave."""
    first = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    try:
        ann, bob = await open_table(first, keys)
        played = await play_moves(first, {"Ann": ann, "Bob": bob},
                                  lambda data: len(data["moves"]) >= 5)
    finally:
        first.stop(kill=True)
    # Read once the server is dead: a key still on its way may have made one more move.
    before = saved_game(first)
    await asyncio.wait_for(ann.closed.wait(), 30)
    second = start_server(tmp_path / "data", "--players", str(tmp_path / "players"))
    try:
        assert saved_game(second) == before
        ann = await Terminal(*WIDE).connect(second.port, keys["Ann"])
        bob = await Terminal(*WIDE).connect(second.port, keys["Bob"])
        assert before is not None
        to_move = ["Ann", "Bob"][before["state"]["turn"]["seat"]]
        waiting = "Bob" if to_move == "Ann" else "Ann"
        terminals = {"Ann": ann, "Bob": bob}
        await terminals[to_move].wait_for(f"{to_move}: ")
        await terminals[waiting].wait_for(f"It is {to_move}'s turn")
        await play_moves(second, {"Ann": ann, "Bob": bob},
                         lambda data: len(data["moves"]) > played + 2)
        await ann.close()
        await bob.close()
    finally:
        second.stop()


async def test_an_unknown_key_is_refused(server: Server) -> None:
    assert any("Only this machine can connect (loopback)" in line for line in server.output)
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await Terminal().connect(server.port, stranger)


class Refused(asyncssh.SSHClient):
    """A client that records what the server's keyboard-interactive step says."""

    said: list[str]

    def auth_banner_received(self, msg: str, lang: str) -> None:
        type(self).said.append(f"banner: {msg}")

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: object) -> list[str]:
        type(self).said.append(f"{name}: {instructions}")
        return []


async def _output_with(server: Server, wanted: str) -> str:
    for _ in range(100):
        lines = [line for line in server.output if wanted in line]
        if lines:
            return lines[-1]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {wanted!r} in {server.output}")


async def test_a_refused_key_is_told_why_and_the_host_sees_who_came(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """A play-test's third key got only "Permission denied (publickey)", and the
    server's output said nothing of it. The client is now told that its key is not on
    the list and what to send the host; the server logs refusals, arrivals and
    departures. The words never let anyone in (keyboard-interactive asks nothing)."""
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    print_ = stranger.get_fingerprint()
    Refused.said = []
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="eve",
                               client_factory=Refused, client_keys=[stranger],
                               known_hosts=None, agent_path=None,
                               preferred_auth="publickey,keyboard-interactive")
    assert len(Refused.said) == 1  # once: in a banner (issue 36 item 10), not asked again
    assert print_ in Refused.said[0] and "does not know your key" in Refused.said[0]
    assert ".pub" in Refused.said[0] and Refused.said[0].startswith("banner: ")
    # (the refusal is logged as the connection ends; the tests' folder is named "refused" too)
    line = await _output_with(server, f"refused {print_}")
    assert "127.0.0.1" in line
    Refused.said = []
    with pytest.raises(asyncssh.PermissionDenied):  # no key at all
        await asyncssh.connect("127.0.0.1", server.port, username="eve",
                               client_factory=Refused, client_keys=None, known_hosts=None,
                               agent_path=None, preferred_auth="keyboard-interactive")
    assert "offered none" in Refused.said[0] and "ssh-keygen" in Refused.said[0]
    ann = await Terminal().connect(server.port, keys["Ann"])
    await ann.wait_for("the lobby")
    assert "127.0.0.1" in await _output_with(server, "Ann came in from")
    await ann.close()
    await _output_with(server, "Ann left")


async def test_a_password_is_refused(server: Server) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="Ann", password="secret",
                               client_keys=None, known_hosts=None, agent_path=None,
                               preferred_auth="password,keyboard-interactive")


async def test_a_command_gets_the_game_not_a_shell(server: Server,
                                                   keys: dict[str, asyncssh.SSHKey]) -> None:
    """Asking to run a command gives the lobby; the command never runs."""
    marker = server.data / "ran"
    terminal = await Terminal().connect(server.port, keys["Ann"],
                                        command=f"touch {marker}; sh")
    await terminal.wait_for("you are Ann")
    assert not marker.exists()
    await terminal.close()


async def test_no_terminal_gets_a_clear_message(server: Server,
                                                keys: dict[str, asyncssh.SSHKey]) -> None:
    async with asyncssh.connect("127.0.0.1", server.port, username="Ann",
                                client_keys=[keys["Ann"]], known_hosts=None,
                                agent_path=None) as conn:
        result = await asyncio.wait_for(conn.run(term_type=None), 30)
    assert "has none" in str(result.stdout)
    # not PORT HOST, and with the login name (issue 36 item 6)
    assert f"ssh -t Ann@127.0.0.1 -p {server.port}" in str(result.stdout)
    assert result.exit_status == 1


async def test_port_forwarding_is_refused(server: Server,
                                          keys: dict[str, asyncssh.SSHKey]) -> None:
    async with asyncssh.connect("127.0.0.1", server.port, username="Ann",
                                client_keys=[keys["Ann"]], known_hosts=None,
                                agent_path=None) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", 22)


async def test_open_door_lets_a_key_pick_a_name_it_then_owns(tmp_path: Path) -> None:
    """With --open an unknown key picks a name in the lobby; the name is that key's
    from then on, and another key cannot take it."""
    running = start_server(tmp_path / "data", "--open")
    try:
        first = asyncssh.generate_private_key("ssh-ed25519")
        second = asyncssh.generate_private_key("ssh-ed25519")
        dora = await Terminal().connect(running.port, first)
        await dora.wait_for("Pick the name")
        dora.press("Dora", ENTER)
        await dora.wait_for("you are Dora")
        await dora.close()
        other = await Terminal().connect(running.port, second)
        await other.wait_for("Pick the name")
        other.press("dora", ENTER)
        await other.wait_for("taken by another key")
        await other.close()
        again = await Terminal().connect(running.port, first)
        await again.wait_for("you are Dora")
        await again.close()
    finally:
        running.stop()


async def test_window_changes_reach_the_interface(server: Server,
                                                  keys: dict[str, asyncssh.SSHKey]) -> None:
    terminal = await Terminal(100, 30).connect(server.port, keys["Ann"])
    await terminal.wait_for(lambda text: "Sit down" in terminal.screen.display[29])
    terminal.resize(130, 40)
    await terminal.wait_for(lambda text: "Sit down" in terminal.screen.display[39])
    await terminal.close()


async def test_sixteen_colours_unless_the_client_says_more(server: Server,
                                                           keys: dict[str, asyncssh.SSHKey]
                                                           ) -> None:
    """A plain TERM=xterm client gets no 256-colour or true-colour sequences."""
    terminal = await Terminal().connect(server.port, keys["Ann"], term="xterm")
    await terminal.wait_for("you are Ann")
    terminal.press("n")
    await terminal.wait_for("A new table")
    raw = bytes(terminal.raw)
    assert b"\x1b[" in raw
    assert b"38;5;" not in raw and b"38;2;" not in raw
    assert b"48;5;" not in raw and b"48;2;" not in raw
    await terminal.close()


@pytest.mark.parametrize(("sent", "ascii"), [({"LANG": "C"}, True),
                                             ({"LC_ALL": "POSIX"}, True),
                                             ({"LANG": "en_GB.UTF-8"}, False),
                                             ({}, False)])
async def test_the_clients_locale_decides_ascii(server: Server, keys: dict[str, asyncssh.SSHKey],
                                                monkeypatch: pytest.MonkeyPatch,
                                                sent: dict[str, str], ascii: bool) -> None:
    """A client whose locale is not UTF-8 gets the lobby and the table in ASCII; the
    server's own locale (here C) does not count. A client that sends none gets UTF-8."""
    monkeypatch.setenv("LANG", "C")
    terminal = await Terminal().connect(server.port, keys["Ann"], env=sent)
    await terminal.wait_for("you are Ann")
    terminal.press("n")
    await terminal.wait_for("A new table")
    shown = "\n".join(terminal.screen.display)
    assert shown.isascii() is ascii
    assert bytes(terminal.raw).isascii() is ascii
    await terminal.close()


def test_only_locale_names_pass_from_the_client() -> None:
    from shipyard_tui.server.ssh import client_locale

    assert client_locale({}) == {"LANG": "C.UTF-8"}
    assert client_locale({"LANG": "C", "PATH": "/evil"}) == {"LANG": "C"}
    assert client_locale({"LC_ALL": "de_DE.UTF-8@euro"}) == {
        "LC_ALL": "de_DE.UTF-8@euro", "LANG": "C.UTF-8"}
    assert client_locale({"LANG": "C\x1b[2J"}) == {"LANG": "C.UTF-8"}
    assert client_locale({"LC_CTYPE": "x" * 65}) == {"LANG": "C.UTF-8"}
    assert client_locale({"LANG": "fr_FR.UTF-8", "LC_ALL": "é"}) == {"LANG": "fr_FR.UTF-8"}


def test_colour_system_follows_what_the_client_sent() -> None:
    from shipyard_tui.server.ssh import colour_system

    assert colour_system("xterm", {}) == "standard"
    assert colour_system("xterm-256color", {}) == "256"
    assert colour_system("xterm-256color", {"COLORTERM": "truecolor"}) == "truecolor"
    assert colour_system("screen", {"COLORTERM": "24bit"}) == "truecolor"


@pytest.mark.slow(seconds=13, waits=True)
async def test_idle_connections_are_closed_and_the_limit_holds(
        tmp_path: Path, keys: dict[str, asyncssh.SSHKey]) -> None:
    running = start_server(tmp_path / "data", "--players", str(tmp_path / "players"),
                           "--idle-minutes", "0.2", "--max-connections", "1")
    try:
        ann = await Terminal().connect(running.port, keys["Ann"])
        await ann.wait_for("you are Ann")
        bob = await Terminal().connect(running.port, keys["Bob"])
        await bob.wait_for("server is full")
        await asyncio.wait_for(bob.closed.wait(), 30)
        await ann.wait_for("without a key", 60)
        await asyncio.wait_for(ann.closed.wait(), 30)
    finally:
        running.stop()


async def test_a_solo_table_over_ssh_r_12_1(server: Server,
                                            keys: dict[str, asyncssh.SSHKey]) -> None:
    """A player alone on the server opens a solo table from the lobby (seat 2: the solo
    automa) and plays: the automa's turns pass by themselves."""
    ann = await Terminal(80, 24).connect(server.port, keys["Ann"])
    await ann.wait_for("you are Ann")
    ann.press("n")
    await ann.wait_for("A new table")
    ann.press("\x1b[D")  # Left: seat 2 goes round to the solo automa
    await ann.wait_for("the solo automa")
    ann.press(ENTER)
    await ann.wait_for("Ann: choose an action tile")
    ann.press("a", ENTER)
    await ann.wait_for(lambda text: "bonus action" in text or "Ann: " in text)
    for _ in range(12):  # through the rest of the turn, the automa's, to the next
        ann.press(ENTER)
        await asyncio.sleep(0.4)
    text = await ann.wait_for(lambda text: re.search(r"Round ([2-9]|\d\d) ", text) is not None,
                              timeout=60)
    assert "Traceback" not in text
    game = saved_game(server)
    assert game is not None and game["config"]["solo"]
    await ann.close()
