"""Beacons as a seat at a server table reads it from the host's messages (the seam's
:class:`~shipyard_tui.core.remote.RemoteView`): its state, events and moves."""

from __future__ import annotations

from typing import Any

from beacons.rules import MOVES, BeaconsGame, BeaconsState, event_from_json
from shipyard_tui.core.codec import from_data
from shipyard_tui.core.events import Event
from shipyard_tui.core.moves import Move, parse_notation
from shipyard_tui.core.remote import RemoteView


class BeaconsSeatView(RemoteView[BeaconsState, Move, Event]):
    game_type = BeaconsGame

    @classmethod
    def read_state(cls, data: dict[str, Any]) -> BeaconsState:
        return from_data(BeaconsState, data)

    @classmethod
    def read_event(cls, data: dict[str, Any]) -> Event:
        return event_from_json(data)

    def read_move(self, text: str) -> Move:
        return parse_notation(text, MOVES)

    @classmethod
    def read_final(cls, data: dict[str, Any]) -> BeaconsGame:
        return BeaconsGame.from_json(data)

    @property
    def is_over(self) -> bool:
        return self.state.to_move is None

    @property
    def prompt(self) -> str:
        return "light the beacon or douse it"
