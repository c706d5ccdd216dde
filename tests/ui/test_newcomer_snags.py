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


def screen_text(app: ShipyardApp) -> list[str]:
    """The lines of the screen as the terminal shows them."""
    from shipyard_tui.ui.compat import rendered_lines

    return ["".join(s.text for s in line) for line in rendered_lines(app.screen)]


def two_seats(edition: str = "second") -> Game:
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind

    return Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                           seed=12, edition=edition))  # Ann first


async def test_a_hint_with_rivals_names_its_runner_up_whole_at_80x24():
    """Issue 35 item 8: between players the runner-up's line says how far it falls
    behind "against the best rival", which left the runner-up "[c] Bonus action:…":
    its words, cut, did not say which. They now take a line of their own, whole."""
    from shipyard_tui.games.shipyard import analysis

    game = two_seats()
    game.play("choose build")
    runner = game.parse("bonus crew")
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = panel(app)
        label = next(c.label for c in shown.choices if c.move == runner)
        assert label.startswith("Bonus action: ")
        hint = analysis.Hint(0, "w", 1.0, 1.0, "v", 0.5, 0.5, False,
                             (game.legal_moves()[0],), (runner,))
        shown.show_hint(hint, shown.options.highlighted)
        await settle(pilot)
        assert label in "\n".join(screen_text(app))


async def test_the_seat_strip_shows_every_piece_and_good_at_80x24():
    """Issue 35 item 8: late in a game the strip's line was cut in its pieces
    ("pieces: Smk 1, Sai 2, Cnn 3, Crn…"): in short, on a third line if need be, every
    count and every good is on screen."""
    from shipyard_tui.games.shipyard.rules.query import PIECES
    from shipyard_tui.games.shipyard.words import GOOD_ABBREV, PIECE_ABBREV

    game = two_seats()
    seat = game.state.seats[0]
    for count, piece in enumerate(PIECES, start=1):
        seat.pieces[piece.value] = count
    seat.commodities.extend(game.state.market.commodities[:3])  # type: ignore[arg-type]
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = "\n".join(screen_text(app))
        assert "…" not in text
        for count, piece in enumerate(PIECES, start=1):
            assert f"{PIECE_ABBREV[piece.value]}{count}" in text, piece
        from shipyard_tui.games.shipyard.words import goods_text

        for tile in seat.commodities:
            goods = " ".join(GOOD_ABBREV[g] for g in goods_text(tile).split())
            assert goods in text, tile


async def test_the_classic_exchange_shows_its_steel_row_at_80x24():
    """Issue 35 item 8: in a classic game the lap ring's line over the Rondels view
    pushed the exchange's steel row out of sight at 80x24 (RC-3.8). Since issue 34 the
    exchange is a wheel: when an exchange is chosen, all six spaces' prices of coal,
    cloth and steel, and the pointer, are in sight (the choices keep their 8 rows: the
    panel scrolls to the wheel)."""
    from shipyard_tui.games.shipyard.rules import Action
    from shipyard_tui.games.shipyard.rules import DecisionStep as S
    from shipyard_tui.games.shipyard.rules import moves as mv
    from shipyard_tui.games.shipyard.ui.widgets.exchange_ring import prices

    app = ShipyardApp(game=two_seats("classic"), game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.model is not None
        app.model.play(mv.Choose(Action.EXCHANGE))
        app.model.play(mv.DeclineBonus())  # the bonus question
        await settle(pilot)
        assert app.model.game.state.turn.step in (S.EXCHANGE_PICK, S.EXCHANGE_GOOD)
        text = "\n".join(screen_text(app))
        for space in range(6):
            assert prices(space, ascii=False) in text, space
        marker = app.model.view.exchange_marker
        assert f"▶{prices(marker, ascii=False)}" in text


async def test_goods_at_the_exchange_are_not_called_none():
    """Issue 35 item 12: while the exchange sells or trades a given-up tile's goods one
    by one (R-4.7), the seat strip said "goods: none", as if they were gone. It names
    the goods still at the exchange."""
    from shipyard_tui.games.shipyard.rules import DecisionStep

    game = two_seats()
    game.play("choose exchange")
    while game.state.turn.step is not DecisionStep.EXCHANGE_GOOD:
        game.play(game.legal_moves()[0])
    assert game.to_move == 0 and not game.state.seats[0].commodities
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = "\n".join(screen_text(app))
        assert "goods: none" not in text
        # in short where the whole would not fit the line
        assert ("goods: at the exchange: coal cloth steel" in text
                or "goods: at the exchange: Coa Clo Stl" in text)


def canal_text(app: ShipyardApp) -> str:
    from shipyard_tui.games.shipyard.ui.widgets.canal_map import CanalMap
    from support.ui import plain

    canal_map = app.screen.query_one(CanalMap)
    return plain(canal_map.render_view(app.model.view), width=200)  # type: ignore[union-attr]


async def test_each_turn_of_a_canal_names_its_water_in_words():
    """Issue 35 item 6: "as printed", "turned right"... over a 3x3 drawing left the
    ways in and out of the water to be made out: each turn names them (R-8.2), in
    the choices and under the drawing."""
    from shipyard_tui.games.shipyard.rules import DecisionStep
    from shipyard_tui.games.shipyard.rules.query import face
    from support.ui import game_at

    game = game_at(lambda g: g.state.turn.step is DecisionStep.CANAL_PLACE)
    canal = game.state.turn.canal
    assert canal is not None
    names = {"N": "north", "E": "east", "S": "south", "W": "west"}
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for choice in panel(app).choices:
            move = choice.move
            assert isinstance(move, mv.PlaceCanal)
            sides = [names[d] for d in "NESW" if d in face(canal, move.rotation).ports]
            assert "water " in choice.label
            words = choice.label.split("water ")[1]
            assert [w for w in names.values() if w in words] == sides or (
                len(sides) == 4 and "all four sides" in words), choice.label
        await pilot.press("4")
        await settle(pilot)
        highlighted = panel(app).choices[panel(app).options.highlighted or 0].label
        assert highlighted.split(": ")[-1] in "\n".join(screen_text(app))


async def test_a_canal_cruised_through_stays_on_the_map_marked_used():
    """Issue 35 item 6: a canal the ship token left became a used canal (R-9.6) and
    vanished from the Canals panel. It stays where it lay, its water dotted, and the
    panel says what the dots mean."""
    from shipyard_tui.games.shipyard.rules import events as ev
    from support.ui import game_at

    game = game_at(lambda g: g.state.seats[0].used_canals > 0)
    used = [c for e in game.events if isinstance(e, ev.CanalsRemoved) and e.seat == 0
            for c in e.used]
    assert used
    app = ShipyardApp(game=game, game_id="g1", bot_delay=600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        shown = canal_text(app)
        assert "used canals" in shown
        placed = {c.canal for c in game.state.seats[0].canals}
        assert any(canal[:2] in shown for canal in used if canal not in placed)
