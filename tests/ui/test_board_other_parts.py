"""The rest of Shipyard's board drawn (issue 34): over seeded positions of 2nd-edition
games of 2 to 4 seats, classic games and solo games, in colour, without colour and in
ASCII, everything the rules' view holds is read back from the drawing of the canal and
commodity columns (each slot's canal: id, the shape of its water, its officials; each
commodity tile's goods; the decks' sizes), each seat's canal map (every placed canal
with its id, water and officials as turned, the ship token, the used canals), each seat's
panel (guilders, points, pieces, goods, staff, contracts, secret for the other seats,
fleet, canals used), the strip of the seat at the screen, the status line (round, wheel,
reserve, whose decision) and the classic action ring's cubes and what each card pays."""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from functools import cache

import pytest
from textual.geometry import Region, Size

from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Game,
    GameState,
    Stage,
)
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.rules.canals import face
from shipyard_tui.games.shipyard.rules.engine.common import commodity_goods
from shipyard_tui.games.shipyard.rules.query import PIECES, WHEEL_POSITIONS
from shipyard_tui.games.shipyard.ui.widgets import canal_column
from shipyard_tui.games.shipyard.ui.widgets.action_ring import (
    COLUMNS,
    RING_NAMES,
    draw_ring,
    ring_position,
)
from shipyard_tui.games.shipyard.ui.widgets.action_track import SHORT_NAMES
from shipyard_tui.games.shipyard.ui.widgets.canal_column import CanalColumn
from shipyard_tui.games.shipyard.ui.widgets.canal_map import CanalMap
from shipyard_tui.games.shipyard.ui.widgets.commodity_column import CommodityColumn
from shipyard_tui.games.shipyard.ui.widgets.seat_panel import SeatPanel
from shipyard_tui.games.shipyard.ui.widgets.seat_strip import SeatStrip
from shipyard_tui.games.shipyard.ui.widgets.status_line import StatusLine
from shipyard_tui.games.shipyard.words import GOOD_ABBREV, ICON_ABBREV, PIECE_ABBREV
from shipyard_tui.model import GameModel
from shipyard_tui.ui.ascii import to_ascii
from shipyard_tui.ui.palette import seat_mark
from support.shipyard import board_config
from support.ui import drawn

MODES = ("colour", "no-colour", "ascii")
KINDS = (("second", 2), ("second", 3), ("second", 4), ("classic", 3), ("classic", 2),
         ("solo", 1))


_config = board_config


@cache
def positions() -> tuple[Game, ...]:
    """Each kind of game played by random moves for a varying while: early, twice
    midway (one of them stopped while a seat places a canal or cruises, so canal maps
    hold tokens and used canals) and at the end."""
    games = []
    for number, (kind, seats) in enumerate(KINDS):
        for stop, target in enumerate((15 + 7 * number, 60 + 23 * number, 140 + 29 * number,
                                       None)):
            seed = 10 * number + stop
            game = Game(_config(kind, seats, seed))
            rng = random.Random(seed)
            while not game.is_over and (target is None or len(game.moves) < target or (
                    stop == 2 - number % 2 and game.state.turn.step not in (
                        S.CRUISE, S.CANAL_PLACE) and len(game.moves) < 3 * target)):
                game.push(rng.choice(considered(game.legal_moves())))
            games.append(game)
    return tuple(games)


def viewers(game: Game) -> list[int]:
    """The seats a screen may show the game to: every seat that is not an automa."""
    return [i for i, seat in enumerate(game.state.seats) if not seat.is_automa]


def glyph(text: str, mode: str) -> str:
    return to_ascii(text) if mode == "ascii" else text


def test_the_positions_hold_what_the_parts_draw():
    """The positions reach canals placed and used, tokens, fleets, goods, staff and
    contracts, classic and solo games and games over."""
    games = positions()
    seats = [seat for game in games for seat in game.state.seats]
    assert sum(bool(seat.canals) for seat in seats) >= 5
    assert any(seat.token is not None for seat in seats)
    assert any(seat.used_canals for seat in seats)
    assert any(seat.fleet for seat in seats) and any(seat.employees for seat in seats)
    assert any(len(seat.contracts) > 1 for seat in seats)
    assert any(game.is_over for game in games)
    assert any(game.state.countdown is not None for game in games)


