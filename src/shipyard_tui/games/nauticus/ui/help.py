"""Help for the Nauticus table: the keys, how to read the board, and the rules of
Nauticus in the project's own words (NAUTICUS.md is the ruling behind them)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog

HELP = """\
Esc, q or ? closes this help. h opens How to play: the goal, a round, the end.

# Nauticus: keys

| key | does |
|---|---|
| up/down or a letter | select among the choices |
| Enter | play the selected choice |
| u | take back your last move of this decision (not across a shuffle) |
| r | the next part of the table (wheel, each seat, supply) where one is shown at a time |
| v | the review, once the game is over |
| PageUp PageDown | scroll the log |
| H (shift+h) | hint: the strong bot's action tile and runner-up; in a go, the move it plays |
| space | let a bot move now instead of waiting for it |
| Ctrl+S | keep the game under a name (it is autosaved after every move anyway) |
| ? or F1 | this help |
| h (in this help) | How to play: the game in a few pages, for a newcomer |
| q | leave the table (the game is kept) |

# Reading the table

**Where things are.** At 80x24 the board shows one part at a time: the wheel when a
tile is chosen, your yard and warehouse when you place tiles; `r` shows the next part,
and the bar under the board names them all. From 120x35 the wheel stands beside a seat;
from 160x50 the whole table is shown, with the choices in a column at the right.

**Wheel.** The eight board fields around the wheel, clockwise from field 0 at the top
left, with the round and the phase in the middle. A field shows the action tile lying
on it and the letter that chooses it (`done` once it was played this round, `▶` on the
tile of this phase), the bonus for the seat that chooses it (`+2 VP`), the blue workers
the wheel gives it this round (`●●`, or `anchor` where the wheel's anchor section faces
it), on a buying tile the price of each of its four items (`bow 1`), and in its corner
the field's number, with `⚑` where the anchor tile lies (the wheel turns to it for the
next round).

**Seats.** Name, VP, coins, workers, the pass tiles (`-3 -2 -1` face up, `★` turned
over), crowns and the extra-action tile. The yard draws each build as a ship, numbered
as the choices number them: sails (`▲`) over masts (`┃`) over the hull tiles (`◀ bow`,
`centre`, `stern ▶`, `◀single▶`), the good under each tile (`·` for none). The
warehouse shows its 12 spaces, a mast filling two. Crests: `W` whale, `B` boat, `H`
helm, `T` trident, `★` crown.

**Supply.** What is left in each of the 18 open stacks.

# The rules in short

**Aim.** Build ships of hulls, masts and sails, deliver goods on them, collect crowns,
and have the most VP after 5 rounds (4 with two seats). Everyone starts with 4 workers,
15 coins and 10 VP; later seats get a little compensation.

**A round** has 7 phases. In each, the chooser picks a face-up action tile and takes
that field's bonus. Then every seat, the chooser first, either performs that action
or passes. The tile is turned face down and the chooser's marker moves on. The eighth
tile is not played that round.

**Performing** costs one worker per use. The tile's blue workers are spent first, by
every performing seat in turn, and are never kept. Buying tiles (hulls, masts, sails,
goods) cost coins too: the first copy of an item its field's price digit, every
further copy 4. Buying all four items of a tile in one go earns a fifth, free. A tile
paid for with coins may go straight into the yard; anything got for free goes to the
warehouse (12 spaces, a mast takes 2). Transport moves tiles from the warehouse into the
yard, one per use; Withdraw gives 2 coins a use; Deliver empties a complete, fully
loaded ship of its goods, one use per good; Crown evaluation scores your crowns per use,
at most 15 VP each time it is performed (once a round, and once more with the extra
action).

**Ships.** A single hull is a ship of size 1; otherwise a bow, up to two centres and a
stern. Each hull tile takes a mast and each mast a sail; regular crests on one ship must
all match, crowns fit anywhere. A ship whose hull is finished and whose every hull tile
carries a mast with a sail is complete: take one reward per mast (crown mast, crown
sail, 3 VP, 7 coins, 3 workers, or two different goods; each at most twice a ship).

**Passing** turns your largest face-up pass tile to its crown side. At the end of the
round you lose the penalties still face up: 6 if you never passed, 3 after one pass,
1 after two, none after three.

**Extra action.** Once a game, during your own go, take 2 workers and perform any of
the 8 actions (first copies cost 2 there), without bonus or blue workers.

**The end.** Delivered goods score per kind (1: 2 VP, 2: 5, 3: 9, 4: 14, 5: 20, +5 per
further good); complete ships 2 / 8 / 20 / 35 VP by size; leftovers count as coins, 3 for 1 VP:
workers and coins held, warehouse tiles, yard tiles outside complete ships, and goods
still loaded on any ship, complete or not. Ties go to the larger
remainder of those leftovers, then the larger total.
"""


class NauticusHelpScreen(Dialog[None]):
    """Keys, the board and the rules. Any of Esc, q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close"),
                Binding("h", "how_to_play", "How to play")]

    DEFAULT_CSS = """
    NauticusHelpScreen {
        align: center middle;
    }
    NauticusHelpScreen > VerticalScroll {
        width: 90%;
        height: 90%;
        border: round $primary;
        background: $surface;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(HELP)

    def action_how_to_play(self) -> None:
        """Nauticus's How to play pages."""
        from shipyard_tui.games.nauticus.kind import KIND
        from shipyard_tui.ui.screens.how_to_play import HowToPlayScreen, guide_for

        self.app.push_screen(HowToPlayScreen(guide_for(KIND)))

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
