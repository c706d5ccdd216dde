"""The Nauticus board drawn as the table (issue 34): the wheel's ring of fields, each
seat's ships and warehouse, the supply. Over many seeded positions, each drawing is read
back and compared with the rules' view, in colour, without colour (NO_COLOR) and in
ASCII; the layout gives the choices their rows at 80x24, two parts side by side at
120x35 and the whole table at 160x50; the wheel prints the letters that choose."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from functools import cache

import pytest
from rich.console import Console
from rich.text import Text

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, NauticusState, Step
from shipyard_tui.games.nauticus.rules.catalog import (
    CRESTS,
    FIELD_BONUS,
    GOODS,
    HULL_KINDS,
    ITEMS_OF_ACTION,
    PASS_TILES,
    PRICE_DIGITS,
    Action,
    item_kind,
    item_name,
)
from shipyard_tui.games.nauticus.rules.engine import blue_workers
from shipyard_tui.games.nauticus.rules.moves import Choose
from shipyard_tui.games.nauticus.ui.screen import NauticusScreen
from shipyard_tui.games.nauticus.ui.widgets import (
    PartsBar,
    SeatBoard,
    SeatsPanel,
    SupplyPanel,
    WheelPanel,
)
from shipyard_tui.games.nauticus.ui.widgets.pieces import CREST_MARKS
from shipyard_tui.games.nauticus.ui.widgets.seat_board import draw_seat, ship
from shipyard_tui.games.nauticus.ui.widgets.supply_panel import supply_lines
from shipyard_tui.games.nauticus.ui.widgets.wheel_panel import (
    CELL_LINES,
    MIN_CELL,
    PLACES,
    draw_wheel,
)
from shipyard_tui.model import GameModel
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import to_ascii
from shipyard_tui.ui.palette import CREST_STYLES, HULL_STYLE, seat_mark
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support import random_playout
from support.nauticus import config
from support.ui import settle

MODES = ["colour", "no-colour", "ascii"]


@cache
def positions() -> tuple[NauticusState, ...]:
    """Views of seeded games played by random moves for a varying number of moves."""
    views = []
    for seed in range(12):
        game = random_playout(NauticusGame(config(2 + seed % 3, seed)), seed,
                              moves=10 + seed * 37 % 300)
        views.append(GameModel(game).view)
    emptied = views[-1].copy()  # a stack run out (NA-1.7)
    emptied.stacks["hull:centre"] = 0
    return (*views, emptied)


def shown(lines: list[Text], width: int, mode: str) -> list[str]:
    """What a terminal shows of ``lines`` in ``mode``."""
    colour = mode == "colour"
    console = Console(width=width, record=True, file=io.StringIO(), no_color=not colour,
                      color_system="truecolor" if colour else None)
    for line in lines:
        console.print(line, no_wrap=True, crop=True)
    out = console.export_text(styles=False).splitlines()
    if mode == "ascii":
        out = [to_ascii(line) for line in out]
        assert all(line.isascii() for line in out)
    return out


def glyph(char: str, mode: str) -> str:
    return to_ascii(char) if mode == "ascii" else char


def crest_mark(name: str, mode: str) -> str:
    return glyph(CREST_MARKS[name], mode)


# -- the wheel -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [80, 160])
def test_every_field_of_the_wheel_is_drawn_with_its_tile_bonus_workers_and_prices(mode,
                                                                                  width):
    """NA-1.1, NA-4.1 to NA-4.4, NA-3.2: each field in its place around the ring."""
    letters = "abcdefgh"
    for view in positions():
        keys = {str(Choose(Action(tile))): letters[f] for f, tile in enumerate(view.tiles)
                if not view.face_down[f]}
        lines = shown(draw_wheel(view, width, lambda move, keys=keys: keys.get(str(move), "")),
                      width, mode)
        assert len(lines) == 3 * CELL_LINES
        cell = max(MIN_CELL, (width - 2) // 3)
        for field, (row, column) in PLACES.items():
            rows = [line[column * (cell + 1):column * (cell + 1) + cell]
                    for line in lines[row * CELL_LINES:(row + 1) * CELL_LINES]]
            action = Action(view.tiles[field])
            down = view.face_down[field]
            assert rows[0][2:].startswith(action.label), (field, rows)
            marker = (glyph("▶", mode) if view.chosen == field
                      else "" if down else letters[field])
            assert rows[0][0] == (marker or " "), (field, rows)
            assert rows[0].rstrip().endswith("done") is down, (field, rows)
            assert rows[1].startswith(f"+{FIELD_BONUS[field].value}"), (field, rows)
            workers = blue_workers(view, field)
            assert rows[1].split()[-1] == (glyph("●", mode) * workers if workers
                                          else "anchor"), (field, rows)
            assert (workers == 0) is (view.anchor == field)
            items = ITEMS_OF_ACTION.get(action, ())
            prices = " ".join(rows[2:])
            for position, item in enumerate(items):
                assert f"{item_name(item)} {PRICE_DIGITS[field][position]}" in prices, rows
            if not items:
                assert "free action" in rows[2]
            corner = rows[3].split()
            assert corner[-1] == str(field)
            assert (corner[-2:-1] == [glyph("⚑", mode)]) is (view.anchor_tile == field)
        hub = " ".join(lines[CELL_LINES + i][cell + 1:2 * cell + 1] for i in range(CELL_LINES))
        rounds = view.config.rounds
        assert f"Round {min(view.round, rounds)} of {rounds}, phase {min(view.phase, 7)}" in hub
        chooser = f"chooser {glyph(seat_mark(view.chooser), mode)} "
        assert chooser + view.seats[view.chooser].name[:MIN_CELL - len(chooser) - 1] in hub


# -- a seat's side of the table --------------------------------------------------------


def test_each_build_is_a_ship_with_its_sails_masts_hull_and_goods_in_place():
    """NA-8.1, NA-8.4, NA-8.5: every hull tile of a build in order, bow side left, with
    its mast and sail above and its good below, in the same column."""
    checked = 0
    for view in positions():
        for seat in view.seats:
            for number, build in enumerate(seat.yard, 1):
                drawn = ship(build, number, ascii=False)
                label, sails, masts, hull, goods = [line.plain for line in drawn]
                for line, crests in ((drawn[1], [s.sail for s in build.slots]),
                                     (drawn[2], [s.mast for s in build.slots])):
                    # in colour, each crest also in its own colour
                    assert [str(span.style) for span in line.spans] == \
                        [CREST_STYLES[c] for c in crests if c]
                assert {str(span.style) for span in drawn[3].spans} == {HULL_STYLE}
                assert label.startswith(str(number))
                assert ("complete" in label or "✓" in label) is build.complete
                for i, slot in enumerate(build.slots):
                    column = slice(7 * i + 1, 7 * i + 7)
                    assert hull[column].strip() == slot.hull
                    for line, kind, crest in ((sails, "▲", slot.sail), (masts, "┃", slot.mast)):
                        assert line[column].strip() == (kind + CREST_MARKS[crest]
                                                        if crest else "")
                    assert goods[column].strip() == (slot.good or "·")
                assert hull.startswith("◀") is (build.has_bow or build.is_single)
                assert hull.endswith("▶") is (build.has_stern or build.is_single)
                checked += 1
    assert checked > 30


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [46, 78, 120])
def test_every_seats_counts_yard_warehouse_and_deliveries_are_drawn(mode, width):
    """NA-2.3, NA-7.4, NA-10.1, NA-11.1, NA-12.1: the head in words; every hull tile,
    mast, sail and good of the yard and the warehouse; the 12 spaces of the warehouse,
    a mast in two; the delivered goods."""
    mast, sail = glyph("┃", mode), glyph("▲", mode)
    for view in positions():
        for index, seat in enumerate(view.seats):
            lines = shown(draw_seat(view, index, width, ascii=mode == "ascii"), width, mode)
            assert all(len(line) <= width for line in lines)
            text = "\n".join(lines)
            head = "\n".join(lines[:2])
            assert seat.name in head and f"{seat.vp} VP" in head
            assert re.search(rf"\b{seat.coins} coins?\b", head)
            assert re.search(rf"\b{seat.workers} workers?\b", head)
            assert re.search(rf"\b{seat.crowns} crowns?\b", head)
            assert ("extra action ready" if seat.extra else "extra action used") in head
            passes = re.search(r"pass((?: \S+){3})", head)
            assert passes, head
            assert passes.group(1).split() == [f"-{t}" if t in seat.pass_up
                                               else crest_mark("crown", mode)
                                               for t in PASS_TILES]
            want: Counter[str] = Counter(seat.warehouse)
            for build in seat.yard:
                for slot in build.slots:
                    want[f"hull:{slot.hull}"] += 1
                    for kind, name in (("mast", slot.mast), ("sail", slot.sail),
                                       ("good", slot.good)):
                        if name:
                            want[f"{kind}:{name}"] += 1
            delivered = re.search(r"delivered: (.*)", text.replace("\n", " "))
            assert bool(delivered) is bool(seat.delivered)
            for name, count in seat.delivered.items():
                assert delivered and f"{count} {name}" in delivered.group(1)
                want[f"good:{name}"] += 1  # named once in the deliveries
            got: Counter[str] = Counter()
            for name in HULL_KINDS:
                got[f"hull:{name}"] = len(re.findall(rf"\b{name}\b", text))
            for name in CRESTS:
                letter = re.escape(crest_mark(name, mode))
                got[f"mast:{name}"] = len(re.findall(re.escape(mast) + letter, text))
                got[f"sail:{name}"] = len(re.findall(re.escape(sail) + letter, text))
            for name in GOODS:
                got[f"good:{name}"] = len(re.findall(rf"\b{name}\b", text))
            assert +got == +want, (index, text)
            title = f"warehouse {seat.warehouse_used} of 12 spaces used"
            assert title in text
            at = next(i for i, line in enumerate(lines) if title in line)
            column = lines[at].index(title)  # below the ships, or beside them
            spaces = [line[column:] for line in lines[at + 1:]]
            divider = glyph("│", mode)
            between = re.escape(divider) + r"(?![WBHT*★])"  # not an ASCII mast's "|"
            cells = [cell for line in spaces if line.startswith(divider)
                     for cell in re.split(between, line.strip()[1:-1])]
            filled = sum(2 if "mast" in cell else 1 for cell in cells
                         if cell.strip() != glyph("·", mode))
            assert filled == seat.warehouse_used
            assert sum(2 if "mast" in cell else 1 for cell in cells) == 12


# -- the supply ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [40, 78])
def test_every_stack_of_the_supply_is_drawn_with_its_count(mode, width):
    """NA-1.7: the 18 open stacks, each by its piece and what is left (none in words)."""
    for view in positions():
        text = " ".join(shown(supply_lines(view, width), width, mode))
        for name, left in view.stacks.items():
            kind, what = item_kind(name), item_name(name)
            piece = (glyph("┃" if kind == "mast" else "▲", mode) + crest_mark(what, mode)
                     if kind in ("mast", "sail") else what)
            count = str(left) if left else "none"
            assert re.search(re.escape(piece) + rf" {count}\b", text), (name, text)
        for words in ("sail", "mast", "whale", "boat", "helm", "trident", "crown"):
            assert words in text  # the legend


# -- the layout ----------------------------------------------------------------------


YARD_USES = {Action.HULLS, Action.MASTS, Action.SAILS, Action.GOODS, Action.TRANSPORT}


def placing(state: NauticusState) -> bool:
    """A use of an action that puts a tile in the yard or the warehouse."""
    return state.step is Step.ACT and state.perf is not None and state.perf.action in YARD_USES


def nauticus_app(step: Step, players: int = 3, *, yard: bool = False) -> ShipyardApp:
    """Ann (a person) against greedy bots, at her first decision of ``step`` (with
    ``yard``, a use that places a tile)."""
    from shipyard_tui.games.nauticus import SeatConfig, SeatKind

    names = ("Bea", "Cy", "Dan")[:players - 1]
    seats = (SeatConfig("Ann"), *(SeatConfig(n, SeatKind.BOT, "greedy") for n in names))
    for seed in range(20):
        game = NauticusGame(NauticusConfig(seats, seed=seed))
        random_playout(game, seed, moves=25)
        rng = random.Random(seed)
        while not game.is_over and not (game.to_move == 0 and game.state.step is step
                                        and (placing(game.state) or not yard)):
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over:
            return ShipyardApp(game=game, bot_delay=0)
    raise AssertionError(f"no game reaches {step}")


@pytest.mark.parametrize("step", [Step.CHOOSE, Step.ACT])
async def test_at_80x24_the_choices_keep_8_rows_and_the_board_shows_the_decisions_part(step):
    """Choosing a tile shows the wheel; placing a tile, the seat's yard and warehouse."""
    app = nauticus_app(step, yard=step is Step.ACT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NauticusScreen)
        assert screen.query_one(ChoicePanel).region.height >= 8
        wheel, seat = screen.query_one(WheelPanel), screen.query_one("#seat-part", SeatBoard)
        if step is Step.CHOOSE:
            assert wheel.region.height == 12 and not seat.region
        else:
            assert seat.region.height and not wheel.region and seat.seat == 0
        bar = str(screen.query_one(PartsBar).render())
        assert "r next part:" in bar and all(s.name in bar for s in app.playing.state.seats)