# -- the canal and commodity columns ---------------------------------------------------

DIRECTIONS = {"HORIZONTAL": "WE", "VERTICAL": "NS", "UP": "N", "DOWN": "S", "LEFT": "W",
              "RIGHT": "E"}


def read_shape(shape: str, ascii: bool) -> frozenset[str]:
    """The ports a drawn canal's water reaches: a box-drawing character read by its
    Unicode name; in ASCII three columns, the west arm, the middle (``|`` north and
    south, ``'`` north, ``.`` south) and the east arm."""
    if not ascii:
        assert len(shape) == 1, shape
        words = unicodedata.name(shape).split()
        assert words[:2] == ["BOX", "DRAWINGS"], shape
        return frozenset("".join(DIRECTIONS.get(word, "") for word in words))
    assert len(shape) == 3, shape
    ports = {"|": "NS", "+": "NS", "'": "N", ".": "S", "-": ""}[shape[1]]
    return frozenset(ports + ("W" if shape[0] == "-" else "") + ("E" if shape[2] == "-" else ""))


ICON_OF = {abbrev: icon for icon, abbrev in ICON_ABBREV.items()}
GOOD_OF = {abbrev: good for good, abbrev in GOOD_ABBREV.items()}


@pytest.mark.parametrize("mode", MODES)
def test_every_canal_for_rent_shows_its_id_water_and_officials(mode, monkeypatch):
    """COMPONENTS: the five canal slots, the dearest on top (level with the ship
    display's rows), each canal's id, its water as printed and its officials in order;
    the deck's size in the heading."""
    ascii = mode == "ascii"
    monkeypatch.setattr(canal_column, "draws_ascii", lambda node: ascii)
    for game in positions():
        model = GameModel(game)
        view = model.view
        lines = drawn(CanalColumn(model).render_view(view), 40, mode)
        canals = view.market.canals
        assert lines[0].strip() == f"Canal ({len(view.market.canal_deck)})", lines
        assert len(lines) >= 1 + len(canals), lines  # then, room allowing, a legend
        for slot, canal in enumerate(canals):
            row = lines[len(canals) - slot][2:]
            if canal is None:
                assert row.strip() == glyph("·", mode), (slot, lines)
                continue
            tile = CATALOG.canals[canal]
            assert row[:3] == f"{canal} ", (slot, canal, row)
            size = 3 if ascii else 1
            assert read_shape(row[3:3 + size], ascii) == frozenset(tile.water) - {"C"}, (
                canal, row)
            officials = [ICON_OF[word] for word in row[3 + size:].split()]
            assert officials == [icon.value for _cell, icon in tile.icons], (canal, row)


@pytest.mark.parametrize("mode", MODES)
def test_every_commodity_tile_for_sale_shows_its_three_goods(mode):
    for game in positions():
        model = GameModel(game)
        view = model.view
        lines = drawn(CommodityColumn(model).render_view(view), 40, mode)
        tiles = view.market.commodities
        assert lines[0].strip() == f"Goods ({len(view.market.commodity_deck)})", lines
        assert len(lines) >= 1 + len(tiles), lines  # then, room allowing, a legend
        for slot, tile in enumerate(tiles):
            row = lines[len(tiles) - slot][2:]
            if tile is None:
                assert row.strip() == glyph("·", mode), (slot, lines)
                continue
            goods = [GOOD_OF[word] for word in row.split()]
            assert goods == [good.value for good in commodity_goods(tile)], (tile, row)


def test_the_columns_name_the_canals_and_goods_of_some_positions():
    """The columns above are not all empty: canals with officials and all three goods."""
    market = [game.state.market for game in positions()]
    assert any(CATALOG.canals[c].icons for m in market for c in m.canals if c)
    goods = {g.value for m in market for t in m.commodities if t for g in commodity_goods(t)}
    assert goods == {"coal", "cloth", "steel"}


