"""A seat's panel: guilders, score, pieces, goods, employees, contracts and fleet."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, GameState
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.rules.query import PIECES, is_hidden
from shipyard_tui.games.shipyard.ui.widgets.employee_track import employee_short
from shipyard_tui.games.shipyard.words import (
    PIECE_ABBREV,
    contract_title,
    employee_colour,
    held_goods,
)
from shipyard_tui.model import GameModel
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget


class SeatPanel(ModelWidget):
    """Everything one seat holds. Contracts are readable only by their owner (R-2.2)."""

    def __init__(self, model: GameModel, seat: int, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(model, id=id, classes=classes)
        self.seat = seat

    def render_view(self, view: GameState) -> Group:
        seat = view.seats[self.seat]
        head = Text(f"{seat_mark(self.seat)} {seat.name}", style=seat_style(self.seat))
        kind = view.config.seats[self.seat].kind.value
        head.append(f" ({kind})", style="dim")
        head.append(f"  {seat.score} pts", style="bold")
        if not seat.is_automa:
            head.append(f"  {seat.guilders}g", style="yellow")
        if view.turn.seat == self.seat and not view.is_over:
            head.append("  ◀ to move", style="bold")
        if seat.is_automa:
            return Group(head, Text(f"cube on {seat.newest.label if seat.newest else '—'}",
                                    style="dim"))
        pieces = Text("pieces ", style="dim")
        held = [f"{PIECE_ABBREV[p.value]} {seat.piece(p)}" for p in PIECES if seat.piece(p)]
        pieces.append(", ".join(held) or "none")
        goods = Text("goods  ", style="dim")
        goods.append(held_goods(view, self.seat) or "none")
        staff = Text("staff  ", style="dim")
        staff.append(", ".join(f"{employee_short(e)} ({employee_colour(e, view)})"
                               for e in seat.employees) or "none")
        contracts = Text("contracts ", style="dim")
        if any(is_hidden(c) for c in seat.contracts):
            # hidden contracts show their colour only: red and blue (classic: green, RC-13.5)
            counts = [(colour.value, sum(1 for c in seat.contracts if c.endswith(colour.value)))
                      for colour in q.catalog_of(view).contract_colours]
            contracts.append(", ".join(f"{n} {colour}" for colour, n in counts) + " (secret)")
        else:
            contracts.append(", ".join(contract_title(c) for c in seat.contracts) or "none")
        fleet = Text("fleet  ", style="dim")
        sizes = ", ".join(str(len(s.tiles)) for s in seat.fleet)
        fleet.append(f"{len(seat.fleet)} ship{'s' if len(seat.fleet) != 1 else ''}"
                     + (f" ({sizes} tiles)" if sizes else ""))
        fleet.append(f" · canals used {seat.used_canals}")
        if seat.dismantled:
            fleet.append(f" · dismantled {len(seat.dismantled)}", style="red")
        lines = [head, pieces, goods, staff, contracts, fleet]
        if view.is_over and seat.end_points:
            end = Text("end    ", style="dim")
            end.append(", ".join(f"{k if k == 'traders' else CATALOG.contracts[k].name} {v}"
                                 for k, v in seat.end_points.items()))
            lines.append(end)
        return Group(*lines)
