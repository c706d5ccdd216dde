"""The event stream lets an outsider check the rules (docs/events.md, issue 10): the
public setup, the solo number *n*, which ship a piece goes on, dismantled ships told
like sailed ones, and a start and an end for every turn."""

from __future__ import annotations

import functools

import pytest

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.rules import CATALOG, Action, Game
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.scoring import tile_features
from support import of_type
from support.invariants import random_config, random_game
from support.shipyard import new_game, solo_game


def greedy_game(game: Game, seed: int) -> Game:
    SeatDriver({i: bot_for_level("greedy", seed + i)
                for i in range(game.state.players)}).play_out(game)
    return game


@functools.cache
def sample_games() -> list[Game]:
    """Random and greedy games of every seat count and the solo game, played when a
    test first asks for them (not while the tests are collected: every test process
    collects, and most never run these tests)."""
    games = [random_game(random_config(n, 700 + n), 70 + n) for n in (2, 3, 4)]
    games += [random_game(random_config(3, 710 + k, solo=True), 80 + k) for k in range(3)]
    games += [greedy_game(new_game(n, seed=90 + n), 90 + n) for n in (2, 3, 4)]
    games += [greedy_game(solo_game(seed=95), 95)]
    return games


SAMPLES = 10
"""How many games :func:`sample_games` plays."""


# -- the public setup (§2, R-11.1) ------------------------------------------------------


@pytest.mark.parametrize("game", [new_game(2, seed=1), new_game(3, seed=2), new_game(4, seed=3),
                                  solo_game(seed=4)], ids=["2", "3", "4", "solo"])
def test_table_set_up_follows_game_started_and_shows_the_whole_public_table(game):
    """R-2.1 … R-2.6, R-12.1: right after GameStarted, the displays with their slots, the
    deck sizes, the four markers, every employee slot with the twin under it (3–4
    seats), each seat's guilders and commodity tiles, and the solo tile's back."""
    assert [e.type for e in game.events[:2]] == ["GameStarted", "TableSetUp"]
    table = game.events[1]
    assert isinstance(table, ev.TableSetUp)
    state = game.state
    market = state.market
    assert table.ship_display == market.ships
    assert all(None not in column for column in table.ship_display)
    assert table.ship_stacks == {"bow": 19, "middle": 46, "middle_deck_2": 24, "stern": 19}
    assert table.canals == market.canals and table.canal_deck == 19
    assert table.commodities == market.commodities and table.commodity_deck == 9
    assert (table.equipment_marker, table.crew_marker, table.exchange_marker,
            table.employee_marker) == (state.equipment_marker, state.crew_marker, 0,
                                       state.employee_marker)
    assert table.employee_board == state.employee_track
    twins = 2 if state.players in (3, 4) and not state.config.solo else 1
    assert len(table.employee_board) == 8
    for space in table.employee_board:
        assert len(space) == 3
        for stack in space:
            assert len(stack) == twins and len(set(stack)) == 1
    assert sorted(stack[0] for space in table.employee_board for stack in space) == \
        sorted(CATALOG.employees)
    assert table.wheel == 0
    assert table.guilders == [s.guilders for s in state.seats]
    assert table.seat_commodities == [s.commodities for s in state.seats]
    if state.config.solo:
        assert table.guilders[1:] == [0, 0]
        assert table.solo_top_back == CATALOG.solo_tiles[state.solo.stack[-1]].back
    else:
        assert table.solo_top_back is None


def test_table_set_up_is_public():
    game = new_game(3, seed=5)
    for seat in (None, 0, 1, 2):
        assert game.events_for(seat)[1] == game.events[1]


# -- every turn starts and ends --------------------------------------------------------


def test_every_sample_game_is_checked() -> None:
    assert len(sample_games()) == SAMPLES


