"""Words that tell a newcomer what the game's end brings before it comes: the status
line's warning when a contract cut or the end is near (R-3.9, R-10.1, classic RC-3.9,
RC-10.1), and what the final actions and the last chance are as they begin (R-10.3,
R-10.4). The rules say what comes and when (:func:`~.rules.query.end_outlook`); these
are only the words (:mod:`.words` holds the others, and is near its size limit)."""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import GameState, Stage
from shipyard_tui.games.shipyard.rules.query import Coming, end_outlook

STAGE_NOTICES: dict[Stage, tuple[str, str]] = {
    Stage.FINAL: (
        "Final actions",
        "The regular turns are over: each player takes one more action of their choice,\n"
        "any tile, cubes and the lead ignored, no bonus action; then the last chance."),
    Stage.LAST_CHANCE: (
        "Last chance",
        "A player whose ship needs exactly one tile may buy it (free as a blank when none\n"
        "of its kind is left) and sail that ship; then the contracts are scored."),
}
"""The notice each of the end's steps gets the first time it begins: a title and two
lines (R-10.3, R-10.4)."""


def when(turns: int | None) -> str:
    """After how many turns a step comes, in words.

    >>> when(0), when(1), when(3), when(None)
    ('after this turn', 'after the next turn', 'in 3 turns', "at this lap's end")
    """
    if turns is None:
        return "at this lap's end"  # only the classic laps leave it open
    if turns == 0:
        return "after this turn"
    return "after the next turn" if turns == 1 else f"in {turns} turns"


def end_warning(view: GameState, compact: bool = False) -> str:
    """The status line's warning of the end's next step, when it is near; ``compact``:
    shorter words for a narrow line. Empty when nothing is near."""
    if view.stage is Stage.LAST_CHANCE:
        return "last chance"
    outlook = end_outlook(view)
    if outlook is None or not outlook.near:
        return ""
    turns = outlook.turns
    if outlook.coming is Coming.LAST_CHANCE:
        return "final actions"
    if outlook.coming is Coming.FINAL:
        return f"final action {when(turns)}" if compact else \
            f"last round: final action {when(turns)}"
    if outlook.coming is Coming.CUT:
        keep = outlook.keep
        return f"contracts cut to {keep}+{keep} {when(turns)}" if compact else \
            f"contracts cut to {keep} of each colour {when(turns)}"
    timer = "countdown" if outlook.countdown else "wheel"
    if turns == 0:
        return "end triggered after this turn" if compact else \
            f"the {timer} triggers the game's end after this turn"
    last = "final lap" if outlook.countdown else "final rotation"
    if compact or turns is None:
        return last
    return f"{last}: the end triggers {when(turns)}"


def stage_notice(view: GameState) -> tuple[str, str] | None:
    """The notice of the end's step under way (a title and two lines), if it has one."""
    return STAGE_NOTICES.get(view.stage)
