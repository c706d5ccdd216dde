"""The hint at a server table, where the seat holds only its view, and what a player at
the server sees when something fails: a plain sentence, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard_tui.games.shipyard.ui.screen import GameScreen
from shipyard_tui.server.host import TableHost
from shipyard_tui.server.session import SessionApp
from shipyard_tui.server.table_screen import at_server
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support.ui import expected_moves, until


async def test_the_hint_works_at_a_server_table(host: TableHost, monkeypatch) -> None:
    """An SSH play-test found H ending the session: the seat's game is a view and the
    hint took the view again (`KeyError: 'hidden:red'`). Now the hint shows, names a
    choice on screen, and Enter plays it at the host."""
    import shipyard_tui.games.shipyard.bots.strong as strong
    from shipyard_tui.games.shipyard import analysis

    monkeypatch.setattr(strong, "DEFAULT_BUDGET_MS", 5)  # a quick search
    app = SessionApp(host.socket_path, player="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("right", "enter")  # seat 2: a beginner (greedy) bot
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and at_server(app.screen))
        table = next(iter(host.tables.values()))
        game = table.game
        panel = app.screen.query_one(ChoicePanel)
        await until(pilot, lambda: game.to_move == 0 and not app.model.waiting
                     and bool(panel.choices))
        await pilot.press("a", "enter")  # a first move: the count of moves is not 0
        await until(pilot, lambda: game.to_move == 0 and len(game.moves) > 0
                     and not app.model.waiting and bool(panel.choices))
        seen: list[object] = []
        real = analysis.hint_for

        def spy(snapshot, **kwargs):  # type: ignore[no-untyped-def]
            seen.append(snapshot.state.seats[1].contracts)
            indices.append(kwargs["move_index"])
            views.append(snapshot.view(0))
            return real(snapshot, rollouts=4, move_index=kwargs["move_index"])
        views: list[object] = []
        indices: list[int] = []
        monkeypatch.setattr(analysis, "hint_for", spy)
        before = len(game.moves)
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: bool(panel.advice))
        assert seen and seen[0]
        assert all(c.startswith("hidden") for c in seen[0])  # the seat's own view only
        # the host keeps the moves; it says how many, so the hint searches with the seed
        # the Key moments will use for this decision
        assert indices == [before] and before > 0
        # and the hint's seed is the one the Key moments will draw at the host: from the
        # seat's view and the count of moves, never from the game's secret seed
        assert analysis.decision_seed(views[0], before) == analysis.decision_seed(
            game.view(0), before)
        assert panel.advice.startswith("Strong bot: [")
        index = panel.options.highlighted
        assert index is not None
        # the highlighted choice may be a plan of several moves (seeds differ per table)
        chosen = expected_moves(panel.choices[index].move)
        await pilot.press("enter")
        await until(pilot, lambda: len(game.moves) >= before + len(chosen))
        assert game.moves[before:before + len(chosen)] == chosen
    assert app.problem is None


async def test_a_failing_hint_says_so_and_the_game_goes_on(host: TableHost,
                                                            monkeypatch) -> None:
    from shipyard_tui.games.shipyard import analysis

    def broken(snapshot, **kwargs):  # type: ignore[no-untyped-def]
        raise ValueError("no search today")
    monkeypatch.setattr(analysis, "hint_for", broken)
    app = SessionApp(host.socket_path, player="Ann")
    said: list[tuple[str, str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("right", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and at_server(app.screen))
        game = next(iter(host.tables.values())).game
        panel = app.screen.query_one(ChoicePanel)
        await until(pilot, lambda: game.to_move == 0 and bool(panel.choices))
        app.notify = (  # type: ignore[method-assign]
            lambda message, title="", **_: said.append((title, message)))
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: bool(said))
        assert said[0][0] == "Hint" and "no search today" in said[0][1]
        assert isinstance(app.screen, GameScreen) and at_server(app.screen) and panel.choices
    assert app.problem is None


class RichError(Exception):
    """An error that draws itself (Textual hands these to ``panic`` instead)."""

    def __rich__(self) -> str:
        return "a self-drawn error"


def _raise(error: Exception) -> None:
    raise error


@pytest.mark.parametrize("error", [ZeroDivisionError("division by zero"), RichError("x")])
async def test_a_bug_in_a_session_shows_a_sentence_not_a_traceback(host: TableHost,
                                                                    tmp_path: Path,
                                                                    monkeypatch,
                                                                    error) -> None:
    """Textual draws a crash's traceback, with local variables, on the terminal: at the
    server that is the player's. The session keeps it in a crash log instead and
    leaves the player one sentence."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    app = SessionApp(host.socket_path, player="Ann")
    with pytest.raises(type(error)):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.call_later(_raise, error)
            await pilot.pause()
            await pilot.pause()
    assert app.problem is not None
    assert app.problem.startswith("This session stopped on a bug")
    assert "connect again" in app.problem and "Traceback" not in app.problem
    assert app._exit_renderables == []  # nothing drawn for the player
    logs = list((tmp_path / "data" / "server").glob("session-crash-*.log"))
    assert len(logs) == 1 and type(error).__name__ in logs[0].read_text(encoding="utf-8")
    assert logs[0].name in app.problem
