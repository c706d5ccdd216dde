"""Words for players: moves, events, tiles and contracts described in plain text.

Nothing here changes the game; the interface, the log and the command line share
these texts so the same thing is always called the same.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shipyard_tui.games.shipyard.rules import CATALOG, Action, Event, GameState, Move
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules import query as q
from shipyard_tui.games.shipyard.rules.query import (
    CONTRACT_RULES,
    IRREGULAR_PLURALS,
    CanalSystem,
    EmployeeKind,
    commodity_goods,
    cruise_options,
    current_speed,
    face,
    income,
    sale_price,
    score_contract,
    ship_speed,
    slot_price,
    track_index,
)

FEATURE_ABBREV = {
    "mast": "Mst",
    "cannon": "Cnn",
    "crane": "Crn",
    "cabin": "Cab",
    "boiler": "Sto",
    "prop": "✣Pr",
    "buoy": "Buo",
    "boat": "Bot",
    "lantern": "Lan",
}
"""Three-letter names of ship tile features, used wherever space is short."""

FEATURE_NAMES = {
    "mast": "mast mount",
    "cannon": "cannon mount",
    "crane": "crane mount",
    "cabin": "cabin",
    "boiler": "stoker cabin",
    "prop": "propeller mount",
    "buoy": "lifebuoy",
    "boat": "lifeboat",
    "lantern": "lantern",
}

ICON_ABBREV = {"mil": "Mi", "com": "Co", "lantern": "La", "boat": "Bo", "buoy": "Bu",
               "riband": "BR"}
ICON_NAMES = {"mil": "military official", "com": "commerce official",
              "lantern": "lantern official", "boat": "lifeboat official",
              "buoy": "lifebuoy official", "riband": "Blue Riband"}

NOT_COMPLETING = "completes no ship (the last chance only places tiles that do)"
"""Why a yard cell is refused at the last chance (R-10.3): the tile would complete no ship."""

PIECE_ABBREV = {
    "smokestack": "Smk",
    "sail": "Sai",
    "cannon": "Cnn",
    "crane": "Crn",
    "captain": "Cpt",
    "businessman": "Bus",
    "soldier": "Sol",
    "stoker": "Stk",
    "propeller": "✣Pr",
}

GOOD_ABBREV = {"coal": "Coa", "cloth": "Clo", "steel": "Stl"}

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west", "C": "centre"}
ROTATION_NAMES = {0: "as printed", 1: "turned right", 2: "turned around", 3: "turned left"}
COLUMN_NAMES = ("bow", "middle", "middle", "stern")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, singular or plural: ``plural(2, "businessman")`` is "2
    businessmen"."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or IRREGULAR_PLURALS.get(word, word + 's')}"


def guilders(n: int) -> str:
    return plural(n, "guilder")


def price_text(n: int) -> str:
    """A price: ``free`` for nothing, else the guilders."""
    return "free" if n == 0 else guilders(n)


def tile_features(tile_id: str) -> str:
    """A ship tile's features as three-letter names, e.g. ``Mst Cab``."""
    tile = CATALOG.ship(tile_id)
    if tile.is_blank:
        return "blank"
    return " ".join(FEATURE_ABBREV[f.value] for f in tile.features)


def tile_title(tile_id: str) -> str:
    tile = CATALOG.ship(tile_id)
    names = ", ".join(FEATURE_NAMES[f.value] for f in tile.features) or "no features"
    return f"{tile.kind.value} ({names})"


def goods_text(tile_id: str) -> str:
    return " ".join(g.value for g in commodity_goods(tile_id))


def held_goods(view: GameState, seat: int, *, short: bool = False) -> str:
    """The goods of a seat's commodity tiles, ``|`` between tiles (``,`` when
    ``short``, each good in three letters), then those of the tile it gave up to the
    exchange that are still to be sold or traded (R-4.7): "none" was said of them
    (issue 35 item 12); "" when it holds none."""
    def words(goods: list[str]) -> str:
        return " ".join(GOOD_ABBREV[g] if short else g for g in goods)

    tiles = [words(goods_text(t).split()) for t in view.seats[seat].commodities]
    out = (", " if short else " | ").join(tiles)
    left = q.goods_at_exchange(view) if view.turn.seat == seat else ()
    if left:
        at = f"at the exchange: {words([g.value for g in left])}"
        out = f"{out}{', ' if short else ' | '}{at}" if out else at
    return out


