"""Nauticus tables on the SSH server's host: opened from the lobby, played by the seat
to move only, bots at the host, autosaved and archived as Nauticus games, and back
after a restart (issue 16)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_server_host import Client

from shipyard_tui.games.nauticus import NauticusGame, NauticusState
from shipyard_tui.saves import load
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.tables import plan_seats
from support.ui import until


async def nauticus_table(host: TableHost) -> tuple[Client, Client, str]:
    ann = await Client.open(host, player="Ann")
    bob = await Client.open(host, player="Bob")
    await ann.send({"op": "create", "game": "nauticus", "seats": ["me", "open"]})
    waiting = await ann.expect("game")
    table = waiting["table"]
    assert waiting["lobby"]["game"] == "nauticus"
    assert waiting["lobby"]["rules"] == "Nauticus, 2 seats"
    await bob.send({"op": "join", "table": table})
    await ann.expect("game", lambda m: "state" in m)
    await bob.expect("game", lambda m: "state" in m)
    return ann, bob, table


async def test_a_nauticus_table_plays_only_the_seat_to_move(host: TableHost) -> None:
    ann, bob, table = await nauticus_table(host)
    game = host.tables[table].game
    assert isinstance(game, NauticusGame)
    mover, other = (ann, bob) if game.to_move == 0 else (bob, ann)
    legal = [str(m) for m in game.legal_moves()]
    await other.send({"op": "play", "table": table, "move": legal[0]})
    assert "not your turn" in (await other.expect("error"))["message"]
    await mover.send({"op": "play", "table": table, "move": "buy hull:bow new"})
    assert "not legal" in (await mover.expect("error"))["message"]
    await mover.send({"op": "play", "table": table, "move": legal[0]})
    message = await mover.expect("game", lambda m: m.get("events_from", 0) > 0)
    assert [str(m) for m in game.moves] == [legal[0]]
    state = NauticusState.from_dict(message["state"])
    assert state.rng == 0  # NA-14.1: the one thing a view withholds
    assert state.seats[0].name == "Ann" and state.to_move == game.to_move
    saved = load(host.store.autosave_path(host.tables[table].game_id))
    assert saved.info.game_name == "nauticus" and len(saved.game.moves) == 1
    for client in (ann, bob):
        await client.close()


async def test_bots_play_a_nauticus_table_to_the_end_and_it_is_archived(
        host: TableHost) -> None:
    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "game": "nauticus", "seats": ["me", "bot:random"],
                    "stand_in": 0, "bot_delay": 0})
    message = await ann.expect("game", lambda m: "state" in m)
    await ann.send({"op": "leave"})
    table = host.tables[message["table"]]
    for _ in range(1200):
        if table.game is not None and table.game.is_over:
            break
        await asyncio.sleep(0.05)
    final = table.game
    assert isinstance(final, NauticusGame) and final.is_over
    archived = load(host.store.finished / f"{table.game_id}.json")
    assert archived.info.game_name == "nauticus"
    replay = NauticusGame.replay(final.config, final.moves)
    assert replay.state.to_dict() == final.state.to_dict()
    lobby = host.lobby_message()["tables"][0]
    assert lobby["state"] == "over" and lobby["scores"] == [s.vp for s in final.state.seats]
    await ann.close()


async def test_a_nauticus_table_survives_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    first = TableHost(folder)
    await first.start()
    ann = await Client.open(first, player="Ann")
    await ann.send({"op": "create", "game": "nauticus", "seats": ["me", "bot:greedy"],
                    "bot_delay": 5})
    message = await ann.expect("game", lambda m: "state" in m)
    table_id = message["table"]
    moves = [str(m) for m in first.tables[table_id].game.moves]
    await ann.close()
    await first.close()
    second = TableHost(folder)
    await second.start()
    table = second.tables[table_id]
    assert table.game_name == "nauticus" and isinstance(table.game, NauticusGame)
    assert [str(m) for m in table.game.moves] == moves
    await second.close()


def test_nauticus_seat_plans_take_nauticus_levels() -> None:
    assert plan_seats(["me", "bot:planner", "open"], "Ann", "nauticus")[1].level == "planner"
    with pytest.raises(ValueError, match="bot:strong"):
        plan_seats(["me", "bot:wizard"], "Ann", "nauticus")
    with pytest.raises(ValueError, match="shipyard or nauticus"):
        plan_seats(["me", "open"], "Ann", "chess")


async def open_a_nauticus_table(pilot, app, host: TableHost):  # type: ignore[no-untyped-def]
    """From the lobby, a new Nauticus table with a beginner bot in seat 2; its table and
    game once the session shows it."""
    from shipyard_tui.games.nauticus.ui.screen import NauticusScreen
    from shipyard_tui.server.table_screen import at_server

    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("g", "right", "enter")  # seat 2: a beginner (greedy) bot
    await until(pilot, lambda: isinstance(app.screen, NauticusScreen) and at_server(app.screen))
    table = next(iter(host.tables.values()))
    game = table.game
    assert table.game_name == "nauticus" and isinstance(game, NauticusGame)
    return table, game


async def test_a_session_opens_a_nauticus_table_and_plays_by_keys(host: TableHost) -> None:
    """The lobby's new-table dialog opens a Nauticus table (g), the seat plays by keys
    at the Nauticus screen and takes back a move; the host's game follows."""
    from shipyard_tui.games.nauticus.ui.widgets import NauticusStatus
    from shipyard_tui.server.session import SessionApp
    from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

    app = SessionApp(host.socket_path, player="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        table, game = await open_a_nauticus_table(pilot, app, host)
        assert table.seats[1].level == "greedy"
        for _ in range(4):
            await until(pilot, lambda: game.to_move == 0 and not app.model.waiting
                         and app.screen.query_one(ChoicePanel).choices)
            before = len(game.moves)
            status = str(app.screen.query_one(NauticusStatus).render())
            assert status.startswith(" Ann's decision:")
            await pilot.press(app.screen.query_one(ChoicePanel).key_of(0), "enter")
            await until(pilot, lambda before=before: len(game.moves) > before)
        await until(pilot, lambda: game.to_move == 0 and game.can_undo
                     and not app.model.waiting)
        moves = len(game.moves)
        await pilot.press("u")
        await until(pilot, lambda: len(game.moves) == moves - 1)
        await until(pilot, lambda: not app.model.waiting)
        view = app.model.game.state.to_dict()
        expected = game.view(0).to_dict()
        assert view == expected


async def test_every_use_left_of_a_withdrawal_is_one_choice_at_a_server_table(
        host: TableHost) -> None:
    """The "every use left" choice at a server table: each use goes to the host as a
    move of its own, which it checks and plays in turn (NA-7.2)."""
    import random

    from shipyard_tui.games.nauticus.rules import events as nev
    from shipyard_tui.games.nauticus.rules.moves import Withdraw
    from shipyard_tui.server.session import SessionApp
    from shipyard_tui.ui.widgets.choice_panel import ChoicePanel, Repeat

    app = SessionApp(host.socket_path, player="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        table, game = await open_a_nauticus_table(pilot, app, host)
        await until(pilot, lambda: game.to_move == 0 and not app.model.waiting)
        rng = random.Random(5)
        uses = 0
        while not game.is_over and uses < 2:  # both seats' moves, played at the host
            legal = game.legal_moves()
            if game.to_move == 0 and Withdraw() in legal:
                trial = NauticusGame.from_state(game.state.copy())
                while trial.to_move == 0 and Withdraw() in trial.legal_moves():
                    trial.play(Withdraw())
                    uses += 1
                if uses >= 2:
                    break
                uses = 0
            game.play(rng.choice(legal))
        assert uses >= 2
        host._send_table(table)
        panel = app.screen.query_one(ChoicePanel)
        await until(pilot, lambda: any(isinstance(c.move, Repeat) for c in panel.choices)
                    and not app.model.waiting)
        index = next(i for i, c in enumerate(panel.choices) if isinstance(c.move, Repeat))
        before = len(game.moves)
        await pilot.press(panel.key_of(index), "enter")
        await until(pilot, lambda: len(game.moves) >= before + uses)
        assert game.moves[before:before + uses] == [Withdraw()] * uses
        withdrawn = [e for e in game.events if isinstance(e, nev.MoneyWithdrawn)]
        assert [e.seat for e in withdrawn[-uses:]] == [0] * uses
        await until(pilot, lambda: not app.model.waiting)
    assert app.problem is None


async def test_na_2_4_the_opener_of_a_nauticus_table_picks_who_starts(host: TableHost) -> None:
    """The lobby's form offers "Who starts" for Nauticus (NA-2.4) and not for Shipyard;
    the host sets the game up with that seat, keeps it over a restart of the host's
    table file, and refuses a seat that is not a number."""
    from test_server_host import new_table_app

    chosen: list[dict[str, object]] = []
    app = new_table_app(chosen)
    async with app.run_test() as pilot:
        await pilot.pause()
        labels = [str(o.prompt) for o in app.screen.query_one("OptionList").options]
        assert not any(label.startswith("Who starts") for label in labels)
        await pilot.press("g")  # Nauticus
        await pilot.pause()
        plan = app.screen.query_one("OptionList")
        assert str(plan.options[-1].prompt) == "Who starts: ◀ drawn at random ▶"
        plan.highlighted = plan.option_count - 1
        await pilot.press("right", "right")
        await pilot.pause()
        assert str(plan.options[-1].prompt) == "Who starts: ◀ seat 2 ▶"
        await pilot.press("enter")
        await pilot.pause()
    assert chosen[0]["game"] == "nauticus" and chosen[0]["start_seat"] == 1

    ann = await Client.open(host, player="Ann")
    await ann.send({"op": "create", "game": "nauticus", "seats": ["me", "bot:greedy"],
                    "start_seat": 1})
    message = await ann.expect("game", lambda m: "state" in m)
    table = host.tables[message["table"]]
    assert isinstance(table.game, NauticusGame)
    assert table.game.state.start_seat == 1 and table.to_json()["start_seat"] == 1
    assert type(table).from_json(table.to_json()).start_seat == 1
    await ann.send({"op": "create", "game": "nauticus", "seats": ["me", "open"],
                    "start_seat": "first"})
    refused = await ann.expect("error")
    assert "start_seat is a seat number" in refused["message"]
    await ann.close()
