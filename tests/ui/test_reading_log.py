"""The logs keep the reader's place: new entries do not pull a reader who scrolled
back to the end, and a reader at the end sees each new entry (play-tests of the
Nauticus log; the Shipyard log shares the widget)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.widgets.game_log import GameLog
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.widgets.reading_log import ReadingLog
from support.ui import settle


class OneLog(App[None]):
    def compose(self) -> ComposeResult:
        yield ReadingLog(id="log")


async def test_a_reader_who_scrolled_back_stays_and_one_at_the_end_follows():
    app = OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(ReadingLog)
        for i in range(40):
            log.add(f"entry {i}")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0 and log.following
        log.scroll_to(y=5, animate=False, immediate=True)
        await pilot.pause()
        assert not log.following
        for i in range(40, 45):
            log.add(f"entry {i}")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == 5  # still reading entry 5
        assert log.lines[5].text.startswith("entry 5")
        log.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert log.following
        log.add("entry 45")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert log.lines[-1].text.startswith("entry 45")


async def test_the_shipyard_log_leaves_a_reader_where_they_read(monkeypatch, tmp_path):
    """Moves come in while the person reads back in the log (view 6): the log grows but
    its top stays on the line being read, also when the screen showed another view
    meanwhile; back at the end, it follows again."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    seats = (SeatConfig("Me"), SeatConfig("Bot", SeatKind.BOT, "random"))
    app = ShipyardApp(config=GameConfig(seats, seed=5), bot_delay=600.0)  # the test moves
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None

        async def play(moves: int) -> None:
            """Moves by both seats; the screen may bring my decision's view forward,
            so I go back to the log (6) as a reader would."""
            for _ in range(moves):
                model.play(model.legal_moves()[0])
            await settle(pilot)
            await pilot.press("6")
            await settle(pilot)
        await pilot.press("6")
        log = app.screen.query_one(GameLog)
        for _ in range(40):
            await play(1)
            if log.max_scroll_y > 4:
                break
        assert log.size.height > 0 and log.max_scroll_y > 4 and log.following
        log.scroll_to(y=2, animate=False, immediate=True)
        await settle(pilot)
        reading, grew = log.lines[2].text, len(log.lines)
        await play(6)
        assert log.size.height > 0 and len(log.lines) > grew
        assert log.scroll_y == 2 and log.lines[2].text == reading
        log.scroll_end(animate=False, immediate=True)
        await settle(pilot)
        await play(4)
        assert log.scroll_y == log.max_scroll_y
