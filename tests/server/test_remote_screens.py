"""The screens at a server table (server/session.py) mount their game screen once
(Textual calls the mount and unmount handlers of every class of a screen): one
subscription to the model while the table is shown, none after leaving it; saving is
the server's and leaving asks nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.ui.screen import NauticusScreen
from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.table_screen import remote_screen
from shipyard_tui.server.tables import PERSON, SeatPlan, Table
from shipyard_tui.ui.showcase import settle
from support.nauticus import config as nauticus_config
from support.shipyard import new_game


def _screen_listeners(model: RemoteModel) -> int:
    return sum(1 for listener in model._listeners
               if getattr(listener, "__func__", None) is GameScreen._on_change)


async def test_the_shipyard_table_screen_listens_to_its_model_once(tmp_path: Path) -> None:
    game = new_game(2, seed=8)
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game)
    sent: list[dict[str, Any]] = []
    model = RemoteModel(sent.append, "t1", 0, TableHost(tmp_path).game_message(table, 0))
    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = remote_screen(model)
        await app.push_screen(screen)
        await settle(pilot)
        assert _screen_listeners(model) == 1
        screen.action_save_as()
        await settle(pilot)
        assert any("The server keeps this game" in n.message for n in app._notifications)
        screen.action_leave()  # straight back: nothing is lost at a server table
        await settle(pilot)
        assert app.screen is not screen
        assert _screen_listeners(model) == 0


async def test_the_nauticus_table_screen_mounts_its_game_screen_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mounted: list[object] = []
    mount = NauticusScreen.on_mount

    def counted(screen: NauticusScreen) -> None:
        mounted.append(screen)
        mount(screen)

    monkeypatch.setattr(NauticusScreen, "on_mount", counted)
    game = NauticusGame(nauticus_config(2, seed=3))
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game, game_name="nauticus")
    model = RemoteModel(lambda message: None, "t1", 0,
                        TableHost(tmp_path).game_message(table, 0))
    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = remote_screen(model)
        await app.push_screen(screen)
        await settle(pilot)
        assert mounted == [screen]


async def test_at_a_solo_table_the_automa_replay_shows_the_boards_the_host_sent(
        tmp_path: Path) -> None:
    """R-12.3 over SSH: the replay of the automa's turns showed the present board (the
    remote seat has no position before the move). The host now sends, with the move,
    the seat's view of the board after each automa turn, and the replay shows those."""
    from shipyard_tui.games.shipyard.kind import solo_config
    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.games.shipyard.rules.query import seat_view, states_after_turns
    from shipyard_tui.server.tables import AUTOMA

    game = Game(solo_config("Ann", 5))
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(AUTOMA), SeatPlan(AUTOMA)],
                  game=game)
    host = TableHost(tmp_path)
    # past the first turns, when the automa only place cubes
    while game.state.seats[0].turns < 2:
        host._commit(table, game, game.legal_moves()[0])
    model = RemoteModel(lambda message: None, "t1", 0, host.game_message(table, 0))
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = remote_screen(model)
        await app.push_screen(screen)
        await settle(pilot)
        while True:  # to the end of Ann's turn: the automa play theirs
            before = game.state.copy()
            move = game.legal_moves()[0]
            host._commit(table, game, move)
            boards = states_after_turns(before, move)
            if boards:
                break
        model.apply(host.game_message(table, 0, events_from=len(model.game.events)))
        await settle(pilot)
        assert screen.replaying and model.showing_past
        sent = model.boards_after_automa_turns()
        assert {t: b.to_dict() for t, b in sent.items()} == \
            {t: seat_view(b, 0).to_dict() for t, b in boards.items()}
        shown = model.view  # automa A's turn, the first told
        turn = shown.turn_number
        assert turn in boards and game.state.seats[shown.turn.seat].is_automa
        assert shown.wheel == boards[turn].wheel != game.state.wheel  # not the present


async def _updates_while_closing(app: App[None], pilot: Any, screen: Any,
                                 update: Any) -> None:
    """Pop ``screen`` and let host updates arrive at every step of its closing."""
    await app.push_screen(screen)
    await settle(pilot)
    app.pop_screen()
    for _ in range(30):
        update()
        await asyncio.sleep(0)
    await settle(pilot)
    assert app.screen is not screen


async def test_a_host_update_reaching_a_closing_shipyard_table_is_dropped(
        tmp_path: Path) -> None:
    """Issue 38: a game update that arrived while the table screen closed (a server
    stop, or q) drew on widgets already taken away: ``NoMatches: StatusLine``."""
    game = new_game(2, seed=8)
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game)
    host = TableHost(tmp_path)
    model = RemoteModel(lambda message: None, "t1", 0, host.game_message(table, 0))

    def update() -> None:
        game.play(game.legal_moves()[0])
        model.apply(host.game_message(table, 0))

    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        await _updates_while_closing(app, pilot, remote_screen(model), update)
    assert app.return_code in (None, 0)
    assert _screen_listeners(model) == 0


async def test_a_host_update_reaching_a_closing_nauticus_table_is_dropped(
        tmp_path: Path) -> None:
    game = NauticusGame(nauticus_config(2, seed=3))
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game, game_name="nauticus")
    host = TableHost(tmp_path)
    model = RemoteModel(lambda message: None, "t1", 0, host.game_message(table, 0))

    def update() -> None:
        game.play(game.legal_moves()[0])
        model.apply(host.game_message(table, 0))

    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        await _updates_while_closing(app, pilot, remote_screen(model), update)
    assert app.return_code in (None, 0)


async def test_at_a_nauticus_table_undo_asks_the_host_once(tmp_path: Path) -> None:
    """Issue 33: the takeback at a server table is asked of the model (the host keeps
    the moves; a remote view's move list is empty), one decision at a time, for every
    game through the one remote screen."""
    from shipyard_tui.server.table_screen import at_server

    game = NauticusGame(nauticus_config(2, seed=3))
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game, game_name="nauticus")
    seat = game.to_move
    message = TableHost(tmp_path).game_message(table, seat)
    message["can_undo"] = True  # as the host says after a move within the decision
    sent: list[dict[str, Any]] = []
    model = RemoteModel(sent.append, "t1", seat, message)
    screen = remote_screen(model)
    assert isinstance(screen, NauticusScreen) and at_server(screen)
    assert model.game.moves == [] and model.can_undo
    app: App[None] = App()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(screen)
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("u")  # the first is on its way: nothing more is asked
        await settle(pilot)
    assert sent == [{"op": "undo", "table": "t1"}]
