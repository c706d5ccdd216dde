"""The choice panel: the decision at hand and every legal way to make it.

Keys: ``↑``/``↓`` move the selection, a letter jumps to its option, ``Enter``
confirms. Options that are shown but not allowed say why.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui.core.choices import OPTION_KEYS as OPTION_KEYS  # re-exported for callers
from shipyard_tui.core.choices import Choice as Choice
from shipyard_tui.core.choices import Plan as Plan
from shipyard_tui.core.choices import Repeat as Repeat
from shipyard_tui.core.moves import Move, moves_key
from shipyard_tui.ui.compat import while_open

MAX_RECOUNTS = 3
"""How many times in a row the prompt counts the choices out of sight again after its
words changed (see :meth:`ChoicePanel._show_prompt`)."""

MIN_HINT_WORDS = 8
"""A hint names a choice by its key and its words when they fit on the hint's line, cut
with an ellipsis when at least this many characters of them fit; by its key alone when
fewer do (then, in a panel with :data:`ROOMY_HINT_HEIGHT` lines, the words follow on a
line of their own)."""

ROOMY_HINT_HEIGHT = 16
"""A choice panel at least this tall (the side column of a large terminal, narrow but
long) gives a hinted choice's words a line of their own when its line has no room."""


class HintLike(Protocol):
    """What :meth:`ChoicePanel.show_hint` needs of a hint (``analysis.Hint``)."""

    @property
    def best_moves(self) -> tuple[Move, ...]: ...

    @property
    def runner_moves(self) -> tuple[Move, ...]: ...

    def text(self, best: str | None = None, runner_up: str | None = None) -> str: ...


class ChoiceList(OptionList):
    """An option list that repaints only the two lines a move of the highlight touches
    (Textual's own repaints the whole list): a few hundred bytes on a slow link."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    _lines_width = 0
    """The width the option list last measured its options' heights at."""

    def on_mount(self) -> None:
        self.watch(self, "highlighted", self._repaint_lines, init=False)

    def _update_lines(self) -> None:
        """Measure again when the width changed: OptionList keeps the heights it
        measured until a resize, but a scrollbar coming or going narrows the text
        without one, and an option measured one line wide then lost its wrapped
        second line (seen after an undo in Nauticus)."""
        width = self.scrollable_content_region.width
        if width and width != self._lines_width:
            self._lines_width = width
            self._line_cache.clear()
            self._option_render_cache.clear()
        super()._update_lines()

    def on_resize(self) -> None:
        """Keep the highlight in sight when the list grows shorter: after a game was
        loaded, the prompt's count of the choices out of sight wrapped to a second
        line once laid out, and the highlight on the last choice (finish building) fell
        under the list (issue 35 item 4)."""
        if self.highlighted is not None:
            self.call_after_refresh(self.scroll_to_highlight)
        if isinstance(self.parent, ChoicePanel):
            # the count of the choices out of sight is the list's height's: a count
            # made before the list took its height said "4 more" under three
            self.parent.recount()

    def _repaint_lines(self, old: int | None, new: int | None) -> None:
        """Repaint the lines of the option left and the option highlighted."""
        self._update_lines()
        width = self.scrollable_content_region.width
        top = round(self.scroll_y)
        for index in (old, new):
            if index is None:
                continue
            line = self._index_to_line.get(index)
            if line is not None:
                self.refresh(Region(0, line - top, width, self._heights[index]))


_GAP = Segment(" ", Style.null())


