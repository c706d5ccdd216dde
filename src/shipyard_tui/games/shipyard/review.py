"""Where every point came from: the end-of-game review, shared by the end screen and
``shipyard scores``.

Everything is computed from the game's state and its events; the tests check that the
breakdown adds up to the engine's scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from shipyard_tui.games.shipyard.rules import CATALOG, Game
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.query import (
    RULES_REVISION,
    CanalSystem,
    EmployeeKind,
    PlacedCanal,
    score_contract,
)
from shipyard_tui.games.shipyard.words import (
    PIECE_ABBREV,
    contract_label,
    plural,
    solo_rating,
    solo_scale,
    space_name,
    tile_features,
)

SHIP_PARTS = (
    ("crew", "Crew"),
    ("cannons_cranes", "Cannons and cranes"),
    ("speed", "Speed"),
    ("military", "Military officials"),
    ("commerce", "Commerce officials"),
    ("lantern", "Lantern officials"),
    ("lifeboat", "Lifeboat officials"),
    ("lifebuoy", "Lifebuoy officials"),
    ("riband", "Blue Riband"),
)
"""The parts of a ship's points (R-7.3, R-9.3), in the order they are scored."""

SPARK = "▁▂▃▄▅▆▇█"

ASCII_SPARK = "_.-=#"
"""The chart's marks in ASCII, low to full: the block characters all become ``#``
there, which drew a score of 21 as tall as one of 72."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the breakdown: a category and each seat's points (None: not held)."""

    key: str
    label: str
    values: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class ContractLine:
    seat: int
    contract: str
    name: str
    counted: int
    points: int
    detail: str

    def sentence(self) -> str:
        return f"{self.name}: {self.detail} → {self.points}"


@dataclass(frozen=True, slots=True)
class RevealStep:
    """One seat's reveal: its contracts with what they counted, then its traders."""

    seat: int
    name: str
    contracts: tuple[ContractLine, ...]
    traders: tuple[str, ...]
    trader_points: int


@dataclass(frozen=True, slots=True)
class ShipLine:
    """One ship of a fleet (or a dismantled one, with its reason)."""

    number: int
    tiles: tuple[str, ...]
    pieces: dict[str, int]
    speed: int
    path: tuple[str, ...]
    points: dict[str, int]
    reason: str = ""
    end: str = ""
    """Where the cruise ended, as the canal map showed it then ("the north end of K4")."""

    @property
    def total(self) -> int:
        return sum(self.points.values())

    @property
    def sailed(self) -> bool:
        return not self.reason


@dataclass(slots=True)
class Review:
    """The whole review of a game, finished or not."""

    seats: tuple[str, ...]
    players: tuple[int, ...]
    over: bool
    solo: bool
    rows: list[Row]
    totals: tuple[int, ...]
    guilders: tuple[int, ...]
    winners: tuple[int, ...]
    reveal: list[RevealStep]
    ships: dict[int, list[ShipLine]]
    history: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    rules: int = RULES_REVISION
    """The rulings revision the game was played under (older: a review only)."""
    edition: str = "second"
    """The edition's rules played: ``second`` or ``classic`` (RC-1.1)."""

    @property
    def rules_note(self) -> str:
        """For a game of earlier rules: why its numbers differ and why it cannot go on."""
        if self.rules >= RULES_REVISION:
            return ""
        return (f"Played under the rules of revision {self.rules}: its points are those "
                f"scored then; revision {RULES_REVISION} changed the contract tables and "
                "other rules, so this game can be reviewed but not continued.")

    @property
    def rating(self) -> str:
        if not self.solo or not self.over:
            return ""
        return solo_rating(self.totals[self.players[0]])