@pytest.mark.parametrize("mode", MODES)
def test_the_columns_legends_name_every_short_name_on_show(mode, monkeypatch):
    """Issue 34: no short name without a legend on screen. Under the slots, where the
    panel has the rows, the canal column names each official on show (and no other),
    the goods column each good."""
    monkeypatch.setattr(canal_column, "draws_ascii", lambda node: mode == "ascii")
    for game in positions():
        model = GameModel(game)
        view = model.view
        canals = view.market.canals
        lines = drawn(CanalColumn(model).render_view(view), 40, mode)
        legend = [line.strip() for line in lines[1 + len(canals):] if line.strip()]
        shown = {icon.value for c in canals if c for _cell, icon in CATALOG.canals[c].icons}
        assert [ICON_OF[line.split()[0]] for line in legend] == [
            icon for icon in ICON_ABBREV if icon in shown], legend
        for line in legend:
            assert len(line.split()) == 2 and line.split()[1].isalpha(), line
        lines = drawn(CommodityColumn(model).render_view(view), 40, mode)
        legend = [line.strip() for line in lines[1 + len(view.market.commodities):]]
        assert [line.split() for line in legend if line] == [
            [short, good] for good, short in GOOD_ABBREV.items()]


# -- the canal map ---------------------------------------------------------------------

CELLS = {"N": (1, 0), "W": (0, 1), "C": (1, 1), "E": (2, 1), "S": (1, 2)}
"""Where each space of a canal tile lies in its three rows of three two-column cells."""
POINTS = {"N": "▼", "S": "▲", "E": "◀", "W": "▶"}
"""The token's arrow, by the edge it came across: pointing away from it."""
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def tile_at(lines: list[str], x: int, y: int) -> list[str]:
    """The three rows of the tile at (x, y), found by the map's own column and row
    labels."""
    header = lines[1]
    first = int(header.split()[0][1:])
    start = 5 + 7 * (x - first)
    assert f"x{x}" in header[start:start + 7], (x, header)
    middle = next(i for i, line in enumerate(lines) if line[:5].strip() == f"y{y}")
    return [lines[i][start:start + 6].ljust(6) for i in (middle - 1, middle, middle + 1)]


def cell(rows: list[str], space: str) -> str:
    column, row = CELLS[space]
    return rows[row][2 * column:2 * column + 2]


def used_spots(game: Game, seat: int) -> dict[tuple[int, int], set[str]]:
    """Where the seat's used canals lay (R-9.6), from the rules' record of the game:
    each spot not under a canal now, with the used canals once placed there."""
    placed: dict[str, tuple[int, int]] = {}
    spots: dict[tuple[int, int], set[str]] = {}
    for event in game.events:
        if isinstance(event, ev.CanalPlaced) and event.seat == seat:
            placed[event.canal] = (event.x, event.y)
        elif isinstance(event, ev.CanalsRemoved) and event.seat == seat:
            for canal in event.used:
                spots.setdefault(placed[canal], set()).add(canal)
    now = {(c.x, c.y) for c in game.state.seats[seat].canals}
    return {spot: canals for spot, canals in spots.items() if spot not in now}


