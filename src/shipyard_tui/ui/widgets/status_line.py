"""The status line: whose turn it is and what they have to do."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from shipyard_tui.rules import GameState, Stage
from shipyard_tui.rules.query import WHEEL_POSITIONS

from ..palette import seat_mark, seat_style
from .base import ModelWidget


class StatusLine(ModelWidget):
    """One line: the turn, the wheel and reserve, and the decision at hand."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        background: $panel;
    }
    """

    note: reactive[str] = reactive("")
    """Extra words from the screen, such as a bot thinking or a warning."""

    def render_view(self, view: GameState) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if view.stage is Stage.OVER:
            names = " and ".join(view.seats[i].name for i in view.winners)
            text.append(" Game over", style="bold")
            text.append(f" · winner{'s' if len(view.winners) > 1 else ''}: {names}")
            return text
        wheel = "●" * view.wheel + "○" * (WHEEL_POSITIONS - view.wheel)
        text.append(f" Round {(view.turn_number - 1) // len(view.seats) + 1} ", style="bold")
        text.append(f"wheel {wheel} ", style="dim")
        text.append(f"reserve {view.reserve}")
        if view.end_trigger:
            text.append(" · last round", style="bold yellow")
        elif view.reserve == 0 and view.turn.rotation_done:
            text.append(" · the wheel ends the game after this turn", style="bold yellow")
        elif view.reserve == 0:
            text.append(" · final rotation", style="bold yellow")
        seat = view.turn.seat
        text.append(" · ")
        text.append(f"{seat_mark(seat)} {view.seats[seat].name}", style=seat_style(seat))
        text.append(f": {self.note or self.model.game.prompt}")
        return text

    def watch_note(self) -> None:
        self.redraw()
