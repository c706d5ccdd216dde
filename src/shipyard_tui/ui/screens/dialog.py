"""A modal screen that closes once.

Textual's ``Screen.dismiss`` pops the top screen, whichever it is. Two quick keys that
both close a dialog (two ``y`` at a question, two Enters at the hand-over) reached it
before it was gone, and the second closed the table under it too: a pty game under a
storm of keys found itself on the title screen, then in the new-game form.
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    """A modal screen whose ``dismiss`` does nothing once it is no longer on top."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            return AwaitComplete()  # closed already (a second quick key): nothing to await
        return super().dismiss(result)
