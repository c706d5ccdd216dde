"""Any terminal, any link (issue 12): ASCII mode, TERM=dumb, low bandwidth."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.ascii import AsciiFilter, to_ascii, wants_ascii
from shipyard_tui.ui.compat import rendered_lines
from support.ui import settle


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "C"}, True),
    ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),
    ({"LC_CTYPE": "C.UTF-8"}, True),
    ({"LANG": "en_US.UTF-8", "LC_CTYPE": "C.UTF-8"}, False),
    ({"LANG": "POSIX"}, True),
    ({}, True),
    ({"LANG": "en_GB.ISO-8859-1"}, True),
    ({"LANG": "en_US.UTF-8", "TERM": "linux"}, True),
    ({"LANG": "en_US.UTF-8", "TERM": "vt100"}, True),
    ({"LANG": "en_US.UTF-8", "TERM": "xterm-256color"}, False),
    ({"LANG": "C", "LC_ALL": "de_DE.utf8", "TERM": "xterm"}, False),
    ({"LANG": "C.UTF-8", "TERM": "screen"}, False),
])
def test_ascii_is_chosen_for_locales_and_consoles_without_utf8(env, expected):
    assert wants_ascii(env) is expected


def test_the_setting_forces_either_way():
    assert wants_ascii({"LANG": "en_US.UTF-8"}, "ascii") is True
    assert wants_ascii({"LANG": "C"}, "unicode") is False


def test_every_glyph_keeps_its_width_and_seat_marks_stay_apart():
    from rich.cells import cell_len

    from shipyard_tui.ui.palette import SEAT_MARKS

    sample = "─│┌┐└┘├┤┬┴┼╭╮╯╰━┃▁▂▆█▌▐▏▔■▲●◆○·—…→✗ Vladimír 中"
    out = to_ascii(sample)
    assert out.isascii() and cell_len(out) == cell_len(sample)
    assert len({to_ascii(m) for m in SEAT_MARKS}) == len(SEAT_MARKS)


def test_every_symbol_the_game_writes_has_an_ascii_stand_in():
    """A symbol without one turns into '?' in ASCII (the canal map's water and start
    flag did): every non-ASCII character in the package's sources must have a stand-in
    of its own, whether it is drawn or only sits in a docstring."""
    from pathlib import Path

    import shipyard_tui
    from shipyard_tui.ui.ascii import ascii_char

    root = Path(shipyard_tui.__file__).parent
    found: dict[str, str] = {}
    for path in root.rglob("*"):
        if path.suffix in (".py", ".tcss"):
            for char in set(path.read_text(encoding="utf-8")):
                if not char.isascii():
                    found.setdefault(char, path.name)
    assert "≈" in found and "⚑" in found  # the scan sees the canal map's symbols
    missing = {c: f for c, f in found.items() if "?" in ascii_char(c)}
    assert not missing, f"no ASCII stand-in for {missing}"


def test_the_stack_of_two_mark_is_no_digit_in_ascii():
    """An SSH play-test read "Eng Crn+12" on the employee track under LANG=C: the
    mark of a stack of two (``²``) had become a "2" after the "+1"."""
    from shipyard_tui.ui.ascii import ascii_char

    assert not ascii_char("²").isalnum()
    assert "".join(ascii_char(c) for c in "Crn+1²") == 'Crn+1"'


def two_seats(**kwargs) -> ShipyardApp:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=0)
    return ShipyardApp(config=config, bot_delay=0.0, **kwargs)


async def test_lang_c_draws_the_game_in_ascii(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    app = two_seats()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.ascii
        assert any(isinstance(f, AsciiFilter) for f in app.get_line_filters())


def test_term_dumb_gets_a_clear_message(tmp_path):
    env = dict(os.environ, TERM="dumb", SHIPYARD_DATA_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "shipyard_tui.cli", "solo", "--seed", "1"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "TERM=dumb" in result.stderr and "Traceback" not in result.stderr


async def test_low_bandwidth_previews_nothing_while_choosing(monkeypatch, tmp_path):
    from support.ui import panel

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats(low_bandwidth=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        changes = []
        app.model.subscribe(changes.append)
        await pilot.press("down", "down", "c")
        await settle(pilot)
        assert panel(app).options.highlighted == 2
        assert changes == []
        assert app.animation_level == "none"


async def test_moving_the_highlight_redraws_only_the_widgets_it_previews(monkeypatch,
                                                                         tmp_path):
    from shipyard_tui.games.shipyard.ui.widgets.action_track import ActionTrack
    from shipyard_tui.ui.widgets.base import ModelWidget

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats()
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        widgets = list(app.screen.query(ModelWidget))
        before = {w: w.render() for w in widgets}
        await pilot.press("down")
        await settle(pilot)
        redrawn = {type(w).__name__ for w in widgets if w.render() is not before[w]}
        assert redrawn == {ActionTrack.__name__}


def test_a_score_arrow_is_no_greater_than_sign_in_ascii():
    """A play-test under LANG=C read "3 types of employee > 4" in the reveal, and the
    contract tables "3>4": the arrow of a score was ">". It is "=" (a key named in an
    ASCII screen's text is named in words)."""
    from shipyard_tui.games.shipyard.rules import CATALOG
    from shipyard_tui.games.shipyard.words import contract_text
    from shipyard_tui.ui.ascii import ascii_char

    def shown(text: str) -> str:
        return "".join(ascii_char(c) for c in text)

    assert shown("3 types of employee → 4") == "3 types of employee = 4"
    assert "R4" in CATALOG.contracts
    assert "3=4" in shown(contract_text("R4")) and ">" not in shown(contract_text("R4"))


def shown_lines(app: ShipyardApp, widget) -> list[str]:
    """A widget's lines as the terminal receives them, after the app's line filters."""
    from textual.geometry import Region

    region = Region(0, 0, widget.size.width, widget.size.height)
    return ["".join(s.text for s in strip) for strip in widget.render_lines(region)]


def test_every_canal_shape_has_an_ascii_form_of_its_own():
    """The line filter made every bend, T and cross a "+" (play-test under LANG=C): the
    canal column draws each shape, in every rotation, as three ASCII columns."""
    from shipyard_tui.games.shipyard.rules import CATALOG
    from shipyard_tui.games.shipyard.ui.widgets.canal_column import (
        PORT_GLYPHS,
        canal_shape,
        canal_text,
    )

    shapes = {canal_shape(ports, ascii=True) for ports in PORT_GLYPHS}
    assert len(shapes) == len(PORT_GLYPHS) == 11
    assert all(s.isascii() and len(s) == 3 and s.strip() for s in shapes)
    assert all(canal_text(c, ascii=True).plain.isascii() for c in CATALOG.canals)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_ascii_canal_column_and_map_keep_the_shapes(size, monkeypatch, tmp_path):
    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.games.shipyard.rules.query import PlacedCanal
    from shipyard_tui.games.shipyard.ui.widgets.canal_column import CanalColumn
    from shipyard_tui.games.shipyard.ui.widgets.canal_map import CanalMap

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                           seed=0))
    market = game.state.market
    market.canal_deck = [c for c in market.canal_deck + market.canals
                         if c and c not in ("S1", "K1", "T1", "X1", "K8")]
    market.canals = ["S1", "K1", "T1", "X1", "K8"]
    game.state.seats[0].canals = [PlacedCanal("K8", 0, 0, 1), PlacedCanal("S1", 0, 1, 1)]
    app = ShipyardApp(game=game, bot_delay=0.0, ascii=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        column = "\n".join(shown_lines(app, app.screen.query_one(CanalColumn)))
        for expected in ("S1 --- Mi", "K1 -'  Mi", "T1 -'- BR", "X1 -+- BR Mi Co",
                         "K8 -'  BR Co"):
            assert expected in column, column
        app.screen.action_view("canals")
        await settle(pilot)
        drawn = "\n".join(shown_lines(app, app.screen.query_one(CanalMap)))
        assert drawn.isascii() and "?" not in drawn and "~~" in drawn and "K8" in drawn


def test_the_help_names_the_canal_shapes_as_the_column_draws_them():
    from shipyard_tui.games.shipyard.ui.help import canal_shapes_help

    assert "`┘` a bend" in canal_shapes_help(False)
    plain = canal_shapes_help(True)
    assert plain.isascii() and "`-'` a bend" in plain and "`-+-` a crossing" in plain


async def test_the_command_palette_has_an_ascii_search_icon(monkeypatch, tmp_path):
    """Textual's palette shows a magnifying glass, which the line filter made "??"."""
    from textual.command import CommandPalette, SearchIcon

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = two_seats(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        icon = app.screen.query_one(SearchIcon)
        assert shown_lines(app, icon)[0].strip() == ">"
        text = "\n".join("".join(s.text for s in line)
                         for line in rendered_lines(app.screen))
        assert text.isascii() and "Undo" in text and "??" not in text


def test_text_cut_short_does_not_end_in_a_full_stop_in_ascii():
    """A play-test under LANG=C read "Runner-up: [c] Discard green. (about 0.4 points
    behind.)" as finished sentences: the ellipsis was "."."""
    from shipyard_tui.ui.ascii import ascii_char

    shown = "".join(ascii_char(c) for c in "Discard green… (about 0.4 points behind…)")
    assert shown == "Discard green~ (about 0.4 points behind~)"


def test_the_classic_rings_landing_mark_stands_apart_from_the_cards_in_ascii():
    """A play-test read "CaEqHiCrBuExv" on the classic ring under LANG=C: the mark of
    the space ahead of the lead (RC-3.1) was a "v", one more letter among the cards'."""
    from shipyard_tui.ui.ascii import ascii_char

    assert not ascii_char("▾").isalnum()
    assert ascii_char("▾") not in "#^o*."  # nor a seat's mark or an empty space
