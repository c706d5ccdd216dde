"""The status line: whose turn it is and what they have to do."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive

from shipyard_tui.games.shipyard.end_words import end_warning
from shipyard_tui.games.shipyard.rules import GameState, Stage
from shipyard_tui.games.shipyard.rules.query import WHEEL_POSITIONS
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.games.shipyard.words import round_of
from shipyard_tui.ui.palette import seat_mark, seat_style
from shipyard_tui.ui.widgets.base import ModelWidget

PROMPT_ROOM = "x" * 24
"""The room a prompt should have on the line at least (see :meth:`StatusLine.render_view`)."""


def longest_fitting(width: int, lines: Sequence[Text]) -> Text:
    """The first of ``lines`` (longest first) that fits ``width`` cells whole; the last,
    cut, if none does (a width of 0, not laid out yet, takes the first)."""
    for line in lines:
        if not width or line.cell_len <= width:
            return line
    return lines[-1]


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

    note_seat: int | None = None
    """The seat the note is about when it is not the seat to move (an automa whose turn
    is being shown after the rules have played it: see :meth:`say`)."""

    note_round: int | None = None
    """The round the note is about when it is not the game's (an automa turn of the
    round before, shown after the rules have played it)."""

    def say(self, note: str, seat: int | None = None, in_round: int | None = None) -> None:
        """Show ``note`` after the mark and name of ``seat`` (the seat to move if None),
        in ``in_round`` (the game's if None); an empty note gives the line back to the
        decision at hand."""
        self.note_seat = seat if note else None
        self.note_round = in_round if note else None
        if self.note == note:
            self.redraw()
        self.note = note

    def render_view(self, view: GameState) -> Text:
        width = self.size.width
        # narrow: the wheel as a number and shorter warnings, so that whose turn it is
        # stays in sight late in the game (at 80 columns); decided on the line with room
        # for a prompt, not the prompt itself, so that the wheel does not change its
        # look from one prompt to the next
        compact = bool(width) and self._line(view, compact=False, words=PROMPT_ROOM
                                             ).cell_len > width
        # a prompt is shown whole or not at all: cut, it could hide the end of the
        # question; the choice panel below always shows it whole, wrapped
        words = self.note or choice_labels.prompt(view, self.model.game.prompt)
        return longest_fitting(width, [self._line(view, compact=compact, words=words),
                                       self._line(view, compact=compact, words=None)])

    def _line(self, view: GameState, *, compact: bool, words: str | None) -> Text:
        """The line; without ``words`` it ends on whose decision it is."""
        text = Text(no_wrap=True, overflow="ellipsis")
        if view.stage is Stage.OVER:
            names = " and ".join(view.seats[i].name for i in view.winners)
            text.append(" Game over", style="bold")
            text.append(f" · winner{'s' if len(view.winners) > 1 else ''}: {names}")
            return text
        shown = self.note_round or round_of(view.turn_number, len(view.seats))
        text.append(f" Round {shown} ", style="bold")
        if view.countdown is not None:
            # classic: the countdown of laps and the lead's ring space (RC-3.8)
            if not compact:
                text.append(f"lap space {view.track[0].space} ", style="dim")
            text.append(f"countdown {view.countdown}")
        elif compact:
            text.append(f"wheel {view.wheel}/{WHEEL_POSITIONS}", style="dim")
            if view.reserve:
                text.append(f" reserve {view.reserve}")
        else:
            wheel = "●" * view.wheel + "○" * (WHEEL_POSITIONS - view.wheel)
            text.append(f"wheel {wheel} ", style="dim")
            text.append(f"reserve {view.reserve}")
        # the end's next step, when it is near: a contract cut, the end's
        # trigger, the final actions and the last chance
        warning = end_warning(view, compact)
        if warning:
            text.append(f" · {warning}", style="bold yellow")
        seat = view.turn.seat if self.note_seat is None else self.note_seat
        text.append(" · ")
        text.append(f"{seat_mark(seat)} {view.seats[seat].name}", style=seat_style(seat))
        text.append(f": {words}" if words is not None else " to play")
        return text

    def watch_note(self) -> None:
        self.redraw()
