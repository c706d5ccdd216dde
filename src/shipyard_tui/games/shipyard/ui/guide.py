"""Shipyard's "How to play" pages: the 2nd edition, the classic rules and the solo game,
in the project's own words (RULINGS.md, CLASSIC.md are the rulings behind them)."""

from __future__ import annotations

from shipyard_tui.core.game import DEFAULT_OPTIONS, Options, Page
from shipyard_tui.games.shipyard.rules import CLASSIC
from shipyard_tui.games.shipyard.ui import guide_art as art

GUIDES = (("Shipyard", DEFAULT_OPTIONS), ("Shipyard classic", Options(rules=CLASSIC)),
          ("Shipyard solo", Options(solo=True)))
"""The page sets offered: the 2nd edition, the classic rules, the solo game."""

GOAL = """\
[b]Build ships and send them to sea.[/b] In your shipyard you lay ship tiles side by \
side, a bow, some middles and a stern; you equip and crew the finished ship, and it \
sails at once on a cruise through the canals you have rented.

Every ship that sails scores: for its crew and guns, its speed and what it meets on \
its cruise. At the end your secret government contracts score too.

[b]The most points wins.[/b] A tie goes to whoever has more guilders left."""

SOLO_GOAL = """\
[b]Build ships and send them to sea, alone against the clock.[/b] You play the \
2nd-edition rules against two automa, Automa A and Automa B: they score nothing, they \
take tiles and spaces away from you and push the game on.

Your ships score as in a game with people: crew and guns, speed, the cruise, and your \
contracts at the end. [b]Your total is rated[/b] (the last page says how)."""

TURN = """\
The [b]action track[/b] is a row of action tiles; the one on the left is the \
[b]lead[/b]. Your turn, in order:

[b]1. Move up.[/b] The tile with your cube from last time goes to the lead.
[b]2. Choose.[/b] Put your cube on a tile that is free and not the lead.
[b]3. Income.[/b] One guilder for each occupied tile ahead of yours.
[b]4. Act.[/b] Do the action: build ship tiles, rent a canal, buy a commodity, \
turn the equipment or crew rondel, hire an employee, exchange commodities (with \
4 seats also a subsidy). Once a turn you may pay 6 guilders for a second, \
different action.
[b]5. Sail.[/b] Every ship you finished this turn sails now.

With 2 seats each of you has three cubes, and the tile that moves up is the one you \
chose two turns ago."""

CLASSIC_TURN = """\
The classic rules put the action cards on a [b]ring of 23 numbered spaces[/b]. Your turn:

[b]1. Move up.[/b] The card you chose last time jumps to the space just ahead of the \
lead, and becomes the lead. The cards never close up: gaps open behind cards nobody \
picks.
[b]2. Choose.[/b] A free card that is not the lead.
[b]3. Income.[/b] One guilder for each occupied card ahead of yours, and, if no cube \
stands on any card behind yours, the [b]gap bonus[/b]: a guilder for every three empty \
spaces before the next card ahead.
[b]4. Act[/b] and [b]5. Sail[/b] as in the 2nd edition (the bonus action too).

There are no stokers: [b]propellers[/b] take their place, one on every stern."""

SHIPS = """\
A ship is a run of tiles in your yard: [b]a bow, one or more middles, a stern[/b]. \
Tiles never move once placed. When the last tile goes in, the ship is finished: you \
put your pieces on it, each on a mount or in a cabin that fits it.

Its [b]speed[/b] comes from smokestacks, {engines} and sails (the rondels give them). \
A ship sails a cruise of [b]exactly[/b] its speed, step by step through your canals: \
the cruises offered are the ones that fit, best first.

[b]A ship without a captain, or whose speed no cruise of your canals can match, \
is dismantled[/b] and scores nothing. The game warns you before that happens."""

