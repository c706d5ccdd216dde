"""A small load on the SSH server: 8 connections at 2 tables of 4 seats, by keys.

The full load (24 connections, 6 tables, games to the end) is
``benchmarks/ssh_load.py``; its figures are in docs/performance.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "benchmarks"))

from ssh_load import run


@pytest.mark.slow
async def test_eight_connections_at_two_tables_of_four() -> None:
    result = await run(tables=2, seats=4, moves=16, limit=600, size=(100, 30))
    assert result["connections"] == 8
    assert result["errors"] == 0
    assert result["moves"] >= 2 * 16
    assert result["interface MiB median"] > 0
