"""Plain-English words for Nauticus moves and events."""

from __future__ import annotations

import random

from rich.console import Console

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.review import build_nauticus_review, review_json, ships_table
from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.ui.help import HELP
from shipyard_tui.games.nauticus.words import dest_words, event_words, move_words
from support.nauticus import config, play, table


def test_every_move_and_event_of_random_games_has_words():
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        game = NauticusGame(config(3, seed))
        while not game.is_over:
            moves = game.legal_moves()
            for move in moves:
                assert move_words(game.state, move)
            game.push(rng.choice(moves))
        names = [s.name for s in game.state.seats]
        for event in game.events:
            text = event_words(event, names)
            if text is not None:
                seen.add(event.type)
                assert "None" not in text
    assert {"ActionChosen", "ItemBought", "Passed", "GameEnded"} <= seen


def test_words_name_prices_and_places():
    game = table()
    play(game, "choose hulls")
    words = {str(m): move_words(game.state, m) for m in game.legal_moves()}
    assert words["buy hull:bow new"] == "buy bow hull (1c) as a new build"
    assert words["buy hull:single w"] == "buy single hull (0c) to the warehouse"
    events = play(game, "buy hull:bow new", "buy hull:bow w")
    names = ["Ann", "Bob"]
    lines = [event_words(e, names) for e in events if isinstance(e, ev.ItemBought)]
    assert lines == ["Ann buys a bow hull for 1 coin as a new build",
                     "Ann buys a bow hull for 4 coins to the warehouse"]


def test_counts_agree_with_their_nouns():
    """A play-test read "takes the bonus: 1 workers", "+1 VP: 1 crowns" and "2 trident
    sail" in the log and the seats panel."""
    from shipyard_tui.games.nauticus.rules import events as ev
    from shipyard_tui.games.nauticus.words import event_words, items_words, plural

    assert plural(1, "worker") == "1 worker" and plural(2, "worker") == "2 workers"
    assert items_words(2, "sail:trident") == "2 trident sails"
    assert items_words(1, "sail:trident") == "1 trident sail"
    assert items_words(2, "good:salt") == "2 salt"
    line = event_words(ev.BonusReceived(0, field=4, workers=1, coins=0, item=None, lost=False),
                       ["Me"])
    assert line == "Me takes the bonus: 1 worker"


def test_builds_and_tiles_are_numbered_from_1_for_players():
    """The moves keep the indices from 0; the words count as players do (play-test
    finding: "at the stern of build 0")."""
    game = table()
    play(game, "choose hulls")
    words = {str(m): move_words(game.state, m) for m in game.legal_moves()}
    play(game, "buy hull:bow new")
    words |= {str(m): move_words(game.state, m) for m in game.legal_moves()}
    assert words["buy hull:stern right:0"].endswith("c) at the stern of build 1")
    assert "buy hull:bow left:0" not in words
    names = ["Ann", "Bob"]
    delivered = ev.GoodsDelivered(seat=0, build=0, goods=["fish"], blue=0)
    completed = ev.ShipCompleted(seat=1, build=2, size=3)
    assert event_words(delivered, names) == "Ann delivers fish from build 1"
    assert event_words(completed, names) == "Bob completes a ship of size 3 (build 3)"
    assert dest_words("0.1") == "on build 1 tile 2"
    assert not any(" build 0" in w for w in words.values())


def test_the_review_numbers_ships_from_1():
    seats = tuple(SeatConfig(n, SeatKind.BOT, "random") for n in ("Ann", "Bea", "Cy"))
    game = NauticusGame(NauticusConfig(seats, seed=3))
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    review = build_nauticus_review(game)
    ships = review.ships[0]
    assert ships and [s.number for s in ships] == list(range(1, len(ships) + 1))
    console = Console(width=100, record=True)
    console.print(ships_table(review, 0))
    rows = [line.split()[0] for line in console.export_text().splitlines()
            if line[:1].isdigit()]
    assert rows == [str(n) for n in range(1, len(ships) + 1)]
    assert review_json(review)["ships"]["Ann"][0]["number"] == 1


def board_text(game: NauticusGame, seat: int = 0) -> str:
    """The seat's side of the table as the board draws it, as plain text."""
    from shipyard_tui.games.nauticus.ui.widgets.seat_board import draw_seat

    console = Console(width=60, color_system=None)
    with console.capture() as out:
        for line in draw_seat(game.state, seat, 60):
            console.print(line)
    return out.get()


def test_the_seat_board_calls_the_warehouse_as_the_help_does():
    """One word for it everywhere a player reads (play-test finding: "store 1/12")."""
    game = table()
    play(game, "choose hulls", "buy hull:bow w")
    text = board_text(game)
    assert "warehouse" in text and "store" not in text.replace("restore", "")
    assert "warehouse" in HELP and "store" not in HELP.replace("restore", "")


def test_the_seat_board_tells_coins_from_crowns():
    """"17c" was coins and "c0" crowns (play-test finding): the board says both in
    words (issue 34)."""
    game = table(coins=17)
    game.state.seats[0].warehouse["sail:crown"] = 2
    text = board_text(game)
    assert "17 coins" in text
    assert f"{game.state.seats[0].crowns} crown" in text


def test_the_help_counts_loaded_goods_as_leftovers_and_caps_crowns_per_performance():
    """Issue 35, item 16: NA-13.4 counts goods still loaded on any ship, complete or
    not, among the leftovers (the help said only tiles outside complete ships), and
    NA-7.4 caps one performance of Crown evaluation at 15 VP (the help said "a time")."""
    text = " ".join(HELP.split())
    assert "goods still loaded on any ship, complete or not" in text
    assert "warehouse tiles" in text and "outside complete ships" in text
    assert "at most 15 VP each time it is performed (once a round" in text
    assert "15 VP a time" not in text


def test_a_choice_that_loses_a_free_tile_says_so_and_so_does_the_log():
    """Issue 35, item 15 (NA-10.2): a free tile with no room or stock (the chooser's
    bonus tile, the all-four item) was lost in silence at the choice that caused it.
    The choice's words now say it, the rules tell which moves do, and the log says it
    when it happens."""
    import random

    from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig
    from shipyard_tui.games.nauticus.rules.game import loses_a_free_tile
    from shipyard_tui.games.nauticus.words import event_words, move_words

    kinds = set()
    for seed in range(3):
        game = NauticusGame(NauticusConfig((SeatConfig("Ann"), SeatConfig("Bob")), seed=seed))
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            losing = [m for m in legal if loses_a_free_tile(game.state, m)]
            for move in legal:
                worded = "the free tile it earns is lost" in move_words(game.state, move)
                assert worded is (move in losing)
            if losing:
                move = losing[0]
                kinds.add(type(move).__name__)
                events = game.push(move)
                lines = [event_words(e, ["Ann", "Bob"]) or "" for e in events]
                assert any("it is lost" in line for line in lines), lines
                break
            game.push(rng.choice(legal))
        else:
            raise AssertionError(f"seed {seed}: no move lost a free tile")
    assert kinds == {"Choose", "Buy"}
