"""What this program reads of Textual's and Rich's internals, in one place.

Textual offers no public way to ask whether a screen or widget is on its way out: a
popped screen's children are pruned before its unmount handler runs, and a message, a
timer or a host update that arrives in between found no widgets to draw on (a
``NoMatches`` crash at the end of a game and over SSH). :func:`closing` reads the flags
Textual sets while it removes a node, :func:`exiting` the one ``App.exit`` sets;
``tests/structure/test_compat.py`` fails loudly if an upgrade renames them.

The other internals, each behind one function here and each checked by that test:

- :func:`swap_filters`: ``App._filters``, the line filters (``NO_COLOR`` in the
  terminal's own colours instead of Textual's greys);
- :func:`terminal_driver`: ``App._driver``, to write the terminal's title (OSC 2);
- :func:`column_cells`: Rich's ``Column._cells``, to tell two equal tables apart
  without drawing them (widgets skip a refresh that would draw the same);
- :func:`table_width`: Rich's rule for the width a table of texts asks for (its
  widest cells, the padding between its columns), read from ``Column._cells`` as
  above, so that a board part need not measure every cell's words each move;
- :func:`rendered_lines` (and :func:`rendered_chops`): a screen's compositor, for what
  the terminal receives (the tests read the screen through it; the benchmarks count
  its bytes);
- :func:`share_parsed_css`: ``Stylesheet._parse_rules`` and its ``_variables``, so that
  every app in a process parses each piece of CSS once (each app's stylesheet parsed
  its own copy: about a tenth of opening the app on a game, paid by every interface
  test and every SSH session);
- :func:`quick_parameter_count`: ``textual._callback._count_parameters``, which asks
  ``inspect.signature`` how many arguments a callback takes: Textual caches the answer
  on the callback, but a function made anew for each call (a closure) is asked again
  every time — a pilot's every pause made one per widget, a few per cent of an
  interface test's CPU; the count is now read from the function's code;
- :func:`lazy_strip_caches`: ``textual.strip.Strip``'s slots and constructor. Each line
  of a widget Textual keeps is a strip, and each strip made seven small caches as it
  was made, most never used: a table session held about 13,000 strips and 9,500
  caches (1.4 MiB by ``tracemalloc``). A strip now makes each cache when first asked
  for it; if Textual's strip no longer looks as expected it is left alone;
- :data:`OVERRIDDEN`: the private methods the program overrides — ``App._handle_exception``
  (the crash log) and the Linux driver's ``_run_input_thread`` (dropping unreadable
  keys) — which must still exist for the overrides to take effect.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from inspect import CO_VARARGS, CO_VARKEYWORDS
from types import FunctionType
from typing import Any, Concatenate, ParamSpec, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.table import Column, Table
from rich.text import Text
from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.driver import Driver
from textual.filter import LineFilter
from textual.message_pump import MessagePump
from textual.screen import Screen

P = ParamSpec("P")
R = TypeVar("R")
NodeT = TypeVar("NodeT", bound=MessagePump)

OVERRIDDEN = (("textual.app", "App", "_handle_exception"),
              ("textual.drivers.linux_driver", "LinuxDriver", "_run_input_thread"))
"""The private methods of Textual the program overrides: (module, class, method)."""

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


def swap_filters(app: App[Any], change: Callable[[LineFilter], LineFilter]) -> None:
    """Replace each of ``app``'s line filters by ``change(filter)``."""
    app._filters = [change(f) for f in app._filters]


def terminal_driver(app: App[Any]) -> Driver | None:
    """The driver writing ``app``'s output to its terminal (``None`` before it starts)."""
    return app._driver


def column_cells(column: Column) -> list[Any]:
    """The cells of a Rich table's column, as added (Rich keeps them private)."""
    cells: list[Any] = column._cells
    return cells


def table_width(table: Table, max_width: int) -> int | None:
    """The width ``table`` asks for at ``max_width`` columns, as ``console.measure``
    gives its maximum, for a borderless table of texts without a header that fits (the
    employee track); ``None`` for any other table (then measure it)."""
    if table.box is not None or table.width is not None or table.show_header \
            or table.show_footer or table.collapse_padding or table.min_width:
        return None
    _top, pad_right, _bottom, pad_left = table.padding
    last = len(table.columns) - 1
    total = 0
    for index, column in enumerate(table.columns):
        cells = column_cells(column)
        if not cells or column.width is not None or column.min_width is not None \
                or column.max_width is not None:
            return None
        widest = 0
        for cell in cells:
            if not isinstance(cell, Text):
                return None
            widest = max(widest, *(cell_len(line) for line in cell.plain.split("\n")))
        padding = (0 if index == 0 and not table.pad_edge else pad_left) \
            + (0 if index == last and not table.pad_edge else pad_right)
        total += widest + padding
    return total if total <= max_width else None  # Rich narrows a table too wide


def rendered_lines(screen: Screen[Any], *, filtered: bool = True) -> list[list[Segment]]:
    """Every line of ``screen`` as segments, as a full redraw would send them: through
    the app's line filters (ASCII, ``NO_COLOR``) unless ``filtered`` is false."""
    return [[segment for strip in line for segment in strip]
            for line in rendered_chops(screen, filtered=filtered)]


