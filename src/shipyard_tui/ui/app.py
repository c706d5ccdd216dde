"""The Shipyard application: title screen, new games, the table, saves and loads.

It plays every game of the registry (:mod:`shipyard_tui.games`) the same way: the
game's model (:class:`~shipyard_tui.model.GameModel`) on the table screen its kind
provides (:class:`~shipyard_tui.ui.screens.table.TableScreen`), with the same saves.

Every committed move (and every undo) is autosaved before the next one can be made,
so a crash, a kill or a hang-up costs at most the move in progress. When saving
fails, a line on the table counts the moves not saved until a save succeeds again,
and at exit an emergency copy is written and named. On a hang-up or a dead terminal
the game is saved and the process ends within seconds, whatever the library's
threads are doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.driver import Driver
from textual.filter import LineFilter, Monochrome, NoColor
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from shipyard_tui import games
from shipyard_tui.model import GameModel
from shipyard_tui.saves import (
    AnyGame,
    GameFile,
    GameInUse,
    SaveError,
    SaveStore,
    game_id_of,
    is_game_id,
    load,
    main_of_backup,
    new_game_id,
)
from shipyard_tui.settings import Settings, load_settings, save_settings
from shipyard_tui.ui.ascii import AsciiFilter, plain_palette_icon, wants_ascii
from shipyard_tui.ui.compat import exiting, quicken_textual, swap_filters
from shipyard_tui.ui.driver import sturdy
from shipyard_tui.ui.guidance import Guidance, guidance_commands, guidance_wanted
from shipyard_tui.ui.joined import joined
from shipyard_tui.ui.screens.table import TableScreen
from shipyard_tui.ui.screens.title import TitleScreen
from shipyard_tui.ui.widgets.key_bar import KeyBar

MOVE_LOG_ENV = "SHIPYARD_MOVE_LOG"
"""Diagnostics: when set, each committed move is appended to this file before it is
autosaved (the crash tests compare it with what was saved)."""

EXIT_GRACE = 2.0
"""Seconds the normal shutdown gets after a hang-up before the process ends anyway."""

RETRY_SECONDS = 5.0
"""How often a failed autosave is tried again while the game waits."""


def end_anyway(last_words: Callable[[], str], code: int) -> None:
    """End the process :data:`EXIT_GRACE` seconds from now, with ``code``, whatever the
    normal shutdown (begun by the caller) is doing; first ``last_words()``, if any, go
    to standard error (the terminal, restored or not, still shows them)."""
    def end() -> None:
        time.sleep(EXIT_GRACE)
        words = last_words()
        if words:
            with contextlib.suppress(OSError):
                os.write(2, f"\n{words}\n".encode())
        os._exit(code)

    threading.Thread(target=end, name="shipyard-exit", daemon=True).start()


class UnsavedNotice(Static):
    """A line on the table while moves are not saved: how many, and why."""

    DEFAULT_CSS = """
    UnsavedNotice {
        height: auto;
        background: $error;
        color: $text;
        padding: 0 1;
    }
    """


def unsaved_report(count: int, problem: str, where: str) -> str:
    """What the exit says of moves that could not be saved.

    >>> unsaved_report(1, "disk full", "A copy is in x.")
    '1 move of this game was not saved (disk full). A copy is in x.'
    >>> unsaved_report(32, "disk full", "")
    '32 moves of this game were not saved (disk full).'
    """
    moves = "1 move of this game was" if count == 1 else f"{count} moves of this game were"
    return f"{moves} not saved ({problem}). {where}".rstrip()


class ShipyardApp(App[None]):
    """Shipyard in the terminal. Starts at the title screen, or straight in a game."""

    CSS_PATH = "shipyard.tcss"
    TITLE = "Shipyard"

    def __init__(self, *, config: Any | None = None,
                 game: AnyGame | None = None,
                 game_id: str | None = None, game_file: GameFile | None = None,
                 load_path: Path | None = None,
                 continue_last: bool = False,
                 bot_delay: float | None = None, theme: str | None = None,
                 store: SaveStore | None = None, settings: Settings | None = None,
                 ascii: bool | None = None, low_bandwidth: bool | None = None,
                 guidance: bool | None = None) -> None:
        """``ascii``, ``low_bandwidth`` and ``guidance`` (the guided first game's
        notes) override the settings for this session when given."""
        quicken_textual()  # CSS parsed once a process, callbacks counted from their code
        super().__init__()
        self._use_terminal_colours()
        self.settings = settings if settings is not None else load_settings()
        self.setup_drafts: dict[str, dict[str, object]] = {}
        self.ascii = wants_ascii(os.environ, self.settings.charset) if ascii is None else ascii
        """Whether only ASCII characters are drawn (every line goes through a filter)."""
        if self.ascii:
            self._filters.append(AsciiFilter())
        self.low_bandwidth = (self.settings.low_bandwidth if low_bandwidth is None
                              else low_bandwidth)
        """No previews on highlight and no animations: for very slow links."""
        if self.low_bandwidth:
            self.animation_level = "none"
        self.guidance = Guidance(guidance_wanted(guidance, self.settings.guidance),
                                 self.settings.guided, self._keep_guidance)
        """Which kinds of decision were explained, kept in the settings
        (:mod:`~shipyard_tui.ui.guidance`)."""
        self.store = store if store is not None else SaveStore()
        self._start_config = config
        self._start_game = game
        self._start_game_id = game_id
        self._start_file = game_file
        self._load_path = load_path
        self._continue_last = continue_last
        self.bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        wanted = theme or self.settings.theme
        self.theme = wanted if wanted in self.available_themes else Settings().theme
        self.model: GameModel | None = None
        """The model of the game on the table, of any kind (None: no game yet)."""
        self.game_file: GameFile | None = None
        self._warned = ""
        self._notice_shown = False
        """Whether an :class:`UnsavedNotice` may be on the table (none is looked for
        after every move otherwise)."""
        self._retry_timer: Timer | None = None
        self.exit_report: str | None = None
        """What could not be saved, said once the game is left (see :meth:`finish_saving`)."""
        self.exit_report_shown = False
        self._leaving = False
        self.crash_log: Path | None = None
        self.teardown_errors: list[Exception] = []
        """Errors raised while the app was already exiting (see :meth:`_handle_exception`)."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then neighbouring pieces of a line in one style joined
        (:mod:`~shipyard_tui.ui.joined`: fewer bytes to the terminal)."""
        return joined(super().get_line_filters())

    def _use_terminal_colours(self) -> None:
        """With ``NO_COLOR`` draw in the terminal's own foreground and background.

        Textual's default for ``NO_COLOR`` maps every colour to a grey; the 16 ANSI
        colours of the ansi themes all map to black, so the screen came out black on
        black. Without colour, the styles (bold, reverse, underline) tell states apart.
        """
        if self.no_color:
            swap_filters(self, lambda f: NoColor() if isinstance(f, Monochrome) else f)

    def on_command_palette_opened(self, _: CommandPalette.Opened) -> None:
        if self.ascii:
            plain_palette_icon(self.screen)

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        self._install_signal_handlers()
        self._watch_terminal()
        if self._start_game is not None:
            self.open_game(self._start_game, self._start_game_id, self._start_file)
        elif self._start_config is not None:
            self.start_game(self._start_config)
        elif self._load_path is not None:
            self.load_game(self._load_path)
        elif self._continue_last:
            self.continue_game()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, but one that drops input its key parser cannot read
        (:mod:`shipyard_tui.ui.driver`)."""
        return sturdy(super().get_driver_class())

    def _handle_exception(self, error: Exception) -> None:
        """A bug in the program: keep its details in a crash log, then stop as Textual does.

        The game itself is safe: every move was autosaved before the next could begin.
        """
        from datetime import datetime

        from shipyard_tui import paths

        if exiting(self):
            # the player is leaving (quit, a hang-up or a kill) and the game was saved
            # first: an error of a screen taken down while still being built (Textual's
            # tabs of the review, mounted as SIGTERM came) is no crash to report
            self.teardown_errors.append(error)
            return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.crash_log = paths.write_crash_log(paths.data_dir() / f"crash-{stamp}.log", error)
        super()._handle_exception(error)

    def _install_signal_handlers(self) -> None:
        """A hang-up or a polite kill leaves through the normal exit, game saved."""
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self._leave_on_signal)

    def _watch_terminal(self) -> None:
        """Notice a terminal that went away without a hang-up signal (a closed pty)."""
        if self.is_headless:
            return
        ttys = [fd for fd in (0, 1) if os.isatty(fd)]
        if not ttys:
            return
        poller = select.poll()
        for fd in ttys:
            poller.register(fd, select.POLLHUP | select.POLLERR)
        gone = select.POLLHUP | select.POLLERR | select.POLLNVAL

        def check() -> None:
            if any(events & gone for _, events in poller.poll(0)):
                self._leave_on_signal()

        self.set_interval(0.5, check)

    def _leave_on_signal(self) -> None:
        """Save, and end the process within seconds even if the library's shutdown
        hangs; what could not be saved is said after the terminal is restored."""
        if self._leaving:
            return
        self._leaving = True
        report = self.finish_saving()

        def last_words() -> str:
            if report and not self.exit_report_shown:
                self.exit_report_shown = True
                return f"shipyard: {report}"
            return ""

        end_anyway(last_words, code=0)
        self.exit()

    def finish_saving(self) -> str:
        """Save what is not saved yet and let the game go; return what could not be
        saved and where its emergency copy went, in words ('' when all is saved)."""
        if self.exit_report is not None:
            return self.exit_report
        report = ""
        game_file, game = self.game_file, self.playing
        if game_file is not None and game is not None:
            if not game_file.retry(game) and game_file.unsaved:
                copy = game_file.emergency_copy(game)
                where = (f"An emergency copy is in {copy}; open it with: shipyard load {copy}"
                         if copy is not None else "No emergency copy could be written either.")
                report = unsaved_report(game_file.unsaved, game_file.problem, where)
            elif not game_file.still_ours():
                report = f"This session did not save its game: {game_file.problem}."
            game_file.release()
        self.exit_report = report
        return report

    # -- games -----------------------------------------------------------------------

    @property
    def playing(self) -> AnyGame | None:
        """The game on the table, of any kind."""
        game: AnyGame | None = self.model.game if self.model is not None else None
        return game

    def start_game(self, config: Any) -> None:
        """Set up a new game from its configuration (of any game) and show its table."""
        self.open_game(games.kind_of(config).new_game(config))

    def open_game(self, game: AnyGame, game_id: str | None = None,
                  game_file: GameFile | None = None, *, revealed: bool = False) -> None:
        """Show ``game``'s table; this session becomes its one writer (a loaded game in
        use elsewhere is claimed by :meth:`load_game`, which asks first). ``revealed``:
        a finished game opened from its file, reviewed with everything revealed."""
        if self.game_file is not None and self.game_file is not game_file:
            self.game_file.release()
        if game_file is None:
            game_file = GameFile(self.store, game_id if game_id and is_game_id(game_id)
                                 else new_game_id())
            if not game.is_over:
                with contextlib.suppress(GameInUse):
                    game_file.claim()
        self.game_file = game_file
        self.exit_report = None
        self._warned = ""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.model = GameModel(game, game_id=game_file.game_id)
        self.model.commit_hooks.append(self._autosave)
        self.push_screen(self.model.kind.table_screen(
            self.model, bot_delay=self.bot_delay,
            bot_budget_ms=self.settings.strong_budget_ms, revealed=revealed))
        if not game.is_over:
            self._autosave_game(game)

    def _autosave(self, model: GameModel) -> None:
        self._autosave_game(model.game)

    def _autosave_game(self, game: AnyGame) -> None:
        """Save after a move (or a takeback) of the game on the table."""
        trace = os.environ.get(MOVE_LOG_ENV)
        if trace:
            with open(trace, "a", encoding="utf-8") as handle:
                handle.write(f"{len(game.moves)}\n")
        if self.game_file is None or game is not self.playing:
            return
        with contextlib.suppress(SaveError):
            self.game_file.save(game)
        self._show_saving()

    def _show_saving(self) -> None:
        """Keep a line on the table while anything is unsaved; retry every few seconds."""
        game_file = self.game_file
        screen = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        pending = game_file is not None and bool(game_file.unsaved or game_file.problem)
        if screen is not None and not pending and self._notice_shown:
            # a query of the table after every move cost about a tenth of the
            # autosave's time (issue 39): only a notice mounted here is looked for
            for old in screen.query(UnsavedNotice):
                old.remove()
            self._notice_shown = False
        if not pending or game_file is None:
            if self._retry_timer is not None:
                self._retry_timer.stop()
                self._retry_timer = None
            if self._warned:
                self._warned = ""
                self.notify("The game is saved again.", title="Saved", timeout=4)
            return
        count = game_file.unsaved
        what = (f"{count} move{'s' if count != 1 else ''} not saved" if count
                else "This game is not saved")
        then = ("The moves you make here are kept in an emergency copy when you quit"
                if game_file.stopped else
                f"Trying again every {RETRY_SECONDS:.0f} s; on leaving, an emergency copy "
                "is written")
        text = f"{what}: {game_file.problem}. {then}."
        if screen is not None:
            notices = list(screen.query(UnsavedNotice))
            if notices:
                notices[0].update(text)
            else:
                footers = screen.query("#status") or screen.query(KeyBar)
                screen.mount(UnsavedNotice(text, markup=False),
                             before=footers.first() if footers else None)
                self._notice_shown = True
        if self._warned != game_file.problem:
            self._warned = game_file.problem
            self.notify(text, title="Saving failed", severity="error", timeout=10,
                        markup=False)
        if self._retry_timer is None and not game_file.stopped:
            self._retry_timer = self.set_interval(RETRY_SECONDS, self._retry_save)

    def _retry_save(self) -> None:
        game = self.playing
        if self.game_file is not None and game is not None:
            self.game_file.retry(game)
        self._show_saving()

    def load_game(self, path: Path) -> None:
        """Open a saved game; a damaged file is explained, and a good backup offered.

        A game another live session is playing is opened only if the player takes it
        over; that session then stops saving it.
        """
        try:
            loaded = load(path)
        except SaveError as exc:
            self._explain(exc)
            return
        game = loaded.game
        game_id = loaded.info.game_id or new_game_id()
        self._set_aside_damaged(path)
        if game.is_over:
            self.open_game(game, game_id, revealed=True)
            return
        if self.game_file is not None and self.game_file.game_id == game_id:
            self.game_file.release()  # this session's own game, opened again
        game_file = GameFile(self.store, game_id)
        try:
            game_file.claim()
        except GameInUse as busy:
            from shipyard_tui.ui.screens.confirm import ConfirmScreen

            def answered(take: bool | None) -> None:
                if take:
                    game_file.claim(take_over=True)
                    self._open_claimed(path, game_file, game)

            self.push_screen(ConfirmScreen(f"{busy.message[0].upper()}{busy.message[1:]}. "
                                           "Take it over here? That session will stop "
                                           "saving it.", "Take over", "Cancel"), answered)
            return
        self._open_claimed(path, game_file, game)

    def _set_aside_damaged(self, path: Path) -> None:
        """Opening an autosave's backup: a damaged autosave beside it is moved aside
        (kept), or the next autosave would make it the backup (a play-test)."""
        main = main_of_backup(path)
        if main is None or not main.exists():
            return
        try:
            load(main)
        except SaveError:
            kept = self.store.set_aside(main)
            if kept is not None:
                self.notify(f"The damaged autosave is kept as {kept.name} in {kept.parent}.",
                            title="Backup opened", timeout=6)

    def _open_claimed(self, path: Path, game_file: GameFile, game: AnyGame) -> None:
        """Open a game just claimed: its own autosave is read again, as the session that
        had it may have saved a later move meanwhile."""
        if game_id_of(path) == game_file.game_id:
            with contextlib.suppress(SaveError):
                game = load(path).game
        self.open_game(game, game_file.game_id, game_file)

    def continue_game(self) -> None:
        latest = self.store.latest_autosave()
        if latest is None:
            self.notify("There is no unfinished game to continue.", title="Continue",
                        severity="warning")
            return
        self.load_game(latest)

    def _explain(self, error: SaveError) -> None:
        from shipyard_tui.ui.screens.problem import ProblemScreen

        def answered(use_backup: bool | None) -> None:
            if use_backup and error.backup is not None:
                self.load_game(error.backup)

        self.push_screen(ProblemScreen(error), answered)

    def save_as(self, name: str) -> Path:
        """Save the current game under a name; raise :class:`SaveError` on a bad name."""
        game = self.playing
        if game is None or self.game_file is None:
            raise SaveError("there is no game to save", "write_failed")
        return self.store.save_as(game, self.game_file.game_id, name)

    def _keep_guidance(self, guidance: Guidance, switched: bool) -> None:
        """Keep what was explained in the settings (and the switch, when the player
        turned it: not what ``--no-guidance`` asked for one session)."""
        self.settings.guided = sorted(guidance.seen)
        if switched:
            self.settings.guidance = guidance.on
        with contextlib.suppress(OSError):
            save_settings(self.settings)

    def watch_theme(self, theme: str) -> None:
        if getattr(self, "settings", None) is not None and self.settings.theme != theme:
            self.settings.theme = theme
            with contextlib.suppress(OSError):
                save_settings(self.settings)

    # -- commands ----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        # Textual's "Keys" opens its own panel of widget bindings, which reads as a
        # second, rawer help beside ours (`?`): a newcomer met it in the palette
        yield from (c for c in super().get_system_commands(screen) if c.title != "Keys")
        if isinstance(screen, TableScreen):
            yield from screen.system_commands()
        else:
            yield from guidance_commands(self)
        yield SystemCommand("New game", "Set up a new game", self._new_game)
        yield SystemCommand("Load game", "Open a saved game", self._load_screen)

    def _new_game(self) -> None:
        from shipyard_tui.ui.screens.setup import SetupScreen

        self.push_screen(SetupScreen())

    def _load_screen(self) -> None:
        from shipyard_tui.ui.screens.load import LoadScreen

        self.push_screen(LoadScreen(self.store))
