"""Who sits at a seat, for every game: a person, a bot of a level, or an automa.

>>> SeatConfig("Bob", SeatKind.BOT, "greedy")
SeatConfig(name='Bob', kind=<SeatKind.BOT: 'bot'>, level='greedy')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"
    AUTOMA = "automa"


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who sits at a seat. ``level`` names the bot strength for bot seats."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str = ""
