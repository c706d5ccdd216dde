"""Enter every 0.1 s at a real terminal of 80x24, through a whole game of each kind at
once: no crash (issue 38). The six games run side by side, each in its own process and
pseudo-terminal, so the test waits out their pauses once, not six times (and each
game's program shares the processor with the others, a harder test of keys arriving
faster than the screen redraws). ``tests/enter_storm.py`` plays more games (20 of each
kind, in docs/performance.md)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from enter_storm import KINDS, storm


@pytest.mark.slow(seconds=28)
def test_enter_every_tenth_of_a_second_never_crashes_a_game_of_any_kind() -> None:
    kinds = sorted(KINDS)
    with ThreadPoolExecutor(len(kinds)) as pool:
        results = list(pool.map(lambda kind: storm(kind, seed=5), kinds))
    for result in results:
        assert not result.crashed, (result.kind, result.detail)
        assert result.finished, (result.kind, result.detail)
        assert result.enters > 20, result.kind