def build_review(game: Game) -> Review:
    """The review of ``game``; for an unfinished game the contracts stay hidden."""
    state = game.state
    players = tuple(i for i, s in enumerate(state.seats) if not s.is_automa)
    over = game.is_over
    rows: list[Row] = []
    for key, label in SHIP_PARTS:
        values: tuple[int | None, ...] = tuple(
            sum(ship.points.get(key, 0) for ship in seat.fleet) for seat in state.seats)
        rows.append(Row(key, label, values))
    contracts: list[str] = []
    for i in players:
        for contract in state.seats[i].end_points:
            if contract != "traders" and contract not in contracts:
                contracts.append(contract)
    for contract in sorted(contracts, key=_contract_order):
        values = tuple(state.seats[i].end_points.get(contract) for i in range(len(state.seats)))
        c = CATALOG.contracts[contract]
        rows.append(Row(contract, f"{c.label} {c.name}", values))
    if over:
        # the traders' own end points (R-10.5), not the B7 Traders contract
        rows.append(Row("traders", "Trader employees",
                        tuple(seat.end_points.get("traders", 0) for seat in state.seats)))
    totals = tuple(seat.score for seat in state.seats)
    reveal = _reveal(game) if over else []
    ships = {i: _ships(game, i) for i in players}
    return Review(
        seats=tuple(s.name for s in state.seats),
        players=players,
        over=over,
        solo=state.config.solo,
        rows=rows,
        totals=totals,
        guilders=tuple(s.guilders for s in state.seats),
        winners=tuple(state.winners) if over else (),
        reveal=reveal,
        ships=ships,
        history=score_history(game),
        rules=game.rules,
        edition=state.config.edition,
    )


def _contract_order(contract: str) -> tuple[int, int]:
    """Red (classic: green) contracts first, then blue, each by its printed number."""
    label = CATALOG.contracts[contract].label
    return (1 if label.startswith("B") else 0, int(label[1:]))


def _reveal(game: Game) -> list[RevealStep]:
    state = game.state
    steps: dict[int, RevealStep] = {}
    lines: dict[int, list[ContractLine]] = {}
    for event in game.events:
        if isinstance(event, ev.ContractScored):
            lines.setdefault(event.seat, []).append(ContractLine(
                event.seat, event.contract, event.name, event.counted, event.points,
                event.detail))
        elif isinstance(event, ev.TradersScored):
            steps[event.seat] = RevealStep(event.seat, state.seats[event.seat].name,
                                           tuple(lines.get(event.seat, [])),
                                           tuple(event.traders), event.points)
    if not steps:
        for seat, step in _recomputed_reveal(game).items():
            steps[seat] = step
    order = [(state.start_seat + k) % state.players for k in range(state.players)]
    return [steps[s] for s in order if s in steps]


def _recomputed_reveal(game: Game) -> dict[int, RevealStep]:
    """The reveal from the final state alone (a game loaded without its events)."""
    state = game.state
    out = {}
    for i, seat in enumerate(state.seats):
        if seat.is_automa:
            continue
        lines = []
        for contract in seat.contracts:
            result = score_contract(contract, seat.fleet, seat.employees, seat.used_canals)
            points, detail = result.points, result.detail
            if game.rules < RULES_REVISION:
                # what the earlier rules scored, not what today's tables would say
                points = seat.end_points.get(contract, 0)
                detail = f"{detail} (scored under the rules of revision {game.rules})"
            lines.append(ContractLine(i, contract, CATALOG.contracts[contract].name,
                                      result.counted, points, detail))
        traders = tuple(e for e in seat.employees
                        if CATALOG.employees[e].kind is EmployeeKind.TRADER)
        out[i] = RevealStep(i, seat.name, tuple(lines), traders,
                            seat.end_points.get("traders", 0))
    return out


def _ships(game: Game, seat_index: int) -> list[ShipLine]:
    seat = game.state.seats[seat_index]
    entries: list[tuple[int, int, ShipLine]] = []
    ends = _cruise_ends(game, seat_index)
    if len(ends) != len(seat.fleet):
        ends = [""] * len(seat.fleet)
    for ship, end in zip(seat.fleet, ends, strict=True):
        entries.append((ship.turn, 0, ShipLine(0, tuple(ship.tiles), dict(ship.pieces),
                                               ship.speed, tuple(ship.path),
                                               dict(ship.points), end=end)))
    for wreck in seat.dismantled:
        entries.append((wreck.turn, 1, ShipLine(0, tuple(wreck.tiles), dict(wreck.pieces), 0,
                                                (), {}, wreck.reason)))
    entries.sort(key=lambda e: (e[0], e[1]))
    return [ShipLine(n, *_fields(line)) for n, (_, _, line) in enumerate(entries, start=1)]


def _fields(line: ShipLine) -> tuple[Any, ...]:
    return (line.tiles, line.pieces, line.speed, line.path, line.points, line.reason,
            line.end)


