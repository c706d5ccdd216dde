"""The action track: tiles from the lead, cubes, guilders, and the income of each tile."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.rules import Action, GameState
from shipyard_tui.rules import DecisionStep as S
from shipyard_tui.rules import moves as mv
from shipyard_tui.rules import query as q

from ..palette import seat_mark, seat_style
from .base import ModelWidget

SHORT_NAMES = {
    Action.BUILD: "Build",
    Action.CANAL: "Canal",
    Action.PURCHASE: "Purchase",
    Action.EQUIPMENT: "Equipment",
    Action.CREW: "Crew",
    Action.HIRE: "Hire",
    Action.EXCHANGE: "Exchange",
    Action.SUBSIDY: "Subsidy",
}
NARROW_NAMES = {Action.EQUIPMENT: "Equip"}
"""Names that fit a column when eight tiles share 80 columns (four seats)."""


class ActionTrack(ModelWidget):
    """Three lines: each tile's name, what lies on it, and what choosing it pays now."""

    DEFAULT_CSS = """
    ActionTrack {
        height: 3;
    }
    """

    watches_highlight = True

    def render_view(self, view: GameState) -> Table:
        table = Table.grid(expand=True, padding=(0, 1))
        narrow = self.size.width < 11 * len(view.track)
        for _ in view.track:
            table.add_column(ratio=1, no_wrap=True)
        choosing = view.turn.step is S.CHOOSE
        first = q.is_first_turn(view, view.turn.seat) if choosing else False
        highlight = getattr(self.model.highlight, "action", None)
        names, pieces, incomes = [], [], []
        for slot, space in zip(view.track, q.track_spaces(view), strict=True):
            style = "bold reverse" if slot.action is highlight else "bold"
            letter = self.model.key_for(mv.Choose(slot.action)) or \
                self.model.key_for(mv.Final(slot.action))
            name = Text(letter or ("▸" if space.lead else " "),
                        style="bold magenta" if letter else "bold")
            short = NARROW_NAMES.get(slot.action, "") if narrow else ""
            name.append(short or SHORT_NAMES[slot.action], style=style)
            names.append(name)
            cubes = Text()
            for seat in slot.cubes:
                cubes.append(seat_mark(seat), style=seat_style(seat))
            if slot.guilders:
                cubes.append(f" {slot.guilders}g", style="yellow")
            pieces.append(cubes or Text(" ", style="dim"))
            if space.taken:
                incomes.append(Text(" taken", style="dim"))
            elif space.lead and not (choosing and first):
                incomes.append(Text(" lead", style="dim"))
            else:
                incomes.append(Text(f" +{space.pays}", style="green" if space.pays else "dim"))
        table.add_row(*names)
        table.add_row(*pieces)
        table.add_row(*incomes)
        return table
