"""A newcomer's snags at 80x24 (issue 35): each as a Pilot test at the size a
newcomer's terminal opens at."""

from __future__ import annotations

import pytest

from shipyard_tui.games.shipyard.kind import solo_config
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.saves import SaveStore
from shipyard_tui.ui.app import ShipyardApp
from support.ui import panel, settle


@pytest.fixture
def store(tmp_path, monkeypatch) -> SaveStore:
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHIPYARD_CONFIG_DIR", str(tmp_path / "config"))
    return SaveStore()


def solo_build(seed: int = 11) -> Game:
    """A solo game in a build with one tile bought and placed: finishing is the last
    of some twenty choices, and where the highlight starts."""
    game = Game(solo_config("Player", seed=seed))
    for move in ("choose build", "proceed"):
        game.play(move)
    game.play(game.legal_moves()[0])  # buy the first tile
    game.play(game.legal_moves()[0])  # place it
    assert mv.EndBuild() in game.legal_moves()
    return game


async def test_continue_shows_the_highlighted_choice(store):
    """Issue 35 item 4: after ``shipyard continue`` in a build, the highlight (on
    "Finish building", the last choice) was scrolled out of sight under the list: the
    prompt's count of the choices out of sight wrapped to a second line once laid out
    and took a line from the list."""
    store.autosave(solo_build(), "g1")
    app = ShipyardApp(continue_last=True, bot_delay=600.0, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = panel(app).options
        index = options.highlighted
        assert index is not None
        assert isinstance(panel(app).choices[index].move, mv.EndBuild)
        top = options._index_to_line[index]
        seen = range(round(options.scroll_y),
                      round(options.scroll_y) + options.scrollable_content_region.height)
        assert top in seen, (top, seen)
