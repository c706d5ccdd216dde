"""The ship display, the yards and the employee board drawn as on the table (issue 34):
over seeded positions, in colour, without colour and in ASCII, everything the rules'
view holds is on screen: each display tile's kind, features (read back through the
legend on screen) and price, the stacks' sizes; each yard cell's tile, its features and
whether it is part of a complete ship; each employee on the board, its space's cost,
the marker, and a legend for every short name drawn."""

from __future__ import annotations

import functools
import io
import random

import pytest
from rich.console import Console
from rich.text import Text

from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game, GameConfig, TileKind
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui.widgets.employee_track import (
    EmployeeTrack,
    employee_short,
    track_legend,
)
from shipyard_tui.games.shipyard.ui.widgets.ship_display import (
    COLUMN_WIDTH,
    PRICE_WIDTH,
    draw_display,
    stack_sizes,
)
from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import FEATURE_WORDS
from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import (
    cell_width,
    yard_cells,
    yard_title,
)
from shipyard_tui.model import GameModel
from shipyard_tui.ui.ascii import to_ascii
from support.invariants import classic_config, random_config

MODES = ["colour", "no-colour", "ascii"]


def _lines(parts: list[Text] | object, width: int, mode: str) -> list[str]:
    colour = mode == "colour"
    console = Console(width=width, record=True, file=io.StringIO(), no_color=not colour,
                      color_system="truecolor" if colour else None)
    for part in parts if isinstance(parts, list) else [parts]:
        console.print(part)
    lines = console.export_text().splitlines()
    if mode == "ascii":
        lines = [to_ascii(line) for line in lines]
        assert all(line.isascii() for line in lines)
    return lines


@functools.cache
def positions() -> list[Game]:
    """Games of 2 to 4 seats (two of them classic) played by random moves for a varying
    while; every other one stopped where a ship is being loaded, so yards hold complete
    ships."""
    games = []
    for seed in range(8):
        players = 2 + seed % 3
        config: GameConfig = classic_config(players, seed) if seed % 4 == 3 \
            else random_config(players, seed)
        game = Game(config)
        rng = random.Random(seed)
        target = 40 + seed * 45
        while not game.is_over and (len(game.moves) < target or (
                seed % 2 and game.state.turn.step is not S.LOAD and len(game.moves) < 4000)):
            game.push(rng.choice(considered(game.legal_moves())))
        games.append(game)
    return games


def _legend(text: str, words: dict[str, str]) -> dict[str, str]:
    """The symbols a legend on screen names: each word of ``words`` with the character
    drawn before it."""
    found = {}
    for word in sorted(set(words.values()), key=len, reverse=True):
        at = text.find(f" {word}")
        while at > 0 and text[at + 1 + len(word):at + 2 + len(word)] not in ("", " "):
            at = text.find(f" {word}", at + 1)
        if at > 0:
            found[text[at - 1]] = word
    return found


def _read(face: str, legend: dict[str, str]) -> list[str]:
    """The features a card's face shows, by the legend's names."""
    if face.strip() == "blank":
        return []
    return [legend[symbol] for symbol in face.split()]


def test_every_position_has_tiles_and_some_complete_ships():
    yards = [seat.yard for game in positions() for seat in game.state.seats]
    assert sum(t is not None for yard in yards for t in yard) > 20
    assert any(q.complete_ships(q.pattern(yard)) for yard in yards)


@pytest.mark.parametrize("mode", MODES)
def test_the_display_shows_every_tile_its_features_its_price_and_the_stacks(mode):
    for game in positions():
        view = game.state
        lines = _lines(draw_display(view, lambda move: "", set(), None, ascii=mode == "ascii"),
                       100, mode)
        rows = len(CATALOG.slot_prices)
        legend = _legend(" ".join(lines[rows + 1:]), FEATURE_WORDS)
        bows, deck1, deck2, sterns = stack_sizes(view)
        assert f"bow ({bows})" in lines[0] and f"stern ({sterns})" in lines[0]
        assert f"middle ({deck1}+{deck2})" in lines[0]
        assert bows + deck1 + deck2 + sterns == len(view.market.bow_stack) + len(
            view.market.middle_stack) + len(view.market.stern_stack)
        for row in range(rows):
            line = lines[rows - row]
            price = q.slot_price(row)
            assert line[:PRICE_WIDTH].strip() == (f"{price}g" if price else "free")
            for col in range(4):
                start = PRICE_WIDTH + 1 + col * COLUMN_WIDTH + 2
                shown = line[start:start + 7]
                tile = view.market.ships[col][row]
                if tile is None:
                    assert shown.strip() in ("·", "."), (shown, line)
                    continue
                face = CATALOG.ship(tile)
                left, right = {TileKind.BOW: ("◁<", "│|"), TileKind.MIDDLE: ("│|", "│|"),
                               TileKind.STERN: ("│|", ")")}[face.kind]
                assert shown[0] in left and shown[6] in right, (shown, face.kind)
                wanted = [FEATURE_WORDS[f.value] for f in face.features]
                assert _read(shown[1:6], legend) == wanted, (shown, lines)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [78, 118])
