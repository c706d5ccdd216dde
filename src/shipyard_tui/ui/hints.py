"""The hint key's thinking, shared by both games' tables: a bot's advice worked out in a
thread while the screen stays live, then shown above the choices."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from textual.screen import Screen

from shipyard_tui.analysis import Hint
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

THINKING = "The strong bot is thinking about a hint…"
"""Said above the choices while a hint is worked out (there, not on the status line,
it is never cut or dropped for want of room)."""


def ask_for_hint(screen: Screen[None], compute: Callable[[], Hint],
                 still_current: Callable[[], bool]) -> bool:
    """Run ``compute`` in a thread, then show its hint on the screen's choice panel
    (:meth:`ChoicePanel.show_hint`) if ``still_current()`` says the decision is the
    same; a failure is said, and the game goes on. Whether the thinking started: not
    while an earlier hint still thinks (a thread cannot be stopped, and two would
    share the processor)."""
    if any(w.group == "hint" and w.is_running for w in screen.workers):
        screen.notify("The strong bot is still thinking about the last hint.", timeout=3)
        return False
    panel = screen.query_one(ChoicePanel)
    highlighted = panel.options.highlighted

    def show(hint: Hint | str) -> None:
        if not still_current() or not screen.is_attached:
            return
        if isinstance(hint, str):
            panel.advise("")
            screen.notify(hint, title="Hint", severity="warning", timeout=6, markup=False)
            return
        panel.show_hint(hint, highlighted)

    def think() -> None:
        try:
            hint: Hint | str = compute()
        except Exception as exc:  # a hint is advice: its failure must not end the game
            hint = f"No hint this time: the strong bot failed ({type(exc).__name__}: {exc})."
        with suppress(RuntimeError):  # the app may close while the bot thinks
            screen.app.call_from_thread(show, hint)

    screen.run_worker(think, thread=True, exclusive=True, group="hint")
    panel.advise(THINKING)
    return True