def employee_title(employee: str) -> str:
    return CATALOG.employees[employee].title


def employee_colour(employee: str, state: GameState | None = None) -> str:
    """The tile's colour in words (contracts count colours: R3, R4, R6), as the game's
    edition names it (classic: brown engineers, orange traders, RC-13.3)."""
    colour = CATALOG.employees[employee].colour
    return colour.value if state is None else q.catalog_of(state).colour_word(colour)


def employee_effect(employee: str) -> str:
    """What an employee does, in a short sentence."""
    emp = CATALOG.employees[employee]
    if emp.kind is EmployeeKind.ENGINEER:
        return f"an extra {emp.piece} on every Manufacture Equipment"
    if emp.kind is EmployeeKind.RECRUITER:
        return f"an extra {emp.piece} on every Recruit Crew"
    if emp.kind is EmployeeKind.TRADER:
        points = q.trader_points([employee])
        need = "" if emp.level == 1 else f"; needs the level-1 {emp.good} trader"
        return f"+1 guilder per {emp.good} sold; {plural(points, 'point')} at the end{need}"
    if emp.kind is EmployeeKind.BUILDER:
        assert emp.piece is not None
        return f"up to {plural(emp.extra, emp.piece.value)} per ship without a cabin or mount"
    if emp.kind is EmployeeKind.HELMSMAN:
        return "+1 speed for every ship, if you want it"
    if emp.kind is EmployeeKind.RIGGER:
        return "up to +1 speed per pair of sails, as you choose"
    if emp.kind is EmployeeKind.ACCOUNTANT:
        return f"{q.ACCOUNTANT_FREE} paid steps free on the equipment and crew rings"
    return f"{q.FOREMAN_FREE} paid steps free on the employee track"


def contract_text(contract_id: str) -> str:
    """What a contract scores, in a line (COMPONENTS §5): the contract describes itself."""
    c = CATALOG.contracts[contract_id]
    rule = CONTRACT_RULES.get(c.rule)
    return c.name if rule is None else rule.describe(c)


def contract_title(contract_id: str) -> str:
    if contract_id.startswith("hidden"):
        colour = contract_id.split(":")[-1]
        return f"a {colour} contract"
    c = CATALOG.contracts[contract_id]
    return f"{c.label} {c.name}"


def contract_label(contract_id: str) -> str:
    """The number printed on a contract (the classic B11p is B11 on its tile)."""
    if contract_id.startswith("hidden"):
        return contract_title(contract_id)
    return CATALOG.contracts[contract_id].label


def space_name(text: str, system: CanalSystem) -> str:
    """A space of a seat's canals as its canal map shows it: "the north end of K4", "the
    middle of T1" (the map writes each tile's id in its corner)."""
    x, y, cell = text.split(",")
    where = "the middle" if cell == "C" else f"the {DIRECTION_NAMES[cell]} end"
    tile = system.tiles.get((int(x), int(y)))
    return f"{where} of {tile.canal if tile else f'the canal at ({x},{y})'}"


SIDE_OF_THE_NEIGHBOUR = {"N": "south", "E": "west", "S": "north", "W": "east"}
"""Where a new canal lies from the tile its port joins: its north port meets a tile to
its north, so it lies south of that tile."""


def canal_water(canal: str, rotation: int) -> str:
    """Where a canal's water meets its edges once turned, in words (R-8.2): "water from
    north to east", "water to north, east and south", "water to all four sides". A
    play-test could not tell the ways in and out from the small drawing (issue 35 item
    6)."""
    sides = [DIRECTION_NAMES[d] for d in ("N", "E", "S", "W") if d in face(canal, rotation).ports]
    if len(sides) == 2:
        return f"water from {sides[0]} to {sides[1]}"
    if len(sides) == 4:
        return "water to all four sides"
    return f"water to {', '.join(sides[:-1])} and {sides[-1]}"


def canal_spot(state: GameState, move: mv.PlaceCanal) -> str | None:
    """Where a canal being placed goes, by the tiles of the map it joins (R-8.2): "north
    of K1", "north of K1 and west of S6"; None for the first tile of a system, which
    joins none."""
    system = CanalSystem(state.seats[state.turn.seat].canals)
    joins = system.joins(state.turn.canal or "", move.x, move.y, move.rotation)
    if not joins:
        return None
    return " and ".join(f"{SIDE_OF_THE_NEIGHBOUR[port]} of {system.tiles[pos].canal}"
                        for port, pos in joins)