def test_every_yard_cell_shows_its_tile_and_complete_ships_are_outlined(mode, width):
    ascii = mode == "ascii"
    for game in positions():
        view = game.state
        for seat, state in enumerate(view.seats):
            yard = state.yard
            title = _lines(yard_title(view, seat, width, ascii=ascii), width + 2, mode)
            cells = _lines(yard_cells(yard, width, ascii=ascii), width + 2, mode)
            legend = _legend(" ".join(title), FEATURE_WORDS)
            assert state.name in title[0]
            ships = q.complete_ships(q.pattern(yard))
            in_ship = {c for bow, stern in ships for c in range(bow, stern + 1)}
            for bow, stern in ships:
                assert f"complete ship: cells {bow}-{stern}" in " ".join(title)
            size = cell_width(len(yard), width)
            cells += [""] * (3 - len(cells))
            for cell, tile in enumerate(yard):
                top, middle, bottom = (line[cell * size:(cell + 1) * size].ljust(size)
                                       for line in cells)
                assert top[1:].startswith(str(cell)), (cell, top)
                if tile is None:
                    assert middle.strip() in ("·", "."), (cell, cells)
                    continue
                face = CATALOG.ship(tile)
                if face.kind is TileKind.BOW:
                    assert middle[0] == "<" and top[0] in "╱/" and bottom[0] in "╲\\"
                if face.kind is TileKind.STERN:
                    assert middle[-1] == ")"
                rule = ("=" if ascii else "═") if cell in in_ship else ("-" if ascii else "─")
                assert set(bottom[1:-1]) == {rule}, (cell, bottom, ships)
                wanted = [FEATURE_WORDS[f.value] for f in face.features]
                assert _read(middle[1:-1], legend) == wanted, (cell, middle, title)


@pytest.mark.parametrize("mode", MODES)
def test_the_employee_board_shows_every_employee_cost_and_the_marker(mode):
    for game in positions():
        view = game.state
        model = GameModel(game)
        track = EmployeeTrack(model)
        table = _lines(track._table(view), 120, mode)
        legend = _lines(track_legend(view, 44), 60, mode)
        named = [piece.strip() for line in legend for piece in line.split("  ")]
        costs = q.marker_costs(view, Action.HIRE)
        assert len(table) == 1 + len(view.employee_track)
        for space, slots in enumerate(view.employee_track):
            row = table[1 + space]
            marked = row.startswith(("▶", ">"))
            assert marked is (space == view.employee_marker), row
            cost = costs[space]
            assert (f"{cost}g" if cost else "free" if cost == 0 else "—" if mode != "ascii"
                    else "-") in row
            for stack in slots:
                if not stack:
                    continue
                name = employee_short(stack[-1])
                name = to_ascii(name) if mode == "ascii" else name
                assert name in row, (name, row)
                after = row[row.index(name) + len(name):].split(" ")[0]
                assert (('"' if mode == "ascii" else "²") in after) is (len(stack) > 1)
                emp = CATALOG.employees[stack[-1]]
                code = name.split()[0]
                colour = q.catalog_of(view).colour_word(emp.colour)
                if len(code) <= 3:  # a three-letter kind is spelled out, with its colour
                    assert f"{code} {colour} {emp.kind.value}" in named, (code, named)
                else:  # a whole word: its colour
                    assert any(piece.startswith(f"{colour} ") and code in piece.split()
                               for piece in named), (code, named)
                if emp.piece is not None:
                    assert f"{name.split()[1]} {emp.piece.value}" in named
                if emp.good is not None:
                    assert f"{name.split()[1][:-1]} {emp.good.value}" in named
                    assert any(piece.endswith(f", level {n}") for n in (1, 2)
                               for piece in named), named


def test_the_employee_board_is_as_wide_as_rich_measures_it():
    """The track sizes itself without measuring every cell's words (compat.table_width):
    at every tightness, in every position and at a narrow and a wide console, the width
    is the one Rich measures."""
    from shipyard_tui.games.shipyard.ui.widgets.employee_track import TIGHTER
    from shipyard_tui.ui.compat import table_width

    ruled = measured = 0
    for game in positions():
        track = EmployeeTrack(GameModel(game))
        for tight in range(len(TIGHTER)):
            table = track._table(game.state, tight)
            for width in (30, 80, 160):
                console = Console(width=width, file=io.StringIO())
                found = table_width(table, width)
                if found is None:  # too wide for the console: Rich narrows it
                    assert console.measure(table).maximum <= width
                    measured += 1
                else:
                    assert found == console.measure(table).maximum
                    ruled += 1
    assert ruled == 2 * measured == 2 * len(positions()) * len(TIGHTER)  # all but at 30