async def test_at_120x35_the_wheel_and_a_seat_stand_side_by_side():
    app = nauticus_app(Step.GO)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        screen = app.screen
        wheel, seat = screen.query_one(WheelPanel), screen.query_one("#seat-part", SeatBoard)
        assert wheel.region.height >= 14 and seat.region.height >= 14
        assert wheel.region.y == seat.region.y and seat.region.x >= wheel.region.right
        assert screen.query_one(ChoicePanel).region.height >= 14
        await pilot.press("r")
        await settle(pilot)
        assert screen.query_one(WheelPanel).region  # the wheel stays; the seat is next
        assert screen.query_one("#seat-part", SeatBoard).seat == 1


async def test_at_160x50_the_whole_table_is_shown_and_a_choice_fits_on_a_line():
    app = nauticus_app(Step.GO, players=4)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(WheelPanel).region.height >= 14
        boards = screen.query_one(SeatsPanel).query(SeatBoard)
        assert [b.seat for b in boards] == [0, 1, 2, 3] and all(b.region for b in boards)
        assert screen.query_one("#side-supply", SupplyPanel).region
        assert not screen.query_one(PartsBar).region
        panel = screen.query_one(ChoicePanel)
        assert panel.region.height >= 14
        options = panel.options
        width = options.scrollable_content_region.width
        fitting = [option for option in options.options
                   if "free tile it earns is lost" not in str(option.prompt)]
        assert fitting and all(options._get_visual(option).get_height(options.styles, width)
                               == 1 for option in fitting)


