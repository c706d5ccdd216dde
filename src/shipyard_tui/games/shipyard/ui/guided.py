"""Shipyard's words for the guided first game (issue 34): for each kind of decision,
two short lines on what it is and where on the board to look, shown the first time it
comes up (:meth:`~shipyard_tui.core.game.GameKind.guide_note`).

A kind of decision is the decision step of the rules' turn (:class:`~.rules.Step`),
with the classic ring's choice of a card a kind of its own. Each line fits one row at
80 columns, so that a note takes three rows there under its title (the table lays it
over the seat's line, never over the choices).
"""

from __future__ import annotations

from typing import Any

from shipyard_tui.core.game import GuideNote
from shipyard_tui.games.shipyard.rules import Step


def _note(topic: str, title: str, *lines: str) -> GuideNote:
    return GuideNote(topic, title, lines)


NOTES: dict[str, GuideNote] = {note.topic: note for note in (
    _note("choose", "Choosing an action",
          "Put your cube on one of the action tiles along the top.",
          "Only the tiles you may take are offered; each pays you what is under it."),
    _note("classic-choose", "Choosing a card",
          "Put your cube on a card of the ring; its action is yours this turn.",
          "Each card shows what it pays you now: cubes ahead of it, plus any gap bonus."),
    _note("bonus", "A bonus action",
          "Pay 6 guilders for one more action this turn, or decline.",
          "Any action but the one your cube marks; the Seats panel (5) has your guilders."),
    _note("build", "Building ships",
          "Buy up to three ship tiles from the market; the price is at the row's left.",
          "Bow, middle and stern tiles join in your yard (3); finish when you are done."),
    _note("place", "Placing a tile",
          "Choose the cell of your yard (3) where the new tile goes.",
          "A ship is a bow, 1 to 7 middles and a stern, left to right with no gap."),
    _note("canal-pick", "Renting a canal",
          "Buy one canal from the market's canal column; the price is at the left.",
          "After your first, a canal must meet a port of your canals (4) with a port."),
    _note("canal-place", "Placing a canal",
          "Choose where the canal goes; r turns it a quarter turn.",
          "The Canals panel (4) shows it in place; a port must meet one of yours."),
    _note("purchase", "Purchasing goods",
          "Buy one commodity tile from the goods column of the market.",
          "Its three goods are sold or traded later, at the exchange on the rondels."),
    _note("ring", "Moving a marker",
          "One step on the ring is free, each step after it costs a guilder.",
          "The Rondels panel (2) shows the rings: you take the piece where it stops."),
    _note("hire", "Hiring an employee",
          "Move the employee marker, then hire the top tile of the space it stops on.",
          "The Rondels panel (2) lists each space; the first step is free, then 1 each."),
    _note("exchange-pick", "Exchanging goods",
          "Give up one of your commodity tiles: each of its goods is sold or traded.",
          "The exchange ring on the Rondels panel (2) shows the prices."),
    _note("exchange-good", "One good at a time",
          "Sell this good at the exchange's price, or trade it for a piece.",
          "The Rondels panel (2) shows the prices; every good of the tile is asked."),
    _note("sail-order", "Ships setting sail",
          "Your finished ships sail one after the other: pick the one to go first.",
          "The Yards (3) and Canals (4) panels show each ship and where it can go."),
    _note("load", "Loading a ship",
          "Put pieces aboard: crew in cabins (one captain needs none), gear on mounts.",
          "The Yards panel (3) shows the ship; your pieces are in the Seats panel (5)."),
    _note("speed", "A ship's speed",
          "Your helmsman or rigger may add speed, and you may take less of it.",
          "The cruise runs exactly that many steps: look at your canals (4)."),
    _note("token", "The ship token",
          "Choose the open port of your canals where your ship token starts.",
          "The Canals panel (4) shows your canals; cruises leave from the token."),
    _note("cruise", "The cruise",
          "Pick a route through your canals; each choice says what it scores.",
          "The Canals panel (4) shows the route: officials pay for what it carries."),
    _note("discard", "Discarding contracts",
          "Choose a contract to give up; keep those you can still fulfil.",
          "The Seats panel (5) lists your contracts and what each one asks."),
    _note("final", "The final action",
          "One more action of your choice, any tile, without cubes or a bonus.",
          "The game ends soon: look for a ship or a contract it can finish."),
    _note("last-chance", "The last chance",
          "A ship one tile short may take that tile now; otherwise pass.",
          "The market (1) shows the tiles and their prices; the chance comes once."),
)}
"""Every note, by topic."""

TOPICS: dict[Step, str] = {
    Step.CHOOSE: "choose",
    Step.BONUS_BEFORE: "bonus",
    Step.BONUS_AFTER: "bonus",
    Step.BUILD: "build",
    Step.PLACE: "place",
    Step.CANAL_PICK: "canal-pick",
    Step.CANAL_PLACE: "canal-place",
    Step.PURCHASE: "purchase",
    Step.RING: "ring",
    Step.HIRE: "hire",
    Step.EXCHANGE_PICK: "exchange-pick",
    Step.EXCHANGE_GOOD: "exchange-good",
    Step.SAIL_ORDER: "sail-order",
    Step.LOAD: "load",
    Step.HELMSMAN: "speed",
    Step.RIGGER: "speed",
    Step.TOKEN_START: "token",
    Step.TOKEN_WITH_CANAL: "token",
    Step.CRUISE: "cruise",
    Step.DISCARD: "discard",
    Step.FINAL_CHOOSE: "final",
    Step.LAST_CHANCE: "last-chance",
}
"""The topic of each decision step (the game's end has none)."""


def note_for(game: Any) -> GuideNote | None:
    """The note for the decision of the seat to move in ``game`` (a game, or a server
    seat's view of one: both have the state and the configuration)."""
    step = game.state.turn.step
    topic = TOPICS.get(step)
    if topic == "choose" and game.config.classic:
        topic = "classic-choose"
    return None if topic is None else NOTES[topic]
