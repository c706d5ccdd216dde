"""Shipyard as a game of the project: its side of the game seam
(:class:`~shipyard_tui.core.game.GameKind`). The rules are imported here; the bots,
words and review only when asked for."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from shipyard_tui.core.driver import SeatDriver
from shipyard_tui.core.game import DEFAULT_OPTIONS, GameKind, GuideNote, Options
from shipyard_tui.core.seats import SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import (
    CLASSIC,
    EDITIONS,
    SECOND,
    Game,
    GameConfig,
    OldRulesError,
    event_to_json,
)

AUTOMA_NAMES = ("Automa A", "Automa B")


class ShipyardKind(GameKind):
    name = "shipyard"
    title = "Shipyard"
    package = "shipyard_tui.games.shipyard"
    player_levels = {"beginner": "greedy", "sensible": "planner", "strong": "strong",
                     "expert": "expert"}
    options = frozenset({"rules", "solo", "first_game", "advanced"})
    rule_books = EDITIONS
    can_analyse = True
    rule_book_words = {SECOND: "2nd edition",
                       CLASSIC: "classic 1st edition: ring, gap bonus, propellers"}
    named_in_errors = False

    def make_config(self, seats: Sequence[SeatConfig], seed: int,
                    options: Options = DEFAULT_OPTIONS) -> GameConfig:
        self.check_options(options)
        chosen = tuple(seats)
        if options.solo:
            chosen = (*chosen, *(SeatConfig(n, SeatKind.AUTOMA) for n in AUTOMA_NAMES))
        config = GameConfig(chosen, seed=seed, solo=options.solo,
                            first_game=options.first_game, advanced=options.advanced,
                            edition=options.rules or SECOND)
        config.validate()
        return config

    def config_of(self, game: Game) -> GameConfig:
        return game.config

    def new_game(self, config: GameConfig) -> Game:
        return Game(config)

    def load(self, data: Mapping[str, Any], *, review: bool = False) -> Game:
        try:
            return Game.from_json(dict(data), replay=True)
        except OldRulesError:
            if not review:
                raise
            return Game.from_json(dict(data), replay=False)

    def summary(self, game: Game) -> dict[str, Any]:
        state = game.state
        to_move = state.to_move
        return {
            "seats": [s.name for s in state.seats],
            "kinds": [s.kind.value for s in state.seats],
            "scores": [s.score for s in state.seats],
            "turn": state.turn_number,
            "stage": state.stage.value,
            "over": game.is_over,
            "solo": state.config.solo,
            "to_move": state.seats[to_move].name if to_move is not None else "",
            "winners": list(state.winners),
        }

    def round_words(self, summary: Mapping[str, Any]) -> str:
        from shipyard_tui.games.shipyard.words import round_of

        # a Shipyard summary counts turns, one a seat: the status line's round
        return f"round {round_of(int(summary['turn']), len(summary['seats']))}"

    def describe(self, rules: str = "") -> str:
        return "Shipyard classic" if rules == CLASSIC else "Shipyard"

    def solo_words(self, score: int) -> str:
        from shipyard_tui.games.shipyard.words import solo_title

        return solo_title(score)

    def rules_of(self, game: Game) -> str:
        return game.config.edition

    def event_json(self, event: Any) -> dict[str, Any]:
        return event_to_json(event)

    def result_fields(self, game: Game) -> dict[str, Any]:
        state = game.state
        outcome = game.outcome()
        assert outcome is not None
        return {"rules": state.config.edition, "solo": state.config.solo,
                "guilders": list(outcome.guilders), "turns": [s.turns for s in state.seats],
                "end": state.end_trigger}

    def result_words(self, fields: Mapping[str, Any]) -> str:
        return f", {fields['turns'][0]} turns per seat, end by {fields['end']}"

    def bot_factories(self) -> Mapping[str, Any]:
        from shipyard_tui.games.shipyard.bots import BOT_LEVELS

        return BOT_LEVELS

    def default_budget_ms(self) -> float:
        from shipyard_tui.games.shipyard.bots.strong import DEFAULT_BUDGET_MS

        return float(DEFAULT_BUDGET_MS)

    def visible_events(self, game: Game, seat: int | None, start: int = 0) -> list[Any]:
        from shipyard_tui.games.shipyard.rules.query import events_for

        return list(events_for(game.events[start:], seat))

    def seat_view(self, state: Any, seat: int | None) -> Any:
        from shipyard_tui.games.shipyard.rules.query import seat_view

        return seat_view(state, seat)

    def state_before_move(self, game: Game) -> Any | None:
        # the solo automa's turns a move leads to are shown one by one
        return game.state.copy() if game.state.config.solo else None

    def boards_after_turns(self, before: Any, move: Any) -> dict[int, Any]:
        from shipyard_tui.games.shipyard.rules.query import states_after_turns

        return dict(states_after_turns(before, move))

    def guide_notes(self) -> Sequence[GuideNote]:
        from shipyard_tui.games.shipyard.ui.guided import NOTES

        return list(NOTES.values())

    def guide_note(self, game: Any) -> GuideNote | None:
        from shipyard_tui.games.shipyard.ui.guided import note_for

        return note_for(game)

    def table_screen(self, model: Any, *, bot_delay: float,
                     bot_budget_ms: float | None = None, revealed: bool = False,
                     driver: SeatDriver[Any, Any] | None = None,
                     policy: Any = None) -> Any:
        from shipyard_tui.games.shipyard.ui.screen import GameScreen

        return GameScreen(model, bot_delay=bot_delay, bot_budget_ms=bot_budget_ms,
                          revealed=revealed, driver=driver, policy=policy)

    def help_screen(self) -> Any:
        from shipyard_tui.games.shipyard.ui.help import HelpScreen

        return HelpScreen()

    def guides(self) -> list[tuple[str, Options]]:
        from shipyard_tui.games.shipyard.ui.guide import GUIDES

        return list(GUIDES)

    def how_to_play(self, options: Options = DEFAULT_OPTIONS) -> list[Any]:
        from shipyard_tui.games.shipyard.ui.guide import pages

        return pages(options)

    def scenes(self) -> list[Any]:
        from shipyard_tui.games.shipyard.ui.scenes import SCENES

        return list(SCENES)

    def remote_view(self) -> type[Any]:
        from shipyard_tui.games.shipyard.remote import ShipyardSeatView

        return ShipyardSeatView

    def search_hint(self, game: Game, budget_ms: float, move_index: int) -> Any:
        # the module's own name, looked up now: the tests stand in for the search
        from shipyard_tui.games.shipyard import analysis

        return analysis.hint_for(game, budget_ms=budget_ms, move_index=move_index)

    def key_moments(self, game: Game, *, budget_ms: float, seats: tuple[int, ...],
                    top: int, progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Any:
        from shipyard_tui.games.shipyard import analysis

        return analysis.analyse_game(game, budget_ms=budget_ms, seats=seats, top=top,
                                     progress=progress, cancelled=cancelled)

    def review_renderable(self, game: Game) -> Any:
        from shipyard_tui.games.shipyard.review import build_review, review_renderable

        return review_renderable(build_review(game))

    def review_json(self, game: Game) -> dict[str, Any]:
        from shipyard_tui.games.shipyard.review import build_review, review_json

        return review_json(build_review(game))


KIND = ShipyardKind()


def solo_config(name: str, seed: int, first_game: bool = False) -> GameConfig:
    """A solo game of ``name`` (a person) against the two automa (R-12)."""
    from shipyard_tui.seats import clean_name

    return KIND.make_config([SeatConfig(clean_name(name), SeatKind.HUMAN)], seed,
                            Options(solo=True, first_game=first_game))
