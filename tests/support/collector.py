"""The cyclic garbage collector's settings in a test process (issue 39), applied by
``tests/conftest.py`` once the tests are collected."""

from __future__ import annotations

import gc

GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds in a test process (Python's are 700, 10, 10). An interface
test makes and drops hundreds of thousands of Textual objects, and with the usual
thresholds the collector walked the young ones every 700 allocations: on a sample of
interface and save tests (``-n 2``, alternating runs) the collector's share was about
14 % of their processor time (docs/performance.md). Garbage is still collected, a little
later; nothing a test asserts depends on when."""


def settle_collector() -> None:
    """Move what is alive now (the modules, the collected tests and their parameters,
    alive to the end) out of the collector's sight, and raise its thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
