"""The commands that print, for every game: ``simulate`` and ``tournament`` (games
between bots, through the game's kind), and ``scores``, ``analyse``, ``history``,
``paths`` (reading saves, which name their game). ``simulate`` and ``tournament``
import no interface and only the game they play (``tests/structure/test_lean_commands.py``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from shipyard_tui import games


def _fail(message: str, code: int) -> int:
    print(f"shipyard: {message}", file=sys.stderr)
    return code


def simulate(args: argparse.Namespace) -> int:
    from shipyard_tui.cli.parser import options_of
    from shipyard_tui.simulate import simulate as simulated

    kind = games.kind(args.game)
    try:
        level = kind.resolve_level(args.bots)
    except ValueError:
        # simulate names its bots by their levels (the players' names are also read)
        known = ", ".join(sorted(kind.bot_levels()))
        return _fail(f"unknown {kind.title} bot level {args.bots!r} (known: {known})", 2)
    try:
        results = simulated(args.game, args.players, args.games, args.seed, level,
                            options_of(args, kind), args.budget)
    except ValueError as exc:
        return _fail(str(exc), 2)
    events_file = None
    if args.events:
        try:
            events_file = open(args.events, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            return _fail(f"cannot write {args.events}: {exc.strerror}", 1)
    try:
        for result in results:
            _print_result(args, result, events_file)
    finally:
        if events_file is not None:
            events_file.close()
    return 0


def _print_result(args: argparse.Namespace, result: Any, events_file: Any) -> None:
    """Print a simulated game (a line, or JSON with ``--json``) as it ends, and write
    its events to ``--events``."""
    from shipyard_tui.simulate import write_events

    summary = result.summary()
    if events_file is not None:
        write_events(result, events_file)
    if args.json:
        print(json.dumps(summary, separators=(",", ":")), flush=True)
        return
    scores = ", ".join(f"{name} {score}" for name, score in
                       zip(summary["seats"], summary["scores"], strict=True))
    winners = " and ".join(summary["winner"])
    tail = games.kind_of(result.game).result_words(summary)
    print(f"game {summary['game']} (seed {summary['seed']}): {scores}; "
          f"winner {winners}; {summary['moves']} moves{tail}", flush=True)


def tournament(args: argparse.Namespace) -> int:
    from shipyard_tui.cli.parser import options_of
    from shipyard_tui.tournament import MatchResult, report_lines, run

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]

    def show(result: MatchResult) -> None:
        if args.json:
            print(json.dumps(result.to_json(), separators=(",", ":")), flush=True)
        else:
            scores = ", ".join(f"{lv} {sc}" for lv, sc in zip(result.levels, result.scores,
                                                              strict=True))
            print(f"game {result.index} (seed {result.seed}): {scores}", flush=True)

    try:
        options = options_of(args, games.kind(args.game))
        records = run(args.players, bots, args.games, args.seed, args.budget, show,
                      args.game, options)
    except ValueError as exc:
        return _fail(str(exc), 2)
    if args.json:
        print(json.dumps({"standings": [r.summary() for r in records]}))
    else:
        for line in report_lines(records, args.games):
            print(line)
    return 0


def scores(args: argparse.Namespace) -> int:
    """Print the review of a saved game of any game: finished (final scores) or not
    (scores so far), by its kind (:meth:`~shipyard_tui.core.game.GameKind.review_json`)."""
    from rich.console import Console

    from shipyard_tui.saves import SaveError, SaveStore, load_for_review, printable

    path = SaveStore().resolve(args.save)
    if not path.exists():
        return _fail(f"there is no save or finished game called {args.save!r}; "
                     "'shipyard history' lists the finished games with their ids", 1)
    try:
        loaded = load_for_review(path)
    except SaveError as exc:
        print(f"shipyard: {exc.message}", file=sys.stderr)
        if exc.backup is not None:
            print(f"shipyard: its backup is good: {printable(str(exc.backup))}",
                  file=sys.stderr)
        return 1
    kind = games.kind_of(loaded.game)
    if args.json:
        print(json.dumps(kind.review_json(loaded.game), indent=2))
    else:
        Console(width=args.width, highlight=False).print(kind.review_renderable(loaded.game))
    return 0


def analyse(args: argparse.Namespace) -> int:
    """The Key moments of a saved game, where its game can search them
    (:attr:`~shipyard_tui.core.game.GameKind.can_analyse`); another game's save is
    refused with the games that can."""
    from shipyard_tui.analysis import cached_analysis, moments_json, moments_lines
    from shipyard_tui.paths import analysis_dir
    from shipyard_tui.saves import SaveError, SaveStore, load

    try:
        path = SaveStore().resolve(args.save)
        loaded = load(path)
    except SaveError as exc:
        return _fail(exc.message, 1)
    kind = games.kind_of(loaded.game)
    if not kind.can_analyse:
        able = " or ".join(k.title for k in map(games.kind, games.names()) if k.can_analyse)
        return _fail(f"{path.name} is a save of {kind.title}, not of {able}: "
                     f"{kind.title} games cannot be analysed yet", 1)
    report = cached_analysis(loaded.game, analysis_dir(), budget_ms=args.budget, top=args.top)
    if args.json:
        print(json.dumps(moments_json(report), indent=2))
    else:
        for line in moments_lines(report):
            print(line)
    return 0


def history() -> int:
    """Finished games, as their replayed games say; every text from a file made printable."""
    from shipyard_tui.saves import SaveStore, printable

    listing = SaveStore().list_finished()
    if not listing:
        print("No finished games yet.")
        return 0
    for info, path, problem in listing:
        if info is None:
            print(f"{printable(path.name)}: {printable(problem)}")
            continue
        players = [(name, score, i in info.winners) for i, (name, score, kind)
                   in enumerate(zip(info.seats, info.scores, info.kinds, strict=False))
                   if kind != "automa"]
        line = ", ".join(f"{name} {score}{' *' if won else ''}" for name, score, won in players)
        kind = "solo" if info.solo else f"{len(players)} seats"
        print(f"{info.when}  {info.game_words:<16} {kind:<8} {line}   ({info.game_id})")
    return 0


def show_paths() -> int:
    from shipyard_tui import paths

    for label, path in paths.describe().items():
        print(f"{label:<15} {path}")
    return 0
