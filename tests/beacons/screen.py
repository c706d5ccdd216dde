"""Beacons' table: the shared table screen with one board widget and the choices.

The whole of a game's part of the interface (issue 33: the third game is played
through the table screen by keys): the board, the choice labels, the help. Bots, hint,
takeback, saving, leaving and a seat at a server table are the shared screen's.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.table import TABLE_KEYS, TableScreen
from shipyard_tui.ui.widgets.choice_panel import Choice, ChoicePanel


def move_words(move: Any) -> str:
    """A move in words, for the choices."""
    card = getattr(move, "card", None)
    return "Douse the beacon (draw a card)" if card is None else f"Light it with your {card}"


class BeaconsBoard(Static):
    """The beacon, each seat's score and cards (the others' face down), as the viewer
    may see them."""

    def show(self, screen: BeaconsScreen) -> None:
        model = screen.model
        state = model.view
        names = [s.name for s in model.game.config.seats]
        lines = [f"Beacon: {state.beacon}"]
        for seat, (name, hand) in enumerate(zip(names, state.hands, strict=True)):
            cards = " ".join(str(c) if c else "?" for c in hand) or "-"
            mark = ">" if state.to_move == seat else " "
            lines.append(f"{mark} {name}: {state.scores[seat]} points, cards {cards}")
        self.update("\n".join(lines))


class BeaconsHelp(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        yield Static("Light the beacon with a higher card, or douse it and draw.\n"
                     "Letters or arrows pick a choice, Enter plays it. Esc closes.")


class BeaconsScreen(TableScreen):
    """One game of Beacons on the shared table screen."""

    BINDINGS = list(TABLE_KEYS)
    DECISION_WORD = "turn"

    def compose(self) -> ComposeResult:
        yield BeaconsBoard(id="beacons-board")
        yield ChoicePanel()
        yield Static("", id=self.TOO_SMALL)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_table()

    def on_resize(self, event: Any) -> None:
        self.fit(event.size.width, event.size.height)

    @while_open
    def refresh_table(self) -> None:
        self.query_one(BeaconsBoard).show(self)
        game, panel = self.model.game, self.query_one(ChoicePanel)
        seat = game.to_move
        if seat is None:
            panel.set_choices("The game is over.", [])
            return
        if self.decides_here(seat):
            name = self.seat_name(seat)
            panel.set_choices(f"{name}, {game.prompt}:",
                              [Choice(move_words(m), m) for m in self.model.legal_moves()])
            panel.options.focus()
            return
        panel.set_choices(self.waiting_for(seat)[0], [])
        self.schedule_bots()

    def waiting_here(self, seat: int) -> tuple[str, str]:
        name = self.seat_name(seat)
        return f"{name} is playing.", f"{name}'s turn"

    def on_choice_panel_chosen(self, message: ChoicePanel.Chosen) -> None:
        seat = self.model.to_move
        if (seat is None or not self.decides_here(seat) or self.app.screen is not self
                or not self.query_one(ChoicePanel).answers(message.decision)):
            return  # a second quick Enter, for the decision the first one answered
        self.play_one(message.move, self.model.revision)

    def help_screen(self) -> Screen[Any]:
        return BeaconsHelp()
