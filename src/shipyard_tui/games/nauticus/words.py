"""Words for players: Nauticus moves and events in plain English, for logs and choices.

Nothing here changes the game; an interface, a log and the command line can share these
texts so that the same thing is always called the same.

>>> item_words("mast:whale"), item_words("hull:single"), item_words("good:salt")
('whale mast', 'single hull', 'salt')
>>> dest_words("left:2"), dest_words("1.0"), dest_words("w")
('at the bow of build 3', 'on build 2 tile 1', 'to the warehouse')

Builds and their hull tiles are indexed from 0 in the moves and the state, but a player
counts from 1: every text here numbers them from 1 (:func:`build_number`).
"""

from __future__ import annotations

from shipyard_tui.games.nauticus.rules import events as ev
from shipyard_tui.games.nauticus.rules import moves as mv
from shipyard_tui.games.nauticus.rules.catalog import FIELD_BONUS, Action, item_kind, item_name
from shipyard_tui.games.nauticus.rules.state import Build, NauticusState


def item_words(item: str) -> str:
    kind, name = item_kind(item), item_name(item)
    if kind == "good":
        return name
    return f"{name} {kind}"


def items_words(count: int, item: str) -> str:
    """``count`` of an item: "1 trident sail", "2 trident sails", "2 salt" (goods are
    named by what they are)."""
    words = item_words(item)
    return f"{count} {words}" if count == 1 or item_kind(item) == "good" else \
        f"{count} {words}s"


