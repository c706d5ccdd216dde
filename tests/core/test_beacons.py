"""The tiny third game (tests/beacons) plugged in through the game seam alone
(issue 33): the registry finds it, the shared layers play it, and nothing outside its
package names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from beacons.kind import KIND
from beacons.rules import BeaconsGame, Douse, Light
from shipyard_tui import games
from shipyard_tui.core.game import Options, outcome_of
from shipyard_tui.core.seats import SeatConfig, SeatKind


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Beacons as a game of the program, the way a plug-in is added: by the
    environment variable every process of the program reads."""
    monkeypatch.setenv(games.PLUGINS_VARIABLE, "beacons=beacons.kind")
    yield
    games.unregister("beacons")


def bots(*levels: str) -> list[SeatConfig]:
    return [SeatConfig(f"Bot {i + 1}", SeatKind.BOT, lv) for i, lv in enumerate(levels)]


def test_the_registry_finds_the_game_by_name_and_by_object(beacons: None) -> None:
    assert games.names()[-1] == "beacons"
    kind = games.kind("beacons")
    assert kind is KIND
    config = kind.make_config(bots("careful", "random"), seed=3)
    game = kind.new_game(config)
    assert games.kind_of(game) is kind and games.kind_of(config) is kind


def test_without_the_plug_in_the_game_is_unknown() -> None:
    assert "beacons" not in games.names()
    with pytest.raises(ValueError, match="unknown game 'beacons'"):
        games.kind("beacons")


def test_options_the_game_lacks_are_refused_in_words(beacons: None) -> None:
    kind = games.kind("beacons")
    with pytest.raises(ValueError, match="Beacons has no solo game"):
        kind.make_config(bots("careful", "random"), 1, Options(solo=True))
    with pytest.raises(ValueError, match="Beacons needs 2 to 4 seats, not 5"):
        kind.make_config(bots(*["random"] * 5), 1)


def test_the_seat_driver_plays_whole_games_and_bots_see_no_hidden_cards(beacons: None) -> None:
    """The careful bot asserts, at every decision, that the other hands it is shown are
    blank: the driver hands it its seat's view only."""
    kind = games.kind("beacons")
    wins = [0, 0]
    for seed in range(40):
        config = kind.make_config(bots("careful", "random"), seed)
        game = kind.new_game(config)
        kind.driver(config).play_out(game)
        outcome = outcome_of(game)
        assert game.is_over and len(game.moves) == 12
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
        for winner in outcome.winners:
            wins[winner] += 1
    assert wins[0] > wins[1]  # the careful bot beats the random one


def test_a_saved_game_replays_to_the_same_table(beacons: None) -> None:
    kind = games.kind("beacons")
    config = kind.make_config(bots("careful", "careful", "random"), 8)
    game = kind.new_game(config)
    kind.driver(config).play_bots(game, max_moves=7)
    again = kind.load(game.to_json())
    assert isinstance(again, BeaconsGame)
    assert again.state == game.state and again.moves == game.moves


def test_a_drawn_card_cannot_be_taken_back() -> None:
    game = BeaconsGame(KIND.make_config(bots("careful", "careful"), 2))
    lights = [m for m in game.legal_moves() if isinstance(m, Light)]
    game.play(lights[0])
    assert game.can_undo
    game.play(Douse())  # draws a card: the seat has seen it
    assert not game.can_undo
