"""A Nauticus game as one seat at a server table sees it (the game's side of
:mod:`shipyard_tui.core.remote`): its state, events and moves read from the host's
messages (a view withholds the generator only, NA-14.1)."""

from __future__ import annotations

from typing import Any

from shipyard_tui.core.remote import RemoteView
from shipyard_tui.games.nauticus import (
    Event,
    Move,
    NauticusGame,
    NauticusState,
    Step,
    action_used,
    decision_prompt,
    event_from_json,
    parse_move,
)


class NauticusSeatView(RemoteView[NauticusState, Move, Event]):
    """One seat's view of a Nauticus game kept by the table host."""

    game_type = NauticusGame

    @classmethod
    def read_state(cls, data: dict[str, Any]) -> NauticusState:
        return NauticusState.from_dict(data)

    @classmethod
    def read_event(cls, data: dict[str, Any]) -> Event:
        return event_from_json(data)

    def read_move(self, text: str) -> Move:
        return parse_move(text)

    @property
    def is_over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def prompt(self) -> str:
        return decision_prompt(self.state.step, list(self.legal), used=action_used(self.state))
