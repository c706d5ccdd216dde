"""The result of a game: final scores and the winner."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from shipyard_tui.model import GameModel
from shipyard_tui.rules import CATALOG

from ...text import solo_rating
from ..palette import seat_mark, seat_style


def result_table(model: GameModel) -> Table:
    state = model.game.state
    table = Table(title="Final scores", expand=False)
    table.add_column("seat")
    table.add_column("ships", justify="right")
    table.add_column("contracts & traders", justify="right")
    table.add_column("score", justify="right", style="bold")
    table.add_column("guilders", justify="right")
    for i, seat in enumerate(state.seats):
        if seat.is_automa:
            continue
        ships = sum(ship.total for ship in seat.fleet)
        end = sum(seat.end_points.values())
        name = Text(f"{seat_mark(i)} {seat.name}", style=seat_style(i))
        if i in state.winners:
            name.append(" ★ winner", style="bold yellow")
        table.add_row(name, str(ships), str(end), str(seat.score), str(seat.guilders))
    return table


def rating_line(model: GameModel) -> Text:
    """The solo rating (R-12.5), or nothing in the standard game."""
    state = model.game.state
    if not state.config.solo:
        return Text("")
    score = state.seats[0].score
    return Text(f"{score} points: {solo_rating(score)}", style="bold")


def contract_lines(model: GameModel) -> Text:
    state = model.game.state
    text = Text()
    for seat in state.seats:
        if seat.is_automa:
            continue
        for key, points in seat.end_points.items():
            name = "traders" if key == "traders" else f"{key} {CATALOG.contracts[key].name}"
            text.append(f"{seat.name}: {name} → {points}\n")
    return text


class ResultScreen(ModalScreen[None]):
    """Shows the final scores; Esc or Enter closes it."""

    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close")]

    DEFAULT_CSS = """
    ResultScreen {
        align: center middle;
    }
    ResultScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $primary;
        padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self, model: GameModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(result_table(self.model))
            yield Static(rating_line(self.model))
            yield Static(contract_lines(self.model))
            yield Static("Enter or Esc: back to the board", classes="hint")
