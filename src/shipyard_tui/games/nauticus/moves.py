"""Nauticus moves: every choice a seat makes, as a small frozen value with a text form.

>>> parse_move("buy hull:bow new")
Buy(item='hull:bow', dest='new')
>>> str(Transport("mast:crown", "0.1"))
'move mast:crown 0.1'
>>> parse_move(str(Reward("goods:coffee+fish"))) == Reward("goods:coffee+fish")
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from .catalog import GOODS, ITEMS, Action
from .catalog import Reward as RewardKind
from .yard import is_destination


class MoveSyntaxError(ValueError):
    """Raised when a text cannot be read as a move."""


@dataclass(frozen=True, slots=True)
class Move:
    """Base of all moves: ``keyword`` then the fields, separated by spaces."""

    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        return " ".join([self.keyword, *(str(getattr(self, f.name)) for f in fields(self))])

    @classmethod
    def _from_args(cls, args: list[str]) -> Move:
        names = [f.name for f in fields(cls)]
        if len(args) != len(names):
            raise MoveSyntaxError(f"{cls.keyword!r} takes {len(names)} argument(s), "
                                  f"got {len(args)}")
        values: list[object] = []
        for name, arg in zip(names, args, strict=True):
            values.append(_convert(name, arg))
        return cls(*values)


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


MOVE_TYPES: dict[str, type[Move]] = {
    cls.keyword: cls
    for cls in (Choose, TakeBonus, Buy, Transport, Withdraw, Deliver, Crown, Done, Pass, Extra,
                EndGo, FreeItem, Reward)
}


def parse_move(text: str) -> Move:
    """Read a move from its notation; raise :class:`MoveSyntaxError` if it is not one."""
    words = text.split()
    if not words:
        raise MoveSyntaxError("empty move")
    cls = MOVE_TYPES.get(words[0])
    if cls is None:
        raise MoveSyntaxError(f"unknown move {words[0]!r} "
                              f"(known: {', '.join(sorted(MOVE_TYPES))})")
    return cls._from_args(words[1:])
