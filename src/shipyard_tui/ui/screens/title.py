"""The title screen: start a game, read the help, or leave."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui import games
from shipyard_tui.core.game import GameKind
from shipyard_tui.ui.host import host_of
from shipyard_tui.ui.widgets.key_bar import KeyBar

GAME_ENTRY = "game:"
"""The start of the menu entry that sets up a new game of a game other than the
default one (its kind's name follows)."""


def _other_games() -> list[GameKind]:
    """Every game but the default one that has a letter in the menu, in the
    registry's order."""
    kinds = (games.kind(name) for name in games.names() if name != games.DEFAULT)
    return [kind for kind in kinds if kind.menu_key]


def _new_words(kind: GameKind) -> str:
    """A game's entry in the menu, in words."""
    fewest, most = kind.seats
    return f"{kind.title}: new game ({fewest}–{most} seats, people and bots)"


OTHER_GAMES = tuple((f"{GAME_ENTRY}{kind.name}", kind.menu_key, kind.title, _new_words(kind))
                    for kind in _other_games())
"""Each other game's menu entry: its id, letter, name and words."""

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
        Binding("c", "menu('continue')", "Continue", show=False),
        Binding("n", "menu('new')", "New game", show=False),
        Binding("s", "menu('solo')", "Solo", show=False),
        *(Binding(key, f"menu('{entry}')", title, show=False)
          for entry, key, title, _words in OTHER_GAMES),
        Binding("l", "menu('load')", "Load", show=False),
        Binding("f", "menu('finished')", "Finished", show=False),
        Binding("h", "menu('guide')", "How to play", show=False),
        Binding("question_mark,f1", "menu('help')", "Help"),
        Binding("q", "menu('quit')", "Quit"),
    ]
    """Each entry of the menu has a letter, shown beside it (the footer, at 80 columns,
    had no room for them all); each other game's letter is its kind's
    (:attr:`~shipyard_tui.core.game.GameKind.menu_key`)."""

    def __init__(self) -> None:
        super().__init__()
        self._built = False
        """Whether the menu is composed: a game started from the command line is pushed
        over this screen at once, and the menu is made only when the screen is first
        shown (issue 39: a tenth of the app's start, and a read of the saves)."""

    def compose(self) -> ComposeResult:
        if not self._built:
            return
        with Vertical(id="title-box"):
            yield Static(ART, id="title-art")
            yield OptionList(*self._options(), id="title-menu")
        yield KeyBar()

    ENTRIES = (
        ("continue", "c", "Continue the last game"),
        ("new", "n", "New game (2–4 seats, people and bots)"),
        ("solo", "s", "Solo game against the two automa"),
        *((entry, key, words) for entry, key, _title, words in OTHER_GAMES),
        ("load", "l", "Load a saved game"),
        ("finished", "f", "Finished games (review the scores)"),
        ("guide", "h", "How to play: the goal, a turn, the end (every game)"),
        ("help", "?", "Help: keys and the board"),
        ("quit", "q", "Quit"),
    )
    """The menu: what each entry does, its key, its words."""

    def _options(self) -> list[Option]:
        return [Option(f"{key}  {words}", id=entry) for entry, key, words in self.ENTRIES]

    async def on_screen_resume(self) -> None:
        if not self._built:
            if self.app.screen is not self:  # under a game's table from the start
                return
            self._built = True
            await self.recompose()
            self.query_one(OptionList).focus()
        self._show_what_continues()

    def _show_what_continues(self) -> None:
        """Say which game "Continue" opens, or that there is none (it used to be offered
        with nothing to continue, and answered with a notice)."""
        from shipyard_tui.saves import SaveError, printable, read_info
        from shipyard_tui.ui.screens.load import save_stage

        menu = self.query_one("#title-menu", OptionList)
        try:
            latest = host_of(self.app).store.latest_autosave()
        except (TypeError, OSError):
            return
        words = "c  Continue the last game"
        if latest is None:
            menu.replace_option_prompt("continue", f"{words} (none unfinished)")
            menu.disable_option("continue")
            return
        menu.enable_option("continue")
        try:
            info = read_info(latest)
        except SaveError:  # loading it will explain, and offer the backup
            menu.replace_option_prompt("continue", words)
            return
        players = ", ".join(name for name, kind in zip(info.seats, info.kinds, strict=False)
                            if kind != "automa")
        default = games.kind(games.DEFAULT).describe()
        kind = "solo, " if info.solo else ("" if info.game_words == default
                                           else f"{info.game_words}, ")
        menu.replace_option_prompt(
            "continue", printable(f"{words} ({kind}{players}, {save_stage(info)})"))

    @on(OptionList.OptionSelected, "#title-menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_menu(event.option.id)

    def action_menu(self, choice: str) -> None:
        from shipyard_tui.ui.screens.load import LoadScreen
        from shipyard_tui.ui.screens.setup import SetupScreen

        host = host_of(self.app)
        if choice == "continue":
            host.continue_game()
        elif choice == "load":
            self.app.push_screen(LoadScreen(host.store))
        elif choice == "finished":
            self.app.push_screen(LoadScreen(host.store, finished=True))
        elif choice == "new":
            self.app.push_screen(SetupScreen())
        elif choice.startswith(GAME_ENTRY):
            self.app.push_screen(SetupScreen(game=choice.removeprefix(GAME_ENTRY)))
        elif choice == "solo":
            self.app.push_screen(SetupScreen(solo=True))
        elif choice == "guide":
            from shipyard_tui.ui.screens.how_to_play import HowToPlayScreen, every_guide

            self.app.push_screen(HowToPlayScreen(every_guide()))
        elif choice == "help":
            self.app.push_screen(games.kind(games.DEFAULT).help_screen())
        elif choice == "quit":
            self.app.exit()

