"""The guided first game (issue 34), for every game: the first time each kind of
decision comes up for the person at the table, a short note says what it is and what
to look at.

The words are each game's (:meth:`~shipyard_tui.core.game.GameKind.guide_note`; a game
without notes shows none); what is here is the same for every game:

- :class:`Guidance`, which kinds were already explained and whether notes are wanted,
  kept by the app: in the settings (``guidance``, ``guided``) for the program's own
  app, so that the second game does not explain again what the first did; for the
  connection's time at a server (each player there has their own);
- :class:`GuidePanel`, the note on the table: laid over the board beside or above the
  choices, never over them, and taking no row from them; the keys of the choices keep
  working, and Esc (or a click) puts it away
  (:meth:`~shipyard_tui.ui.screens.table.TableScreen.guide`);
- the palette's command that turns the notes off, or on again from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from rich.text import Text
from textual.app import App, SystemCommand
from textual.widgets import Static

from shipyard_tui.core.game import GuideNote
from shipyard_tui.ui.ascii import to_ascii

GUIDANCE_ENV = "SHIPYARD_GUIDANCE"
"""``off`` (or ``0``, ``no``): no notes, whatever the settings say; ``on``: notes, as
``--guidance``. The command line's flag comes first."""

PUT_AWAY = "Esc puts this note away"
"""What the note says of itself, after its title."""


def guidance_wanted(flag: bool | None, setting: bool,
                    env: Mapping[str, str] | None = None) -> bool:
    """Whether notes are shown: the command line's ``flag`` when given, else the
    environment's :data:`GUIDANCE_ENV`, else the ``setting``.

    >>> guidance_wanted(None, True, {"SHIPYARD_GUIDANCE": "off"})
    False
    >>> guidance_wanted(True, False, {"SHIPYARD_GUIDANCE": "off"})
    True
    >>> guidance_wanted(None, False, {})
    False
    """
    if flag is not None:
        return flag
    import os

    word = (os.environ if env is None else env).get(GUIDANCE_ENV, "").strip().lower()
    if word in ("off", "0", "no", "false"):
        return False
    if word in ("on", "1", "yes", "true"):
        return True
    return setting


class Guidance:
    """Whether notes are wanted, and the kinds of decision already explained (each
    ``game:topic``); ``keep`` is told after each change (the app saves its settings)."""

    def __init__(self, on: bool = True, seen: Iterable[str] = (),
                 keep: Callable[[Guidance, bool], None] | None = None) -> None:
        self.on = on
        self.seen: set[str] = set(seen)
        self._keep = keep

    def wants(self, topic: str) -> bool:
        """Whether ``topic`` is still to be explained."""
        return self.on and topic not in self.seen

    def explained(self, topic: str) -> None:
        """``topic`` was explained: not again."""
        if topic not in self.seen:
            self.seen.add(topic)
            self._changed(switched=False)

    def switch(self, on: bool) -> None:
        """Turn the notes off, or on again from the start (every kind explained anew)."""
        self.on = on
        if on:
            self.seen.clear()
        self._changed(switched=True)

    def _changed(self, *, switched: bool) -> None:
        if self._keep is not None:
            self._keep(self, switched)


def guidance_of(app: App[Any]) -> Guidance | None:
    """The app's guidance (None: an app without one shows no notes)."""
    guidance = getattr(app, "guidance", None)
    return guidance if isinstance(guidance, Guidance) else None


def guidance_commands(app: App[Any]) -> Iterator[SystemCommand]:
    """The palette's command that turns the notes off, or on again from the start."""
    guidance = guidance_of(app)
    if guidance is None:
        return
    if guidance.on:
        def off() -> None:
            guidance.switch(False)
            app.notify("No more notes on the decisions. The palette's Guidance turns "
                       "them on again.", title="Guidance off", timeout=4)
            for screen in app.screen_stack:
                put_away = getattr(screen, "put_guide_away", None)
                if callable(put_away):
                    put_away()

        yield SystemCommand("Guidance off", "No more notes on the kinds of decision", off)
    else:
        def on() -> None:
            guidance.switch(True)
            app.notify("Each kind of decision is explained again the first time it "
                       "comes up.", title="Guidance on", timeout=4)
            for screen in app.screen_stack:  # at a table: the decision at hand, at once
                guide = getattr(screen, "guide", None)
                if callable(guide):
                    guide()

        yield SystemCommand("Guidance on", "Explain each kind of decision again, the "
                                           "first time it comes up", on)


class GuidePanel(Static):
    """A guide note on the table, laid over the board (absolute, so that it takes no
    row from what it covers; hidden until the table has placed it,
    :meth:`~shipyard_tui.ui.screens.table.TableScreen.place_guide`). A click puts it
    away."""

    DEFAULT_CSS = """
    GuidePanel {
        position: absolute;
        overlay: screen;
        visibility: hidden;
        width: 100%;
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self, note: GuideNote, topic: str, *, ascii: bool = False) -> None:
        super().__init__(self.words(note, ascii=ascii), markup=False)
        self.note = note
        self.topic = topic
        """The kind of decision shown (``game:topic``)."""

    def show(self, note: GuideNote, topic: str, *, ascii: bool = False) -> None:
        """Hold another note (the table then places it and makes it visible)."""
        self.note = note
        self.topic = topic
        self.update(self.words(note, ascii=ascii))

    @staticmethod
    def words(note: GuideNote, *, ascii: bool = False) -> Text:
        """The note's title, what puts it away, and its lines (ASCII only when asked)."""
        plain = to_ascii if ascii else (lambda words: words)
        text = Text(plain(note.title), style="bold")
        text.append(f"  ({PUT_AWAY})", style="dim")
        for line in note.lines:
            text.append("\n" + plain(line))
        return text

    def on_click(self) -> None:
        screen = self.screen
        put_away = getattr(screen, "put_guide_away", None)
        if callable(put_away):
            put_away()
