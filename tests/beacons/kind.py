"""Beacons' side of the game seam: everything the program needs of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from beacons.rules import TURNS, BeaconsConfig, BeaconsGame, CarefulBot, RandomBot
from shipyard_tui.core.events import event_to_json
from shipyard_tui.core.game import DEFAULT_OPTIONS, GameKind, Options, Page
from shipyard_tui.core.seats import SeatConfig


class BeaconsKind(GameKind):
    name = "beacons"
    title = "Beacons"
    package = "beacons"
    player_levels = {"beginner": "random", "sensible": "careful"}
    default_level = "careful"

    def make_config(self, seats: Sequence[SeatConfig], seed: int,
                    options: Options = DEFAULT_OPTIONS) -> BeaconsConfig:
        self.check_options(options)
        config = BeaconsConfig(tuple(seats), seed)
        config.validate()
        return config

    def config_of(self, game: BeaconsGame) -> BeaconsConfig:
        return game.config

    def new_game(self, config: BeaconsConfig) -> BeaconsGame:
        return BeaconsGame(config)

    def load(self, data: Mapping[str, Any], *, review: bool = False) -> BeaconsGame:
        return BeaconsGame.from_json(dict(data))

    def summary(self, game: BeaconsGame) -> dict[str, Any]:
        state = game.state
        to_move = state.to_move
        outcome = game.outcome()
        return {"seats": [s.name for s in game.config.seats],
                "kinds": [s.kind.value for s in game.config.seats],
                "scores": list(state.scores), "turn": state.turns // len(state.hands) + 1,
                "stage": "over" if game.is_over else f"beacon at {state.beacon}",
                "over": game.is_over, "solo": False,
                "to_move": game.config.seats[to_move].name if to_move is not None else "",
                "winners": list(outcome.winners) if outcome else []}

    def event_json(self, event: Any) -> dict[str, Any]:
        return event_to_json(event)

    def bot_factories(self) -> Mapping[str, Any]:
        return {"random": RandomBot, "careful": CarefulBot}

    def copy_game(self, game: BeaconsGame) -> BeaconsGame:
        import copy

        return copy.deepcopy(game)

    def table_screen(self, model: Any, *, bot_delay: float,
                     bot_budget_ms: float | None = None, revealed: bool = False,
                     driver: Any = None, policy: Any = None) -> Any:
        from beacons.screen import BeaconsScreen

        return BeaconsScreen(model, bot_delay=bot_delay, bot_budget_ms=bot_budget_ms,
                             driver=driver, policy=policy)

    def remote_view(self) -> type[Any]:
        from beacons.remote import BeaconsSeatView

        return BeaconsSeatView

    def help_screen(self) -> Any:
        from beacons.screen import BeaconsHelp

        return BeaconsHelp()

    def how_to_play(self, options: Options = DEFAULT_OPTIONS) -> list[Page]:
        return [Page("Goal", "[b]Light the beacon.[/b] On your turn play a card higher "
                     "than the beacon (you score it), or douse the beacon and draw. "
                     f"After {TURNS} turns each, the highest score wins.")]

    def review_renderable(self, game: BeaconsGame) -> Any:
        from rich.text import Text

        return Text(" · ".join(f"{s.name} {score}" for s, score
                               in zip(game.config.seats, game.state.scores, strict=True)))

    def review_json(self, game: BeaconsGame) -> dict[str, Any]:
        return {"scores": list(game.state.scores)}


KIND = BeaconsKind()
