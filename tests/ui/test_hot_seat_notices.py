"""No notice that names a seat's move outlives that seat's turn on screen (R-11.2).

A take-back notice ("Took back: …") can name a secret, such as the contract just
discarded; when the terminal passes to the next person it must already be gone.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import Action, GameConfig, SeatConfig
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.state import Step
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.hand_over import HandOverScreen
from support.ui import key_for, key_for_move, pick, settle


async def test_a_take_back_notice_is_gone_when_the_next_player_takes_the_terminal_r11_2(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    app = ShipyardApp(config=GameConfig((SeatConfig("Ann"), SeatConfig("Eva")), seed=0),
                      bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        model = app.model
        assert model is not None and model.viewer == 0
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.EQUIPMENT)))
        if model.game.state.turn.step is Step.BONUS_BEFORE:
            await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))
        await pick(pilot, app, key_for_move(app, mv.Take()))
        await pilot.press("u")
        await settle(pilot)
        assert any("Took back" in n.message for n in app._notifications)
        await pick(pilot, app, key_for_move(app, mv.Take()))
        if model.game.state.turn.step is Step.BONUS_AFTER:
            await pick(pilot, app, key_for_move(app, mv.NoBonus()))
        assert model.game.to_move == 1
        assert isinstance(app.screen, HandOverScreen)
        assert not list(app._notifications), [n.message for n in app._notifications]


def _hot_seat_with_a_bot() -> ShipyardApp:
    from shipyard_tui.games.shipyard.rules import SeatKind

    return ShipyardApp(config=GameConfig((SeatConfig("Ann"), SeatConfig("Bob"),
                                          SeatConfig("Cy", SeatKind.BOT, "sensible")),
                                         seed=4), bot_delay=0.0)


async def _to_the_hand_over_after_the_bot(pilot, app: ShipyardApp) -> None:
    """Bob (first) takes the seat and plays his turn; Cy, the bot, moves; the terminal
    is then on its way to Ann."""
    from support.ui import confirm_if_asked, panel, until

    await settle(pilot)
    assert isinstance(app.screen, HandOverScreen)
    await pilot.press("enter")
    await settle(pilot)
    model = app.model
    assert model is not None and model.viewer == 1
    while model.game.to_move == 1:
        shown = panel(app)
        keys = [k for i, c in enumerate(shown.choices) if c.move is not None
                for k in [shown.key_of(i)] if k]
        await pilot.press(keys[0], "enter")
        await settle(pilot, 2)
        await confirm_if_asked(pilot, app)
    await until(pilot, lambda: model.game.to_move == 0 and isinstance(app.screen, HandOverScreen))
    await settle(pilot)


async def test_the_status_line_says_the_terminal_passes_not_that_a_person_thinks(
        tmp_path, monkeypatch):
    from shipyard_tui.games.shipyard.ui.screen import GameScreen
    from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
    from support.ui import plain

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    app = _hot_seat_with_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_the_hand_over_after_the_bot(pilot, app)
        game_screen = app.screen_stack[-2]
        assert isinstance(game_screen, GameScreen)
        line = plain(game_screen.query_one(StatusLine).render())
        assert "Ann" in line and "terminal" in line, line
        assert "thinking" not in line and "space" not in line, line


async def test_the_hand_over_keys_offered_all_work(tmp_path, monkeypatch):
    from shipyard_tui.games.shipyard.ui.help import HelpScreen
    from shipyard_tui.ui.screens.confirm import ConfirmScreen
    from shipyard_tui.ui.screens.save_as import SaveAsScreen
    from shipyard_tui.ui.screens.title import TitleScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    app = _hot_seat_with_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_the_hand_over_after_the_bot(pilot, app)
        hand_over = app.screen
        offered = {b.binding.description for b in app.active_bindings.values()
                   if b.binding.show and b.enabled}
        assert {"Help", "Save as", "Quit"} <= offered, offered
        assert "Undo" not in offered  # nothing of Ann's turn to take back yet
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is hand_over
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        await pilot.press(*"three", "enter")
        await settle(pilot)
        assert app.screen is hand_over
        assert any(p.name.startswith("three") for p in (tmp_path / "data").rglob("*"))
        assert app.model is not None and app.model.viewer is None  # Ann's secrets stay hidden
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is hand_over
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")  # Leave
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen), app.screen_stack


async def test_the_hand_over_help_is_the_games_own_in_classic(tmp_path, monkeypatch):
    """A read-through: the hand-over dialog built its own help, with the classic page
    but the 2nd edition's contracts and employees; it now shows the table's help."""
    from shipyard_tui.games.shipyard.rules.query import catalog_of
    from shipyard_tui.games.shipyard.ui.help import HelpScreen

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=3, edition="classic")
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.classic
        assert app.model is not None
        assert app.screen.catalog is catalog_of(app.model.game.state)
        assert app.screen.catalog.edition == "classic"
