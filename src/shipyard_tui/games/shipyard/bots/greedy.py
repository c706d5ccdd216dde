"""The greedy bot: sensible choices from simple valuations, one decision at a time.

It reads only its own view of the game (its contracts, the public table) and
values each legal move by what it brings now: guilders, pieces its ships can
carry, tiles that extend or complete ships, canals long enough for its ships,
employees that help, and its own contracts. It never looks ahead more than the
current action. Ties are broken by its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from shipyard_tui.games.shipyard.advice import best_load
from shipyard_tui.games.shipyard.bots.random_bot import considered
from shipyard_tui.games.shipyard.bots.valuations import (
    EMPLOYEE_VALUE as EMPLOYEE_VALUE,
)
from shipyard_tui.games.shipyard.bots.valuations import (
    GUILDER,
    KIND_NAMES,
    UNTUNED,
    classic_tuning,
    contract_weights,
    placement_shape,
    ship_runs,
)
from shipyard_tui.games.shipyard.bots.valuations import TUNED as TUNED
from shipyard_tui.games.shipyard.bots.valuations import GreedyTuning as GreedyTuning
from shipyard_tui.games.shipyard.bots.valuations import cruise_lengths_of as cruise_lengths_of
from shipyard_tui.games.shipyard.bots.valuations import (
    tile_worth as tile_worth,
)
from shipyard_tui.games.shipyard.bots.valuations import (
    yard_shape as yard_shape,
)
from shipyard_tui.games.shipyard.rules import CATALOG, Action, DecisionStep, GameState, Move
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.query import (
    ENGINE_PIECES,
    KIND_LETTER,
    CanalSystem,
    EmployeeKind,
    Icon,
    PlacedCanal,
    Seat,
    Token,
    catalog_of,
    commodity_goods,
    cruise_options,
    has_employee,
    hireable,
    income,
    legal_cells,
    pattern,
    progress,
    rigger_limit,
    sale_price,
    score_contract,
    score_path,
    ship_speed,
    slot_price,
    tile_features,
    track_index,
)


class GreedyBot:
    """A bot that takes the best-looking move each time (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, tuning: GreedyTuning | None = None,
                 classic: GreedyTuning | None = None) -> None:
        self._rng = random.Random(seed)
        self._plan: dict[str, int] | None = None
        self.tuning = tuning or UNTUNED
        self._tunings = (self.tuning, classic or classic_tuning(self.tuning))
        """The valuations of the 2nd edition and of the classic rules (``classic``: by
        default ``tuning`` as :func:`~.valuations.classic_tuning` changes it)."""

    def take_rules(self, view: GameState) -> None:
        """Play by the valuations of the view's rule book (a bot plays one game)."""
        self.tuning = self._tunings[view.config.classic]

    # -- the decision --------------------------------------------------------------

    def choose(self, view: GameState, legal: list[Move]) -> Move:
        self.take_rules(view)
        legal = considered(legal)
        if len(legal) == 1:
            return legal[0]
        seat = view.to_move
        assert seat is not None
        handler = self._HANDLERS.get(view.turn.step)
        if handler is not None:
            move = handler(self, view, seat, legal)
            if move in legal:
                return move
        return legal[0]

    def _best(self, legal: list[Move], value: Callable[[Move], float]) -> Move:
        scored = [(value(m) + self._rng.random() * 0.01, i) for i, m in enumerate(legal)]
        return legal[max(scored)[1]]

    # -- valuations ------------------------------------------------------------------

    def _progress(self, view: GameState) -> float:
        """How far the game has gone, 0 at the start and 1 at the end."""
        return progress(view)

    def contract_weights(self, seat: Seat) -> dict[str, float]:
        """Extra value of things the seat's contracts reward (do not change the result:
        it is shared between calls)."""
        return contract_weights(tuple(seat.contracts), self.tuning.contracts)

    def _yard_room(self, seat: Seat) -> dict[str, int]:
        """Mounts and cabins on the tiles in the yard (where pieces can go soon; do not
        change the result: it is shared between calls)."""
        return yard_shape(tuple(seat.yard))[0]

    def _piece_value(self, view: GameState, seat: Seat, piece: str) -> float:
        """What one more piece of this kind is worth now: speed pieces until a ship can
        go fast, pieces that fill mounts and cabins waiting in the yard, and captains
        for the ships being built."""
        room = self._yard_room(seat)
        have = seat.pieces.get
        weights = self.contract_weights(seat)
        ships_soon = yard_shape(tuple(seat.yard))[1]
        masts_free = room.get("mast", 0) - have("smokestack", 0) - have("sail", 0)
        if piece == "captain":
            value = 5.0 if have("captain", 0) < ships_soon else 1.0
        elif piece == "smokestack":
            value = 4.0 if have("smokestack", 0) == 0 else (2.0 if masts_free > 0 else 0.8)
        elif piece in ENGINE_PIECES:  # the stoker, or the classic propeller (RC-6.1)
            mount = ENGINE_PIECES[piece]
            value = 4.0 if have(piece, 0) == 0 else \
                (2.0 if room.get(mount, 0) > have(piece, 0) else 0.8)
        elif piece == "sail":
            value = 2.2 if masts_free > 0 else 1.0
        elif piece in ("cannon", "crane"):
            value = 3.5 if room.get(piece, 0) > have(piece, 0) else 1.2
        else:
            crew = have("businessman", 0) + have("soldier", 0)
            value = 2.0 if room.get("cabin", 0) > crew else 0.6
        return self.tuning.piece * (value + weights.get(piece, 0.0))

    def _employee_value(self, view: GameState, seat: Seat, employee: str,
                        late: float | None = None) -> float:
        """What hiring ``employee`` is worth now (``late``: :meth:`_progress` of the
        view, when the caller has it)."""
        emp = CATALOG.employees[employee]
        late = self._progress(view) if late is None else late
        weights = self.contract_weights(seat)
        base = self.tuning.employee * EMPLOYEE_VALUE[emp.kind]
        if emp.kind is EmployeeKind.TRADER:
            base = 1.0 + (3.0 if emp.level == 2 else 1.0)
        elif emp.kind in (EmployeeKind.ENGINEER, EmployeeKind.RECRUITER) and emp.piece is not None:
            base += 0.5 * self._piece_value(view, seat, emp.piece.value)
        if emp.kind is not EmployeeKind.TRADER:
            base *= 1.0 - 0.7 * late
        return base + weights.get("employee", 0.0) - GUILDER * emp.surcharge

    def _commodity_worth(self, view: GameState, seat: Seat, tile: str) -> float:
        """What a commodity tile should bring at the exchange (R-4.7): each good sold at
        the mean price of the exchange ring (with the seat's Traders) or traded for the
        piece worth most to the seat now, no two goods for the same kind."""
        catalog = catalog_of(view)
        spaces = catalog.exchange_prices
        taken: set[str] = set()
        total = 0.0
        for good in commodity_goods(tile):
            bonus = sale_price(view, seat, good)[1]
            best = GUILDER * (sum(space[good] for space in spaces) / len(spaces) + bonus)
            kind = None
            for piece in catalog.trade_lists[good]:
                if piece.value not in taken:
                    v = self._piece_value(view, seat, piece.value)
                    if v > best:
                        best, kind = v, piece.value
            if kind is not None:
                taken.add(kind)
            total += best
        return total

    def _tile_value(self, seat: Seat, tile_id: str) -> float:
        pieces = seat.pieces
        tuning = self.tuning
        return tuning.tile * tile_worth(
            tile_id, tuple(seat.contracts), bool(pieces.get("cannon", 0)),
            bool(pieces.get("crane", 0)),
            bool(pieces.get("businessman", 0) or pieces.get("soldier", 0)), tuning.contracts)

    def _cell_value(self, view: GameState, seat_index: int, letter: str, cell: int,
                    tile_id: str | None, p: str | None = None) -> float:
        """How good it is to put a tile of kind ``letter`` in ``cell`` (``p``: the
        yard's pattern, when the caller has it)."""
        seat = view.seats[seat_index]
        spans, shape = placement_shape(pattern(seat.yard) if p is None else p, letter, cell)
        value = 0.0
        for span in spans:
            points = self._completed_ship_points(view, seat_index, tile_id, letter, cell, span)
            if points > 0:
                value += points + self.contract_weights(seat).get("ship", 0)
            else:
                value -= 12.0
        value += shape
        return value

    def _best_cell(self, view: GameState, seat_index: int, letter: str, tile_id: str | None,
                   p: str) -> float:
        """The best :meth:`_cell_value` of the tile over the legal cells of the yard with
        pattern ``p``. A cell where the tile completes no ship is worth its shape, the
        same for every tile: only the cells that complete a ship ask about the tile."""
        best: float | None = None
        for cell in legal_cells(p, letter):
            spans, shape = placement_shape(p, letter, cell)
            v = self._cell_value(view, seat_index, letter, cell, tile_id, p) if spans else shape
            if best is None or v > best:
                best = v
        if best is None:
            raise ValueError("no legal cell for the tile")
        return best

    def _completed_ship_points(self, view: GameState, seat_index: int, tile_id: str | None,
                               letter: str, cell: int, span: tuple[int, int]) -> float:
        """What the ship completed by this placement would score now (0: it cannot)."""
        seat = view.seats[seat_index]
        placed = tile_id or f"blank-{KIND_NAMES[letter]}-0"
        original = seat.yard[cell]
        seat.yard[cell] = placed
        try:
            plan = best_load(view, seat_index, list(range(span[0], span[1] + 1)),
                             contracts=self.tuning.contract_loads)
        finally:
            seat.yard[cell] = original
        return float(plan.points) if plan.scores else 0.0

    def _action_value(self, view: GameState, seat_index: int, action: Action) -> float:
        """What choosing ``action`` is worth now (its income aside)."""
        return self._action_worth(view, seat_index, action) + \
            self.tuning.action_bias.get(action, 0.0)

    def _action_worth(self, view: GameState, seat_index: int, action: Action) -> float:
        seat = view.seats[seat_index]
        late = self._progress(view)
        p = pattern(seat.yard)
        runs = ship_runs(p)
        if action is Action.BUILD:
            best = 0.0
            for col, column in enumerate(view.market.ships):
                letter = "BMMS"[col]
                if not legal_cells(p, letter):
                    continue
                for row, tile in enumerate(column):
                    if tile is None or slot_price(row) > seat.guilders:
                        continue
                    v = self._best_cell(view, seat_index, letter, tile, p)
                    best = max(best, v + self._tile_value(seat, tile) - GUILDER * slot_price(row))
            return 2.0 + best * 0.8
        if action is Action.CANAL:
            lengths = cruise_lengths_of(seat.canals, seat.token, 16)
            longest = max(lengths) if lengths else 0
            need = 9 - longest
            weight = self.contract_weights(seat).get("canal", 0.0)
            return 1.5 + max(0, need) * 0.9 + weight + (3.0 if not seat.canals and runs else 0)
        if action in (Action.EQUIPMENT, Action.CREW):
            catalog = catalog_of(view)
            ring = catalog.equipment_ring if action is Action.EQUIPMENT else catalog.crew_ring
            return max(self._piece_value(view, seat, piece.value) for piece in ring) + 0.5
        if action is Action.HIRE:
            best = max((self._employee_value(view, seat, stack[-1], late)
                        for space in view.employee_track for stack in space
                        if stack and hireable(seat, stack[-1])), default=0.0)
            return best * 0.8
        if action is Action.PURCHASE:
            if not self.tuning.purchase:
                return (2.5 if seat.guilders < 5 else 1.5) * (1.0 - late)
            best = max((self._commodity_worth(view, seat, tile) - GUILDER * slot_price(slot)
                        for slot, tile in enumerate(view.market.commodities)
                        if tile is not None and slot_price(slot) <= seat.guilders),
                       default=0.0)
            return self.tuning.purchase * best * min(1.0, 4.0 * (1.0 - late))
        if action is Action.EXCHANGE:
            return 2.5 + 1.5 * len(seat.commodities)
        if action is Action.SUBSIDY:
            return 2 * GUILDER + 0.5
        return 0.0

    # -- the steps -----------------------------------------------------------------------

    def _choice_value(self, view: GameState, seat: int, move: Move) -> float:
        """What choosing the action of ``move`` (a :class:`~.moves.Choose`) is worth:
        the income it brings (with the classic gap bonus, RC-3.3) and the action itself."""
        assert isinstance(move, mv.Choose)
        pays = income(view, track_index(view, move.action))
        return GUILDER * pays + self._action_value(view, seat, move.action)

    def _choose(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        return self._best(legal, lambda move: self._choice_value(view, seat, move))

    def _final(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        def value(move: Move) -> float:
            assert isinstance(move, mv.Final)
            if move.action is Action.BUILD:
                return self._action_value(view, seat, move.action) * 2
            return 0.1 if move.action is not Action.SUBSIDY else 0.2
        return self._best(legal, value)

    def _bonus(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        keep = next(m for m in legal if isinstance(m, mv.Proceed | mv.NoBonus))
        if view.turn.step is DecisionStep.BONUS_BEFORE or view.seats[seat].guilders < 9:
            return keep
        options = [m for m in legal if isinstance(m, mv.Bonus)]
        if not options:
            return keep
        best = max(options, key=lambda m: self._action_value(view, seat, m.action))
        assert isinstance(best, mv.Bonus)
        if self._action_value(view, seat, best.action) >= 9.0:
            return best
        return keep

    def _build(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        p = pattern(seat.yard)

        def value(move: Move) -> float:
            if isinstance(move, mv.EndBuild):
                return 1.0
            if isinstance(move, mv.BuyBlank):
                return self._best_cell(view, seat_index, KIND_LETTER[move.kind], None, p)
            assert isinstance(move, mv.Buy)
            tile = view.market.ships[move.column][move.row]
            assert tile is not None
            best = self._best_cell(view, seat_index, "BMMS"[move.column], tile, p)
            return best + self._tile_value(seat, tile) - GUILDER * slot_price(move.row)
        return self._best(legal, value)

    def _place(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        tile = view.turn.holding
        assert tile is not None
        letter = KIND_LETTER[CATALOG.ship(tile).kind]

        def value(move: Move) -> float:
            assert isinstance(move, mv.Place)
            return self._cell_value(view, seat, letter, move.cell, tile)
        return self._best(legal, value)

    def _last_chance(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        buys = [m for m in legal if not isinstance(m, mv.NoLastTile)]
        if buys and self._completing_buy(view, seat, legal):
            return self._build(view, seat, buys)
        return mv.NoLastTile()

    def _completing_buy(self, view: GameState, seat_index: int, legal: list[Move]) -> bool:
        seat = view.seats[seat_index]
        p = pattern(seat.yard)
        for move in legal:
            if isinstance(move, mv.Buy):
                tile = view.market.ships[move.column][move.row]
                letter = "BMMS"[move.column]
            elif isinstance(move, mv.BuyBlank):
                tile, letter = None, KIND_LETTER[move.kind]
            else:
                continue
            for cell in legal_cells(p, letter):
                if self._cell_value(view, seat_index, letter, cell, tile) > 5:
                    return True
        return False

    def _canal_pick(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        def value(move: Move) -> float:
            assert isinstance(move, mv.TakeCanal)
            canal = view.market.canals[move.slot]
            assert canal is not None
            tile = CATALOG.canals[canal]
            icons = sum(2.0 if icon is Icon.RIBAND else 1.2 for _, icon in tile.icons)
            return icons + 0.6 * len(tile.ports) - GUILDER * slot_price(move.slot)
        return self._best(legal, value)

    def _canal_place(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        canal = view.turn.canal
        assert canal is not None

        def value(move: Move) -> float:
            assert isinstance(move, mv.PlaceCanal)
            canals = [*seat.canals, PlacedCanal(canal, move.x, move.y, move.rotation)]
            lengths = cruise_lengths_of(canals, seat.token, 16)
            joins = sum(1 for _ in CanalSystem(canals).neighbours((move.x, move.y)))
            return (max(lengths) if lengths else 0) + 0.3 * len(lengths) + 0.5 * joins
        return self._best(legal, value)

    def _purchase(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]

        def value(move: Move) -> float:
            assert isinstance(move, mv.BuyCommodity)
            tile = view.market.commodities[move.slot]
            assert tile is not None
            if self.tuning.purchase:
                return self._commodity_worth(view, seat, tile) - GUILDER * slot_price(move.slot)
            worth = sum(sum(sale_price(view, seat, g)) for g in commodity_goods(tile))
            return worth - GUILDER * 1.5 * slot_price(move.slot)
        return self._best(legal, value)

    def _ring(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        action = view.turn.action
        catalog = catalog_of(view)
        ring = catalog.equipment_ring if action is Action.EQUIPMENT else catalog.crew_ring
        marker = view.equipment_marker if action is Action.EQUIPMENT else view.crew_marker
        free = 2 if has_employee(seat, EmployeeKind.ACCOUNTANT) else 0
        best, best_value = 0, -1e9
        for ahead in range(4 - view.turn.ring_steps):
            cost = sum(0 if view.turn.ring_steps + k < free else 1 for k in range(ahead))
            if cost > seat.guilders:
                break
            piece = ring[(marker + ahead) % 4].value
            v = self._piece_value(view, seat, piece) - GUILDER * cost
            if v > best_value:
                best, best_value = ahead, v
        step = next((m for m in legal if isinstance(m, mv.MarkerStep)), None)
        if best > 0 and step is not None:
            return step
        return mv.Take()

    def _hire(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        free = 3 if has_employee(seat, EmployeeKind.FOREMAN) else 0
        best_move: Move | None = None
        best_value = -1e9
        marker = view.employee_marker
        late = self._progress(view)
        for ahead in range(8 - view.turn.ring_steps):
            cost = sum(0 if view.turn.ring_steps + k < free else 1 for k in range(ahead))
            if cost > seat.guilders:
                break
            for slot, stack in enumerate(view.employee_track[(marker + ahead) % 8]):
                if not stack or not hireable(seat, stack[-1]):
                    continue
                emp = CATALOG.employees[stack[-1]]
                if emp.surcharge + cost > seat.guilders:
                    continue
                v = self._employee_value(view, seat, stack[-1], late) - GUILDER * cost
                if v > best_value:
                    best_value = v
                    best_move = mv.Hire(slot) if ahead == 0 else mv.MarkerStep()
        return best_move if best_move is not None else legal[0]

    def _exchange_pick(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]

        def value(move: Move) -> float:
            assert isinstance(move, mv.Exchange)
            return sum(sum(sale_price(view, seat, g)) for g in commodity_goods(move.tile))
        return self._best(legal, value)

    def _exchange_good(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        tile = view.turn.exchange_tile
        assert tile is not None
        good = commodity_goods(tile)[view.turn.exchange_index]
        price = sum(sale_price(view, seat, good))

        def value(move: Move) -> float:
            if isinstance(move, mv.Sell):
                return GUILDER * price
            assert isinstance(move, mv.Trade)
            return self._piece_value(view, seat, move.piece.value)
        return self._best(legal, value)

    def _load(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        turn = view.turn
        seat = view.seats[seat_index]
        supply = dict(seat.pieces)
        for piece, n in turn.load.items():
            supply[piece] = supply.get(piece, 0) + n
        waiting = len(turn.ships)
        if waiting:
            spare = supply.get("captain", 0) - waiting
            supply["captain"] = max(min(spare, supply.get("captain", 0)), 1)
        original = seat.pieces
        seat.pieces = supply
        try:
            plan = best_load(view, seat_index, turn.ship,
                             contracts=self.tuning.contract_loads)
        finally:
            seat.pieces = original
        wanted = plan.load if plan.scores else {}
        for move in legal:
            if isinstance(move, mv.Load) and turn.load.get(move.piece.value, 0) < \
                    wanted.get(move.piece.value, 0):
                return move
        return mv.EndLoad()

    def _helmsman(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        """Use the Helmsman when some Rigger choice then gives a cruise; else decline
        it if that gives one (R-7.1)."""
        seat = view.seats[seat_index]
        lengths = cruise_lengths_of(seat.canals, seat.token, 30)
        load = view.turn.load
        for move in legal:
            assert isinstance(move, mv.Helmsman)
            if any(ship_speed(load, seat.employees, r, bool(move.use)).total in lengths
                   for r in range(rigger_limit(load) + 1)):
                return move
        return legal[0]

    def _rigger(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        lengths = cruise_lengths_of(seat.canals, seat.token, 30)
        turn = view.turn
        for move in legal:
            assert isinstance(move, mv.Rigger)
            if ship_speed(turn.load, seat.employees, move.bonus, turn.helmsman).total in lengths:
                return move
        return legal[-1]

    def _token_with_canal(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        """Classic (RC-9.1): the port from which the most cruise lengths are open."""
        system = CanalSystem(view.seats[seat_index].canals)

        def value(move: Move) -> float:
            assert isinstance(move, mv.StartToken)
            return len(system.cruise_lengths(Token(move.x, move.y, move.cell, move.cell), 16))
        return self._best(legal, value)

    def _start(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]
        system = CanalSystem(seat.canals)
        turn = view.turn
        speed = ship_speed(turn.load, seat.employees, turn.rigger, turn.helmsman).total
        tiles = [t for t in (seat.yard[c] for c in turn.ship) if t is not None]
        features = tile_features(tiles)

        def value(move: Move) -> float:
            assert isinstance(move, mv.StartToken)
            token = Token(move.x, move.y, move.cell, move.cell)
            paths = system.cruise_paths(token, speed)
            return max((score_path(system, p, turn.load, features).total for p in paths),
                       default=-1)
        return self._best(legal, value)

    def _cruise(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        options = cruise_options(view)
        return options[0][0] if options else legal[0]

    def _discard(self, view: GameState, seat_index: int, legal: list[Move]) -> Move:
        seat = view.seats[seat_index]

        def value(move: Move) -> float:
            assert isinstance(move, mv.Discard)
            now = score_contract(move.contract, seat.fleet, seat.employees, seat.used_canals)
            return -now.points
        return self._best(legal, value)

    def _first(self, view: GameState, seat: int, legal: list[Move]) -> Move:
        return legal[0]

    _HANDLERS: dict[DecisionStep, Callable[[GreedyBot, GameState, int, list[Move]], Move]] = {
        DecisionStep.CHOOSE: _choose,
        DecisionStep.BONUS_BEFORE: _bonus,
        DecisionStep.BONUS_AFTER: _bonus,
        DecisionStep.BUILD: _build,
        DecisionStep.PLACE: _place,
        DecisionStep.CANAL_PICK: _canal_pick,
        DecisionStep.CANAL_PLACE: _canal_place,
        DecisionStep.PURCHASE: _purchase,
        DecisionStep.RING: _ring,
        DecisionStep.HIRE: _hire,
        DecisionStep.EXCHANGE_PICK: _exchange_pick,
        DecisionStep.EXCHANGE_GOOD: _exchange_good,
        DecisionStep.SAIL_ORDER: _first,
        DecisionStep.LOAD: _load,
        DecisionStep.HELMSMAN: _helmsman,
        DecisionStep.RIGGER: _rigger,
        DecisionStep.TOKEN_START: _start,
        DecisionStep.TOKEN_WITH_CANAL: _token_with_canal,
        DecisionStep.CRUISE: _cruise,
        DecisionStep.DISCARD: _discard,
        DecisionStep.FINAL_CHOOSE: _final,
        DecisionStep.LAST_CHANCE: _last_chance,
    }

