"""Moves of any game: small frozen values with a one-line notation.

A move's notation is its ``keyword`` and then its fields, separated by spaces; a
tuple field spreads over the remaining words. :func:`parse_notation` reads it back
with a game's table of move types, so move lists can be saved, replayed and typed.
Each game converts the words of its own field types (:meth:`Move._convert`).

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True)
... class Jump(Move):
...     keyword: ClassVar[str] = "jump"
...     height: int
>>> table = move_table(Jump)
>>> parse_notation("jump 3", table)
Jump(height=3)
>>> str(Jump(2))
'jump 2'
>>> parse_notation("fly", table)
Traceback (most recent call last):
...
shipyard_tui.core.moves.MoveSyntaxError: unknown move 'fly'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, TypeVar

MoveT = TypeVar("MoveT", bound="Move")


REMEMBERED_PARSES = 4096
"""How many move notations a game's ``parse_move`` remembers the move of: moves are
frozen, so one instance serves every game, and a save's moves are read again at each
load (a game's tests read them at every JSON round trip)."""
LONGEST_REMEMBERED = 80
"""The longest notation remembered: a move's words are few and short, and a strange
text from a save (read, then refused) must not be kept."""


class MoveSyntaxError(ValueError):
    """Raised when a text cannot be read as a move."""


@dataclass(frozen=True, slots=True)
class Move:
    """Base of all moves: ``keyword`` then the fields, separated by spaces."""

    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = [self.keyword]
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                parts.extend(str(v) for v in value)
            else:
                parts.append(str(value))
        return " ".join(parts)

    @classmethod
    def _from_args(cls, args: list[str]) -> Move:
        """The move of this type written with ``args``, one word a field."""
        fs = fields(cls)
        if len(args) != len(fs):
            words = "argument" if len(fs) == 1 else "arguments"
            raise MoveSyntaxError(f"{cls.keyword!r} takes {len(fs)} {words}, got {len(args)}")
        return cls(*[cls._convert(f, arg) for f, arg in zip(fs, args, strict=True)])

    @classmethod
    def _convert(cls, field: Field[Any], arg: str) -> object:
        """The value of ``field`` written as ``arg``: an ``int`` field reads a number,
        any other keeps the word. A game's move base overrides it for its own types."""
        if field.type in ("int", int):
            try:
                return int(arg)
            except ValueError:
                raise MoveSyntaxError(f"{arg!r} is not a valid int") from None
        return arg


def move_table(*types: type[MoveT]) -> dict[str, type[MoveT]]:
    """A game's move types by keyword, in the order given."""
    return {cls.keyword: cls for cls in types}


def parse_notation(text: str, table: dict[str, type[MoveT]], *, list_known: bool = False
                   ) -> MoveT:
    """Read a move from its notation with a game's table of move types; raise
    :class:`MoveSyntaxError` if it is not one (``list_known``: name the known keywords)."""
    words = text.split()
    if not words:
        raise MoveSyntaxError("empty move")
    cls = table.get(words[0])
    if cls is None:
        known = f" (known: {', '.join(sorted(table))})" if list_known else ""
        raise MoveSyntaxError(f"unknown move {words[0]!r}{known}")
    move = cls._from_args(words[1:])
    assert isinstance(move, cls)
    return move


def moves_key(moves: Sequence[Move]) -> str:
    """Several moves played in a row, named by their notations one after the other (how
    an interface keys a choice that plays them: a marker's steps and what it takes).

    >>> moves_key([])
    ''
    """
    return " ".join(str(m) for m in moves)
