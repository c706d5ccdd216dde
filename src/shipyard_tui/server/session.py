"""One player's interface at the server: the lobby, then the table, in its own terminal.

``shipyard ssh-session`` runs this app, one process per connection, in the
connection's pseudo-terminal. It talks to the table host over the host's Unix socket;
everything it shows comes from the host's messages for this player's seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.driver import Driver
from textual.filter import LineFilter, Monochrome, NoColor
from textual.screen import Screen

from shipyard_tui.server.lobby import LobbyScreen, NameScreen
from shipyard_tui.server.protocol import MAX_LINE, ProtocolError, encode, read_message
from shipyard_tui.server.remote import RemoteModel
from shipyard_tui.server.table_screen import (
    at_server,
    remote_screen,
    set_terminal_title,
    turn_signal,
    who_decides,
)
from shipyard_tui.settings import load_settings
from shipyard_tui.ui.app import end_anyway
from shipyard_tui.ui.ascii import AsciiFilter, plain_palette_icon, wants_ascii
from shipyard_tui.ui.compat import exiting, quicken_textual, swap_filters
from shipyard_tui.ui.driver import sturdy
from shipyard_tui.ui.guidance import Guidance, guidance_commands, guidance_wanted
from shipyard_tui.ui.joined import joined
from shipyard_tui.ui.screens.table import TableScreen

__all__ = ["CSS", "SERVER_STOPPING", "SessionApp",
           "set_terminal_title", "turn_signal", "who_decides"]

CSS = Path(__file__).resolve().parent.parent / "ui" / "shipyard.tcss"

NO_SCREENSHOT = ("Screenshots are not taken at the server: your terminal can keep what "
                 "it shows (its own screenshot or copy).")

SERVER_STOPPING = ("The server is stopping. Your game is saved and your seat waits for "
                   "you: connect again when the server is back.")


class SessionApp(App[None]):
    """The lobby and the table for one player, connected to the table host."""

    CSS_PATH = str(CSS)
    TITLE = "Shipyard"

    def __init__(self, socket_path: Path, *, player: str | None = None,
                 fingerprint: str | None = None, bell: bool = True,
                 theme: str = "ansi-dark", ascii: bool | None = None,
                 guidance: bool | None = None) -> None:
        quicken_textual()  # CSS parsed once a process, callbacks counted from their code
        super().__init__()
        self.guidance = Guidance(guidance_wanted(guidance, load_settings().guidance))
        """The guided first game's notes for this player: on as the server's settings
        say, and what was explained kept for the connection (each player has their
        own; the palette turns them off)."""
        self.ascii = wants_ascii(os.environ) if ascii is None else ascii
        """Whether only ASCII is drawn: the SSH server passes on the client's locale."""
        if self.ascii:
            self._filters.append(AsciiFilter())
        if self.no_color:
            # the client's NO_COLOR: the terminal's own colours, as the local app draws
            # (Textual's default greys the ansi themes' colours to black on black)
            swap_filters(self, lambda f: NoColor() if isinstance(f, Monochrome) else f)
        self.socket_path = socket_path
        self.player = player
        self.fingerprint = fingerprint
        self.bell_on_turn = bell
        self._theme_name = theme
        self.model: RemoteModel | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        self.problem: str | None = None

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then neighbouring pieces of a line in one style joined
        (:mod:`~shipyard_tui.ui.joined`: fewer bytes to the terminal)."""
        return joined(super().get_line_filters())

    def on_command_palette_opened(self, _: CommandPalette.Opened) -> None:
        if self.ascii:
            plain_palette_icon(self.screen)

    def get_default_screen(self) -> Screen[Any]:
        return LobbyScreen()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's palette, less its Screenshot: at the server it would write a file
        into the server account's folders and show the player the host's path."""
        yield from (c for c in super().get_system_commands(screen) if c.title != "Screenshot")
        yield from guidance_commands(self)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Any other way to a screenshot is refused in words."""
        self.notify(NO_SCREENSHOT, timeout=5)
        return None

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.deliver_screenshot(filename, path)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, but one that drops input its key parser cannot read
        (:mod:`shipyard_tui.ui.driver`)."""
        return sturdy(super().get_driver_class())

    def _handle_exception(self, error: Exception) -> None:
        """A bug in this session: its details go to a crash log in the server's folder,
        not to the player's terminal (Textual would draw the traceback, with local
        variables, there); the player reads one plain sentence. The table host keeps
        the game, so connecting again carries on. (As Textual's own handler, the first
        error is kept for the tests' pilot, and the app exits.)"""
        from datetime import datetime

        from shipyard_tui.paths import write_crash_log
        from shipyard_tui.server.serve import server_dir

        if exiting(self):
            return  # the session is ending: a screen taken down while being built
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        stem = f"session-crash-{datetime.now():%Y%m%d-%H%M%S-%f}-{os.getpid()}"
        log = write_crash_log(server_dir() / f"{stem}.log", error)
        name = f" in {log.name}" if log is not None else ""
        if self.problem is None:
            self.problem = ("This session stopped on a bug in the program (the server keeps "
                            f"its details{name}). The table keeps your game: connect again "
                            "to carry on.")
        self.bell()
        self._close_messages_no_wait()

    def _server_stopping(self) -> None:
        """The server is stopping (it sends this process SIGTERM): leave through the
        normal exit, which gives the player's terminal back, and say why after it; if
        that shutdown hangs, the process still ends within :data:`EXIT_GRACE`."""
        self.problem = self.problem or SERVER_STOPPING
        end_anyway(lambda: self.problem or "", code=1)
        self.exit()

    @property
    def lobby(self) -> LobbyScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, LobbyScreen)
        return screen

    async def on_mount(self) -> None:
        if self._theme_name in self.available_themes:
            self.theme = self._theme_name
        if not self.is_headless:
            # only the server's stop: a hang-up (the player's terminal went away) keeps
            # its default, ending the process at once, as nothing is left to restore
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM,
                                                              self._server_stopping)
        try:
            reader, self._writer = await asyncio.open_unix_connection(
                str(self.socket_path), limit=MAX_LINE)
        except OSError as exc:
            self.problem = (f"The table host is not running ({exc.strerror}). Start it with "
                            "'shipyard serve'.")
            self.exit(return_code=1)
            return
        if self.player is not None:
            self.send({"op": "hello", "player": self.player})
        else:
            self.send({"op": "hello", "fingerprint": self.fingerprint})
        self._reader_task = asyncio.create_task(self._read(reader))

    async def on_unmount(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._reader_task is not None:
            self._reader_task.cancel()

    def send(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while True:
            try:
                message = await read_message(reader)
            except (ProtocolError, ConnectionError) as exc:
                message = None
                self.problem = f"The table host sent something unreadable: {exc}"
            if message is None:
                self.problem = self.problem or "The table host has stopped."
                self.exit(return_code=1)
                return
            try:
                self.receive(message)
            except Exception as exc:  # a bug here must not silently stop the updates
                self._handle_exception(exc)
                return

    def receive(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "welcome":
            if message.get("need_name"):
                self.push_screen(NameScreen(), self._named)
            else:
                self.player = message["player"]
                self.lobby.welcome(str(self.player), cursor_at=message.get("table"))
        elif op == "lobby":
            self.lobby.show_tables(message["tables"])
        elif op == "error":
            self.notify(str(message.get("message")), title="Not done", severity="warning",
                        markup=False)
            if self.player is None and self.fingerprint is not None:
                self.push_screen(NameScreen(), self._named)
            if self.model is not None:
                self.model.waiting = False
                self.model.revision += 1
                with contextlib.suppress(Exception):
                    self._game_screen_refresh()
        elif op == "game":
            self._game(message)
        elif op == "taken_over":
            self._taken_over(message)

    def _named(self, name: str | None) -> None:
        if name:
            self.send({"op": "claim", "name": name})
        else:
            self.exit()

    def _game(self, message: dict[str, Any]) -> None:
        table = message["table"]
        model = self.model
        if model is not None and model.table == table:
            model.apply(message)
            return
        if "state" not in message and "final" not in message:
            self.lobby.waiting_at(message.get("lobby", {}))
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.clear_notifications()  # the lobby's (say, why a seat was taken over) are done
        self.model = RemoteModel(self.send, table, message.get("seat"), message)
        self.push_screen(remote_screen(self.model))

    def _taken_over(self, message: dict[str, Any]) -> None:
        """Another terminal of this player sat down at the seat this one held: the host
        has let this connection go from the seat, so it goes back to the lobby (with no
        ``leave`` to send) and says why."""
        table = message.get("table")
        if self.model is not None and self.model.table == table:
            self.model = None
            while len(self.screen_stack) > 1:
                self.pop_screen()
        self.notify(str(message.get("message")), title="Seat taken over",
                    severity="warning", timeout=20, markup=False)

    def _game_screen_refresh(self) -> None:
        for screen in self.screen_stack:
            if at_server(screen) and isinstance(screen, TableScreen):
                screen.refresh_table()

    def left_table(self, model: RemoteModel) -> None:
        if self.model is model:
            self.model = None
            self.send({"op": "leave"})
