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

from textual.driver import Driver

if sys.platform != "win32":
    from textual.drivers.linux_driver import LinuxDriver

    class SturdyDriver(LinuxDriver):
        """Textual's Linux driver; input its parser fails on is dropped (see the module
        docstring)."""

        MAX_DROPS = 100
        """Parser failures a session survives; past them the app ends as Textual's
        would (a loop of failures would be a bug to see, not to hide)."""

        dropped = 0
        """Parser failures survived so far (for the tests)."""

        def _run_input_thread(self) -> None:
            for _ in range(self.MAX_DROPS):
                try:
                    self.run_input_thread()
                    return
                except OSError:
                    break  # the terminal itself failed: as Textual does
                except Exception:  # the key parser failed on what it read: drop it
                    self.dropped += 1
                    if self.exit_event.is_set():
                        return
            super()._run_input_thread()

    _STURDY: dict[type[Driver], type[Driver]] = {LinuxDriver: SturdyDriver}
else:  # pragma: no cover - the Windows driver reads keys another way
    _STURDY = {}


def sturdy(driver_class: type[Driver]) -> type[Driver]:
    """The sturdy driver in place of Textual's Linux driver; any other driver as it is
    (the headless driver of the tests, Windows)."""
    return _STURDY.get(driver_class, driver_class)
