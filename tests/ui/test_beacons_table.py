"""The tests' third game, Beacons, on the one table screen (issue 33): played by keys
through the app to the end, autosaved and continued, and at a server table through the
same screen with the server's policy — with only its board, choices and help of its own
(tests/beacons/screen.py) and nothing outside its package naming it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from beacons.rules import BeaconsGame
from beacons.screen import BeaconsBoard, BeaconsScreen
from shipyard_tui import games
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.saves import SaveStore, load
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support.ui import settle, until


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


def _prompt(app: ShipyardApp) -> str:
    return str(app.screen.query_one(ChoicePanel).query_one("#prompt", Static).content)


def _config() -> Any:
    return games.kind("beacons").make_config(
        [SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "careful")], seed=4)


async def _play_by_keys(pilot: Any, app: ShipyardApp, keys: tuple[str, ...],
                        turns: int | None = None) -> int:
    """Ann's turns by keys (each ``keys`` then Enter), the bot answering in its
    thread, until the game is over (or ``turns`` of Ann's were played)."""
    model = app.model
    assert model is not None
    played = 0

    def ready() -> bool:
        return bool(model.game.is_over or model.human_to_move)

    while not model.game.is_over and played != turns:
        await until(pilot, ready)
        if model.game.is_over:
            break
        before = len(model.game.moves)
        await pilot.press(*keys, "enter")
        await until(pilot, lambda: len(model.game.moves) > before)  # noqa: B023
        played += 1
    await settle(pilot)
    return played


async def test_beacons_is_played_by_keys_saved_and_continued(beacons: None,
                                                             tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves", tmp_path / "finished")
    app = ShipyardApp(config=_config(), bot_delay=0.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BeaconsScreen)
        assert "Ann, light the beacon or douse it:" in _prompt(app)
        # Ann's first card is on the board, the bot's are face down
        hand = app.model.game.state.hands[0] if app.model else []
        board = str(app.screen.query_one(BeaconsBoard).content)
        assert f"Ann: 0 points, cards {' '.join(map(str, hand))}" in board
        assert "Bot: 0 points, cards ? ? ?" in board
        assert await _play_by_keys(pilot, app, (), turns=3) == 3
        assert app.model is not None
        moves = [str(m) for m in app.model.game.moves]
        game_id = app.model.game_id
    assert app.finish_saving() == ""  # as the program does on quitting: all saved
    saved = load(store.latest_autosave() or tmp_path / "none")
    assert saved.info.game_name == "beacons"
    assert [str(m) for m in saved.game.moves] == moves

    again = ShipyardApp(continue_last=True, bot_delay=0.0, store=store)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, BeaconsScreen)
        assert again.model is not None and again.model.game_id == game_id
        assert [str(m) for m in again.model.game.moves] == moves
        await _play_by_keys(pilot, again, ("down",))  # the second choice each turn
        game = again.model.game
        assert isinstance(game, BeaconsGame) and game.is_over
        assert "The game is over." in _prompt(again)
    replayed = BeaconsGame.replay(game.config, list(game.moves))
    assert replayed.state.scores == game.state.scores
    assert len(game.moves) == 12  # six turns each


async def test_at_a_server_table_beacons_gets_the_one_remote_screen(beacons: None,
                                                                   tmp_path: Path) -> None:
    """Through the seam alone: its kind's table screen, with no bots and the server's
    policy, over the seat's remote model; moves go to the host, the others' turns say
    who decides there, saving is the server's."""
    from textual.app import App

    from shipyard_tui.server.host import TableHost
    from shipyard_tui.server.remote import RemoteModel
    from shipyard_tui.server.table_screen import at_server, remote_screen
    from shipyard_tui.server.tables import PERSON, SeatPlan, Table

    kind = games.kind("beacons")
    game = kind.new_game(kind.make_config([SeatConfig("Ann"), SeatConfig("Bob")], seed=2))
    table = Table("t1", [SeatPlan(PERSON, player="Ann"), SeatPlan(PERSON, player="Bob")],
                  game=game, game_name="beacons")
    host = TableHost(tmp_path)
    sent: list[dict[str, Any]] = []
    model = RemoteModel(sent.append, "t1", 0, host.game_message(table, 0))
    screen = remote_screen(model)
    assert isinstance(screen, BeaconsScreen) and at_server(screen)
    assert not screen.bots.driver.bot_to_move(model.game)  # no bots of its own
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await settle(pilot)
        assert "Ann, light the beacon or douse it:" in _prompt_of(screen)
        board = str(screen.query_one(BeaconsBoard).content)
        assert "Bob: 0 points, cards ? ? ?" in board  # Bob's hand stays hidden
        await pilot.press("enter")
        await settle(pilot)
        move = game.legal_moves()[0]
        assert sent == [{"op": "play", "table": "t1", "move": str(move)}]
        host._commit(table, game, move)
        model.apply(host.game_message(table, 0, events_from=len(model.game.events)))
        await settle(pilot)
        assert model.to_move == 1
        assert _prompt_of(screen) == "It is Bob's turn: waiting for Bob (away)."  # not connected
        screen.action_save_as()
        await settle(pilot)
        assert any("The server keeps this game" in n.message for n in app._notifications)
        screen.action_leave()  # straight back: nothing is lost at a server table
        await settle(pilot)
        assert app.screen is not screen


def _prompt_of(screen: Any) -> str:
    return str(screen.query_one(ChoicePanel).query_one("#prompt", Static).content)
