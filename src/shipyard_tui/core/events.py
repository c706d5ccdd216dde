"""Events of any game: frozen records of what happened, and their JSON form.

An event's JSON object is ``{"type": <class name>, <fields>...}``; a game reads it
back with its table of event types (:func:`event_table`).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Rang(Event):
...     bell: int
>>> data = event_to_json(Rang(2))
>>> data
{'type': 'Rang', 'bell': 2}
>>> event_from_json(data, event_table(Rang))
Rang(bell=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from shipyard_tui.core.codec import from_data, to_data

EventT = TypeVar("EventT", bound="Event")


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``type`` is the class name, as in the JSON form."""

    @property
    def type(self) -> str:
        return type(self).__name__


def event_table(*types: type[EventT]) -> dict[str, type[EventT]]:
    """A game's event types by name."""
    return {cls.__name__: cls for cls in types}


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event: ``{"type": ..., fields...}``."""
    data: dict[str, Any] = {"type": event.type}
    data.update(to_data(event))
    return data


def event_from_json(data: dict[str, Any], table: dict[str, type[EventT]]) -> EventT:
    """Read an event written by :func:`event_to_json` with a game's table of event types."""
    kind = table.get(data.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return from_data(kind, {k: v for k, v in data.items() if k != "type"})
