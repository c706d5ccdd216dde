"""What this program reads of Textual's internals, in one place.

Textual offers no public way to ask whether a screen or widget is on its way out: a
popped screen's children are pruned before its unmount handler runs, and a message, a
timer or a host update that arrives in between found no widgets to draw on (a
``NoMatches`` crash at the end of a game and over SSH). :func:`closing` reads the flags
Textual sets while it removes a node, :func:`exiting` the one ``App.exit`` sets;
``tests/test_compat.py`` fails loudly if an upgrade renames them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual.app import App
from textual.message_pump import MessagePump

P = ParamSpec("P")
R = TypeVar("R")
NodeT = TypeVar("NodeT", bound=MessagePump)

REMOVAL_FLAGS = ("_closing", "_closed", "_pruning")
"""The attributes Textual sets on a node it is removing or has removed."""


def closing(node: MessagePump) -> bool:
    """Whether ``node`` is off the app's screens or on its way off (pruned, closing,
    closed, or the app exiting): nothing should be drawn on it any more."""
    if not node.is_attached:
        return True
    return any(getattr(node, flag, False) for flag in REMOVAL_FLAGS)


def exiting(app: App[Any]) -> bool:
    """Whether ``app`` has begun to exit (``App.exit`` was called): its screens are
    being taken down, some of them perhaps still being built."""
    return bool(getattr(app, "_exit", False))


def while_open(method: Callable[Concatenate[NodeT, P], R]
               ) -> Callable[Concatenate[NodeT, P], R | None]:
    """Run the decorated method only while its node is not :func:`closing`; otherwise
    do nothing and return None (an update that reaches a screen being closed)."""

    @wraps(method)
    def guarded(node: NodeT, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        if closing(node):
            return None
        return method(node, *args, **kwargs)

    return guarded