@pytest.mark.parametrize("index", range(SAMPLES))
def test_every_turn_has_a_start_and_an_end_event(index):
    """R-3, R-10.3, R-10.4, R-12: every TurnStarted, of every kind, is followed by the
    TurnEnded of the same turn before the next turn starts."""
    game = sample_games()[index]
    open_turn: ev.TurnStarted | None = None
    kinds = set()
    for event in game.events:
        if isinstance(event, ev.TurnStarted):
            assert open_turn is None, f"turn {event.turn} starts inside turn {open_turn}"
            open_turn = event
        elif isinstance(event, ev.TurnEnded):
            assert open_turn is not None
            assert (event.seat, event.turn, event.kind) == \
                (open_turn.seat, open_turn.turn, open_turn.kind)
            kinds.add(event.kind)
            open_turn = None
    assert open_turn is None
    assert {"first", "regular", "final"} <= kinds


def test_the_sample_games_include_last_chance_turns():
    kinds = {e.kind for g in sample_games() for e in of_type(g.events, ev.TurnEnded)}
    assert "last_chance" in kinds


# -- ships ----------------------------------------------------------------------------


def test_a_loaded_piece_names_its_ship():
    """R-3.5, R-6.3: each PieceLoaded names the cells of a ship completed in that turn,
    and its load only grows until that ship sails or is dismantled."""
    loaded = 0
    several = 0
    for game in sample_games():
        completed: list[list[int]] = []
        for event in game.events:
            if isinstance(event, ev.TurnStarted):
                completed = []
            elif isinstance(event, ev.ShipCompleted):
                completed.append(event.cells)
            elif isinstance(event, ev.PieceLoaded):
                assert event.cells in completed
                loaded += 1
                several += len(completed) > 1
    assert loaded > 50
    assert several > 0


def test_a_dismantled_ship_is_told_like_a_sailed_one():
    """R-7.1, R-7.2: a dismantled ship's event carries its tiles' features, its pieces
    and the speed with the owner's choices, as ShipSailed does."""
    dismantled = [e for g in sample_games() for e in of_type(g.events, ev.ShipDismantled)]
    sailed = [e for g in sample_games() for e in of_type(g.events, ev.ShipSailed)]
    assert dismantled and sailed
    for e in dismantled + sailed:
        assert e.features == {f.value: n for f, n in tile_features(e.tiles).items()}
        assert e.speed == e.base_speed + e.helmsman + e.rigger
        assert e.helmsman in (0, 1)


# -- the solo number n (R-12.1, R-12.3) -------------------------------------------------


def test_the_solo_number_and_where_it_came_from_can_be_checked():
    """R-12.1: the back of the top face-down solo tile is public. Each flip tells the
    back now on top; the next flipped tile has that back (unless the stack was rebuilt);
    each automa action says the number it read, its bracket, and uses it as R-12.3 says."""
    acted = 0
    for game in sample_games():
        if not game.state.config.solo:
            continue
        top: int | None = game.events[1].solo_top_back
        for event in game.events:
            if isinstance(event, ev.DeckRebuilt) and event.deck == "solo":
                assert event.top_back is not None
                top = event.top_back
            elif isinstance(event, ev.SoloTileFlipped):
                if top is not None:
                    assert CATALOG.solo_tiles[event.tile].back == top
                top = event.top_back
            elif isinstance(event, ev.AutomaActed):
                acted += 1
                if top is not None:
                    assert event.back == top
                    source = "the back of the top solo tile"
                else:  # the flip emptied the stack: the solo board's number
                    assert (event.back, event.bracket) == (CATALOG.solo_board_number, 0)
                    source = "the solo board"
                action = Action(event.action)
                if action is Action.EXCHANGE:
                    assert (event.n, event.n_source) == (1, "the Exchange rule (always 1)")
                    continue
                assert event.n_source == source
                if action in (Action.EQUIPMENT, Action.CREW, Action.HIRE):
                    assert event.n == (event.bracket if event.back == 0 else event.back)
                else:
                    assert event.n == event.back
    assert acted > 30
