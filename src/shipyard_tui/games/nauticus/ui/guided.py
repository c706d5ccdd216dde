"""Nauticus's words for the guided first game (issue 34): for each kind of decision
(the step of the rules' state, :class:`~.rules.state.Step`), two or three short lines
on what it is and where on the table to look, shown the first time it comes up
(:meth:`~shipyard_tui.core.game.GameKind.guide_note`)."""

from __future__ import annotations

from typing import Any

from shipyard_tui.core.game import GuideNote
from shipyard_tui.games.nauticus.rules.state import Step


def _note(topic: str, title: str, *lines: str) -> GuideNote:
    return GuideNote(topic, title, lines)


NOTES: dict[str, GuideNote] = {note.topic: note for note in (
    _note("choose", "Choosing an action",
          "Pick a face-up action tile on the wheel; then every seat uses it or passes.",
          "Each field shows its bonus (yours alone), its blue workers and the price of "
          "each item (r shows the wheel)."),
    _note("bonus", "Your bonus",
          "The field you chose gives you a free item: pick which one.",
          "Free items go to your warehouse; your seat's part (r) shows its room."),
    _note("go", "Your go",
          "Use the action, pass, or play your extra action (once a game).",
          "Each use costs a worker: the field's blue workers first, then your own.",
          "Passing turns over a pass tile; those left face up cost VP at the round's end."),
    _note("act", "More uses",
          "Use the action again (a worker each time) or stop here.",
          "Your coins and workers are on your seat's part (r); when buying, a second "
          "copy of an item costs 4."),
    _note("reward", "A ship is complete",
          "Take one reward for each of its masts, the same kind at most twice.",
          "Crown masts and sails count at every crown evaluation; tiles go to the "
          "warehouse."),
    _note("free", "All four bought",
          "You bought every item of this tile: take one more of them for free.",
          "It goes to your warehouse, if it has room (your seat's part, r)."),
    _note("after", "After the action",
          "End your go, or play your extra action now (once a game).",
          "The extra action gives 2 workers and any one of the eight actions."),
)}
"""Every note, by topic."""

TOPICS: dict[Step, str] = {
    Step.CHOOSE: "choose",
    Step.BONUS: "bonus",
    Step.GO: "go",
    Step.ACT: "act",
    Step.REWARD: "reward",
    Step.FREE: "free",
    Step.AFTER: "after",
}
"""The topic of each step (the game's end has none)."""


def note_for(game: Any) -> GuideNote | None:
    """The note for the decision of the seat to move in ``game`` (a game, or a server
    seat's view of one: both have the state)."""
    topic = TOPICS.get(game.state.step)
    return None if topic is None else NOTES[topic]
