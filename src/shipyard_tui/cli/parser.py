"""The ``shipyard`` command line's arguments: one parser for every game. ``--game``
names any game of the registry (:func:`shipyard_tui.games.names`); the setup options
(``--rules``, ``--solo``, ``--first-game``, ``--advanced``) are asked of every game
and refused, in words, by a game that has none
(:meth:`~shipyard_tui.core.game.GameKind.check_options`)."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from shipyard_tui import __version__, games
from shipyard_tui.core.game import GameKind, Options


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
        description="Shipyard (2nd edition) and Nauticus in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"shipyard-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a game straight away")
    _game_option(play, "which game")
    play.add_argument("--players", type=int, choices=(2, 3, 4),
                      help="number of seats (default: as many as --seat, else 2)")
    play.add_argument("--seat", action="append", default=[], metavar="NAME:KIND",
                      help="a seat: NAME:human, NAME:bot or NAME:bot:LEVEL (repeat per seat)")
    play.add_argument("--seed", type=_seed, help="seed of the game (default: random)")
    _setup_options(play, solo=False)
    _interface_options(play)

    solo = commands.add_parser("solo", help="start a solo game against the game's automa "
                                            "(Shipyard: the two automa)")
    _game_option(solo, "which game")
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
    _saves_command(commands)
    commands.add_parser("paths", help="print where saves, finished games, the trash and "
                                      "settings live")
    scores = commands.add_parser("scores", help="print where every point of a game came from "
                                                "(any game: the save names it)")
    scores.add_argument("save", metavar="NAME|PATH",
                        help="a save's name, an archived game's id or a save file")
    scores.add_argument("--json", action="store_true", help="print the review as JSON")
    scores.add_argument("--width", type=_positive, help="width of the output (default: the "
                                                        "terminal's)")
    commands.add_parser("history", help="list finished games")

    sim = commands.add_parser("simulate", help="play whole games between bots and print results")
    _game_option(sim, "which game to simulate")
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                     help="seats per game (default 4)")
    sim.add_argument("--games", type=_positive, default=1, help="number of games (default 1)")
    sim.add_argument("--seed", type=_seed, default=0,
                     help="seed of the first game; game k uses seed + k (default 0)")
    sim.add_argument("--bots", default="random", metavar="LEVEL",
                     help="bot level for every seat: random, greedy, planner, strong, expert, or "
                          "beginner, sensible (default random)")
    sim.add_argument("--budget", type=_budget, metavar="MS",
                     help="thinking budget of the strong level per decision, in "
                          "milliseconds (default 150; Shipyard's plays 64 rollouts at "
                          "150, others in proportion, at most 4 times that of "
                          "processor time)")
    _setup_options(sim, solo=True)
    sim.add_argument("--events", metavar="FILE.jsonl",
                     help="write every event of every game to this JSON-lines file")
    sim.add_argument("--json", action="store_true", help="print one JSON object per game")
    _server_commands(commands)

    tour = commands.add_parser("tournament",
                               help="seat-rotated games between bot levels, with win rates")
    _game_option(tour, "which game")
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


def _game_option(parser: argparse.ArgumentParser, words: str) -> None:
    parser.add_argument("--game", choices=games.names(), default=games.DEFAULT,
                        help=f"{words} (default {games.DEFAULT})")


def _setup_options(parser: argparse.ArgumentParser, *, solo: bool) -> None:
    """The setup choices of a new game; a game refuses those it does not have."""
    if solo:
        parser.add_argument("--solo", action="store_true",
                            help="solo games: one bot against the game's automa (Shipyard)")
    parser.add_argument("--first-game", action="store_true",
                        help="use the first-game setup (Shipyard)")
    parser.add_argument("--advanced", action="store_true",
                        help="deal 3 + 3 contracts (Shipyard)")
    parser.add_argument("--start-seat", type=_positive, metavar="N",
                        help="the seat that starts, counted from 1 in the order the seats "
                             "are given (Nauticus; by default drawn at random)")
    _rules_option(parser)


def _saves_command(commands: Any) -> None:
    saves = commands.add_parser("saves", help="list, rename or delete saved games "
                                              "(list by default)")
    actions = saves.add_subparsers(dest="saves_command", metavar="ACTION")
    actions.add_parser("list", help="every save under the name that opens it "
                                    "(shipyard load NAME)")
    rename = actions.add_parser("rename", help="give a save a new name")
    rename.add_argument("old", metavar="OLD", help="the save's name, as listed")
    rename.add_argument("new", metavar="NEW", help="its new name")
    delete = actions.add_parser("delete", help="move a save to the trash (kept 30 days; "
                                               "shipyard paths names it)")
    delete.add_argument("name", metavar="NAME", help="the save's name, as listed")
    delete.add_argument("--yes", "-y", action="store_true", help="do not ask first")


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
    serve.add_argument("--max-connections", type=_positive, default=128,
                       help="connections at once (default 128)")
    serve.add_argument("--idle-minutes", type=float, default=60.0,
                       help="close a connection after this long without a key (default 60)")
    serve.add_argument("--no-ssh", action="store_true",
                       help="run only the table host, for players coming in through "
                            "OpenSSH (shipyard ssh-session)")
    serve.add_argument("--no-fork", action="store_true",
                       help="start each connection's session as a new process instead of "
                            "forking it from one that has the interface loaded (more "
                            "memory and a slower start per connection)")
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
    parser.add_argument("--rules", metavar="BOOK", default="",
                        help="the game's rule book, where it has several: Shipyard's 2nd "
                             "edition (second, the default) or the classic 1st edition "
                             "(classic, for 2 to 4 seats, no solo game)")


def _interface_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot-delay", type=_delay, metavar="SECONDS",
                        help="pause before each bot move (default from the settings, 0.6; "
                             "space skips it)")
    parser.add_argument("--ascii", action="store_true", default=None,
                        help="draw with ASCII characters only (automatic when the locale "
                             "is not UTF-8 or TERM is a plain console)")
    parser.add_argument("--low-bandwidth", action="store_true", default=None,
                        help="for slow links: no previews while choosing, no animations")
    parser.add_argument("--guidance", action=argparse.BooleanOptionalAction, default=None,
                        help="a short note the first time each kind of decision comes up "
                             "(default from the settings: on until turned off in the "
                             "palette); --no-guidance: none this time")


def _take_over_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--take-over", action="store_true",
                        help="play the game even if another session has it open (that "
                             "session stops saving it)")


def options_of(args: argparse.Namespace, kind: GameKind) -> Options:
    """The setup options the command line asks of ``kind``'s game; ``ValueError`` for
    one it does not have, in words."""
    rules = getattr(args, "rules", "") or ""
    if rules and not kind.rule_books:
        raise ValueError(f"--rules chooses a rule book; {kind.title} has one set of rules")
    start = getattr(args, "start_seat", None)
    options = Options(rules=rules, solo=getattr(args, "solo", False),
                      first_game=getattr(args, "first_game", False),
                      advanced=getattr(args, "advanced", False),
                      start_seat=start - 1 if start is not None else None)
    kind.check_options(options)
    return options