def rendered_chops(screen: Screen[Any], *, filtered: bool = True) -> list[list[list[Segment]]]:
    """Every line of ``screen`` as :func:`rendered_lines` gives it, kept in the pieces
    Textual sends it in (one for each widget the line crosses)."""
    compositor = screen._compositor
    update: Any = compositor.render_update(full=True) if filtered \
        else compositor.render_full_update()
    return [[list(strip) for strip in line] for line in update.strips]



_PARSED: dict[tuple[Any, ...], list[RuleSet]] = {}
"""CSS parsed by any stylesheet of this process: (variables, the parse's arguments) to
its rules, which Textual only reads once parsed."""


def share_parsed_css() -> None:
    """Make every Textual stylesheet of this process share its parsed rules: the same
    CSS with the same variables (the theme's colours) is parsed once, not once per app.
    Idempotent."""
    original = Stylesheet._parse_rules
    if getattr(original, "shared", False):
        return

    @wraps(original)
    def parse_rules(self: Stylesheet, css: str, read_from: Any,
                    is_default_rules: bool = False, tie_breaker: int = 0,
                    scope: str = "") -> list[RuleSet]:
        key = (_variables_key(self), css, read_from, is_default_rules, tie_breaker, scope)
        rules = _PARSED.get(key)
        if rules is None:
            rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_PARSED) < 1024:  # the program's CSS is a few dozen pieces
                _PARSED[key] = rules
        return rules

    def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
        # Textual replaces the variables' dict (set_variables), never changes it in place
        variables = stylesheet._variables
        known = getattr(stylesheet, "_shared_variables", None)
        if known is None or known[0] is not variables:
            known = (variables, tuple(sorted(variables.items())))
            stylesheet._shared_variables = known  # type: ignore[attr-defined]
        key: tuple[tuple[str, str], ...] = known[1]
        return key

    parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]


def quick_parameter_count() -> None:
    """Count a plain function's parameters from its code object, as
    ``inspect.signature`` would count them, for Textual's callbacks; anything else
    (a method, a partial, a wrapped or annotated-signature function) goes to Textual's
    own count. Idempotent."""
    import textual._callback as callback

    original = callback._count_parameters
    if getattr(original, "quick", False):
        return

    def count(func: Callable[..., Any]) -> int:
        if type(func) is FunctionType and "__wrapped__" not in func.__dict__ \
                and "__signature__" not in func.__dict__:
            code = func.__code__
            flags = code.co_flags
            return (code.co_argcount + code.co_kwonlyargcount
                    + bool(flags & CO_VARARGS) + bool(flags & CO_VARKEYWORDS))
        counted: int = original(func)
        return counted

    count.quick = True  # type: ignore[attr-defined]
    callback._count_parameters = count


def quicken_textual() -> None:
    """This module's speed-ups: :func:`share_parsed_css`, :func:`quick_parameter_count`
    and :func:`lazy_strip_caches` (every app calls it as it is made)."""
    share_parsed_css()
    quick_parameter_count()
    lazy_strip_caches()


class _LazyCache:
    """A strip's cache slot that makes its cache (a ``FIFOCache`` of ``size``) when it is
    first read."""

    def __init__(self, slot: Any, size: int) -> None:
        self.slot = slot
        self.size = size

    def __get__(self, strip: Any, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            from textual.cache import FIFOCache

            cache: Any = FIFOCache(self.size)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Any, value: Any) -> None:
        self.slot.__set__(strip, value)


STRIP_PLAIN_SLOTS = {"_segments": list, "_cell_length": int, "_render_cache": None,
                     "_link_ids": None, "_cell_count": None}
"""The slots of Textual's ``Strip`` other than its caches, and what a new strip holds
in each (a type, or None): what :func:`lazy_strip_caches` expects to find."""


def lazy_strip_caches() -> bool:
    """Make each new Textual strip create its caches on first use rather than all seven
    as it is made; True once installed (idempotent), False when ``Strip`` is not shaped
    as expected (then it is left as Textual made it)."""
    from textual.cache import FIFOCache
    from textual.strip import Strip

    if getattr(Strip.__init__, "lazy", False):
        return True
    probe = Strip([], 0)
    sizes = {name: getattr(probe, name)._maxsize for name in Strip.__slots__
             if isinstance(getattr(probe, name, None), FIFOCache)}
    plain = {name: getattr(probe, name, AttributeError) for name in Strip.__slots__
             if name not in sizes}
    if not sizes or set(plain) != set(STRIP_PLAIN_SLOTS):
        return False
    for name, value in plain.items():  # a slot left unset reads as AttributeError
        kind = STRIP_PLAIN_SLOTS[name]
        if value is not None if kind is None else not isinstance(value, kind):
            return False
    for name, size in sizes.items():
        setattr(Strip, name, _LazyCache(Strip.__dict__[name], size))

    def __init__(self: Any, segments: Any, cell_length: int | None = None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    __init__.lazy = True  # type: ignore[attr-defined]
    Strip.__init__ = __init__  # type: ignore[method-assign]
    return True