class KeyedLine:
    """A choice's key in a column ``width`` cells wide, a space, and its words, which
    wrap under themselves so that the key column stays clear: the lines a two-column
    grid table draws (``table()``), drawn without the table's general layout. An option
    list draws every option of every decision, twice, and as tables they took three to
    four times as long (issue 39, ``benchmarks/choice_lines.py``);
    ``tests/ui/test_choice_lines.py`` compares the two line by line."""

    __slots__ = ("_drawn", "key", "text", "width")

    def __init__(self, key: Text, text: Text, width: int) -> None:
        self.key, self.text, self.width = key, text, width
        self._drawn: tuple[tuple[object, ...], list[Segment]] | None = None
        """The segments last drawn and what they were drawn for: the option list
        draws each option twice at one width, to measure its height and to paint it."""

    def table(self) -> Table:
        """The grid table these lines are: the key's column of fixed width, the words'
        column as wide as they need or as the room left."""
        grid = Table.grid(padding=(0, 1, 0, 0))
        grid.add_column(width=self.width, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(self.key, self.text)
        return grid

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key_width = self.width
        room = options.max_width - key_width - 1
        if room < 1:  # narrower than the key column: as the table squeezes it
            yield self.table()
            return
        drawn_for = (id(console), options.max_width, options.min_width, options.encoding,
                     options.ascii_only, options.legacy_windows)
        if self._drawn is not None and self._drawn[0] == drawn_for:
            yield from self._drawn[1]
            return
        width = min(Measurement.get(console, options, self.text).maximum or 1, room)
        base = options.update(highlight=False, height=None, justify="left",
                              overflow="ellipsis")
        keys = console.render_lines(self.key, base.update(width=key_width, no_wrap=True))
        words = console.render_lines(self.text, base.update(width=width, no_wrap=False))
        if len(words) < len(keys):
            words = Segment.align_top(words, width, len(keys), Style.null())
        blank = Segment(" " * (key_width + 1), Style.null())
        new_line = Segment.line()
        segments: list[Segment] = []
        for row, line in enumerate(words):
            if row < len(keys):
                segments.extend(keys[row])
                segments.append(_GAP)
            else:
                segments.append(blank)
            segments.extend(line)
            segments.append(new_line)
        self._drawn = drawn_for, segments
        yield from segments


def cut(words: str, room: int) -> str:
    """``words`` in at most ``room`` characters, cut with an ellipsis."""
    return words if len(words) <= room else words[: room - 1].rstrip() + "…"


class ChoicePanel(Vertical):
    """The prompt and its options; tells the screen what is highlighted and chosen."""

    DEFAULT_CSS = """
    ChoicePanel {
        height: 1fr;
    }
    ChoicePanel > #prompt {
        height: auto;
        text-style: bold;
        padding: 0 1;
    }
    ChoicePanel > OptionList, ChoicePanel > OptionList:focus {
        height: 1fr;
        border: none;
        padding: 0;
        background: transparent;
    }
    """

    class Highlighted(Message):
        """The player is looking at this move (of the decision numbered ``decision``)."""

        def __init__(self, move: Move | Plan[Any] | Repeat | None, decision: int) -> None:
            super().__init__()
            self.move = move
            self.decision = decision

    class Chosen(Message):
        """The player confirmed this move, for the decision numbered ``decision``: the
        screen plays it only while that decision is still the one shown
        (:meth:`ChoicePanel.answers`)."""

        def __init__(self, move: Move | Plan[Any] | Repeat, decision: int) -> None:
            super().__init__()
            self.move = move
            self.decision = decision

    def __init__(self, *, id: str | None = None, classes: str | None = None,
                 held_keys: frozenset[str] = frozenset()) -> None:
        super().__init__(id=id, classes=classes)
        self.held_keys = held_keys
        """Keys that a game gives the same choice whenever it is offered: pressed while
        no choice shown has them, they take the highlight away, so that the Enter typed
        after them plays nothing (it would have played the highlighted choice)."""
        self._choices: list[Choice] = []
        self._keys: list[str] = []
        self._prompt = ""
        self._shown_prompt = ""
        self._recounts = 0
        self._notice_timer: Timer | None = None
        self._advice = ""
        """Words shown above the prompt until the next decision (:meth:`advise`)."""
        self._hint: tuple[HintLike, str] | None = None
        """The hint shown, with its note, to word it again for another size."""
        self.decision = 0
        """Counts the decisions shown: a choice carries the number of the decision it
        was shown for, and one for an earlier decision is dropped (two quick Enters:
        the second selected a choice of the decision the first had just answered)."""
        self._options: list[Option] = []
        """The options of the decision shown, to tell a selection of them from one of
        the options they replaced."""

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt", markup=False)
        yield ChoiceList(id="options")

    def on_mount(self) -> None:
        self.watch(self.options, "scroll_y", self._show_prompt, init=False)
        self.watch(self.options, "virtual_size", self._show_prompt, init=False)
        self.watch(self.options, "size", self._show_prompt, init=False)

    @property
    def options(self) -> OptionList:
        return self.query_one("#options", OptionList)

    @property
    def choices(self) -> list[Choice]:
        return list(self._choices)

    def set_choices(self, prompt: str, choices: list[Choice], *, keep: Move | None = None) -> None:
        """Show a new decision; keep the highlight on ``keep`` if it is still offered."""
        if not choices and not self._choices and prompt == self._prompt:
            return
        self.decision += 1
        self._choices = choices
        self._prompt = prompt
        self._keys = self._give_keys(choices)
        self._advice = ""
        self._hint = None
        self._end_notice()
        option_list = self.options
        option_list.clear_options()
        options = []
        width = max((len(k) for k in self._keys), default=1)
        for choice, key in zip(choices, self._keys, strict=True):
            mark = (Text(key, style="bold") if choice.move is not None
                    else Text("✗", style="red"))
            text = Text(choice.label)
            if choice.reason:
                text.append(f" — {choice.reason}", style="dim")
            # two columns, so that a label too long for a narrow panel wraps under
            # itself and the key column stays clear
            options.append(Option(KeyedLine(mark, text, width),
                                   disabled=choice.move is None))
        self._options = options
        option_list.add_options(options)
        target = 0
        for i, choice in enumerate(choices):
            if choice.move is not None and choice.move == keep:
                target = i
                break
        else:
            target = next((i for i, c in enumerate(choices) if c.move is not None), 0)
        if choices:
            option_list.highlighted = target
            if target:
                # again once laid out: a prompt that wraps takes a line from the list,
                # and a highlight on the last choice (finish building) fell out of sight
                self.call_after_refresh(option_list.scroll_to_highlight)

    def _give_keys(self, choices: list[Choice]) -> list[str]:
        """A key for each offered choice: its own (a yard cell's number), or the next
        free letter in the order shown, so that the letters always read a, b, c down
        the list, the same in every terminal and after a reload."""
        taken = {c.key for c in choices if c.key}
        free = (k for k in OPTION_KEYS if k not in taken)
        return [("" if choice.move is None else choice.key or next(free, ""))
                for choice in choices]

    def say(self, notice: str, seconds: float = 4.0) -> None:
        """Show ``notice`` in place of the prompt for a while; a new notice replaces it."""
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self.query_one("#prompt", Static).update(notice)
        self._shown_prompt = notice
        self._notice_timer = self.set_timer(seconds, self._end_notice)

    @property
    def notice_shown(self) -> bool:
        return self._notice_timer is not None

    def _end_notice(self) -> None:
        if self._notice_timer is not None:
            self._notice_timer.stop()
            self._notice_timer = None
        self._show_prompt()

    def advise(self, advice: str, *, keep_hint: bool = False) -> None:
        """Show ``advice`` above the prompt until the next decision is shown (the
        advice is for this one): a hint stays while the player weighs it, and never
        outlives the decision it was about. (``keep_hint``: the words are a hint's,
        laid out again on a resize.)"""
        if not keep_hint:
            self._hint = None
        self._advice = advice
        self._show_prompt()
        self.call_after_refresh(self._show_prompt)  # fewer options fit under it now

    @property
    def advice(self) -> str:
        return self._advice

    def recount(self) -> None:
        """Count the choices out of sight again once the list is laid out."""
        self._recounts = 0
        self.call_after_refresh(self._show_prompt)

    @while_open
    def _show_prompt(self) -> None:
        text = self._prompt + self.more_hint()
        if self._advice:
            text = f"{self._advice}\n{text}"
        if self._notice_timer is None and text != self._shown_prompt:
            self._shown_prompt = text
            self.query_one("#prompt", Static).update(text)
            # the new words may take another number of lines, leaving the choices more
            # or less room than the count assumed; the list's height is no reactive to
            # watch, so count again once laid out (until the words stop changing, a few
            # times at most: two counts could take turns at a wrap)
            if self._recounts < MAX_RECOUNTS:
                self._recounts += 1
                self.call_after_refresh(self._show_prompt)
        else:
            self._recounts = 0

    def more_hint(self) -> str:
        """How many choices are out of sight above and below, when some are."""
        options = self.options
        height = options.scrollable_content_region.height
        total = options.virtual_size.height
        if not height or total <= height:
            return ""
        top = round(options.scroll_y)
        bottom = top + height  # the first line out of sight below
        # choices, not lines: a choice that wraps takes two (one partly in sight counts
        # as in sight)
        starts = options._index_to_line
        heights = options._heights
        above = [i for i, line in starts.items() if line + heights.get(i, 1) <= top]
        below = [i for i, line in starts.items() if line >= bottom]
        parts = []
        for arrow, where, hidden in (("▲", "above", above), ("▼", "below", below)):
            refused = sum(1 for i in hidden if self._refused(i))
            if len(hidden) > refused:
                parts.append(f"{arrow} {len(hidden) - refused} more {where}")
                if refused:
                    parts[-1] += f", {refused} not now"
            elif refused:
                parts.append(f"{arrow} {refused} not now {where}")
        return "  (" + ", ".join(parts) + ")" if parts else ""

    def _refused(self, index: int) -> bool:
        """Whether the option is shown but may not be chosen."""
        return 0 <= index < len(self._choices) and self._choices[index].move is None

    def letters(self) -> dict[str, str]:
        """The key of each offered move, by move notation (a plan's moves one after the
        other: the board letters an employee the marker must walk to, too)."""
        out: dict[str, str] = {}
        for choice, key in zip(self._choices, self._keys, strict=True):
            if key and isinstance(choice.move, Move):
                out[str(choice.move)] = key
            elif key and isinstance(choice.move, Plan):
                out.setdefault(moves_key(choice.move.moves), key)
        return out

    def takes_digits(self) -> bool:
        """Whether some offered choice is picked by a digit (a yard cell's number), so
        the digits do not switch views now."""
        return any(k.isdigit() for k in self._keys)

    def key_of(self, index: int) -> str:
        return self._keys[index] if 0 <= index < len(self._keys) else ""

    def index_of(self, moves: tuple[Move, ...]) -> int | None:
        """The option that plays exactly ``moves`` (one move, or a plan of them that
        asks nothing more of the turn), or None."""
        for i, choice in enumerate(self._choices):
            if len(moves) == 1 and choice.move == moves[0] and not choice.reason:
                return i
        for i, choice in enumerate(self._choices):
            plan = choice.move
            if isinstance(plan, Plan) and plan.moves == moves:
                return i
        return None

    def show_hint(self, hint: HintLike, highlighted_before: int | None) -> None:
        """Show a bot's hint above the choices, naming them by key and words, and move the
        highlight to its choice (Enter then plays it), unless the player moved the
        highlight while the bot thought (``highlighted_before`` is where it was): an
        Enter meant for their own choice must stay theirs."""
        best = self.index_of(hint.best_moves)
        move = best is not None and self.options.highlighted == highlighted_before
        self._hint = (hint, " (highlighted)" if move else "")
        self._show_hint_words()
        if move and best is not None:
            self.options.highlighted = best
            self.call_after_refresh(self.options.scroll_to_highlight)

    def _show_hint_words(self) -> None:
        """Word the hint shown for the panel's width and height now (again after a
        resize: words laid out for a narrow, tall column took all of a short one)."""
        if self._hint is None:
            return
        hint, note = self._hint
        best = self.index_of(hint.best_moves)
        runner = self.index_of(hint.runner_moves)
        width = self.query_one("#prompt", Static).content_region.width
        # a tall panel has lines to spare; so has a hint without a runner-up (one line
        # fewer than with one), which must not leave its one choice unnamed
        roomy = self.size.height >= ROOMY_HINT_HEIGHT or runner is None

        def name(index: int | None, room: int | None = None) -> tuple[str | None, str]:
            """A choice by its key and, given ``room``, as much of its words as fit
            there (the choice may be out of sight); by its words if it has no key. With
            it, the words for a line of their own when they do not fit (or "")."""
            if index is None:
                return None, ""
            key = self.key_of(index)
            words = self._choices[index].label.split("\n")[0].strip()
            if not key:
                return words, ""
            if room is None or (len(words) > room and room < MIN_HINT_WORDS):
                return f"[{key}]", (cut(words, width - 2) if roomy and room is not None
                                    else "")
            return f"[{key}] {cut(words, room)}", ""
        # first by key alone, to see how much of each line is left for the words
        key_only, _ = name(best)
        bare = hint.text(key_only and key_only + note, name(runner)[0])
        spare = [width - len(line) - 1 for line in bare.splitlines()]
        best_name, best_more = name(best, spare[0])
        if note and best_name == key_only and not best_more:
            # no room for the words: they matter more than saying the choice is
            # highlighted, which the highlight shows (a play-test at 80x24 read
            # "Strong bot: [g] (highlighted)" and had to look for g)
            best_name, best_more = name(best, spare[0] + len(note))
            if best_name != key_only or best_more:
                note = ""
        runner_name, runner_more = name(runner, spare[1] if len(spare) > 1 else None)
        if runner is not None and self.key_of(runner) and not runner_more:
            words = self._choices[runner].label.split("\n")[0].strip()
            if runner_name != f"[{self.key_of(runner)}] {words}":
                # the runner-up may be out of sight, and cut it said too little (at
                # 80x24 a game with rivals read "[c] Bonus action:…", the gap's words
                # taking the line): its words whole on a line of their own (issue 35
                # item 8)
                runner_name, runner_more = f"[{self.key_of(runner)}]", cut(words, width - 2)
        lines = hint.text(best_name and best_name + note, runner_name).splitlines()
        for at, more in ((1, runner_more), (0, best_more)):  # the later line first
            if more and at < len(lines):
                lines.insert(at + 1, f"  {more}")
        self.advise("\n".join(lines), keep_hint=True)

    def on_resize(self) -> None:
        if self._hint is not None:
            self.call_after_refresh(self._show_hint_words)

    def highlight_move(self, move: Move) -> bool:
        for i, choice in enumerate(self._choices):
            if choice.move == move:
                self.options.highlighted = i
                return True
        return False

    def key_index(self, key: str) -> int | None:
        """The option a key picks, if any."""
        if not key:
            return None
        for i, (choice, own) in enumerate(zip(self._choices, self._keys, strict=True)):
            if own == key and choice.move is not None:
                return i
        return None

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" and self.options.highlighted is None:
            # a held key took the highlight away: this Enter plays nothing and puts the
            # highlight back on the first choice, so that the next one plays it (a
            # stray "y" after a question, with nothing to show for it, left every
            # later Enter doing nothing)
            first = next((i for i, c in enumerate(self._choices) if c.move is not None), None)
            if first is not None:
                self.options.highlighted = first
                event.stop()
            return
        if event.character is None:
            return
        index = self.key_index(event.character)
        if index is not None:
            self.options.highlighted = index
            event.stop()
        elif event.character in self.held_keys:
            self.options.highlighted = None
            event.stop()

    def answers(self, decision: int) -> bool:
        """Whether a choice made for the decision numbered ``decision`` answers the one
        shown now."""
        return decision == self.decision

    def _shown(self, event: OptionList.OptionMessage) -> bool:
        """Whether the option list's message is about an option of the decision shown
        now (a key queued before the choices were replaced selects a replaced one)."""
        index = event.option_index
        return 0 <= index < len(self._options) and event.option is self._options[index]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        if self._shown(event):
            self.post_message(self.Highlighted(self._choices[index].move, self.decision))
            rest = self._choices[index + 1:]
            if rest and all(c.move is None for c in rest):
                self.call_after_refresh(self._show_refused_below, index)

    def _show_refused_below(self, index: int) -> None:
        """On the last choice that may be chosen, bring the shown-but-not-allowed ones
        under it into sight, as far as the highlight stays in sight: the keys never
        move onto them, and they say why an option is missing."""
        options = self.options
        if options.highlighted != index or index not in options._index_to_line:
            return
        height = options.scrollable_content_region.height
        top = min(options._index_to_line[index], options.max_scroll_y)
        if height and top > options.scroll_y:
            options.scroll_to(y=top, animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self._shown(event):
            move = self._choices[event.option_index].move
            if move is not None:
                self.post_message(self.Chosen(move, self.decision))