async def test_the_yard_marks_cells_and_previews_the_tile_while_placing():
    """The place step at 80x24: each empty cell says whether the tile may go there, the
    highlighted cell shows the held tile as a card and the reasons stay in words."""
    from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
    from shipyard_tui.ui.app import ShipyardApp
    from support.ui import game_at, plain, settle

    def placing(g: Game) -> bool:
        return g.state.turn.step is S.PLACE and sum(
            t is None for t in g.state.seats[0].yard) < 9
    game = game_at(placing, seeds=range(300))
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        offered = [m.cell for m in model.legal_moves() if isinstance(m, mv.Place)]
        grid = app.screen.query_one("#yard-0", ShipyardGrid)
        lines = plain(grid.render_view(model.view), width=80).splitlines()
        size = cell_width(len(game.state.seats[0].yard), grid.size.width)
        looked = model.highlight
        assert isinstance(looked, mv.Place) and len(offered) > 1
        for cell, tile in enumerate(game.state.seats[0].yard):
            top = lines[1][cell * size:(cell + 1) * size]
            if tile is None and cell != looked.cell:
                assert ("ok" in top) is (cell in offered) and ("✗" in top) is not (
                    cell in offered), (cell, top)
        cell = next(c for c in offered if c != looked.cell)
        model.set_highlight(mv.Place(cell))
        await settle(pilot)
        lines = plain(grid.render_view(model.view), width=80).splitlines()
        assert "ok" in lines[1][looked.cell * size:(looked.cell + 1) * size]
        holding = game.state.turn.holding
        assert holding is not None
        top, middle = (line[cell * size:(cell + 1) * size] for line in lines[1:3])
        assert top[1:].startswith(str(cell)) and "ok" not in top  # the card, not the mark
        wanted = [FEATURE_WORDS[f.value] for f in CATALOG.ship(holding).features]
        assert _read(middle[1:-1], _legend(" ".join(lines), FEATURE_WORDS)) == wanted
        assert f"cell {cell}:" in " ".join(lines)


@pytest.mark.parametrize("ascii", [False, True])
def test_the_help_names_every_feature_symbol_the_cards_use(ascii):
    from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import feature_symbol, ship_tiles_help
    from shipyard_tui.games.shipyard.words import FEATURE_NAMES

    text = ship_tiles_help(ascii)
    symbols = [feature_symbol(f, ascii) for f in FEATURE_WORDS]
    assert len(set(symbols)) == len(symbols)
    for feature in FEATURE_WORDS:
        assert f"`{feature_symbol(feature, ascii)}` {FEATURE_NAMES[feature]}" in text
    assert ("`<`" in text) is ascii and ("`◁`" in text) is not ascii


def test_a_feature_symbol_that_reaches_an_ascii_screen_reads_as_its_cards_letter():
    """The cards draw letters of their own in ASCII; a symbol drawn elsewhere (a help
    page) goes through the line filter and must read the same."""
    from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import (
        FEATURE_LETTERS,
        FEATURE_SYMBOLS,
    )

    assert {f: to_ascii(s) for f, s in FEATURE_SYMBOLS.items()} == FEATURE_LETTERS
    assert len(set(FEATURE_LETTERS.values())) == len(FEATURE_LETTERS)


async def test_each_ship_that_may_sail_first_carries_its_choice_letter():
    """Two ships completed at once (R-7.1): the yard prints by each the letter of the
    choice that sends it first, and the ship looked at stands out."""
    from shipyard_tui.games.shipyard.ui.widgets.shipyard_grid import ShipyardGrid
    from shipyard_tui.ui.app import ShipyardApp
    from support.ui import game_at, plain, settle

    game = game_at(lambda g: g.state.turn.step is S.SAIL_ORDER, seeds=range(400))
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        grid = app.screen.query_one("#yard-0", ShipyardGrid)
        drawn = grid.render_view(model.view)
        text = " ".join(plain(drawn, width=80).split())
        ships = q.complete_ships(q.pattern(game.state.seats[0].yard))
        assert len(ships) >= 2
        for bow, stern in ships:
            letter = model.key_for(mv.SailFirst(bow))
            assert letter and f"{letter} complete ship: cells {bow}-{stern}" in text
        looked = model.highlight
        assert isinstance(looked, mv.SailFirst)
        title = drawn.renderables[0]
        assert isinstance(title, Text)
        reversed_ = [title.plain[span.start:span.end] for span in title.spans
                     if "reverse" in str(span.style)]
        assert any(f"cells {looked.cell}-" in part for part in reversed_), reversed_
