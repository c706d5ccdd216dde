"""Two or three quick Enters at a decision play the choice the player chose, once, and
nothing else (issue 38).

The second Enter of a quick pair selected a choice of the decision the first had just
answered, before the choices were redrawn: its move was no longer legal and the game
stopped with a crash. A choice now carries the decision it was shown for, and one for
an earlier decision is dropped. Here the keys are queued as a fast typist's are: all of
them reach the app before it handles the first.
"""

from __future__ import annotations

import pytest
from textual import events

from shipyard_tui.core.moves import Move
from shipyard_tui.games.nauticus import NauticusConfig
from shipyard_tui.games.nauticus import SeatConfig as NauticusSeat
from shipyard_tui.games.nauticus import SeatKind as NauticusKind
from shipyard_tui.games.shipyard.kind import solo_config
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import terminal_driver
from shipyard_tui.ui.screens.confirm import ConfirmScreen
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel, Plan, Repeat
from support.ui import expected_moves, game_at, settle


def _shipyard(seats: int, seed: int, edition: str = "second") -> GameConfig:
    bots = tuple(SeatConfig(name, SeatKind.BOT, "greedy")
                 for name in ("Bob", "Cy", "Di")[:seats - 1])
    return GameConfig((SeatConfig("Ann"), *bots), seed=seed, edition=edition)


def _nauticus(seed: int) -> NauticusConfig:
    return NauticusConfig((NauticusSeat("Ann"),
                           NauticusSeat("Bob", NauticusKind.BOT, "greedy")), seed=seed)


GAMES = {
    "shipyard-2": lambda: _shipyard(2, 9),
    "shipyard-3": lambda: _shipyard(3, 10),
    "shipyard-4": lambda: _shipyard(4, 11),
    "solo": lambda: solo_config("Ann", seed=11),
    "classic": lambda: _shipyard(2, 12, "classic"),
    "nauticus": lambda: _nauticus(13),
}
"""Seeded games of every kind; seeds 9, 10 and 11 crashed the 2-seat game at moves 7,
3 and 8 before the fix."""


def queue_enters(app: ShipyardApp, count: int) -> None:
    """Put ``count`` Enters in the app's input at once, as a terminal delivers keys
    typed faster than the screen redraws (``pilot.press`` waits after each)."""
    driver = terminal_driver(app)
    assert driver is not None
    for _ in range(count):
        key = events.Key("enter", "\r")
        key.set_sender(app)
        driver.send_message(key)


def highlighted(app: ShipyardApp) -> Move | Plan | Repeat | None:
    panel = app.screen.query_one(ChoicePanel)
    index = panel.options.highlighted
    assert index is not None, "a decision with nothing highlighted"
    return panel.choices[index].move


async def play_by_quick_enters(app: ShipyardApp, pilot: object, asked: list[object],
                               limit: int = 2000) -> int:
    """Answer every decision of the person (seat 0) with a burst of two, then three,
    Enters, and every question it raises with yes; check that each burst played the
    highlighted choice's moves first; return the number of bursts.

    The later Enters of a burst are dropped when they reach the choices of the decision
    answered; one that arrives after the next decision is shown answers that one (the
    app may take the keys in between), and one that reaches a question asked by the
    first presses its focused button, "Go back" (``asked`` counts the questions)."""
    game = app.playing
    assert game is not None
    bursts = 0
    while not game.is_over:
        assert bursts < limit, "the game does not move on"
        assert app.return_code is None, "the app stopped"
        panels = app.screen.query(ChoicePanel)
        if game.to_move != 0 or not panels or not panels.first().choices:
            await pilot.pause(0.01)  # type: ignore[attr-defined]
            continue
        chosen = expected_moves(highlighted(app))
        before, questions = len(game.moves), len(asked)
        queue_enters(app, 2 + bursts % 2)
        bursts += 1
        await settle(pilot, 2)  # type: ignore[arg-type]
        while isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")  # type: ignore[attr-defined]
            await settle(pilot)  # type: ignore[arg-type]
        played = list(game.moves[before:])
        if not played:
            assert len(asked) > questions, "an Enter was lost without a question"
            continue
        assert played[:len(chosen)] == chosen, (bursts, chosen, played)
    return bursts


@pytest.mark.slow(seconds=16, waits=True)
@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_a_whole_game_answered_by_quick_enters_finishes(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []
    mount = ConfirmScreen.on_mount

    def counted(screen: ConfirmScreen) -> None:
        asked.append(screen)
        mount(screen)

    monkeypatch.setattr(ConfirmScreen, "on_mount", counted)
    config = GAMES[kind]()
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bursts = await play_by_quick_enters(app, pilot, asked)
        game = app.playing
        assert game is not None and game.is_over
        assert bursts > 20
        moves = list(game.moves)
    assert app.return_code in (None, 0), "the app stopped on an error"
    if isinstance(config, GameConfig):
        assert Game.replay(config, moves).outcome() == game.outcome()


async def test_two_quick_enters_play_one_move() -> None:
    """The first decision of a game: two Enters that the choice list takes before the
    screen handles the first play its highlighted choice only; the second is dropped (Ann
    decides again at once)."""
    app = ShipyardApp(config=_shipyard(2, 9), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.human_to_move
        chosen = expected_moves(highlighted(app))
        before = len(model.game.moves)  # the bots' moves, if they sit before Ann
        options = app.screen.query_one(ChoicePanel).options
        options.action_select()  # what Enter is bound to, twice before either is handled
        options.action_select()
        await settle(pilot)
        assert model.human_to_move  # Ann's turn goes on: the second Enter had a decision
        assert list(model.game.moves[before:]) == chosen  # and did not answer it
        assert not [n for n in app._notifications if n.title == "Not allowed"]


async def test_a_choice_for_an_earlier_decision_is_dropped() -> None:
    """The panel numbers its decisions; the screen plays a choice only for the one
    shown, and the model only at the revision it was chosen at."""
    app = ShipyardApp(config=_shipyard(2, 9), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None
        panel = app.screen.query_one(ChoicePanel)
        move = highlighted(app)
        assert isinstance(move, Move)
        stale = panel.decision - 1
        before = len(model.game.moves)
        panel.post_message(ChoicePanel.Chosen(move, stale))
        await settle(pilot)
        assert len(model.game.moves) == before
        revision = model.revision
        assert model.play(move, at=revision - 1) == []
        assert len(model.game.moves) == before and model.revision == revision
        panel.post_message(ChoicePanel.Chosen(move, panel.decision))
        await settle(pilot)
        assert model.game.moves[before:before + 1] == [move]


async def test_enters_that_reach_the_choices_under_a_question_ask_it_once() -> None:
    """Enters that reach the choice list after the first put a question over it (a
    contract to discard, R-10.2) asked it again, one dialog over another: under load a
    pty game stacked 46 and stopped with a RecursionError drawing them."""
    from shipyard_tui.games.shipyard.rules import Step

    game = game_at(lambda g: g.state.turn.step is Step.DISCARD, seeds=range(40))
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        move = highlighted(app)
        for _ in range(3):
            panel.post_message(ChoicePanel.Chosen(move, panel.decision))
        await settle(pilot)
        assert sum(isinstance(s, ConfirmScreen) for s in app.screen_stack) == 1
        for _ in range(3):
            app.screen_stack[-2].action_leave()  # and quick q's, under the question
        await settle(pilot)
        assert sum(isinstance(s, ConfirmScreen) for s in app.screen_stack) == 1
