"""Does the hint advise what the strong bot plays? (issue 35 item 11)

Two measurements in 3-seat games, every searching seat a strong bot at the same small
fixed number of rollouts a search (``--rollouts``; the hint searches with the same
number, so the two differ by mechanism only, not by budget):

* agreement: in the all-strong game of each seed, at every decision of one seat with
  more than one legal move, the hint (:func:`~shipyard_tui.games.shipyard.analysis.hint_for`)
  is asked at that position and its first move compared with the move the strong bot
  played there, by decision step; it also counts the hints whose moves no choice on
  screen plays (``ChoicePanel.index_of`` finds none, so nothing is highlighted).
  Where the bot searches too, the two are independent searches of one decision (the
  bot's rng runs through the game, the hint's is seeded by the decision): their
  disagreement is the search's own noise. Where the bot does not search (loading, the
  cruise, the token's start, the sail order) it plays the greedy policy.
* trial: the same seed played again with that seat a *hint follower*, who does what a
  person pressing Enter on the highlighted choice does: asks the hint, takes the choice
  ``ChoicePanel.index_of`` finds (a marker's whole walk, one piece of a load...), or
  where it finds none the choice the highlight starts on
  (:func:`~shipyard_tui.games.shipyard.ui.choice_labels.first_highlight`, else the first
  choice offered). The seat's score and margin (its score less the best other's) are
  compared with the all-strong game's, paired by seed; the seat rotates with the seed.

* loads (``--loads``): the loading alone, where the hint searched and the bot did
  not. At the start of every load of the seat in the all-strong games, the seat's
  ships are loaded and sailed twice from that position, once by the bot's rule and once
  by the search the hint made before issue 35 item 11 (the strong bot's search of each
  Load decision, seeded as the hint's), the rest (the Helmsman, the cruise) by the bot
  in both; paired by load: the points the ships scored and the pieces they used.

    nice -n 10 .venv/bin/python benchmarks/hint_vs_strong.py --games 8 --seed 1 \\
        --rollouts 8 --out /tmp/hvs-1.json
    .venv/bin/python benchmarks/hint_vs_strong.py --summarise /tmp/hvs-*.json
    nice -n 10 .venv/bin/python benchmarks/hint_vs_strong.py --loads --games 8 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from types import SimpleNamespace
from typing import Any

from shipyard_tui.core.choices import moves_of
from shipyard_tui.core.driver import bot_seed
from shipyard_tui.games.shipyard.analysis import _searcher, hint_for
from shipyard_tui.games.shipyard.bots.strong import SEARCHED_STEPS, StrongBot
from shipyard_tui.games.shipyard.rules import DecisionStep as S
from shipyard_tui.games.shipyard.rules import Game, GameConfig, Move, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui import choice_labels
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

SEATS = 3


def config(seed: int) -> GameConfig:
    return GameConfig(tuple(SeatConfig(f"S{i}", SeatKind.BOT, "strong")
                            for i in range(SEATS)), seed=seed)


def bots(seed: int, rollouts: int) -> list[StrongBot]:
    """The strong bots of a game, seeded as the seat driver seeds them."""
    return [StrongBot(bot_seed(seed, s), budget_ms=None, rollouts=rollouts)
            for s in range(SEATS)]


def followed(game: Game, rollouts: int) -> tuple[tuple[Move, ...], str, bool]:
    """What a person following the hint plays at ``game``'s decision: the moves of the
    choice the panel highlights, the step, and whether the hint's choice was found."""
    legal = game.legal_moves()
    step = game.state.turn.step.name
    if len(legal) == 1:
        return (legal[0],), step, True
    hint = hint_for(game, rollouts=rollouts)
    offered = choice_labels.choices(game.state, legal)
    panel: Any = SimpleNamespace(_choices=offered)
    index = ChoicePanel.index_of(panel, tuple(hint.best_moves))
    if index is None:  # the highlight stays where the screen put it
        keep = choice_labels.first_highlight(legal)
        index = next((i for i, c in enumerate(offered) if c.move is not None
                      and c.move == keep), None)
        if index is None:
            index = next(i for i, c in enumerate(offered) if c.move is not None)
        chosen = offered[index].move
        assert chosen is not None
        return moves_of(chosen), step, False
    chosen = offered[index].move
    assert chosen is not None
    return moves_of(chosen), step, True


def margin(scores: tuple[int, ...] | list[int], seat: int) -> int:
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def play(seed: int, seat: int, rollouts: int, follower: bool,
         agreement: dict[str, Counter[str]] | None) -> tuple[list[int], Counter[str]]:
    """One game; ``follower``: ``seat`` follows the hint. ``agreement`` (all-strong
    games only) gathers, by step, how often the hint's first move is the bot's."""
    game = Game(config(seed))
    players = bots(seed, rollouts)
    unmatched: Counter[str] = Counter()
    while not game.is_over:
        to_move = game.to_move
        assert to_move is not None
        legal = game.legal_moves()
        if follower and to_move == seat:
            moves, step, found = followed(game, rollouts)
            if not found:
                unmatched[step] += 1
            for move in moves:
                game.play(move)
            continue
        move = players[to_move].choose(game.view(to_move), legal)
        if agreement is not None and to_move == seat and len(legal) > 1:
            step = game.state.turn.step
            hint = hint_for(game, rollouts=rollouts)
            offered = choice_labels.choices(game.state, legal)
            found = ChoicePanel.index_of(SimpleNamespace(_choices=offered),  # type: ignore[arg-type]
                                         tuple(hint.best_moves)) is not None
            row = agreement.setdefault(step.name, Counter())
            row["searched" if step in SEARCHED_STEPS else "greedy"] += 0
            row["decisions"] += 1
            row["agree"] += hint.best_moves[0] == move
            row["unmatched"] += not found
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None
    return list(outcome.scores), unmatched


