"""A Shipyard game as one seat at a server table sees it (the game's side of
:mod:`shipyard_tui.core.remote`): its state, events and moves read from the host's
messages, where the secret fields of other seats' events stay ``None`` (R-11.1)."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from shipyard_tui.core.codec import from_data
from shipyard_tui.core.remote import RemoteView
from shipyard_tui.games.shipyard.rules import (
    STEP_PROMPTS,
    Event,
    Game,
    GameState,
    Move,
    Stage,
    event_from_json,
    events,
    parse_move,
)


def wire_event(data: dict[str, Any]) -> Event:
    """An event as the host sent it: secret fields redacted for this seat stay ``None``."""
    kind = events.EVENT_TYPES.get(data.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    blank = {name for name in kind.secret_fields if data.get(name) is None}
    if not blank:
        return event_from_json(data)
    hints = typing.get_type_hints(kind)
    # a field left out at its default (a classic-only field of a 2nd-edition game) keeps it
    values = {f.name: None if f.name in blank else from_data(hints[f.name], data[f.name])
              for f in dataclasses.fields(kind)
              if f.init and (f.name in data or not f.metadata.get("omit_default"))}
    return kind(**values)


class ShipyardSeatView(RemoteView[GameState, Move, Event]):
    """One seat's view of a Shipyard game kept by the table host."""

    game_type = Game

    @classmethod
    def read_state(cls, data: dict[str, Any]) -> GameState:
        return GameState.from_dict(data)

    @classmethod
    def read_event(cls, data: dict[str, Any]) -> Event:
        return wire_event(data)

    def read_move(self, text: str) -> Move:
        return parse_move(text, self.state.turn.step)

    @property
    def is_over(self) -> bool:
        return self.state.stage is Stage.OVER

    @property
    def prompt(self) -> str:
        return STEP_PROMPTS[self.state.turn.step]
