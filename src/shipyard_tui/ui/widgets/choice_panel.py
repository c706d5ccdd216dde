"""The choice panel: the decision at hand and every legal way to make it.

Keys: ``↑``/``↓`` move the selection, a letter jumps to its option, ``Enter``
confirms. Options that are shown but not allowed say why.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui.rules import Move

OPTION_KEYS = "abcdefghijklmnopstvwxyz"
"""Letters that pick options; q, r and u are left to the screen's own commands."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of the panel: a legal move, or a shown-but-illegal one with its reason."""

    label: str
    move: Move | None = None
    reason: str = ""


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
        """The player is looking at this move."""

        def __init__(self, move: Move | None) -> None:
            super().__init__()
            self.move = move

    class Chosen(Message):
        """The player confirmed this move."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    def __init__(self, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(**kwargs)
        self._choices: list[Choice] = []
        self._prompt = ""
        self._notice_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt", markup=False)
        yield OptionList(id="options")

    @property
    def options(self) -> OptionList:
        return self.query_one("#options", OptionList)

    @property
    def choices(self) -> list[Choice]:
        return list(self._choices)

    def set_choices(self, prompt: str, choices: list[Choice], *, keep: Move | None = None) -> None:
        """Show a new decision; keep the highlight on ``keep`` if it is still offered."""
        self._choices = choices
        self._prompt = prompt
        self._end_notice()
        option_list = self.options
        option_list.clear_options()
        options = []
        letter = 0
        for choice in choices:
            text = Text()
            if choice.move is not None and letter < len(OPTION_KEYS):
                text.append(f"{OPTION_KEYS[letter]} ", style="bold")
                letter += 1
            elif choice.move is not None:
                text.append("  ")
            else:
                text.append("✗ ", style="red")
            text.append(choice.label)
            if choice.reason:
                text.append(f" — {choice.reason}", style="dim")
            options.append(Option(text, disabled=choice.move is None))
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

    def say(self, notice: str, seconds: float = 4.0) -> None:
        """Show ``notice`` in place of the prompt for a while; a new notice replaces it."""
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self.query_one("#prompt", Static).update(notice)
        self._notice_timer = self.set_timer(seconds, self._end_notice)

    @property
    def notice_shown(self) -> bool:
        return self._notice_timer is not None

    def _end_notice(self) -> None:
        if self._notice_timer is not None:
            self._notice_timer.stop()
            self._notice_timer = None
        self.query_one("#prompt", Static).update(self._prompt)

    def letters(self) -> dict[str, str]:
        """The letter of each offered move, by move notation."""
        out = {}
        letter = 0
        for choice in self._choices:
            if choice.move is None:
                continue
            if letter < len(OPTION_KEYS) and isinstance(choice.move, Move):
                out[str(choice.move)] = OPTION_KEYS[letter]
            letter += 1
        return out

    def highlight_move(self, move: Move) -> bool:
        for i, choice in enumerate(self._choices):
            if choice.move == move:
                self.options.highlighted = i
                return True
        return False

    def key_index(self, key: str) -> int | None:
        """The option a letter key picks, if any."""
        if key not in OPTION_KEYS:
            return None
        wanted = OPTION_KEYS.index(key)
        n = -1
        for i, choice in enumerate(self._choices):
            if choice.move is not None:
                n += 1
                if n == wanted:
                    return i
        return None

    def on_key(self, event: events.Key) -> None:
        if event.character is None:
            return
        index = self.key_index(event.character)
        if index is not None:
            self.options.highlighted = index
            event.stop()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self._choices):
            self.post_message(self.Highlighted(self._choices[index].move))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self._choices):
            move = self._choices[index].move
            if move is not None:
                self.post_message(self.Chosen(move))
