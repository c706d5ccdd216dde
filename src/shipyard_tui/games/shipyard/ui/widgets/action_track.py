"""The action track of the 2nd edition: tiles from the lead, cubes, guilders, and the
income of each tile (a classic game shows its ring instead: ``action_ring``)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import Action, GameState
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

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
    """Three lines: each tile's name, what lies on it, and what choosing it pays now
    ("not now" when its action cannot be performed)."""

    DEFAULT_CSS = """
    ActionTrack {
        height: auto;
        min-height: 3;
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
        # tiles the seat may not choose because their action cannot be performed now
        # the choice panel says why
        # an automa's turn, shown by the solo replay, takes no income and refuses
        # nothing of its own: the line says only what is taken and the lead
        automa = view.seats[view.turn.seat].is_automa
        refused = q.unavailable_actions(view) if choosing and not automa else {}
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
            elif slot.action in refused:
                incomes.append(Text(" not now", style="dim"))
            elif automa:
                incomes.append(Text(" "))
            else:
                # what the rules pay: cards ahead and guilders on it, and the
                # classic gap bonus shown apart (RC-3.3 b)
                pay = space.pays - space.gap
                paid = Text(f" +{pay}", style="green" if pay else "dim")
                if space.gap:
                    paid.append(f" gap+{space.gap}", style="bold cyan")
                incomes.append(paid)
        table.add_row(*names)
        table.add_row(*pieces)
        table.add_row(*incomes)
        return table
