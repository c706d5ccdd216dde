"""docs/events.md documents every event type and every field of each."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from shipyard_tui.games.shipyard.rules.events import EVENT_TYPES

DOC = (Path(__file__).parent.parent.parent / "docs" / "events.md").read_text()


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_event_is_documented_with_all_its_fields(name):
    row = next((line for line in DOC.splitlines() if line.startswith(f"| `{name}` |")), None)
    assert row is not None, f"{name} is missing from docs/events.md"
    documented = set(re.findall(r"`(\w+)`", row.split("|")[2]))
    fields = {f.name for f in dataclasses.fields(EVENT_TYPES[name])}
    assert documented == fields
