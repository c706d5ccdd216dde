"""The action track, the equipment and crew rondels and the commodity exchange drawn as
the parts on the table (issue 34, R-3.1–R-3.3, R-4.4, R-4.5, R-4.7): over many seeded
positions of 2nd-edition, solo and classic games, everything each part draws is
compared with the rules' view (every tile's name, cubes, guilders and what choosing it
pays; every sector's piece, the marker and the cost to reach it; every space's prices,
the pointer and the next space), in colour, without colour and in ASCII, at the widths
the screen gives them at 80x24 and 160x50. The letters of the choices on offer are
printed on the parts, and the drawings fit their places on the screen."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from itertools import pairwise

import pytest
from textual.geometry import Region
from textual.widget import Widget

from shipyard_tui.core.choices import OPTION_KEYS, Plan
from shipyard_tui.core.moves import moves_key
from shipyard_tui.games.shipyard.rules import (
    CATALOG,
    Action,
    Game,
    GameConfig,
    GameState,
    Move,
)
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.games.shipyard.ui.widgets.action_track import (
    NARROW_NAMES,
    SHORT_NAMES,
    ActionTrack,
    draw_track,
)
from shipyard_tui.games.shipyard.ui.widgets.exchange_ring import (
    GOODS,
    ExchangeRing,
    draw_exchange,
    prices,
)
from shipyard_tui.games.shipyard.ui.widgets.piece_rings import PieceRings, draw_rings
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import to_ascii
from shipyard_tui.ui.palette import seat_mark
from shipyard_tui.ui.widgets.base import RENDER_ERRORS
from support.shipyard import board_config
from support.ui import drawn, settle

MODES = ("colour", "no-colour", "ascii")
INTERESTING = (S.CHOOSE, S.RING, S.EXCHANGE_PICK, S.EXCHANGE_GOOD, S.BONUS_BEFORE,
               S.FINAL_CHOOSE)
"""Decisions whose letters the parts print, or whose track says what a tile pays."""


_config = board_config


@cache
def positions(kind: str) -> tuple[GameState, ...]:
    """Positions along seeded random games of ``kind`` (two each of 2, 3 and 4 seats):
    every so many moves, one of each decision whose letters a part prints (taken at
    random among its first few), and the end."""
    out: list[GameState] = []
    for seed in range(6):
        game = Game(_config(kind, 2 + seed % 3, seed))
        rng = random.Random(seed)
        seen: set[S] = set()
        stride = 60 + 13 * seed
        while not game.is_over:
            step = game.state.turn.step
            if step in INTERESTING and step not in seen and rng.random() < 0.3:
                seen.add(step)
                out.append(game.state.copy())
            elif len(game.moves) % stride == 0:
                out.append(game.state.copy())
            game.push(rng.choice(game.legal_moves()))
        out.append(game.state.copy())
    return tuple(out)


def letters(state: GameState) -> dict[str, str]:
    """The letters the choice panel gives the choices on offer (its ``letters``)."""
    if not q.legal_moves(state):
        return {}
    shown = choice_labels.choices(state, q.legal_moves(state))
    taken = {c.key for c in shown if c.key}
    free = (k for k in OPTION_KEYS if k not in taken)
    out: dict[str, str] = {}
    for choice in shown:
        if choice.move is None:
            continue
        key = choice.key or next(free, "")
        name = moves_key(choice.move.moves) if isinstance(choice.move, Plan) \
            else str(choice.move)
        out.setdefault(name, key)
    return out


def keyed(state: GameState) -> tuple[Callable[[Move], str], Callable[[tuple[Move, ...]], str]]:
    hints = letters(state)
    return (lambda move: hints.get(str(move), ""),
            lambda moves: hints.get(moves_key(moves), ""))


# -- the action track ------------------------------------------------------------------


def expected_foot(view: GameState, index: int) -> str:
    """What the bottom edge of a tile must say, from the rules (R-3.2, R-3.3, R-12.3)."""
    space = q.track_spaces(view)[index]
    choosing = view.turn.step is S.CHOOSE
    automa = view.seats[view.turn.seat].is_automa
    if space.taken:
        return "taken"
    if space.lead and not (choosing and q.is_first_turn(view, view.turn.seat)):
        return "lead"
    if choosing and not automa and space.action in q.unavailable_actions(view):
        return "not now"
    return "" if automa else f"pays {space.pays}"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [80, 160])
@pytest.mark.parametrize("kind", ["second", "solo"])
def test_every_tile_its_cubes_guilders_and_income_are_drawn(kind, width, mode):
    for view in positions(kind):
        key_for, _ = keyed(view)
        lines = drawn(draw_track(view, width, key_for), width, mode)
        assert len(lines) == 3 and all(len(line) <= width for line in lines), lines
        top, middle, _ = lines
        corners = "+" if mode == "ascii" else "┌┬┐"
        edges = [i for i, char in enumerate(top) if char in corners]
        assert len(edges) == len(view.track) + 1, lines
        assert all(middle[i] in "|│" for i in edges), lines
        edge = "-" if mode == "ascii" else "─"
        tiles = zip(view.track, pairwise(edges), strict=True)
        for index, (slot, (start, end)) in enumerate(tiles):
            head, inside, foot = (line[start + 1:end] for line in lines)
            letter = key_for(mv.Choose(slot.action)) or key_for(mv.Final(slot.action))
            lead = ">" if mode == "ascii" else "▸"
            assert head[0] == (letter or (lead if index == 0 else edge)), (slot, lines)
            names = (slot.action.label, SHORT_NAMES[slot.action],
                     NARROW_NAMES.get(slot.action, SHORT_NAMES[slot.action]))
            assert any(head[1:] == name + edge * (len(head) - 1 - len(name))
                       for name in names), (slot, lines)
            marks = "".join(to_ascii(seat_mark(s)) if mode == "ascii" else seat_mark(s)
                            for s in slot.cubes)
            assert inside.startswith(" " + marks), (slot, lines)
            coins = re.findall(r"\b(\d+)g\b", inside)
            assert coins == ([str(slot.guilders)] if slot.guilders else []), (slot, lines)
            said = foot.strip(edge)
            words = expected_foot(view, index)
            if words.startswith("pays"):
                unit = "guilder" if words == "pays 1" else "guilders"
                assert said in (words, f"{words} {unit}"), (slot, said, lines)
            else:
                assert said == words, (slot, said, lines)


def test_the_track_reads_whole_names_at_80_columns_with_four_seats():
    """Eight tiles share 80 columns: each as wide as its words, no name cut."""
    for view in positions("second"):
        if len(view.track) != 8:
            continue
        top = drawn(draw_track(view, 80, lambda move: "z"), 80, "colour")[0]
        for slot in view.track:
            assert f"z{SHORT_NAMES[slot.action]}─" in top or \
                f"z{SHORT_NAMES[slot.action]}┐" in top, top


# -- the rondels -----------------------------------------------------------------------


def _ring_of(view: GameState, action: Action) -> tuple[list[str], int]:
    catalog = q.catalog_of(view)
    ring = catalog.equipment_ring if action is Action.EQUIPMENT else catalog.crew_ring
    marker = view.equipment_marker if action is Action.EQUIPMENT else view.crew_marker
    return [piece.value for piece in ring], marker


def cost_pattern(cost: int | None, mode: str) -> str:
    if cost is None:
        return "-" if mode == "ascii" else "—"
    return "(free|0g)" if cost == 0 else f"{cost}g"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [34, 37, 47])
@pytest.mark.parametrize("kind", ["second", "classic", "solo"])
def test_every_sector_its_cost_and_the_marker_are_drawn_on_the_rings(kind, width, mode):
    """R-4.4, R-4.5: both rings, their sectors clockwise (the top row left to right, the
    bottom row back right to left), the marker pointed at, and after each piece what
    reaching it costs the seat to move, with the letter that takes it there."""
    for view in positions(kind):
        _, key_for_moves = keyed(view)
        lines = drawn(draw_rings(view, width, key_for_moves, ascii=mode == "ascii"),
                      width, mode)
        assert len(lines) in (4, 6) and all(len(line) <= width for line in lines), lines
        half = len(lines) // 2
        for number, action in enumerate((Action.EQUIPMENT, Action.CREW)):
            rows = lines[number * half:(number + 1) * half]
            assert ("Equipment" if action is Action.EQUIPMENT else "Crew") in rows[0]
            top, bottom = rows[-2:]
            pieces, marker = _ring_of(view, action)
            costs = q.marker_costs(view, action)
            working = view.turn.action is action and view.turn.step is S.RING
            found = []
            for sector, piece in enumerate(pieces):
                row = top if sector < 2 else bottom
                steps = (sector - marker) % len(pieces)
                letter = key_for_moves((*(mv.MarkerStep(),) * steps, mv.Take())) \
                    if working else ""
                before = "[" if mode == "ascii" else "▶"
                mark = re.escape(before) if sector == marker else "[ ]"
                words = (f"{mark}{re.escape(letter) + ' ?' if letter else ''}{piece} "
                         f"{cost_pattern(costs[sector], mode)}")
                if mode == "ascii":
                    words += re.escape("]") if sector == marker else "[ ]|$"
                hit = re.search(words, row)
                assert hit, (piece, words, rows)
                found.append(hit.start())
            assert found[0] < found[1] and found[3] < found[2], rows  # clockwise
            marks = sum(row.count("[" if mode == "ascii" else "▶") for row in rows)
            assert marks == 1, rows


# -- the exchange ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", [37, 47])
@pytest.mark.parametrize("kind", ["second", "classic"])
def test_every_price_the_pointer_and_the_trades_are_drawn_on_the_wheel(kind, width, mode):
    """R-4.7, COMPONENTS §4: the six spaces in a loop clockwise from the start space,
    each with its prices of coal, cloth and steel; the pointer on its space; the next
    space, or while exchanging the prices at the pointer, in words (with the letter that
    sells); every trade list (with the letters that trade)."""
    ascii = mode == "ascii"
    for view in positions(kind):
        key_for, _ = keyed(view)
        lines = drawn(draw_exchange(view, width, key_for, ascii=ascii), width, mode)
        assert all(len(line) <= width for line in lines), lines
        text = "\n".join(lines)
        top, bottom = lines[0], lines[1]
        marker = view.exchange_marker
        spots = [(top if space < 3 else bottom).find(prices(space, ascii))
                 for space in range(6)]
        assert -1 not in spots, (spots, lines)
        assert spots[0] < spots[1] < spots[2] and spots[5] < spots[4] < spots[3], lines
        pointer = f"[{prices(marker, ascii)}]" if ascii else f"▶{prices(marker, ascii)}"
        assert pointer in text and text.count("[" if ascii else "▶") == (
            1 if ascii or view.turn.action is not Action.EXCHANGE else 2), lines
        moving = view.turn.action is Action.EXCHANGE
        space = marker if moving else q.marker_next(view, Action.EXCHANGE)
        if not moving and not ascii:
            assert f"▸{prices(space, ascii)}" in text, lines
        selling = view.turn.step is S.EXCHANGE_GOOD
        good = q.exchange_good(view)
        sell = key_for(mv.Sell()) if selling else ""
        seat = view.seats[view.turn.seat]
        traders = {g: q.sale_price(view, seat, g)[1] for g in GOODS}
        words = ", ".join(
            f"{sell + ' ' if sell and g is good else ''}{g.value} "
            f"{CATALOG.exchange_prices[space][g]}g"
            f"{f' +{traders[g]} trader' if traders[g] else ''}" for g in GOODS)
        assert f"{'now' if moving else 'next'}: {words}" in " ".join(lines), (words, lines)
        for traded, pieces in q.catalog_of(view).trade_lists.items():
            items = []
            for piece in pieces:
                letter = key_for(mv.Trade(piece)) if selling and traded is good else ""
                items.append(f"{letter + ' ?' if letter else ''}{piece.value}")
            assert re.search(f"{traded.value}: {', '.join(items)}", text), lines


def test_the_letters_of_a_ring_and_an_exchange_are_printed_somewhere():
    """The positions above do reach the decisions whose letters the parts print."""
    steps = {view.turn.step for kind in ("second", "classic") for view in positions(kind)}
    assert {S.RING, S.EXCHANGE_GOOD, S.CHOOSE, S.FINAL_CHOOSE} <= steps


# -- on the screen ---------------------------------------------------------------------


def _table(seats: int) -> GameConfig:
    return _config("second", seats, 12)


async def test_the_parts_fit_their_places_at_80x24_and_160x50():
    """Each drawing fits the width the screen gives it (the track the whole row, the
    rings and exchange their column of the Rondels panel), nothing cut, in ASCII (the
    widest form); at 80x24 the rings and the wheel are in sight in the Rondels view."""
    app = ShipyardApp(config=_table(4), bot_delay=600.0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        for size in ((80, 24), (160, 50)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            for widget_type in (ActionTrack, PieceRings, ExchangeRing):
                widget = app.screen.query_one(widget_type)
                width = widget.content_region.width
                assert width > 0
                shown = "\n".join(to_ascii("".join(segment.text for segment in strip))
                                  for strip in widget.render_lines(widget.region.reset_offset))
                drawing = drawn(widget.render_view(app.model.view), 400, "ascii")
                assert max(len(line) for line in drawing) <= width, (widget_type, drawing)
                assert all(line in shown for line in drawing[:3]), (shown, drawing)
            track = app.screen.query_one(ActionTrack)
            assert track.region.height == 3
            rings = app.screen.query_one(PieceRings)
            exchange = app.screen.query_one(ExchangeRing)
            panel = app.screen.query_one("#rondels")
            assert panel.region.contains_region(rings.region)
            wheel = Region(*exchange.region.offset, exchange.region.width, 2)
            assert panel.region.contains_region(wheel)
        assert RENDER_ERRORS == []


async def test_moving_the_highlight_over_a_tile_previews_it_on_the_track(monkeypatch):
    """The tile the player looks at reads in reverse video; only the track's top line
    changes, and only the cells of the two names are repainted (a navigation key stays
    cheap: the whole frame of the line is not sent again)."""
    app = ShipyardApp(config=_table(2), bot_delay=600.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        track = app.screen.query_one(ActionTrack)
        before = [list(strip) for strip in track.render_lines(track.region.reset_offset)]
        repainted: list[Region] = []
        refresh = Widget.refresh

        def recorded(widget: Widget, *regions: Region, **options: bool) -> Widget:
            if widget is track:
                repainted.extend(regions)
            return refresh(widget, *regions, **options)

        monkeypatch.setattr(Widget, "refresh", recorded)
        await pilot.press("down")
        await settle(pilot)
        assert repainted and all(r.height == 1 and r.y == 0 for r in repainted)
        assert sum(r.width for r in repainted) < 2 * 22 < track.size.width
        after = [list(strip) for strip in track.render_lines(track.region.reset_offset)]
        assert before[0] != after[0] and before[1:] == after[1:]
        highlight = app.model.highlight
        assert isinstance(highlight, mv.Choose)
        reversed_words = "".join(seg.text for seg in after[0]
                                 if seg.style is not None and seg.style.reverse)
        assert reversed_words == SHORT_NAMES[highlight.action]