def plural(n: int, word: str) -> str:
    """``n`` and the word, with an s unless ``n`` is 1 ("1 worker", "2 workers")."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def build_number(index: int | str) -> str:
    """A build's (or a hull tile's) index as a player counts it, from 1.

    >>> build_number(0), build_number("2")
    ('1', '3')
    """
    return str(int(index) + 1)


def dest_words(dest: str) -> str:
    if dest == "w":
        return "to the warehouse"
    if dest == "new":
        return "as a new build"
    if dest.startswith("left:"):
        return f"at the bow of build {build_number(dest[5:])}"
    if dest.startswith("right:"):
        return f"at the stern of build {build_number(dest[6:])}"
    b, p = dest.split(".")
    return f"on build {build_number(b)} tile {build_number(p)}"


def reward_words(reward: str) -> str:
    if reward.startswith("goods:"):
        a, b = reward[len("goods:"):].split("+")
        return f"2 goods ({a} and {b})"
    return {"crown-mast": "a crown mast", "crown-sail": "a crown sail", "vp": "3 VP",
            "coins": "7 coins", "workers": "3 workers"}[reward]


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def move_words(state: NauticusState, move: mv.Move) -> str:
    """A short description of a legal move in the given state (for a list of choices),
    saying when it loses a free tile for want of room or stock (NA-10.2)."""
    from shipyard_tui.games.nauticus.rules.game import loses_a_free_tile

    words = _move_words(state, move)
    if loses_a_free_tile(state, move):
        words += ": the free tile it earns is lost (warehouse full or none in stock)"
    return words


def _move_words(state: NauticusState, move: mv.Move) -> str:
    from shipyard_tui.games.nauticus.rules.engine import current_performance, item_price

    if isinstance(move, mv.Choose):
        field = state.tiles.index(move.action.value)
        return f"choose {move.action.label} (+{FIELD_BONUS[field].value})"
    if isinstance(move, mv.TakeBonus):
        return f"bonus: take a {item_words(move.item)}"
    if isinstance(move, mv.FreeItem):
        return f"take a free {item_words(move.item)}"
    if isinstance(move, mv.Buy):
        cost = item_price(state, current_performance(state), move.item)
        return f"buy {item_words(move.item)} ({cost}c) {dest_words(move.dest)}"
    if isinstance(move, mv.Transport):
        return f"move {item_words(move.item)} {dest_words(move.dest)}"
    if isinstance(move, mv.Withdraw):
        return "withdraw 2 coins"
    if isinstance(move, mv.Deliver):
        return f"deliver the cargo of build {build_number(move.build)}"
    if isinstance(move, mv.Crown):
        return f"evaluate {plural(state.seats[state.seat].crowns, 'crown')}"
    if isinstance(move, mv.Done):
        return "finish the action"
    if isinstance(move, mv.Pass):
        return "pass"
    if isinstance(move, mv.Extra):
        return f"extra action: {move.action.label}"
    if isinstance(move, mv.EndGo):
        return "end the go, keep the extra action"
    if isinstance(move, mv.Reward):
        return f"reward: {reward_words(move.reward)}"
    return str(move)


def event_words(event: ev.Event, names: list[str]) -> str | None:
    """A log line for an event, or ``None`` for events a log leaves out."""
    def who(seat: int) -> str:
        return names[seat]

    if isinstance(event, ev.RoundStarted):
        return f"Round {event.round} begins; the wheel's anchor faces field {event.anchor}"
    if isinstance(event, ev.ActionChosen):
        workers = "1 blue worker" if event.blue == 1 else f"{event.blue} blue workers"
        return f"{who(event.seat)} chooses {Action(event.action).label} ({workers})"
    if isinstance(event, ev.BonusReceived):
        if event.lost:
            return f"{who(event.seat)} has no room or stock for the bonus tile: it is lost"
        gains = [g for g in (plural(event.workers, "worker") if event.workers else "",
                             coins(event.coins) if event.coins else "",
                             f"a {item_words(event.item)}" if event.item else "") if g]
        return f"{who(event.seat)} takes the bonus: {', '.join(gains)}" if gains else None
    if isinstance(event, ev.ExtraPlayed):
        return (f"{who(event.seat)} plays the extra action for "
                f"{Action(event.action).label} and takes 2 workers")
    if isinstance(event, ev.ItemBought):
        return (f"{who(event.seat)} buys a {item_words(event.item)} for "
                f"{coins(event.price)} {dest_words(event.dest)}")
    if isinstance(event, ev.TileTransported):
        return f"{who(event.seat)} moves a {item_words(event.item)} {dest_words(event.dest)}"
    if isinstance(event, ev.MoneyWithdrawn):
        return f"{who(event.seat)} withdraws {coins(event.coins)}"
    if isinstance(event, ev.GoodsDelivered):
        return (f"{who(event.seat)} delivers {', '.join(event.goods)} "
                f"from build {build_number(event.build)}")
    if isinstance(event, ev.FreeItemTaken):
        if event.item is None:
            return f"{who(event.seat)} has no room or stock for the free item: it is lost"
        return f"{who(event.seat)} takes a free {item_words(event.item)} for buying all four"
    if isinstance(event, ev.ShipCompleted):
        return (f"{who(event.seat)} completes a ship of size {event.size} "
                f"(build {build_number(event.build)})")
    if isinstance(event, ev.RewardTaken):
        return f"{who(event.seat)} takes {reward_words(event.reward)}"
    if isinstance(event, ev.Passed):
        if event.tile is None:
            return f"{who(event.seat)} passes"
        return f"{who(event.seat)} passes and turns the -{event.tile} pass tile"
    if isinstance(event, ev.Scored):
        if event.kind == "start":
            return None
        sign = "+" if event.points >= 0 else ""
        return f"{who(event.seat)} {sign}{event.points} VP: {event.detail}"
    if isinstance(event, ev.GameEnded):
        winners = " and ".join(who(s) for s in event.winners)
        return f"Game over: {winners} {'wins' if len(event.winners) == 1 else 'share the win'}"
    return None


# -- compact texts for an 80x24 table -----------------------------------------

HULL_LETTER = {"bow": "B", "centre": "C", "stern": "S", "single": "1"}
CREST_LETTER = {"whale": "w", "boat": "b", "helm": "h", "trident": "t", "crown": "c"}
GOOD_LETTER = {"coffee": "C", "fish": "F", "grain": "G", "salt": "S"}


def build_text(build: Build) -> str:
    """A build as one word per hull tile: hull letter, mast and sail crests, good.

    >>> from shipyard_tui.games.nauticus.rules.state import Build, Slot
    >>> build_text(Build([Slot("bow", "whale", "whale", "fish"), Slot("stern", "crown")]))
    'Bwwf Sc..'
    """
    return " ".join(
        HULL_LETTER[s.hull] + (CREST_LETTER[s.mast] if s.mast else ".")
        + (CREST_LETTER[s.sail] if s.sail else ".")
        + (GOOD_LETTER[s.good].lower() if s.good else ".")
        for s in build.slots)