async def test_the_wheel_prints_the_letter_that_chooses_each_tile():
    app = nauticus_app(Step.CHOOSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        view = model.view
        drawn = shown(draw_wheel(view, 80, model.key_for), 80, "no-colour")
        cell = max(MIN_CELL, 78 // 3)
        chosen = None
        for field, (row, column) in PLACES.items():
            if view.face_down[field]:
                continue
            letter = drawn[row * CELL_LINES][column * (cell + 1)]
            assert letter == model.key_for(Choose(Action(view.tiles[field])))
            assert letter.strip()
            chosen = (letter, Action(view.tiles[field]))
        assert chosen is not None
        played = len(app.playing.moves)
        await pilot.press(chosen[0], "enter")
        await settle(pilot)
        assert app.playing.moves[played] == Choose(chosen[1])


async def test_the_tile_looked_at_among_the_choices_is_marked_on_the_wheel():
    """Moving through the choice of a tile marks that tile on the wheel (reversed, an
    attribute that NO_COLOR keeps)."""
    app = nauticus_app(Step.CHOOSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        panel = app.screen.query_one(ChoicePanel)
        for _ in range(2):
            await pilot.press("down")
            await settle(pilot)
            move = panel.choices[panel.options.highlighted].move
            assert isinstance(move, Choose) and model.highlight == move
            field = model.view.tiles.index(move.action.value)
            row, column = PLACES[field]
            lines = app.screen.query_one(WheelPanel).render_view(model.view).renderables
            first = lines[row * CELL_LINES]
            assert isinstance(first, Text)
            start = column * (max(MIN_CELL, 78 // 3) + 1) + 2
            marked = [span for span in first.spans if "reverse" in str(span.style)]
            assert [(span.start, span.end) for span in marked] == \
                [(start, start + len(move.action.label))]