@pytest.mark.parametrize("mode", MODES)
def test_every_placed_canal_the_token_and_the_used_canals_are_on_the_map(mode):
    """R-9: each placed canal in its place, its id in its corner, water where its ports
    are as turned, land elsewhere, its officials on their spaces; the ship token on its
    space, with the seat's mark and an arrow away from where it came from; each used
    canal (R-9.6) dotted where it lay; the number used in the title."""
    water, land, dots = (glyph(c * 2, mode) for c in "≈░·")
    used_seen = tokens_seen = 0
    for game in positions():
        model = GameModel(game)
        view = model.view
        for index, seat in enumerate(view.seats):
            if seat.is_automa:
                continue
            widget = CanalMap(model)
            widget.seat = index
            lines = drawn(widget.render_view(view), 120, mode)
            mark = glyph(seat_mark(index), mode)
            assert lines[0].startswith(f"{mark} {seat.name}"), lines
            assert f"used {seat.used_canals}" in lines[0], lines
            used = used_spots(game, index)
            if not seat.canals and not used:
                assert lines[1] == "no canals yet", lines
                continue
            token = seat.token
            for placed in seat.canals:
                rows = tile_at(lines, placed.x, placed.y)
                turned = face(placed.canal, placed.rotation)
                icons = dict(turned.icons)
                assert rows[0][:2] == placed.canal, (placed, rows)
                for space in CELLS:
                    shown = cell(rows, space)
                    if space != "C" and space not in turned.ports:
                        assert shown == land, (placed, space, rows)
                    elif token is not None and (token.x, token.y, token.cell) == (
                            placed.x, placed.y, space):
                        came = token.came_from
                        arrow = POINTS[OPPOSITE[space]] if came == "C" and space in OPPOSITE \
                            else POINTS.get(came, "•")
                        assert shown == mark + glyph(arrow, mode), (token, rows)
                    elif space in icons:
                        assert shown == ICON_ABBREV[icons[space].value], (placed, space, rows)
                    else:
                        assert shown == water, (placed, space, rows)
                for corner in ((0, 2), (2, 0), (2, 2)):
                    assert rows[corner[0]][2 * corner[1]:2 * corner[1] + 2] == land, rows
            drawn_marks = sum(line.count(mark + a) for line in lines[2:]
                              for a in {glyph(p, mode) for p in (*POINTS.values(), "•")})
            assert drawn_marks == (token is not None), (token, lines)
            tokens_seen += drawn_marks
            for (x, y), canals in used.items():
                rows = tile_at(lines, x, y)
                assert rows[0][:2] in canals, (canals, rows)
                assert cell(rows, "C") == dots and land not in "".join(rows), rows
                used_seen += 1
            ids = [line[5:][7 * k:7 * k + 2] for line in lines[2:]
                   for k in range(len(line[5:]) // 7 + 1)]
            assert sum(1 for i in ids if i in CATALOG.canals) == len(seat.canals) + len(used)
            assert ("dotted water: used canals" in " ".join(lines)) is bool(used), lines
    assert used_seen and tokens_seen


# -- the seat panels -------------------------------------------------------------------

PIECE_OF = {abbrev: piece for piece, abbrev in PIECE_ABBREV.items()}


def read_pieces(words: str, mode: str, *, short: bool = False) -> dict[str, int]:
    """Pieces written ``Cnn 3, Crn 1`` (``Cnn3 Crn1`` in short) by their kinds."""
    if words == "none":
        return {}
    names = {glyph(abbrev, mode): piece for abbrev, piece in PIECE_OF.items()}
    out = {}
    for item in words.split(" " if short else ", "):
        found = re.fullmatch(r"(\S+?) ?(\d+)", item)
        assert found, (item, words)
        out[names[found[1]]] = int(found[2])
    return out


def held(seat_pieces: dict[str, int]) -> dict[str, int]:
    return {p.value: seat_pieces[p.value] for p in PIECES if seat_pieces.get(p.value)}


def read_goods(words: str, view: GameState, seat: int, *, short: bool = False) -> None:
    """Goods written tile by tile (``coal cloth steel | ...``, short ``Coa Clo Stl,
    ...``), then those still at the exchange, compared with the seat's tiles."""
    left = [g.value for g in q.goods_at_exchange(view)] if view.turn.seat == seat else []
    tiles = [[g.value for g in commodity_goods(t)] for t in view.seats[seat].commodities]
    if not tiles and not left:
        assert words == "none", words
        return
    parts = words.split(", " if short else " | ")
    read = {GOOD_OF.get(w, w) if short else w for part in parts for w in part.split()} - {
        "at", "the", "exchange:"}
    assert read <= {"coal", "cloth", "steel"}, words
    if left:
        at = parts.pop()
        assert at.startswith("at the exchange: "), words
        assert [GOOD_OF.get(w, w) for w in at.split()[3:]] == left, words
    assert [[GOOD_OF.get(w, w) for w in part.split()] for part in parts] == tiles, words


KIND_WORDS = {"engineer": "Eng", "recruiter": "Rec", "builder": "Bld", "trader": "Trd"}


def read_staff(items: list[str], view: GameState, seat: int, *, colours: bool) -> None:
    employees = view.seats[seat].employees
    assert len(items) == len(employees), (items, employees)
    for item, employee in zip(items, employees, strict=True):
        emp = CATALOG.employees[employee]
        if emp.kind.value in KIND_WORDS:
            assert item.split()[0] == KIND_WORDS[emp.kind.value], (item, emp)
        if emp.piece is not None and emp.kind.value in ("engineer", "recruiter", "builder"):
            assert item.split()[1] == to_ascii(PIECE_ABBREV[emp.piece.value]) or \
                item.split()[1] == PIECE_ABBREV[emp.piece.value], (item, emp)
        if emp.good is not None:
            assert item.split()[1] == f"{GOOD_ABBREV[emp.good.value]}{emp.level}", (item, emp)
        if not emp.piece and not emp.good:
            assert item.split()[0].lower().startswith(emp.kind.value[:7]), (item, emp)
        if colours:
            word = q.catalog_of(view).colour_word(emp.colour)
            assert item.endswith(f"({word})"), (item, emp)


def title(contract: str) -> str:
    c = CATALOG.contracts[contract]
    return f"{c.label} {c.name}"


@pytest.mark.parametrize("mode", MODES)
def test_each_seat_panel_shows_everything_the_seat_holds_and_hides_secret_contracts(mode):
    """Each seat's guilders, points, pieces, goods, staff with their colours, fleet and
    canals used, seen from every seat a screen may show: its own contracts by number
    and name (R-2.2), another's only as how many of each colour, none of their names."""
    for game in positions():
        state = game.state
        for viewer in viewers(game):
            model = GameModel(game, viewer=viewer)
            view = model.view
            for index, seat in enumerate(view.seats):
                lines = drawn(SeatPanel(model, index).render_view(view), 200, mode)
                head = lines[0]
                kind = view.config.seats[index].kind.value
                mark = glyph(seat_mark(index), mode)
                assert head.startswith(f"{mark} {seat.name} ({kind})  {seat.score} pts"), head
                to_move = view.turn.seat == index and view.stage is not Stage.OVER
                assert ("to move" in head) is to_move, head
                if seat.is_automa:
                    assert "g" not in head.split("pts")[1].replace("to move", ""), head
                    label = seat.newest.label if seat.newest else glyph("—", mode)
                    assert lines[1] == f"cube on {label}", lines
                    continue
                assert re.search(rf"  {seat.guilders}g\b", head), head
                labels = [line.split()[0] for line in lines[1:6]]
                assert labels == ["pieces", "goods", "staff", "contracts", "fleet"], lines
                pieces, goods, staff, contracts, fleet = (
                    line.split(" ", 1)[1].strip() for line in lines[1:6])
                assert read_pieces(pieces, mode) == held(seat.pieces), (pieces, seat.pieces)
                read_goods(goods, view, index)
                read_staff([] if staff == "none" else staff.split(", "), view, index,
                           colours=True)
                real = state.seats[index].contracts
                if index == viewer:
                    shown = [] if contracts == "none" else contracts.split(", ")
                    assert shown == [title(c) for c in real], (contracts, real)
                elif not real:
                    assert contracts == "none", contracts
                else:
                    counts = Counter(CATALOG.contracts[c].colour.value for c in real)
                    wanted = ", ".join(f"{counts[colour.value]} {colour.value}" for colour
                                       in q.catalog_of(view).contract_colours)
                    assert contracts == f"{wanted} (secret)", (contracts, real)
                    for c in real:
                        assert CATALOG.contracts[c].name not in " ".join(lines[:6]), (c, lines)
                ships = len(seat.fleet)
                sizes = ", ".join(str(len(ship.tiles)) for ship in seat.fleet)
                assert fleet.startswith(f"{ships} ship{'' if ships == 1 else 's'}"
                                        + (f" ({sizes} tiles)" if ships else "")), fleet
                assert f"canals used {seat.used_canals}" in fleet, fleet
                assert (f"dismantled {len(seat.dismantled)}" in fleet) is bool(
                    seat.dismantled), fleet
                if view.is_over and seat.end_points:
                    end = lines[6]
                    for key, points in seat.end_points.items():
                        name = key if key == "traders" else CATALOG.contracts[key].name
                        assert f"{name} {points}" in end, (key, end)


# -- the seat strip --------------------------------------------------------------------


class SizedStrip(SeatStrip):
    """The strip laid out ``room`` columns wide, without an app (0: not laid out)."""

    room = 0

    @property
    def content_region(self) -> Region:
        return Region(0, 0, self.room, 2)


PART = re.compile(r"  (?=(?:pieces|goods|staff|contracts): )")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("room", [0, 118, 78])
def test_the_seat_strip_shows_what_the_seat_at_the_screen_holds(mode, room):
    """Its guilders and points, pieces and goods (in short where the room asks), staff
    and its own contracts by name or number, in lines that fit the room (two, or more
    where the goods fit no line beside the name, even in short: they wrap, never cut);
    only the staff, which the Seats panel names whole, may be cut at its end."""
    cut = glyph("…", mode)
    for game in positions():
        for viewer in viewers(game):
            model = GameModel(game, viewer=viewer)
            view = model.view
            seat = view.seats[viewer]
            strip = SizedStrip(model)
            strip.room = room
            lines = drawn(strip.render_view(view), room or 200, mode)
            assert 2 <= len(lines) <= 5 and all(len(line) <= (room or 200) for line in lines), (
                room, lines)
            mark = glyph(seat_mark(viewer), mode)
            head = PART.split(lines[0])[0]
            unit = "guilder" if seat.guilders == 1 else "guilders"
            assert head.startswith(f"{mark} {seat.name}  {seat.guilders} {unit}  "
                                   f"{seat.score} pt{'' if seat.score == 1 else 's'}"), lines
            found: dict[str, str] = {}
            label = ""
            for line in lines:
                for part in PART.split(line)[1:] if line.startswith(mark) else PART.split(line):
                    if not re.match(r"(pieces|goods|staff|contracts): ", part):
                        found[label] += f" {part}"  # the goods wrapped onto a next line
                        continue
                    label, _, value = part.partition(": ")
                    found[label] = value
            assert set(found) == {"pieces", "goods", "staff", "contracts"}, lines
            short = not found["pieces"].count(", ") and re.search(r"[A-Za-z]\d", found[
                "pieces"]) is not None
            assert read_pieces(found["pieces"], mode, short=short) == held(seat.pieces), lines
            read_goods(found["goods"], view, viewer, short="|" not in found["goods"] and (
                any(w in GOOD_OF for w in found["goods"].split())))
            staff = found["staff"]
            if staff.endswith(cut):  # cut at the room's end: what is shown is right
                items = staff[:-1].split(", ")
                assert items and len(items) <= len(seat.employees), lines
                whole = items[:-1]
                read_staff(whole, _first(view, viewer, len(whole)), viewer, colours=False)
            else:
                read_staff([] if staff == "none" else staff.split(", "), view, viewer,
                           colours=False)
            contracts = found["contracts"]
            own = [CATALOG.contracts[c] for c in game.state.seats[viewer].contracts]
            if not own:
                assert contracts == "none", lines
            else:
                assert contracts in (", ".join(f"{c.label} {c.name}" for c in own),
                                     ", ".join(c.label for c in own)), (contracts, own)


def _first(view: GameState, seat: int, count: int) -> GameState:
    """``view`` with the seat's staff cut to its first ``count``."""
    out = view.copy()
    out.seats[seat].employees = out.seats[seat].employees[:count]
    return out


# -- the status line -------------------------------------------------------------------


class SizedLine(StatusLine):
    """The status line ``room`` columns wide, without an app (0: not laid out)."""

    room = 0

    @property
    def size(self) -> Size:
        return Size(self.room, 1)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("room", [0, 80])
def test_the_status_line_shows_the_round_wheel_reserve_and_whose_decision(mode, room):
    """The round (each seat has a turn a round), the wheel's spaces filled and empty or
    as a number, the reserve, classic's countdown (RC-3.8), and the mark and name of
    the seat whose decision it is; at the end, the winners. At 80 columns the line fits,
    some of them with the wheel as a number."""
    numbers = 0
    for game in positions():
        model = GameModel(game)
        view = model.view
        line = SizedLine(model)
        line.room = room
        text = drawn(line.render_view(view), 400, mode)[0]
        assert not room or len(text) <= room, text
        if view.stage is Stage.OVER:
            winners = " and ".join(view.seats[i].name for i in view.winners)
            assert text.startswith(f" Game over {glyph('·', mode)} winner"), text
            assert text.endswith(f": {winners}"), text
            continue
        rounds = (view.turn_number - 1) // len(view.seats) + 1
        assert text.startswith(f" Round {rounds} "), text
        if view.countdown is not None:
            assert f"countdown {view.countdown}" in text, text
            assert (f"lap space {view.track[0].space} " in text) is not room, text
        else:
            wheel = text.split("wheel ", 1)[1].split()[0]
            if re.fullmatch(r"\d+/\d+", wheel):  # narrow: the wheel as a number
                numbers += 1
                assert room and wheel == f"{view.wheel}/{WHEEL_POSITIONS}", text
                assert (f" reserve {view.reserve}" in text) is bool(view.reserve), text
            else:
                full, empty = glyph("●", mode), glyph("○", mode)
                assert wheel == full * view.wheel + empty * (WHEEL_POSITIONS - view.wheel), (
                    text)
                assert f" reserve {view.reserve}" in text, text
        seat = view.turn.seat
        who = f" {glyph('·', mode)} {glyph(seat_mark(seat), mode)} {view.seats[seat].name}"
        assert f"{who}:" in text or text.endswith(f"{who} to play"), text
    assert bool(numbers) is bool(room)


# -- the classic action ring -----------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [80, 160])
def test_each_card_on_the_ring_shows_its_cubes_and_what_choosing_it_pays(mode, width):
    """RC-3.1–RC-3.3: after each card's name the seats' cubes on it by their marks, or
    the lead, or that it may not be chosen now, or what choosing it pays; each empty
    space its number, the one where the next card lands marked."""
    cell = width // COLUMNS
    full = cell >= 14
    for game in positions():
        view = game.state
        if view.countdown is None:
            continue
        lines = drawn(draw_ring(view, width, lambda move: ""), width, mode)
        ring = q.ring_cards(view)
        assert ring is not None
        spaces, landing = ring
        refused = q.unavailable_actions(view) if view.turn.step is S.CHOOSE else {}
        by_action = dict(zip((s.action for s in view.track), q.track_spaces(view),
                             strict=True))
        for number, action in enumerate(spaces):
            row, column = ring_position(number)
            shown = lines[row][column * cell:(column + 1) * cell].rstrip()
            if action is None:
                words = f" {glyph('▾', mode)}{number} next" if number == landing \
                    else f" {glyph('·', mode)}{number}"
                assert shown in (words, words[1:]), (number, shown, lines)
                continue
            slot = next(s for s in view.track if s.action is action)
            space = by_action[action]
            name = SHORT_NAMES[action] if full else RING_NAMES[action]
            assert shown[2:].startswith(name), (action, shown)
            assert (shown[1] == glyph("▸", mode)) is (slot is view.track[0]), (slot, shown)
            after = shown[2 + len(name):].strip()
            marks = "".join(glyph(seat_mark(s), mode) for s in slot.cubes)
            if slot.cubes:
                assert after == marks, (slot, shown)
            elif space.lead:
                assert after == ("lead" if full else ""), (slot, shown)
            elif action in refused:
                assert after == ("not now" if full else glyph("✗", mode)), (slot, shown)
            elif view.turn.step is S.CHOOSE:
                assert after == f"+{space.pays}", (slot, shown)
            else:
                assert after == "", (slot, shown)
