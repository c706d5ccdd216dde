"""The help screen: the keys, and what the board's abbreviations mean."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
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
| [ ] | show the previous / next seat's canals |
| space | let a bot move now |
| H (shift+h) | hint: what the strong bot would do now, with its expected score and the runner-up |
| Ctrl+P | the command palette |
| ? or F1 | this help |
| q | leave the game (it is kept) |

The mouse works too: click a choice to select it, click again to confirm.

# The board

**Action track.** Tiles from the lead (▸) on the left. Under each tile: the cubes on it
(each seat has a colour and a shape: ■ ▲ ● ◆) and any guilders lying there; below, what
choosing it pays you now (`+2`), or `taken` / `lead`.

**Ship tiles.** `Mst` mast mount (sail or smokestack) · `Cnn` cannon mount ·
`Crn` crane mount · `Cab` cabin · `Sto` stoker cabin · `Buo` lifebuoy ·
`Bot` lifeboat · `Lan` lantern. Prices are on the left of each display row; the
underlined tiles are the ones you may buy now.

**Canals.** Water is `≈≈`; officials are `Mi` military, `Co` commerce, `La` lantern,
`Bo` lifeboat, `Bu` lifebuoy, and `BR` the Blue Riband. The ship token shows your shape
and an arrow pointing the way it is going. While you place a canal the highlighted choice
shows as a ghost; before a cruise the highlighted path shows its step numbers. In the
canal column, `┼ ┴ └ ─ …` draw the tile's water as printed.

**Pieces.** `Smk` smokestack · `Sai` sail · `Cnn` cannon · `Crn` crane · `Cpt`
captain · `Bus` businessman · `Sol` soldier · `Stk` stoker.

**Rondels.** The marker is in reverse video; the digit after each sector (and the
cost column of the employee track) is what reaching it costs you now, in guilders. A
`²` marks a stack of two identical employees. The exchange shows the marker's prices
in reverse and the next exchange's prices underlined.

Completing a ship: you load pieces one at a time (a suggested load is offered first),
then choose where the cruise goes; every path is listed with its points, best first.
A ship without a captain, or whose speed no cruise of your canals can match, is
dismantled: the choices warn you before that happens.
"""


class HelpScreen(ModalScreen[None]):
    """Keys and abbreviations. Any of Esc, q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close")]

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

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(HELP)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
