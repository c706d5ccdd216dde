"""Where every VP of a Nauticus game came from: per seat and scoring kind, per ship,
and the score over time, for the review screen and ``shipyard scores``.

Everything is read from the game's ``Scored`` events and its final state through
``games.nauticus.scoring``; nothing here recomputes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from shipyard_tui.games.nauticus import NauticusGame
from shipyard_tui.games.nauticus.rules.catalog import SHIP_VP
from shipyard_tui.games.nauticus.rules.events import SCORE_KINDS
from shipyard_tui.games.nauticus.rules.scoring import leftovers, score_by_kind, score_over_time
from shipyard_tui.games.nauticus.words import build_text

KIND_LABELS = {"start": "Start", "bonus": "Bonus fields", "reward": "Ship rewards",
               "crowns": "Crowns", "penalty": "Pass penalties", "goods": "Goods delivered",
               "ships": "Completed ships", "leftovers": "Leftovers (3 = 1 VP)"}
"""How the review names each scoring kind (NA-7, NA-9, NA-11, NA-13)."""

SPARK = " ▁▂▃▄▅▆▇█"

ASCII_SPARK = " _.-=#"
"""The chart's marks in ASCII (empty, then low to full): the block characters all
become ``#`` there, which drew every score but 0 as a full column."""


@dataclass(frozen=True, slots=True)
class ShipRow:
    """One build of a seat's yard at the end (or now)."""

    number: int
    """Counted from 1, as a player counts (the yard's index + 1)."""
    tiles: str
    size: int
    complete: bool
    loaded: bool
    goods: int
    vp: int


@dataclass(frozen=True, slots=True)
class NauticusReview:
    over: bool
    seats: tuple[str, ...]
    kinds: tuple[dict[str, int], ...]
    """Each seat's VP per scoring kind (:data:`SCORE_KINDS`)."""
    totals: tuple[int, ...]
    remainders: tuple[int, ...]
    leftover_totals: tuple[int, ...]
    winners: tuple[int, ...]
    ships: tuple[tuple[ShipRow, ...], ...]
    history: tuple[tuple[int, ...], ...]
    """Each seat's score after every round, then after the end scoring."""


def build_nauticus_review(game: NauticusGame) -> NauticusReview:
    state = game.state
    players = len(state.seats)
    ships = []
    for seat in state.seats:
        rows = []
        for b, build in enumerate(seat.yard):
            goods = sum(s.good is not None for s in build.slots)
            rows.append(ShipRow(b + 1, build_text(build), build.size, build.complete,
                                build.loaded, goods,
                                SHIP_VP[build.size] if build.complete and game.is_over else 0))
        ships.append(tuple(rows))
    per_round = score_over_time(game.events, players)
    history = tuple(tuple(row[i] for row in per_round) for i in range(players))
    outcome = game.outcome()
    left = [leftovers(s) for s in state.seats]
    return NauticusReview(
        over=game.is_over,
        seats=tuple(s.name for s in state.seats),
        kinds=tuple(score_by_kind(game.events, players)),
        totals=tuple(s.vp for s in state.seats),
        remainders=tuple(x.remainder for x in left),
        leftover_totals=tuple(x.total for x in left),
        winners=outcome.winners if outcome is not None else (),
        ships=tuple(ships),
        history=history,
    )


def winner_text(review: NauticusReview) -> Text:
    if not review.over:
        return Text("The game is not over yet: scores so far.")
    names = " and ".join(review.seats[i] for i in review.winners)
    text = Text("Shared victory: " if len(review.winners) > 1 else "Winner: ", style="bold")
    text.append(names, style="bold yellow")
    text.append("   (" + ", ".join(f"{n} {t}" for n, t in zip(review.seats, review.totals,
                                                              strict=True)) + ")")
    return text


def breakdown_table(review: NauticusReview) -> Table:
    """Seats as columns, scoring kinds as rows, the total and the tie-breaks (NA-13.5)."""
    title = "Final VP by kind" if review.over else "VP so far by kind"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    table.add_column("", no_wrap=True)
    for i, name in enumerate(review.seats):
        head = Text(name, style="bold")
        if i in review.winners:
            head.append(" *", style="bold yellow")
        table.add_column(head, justify="right", no_wrap=True)
    for kind in SCORE_KINDS:
        table.add_row(KIND_LABELS[kind], *(str(row[kind]) for row in review.kinds))
    table.add_section()
    table.add_row(Text("Total", style="bold"),
                  *(Text(str(t), style="bold") for t in review.totals))
    table.add_row("Leftover coins' worth", *(str(t) for t in review.leftover_totals))
    table.add_row("  remainder (tie-break)", *(str(r) for r in review.remainders))
    return table


