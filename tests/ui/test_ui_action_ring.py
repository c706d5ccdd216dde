"""The classic action ring drawn as a ring (issue 34, RC-2.7, RC-3.0, RC-3.1, RC-3.8):
every card on its space around the loop, the lead marked by a symbol and a word, the
countdown in words, in colour, without colour and in ASCII; a classic table shows no
2nd-edition track; a card is chosen by the letter the ring prints on it."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.ui.widgets.action_ring import (
    COLUMNS,
    RING_NAMES,
    ActionRing,
    draw_ring,
    ring_position,
)
from shipyard_tui.games.shipyard.ui.widgets.action_track import SHORT_NAMES, ActionTrack
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import to_ascii
from support import random_playout
from support.invariants import classic_config
from support.ui import settle


def _lines(renderable: object, width: int, *, color: bool) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO(), no_color=not color,
                      color_system="truecolor" if color else None)
    console.print(renderable)
    return console.export_text().splitlines()


def _table() -> GameConfig:
    return GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                      seed=12, edition="classic")


def _positions() -> list[Game]:
    games = []
    for seed in range(12):
        game = Game(classic_config(2 + seed % 3, seed))
        games.append(random_playout(game, seed, moves=seed * 37))
    return games


def test_the_ring_is_a_loop_of_23_spaces_read_clockwise():
    cells = {ring_position(space) for space in range(23)}
    assert len(cells) == 23
    assert ring_position(0) == (0, 0) and ring_position(COLUMNS - 1) == (0, COLUMNS - 1)
    assert ring_position(22)[1] == 0 and ring_position(12) == (3, COLUMNS - 1)


@pytest.mark.parametrize("mode", ["colour", "no-colour", "ascii"])
@pytest.mark.parametrize("width", [80, 160])
def test_every_card_is_drawn_on_its_space_with_the_lead_and_countdown(mode, width):
    for game in _positions():
        view = game.state
        lines = _lines(draw_ring(view, width, lambda move: ""), width,
                       color=mode == "colour")
        if mode == "ascii":
            lines = [to_ascii(line) for line in lines]
            assert all(line.isascii() for line in lines)
        assert len(lines) == 4
        cell = width // COLUMNS
        full = cell >= 14
        lead = "> " if mode == "ascii" else "▸"
        for slot in view.track:
            assert slot.space is not None
            row, column = ring_position(slot.space)
            shown = lines[row][column * cell:(column + 1) * cell]
            name = SHORT_NAMES[slot.action] if full else RING_NAMES[slot.action]
            assert name in shown, (slot, lines)
            assert (lead.strip() in shown[:2]) is (slot is view.track[0]), (slot, lines)
        text = "\n".join(lines)
        assert f"lead: {SHORT_NAMES[view.track[0].action]}" in text
        assert f"countdown {view.countdown}:" in text
        assert any(word in text for word in ("laps to go", "final lap", "turns are over"))
        landing = q.ring_cards(view)
        assert landing is not None
        assert f"lands on space {landing[1]}" in text


async def test_a_classic_table_at_80x24_shows_the_ring_not_the_track():
    app = ShipyardApp(config=_table(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query(ActionTrack)
        ring = app.screen.query_one(ActionRing)
        assert ring.region.height == 4 and ring.region.width == 80


async def test_a_card_is_chosen_by_the_letter_printed_on_the_ring():
    app = ShipyardApp(config=_table(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        view = model.view
        lettered = [slot for slot in view.track if model.key_for(mv.Choose(slot.action))]
        assert len(lettered) >= 3
        slot = lettered[2]
        action = slot.action
        letter = model.key_for(mv.Choose(action))
        ring = app.screen.query_one(ActionRing)
        drawn = _lines(ring.render_view(view), 80, color=False)
        assert space_cell(drawn, slot.space, 8).startswith(letter)
        await pilot.press(letter, "enter")
        await settle(pilot)
        assert model.game.moves[0] == mv.Choose(action)


def space_cell(lines: list[str], space: int | None, cell: int) -> str:
    assert space is not None
    row, column = ring_position(space)
    return lines[row][column * cell:(column + 1) * cell]