def cruise_ends(state: GameState) -> dict[mv.Cruise, str]:
    """Where each cruise of the ship being sailed ends, in the canal map's words (R-9.7).
    Two paths that end on the same space also say the tiles they pass through, which
    is what sets them apart (a path never re-enters a tile)."""
    options = [move for move, _parts in cruise_options(state)]
    system = CanalSystem(state.seats[state.turn.seat].canals)
    return dict(zip(options, path_ends([m.path for m in options], system), strict=True))


def path_ends(paths: list[tuple[str, ...]], system: CanalSystem) -> list[str]:
    """Where each path ends (see :func:`cruise_ends`)."""
    ends = [space_name(path[-1], system) for path in paths]
    shared = {end for end, n in Counter(ends).items() if n > 1}
    return [f"{end} via {_tiles_between(path, system)}" if end in shared else end
            for path, end in zip(paths, ends, strict=True)]


def _tiles_between(path: tuple[str, ...], system: CanalSystem) -> str:
    """The tiles a path passes through after its first and before its last."""
    positions: list[tuple[int, int]] = []
    for space in path:
        x, y, _cell = space.split(",")
        if not positions or positions[-1] != (int(x), int(y)):
            positions.append((int(x), int(y)))
    between = [system.tiles[pos].canal for pos in positions[1:-1] if pos in system.tiles]
    return ", ".join(between) or "no other tile"


# -- moves ---------------------------------------------------------------------


def describe_move(state: GameState, move: Move) -> str:
    """A move as the seat to play it would say it, with its cost or gain."""
    seat = state.seats[state.turn.seat]
    turn = state.turn
    if isinstance(move, mv.Choose):
        pays = income(state, track_index(state, move.action))
        gain = f" (you get {guilders(pays)})" if pays else ""
        return f"{move.action.label}{gain}"
    if isinstance(move, mv.Bonus):
        return f"Bonus action: {move.action.label} (you pay {guilders(q.BONUS_COST)})"
    if isinstance(move, mv.Proceed):
        assert turn.chosen is not None
        return f"No bonus first: go on to {turn.chosen.label}"
    if isinstance(move, mv.DeclineBonus):
        assert turn.chosen is not None
        return f"No bonus action this turn: go on to {turn.chosen.label}"
    if isinstance(move, mv.NoBonus):
        return "No bonus action: end the turn's actions"
    if isinstance(move, mv.NoLastTile):
        return "Pass"
    if isinstance(move, mv.Buy):
        tile = state.market.ships[move.column][move.row]
        assert tile is not None
        cost = price_text(slot_price(move.row))
        return f"Buy {COLUMN_NAMES[move.column]} {tile_features(tile)} ({cost})"
    if isinstance(move, mv.BuyBlank):
        return f"Take a blank {move.kind.value} (none left; free)"
    if isinstance(move, mv.Place):
        return f"Place it in cell {move.cell}"
    if isinstance(move, mv.EndBuild):
        return "Finish building"
    if isinstance(move, mv.TakeCanal):
        canal = state.market.canals[move.slot]
        return f"Rent canal {canal} ({price_text(slot_price(move.slot))})"
    if isinstance(move, mv.PlaceCanal):
        spot = canal_spot(state, move)
        water = canal_water(state.turn.canal or "", move.rotation) if state.turn.canal else ""
        turned = ROTATION_NAMES[move.rotation] + (f": {water}" if water else "")
        if spot is None:  # the first tile: nothing to join, so only the turn counts
            return f"Place it {turned}"
        return f"Place it {spot}, {turned}"
    if isinstance(move, mv.BuyCommodity):
        tile = state.market.commodities[move.slot]
        assert tile is not None
        return f"Buy {goods_text(tile)} ({price_text(slot_price(move.slot))})"
    if isinstance(move, mv.MarkerStep):
        return _describe_step(state)
    if isinstance(move, mv.Take):
        return _describe_take(state)
    if isinstance(move, mv.Hire):
        employee = state.employee_track[state.employee_marker][move.slot][-1]
        surcharge = CATALOG.employees[employee].surcharge
        extra = f", you pay {guilders(surcharge)} more" if surcharge else ""
        return f"Hire {employee_title(employee)} ({employee_colour(employee, state)}{extra})"
    if isinstance(move, mv.Exchange):
        return f"Give up {goods_text(move.tile)}"
    if isinstance(move, mv.Sell):
        good = q.exchange_good(state)
        assert good is not None
        base, bonus = sale_price(state, seat, good)
        return f"Sell {good.value} for {guilders(base + bonus)}"
    if isinstance(move, mv.Trade):
        good = q.exchange_good(state)
        assert good is not None
        return f"Trade {good.value} for a {move.piece.value}"
    if isinstance(move, mv.SailFirst):
        cells = next(c for c in turn.ships if c[0] == move.cell)
        return f"Sail the ship in cells {cells[0]}–{cells[-1]} first"
    if isinstance(move, mv.Load):
        return f"Load a {move.piece.value}"
    if isinstance(move, mv.EndLoad):
        return f"Done loading (speed {current_speed(state)})"
    if isinstance(move, mv.Helmsman):
        speed = ship_speed(turn.load, seat.employees, 0, bool(move.use)).total
        verb = "Use the Helmsman +1" if move.use else "Decline the Helmsman"
        return f"{verb} (speed {speed} before any Rigger bonus)"
    if isinstance(move, mv.Rigger):
        speed = ship_speed(turn.load, seat.employees, move.bonus, turn.helmsman).total
        return f"Rigger +{move.bonus} (speed {speed})"
    if isinstance(move, mv.StartToken):
        start = space_name(f"{move.x},{move.y},{move.cell}", CanalSystem(seat.canals))
        return f"Start the token at {start}"
    if isinstance(move, mv.Cruise):
        return describe_cruise(state, move)
    if isinstance(move, mv.Discard):
        c = CATALOG.contracts[move.contract]
        now = score_contract(move.contract, seat.fleet, seat.employees, seat.used_canals)
        return (f"Discard {c.colour.value} {contract_title(move.contract)} "
                f"(worth {now.points} now: {contract_text(move.contract)})")
    if isinstance(move, mv.Final):
        return f"Final action: {move.action.label}"
    return str(move)


