"""Words for players: Nauticus moves and events in plain English, for logs and choices.

Nothing here changes the game; an interface, a log and the command line can share these
texts so that the same thing is always called the same.

>>> item_words("mast:whale"), item_words("hull:single"), item_words("good:salt")
('whale mast', 'single hull', 'salt')
>>> dest_words("left:2"), dest_words("1.0"), dest_words("w")
('at the bow end of build 2', 'on build 1, tile 0', 'to the warehouse')
"""

from __future__ import annotations

from . import events as ev
from . import moves as mv
from .catalog import FIELD_BONUS, Action, item_kind, item_name
from .state import NauticusState


def item_words(item: str) -> str:
    kind, name = item_kind(item), item_name(item)
    if kind == "good":
        return name
    return f"{name} {kind}"


def dest_words(dest: str) -> str:
    if dest == "w":
        return "to the warehouse"
    if dest == "new":
        return "as a new build"
    if dest.startswith("left:"):
        return f"at the bow end of build {dest[5:]}"
    if dest.startswith("right:"):
        return f"at the stern end of build {dest[6:]}"
    b, p = dest.split(".")
    return f"on build {b}, tile {p}"


def reward_words(reward: str) -> str:
    if reward.startswith("goods:"):
        a, b = reward[len("goods:"):].split("+")
        return f"2 goods ({a} and {b})"
    return {"crown-mast": "a crown mast", "crown-sail": "a crown sail", "vp": "3 VP",
            "coins": "7 coins", "workers": "3 workers"}[reward]


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def move_words(state: NauticusState, move: mv.Move) -> str:
    """A short description of a legal move in the given state (for a list of choices)."""
    from .engine import current_performance, item_price

    if isinstance(move, mv.Choose):
        field = state.tiles.index(move.action.value)
        return f"choose {move.action.label} (bonus {FIELD_BONUS[field].value})"
    if isinstance(move, mv.TakeBonus):
        return f"take a {item_words(move.item)} as the bonus"
    if isinstance(move, mv.FreeItem):
        return f"take a free {item_words(move.item)}"
    if isinstance(move, mv.Buy):
        cost = item_price(state, current_performance(state), move.item)
        return f"buy a {item_words(move.item)} for {coins(cost)} {dest_words(move.dest)}"
    if isinstance(move, mv.Transport):
        return f"move a {item_words(move.item)} from the warehouse {dest_words(move.dest)}"
    if isinstance(move, mv.Withdraw):
        return "withdraw 2 coins"
    if isinstance(move, mv.Deliver):
        return f"deliver the cargo of build {move.build}"
    if isinstance(move, mv.Crown):
        return f"evaluate {state.seats[state.seat].crowns} crowns"
    if isinstance(move, mv.Done):
        return "finish the action"
    if isinstance(move, mv.Pass):
        return "pass"
    if isinstance(move, mv.Extra):
        return f"play the extra action: {move.action.label}"
    if isinstance(move, mv.EndGo):
        return "end the go (keep the extra action)"
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
        return (f"{who(event.seat)} chooses {Action(event.action).label} "
                f"({event.blue} blue workers)")
    if isinstance(event, ev.BonusReceived):
        if event.lost:
            return f"{who(event.seat)} has no room or stock for the bonus tile: it is lost"
        gains = [g for g in (f"{event.workers} workers" if event.workers else "",
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
        return f"{who(event.seat)} delivers {', '.join(event.goods)} from build {event.build}"
    if isinstance(event, ev.FreeItemTaken):
        if event.item is None:
            return f"{who(event.seat)} has no room or stock for the free item: it is lost"
        return f"{who(event.seat)} takes a free {item_words(event.item)} for buying all four"
    if isinstance(event, ev.ShipCompleted):
        return f"{who(event.seat)} completes a ship of size {event.size} (build {event.build})"
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
