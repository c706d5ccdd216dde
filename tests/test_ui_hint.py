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
        assert best.removeprefix("Strong bot: ") in words
        assert runner.startswith("Runner-up: ") and "by the strong bot's reckoning" in runner
        assert any(runner.startswith(f"Runner-up: {w} (") for w in words)
        assert model.game.state.to_dict() == before


def test_hint_text_gives_how_far_the_runner_up_falls_behind_not_a_final_score():
    """The search's values are estimates at its horizon, not final scores: the hint
    says only how far the runner-up is behind (against the best rival between
    players), and calls near-equal moves about as good."""
    from shipyard_tui.analysis import Hint

    solo = Hint(0, "Hire Employee", 18.0, 18.0, "Build Ships", 15.0, 15.46, True)
    assert solo.text().splitlines() == [
        "Strong bot: Hire Employee",
        "Runner-up: Build Ships (about 2.5 points behind, by the strong bot's reckoning)"]
    duel = Hint(0, "Hire Employee", 18.0, 2.0, "Build Ships", 17.0, 0.9, False)
    assert duel.text().splitlines()[1] == ("Runner-up: Build Ships (about 1.1 points behind "
                                          "against the best rival, by the strong bot's "
                                          "reckoning)")
    close = Hint(0, "Hire Employee", 18.0, 2.0, "Build Ships", 18.2, 2.01, False)
    assert "about as good" in close.text()
    alone = Hint(0, "Hire Employee", 18.0, 2.0, None, None, None, False)
    assert alone.text().splitlines()[1] == "There is nothing else worth considering."
    assert "final score" not in solo.text() + duel.text()
