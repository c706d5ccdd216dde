"""The shared shape of the canal and commodity columns: five slots beside the ship display."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import GameState, Move
from shipyard_tui.ui.palette import HIGHLIGHT, LEGAL
from shipyard_tui.ui.widgets.base import ModelWidget


class MarketColumn(ModelWidget):
    """Five slots, the most expensive on top, level with the ship display's rows (the
    slots cost the same as those rows). Subclasses say what fills a slot and which
    move takes it."""

    watches_highlight = True

    heading = ""

    def slots(self, view: GameState) -> list[str | None]:
        raise NotImplementedError

    def deck_size(self, view: GameState) -> int:
        raise NotImplementedError

    def take(self, slot: int) -> Move:
        raise NotImplementedError

    def item_text(self, item: str) -> Text:
        raise NotImplementedError

    def legend(self, view: GameState) -> list[Text]:
        """What the short names on show stand for, a line each, under the slots (in
        sight where the panel has the rows: a medium or large terminal)."""
        return []

    def render_view(self, view: GameState) -> Table:
        legal = self.model.legal_moves()
        highlight = self.model.highlight
        table = Table(box=None, padding=0, show_edge=False, pad_edge=False)
        table.add_column(f"  {self.heading} ({self.deck_size(view)})", no_wrap=True)
        slots = self.slots(view)
        for slot in reversed(range(len(slots))):
            item = slots[slot]
            text = self.item_text(item) if item else Text("·", style="dim")
            move = self.take(slot)
            if move == highlight:
                text.stylize(HIGHLIGHT)
            elif move in legal:
                text.stylize(LEGAL)
            table.add_row(self.with_key(move, text))
        for line in self.legend(view):
            line.stylize("dim")
            table.add_row(line)
        return table
