"""Plain-English words for Nauticus moves and events."""

from __future__ import annotations

import random

from nauticus_helpers import config, play, table
from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus import events as ev
from shipyard_tui.games.nauticus.words import event_words, move_words


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
    assert words["buy hull:single w"] == "buy single hull (0c) to warehouse"
    events = play(game, "buy hull:bow new", "buy hull:bow w")
    names = ["Ann", "Bob"]
    lines = [event_words(e, names) for e in events if isinstance(e, ev.ItemBought)]
    assert lines == ["Ann buys a bow hull for 1 coin as a new build",
                     "Ann buys a bow hull for 4 coins to warehouse"]


def test_counts_agree_with_their_nouns():
    """A play-test read "takes the bonus: 1 workers", "+1 VP: 1 crowns" and "2 trident
    sail" in the log and the seats panel."""
    from shipyard_tui.games.nauticus import events as ev
    from shipyard_tui.games.nauticus.words import event_words, items_words, plural

    assert plural(1, "worker") == "1 worker" and plural(2, "worker") == "2 workers"
    assert items_words(2, "sail:trident") == "2 trident sails"
    assert items_words(1, "sail:trident") == "1 trident sail"
    assert items_words(2, "good:salt") == "2 salt"
    line = event_words(ev.BonusReceived(0, field=4, workers=1, coins=0, item=None, lost=False),
                       ["Me"])
    assert line == "Me takes the bonus: 1 worker"
