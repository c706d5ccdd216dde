"""The ``shipyard`` command line, written once for every game: :mod:`.parser` reads
the arguments (``--game`` names any game of the registry), :mod:`.play` opens a game
on screen, :mod:`.reports` prints (simulations, tournaments, reviews, analyses). Each
command imports what it uses when it runs, so ``--version``, ``simulate`` and
``tournament`` load no interface and no game they do not play."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from shipyard_tui.cli.parser import build_parser

__all__ = ["build_parser", "main"]


def _play_config(args: argparse.Namespace) -> Any:
    """The game ``shipyard play`` asks for (:func:`.play.play_config`)."""
    from shipyard_tui.cli.play import play_config

    return play_config(args)


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
                                 idle_timeout=args.idle_minutes * 60.0, ssh=not args.no_ssh,
                                 fork=not args.no_fork))
    except KeyboardInterrupt:
        return 130


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command
    if command in ("simulate", "tournament", "scores", "analyse"):
        from shipyard_tui.cli import reports

        run = {"simulate": reports.simulate, "tournament": reports.tournament,
               "scores": reports.scores, "analyse": reports.analyse}[command]
        return run(args)
    if command == "history":
        from shipyard_tui.cli.reports import history

        return history()
    if command == "saves":
        from shipyard_tui.cli.saves import saves

        return saves(args)
    if command == "paths":
        from shipyard_tui.cli.reports import show_paths

        return show_paths()
    if command in ("serve", "ssh-session"):
        return _server(args)
    from shipyard_tui.cli import play

    if command in ("play", "solo"):
        return play.new_game(args)
    if command == "continue":
        return play.continue_game(args)
    if command == "load":
        return play.load_game(args)
    return play.run_app(None)
