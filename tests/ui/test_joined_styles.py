"""Neighbouring pieces of a line in one style go to the terminal as one (issue 34: a
played move's bytes at 80x24; docs/performance.md)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_chops
from shipyard_tui.ui.joined import JOIN, JoinSameStyles
from support import settle

RED, BLUE = Style(color="red"), Style(color="blue")


def cells(segments: list[Segment]) -> list[tuple[str, Style | None]]:
    return [(char, seg.style) for seg in segments for char in seg.text]


def test_neighbours_in_one_style_are_joined_and_every_cell_keeps_its_style() -> None:
    line = [Segment("ab", RED), Segment(" ", RED), Segment("c", BLUE), Segment("d", BLUE),
            Segment("e", RED)]
    out = JoinSameStyles().apply(line, Color(0, 0, 0))
    assert [seg.text for seg in out] == ["ab ", "cd", "e"]
    assert cells(out) == cells(line)
    assert JoinSameStyles().apply([Segment("x", RED)], Color(0, 0, 0)) == [Segment("x", RED)]


async def test_the_table_sends_no_two_neighbouring_pieces_in_one_style(tmp_path,
                                                                     monkeypatch) -> None:
    """At 80x24 every board panel's lines reach the terminal joined: the market's had
    445 pieces, 355 joined (85 style codes of about 45 bytes each fewer to send)."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=7)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.get_line_filters()[-1] is JOIN
        for key in ("f2", "f3", "f4", "f5", "f6"):
            await pilot.press(key)
            await settle(pilot)
            # each widget's piece of a line is sent on its own: within one, no two
            # neighbours share a style
            unjoined = [(y, piece[x].text) for y, line in enumerate(rendered_chops(app.screen))
                        for piece in line for x in range(1, len(piece))
                        if piece[x].style == piece[x - 1].style and not piece[x].control]
            assert unjoined == [], (key, unjoined[:5])
