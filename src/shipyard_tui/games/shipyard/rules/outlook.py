"""What step of the game's end comes next, and how far away it is.

The interface warns a newcomer before the contracts are cut down (R-3.9, classic
RC-3.9), before the countdown triggers the end (R-10.1, RC-10.1), before the final
actions (R-10.3) and before the last chance (R-10.4): :func:`end_outlook` says which of
these comes first and after how many timer rounds and turns. It reads a seat's view
as well as the full state, and only reads. A ship-tile end (R-10.2) cannot be
foreseen: it comes with a refill.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shipyard_tui.games.shipyard.rules.engine import WHEEL_POSITIONS, is_first_turn, ruleset_for
from shipyard_tui.games.shipyard.rules.state import GameState, Stage


class Coming(StrEnum):
    """An end-of-game step that comes at a known point."""

    CUT = "cut"
    """Every seat's contracts are cut down to ``keep`` of each colour (R-3.9, RC-3.9)."""
    END = "end"
    """The countdown triggers the end: the wheel completes a rotation with no reserve
    cube left (R-10.1), or the classic countdown reaches 0 (RC-10.1)."""
    FINAL = "final"
    """The end is triggered: the final actions come once every seat has had as many
    regular turns (R-10.1, R-10.3)."""
    LAST_CHANCE = "last_chance"
    """The final actions are under way: the last chance follows them (R-10.4)."""


@dataclass(frozen=True, slots=True)
class EndOutlook:
    """The next end-of-game step and its distance."""

    coming: Coming
    rounds: int
    """Whole timer rounds (wheel rotations; classic: laps) still to come after the
    current one before it: 0 when it comes as the current round completes."""
    turns: int | None
    """Turns still to start before it comes, counting every seat's (the automa's too):
    0 when it comes at the end of the turn in progress. ``None`` where the rules do not
    fix it (a classic lap ends when a card reaches the start space)."""
    keep: int = 0
    """For a cut: the contracts of each colour every seat keeps."""
    countdown: bool = False
    """The timer is the classic countdown of laps, not the wheel and its reserve."""

    @property
    def near(self) -> bool:
        """It comes as the current round completes (or, from the end's trigger on, with
        the turns left)."""
        return self.rounds == 0


def end_outlook(view: GameState) -> EndOutlook | None:
    """The next end-of-game step that comes at a known point, or ``None`` (no regular
    turn or final action in progress, or nothing left to foresee)."""
    if view.stage is Stage.FINAL:
        return EndOutlook(Coming.LAST_CHANCE, 0, len(view.queue),
                          countdown=view.countdown is not None)
    if view.stage is not Stage.PLAY:
        return None
    if view.end_trigger is not None:
        return EndOutlook(Coming.FINAL, 0, _turns_before_final(view),
                          countdown=view.countdown is not None)
    if view.countdown is not None:
        return _classic(view, view.countdown)
    rules = ruleset_for(view.config)
    in_round = _wheel_turns_left(view)
    for k in range(view.reserve):
        keep = rules.discard_at(view.players, view.cubes_removed + k + 1)
        if keep is not None:
            return EndOutlook(Coming.CUT, k, _plus(in_round, k), keep=keep)
    return EndOutlook(Coming.END, view.reserve, _plus(in_round, view.reserve))


def _plus(in_round: int | None, rounds: int) -> int | None:
    return None if in_round is None else in_round + rounds * WHEEL_POSITIONS


def _wheel_turns_left(view: GameState) -> int:
    """Turns after the one in progress until the wheel completes its rotation (R-3.8):
    each regular turn moves it one position; first turns do not (R-3.6, R-3.7)."""
    firsts = ruleset_for(view.config).first_turns(view.players)
    here = view.turn.seat
    if is_first_turn(view, here):
        # the wheel stands at 0; the other first turns still to play, then a rotation
        later = sum(max(0, firsts - seat.turns) for seat in view.seats) - 1
        return later + WHEEL_POSITIONS
    if view.turn.rotation_done:
        return 0
    return WHEEL_POSITIONS - view.wheel


def _turns_before_final(view: GameState) -> int:
    """Regular turns after the one in progress before the final actions: until the
    seat before the starting seat has played and every seat has had as many (R-10.1)."""
    turns = [seat.turns for seat in view.seats]
    s = view.turn.seat
    turns[s] += 1
    later = 0
    while not (s == view.last_seat and len(set(turns)) == 1) and later < 3 * view.players:
        s = (s + 1) % view.players
        turns[s] += 1
        later += 1
    return later


def _classic(view: GameState, countdown: int) -> EndOutlook:
    """The classic countdown: each lap moves it down one; a discard may fall due at the
    new value (RC-3.9), and at 0 the end is triggered (RC-10.1)."""
    catalog = ruleset_for(view.config).catalog
    now = 0 if view.turn.rotation_done else None
    for value in range(countdown - 1, 0, -1):
        keep = catalog.discard_keep(view.players, value)
        if keep is not None:
            rounds = countdown - 1 - value
            return EndOutlook(Coming.CUT, rounds, now if rounds == 0 else None, keep=keep,
                              countdown=True)
    rounds = countdown - 1
    return EndOutlook(Coming.END, rounds, now if rounds == 0 else None, countdown=True)
