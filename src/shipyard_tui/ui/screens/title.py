"""The title screen: start a game, read the help, or leave."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..host import host_of

ART = r"""
 ___ _    _                       _
/ __| |_ (_)_ __ _  _ __ _ _ _ __| |
\__ \ ' \| | '_ \ || / _` | '_/ _` |
|___/_||_|_| .__/\_, \__,_|_| \__,_|
           |_|   |__/
  a board game by Vladimír Suchý
"""


class TitleScreen(Screen[None]):
    """The menu shown when the program starts."""

    BINDINGS = [
        Binding("c", "menu('continue')", "Continue"),
        Binding("n", "menu('new')", "New game"),
        Binding("s", "menu('solo')", "Solo"),
        Binding("l", "menu('load')", "Load"),
        Binding("f", "menu('finished')", "Finished"),
        Binding("question_mark,f1", "menu('help')", "Help"),
        Binding("q", "menu('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(ART, id="title-art")
            yield OptionList(*self._options(), id="title-menu")
        yield Footer()

    def _options(self) -> list[Option]:
        return [
            Option("Continue the last game", id="continue"),
            Option("New game (2–4 seats, people and bots)", id="new"),
            Option("Solo game against the two automa", id="solo"),
            Option("Load a saved game", id="load"),
            Option("Finished games (review the scores)", id="finished"),
            Option("Help: keys and the board", id="help"),
            Option("Quit", id="quit"),
        ]

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#title-menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_menu(event.option.id)

    def action_menu(self, choice: str) -> None:
        from .help import HelpScreen
        from .load import LoadScreen
        from .setup import SetupScreen

        host = host_of(self.app)
        if choice == "continue":
            host.continue_game()
        elif choice == "load":
            self.app.push_screen(LoadScreen(host.store))
        elif choice == "finished":
            self.app.push_screen(LoadScreen(host.store, finished=True))
        elif choice == "new":
            self.app.push_screen(SetupScreen())
        elif choice == "solo":
            self.app.push_screen(SetupScreen(solo=True))
        elif choice == "help":
            self.app.push_screen(HelpScreen())
        elif choice == "quit":
            self.app.exit()
