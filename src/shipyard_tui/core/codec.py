"""Plain-data encoding of the game's dataclasses, for JSON and for fast copies.

``to_data`` turns a dataclass tree into dicts, lists, strings and numbers;
``from_data`` rebuilds it from the type hints. Both are compiled once per class,
so encoding a whole game state stays well under a millisecond.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

OMIT_DEFAULT: dict[str, Any] = {"omit_default": True}
"""Field metadata: the field is left out of the encoding while it holds its default,
and read back as the default when absent. Fields that only one variant of a game uses
(the classic rules' ring spaces and countdown) are marked so, which keeps every other
game's encoding, and so its saves and golden hashes, exactly as before."""


def to_data(obj: Any) -> Any:
    """Encode a dataclass (or container of them) as JSON-ready plain data."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _encoder(type(obj))(obj)
    return _encode_any(obj)


def from_data(cls: type[T], data: Any) -> T:
    """Rebuild an instance of ``cls`` from :func:`to_data` output."""
    hint: Any = cls  # a class is hashable, though mypy cannot tell for type[T]
    result: T = _decoder(hint)(data)
    return result


def _encode_any(value: Any) -> Any:
    handler = _HANDLERS.get(type(value))
    if handler is None:
        handler = _handler_for(type(value))
    return handler(value)


def _same(value: Any) -> Any:
    return value


_PLAIN = frozenset({type(None), bool, int, float, str})
"""The types encoded as they are: the containers test for them inline, which spares
a call for each string and number of a state (most of what it holds)."""


def _encode_list(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    return [v if v.__class__ in _PLAIN else _encode_any(v) for v in value]


def _encode_dict(value: dict[Any, Any]) -> dict[str, Any]:
    return {(k if k.__class__ is str else str(_encode_any(k))):
            (v if v.__class__ in _PLAIN else _encode_any(v)) for k, v in value.items()}


def _enum_value(value: Enum) -> Any:
    return value.value


_HANDLERS: dict[type, Encoder] = {
    type(None): _same, bool: _same, int: _same, float: _same, str: _same,
    list: _encode_list, tuple: _encode_list, dict: _encode_dict,
}
"""How a value of each exact type is encoded, learnt from :func:`_handler_for` as
types are met: one dictionary look-up a value instead of a chain of tests."""


def _handler_for(cls: type) -> Encoder:
    """How :func:`_encode_any` encodes a value of exact type ``cls`` (remembered): the
    tests in the order that decides a subclass (an enum that is also a ``str`` is
    encoded by its value, a ``str`` subclass as a plain ``str``)."""
    handler: Encoder
    if issubclass(cls, bool | int | float):
        handler = _same
    elif issubclass(cls, Enum):
        handler = _enum_value
    elif issubclass(cls, str):
        handler = str
    elif issubclass(cls, list | tuple):
        handler = _encode_list
    elif issubclass(cls, dict):
        handler = _encode_dict
    elif dataclasses.is_dataclass(cls):
        handler = _encoder(cls)
    else:
        raise TypeError(f"cannot encode {cls.__name__}")
    _HANDLERS[cls] = handler
    return handler


@cache
def _encoder(cls: type) -> Encoder:
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields if not f.metadata.get("omit_default")]
    omitted = [(f.name, f.default) for f in fields if f.metadata.get("omit_default")]

    # one straight-line function per class: no loop and no getattr per field
    lines = ["def encode(obj):"]
    lines += [f"    v{i} = obj.{name}" for i, name in enumerate(names)]
    items = ", ".join(f"{name!r}: v{i} if v{i}.__class__ in plain else any_(v{i})"
                      for i, name in enumerate(names))
    lines.append(f"    return {{{items}}}")
    scope: dict[str, Any] = {"plain": _PLAIN, "any_": _encode_any}
    exec("\n".join(lines), scope)
    encode: Encoder = scope["encode"]

    if not omitted:
        return encode

    def encode_omitting(obj: Any) -> dict[str, Any]:
        data: dict[str, Any] = encode(obj)
        for name, default in omitted:
            value = getattr(obj, name)
            if value != default:
                data[name] = _encode_any(value)
        return data

    return encode_omitting


@cache
def _decoder(tp: Any) -> Decoder:
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        fields = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)
                  if f.init and not f.metadata.get("omit_default")]
        optional = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)
                    if f.init and f.metadata.get("omit_default")]

        # one straight-line function per class, as the encoder (a value of a plain
        # type read inline: one call less for each string and number)
        scope: dict[str, Any] = {"tp": tp, "optional": optional, "ValueError": ValueError,
                                 "KeyError": KeyError, "dict_": dict}
        items = []
        for i, (name, dec) in enumerate(fields):
            scope[f"d{i}"] = dec
            plain = _PLAIN_DECODED.get(dec)
            if plain is None:
                items.append(f"{name!r}: d{i}(data[{name!r}])")
            else:
                scope[f"t{i}"] = plain
                items.append(f"{name!r}: x if (x := data[{name!r}]).__class__ is t{i} else d{i}(x)")
        lines = [
            "def decode_dc(data):",
            "    if not isinstance(data, dict_):",
            "        raise ValueError(f'{tp.__name__}: expected an object, got '",
            "                         f'{type(data).__name__}')",
            "    try:",
            f"        values = {{{', '.join(items)}}}",
            "    except KeyError as exc:",
            "        raise ValueError(f'{tp.__name__}: missing field {exc.args[0]!r}') from None",
            "    for name, dec in optional:",
            "        if name in data:",
            "            values[name] = dec(data[name])",
            "    return tp(**values)",
        ]
        exec("\n".join(lines), scope)
        decode_dc: Decoder = scope["decode_dc"]
        return decode_dc
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"unsupported union {tp}")
        dec = _decoder(inner[0])
        return lambda v: None if v is None else dec(v)
    if origin is list:
        item = _decoder(args[0])
        kind = _PLAIN_DECODED.get(item)
        if kind is not None:
            return lambda v: [x if x.__class__ is kind else item(x) for x in _expect(v, list)]
        return lambda v: [item(x) for x in _expect(v, list)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda v: tuple(item(x) for x in _expect(v, list))
        decs = [_decoder(a) for a in args]

        def decode_tuple(v: Any) -> tuple[Any, ...]:
            v = _expect(v, list)
            if len(v) != len(decs):
                raise ValueError(f"expected {len(decs)} items, got {len(v)}")
            return tuple(d(x) for d, x in zip(decs, v, strict=True))

        return decode_tuple
    if origin is dict:
        kdec, vdec = _decoder(args[0]), _decoder(args[1])
        return lambda v: {kdec(k): vdec(x) for k, x in _expect(v, dict).items()}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if tp is int:
        return _expect_int
    if tp is str:
        return _expect_str
    if tp is bool:
        return _expect_bool
    if tp is float:
        return lambda v: float(_expect(v, int | float))
    if tp is Any:
        return lambda v: v
    raise TypeError(f"unsupported type {tp}")


def _expect(value: Any, kind: Any) -> Any:
    if not isinstance(value, kind):
        raise ValueError(f"expected {getattr(kind, '__name__', kind)}, got {type(value).__name__}")
    return value


def _expect_str(value: Any) -> str:
    return _expect(value, str)  # type: ignore[no-any-return]


def _expect_bool(value: Any) -> bool:
    return _expect(value, bool)  # type: ignore[no-any-return]


_PLAIN_DECODED: dict[Decoder, type] = {}
"""The decoders of the plain types, by the exact type of the values they pass as they
are (filled below): a decoder reads those inline and calls them for any other value."""


def _expect_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {type(value).__name__}")
    return value


_PLAIN_DECODED.update({_expect_str: str, _expect_int: int, _expect_bool: bool})