def describe_cruise(state: GameState, move: mv.Cruise) -> str:
    for option, parts in cruise_options(state):
        if option == move:
            scored = ", ".join(f"{k} {v}" for k, v in parts.items() if v)
            total = sum(parts.values())
            end = cruise_ends(state)[move]
            return f"{plural(total, 'point')} ending at {end}" + (f" ({scored})" if scored else "")
    return str(move)


def _describe_step(state: GameState) -> str:
    action = state.turn.action
    assert action is not None
    nxt, cost = q.next_marker_step(state)
    if action is Action.HIRE:
        where = f"space {nxt}"
    else:
        ring = q.catalog_of(state).equipment_ring if action is Action.EQUIPMENT \
            else q.catalog_of(state).crew_ring
        where = ring[nxt].value
    return f"Move the marker on to {where} ({price_text(cost)})"


def _describe_take(state: GameState) -> str:
    marked, helpers, _gained = q.taken_pieces(state)
    extras = [CATALOG.employees[e].piece for e in helpers]
    more = "".join(f" + {p}" for p in extras if p is not None)
    return f"Take {marked.value}{more}"


# -- events ----------------------------------------------------------------------


def round_of(turn_number: int, seats: int) -> int:
    """The round a game turn falls in (each seat has one turn a round), as the status
    line, the log and the Key moments count them."""
    return (turn_number - 1) // seats + 1


