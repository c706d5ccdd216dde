"""Player settings kept in the config directory (``settings.json``)."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from shipyard_tui import paths


@dataclass(slots=True)
class Settings:
    bot_delay: float = 0.6
    """Seconds a bot waits before it moves (space skips the wait)."""
    theme: str = "ansi-dark"
    """A Textual theme; the ansi themes use the terminal's own 16 colours."""
    name: str = "Player"
    """The name offered for the person at the keyboard."""
    charset: str = "auto"
    """``ascii`` draws only ASCII characters, ``unicode`` never does, ``auto`` decides
    from the locale and the terminal (see ``ui/ascii.py``)."""
    low_bandwidth: bool = False
    """For very slow links: no previews while moving the highlight, no animations."""
    strong_budget_ms: float = 150.0
    """The strong bot's thinking budget per decision, in milliseconds: 64 rollouts at
    150, other budgets in proportion, and never more than four times the budget of
    processor time. The hint key thinks exactly this long, in every game (one rule,
    :func:`shipyard_tui.core.advice.hint_budget`): Shipyard's hint then searches as its
    Key moments do, so the two never disagree about a decision."""
    guidance: bool = True
    """The guided first game: the first time each kind of decision comes up, a short
    note says what it is and what to look at (``--no-guidance`` for one session; the
    palette's "Guidance" turns it off, or on again from the start)."""
    guided: list[str] = field(default_factory=list)
    """The kinds of decision already explained (``game:topic``), so that the next game
    does not explain them again."""


MAX_GUIDED = 500
"""More explained kinds of decision than every game has: a longer list in the file is
cut (a damaged file must not grow without end)."""


CHARSETS = ("auto", "ascii", "unicode")


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; a missing or damaged file gives the defaults."""
    path = path or paths.settings_path()
    try:
        raw: Any = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError):
        return Settings()
    settings = Settings()
    if not isinstance(raw, dict):
        return settings
    for f in fields(Settings):
        value = raw.get(f.name)
        default = getattr(settings, f.name)
        if isinstance(value, type(default)) or (isinstance(default, float)
                                                and isinstance(value, int)
                                                and not isinstance(value, bool)):
            setattr(settings, f.name, type(default)(value))
    if settings.charset not in CHARSETS:
        settings.charset = Settings().charset
    if not math.isfinite(settings.bot_delay):
        settings.bot_delay = Settings().bot_delay
    settings.bot_delay = min(max(settings.bot_delay, 0.0), 10.0)
    if not math.isfinite(settings.strong_budget_ms):
        settings.strong_budget_ms = Settings().strong_budget_ms
    settings.strong_budget_ms = min(max(settings.strong_budget_ms, 10.0), 10000.0)
    settings.guided = list(dict.fromkeys(t for t in settings.guided
                                         if isinstance(t, str) and len(t) <= 100))[:MAX_GUIDED]
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> None:
    from shipyard_tui.saves import write_atomic

    path = path or paths.settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=2).encode("utf-8"))
