"""The suite's order spreads its long tests over the test workers (issue 39): each
worker's first chunk from xdist's work-stealing scheduler starts with its share of
them, so that no worker runs every whole game one after the other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from xdist.scheduler.worksteal import WorkStealingScheduling

from support.spread import (
    SLOW_SECONDS,
    chunk_sizes,
    interleave_folders,
    slow_seconds,
    spread_long_tests,
    waits,
)


@dataclass
class FakeMarker:
    kwargs: dict[str, float]


@dataclass(eq=False)
class FakeItem:
    """What the ordering reads of a test: its name and its ``slow`` marker."""

    nodeid: str
    seconds: float | None = None
    marked: bool = False
    waits: bool = False

    def get_closest_marker(self, name: str) -> FakeMarker | None:
        if name != "slow" or not (self.marked or self.seconds is not None):
            return None
        kwargs: dict[str, float] = {} if self.seconds is None else {"seconds": self.seconds}
        if self.waits:
            kwargs["waits"] = True
        return FakeMarker(kwargs)


@dataclass(eq=False)
class FakeNode:
    """A worker as the scheduler sees it: it records the tests it is sent."""

    name: str
    sent: list[int] = field(default_factory=list)
    shutting_down: bool = False

    @property
    def gateway(self) -> FakeNode:
        return self

    @property
    def id(self) -> str:
        return self.name

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def send_steal(self, indices: list[int]) -> None:
        pass  # a worker with one or two tests cannot give any away

    def shutdown(self) -> None:
        self.shutting_down = True


class FakeConfig:
    def __init__(self, workers: int) -> None:
        self.workers = workers

    def getvalue(self, name: str) -> list[str]:
        assert name == "tx"
        return [f"{self.workers}*popen"]


def first_chunks(names: list[str], workers: int) -> list[list[str]]:
    """The tests xdist's work-stealing scheduler first sends each worker."""
    scheduler = WorkStealingScheduling(cast(pytest.Config, FakeConfig(workers)))
    nodes = [FakeNode(f"gw{i}") for i in range(workers)]
    for node in nodes:
        scheduler.add_node(cast(Any, node))
    for node in nodes:
        scheduler.add_node_collection(cast(Any, node), names)
    scheduler.schedule()
    return [[names[i] for i in node.sent] for node in nodes]


def suite(long: dict[str, float], quick: int) -> list[FakeItem]:
    items = [FakeItem(f"quick{i}") for i in range(quick)]
    # the long tests where the file order puts them: among the others
    for offset, (name, seconds) in enumerate(long.items()):
        items.insert(offset * 7, FakeItem(name, seconds))
    return items


def test_the_chunks_are_those_xdist_sends() -> None:
    for count, workers in ((3126, 4), (10, 3), (7, 4), (5, 1)):
        names = [f"t{i}" for i in range(count)]
        sizes = [len(chunk) for chunk in first_chunks(names, workers)]
        assert sizes == chunk_sizes(count, workers)


def test_each_worker_starts_with_its_share_of_the_long_tests_longest_first() -> None:
    long = {"storm": 28, "ssh": 40, "classic": 33, "full": 32, "solo": 22, "load": 21,
            "quick-4": 16, "quick-3": 16, "fuzz": 10, "soak": 8}
    items = suite(long, quick=400)
    ordered = spread_long_tests(cast(list[pytest.Item], items), 4)
    assert sorted(i.nodeid for i in ordered) == sorted(i.nodeid for i in items)
    chunks = first_chunks([i.nodeid for i in ordered], 4)
    loads = []
    for chunk in chunks:
        heads = [name for name in chunk if name in long]
        assert chunk[:len(heads)] == heads  # the long tests first
        assert [long[h] for h in heads] == sorted((long[h] for h in heads), reverse=True)
        loads.append(sum(long[h] for h in heads))
    # longest first to the least loaded: 40 | 33 | 32 | 28, then 22 to the 28, ...
    assert max(loads) - min(loads) <= max(long.values()) - min(long.values())
    assert max(loads) <= sum(long.values()) / 4 + 16
    # the quick tests keep their order within each chunk
    for chunk in chunks:
        quick = [int(name[5:]) for name in chunk if name.startswith("quick")]
        assert quick == sorted(quick)


