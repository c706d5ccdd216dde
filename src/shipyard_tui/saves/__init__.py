"""Saves that never lose a game: a versioned, checksummed file written atomically.

A save holds the game's configuration and move list (so it replays) with a snapshot
of the state, a summary and a revision (how many times its autosave was written), all
covered by a SHA-256 checksum. Loading replays the moves and checks the result against
the snapshot, so a save either loads as a valid game or fails with a message that says
what is wrong with it.

A save records which game it holds (``"game_name"``, one of
:func:`shipyard_tui.games.names`; saves written before Nauticus have none and are
Shipyard's, :data:`shipyard_tui.games.DEFAULT`). Every game shares the data directory
and every guarantee above; a save is only ever read back as the game it names, and
:func:`load` with ``expect`` refuses another game's saves. The game's own part (its
JSON, summary, rule book and bots) goes through its kind
(:class:`~shipyard_tui.core.game.GameKind`): saves name no game.

The package, by job:

- :mod:`.format`: the bytes of a save (encode, decode, checksum, migrations) and
  :class:`SaveError`, :class:`SaveInfo`, :class:`Loaded`;
- :mod:`.files`: reading a file safely, writing one atomically with a backup, and
  removing what interrupted writes left (the settings and the server use them too);
- :mod:`.store`: :class:`SaveStore`, the saves of an installation (listed by name,
  renamed, the trash), and :func:`load`;
- :mod:`.lease`: one writer per game (:class:`GameFile`, :class:`GameInUse`), and
  :func:`delete_save`, which will not delete a game another session plays.
"""

from __future__ import annotations

from shipyard_tui.saves import files, format, lease, store
from shipyard_tui.saves.files import (
    STALE_TEMP_SECONDS,
    TEMP_PREFIX,
    backup_of,
    main_of_backup,
    make_folder,
    read_bytes,
    remove_stray_temps,
    write_atomic,
)
from shipyard_tui.saves.format import (
    AUTOSAVE_PREFIX,
    BACKUP_SUFFIX,
    FORMAT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NAME,
    MIGRATIONS,
    VERSION,
    AnyGame,
    Loaded,
    Migration,
    SavedGame,
    SaveError,
    SaveInfo,
    _canonical,
    _checksum,
    clean_save_name,
    decode,
    encode,
    game_name_of,
    game_words,
    is_game_id,
    new_game_id,
    printable,
    summary,
)
from shipyard_tui.saves.lease import LOCK_WAIT, GameFile, GameInUse, Holder, delete_save
from shipyard_tui.saves.store import (
    LEASE_PREFIX,
    NAMES_FILE,
    Entry,
    SaveStore,
    game_id_of,
    load,
    load_for_review,
    players_name,
    read_info,
)

__all__ = [
    "AUTOSAVE_PREFIX", "BACKUP_SUFFIX", "FORMAT", "LEASE_PREFIX", "LOCK_WAIT", "MAX_BYTES",
    "MAX_DEPTH", "MAX_NAME", "MIGRATIONS", "NAMES_FILE", "STALE_TEMP_SECONDS",
    "TEMP_PREFIX", "VERSION", "AnyGame", "Entry", "GameFile", "GameInUse", "Holder",
    "Loaded", "Migration", "SaveError", "SaveInfo", "SaveStore", "SavedGame", "_canonical",
    "_checksum", "backup_of", "clean_save_name", "decode", "delete_save", "encode", "files",
    "format", "game_id_of", "game_name_of", "game_words", "is_game_id", "lease", "load",
    "load_for_review", "main_of_backup", "make_folder", "new_game_id", "players_name",
    "printable", "read_bytes", "read_info", "remove_stray_temps", "store", "summary",
    "write_atomic",
]
