"""A small load on the SSH server: 8 connections at 2 tables of 4 seats, by keys.

The full load (N players at a person's pace, N = 10 to 100) is
``benchmarks/ssh_load.py``; its figures are in docs/performance.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "benchmarks"))

from ssh_load import run


@pytest.mark.slow(seconds=21, waits=True)
async def test_eight_connections_at_two_tables_of_four() -> None:
    result = await run(players=8, seats=[4], seconds=15, pace=(0.5, 1.0), size=(100, 30),
                       fork=True, seed=1)
    assert result["connections"] == 8
    assert result["tables"] == "4+4"
    assert result["errors"] == 0
    assert result["tables that moved"] == 2
    assert result["timed keys"] > 0
    assert result["session USS MiB median"] > 0
