"""Enter every 0.1 s at a real terminal of 80x24, through a whole game of each kind:
no crash (issue 38). ``tests/enter_storm.py`` plays more games (20 of each kind, in
docs/performance.md)."""

from __future__ import annotations

import pytest

from enter_storm import KINDS, storm


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_enter_every_tenth_of_a_second_never_crashes(kind: str) -> None:
    result = storm(kind, seed=5)
    assert not result.crashed, result.detail
    assert result.finished, result.detail
    assert result.enters > 20