def _cruise_ends(game: Game, seat_index: int) -> list[str]:
    """Where each of the seat's cruises ended, named by the tile it ended on: the tiles
    are gone by the review, so they are followed through the events."""
    tiles: dict[tuple[int, int], PlacedCanal] = {}
    ends: list[str] = []
    for event in game.events:
        if isinstance(event, ev.CanalPlaced) and event.seat == seat_index:
            tiles[(event.x, event.y)] = PlacedCanal(event.canal, event.x, event.y,
                                                    event.rotation)
        elif isinstance(event, ev.ShipSailed) and event.seat == seat_index:
            ends.append(space_name(event.path[-1], CanalSystem(tiles.values()))
                        if event.path else "")
    return ends


def score_history(game: Game) -> dict[int, list[tuple[int, int]]]:
    """Each player's score after each of its turns, then after the final scoring."""
    history: dict[int, list[tuple[int, int]]] = {}
    for event in game.events:
        if isinstance(event, ev.TurnEnded):
            history.setdefault(event.seat, []).append((event.turn, event.score))
        elif isinstance(event, ev.ShipSailed | ev.ContractScored | ev.TradersScored):
            points = history.setdefault(event.seat, [])
            turn = points[-1][0] if points else 0
            points.append((turn, event.score))
    for seat in list(history):
        if game.state.seats[seat].is_automa:
            del history[seat]
    return history


# -- rendering with rich ------------------------------------------------------------


def _seat_header(review: Review, i: int) -> Text:
    name = Text(review.seats[i], style="bold")
    if i in review.winners and not review.solo:  # alone, the rating says how it went
        name.append(" ★", style="bold yellow")
    return name


def breakdown_table(review: Review) -> Table:
    """Seats as columns, categories as rows, totals, guilders and the winner."""
    title = "Final scores" if review.over else "Scores so far (contracts not yet revealed)"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    table.add_column("", no_wrap=True)
    for i in review.players:
        table.add_column(_seat_header(review, i), justify="right", no_wrap=True)
    for row in review.rows:
        values = [row.values[i] for i in review.players]
        if all(v in (None, 0) for v in values) and row.key in dict(SHIP_PARTS):
            continue
        table.add_row(row.label, *("—" if v is None else str(v) for v in values))
    table.add_section()
    table.add_row(Text("Total", style="bold"),
                  *(Text(str(review.totals[i]), style="bold") for i in review.players))
    table.add_row("Guilders (tie-break)", *(str(review.guilders[i]) for i in review.players))
    if review.over and not review.solo:
        shared = len(review.winners) > 1
        table.add_row(Text("Shared victory" if shared else "Winner", style="bold yellow"),
                      *("★" if i in review.winners else "" for i in review.players))
    return table


def reveal_text(review: Review) -> Text:
    text = Text()
    for step in review.reveal:
        text.append(f"{step.name} reveals:\n", style="bold")
        for line in step.contracts:
            text.append(f"  {contract_label(line.contract)} {line.sentence()}\n")
        if step.traders:
            names = ", ".join(CATALOG.employees[t].title for t in step.traders)
            text.append(f"  Traders ({names}) → {step.trader_points}\n")
        else:
            text.append("  No traders → 0\n", style="dim")
    return text


SHORT_PARTS = {"crew": "crew", "cannons_cranes": "cannons & cranes", "speed": "speed",
               "military": "mil", "commerce": "com", "lantern": "lantern",
               "lifeboat": "lifeboat", "lifebuoy": "lifebuoy", "riband": "riband"}


