"""Nauticus as a game of the project: its side of the game seam
(:class:`~shipyard_tui.core.game.GameKind`). The rules are imported here; the bots
and review only when asked for."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from shipyard_tui.core.driver import SeatDriver
from shipyard_tui.core.game import DEFAULT_OPTIONS, GameKind, GuideNote, Options
from shipyard_tui.core.seats import SeatConfig
from shipyard_tui.games.nauticus.rules.events import event_to_json
from shipyard_tui.games.nauticus.rules.game import NauticusGame
from shipyard_tui.games.nauticus.rules.state import NauticusConfig


class NauticusKind(GameKind):
    name = "nauticus"
    title = "Nauticus"
    package = "shipyard_tui.games.nauticus"
    menu_key = "a"
    player_levels = {"beginner": "greedy", "sensible": "planner", "strong": "strong",
                     "expert": "expert"}
    options = frozenset({"start_seat"})
    """Who starts may be picked (NA-2.4: the book has the least experienced start)."""
    can_analyse = True
    """Its Key moments are the choices of action tile, the decisions its strong bot
    searches (:mod:`shipyard_tui.games.nauticus.analysis`)."""

    def make_config(self, seats: Sequence[SeatConfig], seed: int,
                    options: Options = DEFAULT_OPTIONS) -> NauticusConfig:
        self.check_options(options)
        config = NauticusConfig(tuple(seats), seed=seed, start_seat=options.start_seat)
        config.validate()
        return config

    def config_of(self, game: NauticusGame) -> NauticusConfig:
        return game.config

    def new_game(self, config: NauticusConfig) -> NauticusGame:
        return NauticusGame(config)

    def load(self, data: Mapping[str, Any], *, review: bool = False) -> NauticusGame:
        return NauticusGame.from_json(dict(data), replay=True)

    def summary(self, game: NauticusGame) -> dict[str, Any]:
        """``turn`` is the round, ``stage`` the round and phase in words."""
        state = game.state
        to_move = state.to_move
        stage = ("over" if game.is_over
                 else f"round {state.round} of {state.config.rounds}, "
                      f"phase {min(state.phase, 7)}")
        return {
            "seats": [s.name for s in state.seats],
            "kinds": [s.kind.value for s in state.config.seats],
            "scores": [s.vp for s in state.seats],
            "turn": state.round,
            "stage": stage,
            "over": game.is_over,
            "solo": False,
            "to_move": state.seats[to_move].name if to_move is not None else "",
            "winners": list(state.winners),
        }

    def round_words(self, summary: Mapping[str, Any]) -> str:
        return str(summary["stage"])

    def event_json(self, event: Any) -> dict[str, Any]:
        return event_to_json(event)

    def result_fields(self, game: NauticusGame) -> dict[str, Any]:
        outcome = game.outcome()
        assert outcome is not None
        return {"rules": "nauticus", "remainders": list(outcome.remainders),
                "totals": list(outcome.totals), "rounds": game.state.config.rounds}

    def bot_factories(self) -> Mapping[str, Any]:
        from shipyard_tui.games.nauticus.bots import NAUTICUS_BOT_LEVELS

        return NAUTICUS_BOT_LEVELS

    def default_budget_ms(self) -> float:
        from shipyard_tui.games.nauticus.search import DEFAULT_BUDGET_MS

        return float(DEFAULT_BUDGET_MS)

    def guide_notes(self) -> Sequence[GuideNote]:
        from shipyard_tui.games.nauticus.ui.guided import NOTES

        return list(NOTES.values())

    def guide_note(self, game: Any) -> GuideNote | None:
        from shipyard_tui.games.nauticus.ui.guided import note_for

        return note_for(game)

    def table_screen(self, model: Any, *, bot_delay: float,
                     bot_budget_ms: float | None = None, revealed: bool = False,
                     driver: SeatDriver[Any, Any] | None = None,
                     policy: Any = None) -> Any:
        from shipyard_tui.games.nauticus.ui.screen import NauticusScreen

        return NauticusScreen(model, bot_delay=bot_delay, bot_budget_ms=bot_budget_ms,
                              driver=driver, policy=policy)

    def help_screen(self) -> Any:
        from shipyard_tui.games.nauticus.ui.help import NauticusHelpScreen

        return NauticusHelpScreen()

    def how_to_play(self, options: Options = DEFAULT_OPTIONS) -> list[Any]:
        from shipyard_tui.games.nauticus.ui.guide import pages

        return pages()

    def scenes(self) -> list[Any]:
        from shipyard_tui.games.nauticus.ui.scenes import SCENES

        return list(SCENES)

    def visible_events(self, game: NauticusGame, seat: int | None,
                       start: int = 0) -> list[Any]:
        """The generator's seed is withheld (NA-14.1)."""
        return list(game.events_for(seat, start))

    def remote_view(self) -> type[Any]:
        from shipyard_tui.games.nauticus.remote import NauticusSeatView

        return NauticusSeatView

    def search_hint(self, game: NauticusGame, budget_ms: float, move_index: int) -> Any:
        from shipyard_tui.games.nauticus.hint import hint_for

        return hint_for(game, budget_ms=budget_ms, seed=move_index)

    def key_moments(self, game: NauticusGame, *, budget_ms: float, seats: tuple[int, ...],
                    top: int, progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Any:
        # the module's own name, looked up now: the tests stand in for the search
        from shipyard_tui.games.nauticus import analysis

        return analysis.analyse_game(game, budget_ms=budget_ms, seats=seats, top=top,
                                     progress=progress, cancelled=cancelled)

    def review_renderable(self, game: NauticusGame) -> Any:
        from shipyard_tui.games.nauticus.review import build_nauticus_review, review_renderable

        return review_renderable(build_nauticus_review(game))

    def review_json(self, game: NauticusGame) -> dict[str, Any]:
        from shipyard_tui.games.nauticus.review import build_nauticus_review, review_json

        return review_json(build_nauticus_review(game))


KIND = NauticusKind()
