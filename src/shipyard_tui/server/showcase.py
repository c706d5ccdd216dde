"""The lobby as a fixed scene, for its snapshot test and ``scripts/screenshots.py``."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from shipyard_tui.server.lobby import LobbyScreen
from shipyard_tui.server.session import CSS
from shipyard_tui.ui.showcase import Scene


def _seat(name: str, player: str | None = None, *, bot: str = "", present: bool = True,
          stand_in: bool = False) -> dict[str, Any]:
    return {"name": name, "kind": "bot" if bot else "person", "level": bot,
            "player": None if bot else player, "present": present and player is not None,
            "stand_in": stand_in}


SAMPLE_TABLES: list[dict[str, Any]] = [
    {"table": "3f9a1c", "rules": "2 seats", "to_move": 1, "state": "playing",
     "moves": 57, "round": "round 8", "scores": [12, 9], "stand_in": None,
     "seats": [_seat("Ann", "Ann"), _seat("Bob", "Bob", present=False)]},
    {"table": "b27e40", "rules": "4 seats", "to_move": 2, "state": "playing",
     "moves": 23, "round": "round 2", "scores": [4, 6, 3, 5], "stand_in": 300.0,
     "stand_in_level": "planner",
     "seats": [_seat("Cato", "Cato"), _seat("Bot 2", bot="greedy"),
               _seat("Dirk", "Dirk", present=False, stand_in=True),
               _seat("Bot 4", bot="planner")]},
    {"table": "08d5e2", "rules": "3 seats", "to_move": None, "state": "waiting",
     "moves": 0, "scores": [], "stand_in": None,
     "seats": [_seat("Eva", "Eva"), _seat("Seat 2"), _seat("Bot 3", bot="strong")]},
    {"table": "c1a077", "rules": "2 seats", "to_move": None, "state": "over",
     "moves": 241, "scores": [61, 58], "winners": [0], "stand_in": None,
     "seats": [_seat("Ann", "Ann", present=False), _seat("Eva", "Eva", present=False)]},
]


class LobbyShowcase(App[None]):
    """The lobby with fixed tables, not connected to any host."""

    CSS_PATH = str(CSS)
    TITLE = "Shipyard"
    bell_on_turn = True

    def get_default_screen(self) -> Screen[Any]:
        return LobbyScreen()

    def on_mount(self) -> None:
        self.theme = "ansi-dark"
        lobby = self.screen
        assert isinstance(lobby, LobbyScreen)
        lobby.welcome("Ann")
        lobby.show_tables(SAMPLE_TABLES)

    def send(self, message: dict[str, Any]) -> None:
        """Not connected: nothing goes anywhere."""


LOBBY_SCENES = [
    Scene("lobby-80x24", (80, 24), LobbyShowcase),
    Scene("lobby-new-table-80x24", (80, 24), LobbyShowcase, ("n",)),
]
