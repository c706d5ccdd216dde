"""The order of the suite that spreads its long tests over the test workers
(issue 39), read by ``tests/conftest.py``."""

from __future__ import annotations

import pytest

SLOW_SECONDS = 3.0
"""What a test marked ``slow`` without ``seconds=`` is taken to last."""


def slow_seconds(item: pytest.Item) -> float | None:
    """How long a test marked ``slow`` lasts (its ``seconds=``, measured in a whole run
    of the suite on two cores), or None for the other tests."""
    marker = item.get_closest_marker("slow")
    if marker is None:
        return None
    return float(marker.kwargs.get("seconds", SLOW_SECONDS))


def waits(item: pytest.Item) -> bool:
    """Whether a long test mostly waits (``waits=True`` on its ``slow`` marker): a game
    played by keys at a pace, over SSH, or an idle timeout, using a fraction of a core."""
    marker = item.get_closest_marker("slow")
    return bool(marker is not None and marker.kwargs.get("waits", False))


def chunk_sizes(count: int, workers: int) -> list[int]:
    """How many tests of ``count`` each worker is first sent: xdist's work-stealing
    scheduler splits the collection into that many consecutive chunks, each worker its
    share of what is left."""
    sizes = []
    for index in range(workers):
        sizes.append(count // (workers - index))
        count -= sizes[-1]
    return sizes


def spread_long_tests(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """The collection in the order that spreads the long tests over the workers: each
    worker's first chunk starts with its share of them, longest first (each to the
    worker with the least long work so far), then its share of the others, every
    folder's spread over the whole order (:func:`interleave_folders`). With the long
    tests all at the front, the first worker's chunk held them all: the others stole
    the quick tests from the end of its queue, so one worker ran every whole game one
    after the other and finished a minute after the rest. Within a chunk, the long
    tests that wait come last in every other chunk, first in the others (see
    :func:`waits`)."""
    long = sorted((item for item in items if slow_seconds(item) is not None),
                  key=lambda item: -(slow_seconds(item) or 0.0))
    others = [item for item in items if slow_seconds(item) is None]
    sizes = chunk_sizes(len(items), max(1, workers))
    chunks: list[list[pytest.Item]] = [[] for _ in sizes]
    loads = [0.0] * len(sizes)
    for item in long:
        open_chunks = [i for i, size in enumerate(sizes) if len(chunks[i]) < size]
        chosen = min(open_chunks, key=lambda i: (loads[i], i))
        chunks[chosen].append(item)
        loads[chosen] += slow_seconds(item) or 0.0
    for index, chunk in enumerate(chunks):
        # half the workers start with their long tests that work, half with those that
        # wait: with every worker on a game played by keys at once, a core stood idle
        chunk.sort(key=lambda item: waits(item) != (index % 2 == 1))
    rest = iter(interleave_folders(others))
    for chunk, size in zip(chunks, sizes, strict=True):
        chunk.extend(next(rest) for _ in range(size - len(chunk)))
    return [item for chunk in chunks for item in chunk]


def interleave_folders(items: list[pytest.Item]) -> list[pytest.Item]:
    """``items`` with each folder's test files spread evenly over the whole order, each
    file's tests kept together and in their order (a file's fixtures are set up once).

    In the file order the interface tests came last: every worker ended its share with
    them, and in the last 45 s of a run four workers waited on apps between frames
    with the cores 30-60 % idle. Spread, a worker at any point of its share runs a mix
    of tests that wait and tests that work. A file's place is the middle of its tests
    among its folder's, as a fraction; files of equal place keep the folders' order."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    folders: dict[str, list[str]] = {}
    for name in files:
        folders.setdefault(name.rpartition("/")[0], []).append(name)
    placed: list[tuple[float, str]] = []
    for names in folders.values():
        total = sum(len(files[name]) for name in names)
        done = 0
        for name in names:
            count = len(files[name])
            placed.append(((done + count / 2) / total, name))
            done += count
    placed.sort(key=lambda place: place[0])
    return [item for _, name in placed for item in files[name]]
