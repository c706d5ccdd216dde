"""Nauticus's "How to play" pages, in the project's own words (NAUTICUS.md is the ruling
behind them), with the catalog's numbers and small drawings in Rich text.

A drawing takes ``ascii`` (the app draws only ASCII): the line filter's one character
for one keeps most of them legible; the wheel's arrows get ASCII stand-ins of their own.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from shipyard_tui.core.game import Page
from shipyard_tui.games.nauticus.rules import catalog as cat
from shipyard_tui.ui.ascii import drawing as _draw


def wheel(ascii: bool) -> RenderableType:
    """The eight fields around the wheel, each with its fixed bonus."""
    bonus = [f"{field}: {cat.FIELD_BONUS[field].value}" for field in range(cat.FIELDS)]
    rows = [" " * 24 + bonus[0],
            bonus[7].rjust(22) + " " * 15 + bonus[1],
            bonus[6].rjust(22) + "  ( ⟳ wheel )  " + bonus[2],
            bonus[5].rjust(22) + " " * 15 + bonus[3],
            " " * 24 + bonus[4]]
    text = _draw("\n".join(rows), ascii, {"⟳": "@"})
    text.append_text(_draw(
        "\n\nEach field holds an action tile, shuffled anew every round, and its\n"
        "bonus for the chooser; the wheel's section facing it adds 0 to 3 blue\n"
        "workers, and the wheel turns between rounds.", ascii))
    return text


def ship(ascii: bool) -> RenderableType:
    """A complete ship of three: each hull tile with a mast and a sail of one crest."""
    return _draw(
        "  sail   ▲whale  ▲whale  ▲crown\n"
        "  mast   │whale  │whale  │whale\n"
        "  hull   [b]bow[/b]     [b]centre[/b]  [b]stern[/b]   → complete: size 3\n\n"
        "  goods loaded: fish, salt (delivered later, for points)\n"
        "  one reward per mast: 3 of them",
        ascii, {"▲": "^", "│": "|", "→": "="})


def points(ascii: bool) -> RenderableType:
    """The final scoring: ships by size, goods by kind, leftovers."""
    table = Table(show_header=True, box=None, padding=(0, 1), header_style="bold")
    table.add_column("ship size")
    table.add_column("VP", justify="right")
    table.add_column("   goods of a kind")
    table.add_column("VP", justify="right")
    sizes = sorted(cat.SHIP_VP)
    counts = range(1, len(cat.GOODS_VP))
    for row in range(max(len(sizes), len(counts))):
        size = sizes[row] if row < len(sizes) else None
        count = counts[row] if row < len(counts) else None
        table.add_row("" if size is None else str(size),
                      "" if size is None else str(cat.SHIP_VP[size]),
                      "" if count is None else f"   {count}",
                      "" if count is None else str(cat.GOODS_VP[count]))
    table.add_row("", "", "   each more", "+5")
    return table


GOAL = f"""\
[b]Build ships, load them with goods, deliver the goods.[/b] Ships are made of hull \
tiles, each carrying a mast and a sail; finished ships and delivered goods are worth \
victory points (VP) at the end, and so are crowns.

Everyone starts with {cat.START_WORKERS} workers, {cat.START_COINS} coins and \
{cat.START_VP} VP (later seats get a little more). After {cat.ROUNDS[3]} rounds \
({cat.ROUNDS[2]} with two seats) [b]whoever has the most VP wins[/b]."""

ROUND = f"""\
A round has [b]{cat.PHASES_PER_ROUND} phases[/b]; of the {cat.FIELDS} action tiles \
around the wheel, one is left unplayed.

In each phase one seat, the [b]chooser[/b], picks a face-up action tile and takes that \
field's bonus. Then everyone, the chooser first, either [b]performs[/b] that action \
or [b]passes[/b]. The tile turns face down and the next seat chooses.

The actions: buy hulls, masts, sails or goods (paid with coins), transport tiles from \
your warehouse into your yard, withdraw money, deliver goods, and crown evaluation."""

PERFORM = f"""\
[b]Each use of an action costs one worker.[/b] The blue workers on the tile's field \
are spent first, by each performing seat in turn, and are never kept.

Buying: the first copy of an item costs the price digit shown for it on that field, \
each further copy {cat.FURTHER_COPY_PRICE}. Buy all four items of a tile at once and a \
fifth comes free. What you pay for may go straight into your yard; what you get for \
free goes to your warehouse ({cat.WAREHOUSE_CAPACITY} spaces).

[b]Passing[/b] turns your largest pass tile over. At the end of the round the tiles \
still face up cost you their penalties ({', '.join(str(p) for p in cat.PASS_TILES)}): \
a pass now and then is cheaper than never.

Once a game, in your own go, the [b]extra action[/b] gives you {cat.EXTRA_WORKERS} \
workers and any action of the eight."""

SHIPS = f"""\
A ship is a single hull, or [b]a bow, up to two centres and a stern[/b]. Each hull \
tile takes a mast and each mast a sail, and the crests on one ship must match (a \
crown fits anywhere).

When every hull tile carries a mast with a sail, the ship is [b]complete[/b]: take one \
reward for each mast (a crown mast or sail, {cat.REWARD_VP} VP, {cat.REWARD_COINS} \
coins, {cat.REWARD_WORKERS} workers or two goods; each at most {cat.REWARD_LIMIT} times \
a ship). Loaded goods wait on the ship until you deliver them."""

END = f"""\
After the last round: [b]delivered goods[/b] score by kind, [b]complete ships[/b] by \
size, and whatever is left over (workers, coins, warehouse tiles, yard tiles outside \
complete ships, goods still aboard) counts as coins, {cat.LEFTOVER_RATE} to a VP.

During the game, each crown evaluation scores your crowns, at most {cat.CROWN_CAP} VP \
a time.

A tie goes to the larger remainder of the leftovers, then to the larger total."""


def pages() -> list[Page]:
    """Nauticus's pages: the goal, a round, performing, ships, the end."""
    return [Page("Goal", GOAL),
            Page("A round", ROUND, wheel),
            Page("Performing", PERFORM),
            Page("Ships", SHIPS, ship),
            Page("The end", END, points)]
