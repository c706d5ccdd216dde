"""What drawing a decision's options costs: each option as the grid table the choice
panel drew before, and as its ``KeyedLine``, each drawn twice at one width as an option
list does (once to measure its height, once to paint it). Rounds alternate; the figure
is the median of the rounds' ratios (issue 39).

    .venv/bin/python benchmarks/choice_lines.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.text import Text

from shipyard_tui.ui.widgets.choice_panel import KeyedLine

LABELS = [
    ("Crew — pays 0", None), ("Canal — taken", "another seat's cube is on it"),
    ("Exchange — pays 1", None), ("Equipment — pays 1", None), ("Hire — pays 1", None),
    ("Build — pays 1", None), ("Purchase — pays 1", "no commodity tile to buy"),
    ("Buy the bow (19) for 2 guilders and put it in cell 3", None),
]
"""A decision's options, as long as the panel's at 80 columns."""


def _options() -> list[KeyedLine]:
    out = []
    for key, (label, reason) in zip("abcdefgh", LABELS, strict=True):
        text = Text(label)
        if reason:
            text.append(f" — {reason}", style="dim")
        out.append(KeyedLine(Text(key, style="bold"), text, 1))
    return out


def _draw(console: Console, width: int, tables: bool, decisions: int) -> float:
    options = console.options.update_width(width)
    start = time.process_time()
    for _ in range(decisions):
        for line in _options():
            renderable = line.table() if tables else line
            for _ in range(2):  # its height, then its paint
                console.render_lines(renderable, options, pad=False)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--width", type=int, default=30)
    args = parser.parse_args()
    console = Console(width=80, force_terminal=True, color_system="truecolor")
    ratios = []
    for round_ in range(args.rounds):
        table = _draw(console, args.width, True, args.decisions)
        lines = _draw(console, args.width, False, args.decisions)
        ratios.append(lines / table)
        print(f"round {round_ + 1}: table {table * 1e3 / args.decisions:.2f} ms, "
              f"lines {lines * 1e3 / args.decisions:.2f} ms a decision, "
              f"ratio {lines / table:.2f}")
    print(f"median ratio (lines / table): {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
