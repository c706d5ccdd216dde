"""The hint key: the strong bot's advice, computed in a thread while the screen lives."""

from __future__ import annotations

from shipyard_tui.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.settings import Settings
from shipyard_tui.text import describe_move
from shipyard_tui.ui.app import ShipyardApp
from ui_helpers import settle


async def test_hint_key_names_the_strong_move_and_the_runner_up(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "strong")),
                        seed=21)
    app = ShipyardApp(config=config, bot_delay=0.0, settings=Settings(strong_budget_ms=20))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.game.to_move == 0
        said: list[tuple[str, str]] = []
        app.notify = (  # type: ignore[method-assign]
            lambda message, title="", **_: said.append((title, message)))
        state = model.game.state
        words = {describe_move(state, m) for m in model.game.legal_moves()}
        before = model.game.state.to_dict()
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await settle(pilot)
        hints = [m for t, m in said if t == "Hint"]
        assert len(hints) == 1
        best, runner = hints[0].splitlines()
        assert best.startswith("Strong bot: ") and "expected final score about" in best
        assert runner.startswith("Runner-up: ")
        assert any(best.startswith(f"Strong bot: {w} (") for w in words)
        assert any(runner.startswith(f"Runner-up: {w} (") for w in words)
        assert model.game.state.to_dict() == before
