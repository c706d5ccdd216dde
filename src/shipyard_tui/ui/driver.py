"""A terminal driver that drops input it cannot read instead of stopping the app.

Textual's input thread hands any error of its key parser to ``App.panic``: the app
ends and prints the traceback on the terminal. Some byte sequences make the parser
fail (an escape sequence with a number too large for a character, ``ESC [ 99999999999
99999999 A``), and over SSH anybody can type them. :class:`SturdyDriver` drops the
bytes read so far and goes on reading; only an error of the terminal itself (it went
away) or a parser failing again and again still ends the app as Textual would.
"""

from __future__ import annotations

import sys
import time

from textual.driver import Driver

if sys.platform != "win32":
    from textual.drivers.linux_driver import LinuxDriver

    class SturdyDriver(LinuxDriver):
        """Textual's Linux driver; input its parser fails on is dropped (see the module
        docstring)."""

        BURST = 20
        """Parser failures within :data:`BURST_SECONDS` that end the app: a person typing
        odd keys (a terminal not in UTF-8, say) never fails that fast; a loop would."""

        BURST_SECONDS = 1.0

        dropped = 0
        """Parser failures survived so far (for the tests)."""

        def _run_input_thread(self) -> None:
            recent: list[float] = []
            while True:
                try:
                    self.run_input_thread()
                    return
                except OSError:
                    break  # the terminal itself failed: as Textual does
                except Exception as exc:  # the key parser failed on what it read: drop it
                    self.dropped += 1
                    if self.exit_event.is_set():
                        return
                    now = time.monotonic()
                    recent = [t for t in recent if now - t < self.BURST_SECONDS] + [now]
                    if len(recent) >= self.BURST:
                        # a bug, not a stray key: end through the app's own handler (a
                        # crash log; over SSH one sentence, no traceback on the terminal)
                        self._app.call_later(self._app._handle_exception, exc)
                        return
            super()._run_input_thread()

    _STURDY: dict[type[Driver], type[Driver]] = {LinuxDriver: SturdyDriver}
else:  # pragma: no cover - the Windows driver reads keys another way
    _STURDY = {}


def sturdy(driver_class: type[Driver]) -> type[Driver]:
    """The sturdy driver in place of Textual's Linux driver; any other driver as it is
    (the headless driver of the tests, Windows)."""
    return _STURDY.get(driver_class, driver_class)
