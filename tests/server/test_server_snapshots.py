"""SVG snapshots of the lobby (the scenes scripts/screenshots.py writes too)."""

from __future__ import annotations

import pytest

from shipyard_tui.server.showcase import LOBBY_SCENES
from shipyard_tui.ui.showcase import settle
from support.ssh import recording_lobby


@pytest.mark.parametrize("scene", LOBBY_SCENES, ids=[s.name for s in LOBBY_SCENES])
def test_lobby_scene(scene, snap_compare):  # type: ignore[no-untyped-def]
    async def run_before(pilot):  # type: ignore[no-untyped-def]
        await settle(pilot)
        for key in scene.keys:
            await pilot.press(key)
        await settle(pilot)

    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=run_before)


async def test_b_turns_the_turn_bell_off_and_on() -> None:
    from shipyard_tui.server.showcase import LobbyShowcase

    app = LobbyShowcase()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        assert app.bell_on_turn is False
        await pilot.press("b")
        assert app.bell_on_turn is True


async def test_a_new_table_offers_the_level_names_for_bots_and_the_stand_in() -> None:
    """Issue 13: bot seats and the stand-in bot are chosen by the level names players
    see (beginner, sensible, strong, expert), and the lobby shows bots by those names."""
    from shipyard_tui.server.lobby import NewTableScreen, seat_text

    app, sent = recording_lobby()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        seen = []
        for _ in range(6):
            await pilot.press("right")
            seen.append(screen.seats[0])
        # (then the solo automa, a solo table: Shipyard only)
        assert seen == ["bot:beginner", "bot:sensible", "bot:strong", "bot:expert", "automa",
                        "open"]
        await pilot.press("left", "left", "left")  # back to a strong bot at seat 2
        assert screen.seats == ["bot:strong", "none", "none"]
        await pilot.press("down", "down", "down", "right")  # a stand-in after 1 minute
        await pilot.press("down", "right", "right")  # … of the strong level
        await pilot.press("enter")
        await settle(pilot)
    assert sent == [{"op": "create", "seats": ["me", "bot:strong"], "stand_in": 60.0,
                     "stand_in_level": "strong", "game": "shipyard",
                     "rules": "second"}]
    bot = {"name": "Bot 2", "kind": "bot", "level": "planner", "player": None}
    assert seat_text(bot, False).plain == "Bot 2 (sensible)"
    away = {"name": "Dirk", "kind": "person", "level": "", "player": "Dirk",
            "present": False, "stand_in": True}
    assert seat_text(away, False, "strong").plain == "Dirk (strong bot stands in)"


async def test_the_lobby_columns_fit_their_cells_without_waiting_for_a_quiet_moment() -> None:
    """A busy server refreshes the lobby on every move of every table, so the screen may
    never be idle: the columns must be wide enough as soon as the tables are shown
    (they were left as wide as their headings, "3 sea" for "3 seats open")."""
    from textual.widgets import DataTable

    from shipyard_tui.server.lobby import LobbyScreen
    from shipyard_tui.server.showcase import SAMPLE_TABLES, LobbyShowcase

    app = LobbyShowcase()
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        grid = lobby.query_one(DataTable)
        waiting = dict(SAMPLE_TABLES[2], table="e55e55", seats=[
            dict(seat, player=None) for seat in SAMPLE_TABLES[2]["seats"]])
        lobby.show_tables([*SAMPLE_TABLES, waiting])  # no pause: no idle in between
        state = grid.ordered_columns[2]
        cells = [grid.get_cell_at((row, 2)) for row in range(grid.row_count)]
        assert any(str(cell) == "2 seats open" for cell in cells)
        assert state.get_render_width(grid) >= max(len(str(c)) for c in cells) + 2


async def test_a_too_small_terminal_hides_the_lobby_until_it_grows() -> None:
    """Below 80×24 the game's tables asked for a larger window while the lobby drew its
    columns cut off; it now asks too, sits nobody down blind, and comes back when the
    window grows."""
    from textual.widgets import DataTable, Static

    from shipyard_tui.server.lobby import LobbyScreen

    app, sent = recording_lobby()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        message = lobby.query_one("#lobby-too-small", Static)
        grid = lobby.query_one(DataTable)
        assert lobby.has_class("-tiny")
        assert message.display and not grid.display
        words = str(message.render())
        assert "60×20" in words and "the lobby needs at least 80×24" in words
        assert "your seats wait" in words
        await pilot.press("enter", "w", "n")
        await settle(pilot)
        assert sent == [] and app.screen is lobby
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not lobby.has_class("-tiny")
        assert grid.display and not message.display
        assert app.focused is grid
        await pilot.press("enter")
        assert sent == [{"op": "join", "table": "3f9a1c"}]


def test_the_lobby_asks_for_room_at_60x20(snap_compare):  # type: ignore[no-untyped-def]
    from shipyard_tui.server.showcase import LobbyShowcase

    async def run_before(pilot):  # type: ignore[no-untyped-def]
        await settle(pilot)

    assert snap_compare(LobbyShowcase(), terminal_size=(60, 20), run_before=run_before)


def test_a_bot_seat_is_named_with_its_article() -> None:
    from shipyard_tui.server.new_table import _seat_label

    assert _seat_label("bot:strong") == "a strong bot"
    assert _seat_label("bot:expert") == "an expert bot"
