"""NA-2.4: the player setting up a Nauticus game may pick the starting seat; otherwise
the seeded generator does (issue 35, item 14)."""

from __future__ import annotations

import json

import pytest

from shipyard_tui import cli, games
from shipyard_tui.core.game import Options
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig

SEATS = (SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cid"))


def test_na_2_4_the_picked_seat_starts_and_compensation_follows_it() -> None:
    drawn = NauticusGame(NauticusConfig(SEATS, seed=4))
    picked = NauticusGame(NauticusConfig(SEATS, seed=4, start_seat=2))
    assert drawn.state.start_seat != 2 and picked.state.start_seat == 2
    assert picked.state.chooser == 2 and picked.to_move == 2
    # 3 seats: the 2nd in turn order +1 coin, the 3rd +2 coins and +1 worker (NA-2.4)
    cid, ann, bob = (picked.state.seats[i] for i in (2, 0, 1))
    assert (ann.coins - cid.coins, bob.coins - cid.coins) == (1, 2)
    assert bob.workers - cid.workers == 1
    assert picked.state.tiles == drawn.state.tiles, "the seed's shuffles stay the same"


def test_a_picked_seat_is_saved_and_replayed_and_a_drawn_one_writes_nothing() -> None:
    picked = NauticusGame(NauticusConfig(SEATS, seed=9, start_seat=0))
    again = NauticusGame.from_json(picked.to_json(), replay=True)
    assert again.config.start_seat == 0 and again.state.start_seat == 0
    assert "start_seat" not in NauticusGame(NauticusConfig(SEATS, seed=9)).to_json()["config"]


def test_a_seat_that_is_not_there_cannot_start() -> None:
    with pytest.raises(ValueError, match="there is no seat 4 to start: the game has 3"):
        NauticusGame(NauticusConfig(SEATS, seed=1, start_seat=3))


def test_the_seam_offers_the_choice_where_the_game_has_it() -> None:
    config = games.kind("nauticus").make_config(SEATS, 2, Options(start_seat=1))
    assert config.start_seat == 1
    with pytest.raises(ValueError, match="Shipyard has no choice of the starting seat"):
        games.kind("shipyard").make_config(SEATS[:2], 2, Options(start_seat=1))


def test_the_command_line_picks_the_seat_counted_from_one(tmp_path, capsys) -> None:
    events = tmp_path / "events.jsonl"
    assert cli.main(["simulate", "--game", "nauticus", "--players", "3", "--games", "1",
                     "--seed", "4", "--start-seat", "3", "--events", str(events)]) == 0
    started = json.loads(events.read_text().splitlines()[0])
    assert started["type"] == "GameStarted" and started["start_seat"] == 2
    assert cli.main(["simulate", "--game", "nauticus", "--players", "2",
                     "--start-seat", "3"]) == 2
    assert "there is no seat 3 to start: the game has 2" in capsys.readouterr().err
