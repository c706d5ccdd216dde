"""The commands that open a game on screen, for every game: ``play`` and ``solo`` set
one up through its kind (:meth:`~shipyard_tui.core.game.GameKind.make_config`),
``continue`` and ``load`` open a save (which names its game)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from shipyard_tui import games
from shipyard_tui.cli.parser import options_of
from shipyard_tui.core.game import Options
from shipyard_tui.core.seats import SeatConfig, SeatKind


def random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1 << 31)


def play_config(args: argparse.Namespace) -> Any:
    """The game ``shipyard play`` asks for (``--game``, the default game without);
    ``ValueError`` says what is wrong. Bots take either kind of level name (a bot
    level, or beginner, sensible, strong, expert)."""
    from shipyard_tui.seats import check_seats, parse_seat

    kind = games.kind(getattr(args, "game", None) or games.DEFAULT)
    options = options_of(args, kind)
    seats = [parse_seat(spec, kind) for spec in args.seat]
    if not seats:
        count = args.players or 2
        seats = [SeatConfig("Player", SeatKind.HUMAN)] + [
            SeatConfig(f"Bot {i}", SeatKind.BOT, kind.default_level) for i in range(1, count)]
    elif args.players is not None and args.players != len(seats):
        raise ValueError(f"--players {args.players} but {len(seats)} --seat options given")
    check_seats(seats, kind)
    seed = args.seed if args.seed is not None else random_seed()
    return kind.make_config(seats, seed, options)


def solo_config(args: argparse.Namespace) -> Any:
    """The solo game ``shipyard solo`` asks for: the person (``--name``, else the
    settings' name) against the game's automa; ``ValueError`` from a game without."""
    from shipyard_tui.seats import clean_name
    from shipyard_tui.settings import load_settings

    kind = games.kind(args.game)
    name = args.name if args.name is not None else load_settings().name
    seed = args.seed if args.seed is not None else random_seed()
    options = Options(solo=True, first_game=args.first_game)
    kind.check_options(options)
    return kind.make_config([SeatConfig(clean_name(name), SeatKind.HUMAN)], seed, options)


def run_app(args: argparse.Namespace | None, **start: Any) -> int:
    from shipyard_tui.ui.app import ShipyardApp

    delay = getattr(args, "bot_delay", None) if args is not None else None
    if delay is not None and delay < 0:
        print("shipyard: --bot-delay cannot be negative", file=sys.stderr)
        return 2
    if os.environ.get("TERM", "") in ("dumb", "unknown"):
        print("shipyard: this terminal (TERM=dumb) cannot draw the game's screens; run it in "
              "a terminal emulator or console (for example with TERM=xterm or TERM=linux). "
              "'shipyard simulate' and 'shipyard scores' work here.", file=sys.stderr)
        return 2
    app = ShipyardApp(bot_delay=delay, ascii=getattr(args, "ascii", None),
                      low_bandwidth=getattr(args, "low_bandwidth", None),
                      guidance=getattr(args, "guidance", None), **start)
    app.run()
    report = app.finish_saving()
    if report and not app.exit_report_shown:
        print(f"shipyard: {report}", file=sys.stderr)
    if app.crash_log is not None:
        saved = ("Your game is saved: 'shipyard continue' resumes it." if not report
                 else "")
        print(f"\nshipyard stopped because of a bug, sorry. {saved}\n"
              f"The details are in {app.crash_log}", file=sys.stderr)
        return 1
    return app.return_code or 0


def open_save(path: Path, args: argparse.Namespace) -> int:
    """Check a save on the command line first, so a bad file is explained right here,
    and make this session the game's one writer (asking before taking it over)."""
    from shipyard_tui.saves import (
        GameFile,
        GameInUse,
        SaveError,
        SaveStore,
        game_id_of,
        load,
        new_game_id,
        printable,
    )

    try:
        loaded = load(path)
    except SaveError as exc:
        print(f"shipyard: {exc.message}", file=sys.stderr)
        if exc.backup is None:
            return 1
        from shipyard_tui.ui.screens.load import backup_words

        backup = printable(str(exc.backup))
        words = backup_words(exc.backup_info) if exc.backup_info else "Its backup is good."
        print(f"shipyard: {printable(words)}\nshipyard: the backup: {backup}", file=sys.stderr)
        if sys.stdin.isatty() and input("Load the backup instead? [y/N] ").strip().lower() \
                in ("y", "yes"):
            return open_save(exc.backup, args)
        print(f"shipyard: to load it: shipyard load {backup}", file=sys.stderr)
        return 1
    game = loaded.game
    if game.is_over:
        return run_app(args, game=game, game_id=loaded.info.game_id or None)
    game_file = GameFile(SaveStore(), loaded.info.game_id or new_game_id())
    try:
        game_file.claim()
    except GameInUse as busy:
        print(f"shipyard: {busy.message}", file=sys.stderr)
        wanted = getattr(args, "take_over", False) or (
            sys.stdin.isatty() and input("Take it over here? That session will stop saving "
                                         "it. [y/N] ").strip().lower() in ("y", "yes"))
        if not wanted:
            print(f"shipyard: to take it over: shipyard {args.command} --take-over"
                  + (f" {printable(args.save)}" if getattr(args, "save", None) else ""),
                  file=sys.stderr)
            return 1
        game_file.claim(take_over=True)
        if game_id_of(path) == game_file.game_id:
            try:
                game = load(path).game
            except SaveError as exc:
                game_file.release()
                print(f"shipyard: {exc.message}", file=sys.stderr)
                return 1
    try:
        return run_app(args, game=game, game_id=game_file.game_id, game_file=game_file)
    finally:
        game_file.release()  # no lease left behind, even where no screen could open


def continue_game(args: argparse.Namespace) -> int:
    from shipyard_tui.saves import SaveStore

    latest = SaveStore().latest_autosave()
    if latest is None:
        print("shipyard: there is no unfinished game to continue "
              "(start one with: shipyard play)", file=sys.stderr)
        return 1
    return open_save(latest, args)


def load_game(args: argparse.Namespace) -> int:
    from shipyard_tui.saves import SaveError, SaveStore

    try:
        path = SaveStore().resolve(args.save)
    except SaveError as exc:
        print(f"shipyard: {exc.message}", file=sys.stderr)
        return 2
    return open_save(path, args)


def new_game(args: argparse.Namespace) -> int:
    """``play`` and ``solo``: set the game up, then open it on screen."""
    from shipyard_tui.saves import printable

    try:
        config = solo_config(args) if args.command == "solo" else play_config(args)
    except ValueError as exc:
        print(f"shipyard: {printable(str(exc))}", file=sys.stderr)
        return 2
    return run_app(args, config=config)
