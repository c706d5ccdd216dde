"""The Shipyard application: the title screen, new games and the game screen."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.screen import Screen

from shipyard_tui.model import GameModel
from shipyard_tui.rules import Game, GameConfig

from .screens.game import GameScreen
from .screens.title import TitleScreen


class ShipyardApp(App[None]):
    """Shipyard in the terminal. Starts at the title screen, or straight in a game."""

    CSS_PATH = "shipyard.tcss"
    TITLE = "Shipyard"

    def __init__(self, *, config: GameConfig | None = None, game: Game | None = None,
                 bot_delay: float = 0.6, theme: str = "ansi-dark") -> None:
        super().__init__()
        self._start_config = config
        self._start_game = game
        self.bot_delay = bot_delay
        self.theme = theme
        self.model: GameModel | None = None

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        if self._start_game is not None:
            self.open_game(self._start_game)
        elif self._start_config is not None:
            self.start_game(self._start_config)

    def start_game(self, config: GameConfig) -> None:
        """Set up a game and show its table."""
        self.open_game(Game(config))

    def open_game(self, game: Game) -> None:
        self.model = GameModel(game)
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.push_screen(GameScreen(self.model, bot_delay=self.bot_delay))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Take back the last move of this turn",
                                screen.action_undo)
            yield SystemCommand("Help", "Keys and the board's abbreviations", screen.action_help)
            for name in ("market", "rondels", "yards", "canals", "seats", "log"):
                yield SystemCommand(f"Show {name}", f"Show the {name} panel",
                                    lambda name=name: screen.action_view(name))
        yield SystemCommand("New game", "Set up a new game", self._new_game)

    def _new_game(self) -> None:
        from .screens.setup import SetupScreen

        self.push_screen(SetupScreen())