SAILING = frozenset({S.LOAD, S.SAIL_ORDER, S.HELMSMAN, S.RIGGER, S.TOKEN_START,
                     S.TOKEN_WITH_CANAL, S.CRUISE})
"""The steps of sailing a ship, from its loading to its cruise."""


def sail(game: Game, bot: StrongBot, rollouts: int | None) -> tuple[int, int]:
    """Sail the seat's ships from ``game`` (a copy), loading by the bot's rule or
    (``rollouts``) by the strong bot's search of each Load decision; the points the
    seat scored and the pieces it used."""
    seat = game.to_move
    assert seat is not None
    before = game.state.seats[seat]
    score, pieces = before.score, sum(before.pieces.values())
    search = _searcher(seat, None, rollouts)
    while (not game.is_over and game.to_move == seat
           and game.state.turn.step in SAILING):
        legal = game.legal_moves()
        if rollouts and game.state.turn.step is S.LOAD and len(legal) > 1:
            move = search(game, len(game.moves), None).best.move
        else:
            move = bot.choose(game.view(seat), legal)
        game.play(move)
    after = game.state.seats[seat]
    return after.score - score, pieces - sum(after.pieces.values())


def loads(args: argparse.Namespace) -> None:
    """The ``--loads`` measurement (see the module docstring)."""
    rows: list[tuple[int, int, int, int]] = []
    for k in range(args.games):
        seed = args.seed + k
        seat = seed % SEATS
        game = Game(config(seed))
        players = bots(seed, args.rollouts)
        while not game.is_over:
            to_move = game.to_move
            assert to_move is not None
            state = game.state
            if (to_move == seat and state.turn.step is S.LOAD and not state.turn.load
                    and len(game.legal_moves()) > 1):
                rule = sail(Game.from_state(state.copy()), StrongBot(seed), None)
                searched = sail(Game.from_state(state.copy()), StrongBot(seed),
                                args.rollouts)
                rows.append((*rule, *searched))
            game.play(players[to_move].choose(game.view(to_move), game.legal_moves()))
        print(f"seed {seed}: {len(rows)} loads so far", flush=True)
    same = sum(1 for r in rows if r[:2] == r[2:])
    print(f"{len(rows)} loads of one seat in {args.games} games, rollouts {args.rollouts}; "
          f"{same} alike in points and pieces")
    print("points the ships scored, search - rule: "
          + interval([float(r[2] - r[0]) for r in rows]))
    print("pieces they used, search - rule: "
          + interval([float(r[3] - r[1]) for r in rows]))


def run(args: argparse.Namespace) -> dict[str, Any]:
    agreement: dict[str, Counter[str]] = {}
    games = []
    for k in range(args.games):
        seed = args.seed + k
        seat = seed % SEATS
        start = time.process_time()
        strong, _ = play(seed, seat, args.rollouts, False, agreement)
        hinted, unmatched = play(seed, seat, args.rollouts, True, None)
        row = {"seed": seed, "seat": seat, "strong": strong, "follower": hinted,
               "unmatched": dict(unmatched)}
        games.append(row)
        print(f"seed {seed} seat {seat}: strong {strong} follower {hinted} "
              f"unmatched {dict(unmatched)} ({time.process_time() - start:.0f} s)",
              flush=True)
    return {"rollouts": args.rollouts, "games": games,
            "agreement": {s: dict(c) for s, c in agreement.items()}}


def interval(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:+.1f}" if values else "-"
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.1f} ± {half:.1f}"


def summarise(results: list[dict[str, Any]]) -> str:
    rollouts = sorted({r["rollouts"] for r in results})
    games = [g for r in results for g in r["games"]]
    agreement: dict[str, Counter[str]] = {}
    for r in results:
        for step, counts in r["agreement"].items():
            agreement.setdefault(step, Counter()).update(counts)
    lines = [f"rollouts a search: {rollouts}; {len(games)} seeds", "",
             "| step | the bot plays | decisions | hint = bot | hint on no choice |",
             "|---|---|---|---|---|"]
    for step, c in sorted(agreement.items(), key=lambda kv: -kv[1]["decisions"]):
        how = "search" if "searched" in c else "greedy"
        n = c["decisions"]
        lines.append(f"| {step} | {how} | {n} | {c['agree']} ({100 * c['agree'] / n:.0f} %) "
                     f"| {c['unmatched']} |")
    unmatched: Counter[str] = Counter()
    for g in games:
        unmatched.update(g["unmatched"])
    strong = [g["strong"][g["seat"]] for g in games]
    hinted = [g["follower"][g["seat"]] for g in games]
    lines += ["", f"follower's decisions whose hint no choice plays: {dict(unmatched)}",
              f"seat's score: strong {statistics.mean(strong):.1f}, "
              f"follower {statistics.mean(hinted):.1f}",
              "follower - strong, score: "
              + interval([h - s for h, s in zip(hinted, strong, strict=True)]),
              "follower - strong, margin: "
              + interval([margin(g["follower"], g["seat"]) - margin(g["strong"], g["seat"])
                          for g in games])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--out", help="write the results here (JSON)")
    parser.add_argument("--summarise", nargs="*", help="merge these results and say them")
    parser.add_argument("--loads", action="store_true",
                        help="compare the loads of the bot's rule and of a search")
    args = parser.parse_args(argv)
    if args.loads:
        loads(args)
        return 0
    if args.summarise:
        results = []
        for path in args.summarise:
            with open(path) as f:
                results.append(json.load(f))
        print(summarise(results))
        return 0
    result = run(args)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f)
    print(summarise([result]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
