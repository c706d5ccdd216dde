"""The small drawings of Shipyard's "How to play" pages (Rich text).

Each takes ``ascii``: the app draws only ASCII (``LANG=C``, a plain console). The line
filter would turn every character into one ASCII character, which keeps most of these
legible; where it would not (a ship's rounded bow, the cruise's arrows), the drawing
names its own ASCII form, like the canal column's shapes do.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from shipyard_tui.games.shipyard.words import SOLO_RATINGS, solo_rating
from shipyard_tui.ui.ascii import drawing as _draw


def action_track(ascii: bool) -> RenderableType:
    """The action track: the lead on the left, cubes on tiles, the income of a choice."""
    return _draw(
        "[dim]ahead ◂─────────────────────────────────────── behind[/dim]\n"
        "[b]▸Crew   Build   Canal   Hire    Equip   Exch    Purch[/b]\n"
        " [red]■[/red]       ·       [blue]▲[/blue]       [green]●[/green]       ·"
        "       ·       ·\n"
        "                                 [b]↑[/b] choose Equip:\n"
        "                                   3 occupied tiles ahead\n"
        "                                   pay you 3 guilders",
        ascii, {"◂─": "<-", "↑": "^"})


def ship(ascii: bool, *, classic: bool = False) -> RenderableType:
    """A ship of four tiles, bow to stern, its mounts, the pieces put on it and its speed
    (``classic``: a propeller where the 2nd edition has a stoker)."""
    hull = ("   bow        middle       middle       stern\n"
            " ╭─────────┬────────────┬────────────┬─────────╮\n"
            "╱  Mst Buo │ Cab Cnn    │ Mst Crn    │ Sto Lan  ╲\n"
            "╲  Cab     │ Bot        │ Cab        │          ╱\n"
            " ╰─────────┴────────────┴────────────┴─────────╯\n")
    own = {"╱": "/", "╲": "\\", "╭": ".", "╮": ".", "╰": "'", "╯": "'"}
    engine = ("✣Pr propeller on the stern's mount", "smokestack and propeller") if classic \
        else ("Stk stoker in the Sto", "smokestack and stoker")
    if classic:
        hull = hull.replace("Sto", "✣Pr")
    pieces = ("[b]on it:[/b] Cpt captain (needs no cabin) · Smk smokestack and Sai sail "
              f"on the two Mst · {engine[0]} · Sol soldier in a Cab · Cnn cannon\n"
              f"[b]speed:[/b] {engine[1]} give 4, the sail +1 = [b]5[/b]")
    return Group(_draw(hull, ascii, own), _draw(pieces, ascii))


def cruise(ascii: bool) -> RenderableType:
    """A cruise through canals: the speed must be met exactly, step by step."""
    return _draw(
        "[b]speed 5[/b]: the cruise takes exactly 5 steps\n\n"
        "  [red]■[/red]▸ 1 ═══ 2 ═══ 3\n"
        "     [dim]Mi[/dim]          ║\n"
        "     6 ═══ 5 ═══ 4 [dim]Co[/dim]\n"
        "           [b]↑[/b] stop here: 5 steps\n\n"
        "stopping on 4 or 6 is not this ship's speed\n"
        "Mi at step 1: 1 point per soldier and cannon aboard\n"
        "Co at step 4: 1 point per businessman and crane aboard",
        ascii, {"▸": ">", "═": "=", "║": "|", "↑": "^"})


def points(ascii: bool) -> RenderableType:
    """What a sailing ship scores, item by item."""
    table = Table(show_header=False, box=None, padding=(0, 1))
    for what, worth in (("captain, officer, businessman, soldier", "1 each"),
                        ("cannon, crane", "2 each"),
                        ("speed", "1 a point"),
                        ("each official the cruise passes", "by what the ship carries"),
                        ("Blue Riband (the last one passed)", "the steps taken so far"),
                        ("contracts, at the end", "as each says"),
                        ("traders, at the end", "1 or 3")):
        table.add_row(_draw(what, ascii), _draw(f"[b]{worth}[/b]", ascii))
    return table


def game_end(ascii: bool, *, classic: bool = False) -> RenderableType:
    """The end of the game: the regular turns run out, then the final action and the
    last chance, then the contracts."""
    clock = ("the countdown reaches 0" if classic
             else "the wheel comes round with no reserve cube left")
    return _draw(
        f"[b]regular turns[/b]  until {clock},\n"
        "   │           or a bow, middle or stern stack shows its last tile\n"
        "   ▼           (then: on until everyone has had as many turns)\n"
        "[b]final action[/b]   each seat: any one action, cubes ignored, no bonus\n"
        "   ▼\n"
        "[b]last chance[/b]    a ship one tile short? buy that tile and sail it\n"
        "   ▼\n"
        "[b]scoring[/b]        contracts and traders; most points wins,\n"
        "               a tie goes to the most guilders",
        ascii, {"▼": "v"})


def automa(ascii: bool) -> RenderableType:
    """An automa's turn: a solo tile is flipped and its action disturbed."""
    return _draw(
        "[b]solo tiles[/b]  ▣ ▣ ▣ ▣ [dim](face down: the top one's back shows a number n)[/dim]\n"
        "   │ flip\n"
        "   ▼\n"
        "[b]Hire[/b]  → the automa's cube goes on the Hire tile (free, not the lead)\n"
        "      → the employee marker moves n spaces; the automa hires nobody\n"
        "[b]Build[/b] → the lowest ship display row priced n leaves the game\n"
        "[b]Canal, Purchase[/b] → the lowest tile priced n leaves the game",
        ascii, {"▣": "#", "▼": "v", "→": "->"})


def ratings(ascii: bool) -> RenderableType:
    """The solo rating scale, from the thresholds the result screen uses."""
    table = Table(show_header=False, box=None, padding=(0, 1))
    for threshold, words in SOLO_RATINGS:
        table.add_row(_draw(f"[b]{threshold}[/b] or more", ascii), _draw(words, ascii))
    lowest = min(threshold for threshold, _words in SOLO_RATINGS)
    table.add_row(_draw(f"[b]below {lowest}[/b]", ascii),
                  _draw(solo_rating(lowest - 1), ascii))
    return table


def ring(ascii: bool) -> RenderableType:
    """The classic action ring: cards on numbered spaces, gaps, the space ahead of the
    lead."""
    return _draw(
        "space   10  11  12  13  14  15  16  17  18\n"
        "card    Ex   ·   ·   ·  Cr  Hi  Pu [b]▸Bu[/b]  ▾\n"
        "cube                        [red]■[/red]\n"
        "gap         [dim]└─3 empty─┘[/dim]\n\n"
        "Bu is the lead; ▾ is where your last card jumps at your next turn.\n"
        "Choosing Ex with no cube behind it: the gap of 3 empty spaces\n"
        "pays a gap bonus of 1 guilder.",
        ascii, {"└": "'", "┘": "'", "▸": ">", "▾": "+"})
