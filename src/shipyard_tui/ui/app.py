"""The Shipyard application: title screen, new games, the table, saves and loads.

Every committed move (and every undo) is autosaved before the next one can be made,
so a crash, a kill or a hang-up costs at most the move in progress.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.screen import Screen

from shipyard_tui.model import GameModel
from shipyard_tui.rules import Game, GameConfig
from shipyard_tui.saves import SaveError, SaveStore, load, new_game_id
from shipyard_tui.settings import Settings, load_settings, save_settings

from .screens.game import GameScreen
from .screens.title import TitleScreen

MOVE_LOG_ENV = "SHIPYARD_MOVE_LOG"
"""Diagnostics: when set, each committed move is appended to this file before it is
autosaved (the crash tests compare it with what was saved)."""


class ShipyardApp(App[None]):
    """Shipyard in the terminal. Starts at the title screen, or straight in a game."""

    CSS_PATH = "shipyard.tcss"
    TITLE = "Shipyard"

    def __init__(self, *, config: GameConfig | None = None, game: Game | None = None,
                 game_id: str | None = None, load_path: Path | None = None,
                 continue_last: bool = False,
                 bot_delay: float | None = None, theme: str | None = None,
                 store: SaveStore | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else load_settings()
        self.store = store if store is not None else SaveStore()
        self._start_config = config
        self._start_game = game
        self._start_game_id = game_id
        self._load_path = load_path
        self._continue_last = continue_last
        self.bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        wanted = theme or self.settings.theme
        self.theme = wanted if wanted in self.available_themes else Settings().theme
        self.model: GameModel | None = None
        self._save_warned = False
        self.crash_log = None

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        self._install_signal_handlers()
        if self._start_game is not None:
            self.open_game(self._start_game, self._start_game_id)
        elif self._start_config is not None:
            self.start_game(self._start_config)
        elif self._load_path is not None:
            self.load_game(self._load_path)
        elif self._continue_last:
            self.continue_game()

    def _handle_exception(self, error: Exception) -> None:
        """A bug in the program: keep its details in a crash log, then stop as Textual does.

        The game itself is safe: every move was autosaved before the next could begin.
        """
        import traceback
        from datetime import datetime

        from shipyard_tui import paths

        try:
            folder = paths.data_dir()
            folder.mkdir(parents=True, exist_ok=True)
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            log = folder / f"crash-{stamp}.log"
            log.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
            self.crash_log: Path | None = log
        except OSError:
            self.crash_log = None
        super()._handle_exception(error)

    def _install_signal_handlers(self) -> None:
        """A hang-up or a polite kill leaves through the normal exit, game saved."""
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self._leave_on_signal)

    def _leave_on_signal(self) -> None:
        if self.model is not None and not self.model.game.is_over:
            self._autosave(self.model)
        self.exit()

    # -- games -----------------------------------------------------------------------

    def start_game(self, config: GameConfig) -> None:
        """Set up a new game and show its table."""
        self.open_game(Game(config))

    def open_game(self, game: Game, game_id: str | None = None) -> None:
        self.model = GameModel(game, game_id=game_id or new_game_id())
        self.model.commit_hooks.append(self._autosave)
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.push_screen(GameScreen(self.model, bot_delay=self.bot_delay,
                                    bot_budget_ms=self.settings.strong_budget_ms))
        if not game.is_over:
            self._autosave(self.model)

    def _autosave(self, model: GameModel) -> None:
        trace = os.environ.get(MOVE_LOG_ENV)
        if trace:
            with open(trace, "a", encoding="utf-8") as handle:
                handle.write(f"{len(model.game.moves)}\n")
        try:
            if model.game.is_over:
                self.store.archive(model.game, model.game_id)
            else:
                self.store.autosave(model.game, model.game_id)
        except SaveError as exc:
            if not self._save_warned:
                self._save_warned = True
                self.notify(f"{exc.message}. The game goes on, but is not being saved.",
                            title="Saving failed", severity="error", timeout=10, markup=False)

    def load_game(self, path: Path) -> None:
        """Open a saved game; a damaged file is explained, and a good backup offered."""
        try:
            loaded = load(path)
        except SaveError as exc:
            self._explain(exc)
            return
        self.open_game(loaded.game, loaded.info.game_id or None)

    def continue_game(self) -> None:
        latest = self.store.latest_autosave()
        if latest is None:
            self.notify("There is no unfinished game to continue.", title="Continue",
                        severity="warning")
            return
        self.load_game(latest)

    def _explain(self, error: SaveError) -> None:
        from .screens.problem import ProblemScreen

        def answered(use_backup: bool | None) -> None:
            if use_backup and error.backup is not None:
                self.load_game(error.backup)

        self.push_screen(ProblemScreen(error), answered)

    def save_as(self, name: str) -> Path:
        """Save the current game under a name; raise :class:`SaveError` on a bad name."""
        if self.model is None:
            raise SaveError("there is no game to save", "write_failed")
        return self.store.save_as(self.model.game, self.model.game_id, name)

    def watch_theme(self, theme: str) -> None:
        if getattr(self, "settings", None) is not None and self.settings.theme != theme:
            self.settings.theme = theme
            with contextlib.suppress(OSError):
                save_settings(self.settings)

    # -- commands ----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Take back the last move of this turn",
                                screen.action_undo)
            yield SystemCommand("Save as…", "Keep this game under a name", screen.action_save_as)
            yield SystemCommand("Help", "Keys and the board's abbreviations", screen.action_help)
            for name in ("market", "rondels", "yards", "canals", "seats", "log"):
                yield SystemCommand(f"Show {name}", f"Show the {name} panel",
                                    lambda name=name: screen.action_view(name))
        yield SystemCommand("New game", "Set up a new game", self._new_game)
        yield SystemCommand("Load game", "Open a saved game", self._load_screen)

    def _new_game(self) -> None:
        from .screens.setup import SetupScreen

        self.push_screen(SetupScreen())

    def _load_screen(self) -> None:
        from .screens.load import LoadScreen

        self.push_screen(LoadScreen(self.store))
