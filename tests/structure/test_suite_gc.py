"""The test processes run the cyclic garbage collector less often (issue 39): the
settings of ``tests/support/collector.py`` are those a test sees."""

from __future__ import annotations

import gc

from support.collector import GC_THRESHOLDS


def test_a_test_runs_with_the_suite_s_collector_thresholds() -> None:
    assert gc.get_threshold() == GC_THRESHOLDS
    assert GC_THRESHOLDS[0] > 700  # fewer young collections than Python's default


def test_what_collection_loaded_is_out_of_the_collector_s_sight() -> None:
    assert gc.get_freeze_count() > 10_000  # the modules imported, the tests collected


def test_garbage_cycles_are_still_collected() -> None:
    """A cycle dropped by a test is freed by the next full collection (the frozen
    objects are only those alive when the tests were collected)."""
    import weakref

    class Node:
        other: object = None

    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    del a, b
    gc.collect()
    assert gone() is None