def ships_table(review: Review, seat: int) -> Table:
    """One seat's ships: tiles, pieces, speed, path and points by part."""
    table = Table(title=f"{review.seats[seat]}'s ships", title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("ship")
    table.add_column("points")
    table.add_column("total", justify="right", no_wrap=True)
    for ship in review.ships.get(seat, []):
        tiles = Text(f"{len(ship.tiles)} tiles: ", style="bold")
        tiles.append(" · ".join(tile_features(t) for t in ship.tiles))
        pieces = " ".join(f"{PIECE_ABBREV[p]}{n}" for p, n in sorted(ship.pieces.items()))
        if not ship.sailed:
            tiles.append(f"\n{pieces or 'no pieces'}", style="dim")
            table.add_row(str(ship.number), tiles,
                          Text(f"dismantled: {ship.reason}", style="red"), "0")
            continue
        cruise = plural(len(ship.path), "step") if ship.path else "none"
        if ship.end:
            cruise += f", ending at {ship.end}"
        tiles.append(f"\n{pieces} · speed {ship.speed} · cruise {cruise}", style="dim")
        parts = " · ".join(f"{SHORT_PARTS[key]} {ship.points[key]}"
                           for key, _label in SHIP_PARTS if ship.points.get(key))
        table.add_row(str(ship.number), tiles, parts, Text(str(ship.total), style="bold"))
    if not review.ships.get(seat):
        table.add_row("", "no ships", "", "0")
    return table


def score_chart(review: Review, width: int = 56, height: int = 2, *,
                marks: str = SPARK) -> Text:
    """Each player's score after each of its turns, on one scale for all players
    (``marks``: the characters that fill a row, low to full; :data:`ASCII_SPARK` in
    ASCII)."""
    top = max((score for points in review.history.values() for _, score in points), default=0)
    legend = ("; blank: 0" if marks == SPARK
              else f"; {' '.join(marks)} from low to high, blank: 0")
    text = Text("Score over time: each player's score after each of its turns "
                f"(one scale, top {top}{legend})\n", style="bold")
    levels = len(marks) * height
    for i in review.players:
        values = [score for _, score in review.history.get(i, [])] or [0]
        if len(values) > width:
            step = len(values) / width
            values = [values[min(len(values) - 1, int((k + 1) * step) - 1)]
                      for k in range(width)]
        # a score of 0 is no bar at all; any other at least the lowest mark (a play-test
        # could not tell 0 from a small score)
        heights = [-1 if v <= 0 else round(v * (levels - 1) / top) for v in values]
        for row in range(height - 1, -1, -1):
            # the name on the player's first row (a bar's top row without a label read
            # as the player above's), the final score after the bars' end on the last
            # (before them it read as a scale: a play-test)
            name = f"{review.seats[i]:<10.10} " if row == height - 1 else " " * 11
            text.append(name, style="bold")
            line = []
            for h in heights:
                fill = h - row * len(marks)
                line.append(" " if fill < 0 else marks[min(fill, len(marks) - 1)])
            text.append("".join(line), style="cyan")
            text.append(f" {values[-1]}\n" if row == 0 else "\n", style="bold")
    return text


def solo_scale_text(score: int) -> Text:
    """The solo rating scale, best first, the row ``score`` earns marked (R-12.5)."""
    text = Text()
    for points, words, mine in solo_scale(score):
        style = "bold yellow" if mine else "dim"
        text.append(f"\n {'>' if mine else ' '} {points:<11} {words}", style=style)
    return text


def review_renderable(review: Review) -> RenderableType:
    """The whole review for a plain terminal."""
    parts: list[RenderableType] = []
    if review.edition == "classic":
        parts.append(Text("Classic rules (1st edition)", style="bold"))
    if review.rules_note:
        parts.append(Text(review.rules_note, style="bold yellow"))
    if review.over and review.reveal:
        parts.append(Text("The reveal", style="bold underline"))
        parts.append(reveal_text(review))
    parts.append(breakdown_table(review))
    if review.solo and review.over:
        score = review.totals[review.players[0]]
        parts.append(Text(f"Solo rating: {score} points — {review.rating}", style="bold")
                     + solo_scale_text(score))
    for seat in review.players:
        parts.append(Text(""))
        parts.append(ships_table(review, seat))
    parts.append(Text(""))
    parts.append(score_chart(review))
    return Group(*parts)


def review_json(review: Review) -> dict[str, Any]:
    """The review as plain data, for ``shipyard scores --json``."""
    return {
        "over": review.over,
        "solo": review.solo,
        "rules": review.rules,
        "edition": review.edition,
        "seats": [review.seats[i] for i in review.players],
        "rows": [{"key": row.key, "label": row.label,
                  "values": [row.values[i] for i in review.players]} for row in review.rows],
        "totals": [review.totals[i] for i in review.players],
        "guilders": [review.guilders[i] for i in review.players],
        "winners": [review.seats[i] for i in review.winners],
        "rating": review.rating,
        "reveal": [{"seat": step.name,
                    "contracts": [{"contract": c.contract, "name": c.name, "counted": c.counted,
                                   "points": c.points, "detail": c.detail}
                                  for c in step.contracts],
                    "traders": list(step.traders), "trader_points": step.trader_points}
                   for step in review.reveal],
        "ships": {review.seats[i]: [{"number": s.number, "tiles": list(s.tiles),
                                     "pieces": s.pieces, "speed": s.speed, "path": list(s.path),
                                     "points": s.points, "total": s.total,
                                     "dismantled": s.reason or None}
                                    for s in review.ships.get(i, [])]
                  for i in review.players},
        "history": {review.seats[i]: [[turn, score] for turn, score in review.history.get(i, [])]
                    for i in review.players},
    }