def describe_event(names: list[str], event: Event) -> str | None:
    """One log line for an event, or ``None`` for events the log leaves out."""
    def who(seat: int) -> str:
        return names[seat]

    e = event
    if isinstance(e, ev.TurnStarted):
        label = {"first": "first turn", "regular": "turn", "final": "final action",
                 "last_chance": "last chance"}[e.kind]
        return f"— {who(e.seat)}: {label} (round {round_of(e.turn, len(names))})"
    if isinstance(e, ev.TileAdvanced):
        return f"{who(e.seat)} moves {Action(e.action).label} to the lead"
    if isinstance(e, ev.CubePlaced):
        return f"{who(e.seat)} chooses {Action(e.action).label}"
    if isinstance(e, ev.IncomePaid):
        if not e.amount:
            return None
        gap = f", {e.gap_bonus} of it the gap bonus" if e.gap_bonus else ""
        return f"{who(e.seat)} takes {guilders(e.amount)} income{gap}"
    if isinstance(e, ev.CardMoved):
        pushed = ""
        if e.pushed:
            cards = ", ".join(Action(a).label for a, _, _ in e.pushed)
            pushed = f"; pushed one space on: {cards}"
        lap = "; a lap is complete" if e.lap else ""
        return f"{Action(e.action).label} moves to ring space {e.to_space}{pushed}{lap}"
    if isinstance(e, ev.LapCompleted):
        if e.countdown == 0:
            return "The countdown reaches 0: the regular turns are over"
        return f"The countdown moves down to {e.countdown}"
    if isinstance(e, ev.BonusPaid):
        return f"{who(e.seat)} pays {e.cost} for a bonus action: {Action(e.action).label}"
    if isinstance(e, ev.ActionForfeited):
        return f"{who(e.seat)} cannot perform {Action(e.action).label}: {e.reason}"
    if isinstance(e, ev.ShipTileBought):
        return f"{who(e.seat)} buys a {e.kind} {tile_features(e.tile)} ({price_text(e.price)})"
    if isinstance(e, ev.ShipTilePlaced):
        return f"{who(e.seat)} places it in cell {e.cell}"
    if isinstance(e, ev.EndTriggered):
        why = ("the last reserve cube is gone" if e.reason == "countdown"
               else "the last tile of a ship stack is revealed")
        return f"The end is near: {why}. Turns go on until everyone has had as many."
    if isinstance(e, ev.CanalRented):
        return f"{who(e.seat)} rents canal {e.canal} ({guilders(e.price)})"
    if isinstance(e, ev.CanalPlaced):
        return f"{who(e.seat)} places canal {e.canal} at ({e.x},{e.y})"
    if isinstance(e, ev.CommodityBought):
        return f"{who(e.seat)} buys {' '.join(e.goods)} ({guilders(e.price)})"
    if isinstance(e, ev.MarkerMoved):
        if e.paid:
            return f"{who(e.seat)} pays {guilders(e.paid)} to move the {e.ring} marker"
        return None
    if isinstance(e, ev.PiecesTaken):
        got = ", ".join(f"{n} {p}" for p, n in e.pieces.items())
        return f"{who(e.seat)} takes {got}"
    if isinstance(e, ev.EmployeeHired):
        return f"{who(e.seat)} hires {employee_title(e.employee)}"
    if isinstance(e, ev.CommodityGivenUp):
        return f"{who(e.seat)} exchanges {' '.join(e.goods)}"
    if isinstance(e, ev.GoodSold):
        return f"{who(e.seat)} sells {e.good} for {guilders(e.price + e.trader_bonus)}"
    if isinstance(e, ev.GoodTraded):
        return f"{who(e.seat)} trades {e.good} for a {e.piece}"
    if isinstance(e, ev.SubsidyReceived):
        return f"{who(e.seat)} receives a subsidy of {guilders(e.amount)}"
    if isinstance(e, ev.ShipCompleted):
        return f"{who(e.seat)} completes a ship of {plural(len(e.cells), 'tile')}"
    if isinstance(e, ev.ShipDismantled):
        return f"{who(e.seat)}'s ship is dismantled: {e.reason}"
    if isinstance(e, ev.ShipSailed):
        return (f"{who(e.seat)}'s ship sails at speed {e.speed} for "
                f"{plural(e.total, 'point')} (score {e.score})")
    if isinstance(e, ev.CanalsRemoved):
        parts = []
        if e.used:
            parts.append(f"{plural(len(e.used), 'used canal')}")
        if e.discarded:
            parts.append(f"{plural(len(e.discarded), 'canal')} out of reach discarded")
        return f"{who(e.seat)}: " + ", ".join(parts)
    if isinstance(e, ev.DeckRebuilt):
        return f"The {e.deck} deck is reshuffled ({e.count} tiles)"
    if isinstance(e, ev.RotationCompleted):
        extra = f"; a guilder goes on {Action(e.guilder_on).label}" if e.guilder_on else ""
        return f"The wheel completes a turn: {plural(e.reserve, 'reserve cube')} left{extra}"
    if isinstance(e, ev.DiscardRequired):
        return f"Contracts: keep {e.keep} of each colour"
    if isinstance(e, ev.ContractDiscarded):
        what = contract_title(e.contract) if e.contract else f"a {e.colour} contract"
        return f"{who(e.seat)} discards {what}"
    if isinstance(e, ev.StageStarted):
        return {"final": "Final actions: one free action each",
                "last_chance": "Last chance: one tile to complete a ship"}.get(e.stage)
    if isinstance(e, ev.ContractScored):
        return f"{who(e.seat)} reveals {e.contract} {e.name}: {e.detail} → {e.points}"
    if isinstance(e, ev.TradersScored):
        if not e.points:
            return None
        return f"{who(e.seat)}'s traders score {e.points}"
    if isinstance(e, ev.GameEnded):
        winners = " and ".join(names[i] for i in e.winners)
        return f"Game over. {'Winners' if len(e.winners) > 1 else 'Winner'}: {winners}"
    if isinstance(e, ev.SoloTileFlipped):
        if e.used:
            return f"{who(e.seat)} flips {Action(e.action).label}"
        return f"{who(e.seat)} flips {Action(e.action).label}, but {e.reason}; flips again"
    if isinstance(e, ev.AutomaActed):
        if e.effect.startswith("removed "):
            return None  # the DisplayRemoved line names the tiles themselves
        # the rules' "the Exchange rule (always 1)" inside the line's own brackets read
        # as "(... (always 1))"
        source = e.n_source.replace(" (always 1)", ", which is always 1")
        return f"{who(e.seat)} {e.effect} (n = {e.n} from {source})"
    if isinstance(e, ev.DisplayRemoved):
        what = ", ".join(tile_features(t) if e.area == "ships" else
                         (goods_text(t) if e.area == "commodities" else t) for t in e.tiles)
        return f"{who(e.seat)} removes from the {e.area}: {what} (they leave the game)"
    return None


