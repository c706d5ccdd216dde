"""A choice's lines (``KeyedLine``) are the lines of the two-column grid table the panel
drew before (issue 39): the same segments, text and style, at every width, for keys of
one to three cells and words that wrap, fold, hold wide characters, tabs or new lines."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.measure import Measurement
from rich.text import Text

from shipyard_tui.ui.widgets.choice_panel import KeyedLine

WORDS = ("Hire", "the", "captain", "who", "is", "here", "a", "bow", "(19)", "Canal",
         "x" * 14, "Build", "ship", "—", "guilders", "é", "✗", "中文", "ab", "\t", "\n")


def _line(rnd: random.Random) -> KeyedLine:
    """A choice as the panel makes one: a bold key (or a red cross for a choice not
    allowed), the label, and its reason dimmed."""
    width = rnd.randint(1, 3)
    key = "".join(rnd.choice("abc1中") for _ in range(rnd.randint(1, width)))
    mark = Text("✗", style="red") if rnd.random() < 0.1 else Text(key, style="bold")
    text = Text(" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 9))))
    if rnd.random() < 0.5:
        text.append(" — " + " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 4))),
                    style="dim")
    return KeyedLine(mark, text, width)


@pytest.mark.parametrize("seed", range(3))
def test_the_lines_are_the_grid_tables(seed: int) -> None:
    console = Console(width=80, force_terminal=True, color_system="truecolor")
    rnd = random.Random(seed)
    for _ in range(120):
        line = _line(rnd)
        for width in (rnd.randint(1, 12), rnd.randint(13, 70)):
            for pad in (False, True):
                options = console.options.update_width(width)
                assert console.render_lines(line, options, pad=pad) == \
                    console.render_lines(line.table(), options, pad=pad), \
                    (width, line.key, line.text)
            options = console.options.update_width(width)
            assert Measurement.get(console, options, line) == \
                Measurement.get(console, options, line.table())


def test_a_long_label_wraps_under_itself() -> None:
    console = Console(width=80, force_terminal=True, color_system="truecolor")
    line = KeyedLine(Text("b", style="bold"), Text("Hire the captain who is here"), 1)
    lines = console.render_lines(line, console.options.update_width(14), pad=False)
    assert ["".join(s.text for s in row) for row in lines] == [
        "b Hire the    ", "  captain who ", "  is here     "]
