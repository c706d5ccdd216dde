"""Fast deep copies of a game state: a tree of slotted dataclasses, lists and dicts.

A game's state is copied for every seat view, every bot decision and every look-ahead,
so the copy must be cheap. :func:`cloner` reads a dataclass's field types once and
builds a copier that copies exactly what can change: lists and dicts are rebuilt,
mutable dataclasses are cloned field by field, and immutable values (strings, numbers,
enums, frozen dataclasses, tuples of them) are shared.

>>> from dataclasses import dataclass, field
>>> @dataclass(slots=True)
... class Pile:
...     cards: list[str] = field(default_factory=list)
...     counts: dict[str, int] = field(default_factory=dict)
>>> pile = Pile(["a"], {"a": 1})
>>> twin = cloner(Pile)(pile)
>>> twin == pile and twin.cards is not pile.cards and twin.counts is not pile.counts
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar, Union


class Dataclass(Protocol):
    """Any dataclass instance (what :func:`dataclasses.fields` reads)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


T = TypeVar("T", bound=Dataclass)

Copier = Callable[[Any], Any]

_COPIERS: dict[Any, Copier] = {}


def _same(value: Any) -> Any:
    return value


def _is_immutable(hint: Any) -> bool:
    if hint in (str, int, float, bool, type(None), bytes):
        return True
    if isinstance(hint, type) and issubclass(hint, Enum):
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        params = getattr(hint, "__dataclass_params__", None)
        return bool(params is not None and params.frozen)
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return all(_is_immutable(arg) for arg in typing.get_args(hint))
    if origin is tuple:
        return all(_is_immutable(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)
    return False


def _copier_for(hint: Any) -> Copier:
    """A function that deep-copies a value of type ``hint``."""
    if _is_immutable(hint):
        return _same
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list:
        item = _copier_for(args[0])
        if item is _same:
            return list
        return lambda value: [item(v) for v in value]
    if origin is dict:
        item = _copier_for(args[1])
        if item is _same:
            return dict
        return lambda value: {k: item(v) for k, v in value.items()}
    if origin in (Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        if len(present) == 1:
            inner = _copier_for(present[0])
            return lambda value: None if value is None else inner(value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return cloner(hint)
    raise TypeError(f"cannot clone values of type {hint!r}")


def cloner(cls: type[T]) -> Callable[[T], T]:
    """The deep-copy function of the dataclass ``cls`` (built once, then kept)."""
    found = _COPIERS.get(cls)
    if found is not None:
        return found
    copiers: dict[str, Copier] = {}

    def clone(value: Any) -> Any:  # replaced below, once the fields are known
        return built(value)

    _COPIERS[cls] = clone  # before the fields: a type may contain itself
    hints = typing.get_type_hints(cls)
    lines = ["def clone(value):", "    twin = new(cls)"]
    for f in dataclasses.fields(cls):
        copy = _copier_for(hints[f.name])
        if copy is _same:
            lines.append(f"    twin.{f.name} = value.{f.name}")
        else:
            copiers[f"copy_{f.name}"] = copy
            lines.append(f"    twin.{f.name} = copy_{f.name}(value.{f.name})")
    lines.append("    return twin")
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, **copiers}
    exec("\n".join(lines), scope)  # one straight-line function per class: no loop per copy
    built: Copier = scope["clone"]
    _COPIERS[cls] = built
    return built
