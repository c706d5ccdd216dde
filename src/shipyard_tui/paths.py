"""Where the program keeps its files: one small module on platformdirs.

``SHIPYARD_DATA_DIR`` and ``SHIPYARD_CONFIG_DIR`` redirect the two roots (the tests
use them). Saves and finished games live under the data directory, settings under
the config directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "shipyard-tui"
DATA_ENV = "SHIPYARD_DATA_DIR"
CONFIG_ENV = "SHIPYARD_CONFIG_DIR"


def data_dir() -> Path:
    """The root for saves and finished games."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    """The root for settings."""
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def saves_dir() -> Path:
    return data_dir() / "saves"


def finished_dir() -> Path:
    return data_dir() / "finished"


TRASH_FOLDER = "trash"
TRASH_DAYS = 30
"""Deleted saves are kept in the trash this many days, then removed for good."""


def trash_dir() -> Path:
    """Where deleted saves go (``shipyard saves delete``, ``d`` on the Load screen)."""
    return data_dir() / TRASH_FOLDER


DAMAGED_FOLDER = "damaged"
"""The saves folder's sub-folder where damaged autosaves are kept once their backup is
played on (:meth:`~shipyard_tui.saves.SaveStore.set_aside`)."""


def analysis_dir() -> Path:
    """The Key moments already worked out, by game (a cache: safe to delete)."""
    return data_dir() / "analysis"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def describe() -> dict[str, Path]:
    """Every location, for ``shipyard paths``."""
    return {
        "data": data_dir(),
        "saves": saves_dir(),
        "finished games": finished_dir(),
        "damaged saves": saves_dir() / DAMAGED_FOLDER,
        f"trash ({TRASH_DAYS} days)": trash_dir(),
        "key moments": analysis_dir(),
        "config": config_dir(),
        "settings": settings_path(),
    }


def write_crash_log(path: Path, error: BaseException) -> Path | None:
    """Write ``error``'s traceback to ``path`` (its folder made if need be), readable by
    its owner only (a traceback shows the program's paths and values); the path, or
    ``None`` when it cannot be written (a crash must not raise another error)."""
    import traceback

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as log:
            os.fchmod(log.fileno(), 0o600)
            log.write("".join(traceback.format_exception(error)))
    except OSError:
        return None
    return path
