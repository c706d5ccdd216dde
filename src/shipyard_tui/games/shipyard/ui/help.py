"""The help screen: the keys, what the board's abbreviations mean, what each contract
scores and each employee does (in the words the rules give them), and in a classic
game a page on the classic rules."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from shipyard_tui.core.game import Options
from shipyard_tui.games.shipyard.rules import CATALOG
from shipyard_tui.games.shipyard.rules.query import Catalog
from shipyard_tui.games.shipyard.ui.widgets.canal_column import canal_shape
from shipyard_tui.games.shipyard.ui.widgets.employee_track import employee_short
from shipyard_tui.games.shipyard.ui.widgets.ship_tiles import ship_tiles_help
from shipyard_tui.games.shipyard.words import contract_text, employee_effect
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog

HELP = """\
Esc, q or ? closes this help. h opens How to play: the goal, a turn, the end.

# Shipyard — keys

| key | does |
|---|---|
| ↑ ↓ or a letter | move the selection among the choices |
| 0 – 9 | while placing a ship tile: the yard cell with that number |
| Enter | confirm the selection (a choice that cannot be undone asks first: y / n) |
| PageUp PageDown | scroll the board panel shown |
| u, Esc | take back the last move of your turn (not across a refill or a draw) |
| r | turn the canal you are placing |
| 1 – 6 | show Market, Rondels, Yards, Canals, Seats, Log (small terminals) |
| F2 – F7 | the same, also while the digits pick yard cells |
| [ ] | show the previous / next seat's canals |
| space | let a bot move now |
| H (shift+h) | hint: the strong bot's choice, highlighted, and how far its runner-up is behind |
| Ctrl+P | the command palette |
| ? or F1 | this help |
| h (in this help) | How to play: the game in a few pages, for a newcomer |
| Ctrl+S | save the game under a name of your choice (it is also saved after every move) |
| q | leave the game (it is kept) |
| Left, Right (end-of-game review) | the previous / next page; 1 – 5 pick one |

The mouse works too: click a choice to select it, click again to confirm.

# The board

**Status line.** The round, then the turn wheel and the reserve of cubes: the wheel
moves on one position (●) at every turn, and each time it comes round a reserve cube is
removed. Once the reserve is empty, the next time the wheel comes round the game ends
(after the final actions and last chances): the wheel and the reserve are the game's
clock.

**Action track.** A row of framed tiles from the lead (▸) on the left: each tile's
letter and name on its top edge; inside, the cubes on it (each seat has a colour and a
shape: ■ ▲ ● ◆) and any guilders lying there; on its bottom edge what choosing it pays
you now (`pays 2`), or `taken`, `lead` or `not now`. At the start of your turn the tile
you chose last time moves to the lead. With 2 seats each seat has three cubes: the tile
that moves is the one you chose two turns ago (it holds two of your cubes, `■■`), and
one of those cubes goes onto the tile you chose last turn.

SHIP_TILES

**Canals.** Water is `≈≈`; officials are `Mi` military, `Co` commerce, `La` lantern,
`Bo` lifeboat, `Bu` lifebuoy, and `BR` the Blue Riband. The ship token shows your shape
and an arrow pointing the way it is going. While you place a canal the highlighted choice
shows as a ghost; while you choose where the ship token starts, `⚑` marks the
highlighted space; before a cruise the highlighted path shows its step numbers. In the
canal column, the shape after a canal's id draws its water as printed: CANAL_SHAPES.

**Pieces.** `Smk` smokestack · `Sai` sail · `Cnn` cannon · `Crn` crane · `Cpt`
captain · `Bus` businessman · `Sol` soldier · `Stk` stoker.

**Rondels.** Each ring is a loop read clockwise; ▶ points at the marker (brackets in
ASCII), and after each piece comes what reaching it costs you now (`free`, `2g`, or `—`
out of reach); the employee board's cost column says the same. A `²` marks a stack of
two identical employees. The exchange wheel shows each space's prices of coal, cloth
and steel (`2·1·3`), ▶ at the pointer and ▸ where exchanging moves it next; under it
the prices in words and what each good trades for.

Completing a ship: you load pieces one at a time (a suggested load is offered first),
then choose where the cruise goes; every path is listed with its points, best first.
A ship without a captain, or whose speed no cruise of your canals can match, is
dismantled: the choices warn you before that happens.
"""


CLASSIC_HELP = """\

# The classic rules (1st edition)

This game follows the first edition of Shipyard, from 2009. Most of the game is the
same; these are the differences, in short.