@dataclass(frozen=True, slots=True)
class AutomaStep:
    """One automa turn told as a few lines, for showing it step by step."""

    seat: int
    action: str | None
    lines: tuple[str, ...]
    round: int = 0
    """The round the turn was played in (the game may be in the next one by now)."""
    turn: int = 0
    """The game's number of the turn
    (:func:`~shipyard_tui.games.shipyard.rules.query.states_after_turns`
    gives the board at its end)."""


def automa_steps(names: list[str], events: list[Event] | tuple[Event, ...],
                 automa: set[int]) -> list[AutomaStep]:
    """The automa turns among ``events``, one step per turn (R-12.2, R-12.3)."""
    steps: list[AutomaStep] = []
    seat: int | None = None
    action: str | None = None
    lines: list[str] = []
    played_in = turn = 0
    for event in events:
        if isinstance(event, ev.TurnStarted):
            if seat is not None:
                steps.append(AutomaStep(seat, action, tuple(lines), played_in, turn))
            seat = event.seat if event.seat in automa else None
            action, lines = None, []
            played_in, turn = round_of(event.turn, len(names)), event.turn
            continue
        if seat is None:
            continue
        if isinstance(event, ev.CubePlaced):
            action = event.action
        line = describe_event(names, event)
        if line and not isinstance(event, ev.TurnEnded):
            lines.append(line)
    if seat is not None:
        steps.append(AutomaStep(seat, action, tuple(lines), played_in, turn))
    return steps


SOLO_RATINGS = ((95, "Born to be a ship builder!"), (80, "Experienced engineer."),
                (60, "Newbie sailor: a good start, there is more in it."))


def solo_rating(score: int) -> str:
    """The solo result's rating (R-12.5)."""
    for threshold, words in SOLO_RATINGS:
        if score >= threshold:
            return words
    return "Keep practising: 60 points make a newbie sailor."


def solo_scale(score: int) -> list[tuple[str, str, bool]]:
    """The solo rating scale, best first (R-12.5): each row's points, its words and
    whether ``score`` earns it."""
    lowest = SOLO_RATINGS[-1][0]
    rows = [(f"{t} or more", w) for t, w in SOLO_RATINGS]
    rows.append((f"below {lowest}", solo_rating(lowest - 1)))
    mine = solo_rating(score)
    return [(points, words, words == mine) for points, words in rows]


def solo_title(score: int) -> str:
    """The solo rating in a few words, for a list of games (R-12.5).

    >>> solo_title(81), solo_title(59)
    ('experienced engineer', 'below newbie sailor')
    """
    for threshold, words in SOLO_RATINGS:
        if score >= threshold:
            return words.split(":")[0].rstrip("!.").lower()
    return "below newbie sailor"


def canal_summary(state: GameState, seat: int) -> str:
    system = CanalSystem(state.seats[seat].canals)
    return plural(len(system), "canal")
