"""The supply: what is left in each of the 18 open stacks (NA-1.7), each stack drawn as
the piece it holds with its count, and the legend of the symbols."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.games.nauticus.rules.catalog import CRESTS, GOODS, HULL_KINDS
from shipyard_tui.games.nauticus.ui.widgets.pieces import flow, item, legend
from shipyard_tui.ui.widgets.base import ModelWidget

ROWS = (("hulls", tuple(f"hull:{k}" for k in HULL_KINDS)),
        ("masts", tuple(f"mast:{c}" for c in CRESTS)),
        ("sails", tuple(f"sail:{c}" for c in CRESTS)),
        ("goods", tuple(f"good:{g}" for g in GOODS)))
"""The stacks by kind, in the order of the action tiles' items (crown last)."""
LABEL = 6


def stack(state: NauticusState, name: str) -> Text:
    """One stack: its piece and how many are left (an empty one says so in words)."""
    left = state.stacks[name]
    out = Text.assemble(item(name))
    out.append(f" {left}" if left else " none", style="bold" if left else "dim")
    return out


def supply_lines(state: NauticusState, width: int) -> list[Text]:
    """A title, one line per kind of piece (more where ``width`` is short), the
    legend."""
    lines = [Text("Supply", style="bold")]
    for label, names in ROWS:
        rows = flow([stack(state, name) for name in names], max(10, width - LABEL), "  ")
        for i, row in enumerate(rows):
            line = Text.assemble((f"{label if i == 0 else '':<{LABEL}}", "bold"))
            line.append_text(row)
            lines.append(line)
    return lines + legend(width)


class SupplyPanel(ModelWidget):
    """The open stacks: hulls (bow, centre, stern, single), masts and sails by crest
    (whale, boat, helm, trident, crown), goods (coffee, fish, grain, salt)."""

    DEFAULT_CSS = """
    SupplyPanel {
        height: auto;
        padding: 0 1;
    }
    """

    def render_view(self, view: NauticusState) -> Group:
        width = self.content_region.width or self.size.width or 78
        return Group(*supply_lines(view, width))