CRUISE = """\
Your [b]canals[/b] are square tiles you rent and lay side by side; water runs on where \
two tiles' ports meet. Your [b]ship token[/b] sails through them: one space a step, \
[b]exactly as many steps as the ship's speed[/b], never back into a tile it has left. \
At a fork you choose the way.

The canal the token leaves is used up, and canals no longer joined to the token's go \
too: keep renting canals ahead of your ships. The token waits where it stopped for \
the next ship."""

POINTS = """\
A ship that sails scores its [b]crew[/b], its [b]cannons and cranes[/b] and its \
[b]speed[/b]; then the [b]cruise[/b]: each official it passes pays for what the \
ship carries (the military one for soldiers and cannons, the commerce one for \
businessmen and cranes, the others for lanterns, lifeboats and lifebuoys), and the \
Blue Riband pays the steps taken so far.

At the end each [b]contract[/b] you kept scores what it says, and [b]traders[/b] \
score 1 point (level 1) or 3 (level 2). The help (?) lists every contract."""

END = """\
[b]The clock.[/b] A turn wheel moves on at every turn; each time it comes round, a \
cube leaves the reserve. When it comes round with the reserve empty, the regular \
turns end once everyone has had as many. Revealing the last tile of a bow, middle \
or stern stack ends them the same way.

[b]Contracts.[/b] You start with two red and two blue. Partway through (when the \
reserve loses its 4th cube; with 2 seats its 2nd) everyone discards down to [b]one \
red and one blue[/b].

[b]Final action.[/b] Then each seat, from the starting seat, does one action of its \
choice, cubes and lead ignored, no bonus action.
[b]Last chance.[/b] A seat whose ship lacks one tile may buy that tile and sail it.
Then contracts and traders score."""

CLASSIC_END = """\
[b]The countdown.[/b] There is no wheel and no reserve: each time the lead lands on \
space 0 a lap ends and the countdown goes down by one. It starts at the number of \
seats, so everyone plays 23 regular turns. A ship stack running out still ends the \
game early.

[b]Contracts.[/b] Three green and three blue; the countdown calls for discards until \
everyone keeps [b]one green and one blue[/b].

[b]Final action[/b] and [b]last chance[/b] as in the 2nd edition: one action each, \
then one missing tile bought to finish a ship. Then contracts and traders score."""

AUTOMA = """\
Each automa sits at the table like a player, with a cube, but it never decides. On \
its turn its last tile moves up to the lead as usual; then a [b]solo tile[/b] is \
flipped from a face-down stack and names an action tile. If that tile is taken or \
the lead, the next is flipped.

The automa does [b]not[/b] do the action: it [b]gets in your way[/b]. The number on \
the back of the next solo tile says how far: it turns a rondel that far, or removes \
the lowest tile or whole ship row of that price from the market.

Automa take no income and no bonus action, and sit out the final action and the \
last chance. The table shows their turns one by one."""

RATING = """\
Alone, there is no one to beat: your final score earns a [b]rating[/b], shown on the \
result screen and in the list of finished games, by the scale below (the one \
the result screen rates by)."""


def pages(options: Options = DEFAULT_OPTIONS) -> list[Page]:
    """The pages for a game under ``options`` (a rule book, the solo game)."""
    if options.rules == CLASSIC:
        return [Page("Goal", GOAL),
                Page("A turn", CLASSIC_TURN, art.ring),
                Page("Ships", SHIPS.format(engines="propellers"),
                     lambda ascii: art.ship(ascii, classic=True)),
                Page("Cruise", CRUISE, art.cruise),
                Page("Points", POINTS, art.points),
                Page("The end", CLASSIC_END, lambda ascii: art.game_end(ascii, classic=True))]
    solo = options.solo
    shown = [Page("Goal", SOLO_GOAL if solo else GOAL),
             Page("A turn", TURN, art.action_track),
             Page("Ships", SHIPS.format(engines="stokers"), art.ship),
             Page("Cruise", CRUISE, art.cruise),
             Page("Points", POINTS, art.points),
             Page("The end", END, art.game_end)]
    if solo:
        shown += [Page("Automa", AUTOMA, art.automa), Page("Rating", RATING, art.ratings)]
    return shown
