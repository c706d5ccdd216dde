"""Nauticus moves: every choice a seat makes, as a small frozen value with a text form.

>>> parse_move("buy hull:bow new")
Buy(item='hull:bow', dest='new')
>>> str(Transport("mast:crown", "0.1"))
'move mast:crown 0.1'
>>> parse_move(str(Reward("goods:coffee+fish"))) == Reward("goods:coffee+fish")
True
"""

from __future__ import annotations

from dataclasses import Field, dataclass
from functools import lru_cache
from typing import Any, ClassVar

from shipyard_tui.core import moves as core_moves
from shipyard_tui.core.moves import (
    LONGEST_REMEMBERED,
    REMEMBERED_PARSES,
    move_table,
    parse_notation,
)
from shipyard_tui.core.moves import MoveSyntaxError as MoveSyntaxError
from shipyard_tui.games.nauticus.rules.catalog import GOODS, ITEMS, Action
from shipyard_tui.games.nauticus.rules.catalog import Reward as RewardKind
from shipyard_tui.games.nauticus.rules.yard import is_destination


class Move(core_moves.Move):
    """Base of all Nauticus moves: ``keyword`` then the fields, separated by spaces (the
    core's notation, :mod:`shipyard_tui.core.moves`); fields are read by their names."""

    __slots__ = ()

    @classmethod
    def _convert(cls, field: Field[Any], arg: str) -> object:
        return _convert(field.name, arg)


def _convert(name: str, arg: str) -> object:
    if name == "action":
        try:
            return Action(arg)
        except ValueError:
            raise MoveSyntaxError(f"{arg!r} is not an action "
                                  f"({', '.join(a.value for a in Action)})") from None
    if name == "item":
        if arg not in ITEMS:
            raise MoveSyntaxError(f"{arg!r} is not an item like hull:bow or mast:whale")
        return arg
    if name == "dest":
        if not is_destination(arg):
            raise MoveSyntaxError(f"{arg!r} is not a destination (w, new, left:B, right:B, B.P)")
        return arg
    if name == "build":
        if not arg.isdigit():
            raise MoveSyntaxError(f"{arg!r} is not a build number")
        return int(arg)
    if name == "reward":
        if not is_reward(arg):
            raise MoveSyntaxError(f"{arg!r} is not a reward "
                                  "(crown-mast, crown-sail, vp, coins, workers, goods:A+B)")
        return arg
    return arg


def is_reward(text: str) -> bool:
    if text.startswith("goods:"):
        pair = text[len("goods:"):].split("+")
        return len(pair) == 2 and all(g in GOODS for g in pair) and pair[0] != pair[1]
    return text in {r.value for r in RewardKind} and text != RewardKind.GOODS.value


@dataclass(frozen=True, slots=True)
class Choose(Move):
    """The chooser picks the face-up action tile of a field's action (NA-3.2 a)."""

    keyword: ClassVar[str] = "choose"
    action: Action


@dataclass(frozen=True, slots=True)
class TakeBonus(Move):
    """The chooser takes the tile of its bonus (NA-4.2)."""

    keyword: ClassVar[str] = "bonus"
    item: str


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """Buy one item and put it in the yard or warehouse (NA-6)."""

    keyword: ClassVar[str] = "buy"
    item: str
    dest: str


@dataclass(frozen=True, slots=True)
class Transport(Move):
    """Move one tile from the warehouse into the yard (NA-7.1)."""

    keyword: ClassVar[str] = "move"
    item: str
    dest: str


@dataclass(frozen=True, slots=True)
class Withdraw(Move):
    """One use of Withdraw money: 2 coins (NA-7.2)."""

    keyword: ClassVar[str] = "withdraw"


@dataclass(frozen=True, slots=True)
class Deliver(Move):
    """Deliver the whole cargo of a complete, fully loaded ship (NA-7.3)."""

    keyword: ClassVar[str] = "deliver"
    build: int


@dataclass(frozen=True, slots=True)
class Crown(Move):
    """One use of Crown evaluation (NA-7.4)."""

    keyword: ClassVar[str] = "crown"


@dataclass(frozen=True, slots=True)
class Done(Move):
    """End the performance (NA-5.2)."""

    keyword: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do not perform the current action (NA-11.1)."""

    keyword: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Extra(Move):
    """Play the extra-action tile for any action (NA-12.1)."""

    keyword: ClassVar[str] = "extra"
    action: Action


@dataclass(frozen=True, slots=True)
class EndGo(Move):
    """End the go without playing the extra action."""

    keyword: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class FreeItem(Move):
    """Take the free item for buying all four items (NA-6.2)."""

    keyword: ClassVar[str] = "free"
    item: str


@dataclass(frozen=True, slots=True)
class Reward(Move):
    """Take one completion reward (NA-9.2); two goods are written ``goods:A+B``."""

    keyword: ClassVar[str] = "reward"
    reward: str


MOVE_TYPES: dict[str, type[Move]] = move_table(
    Choose, TakeBonus, Buy, Transport, Withdraw, Deliver, Crown, Done, Pass, Extra, EndGo,
    FreeItem, Reward,
)


def parse_move(text: str) -> Move:
    """Read a move from its notation; raise :class:`MoveSyntaxError` if it is not one."""
    if len(text) <= LONGEST_REMEMBERED:
        return _parse_remembered(text)
    return parse_notation(text, MOVE_TYPES, list_known=True)


@lru_cache(maxsize=REMEMBERED_PARSES)
def _parse_remembered(text: str) -> Move:
    """:func:`parse_move`, its answers remembered (a move is frozen: one instance serves
    every game)."""
    return parse_notation(text, MOVE_TYPES, list_known=True)

