"""``shipyard saves``: the save manager of the command line. ``saves`` (or ``saves
list``) prints every save under the name that opens it (``shipyard load NAME``),
``saves rename OLD NEW`` renames one and ``saves delete NAME`` moves one into the
trash (``shipyard paths`` names it), after asking on a terminal unless ``--yes``."""

from __future__ import annotations

import argparse
import sys


def _fail(message: str, code: int = 1) -> int:
    from shipyard_tui.saves import printable

    print(f"shipyard: {printable(message)}", file=sys.stderr)
    return code


def saves(args: argparse.Namespace) -> int:
    action = getattr(args, "saves_command", None) or "list"
    if action == "rename":
        return rename(args.old, args.new)
    if action == "delete":
        return delete(args.name, yes=args.yes)
    return list_saves()


def list_saves() -> int:
    """Every save, newest first: its name, then its game, players, round and date."""
    from shipyard_tui.saves import SaveStore, printable
    from shipyard_tui.ui.screens.load import entry_words

    entries = SaveStore().entries()
    if not entries:
        print("No saves yet (start a game with: shipyard play).")
        return 0
    width = min(max(len(e.name) for e in entries), 30)
    for entry in entries:
        print(f"{printable(entry.name):<{width}}  {entry_words(entry)}")
    print("\nOpen one with: shipyard load NAME (in quotes when it has spaces).")
    return 0


def rename(old: str, new: str) -> int:
    from shipyard_tui.saves import SaveError, SaveStore

    try:
        entry = SaveStore().rename(old, new)
    except SaveError as exc:
        return _fail(exc.message)
    print(f"Renamed {old!r} to {entry.name!r}.")
    return 0


def delete(name: str, *, yes: bool) -> int:
    """Move a save into the trash, after a y/N question on a terminal (``--yes``
    skips it; without a terminal to ask, ``--yes`` is needed)."""
    from shipyard_tui import paths
    from shipyard_tui.saves import SaveError, SaveStore, delete_save, printable

    store = SaveStore()
    entry = store.find(name)
    if entry is None:
        return _fail(f"there is no save called {name!r}: 'shipyard saves' lists them")
    if not yes:
        if not sys.stdin.isatty():
            return _fail(f"to delete {name!r} without a question: "
                         f"shipyard saves delete --yes {name!r}", 2)
        answer = input(f"Move {printable(entry.name)!r} to the trash (kept "
                       f"{paths.TRASH_DAYS} days)? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return 1
    try:
        where = delete_save(store, entry.name)
    except SaveError as exc:
        return _fail(exc.message)
    print(f"Moved {printable(entry.name)!r} to the trash: {printable(str(where))} "
          f"(kept {paths.TRASH_DAYS} days).")
    return 0
