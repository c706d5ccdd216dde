"""Key moments: where the people of a game lost the most points, by the strong bot's
reckoning, for every game that can say (:meth:`~shipyard_tui.core.game.GameKind.key_moments`;
:class:`~shipyard_tui.core.advice.NoAdvice` from one that cannot yet). Shared by the
review's "Key moments" page and ``shipyard analyse``: the cache of reports, and the
report in lines and as JSON. The searches live in each game's package; the hint is
:meth:`~shipyard_tui.core.game.GameKind.hint`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shipyard_tui import games
from shipyard_tui.core.advice import (
    MIN_LOSS,
    Hint,
    Moment,
    MomentsReport,
    NoAdvice,
    analysed_seats,
)
from shipyard_tui.core.codec import to_data

__all__ = ["MIN_LOSS", "Hint", "Moment", "MomentsReport", "NoAdvice", "analysed_seats",
           "analysis_key", "cached_analysis", "moments_json", "moments_lines",
           "report_from_data", "report_to_data"]


def analysis_key(game: Any, budget_ms: float | None, seats: tuple[int, ...], top: int
                 ) -> str:
    """What names an analysis in the cache: the program's version, the game (its
    configuration and moves) and the search asked for. The search is deterministic for
    these (each game seeds each decision's search from it), so the same key always
    meant the same report."""
    from shipyard_tui import __version__

    budget = None if budget_ms is None else float(budget_ms)  # 150 and 150.0: one search
    text = json.dumps([__version__, to_data(game.config), [str(m) for m in game.moves],
                       budget, list(seats), top], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def report_to_data(report: MomentsReport) -> dict[str, Any]:
    return {"seats": list(report.seats), "analysed": list(report.analysed),
            "decisions": {str(k): v for k, v in report.decisions.items()},
            "moments": {str(k): [dataclasses.asdict(m) for m in v]
                        for k, v in report.moments.items()},
            "total_loss": {str(k): v for k, v in report.total_loss.items()},
            "solo": report.solo}


def report_from_data(data: dict[str, Any]) -> MomentsReport:
    """A report read back from :func:`report_to_data`; ``ValueError`` if it is not one."""
    try:
        return MomentsReport(
            tuple(str(s) for s in data["seats"]), tuple(int(s) for s in data["analysed"]),
            {int(k): int(v) for k, v in data["decisions"].items()},
            {int(k): tuple(Moment(**m) for m in v) for k, v in data["moments"].items()},
            {int(k): float(v) for k, v in data["total_loss"].items()},
            bool(data.get("solo", False)))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not an analysis: {exc}") from None


def cached_analysis(game: Any, folder: Path, *, budget_ms: float | None = None,
                    seats: tuple[int, ...] | None = None, top: int = 5,
                    progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> MomentsReport:
    """The game's Key moments (:meth:`~shipyard_tui.core.game.GameKind.key_moments`,
    ``budget_ms`` a decision, by default the strong bot's), kept in ``folder``: a
    finished game reopened shows its Key moments at once instead of searching every
    decision again (half a minute a game). A cache that cannot be read or written is
    simply not used. :class:`~shipyard_tui.core.advice.NoAdvice` from a game that
    cannot be analysed yet."""
    kind = games.kind_of(game)
    chosen = seats if seats is not None else analysed_seats(game, people_only=False)
    budget = kind.default_budget_ms() if budget_ms is None else budget_ms  # the same search
    path = folder / f"{analysis_key(game, budget, chosen, top)}.json"
    with contextlib.suppress(OSError, ValueError):
        return report_from_data(json.loads(path.read_bytes()))
    report = kind.key_moments(game, budget_ms=budget, seats=chosen, top=top,
                              progress=progress, cancelled=cancelled)
    if cancelled is None or not cancelled():  # a report cut short is not kept
        from shipyard_tui.saves import write_atomic

        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(report_to_data(report)).encode())
    return report


def moments_lines(report: MomentsReport) -> list[str]:
    """The report as plain lines, one block per seat."""
    lines: list[str] = []
    for seat in report.analysed:
        name = report.seats[seat]
        found = report.moments[seat]
        lines.append(f"{name}: {report.decisions[seat]} decisions searched")
        if not found:
            lines.append("  no decision lost a point or more by the strong bot's reckoning")
        against = "" if report.solo else " against the best rival"
        for k, m in enumerate(found, 1):
            # (no move count: "move 117" meant nothing to a play-tester)
            lines.append(f"  {k}. round {m.round}: about {m.loss:.1f} points lost{against}")
            lines.append(f"     played: {m.played}")
            lines.append(f"     better: {m.best}")
        lines.append("")
    if not report.analysed:
        lines.append("No seat to analyse.")
    elif any(report.moments.values()):
        lines.append("The points are the strong bot's estimates a few turns ahead:"
                     " a guide to where to look, not a count.")
    return lines


def moments_json(report: MomentsReport) -> dict[str, Any]:
    return {
        "seats": [
            {
                "seat": seat,
                "name": report.seats[seat],
                "decisions": report.decisions[seat],
                "points_lost": round(report.total_loss[seat], 2),
                "moments": [
                    {"round": m.round, "move": m.move_index + 1, "played": m.played,
                     "better": m.best, "points_lost": round(m.loss, 2)}
                    for m in report.moments[seat]
                ],
            }
            for seat in report.analysed
        ]
    }
