"""The ``shipyard`` command line."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shipyard_tui import __version__

if TYPE_CHECKING:
    from shipyard_tui.games.shipyard.rules import GameConfig


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 <= value <= 60:
        raise argparse.ArgumentTypeError("the bot pause is between 0 and 60 seconds")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of milliseconds") from None
    if not math.isfinite(value) or not 1 <= value <= 60000:
        raise argparse.ArgumentTypeError("the budget is between 1 and 60000 milliseconds")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shipyard",
        description="Shipyard (2nd edition) in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"shipyard-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a game straight away")
    play.add_argument("--game", choices=("shipyard", "nauticus"), default="shipyard",
                      help="which game (default shipyard)")
    play.add_argument("--players", type=int, choices=(2, 3, 4),
                      help="number of seats (default: as many as --seat, else 2)")
    play.add_argument("--seat", action="append", default=[], metavar="NAME:KIND",
                      help="a seat: NAME:human, NAME:bot or NAME:bot:LEVEL (repeat per seat)")
    play.add_argument("--seed", type=_seed, help="seed of the game (default: random)")
    play.add_argument("--first-game", action="store_true", help="use the first-game setup")
    play.add_argument("--advanced", action="store_true", help="deal 3 + 3 contracts")
    _rules_option(play)
    _interface_options(play)

    solo = commands.add_parser("solo", help="start a solo game against the two automa")
    solo.add_argument("--seed", type=_seed, help="seed of the game (default: random)")
    solo.add_argument("--first-game", action="store_true", help="use the first-game setup")
    solo.add_argument("--name", help="your name (default from the settings)")
    _interface_options(solo)

    cont = commands.add_parser("continue", help="resume the last unfinished game")
    _interface_options(cont)
    _take_over_option(cont)
    load = commands.add_parser("load", help="open a saved game by name or path")
    load.add_argument("save", metavar="NAME|PATH", help="a save's name or a save file")
    _interface_options(load)
    _take_over_option(load)
    commands.add_parser("paths", help="print where saves, finished games and settings live")
    scores = commands.add_parser("scores", help="print where every point of a game came from")
    scores.add_argument("save", metavar="NAME|PATH",
                        help="a save's name, an archived game's id or a save file")
    scores.add_argument("--json", action="store_true", help="print the review as JSON")
    scores.add_argument("--width", type=_positive, help="width of the output (default: the "
                                                        "terminal's)")
    commands.add_parser("history", help="list finished games")

    sim = commands.add_parser("simulate", help="play whole games between bots and print results")
    sim.add_argument("--game", choices=("shipyard", "nauticus"), default="shipyard",
                     help="which game to simulate (default shipyard)")
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                     help="seats per game (default 4)")
    sim.add_argument("--solo", action="store_true",
                     help="solo games: one bot against the two automa")
    sim.add_argument("--games", type=_positive, default=1, help="number of games (default 1)")
    sim.add_argument("--seed", type=_seed, default=0,
                     help="seed of the first game; game k uses seed + k (default 0)")
    sim.add_argument("--bots", default="random", metavar="LEVEL",
                     help="bot level for every seat: random, greedy, planner, strong, or "
                          "beginner, sensible (default random)")
    sim.add_argument("--budget", type=_budget, metavar="MS",
                     help="thinking budget of the strong level per decision, in "
                          "milliseconds (default 150; Shipyard's plays 64 rollouts at "
                          "150, others in proportion, at most 4 times that of "
                          "processor time)")
    sim.add_argument("--first-game", action="store_true", help="use the first-game setup")
    sim.add_argument("--advanced", action="store_true", help="deal 3 + 3 contracts")
    _rules_option(sim)
    sim.add_argument("--events", metavar="FILE.jsonl",
                     help="write every event of every game to this JSON-lines file")
    sim.add_argument("--json", action="store_true", help="print one JSON object per game")
    _server_commands(commands)

    tour = commands.add_parser("tournament",
                               help="seat-rotated games between bot levels, with win rates")
    tour.add_argument("--game", choices=("shipyard", "nauticus"), default="shipyard",
                      help="which game (default shipyard)")
    tour.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                      help="seats per game (default 2)")
    tour.add_argument("--bots", required=True, metavar="A,B[,...]",
                      help="bot levels, comma-separated (repeated to fill the seats)")
    tour.add_argument("--games", type=_positive, default=20, help="number of games (default 20)")
    _rules_option(tour)
    tour.add_argument("--seed", type=_seed, default=0,
                      help="seed of the first game; game k uses seed + k (default 0)")
    tour.add_argument("--budget", type=_budget, metavar="MS",
                      help="thinking budget of the strong level per decision, in "
                           "milliseconds (default 150)")
    tour.add_argument("--json", action="store_true",
                      help="print one JSON object per game, then the standings")

    analyse = commands.add_parser(
        "analyse", help="find the decisions where a game's people lost the most points")
    analyse.add_argument("save", metavar="NAME|PATH",
                         help="a save's name, an archived game's id or a save file")
    analyse.add_argument("--budget", type=_budget, metavar="MS",
                         help="thinking budget per decision, in milliseconds "
                              "(default 150)")
    analyse.add_argument("--top", type=_positive, default=5,
                         help="key moments per person (default 5)")
    analyse.add_argument("--json", action="store_true", help="print the moments as JSON")
    return parser


def _server_commands(commands: Any) -> None:
    serve = commands.add_parser("serve", help="let friends play over SSH, each in their own "
                                              "terminal")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    serve.add_argument("--players", type=Path, metavar="FILE",
                       help="authorized_keys-style file: each key with its player's name")
    serve.add_argument("--open", action="store_true",
                       help="let any key in; its owner picks a name in the lobby")
    serve.add_argument("--max-connections", type=_positive, default=64,
                       help="connections at once (default 64)")
    serve.add_argument("--idle-minutes", type=float, default=60.0,
                       help="close a connection after this long without a key (default 60)")
    serve.add_argument("--no-ssh", action="store_true",
                       help="run only the table host, for players coming in through "
                            "OpenSSH (shipyard ssh-session)")
    session = commands.add_parser("ssh-session", help="one player's seat against a running "
                                                      "server (for OpenSSH's ForceCommand)")
    who = session.add_mutually_exclusive_group(required=True)
    who.add_argument("--player", help="the player's name")
    who.add_argument("--players", type=Path, metavar="FILE",
                     help="find the name of the key used to log in in this players file "
                          "(OpenSSH with ExposeAuthInfo yes)")
    who.add_argument("--fingerprint", help=argparse.SUPPRESS)
    session.add_argument("--socket", type=Path, help=argparse.SUPPRESS)
    session.add_argument("--no-bell", action="store_true",
                         help="do not ring the terminal bell when it is your turn")


def _rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=("second", "classic"), default="second",
                        help="which edition's rules: the 2nd edition (default) or the classic "
                             "1st edition, for 2 to 4 seats (no solo game)")


def _interface_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot-delay", type=_delay, metavar="SECONDS",
                        help="pause before each bot move (default from the settings, 0.6; "
                             "space skips it)")
    parser.add_argument("--ascii", action="store_true", default=None,
                        help="draw with ASCII characters only (automatic when the locale "
                             "is not UTF-8 or TERM is a plain console)")
    parser.add_argument("--low-bandwidth", action="store_true", default=None,
                        help="for slow links: no previews while choosing, no animations")


def _take_over_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--take-over", action="store_true",
                        help="play the game even if another session has it open (that "
                             "session stops saving it)")


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1 << 31)


def _play_config(args: argparse.Namespace) -> GameConfig:
    """The game ``shipyard play`` asks for; ``ValueError`` says what is wrong."""
    from shipyard_tui.games.shipyard.rules import GameConfig, SeatConfig, SeatKind
    from shipyard_tui.seats import DEFAULT_BOT_LEVEL, check_seats, parse_seat

    seats = [parse_seat(spec) for spec in args.seat]
    if not seats:
        count = args.players or 2
        seats = [SeatConfig("Player", SeatKind.HUMAN)] + [
            SeatConfig(f"Bot {i}", SeatKind.BOT, DEFAULT_BOT_LEVEL) for i in range(1, count)]
    elif args.players is not None and args.players != len(seats):
        raise ValueError(f"--players {args.players} but {len(seats)} --seat options given")
    check_seats(seats)
    if args.first_game and args.advanced:
        raise ValueError("--first-game and --advanced cannot be combined")
    seed = args.seed if args.seed is not None else _random_seed()
    config = GameConfig(tuple(seats), seed=seed, first_game=args.first_game,
                        advanced=args.advanced, edition=args.rules)
    config.validate()
    return config


def _run_app(args: argparse.Namespace | None, **start: Any) -> int:
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
                      low_bandwidth=getattr(args, "low_bandwidth", None), **start)
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


def _open_save(path: Path, args: argparse.Namespace) -> int:
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
            return _open_save(exc.backup, args)
        print(f"shipyard: to load it: shipyard load {backup}", file=sys.stderr)
        return 1
    game = loaded.game
    if game.is_over:
        return _run_app(args, game=game, game_id=loaded.info.game_id or None)
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
    return _run_app(args, game=game, game_id=game_file.game_id, game_file=game_file)


def _continue(args: argparse.Namespace) -> int:
    from shipyard_tui.saves import SaveStore

    latest = SaveStore().latest_autosave()
    if latest is None:
        print("shipyard: there is no unfinished game to continue "
              "(start one with: shipyard play)", file=sys.stderr)
        return 1
    return _open_save(latest, args)


def _load(args: argparse.Namespace) -> int:
    from shipyard_tui.saves import SaveError, SaveStore

    try:
        path = SaveStore().resolve(args.save)
    except SaveError as exc:
        print(f"shipyard: {exc.message}", file=sys.stderr)
        return 2
    return _open_save(path, args)


def _scores(args: argparse.Namespace) -> int:
    """Print the review of a saved game: finished (final scores) or not (scores so far)."""
    from rich.console import Console

    from shipyard_tui.games.nauticus import NauticusGame
    from shipyard_tui.games.shipyard.review import build_review, review_json, review_renderable
    from shipyard_tui.saves import SaveError, SaveStore, load_for_review, printable

    path = SaveStore().resolve(args.save)
    if not path.exists():
        print(f"shipyard: there is no save or finished game called {args.save!r}; "
              "'shipyard history' lists the finished games with their ids", file=sys.stderr)
        return 1
    try:
        loaded = load_for_review(path)
    except SaveError as exc:
        print(f"shipyard: {exc.message}", file=sys.stderr)
        if exc.backup is not None:
            print(f"shipyard: its backup is good: {printable(str(exc.backup))}",
                  file=sys.stderr)
        return 1
    console = Console(width=args.width, highlight=False)
    if isinstance(loaded.game, NauticusGame):
        from shipyard_tui.games.nauticus import review as nauticus_review

        nauticus = nauticus_review.build_nauticus_review(loaded.game)
        if args.json:
            print(json.dumps(nauticus_review.review_json(nauticus), indent=2))
        else:
            console.print(nauticus_review.review_renderable(nauticus))
        return 0
    review = build_review(loaded.game)
    if args.json:
        print(json.dumps(review_json(review), indent=2))
        return 0
    console.print(review_renderable(review))
    return 0


def _history() -> int:
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


def _paths() -> int:
    from shipyard_tui import paths

    for label, path in paths.describe().items():
        print(f"{label:<15} {path}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    if args.game == "nauticus":
        return _simulate_nauticus(args)
    from shipyard_tui.games.shipyard.bots import resolve_level
    from shipyard_tui.simulate import simulate

    try:
        level = resolve_level(args.bots)
    except ValueError as exc:
        print(f"shipyard: {exc}", file=sys.stderr)
        return 2
    if args.first_game and args.advanced:
        print("shipyard: --first-game and --advanced cannot be combined", file=sys.stderr)
        return 2
    if args.rules == "classic" and (args.solo or args.advanced):
        print("shipyard: the classic rules have no solo game and always deal 3 + 3 contracts",
              file=sys.stderr)
        return 2
    players = 3 if args.solo else args.players
    results = simulate(players, args.games, args.seed, level, solo=args.solo,
                       first_game=args.first_game, advanced=args.advanced,
                       budget_ms=args.budget, edition=args.rules)

    def line(summary: dict[str, Any]) -> str:
        return (f"{summary['moves']} moves, {summary['turns'][0]} turns per seat, "
                f"end by {summary['end']}")

    return _print_results(args, results, line)


def _print_results(args: argparse.Namespace, results: Iterable[Any],
                   tail: Callable[[dict[str, Any]], str]) -> int:
    """Print each simulated game (a line, or JSON with ``--json``) as it ends, and write
    its events to ``--events``; ``tail`` ends a game's line with what its game adds."""
    from shipyard_tui.simulate import write_events

    events_file = None
    if args.events:
        try:
            events_file = open(args.events, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            print(f"shipyard: cannot write {args.events}: {exc.strerror}", file=sys.stderr)
            return 1
    try:
        for result in results:
            summary = result.summary()
            if events_file is not None:
                write_events(result, events_file)
            if args.json:
                print(json.dumps(summary, separators=(",", ":")), flush=True)
            else:
                scores = ", ".join(f"{name} {score}" for name, score in
                                   zip(summary["seats"], summary["scores"], strict=True))
                winners = " and ".join(summary["winner"])
                print(f"game {summary['game']} (seed {summary['seed']}): {scores}; "
                      f"winner {winners}; {tail(summary)}", flush=True)
    finally:
        if events_file is not None:
            events_file.close()
    return 0


def _tournament(args: argparse.Namespace) -> int:
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
        records = run(args.players, bots, args.games, args.seed, args.budget, show,
                      args.game, edition=args.rules)
    except ValueError as exc:
        print(f"shipyard: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"standings": [r.summary() for r in records]}))
    else:
        for line in report_lines(records, args.games):
            print(line)
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from shipyard_tui.analysis import cached_analysis, moments_json, moments_lines
    from shipyard_tui.games.shipyard.rules import Game
    from shipyard_tui.paths import analysis_dir
    from shipyard_tui.saves import SaveError, SaveStore, load

    try:
        loaded = load(SaveStore().resolve(args.save), expect="shipyard")
    except SaveError as exc:
        print(f"shipyard: {exc.message} (analyse reads Shipyard games only)"
              if exc.kind == "other_game" else f"shipyard: {exc.message}", file=sys.stderr)
        return 1
    assert isinstance(loaded.game, Game)
    report = cached_analysis(loaded.game, analysis_dir(), budget_ms=args.budget, top=args.top)
    if args.json:
        print(json.dumps(moments_json(report), indent=2))
    else:
        for line in moments_lines(report):
            print(line)
    return 0


def _printable(text: str) -> str:
    """A message that may quote a file (the settings' name): printable characters only."""
    from shipyard_tui.saves import printable

    return printable(text)


def _nauticus_config(args: argparse.Namespace) -> Any:
    """The Nauticus game ``shipyard play --game nauticus`` asks for; ``ValueError`` says
    what is wrong. Bots take either kind of level name (beginner, sensible, strong)."""
    from shipyard_tui.games.nauticus import NauticusConfig
    from shipyard_tui.games.nauticus.bots import resolve_level
    from shipyard_tui.games.shipyard.rules import SeatConfig, SeatKind
    from shipyard_tui.seats import check_seats, parse_seat

    if args.first_game or args.advanced:
        raise ValueError("Nauticus has no first-game or advanced setup")
    seats = [parse_seat(spec) for spec in args.seat]
    if not seats:
        count = args.players or 2
        seats = [SeatConfig("Player", SeatKind.HUMAN)] + [
            SeatConfig(f"Bot {i}", SeatKind.BOT, "greedy") for i in range(1, count)]
    elif args.players is not None and args.players != len(seats):
        raise ValueError(f"--players {args.players} but {len(seats)} --seat options given")
    seats = [SeatConfig(s.name, s.kind, resolve_level(s.level or "greedy"))
             if s.kind is SeatKind.BOT else s for s in seats]
    check_seats(seats)
    seed = args.seed if args.seed is not None else _random_seed()
    config = NauticusConfig(tuple(seats), seed=seed)
    config.validate()
    return config


def _simulate_nauticus(args: argparse.Namespace) -> int:
    from shipyard_tui.games.nauticus.bots import NAUTICUS_BOT_LEVELS
    from shipyard_tui.simulate import simulate_nauticus

    if args.bots not in NAUTICUS_BOT_LEVELS:
        known = ", ".join(sorted(NAUTICUS_BOT_LEVELS))
        print(f"shipyard: unknown Nauticus bot level {args.bots!r} (known: {known})",
              file=sys.stderr)
        return 2
    if args.solo or args.first_game or args.advanced:
        print("shipyard: Nauticus has no solo, first-game or advanced setup", file=sys.stderr)
        return 2
    results = simulate_nauticus(args.players, args.games, args.seed, args.bots)
    return _print_results(args, results, lambda summary: f"{summary['moves']} moves")


def _server(args: argparse.Namespace) -> int:
    import asyncio

    from shipyard_tui.server.serve import serve, ssh_session

    if args.command == "ssh-session":
        player = args.player
        if args.players is not None:
            from shipyard_tui.server.keys import player_from_auth_info

            try:
                player = player_from_auth_info(args.players)
            except (OSError, ValueError) as exc:
                print(f"shipyard: {exc}", file=sys.stderr)
                return 2
        return ssh_session(player, args.fingerprint, args.socket, not args.no_bell)
    if args.idle_minutes <= 0:
        print("shipyard: --idle-minutes must be more than 0", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(args.host, args.port, players_file=args.players,
                                 open_door=args.open, max_sessions=args.max_connections,
                                 idle_timeout=args.idle_minutes * 60.0, ssh=not args.no_ssh))
    except KeyboardInterrupt:
        return 130


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    nauticus = getattr(args, "game", "shipyard") == "nauticus"
    if nauticus and getattr(args, "rules", "second") != "second":
        print("shipyard: --rules chooses an edition of Shipyard; Nauticus has one set of rules",
              file=sys.stderr)
        return 2
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "play":
        try:
            config = _nauticus_config(args) if args.game == "nauticus" else _play_config(args)
        except ValueError as exc:
            print(f"shipyard: {_printable(str(exc))}", file=sys.stderr)
            return 2
        return _run_app(args, config=config)
    if args.command == "solo":
        from shipyard_tui.seats import solo_config
        from shipyard_tui.settings import load_settings

        name = args.name if args.name is not None else load_settings().name
        seed = args.seed if args.seed is not None else _random_seed()
        try:
            config = solo_config(name, seed, args.first_game)
            config.validate()
        except ValueError as exc:
            print(f"shipyard: {_printable(str(exc))}", file=sys.stderr)
            return 2
        return _run_app(args, config=config)
    if args.command == "continue":
        return _continue(args)
    if args.command == "load":
        return _load(args)
    if args.command == "paths":
        return _paths()
    if args.command == "scores":
        return _scores(args)
    if args.command == "history":
        return _history()
    if args.command in ("serve", "ssh-session"):
        return _server(args)
    return _run_app(None)


if __name__ == "__main__":
    sys.exit(main())
