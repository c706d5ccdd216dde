"""The sturdy terminal driver (ui/driver.py): input the key parser fails on is dropped
and reading goes on; a burst of failures ends the app through its own handler; a failing
terminal ends it as Textual would. An SSH play-test found the parser failing on
ESC [ 9999999999999999999 A (tests/server/test_server_hostile.py drives that end to end)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from shipyard_tui.ui import driver as sturdy_driver

pytestmark = pytest.mark.skipif(not sturdy_driver._STURDY, reason="Linux driver only")


class Scripted(sturdy_driver.SturdyDriver):  # type: ignore[name-defined,misc]
    """Its reading raises what the script says, one item a call; then returns."""

    def __init__(self, script: list[BaseException]) -> None:
        self.called_later: list[tuple[object, tuple[object, ...]]] = []
        app = SimpleNamespace(call_later=lambda f, *a: self.called_later.append((f, a)),
                              _handle_exception="handle", panic="panic")
        super().__init__(app)  # type: ignore[arg-type]
        self.script = list(script)
        self.reads = 0

    def run_input_thread(self) -> None:
        self.reads += 1
        if self.script:
            raise self.script.pop(0)


async def test_parser_failures_are_dropped_and_reading_goes_on():
    d = Scripted([OverflowError("int too large"), ValueError("chr() arg")])
    d._run_input_thread()
    assert d.reads == 3 and d.dropped == 2 and d.called_later == []


async def test_a_burst_of_failures_ends_through_the_apps_handler_not_a_panic():
    d = Scripted([UnicodeDecodeError("utf-8", b"\xe9", 0, 1, "bad")] * 50)
    d._run_input_thread()
    assert d.dropped == d.BURST
    assert [f for f, _ in d.called_later] == ["handle"]


async def test_a_failing_terminal_ends_as_textual_would():
    d = Scripted([OSError("EIO"), OSError("EIO")])
    d._run_input_thread()
    assert [f for f, _ in d.called_later] == ["panic"]