**The action ring.** The action cards stand on a ring of 23 spaces, numbered 0 to 22,
shown under the track: `Bu` Build, `Ca` Canal, `Pu` Purchase, `Eq` Equipment, `Cr`
Crew, `Hi` Hire, `Ex` Exchange, `Su` Subsidy; the lead is in reverse video and `·` is
an empty space. At the start of your turn, the card you chose last time jumps to the
space just ahead of the lead (marked `▾`) and becomes the new lead. With 2 seats it is
the card you chose two turns ago (two of your cubes, `■■`), and one of its cubes goes
onto last turn's card, as in the 2nd edition. The cards never
close up: empty spaces (gaps) open behind cards that nobody picks. If the lead catches
up with the last card, that card and any cards right in front of it move on one space,
so the space ahead of the lead is always free.

**Income.** As before, one guilder for each occupied card ahead of the card you pick.
If no card behind yours holds a cube, you also get the **gap bonus**: one guilder for
every three empty spaces between your card and the next card ahead of it (5 empty
spaces pay 1, 6 pay 2). The track shows it apart, as `gap+1`. No guilders are ever
left lying on cards.

**The countdown.** There is no turn wheel and no reserve of cubes. A lap ends when the
lead lands on space 0; after that turn the countdown marker (shown on the ring line and
the status line) goes down by one. It starts at the number of seats, so every seat
plays 23 regular turns; at 0 the final actions begin. Running out of a ship stack still
ends the game early.

**Contracts.** Each seat gets 3 green and 3 blue contracts. The countdown calls for
discards: with 4 seats, down to 1 + 1 when it reaches 2; with 3 seats, down to 2 + 2 at
2 and 1 + 1 at 1; with 2 seats, down to 1 + 1 at 1. If a ship stack ends the game
first, the missing discards come before the final actions.

**Propellers.** Stokers do not exist: the propeller (`✣Pr`) takes their place. It comes
from the crew ring's fourth sector, the propeller Recruiter and coal at the exchange,
and it sits on the propeller mount (`✣Pr` on a tile) that every stern has. Speed counts
propellers as the 2nd edition counts stokers.

**Other.** A shipyard has 9 cells. Your ship token goes on a port of your first canal
as you place it, as if it had just sailed in there. Engineers are called brown and
traders orange. There is no solo game in the classic rules.
"""
"""A page on the classic rules (CLASSIC.md) in the project's own words, shown in the
help of a classic game."""


class HelpScreen(Dialog[None]):
    """Keys and abbreviations (in a classic game also the classic rules). Any of Esc,
    q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close"),
                Binding("h", "how_to_play", "How to play")]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 90%;
        height: 90%;
        border: round $primary;
        background: $surface;
    }
    """

    def __init__(self, classic: bool = False, catalog: Catalog = CATALOG,
                 solo: bool = False) -> None:
        super().__init__()
        self.classic = classic
        self.catalog = catalog
        """The components of the game's edition, whose contracts and employees it lists."""
        self.solo = solo

    def action_how_to_play(self) -> None:
        """The How to play pages of the game this help is about."""
        from shipyard_tui.games.shipyard.kind import KIND
        from shipyard_tui.games.shipyard.rules import CLASSIC
        from shipyard_tui.ui.screens.how_to_play import HowToPlayScreen, guide_for

        options = Options(rules=CLASSIC if self.classic else "", solo=self.solo)
        self.app.push_screen(HowToPlayScreen(guide_for(KIND, options)))

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            ascii = draws_ascii(self)
            yield Markdown(HELP.replace("CANAL_SHAPES", canal_shapes_help(ascii))
                           .replace("SHIP_TILES", ship_tiles_help(ascii))
                           + (CLASSIC_HELP if self.classic else "")
                           + components_help(self.catalog))

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()


def canal_shapes_help(ascii: bool) -> str:
    """The shapes of the canals as the canal column draws them (box drawing, or ASCII)."""
    shapes = [("WNES", "a crossing"), ("WNE", "a fork"), ("WN", "a bend"), ("WE", "straight")]
    legend = ", ".join(f"`{canal_shape(frozenset(ports), ascii).strip()}` {name}"
                       for ports, name in shapes)
    return legend + (" (`'` goes north, `.` south)" if ascii else "")


def components_help(catalog: Catalog) -> str:
    """What every contract of the edition scores and every employee does, as the board
    abbreviates them: the words come from the rules' own descriptions."""
    lines = ["", "# Contracts", "",
             "Each contract scores at the end of the game (kept ones only); the log and "
             "the review show what yours made.", "",
             "| contract | scores |", "|---|---|"]
    for contract_id, contract in catalog.contracts.items():
        lines.append(f"| {contract.label} {contract.name} | {contract_text(contract_id)} |")
    lines += ["", "# Employees", "", "As the employee track shows them.", "",
              "| employee | colour | does |", "|---|---|---|"]
    seen: set[str] = set()
    for employee in catalog.employees:
        short = employee_short(employee)
        if short in seen:
            continue
        seen.add(short)
        colour = catalog.colour_word(catalog.employees[employee].colour)
        lines.append(f"| {short} | {colour} | {employee_effect(employee)} |")
    return "\n".join(lines) + "\n"
