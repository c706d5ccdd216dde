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


async def test_a_market_tile_keeps_its_letter_for_the_whole_build():
    """Issue 35 item 5: the letters of the ship tiles moved after every purchase of a
    build (the same tile was ``p``, then ``o``, then ``n``). A tile keeps its slot's
    letter until the build ends (the display slides down only then, R-4.1), and the
    letter of a tile bought is given to no other choice."""
    game = Game(solo_config("Player", seed=11))
    for move in ("choose build", "proceed"):
        game.play(move)
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def keys() -> dict[str, str]:
            shown = panel(app)
            return {str(c.move): shown.key_of(i) for i, c in enumerate(shown.choices)
                    if c.move is not None}

        before = keys()
        for bought in ("buy bow 0", "buy stern 2"):
            await pilot.press(keys()[bought], "enter")
            await settle(pilot)
            await pilot.press("0" if bought.endswith("0") else "1", "enter")
            await settle(pilot)
            now = keys()
            tiles = {move: key for move, key in now.items() if move.startswith("buy ")}
            assert tiles == {move: before[move] for move in tiles}
            assert bought not in now
            assert now["end-build"] not in before.values()