def ships_table(review: NauticusReview, seat: int) -> Table:
    """One seat's builds: tiles (hull letter, mast and sail crests, good), size, state
    and the VP each complete ship scored at the end."""
    table = Table(title=f"{review.seats[seat]}'s ships", title_justify="left",
                  caption="tiles: hull (B C S 1), mast and sail crests, good",
                  caption_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("tiles")
    table.add_column("state")
    table.add_column("VP", justify="right", no_wrap=True)
    for ship in review.ships[seat]:
        state = ("complete, loaded" if ship.loaded else "complete") if ship.complete \
            else "unfinished"
        if ship.goods:
            state += f", {ship.goods} goods tile{'s' if ship.goods != 1 else ''}"
        size = f"size {ship.size}" if ship.complete else \
            f"{ship.size} hull tile{'s' if ship.size != 1 else ''}"
        table.add_row(str(ship.number), ship.tiles, f"{size}, {state}", str(ship.vp))
    if not review.ships[seat]:
        table.add_row("", "no ships", "", "0")
    return table


def score_chart(review: NauticusReview, height: int = 3, column: int = 6, *,
                marks: str = SPARK) -> Text:
    """Each seat's score after each round and at the end, as columns on one scale for
    all seats (``height`` rows of eighths each, drawn with ``marks``: empty, then low to
    full; :data:`ASCII_SPARK` in ASCII), the numbers underneath."""
    top = max((v for row in review.history for v in row), default=0)
    legend = "" if marks == SPARK else f"; {' '.join(marks.strip())} from low to high"
    text = Text(f"Score over time: after each round, then the end scoring (one scale, "
                f"top {top}{legend})\n", style="bold")
    levels = (len(marks) - 1) * height
    rounds = max((len(row) for row in review.history), default=0)
    heads = [f"R{r + 1}" for r in range(rounds - 1)] + ["end"]
    for i, name in enumerate(review.seats):
        values = review.history[i]
        filled = [round(max(v, 0) * levels / top) if top else 0 for v in values]
        text.append(f"\n{name}\n", style="bold")
        for row in range(height - 1, -1, -1):
            cells = []
            for amount in filled:
                part = min(max(amount - row * (len(marks) - 1), 0), len(marks) - 1)
                cells.append((marks[part] * (column - 2)).ljust(column))
            text.append("  " + "".join(cells).rstrip() + "\n", style="cyan")
        text.append("  " + "".join(f"{v:<{column}}" for v in values).rstrip() + "\n")
    text.append("  " + "".join(f"{h:<{column}}" for h in heads).rstrip() + "\n", style="dim")
    return text


def review_renderable(review: NauticusReview) -> RenderableType:
    """The whole review for a plain terminal."""
    parts: list[RenderableType] = [winner_text(review), Text(""), breakdown_table(review)]
    for seat in range(len(review.seats)):
        parts += [Text(""), ships_table(review, seat)]
    parts += [Text(""), score_chart(review)]
    return Group(*parts)


def review_json(review: NauticusReview) -> dict[str, Any]:
    """The review as plain data, for ``shipyard scores --json``."""
    return {
        "game": "nauticus",
        "over": review.over,
        "seats": list(review.seats),
        "kinds": {review.seats[i]: dict(row) for i, row in enumerate(review.kinds)},
        "totals": list(review.totals),
        "leftover_totals": list(review.leftover_totals),
        "remainders": list(review.remainders),
        "winners": [review.seats[i] for i in review.winners],
        "ships": {review.seats[i]: [{"number": s.number, "tiles": s.tiles, "size": s.size,
                                     "complete": s.complete, "loaded": s.loaded,
                                     "goods": s.goods, "vp": s.vp} for s in ships]
                  for i, ships in enumerate(review.ships)},
        "history": {review.seats[i]: list(row) for i, row in enumerate(review.history)},
    }
