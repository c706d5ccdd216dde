"""Helpers for driving the interface with key presses in tests."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from shipyard_tui.core.moves import Move as AnyMove
from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.rules import Game, GameConfig, Move, SeatConfig, SeatKind
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.widgets.choice_panel import Choice, ChoicePanel, Plan, Repeat
from support import settle as settle


def panel(app: ShipyardApp) -> ChoicePanel:
    return app.screen.query_one(ChoicePanel)


def choices(app: ShipyardApp) -> list[Choice]:
    return panel(app).choices


def key_for(app: ShipyardApp, wanted: Callable[[Choice], bool]) -> str:
    """The key that selects the first choice matching ``wanted``."""
    shown = panel(app)
    for index, choice in enumerate(shown.choices):
        if choice.move is not None and wanted(choice) and shown.key_of(index):
            return shown.key_of(index)
    labels = [c.label for c in choices(app)]
    raise AssertionError(f"no such choice among {labels}")


def key_for_move(app: ShipyardApp, move: Move | str) -> str:
    return key_for(app, lambda c: str(c.move) == str(move))


def key_for_label(app: ShipyardApp, text: str) -> str:
    return key_for(app, lambda c: text in c.label)


async def pick(pilot: Pilot[None], app: ShipyardApp, key: str) -> None:
    """Select a choice by its letter and confirm it with Enter (and answer yes when an
    irreversible choice asks to be confirmed)."""
    await pilot.press(key, "enter")
    await settle(pilot)
    await confirm_if_asked(pilot, app)


async def confirm_if_asked(pilot: Pilot[None], app: ShipyardApp) -> None:
    from shipyard_tui.ui.screens.confirm import ConfirmScreen

    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")
        await settle(pilot)


def game_at(wanted: Callable[[Game], bool], *, seats: int = 2, seeds: range = range(200),
            **options: bool | str) -> Game:
    """A game (seat 0 a person, the others bots) played by random moves until ``wanted``
    holds while seat 0 is to move."""
    import random

    for seed in seeds:
        names = ("Ann", "Bob", "Cy", "Di")[:seats]
        bots = [SeatConfig(n, SeatKind.BOT, "random") for n in names[1:]]
        config = GameConfig((SeatConfig(names[0]), *bots), seed=seed,
                            **options)  # type: ignore[arg-type]
        game = Game(config)
        rng = random.Random(seed)
        while not game.is_over:
            if game.to_move == 0 and wanted(game):
                return game
            # as a random bot plays (no "nobonus"): the positions found stay those
            # found before that move existed (issue 35 item 1)
            game.play(rng.choice(considered(game.legal_moves())))
    raise AssertionError("no game reached the wanted situation")


def plain(renderable: object, width: int = 120) -> str:
    """The text a rich renderable shows, without styles."""
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def statics_text(screen: object) -> str:
    """Everything the Static widgets of a screen show, as plain text."""
    from textual.widgets import Static

    return "\n".join(plain(w.content) for w in screen.query(Static))  # type: ignore[attr-defined]


async def play_to_the_end(pilot: Pilot[None], app: ShipyardApp, rng, limit: int = 3000) -> int:
    """Play the person's seats by pressing a random choice's letter and Enter each time,
    letting bots move, until the game is over; return the number of choices made."""
    model = app.model
    assert model is not None
    presses = 0
    while not model.game.is_over:
        assert presses < limit, "the game does not move on"
        if not model.human_to_move:
            await pilot.pause(0.01)
            continue
        shown = panel(app)
        keys = [shown.key_of(i) for i, c in enumerate(shown.choices) if c.move is not None]
        keys = [k for k in keys if k]
        assert keys, f"no choice offered at {model.game.state.turn.step}"
        await pilot.press(keys[rng.randrange(len(keys))], "enter")
        presses += 1
        await settle(pilot, 2)
        await confirm_if_asked(pilot, app)
    await settle(pilot)
    return presses


async def until(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 500,
                step: float = 0.02) -> None:
    """Wait, a short pause at a time, until ``condition()`` holds (threads and the table
    host answer in their own time)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(step)
    raise AssertionError("it never happened")


def drawn(renderable: object, width: int, mode: str) -> list[str]:
    """The lines a renderable shows at ``width`` columns in ``mode`` ("colour",
    "no-colour" or "ascii"); in ASCII as the app's line filter passes them to the
    terminal (and checked to be ASCII)."""
    import io

    from rich.console import Console

    from shipyard_tui.ui.ascii import to_ascii

    colour = mode == "colour"
    console = Console(width=width, record=True, file=io.StringIO(), no_color=not colour,
                      color_system="truecolor" if colour else None)
    console.print(renderable)
    lines = console.export_text().rstrip("\n").split("\n")
    if mode == "ascii":
        lines = [to_ascii(line) for line in lines]
        assert all(line.isascii() for line in lines), lines
    return [line.rstrip() for line in lines]


def expected_moves(choice: object) -> list[AnyMove]:
    """The moves a choice of the panel plays, in order (any game's): a plan's, a
    repeat's, or the one move."""
    if isinstance(choice, Plan):
        return list(choice.moves)
    if isinstance(choice, Repeat):
        assert isinstance(choice.move, AnyMove)
        return [choice.move] * choice.times
    assert isinstance(choice, AnyMove)
    return [choice]