def test_a_slow_mark_without_seconds_counts_as_a_few_seconds() -> None:
    assert slow_seconds(cast(pytest.Item, FakeItem("a", marked=True))) == SLOW_SECONDS
    assert slow_seconds(cast(pytest.Item, FakeItem("b", 12))) == 12
    assert slow_seconds(cast(pytest.Item, FakeItem("c"))) is None


def test_without_workers_the_long_tests_still_come_first() -> None:
    items = suite({"a": 5, "b": 9}, quick=5)
    ordered = spread_long_tests(cast(list[pytest.Item], items), 1)
    assert [i.nodeid for i in ordered[:2]] == ["b", "a"]
    assert len(ordered) == len(items)


def test_more_long_tests_than_room_still_keeps_every_test() -> None:
    items = [FakeItem(f"slow{i}", float(i)) for i in range(9)] + [FakeItem("q")]
    ordered = spread_long_tests(cast(list[pytest.Item], items), 4)
    assert sorted(i.nodeid for i in ordered) == sorted(i.nodeid for i in items)


def test_half_the_workers_start_with_long_tests_that_work_half_with_those_that_wait(
        ) -> None:
    waiting = {"ssh": 40, "classic": 33, "full": 32, "solo": 22, "quick": 16}
    working = {"storm": 28, "soak": 13, "fuzz": 10, "props": 7, "crash": 6}
    items = [FakeItem(f"quick{i}") for i in range(200)]
    items += [FakeItem(name, seconds, waits=True) for name, seconds in waiting.items()]
    items += [FakeItem(name, seconds) for name, seconds in working.items()]
    ordered = spread_long_tests(cast(list[pytest.Item], items), 4)
    by_name = {item.nodeid: item for item in items}
    firsts = []
    for index, chunk in enumerate(first_chunks([i.nodeid for i in ordered], 4)):
        heads = [by_name[name] for name in chunk if name in waiting or name in working]
        kinds = [waits(cast(pytest.Item, item)) for item in heads]
        # a chunk's long tests of one kind, then the other: working first in even chunks
        assert kinds == sorted(kinds, reverse=index % 2 == 1), (index, kinds)
        firsts.append(kinds[0])
    assert firsts.count(True) == 2  # two workers start on a test that waits, not four
    assert not waits(cast(pytest.Item, FakeItem("w", 5)))


def test_each_folders_files_are_spread_over_the_order_each_file_kept_whole() -> None:
    files = {"tests/ui/test_a.py": 30, "tests/ui/test_b.py": 10, "tests/ui/test_c.py": 20,
             "tests/rules/test_d.py": 40, "tests/rules/test_e.py": 40,
             "tests/structure/test_f.py": 4}
    items = [FakeItem(f"{name}::t{i}") for name, count in files.items() for i in range(count)]
    ordered = interleave_folders(cast(list[pytest.Item], items))
    assert sorted(i.nodeid for i in ordered) == sorted(i.nodeid for i in items)
    names = [item.nodeid for item in ordered]
    order = [name.split("::")[0] for name in names]
    # each file's tests together and in their order
    runs = [name for k, name in enumerate(order) if k == 0 or order[k - 1] != name]
    assert sorted(runs) == sorted(files)
    for name in files:
        mine = [int(n.split("::t")[1]) for n in names if n.startswith(name)]
        assert mine == list(range(files[name]))
    # each folder keeps its files' order, and no folder is left to the end: by the
    # middle of the order each has begun, and the last quarter holds two folders
    for folder in ("tests/ui/", "tests/rules/"):
        mine = [name for name in runs if name.startswith(folder)]
        assert mine == [name for name in files if name.startswith(folder)]
    assert {name.rpartition("/")[0] for name in order[:len(order) // 2]} == {
        "tests/ui", "tests/rules", "tests/structure"}
    assert len({name.rpartition("/")[0] for name in order[-len(order) // 4:]}) == 2
    assert runs[0] == "tests/ui/test_a.py"  # places 0.25 | 0.25 | 0.5: first of equals
