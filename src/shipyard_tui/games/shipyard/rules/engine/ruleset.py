"""Rule books as objects: the 2nd-edition rules and the variants that override them.

A :class:`Ruleset` holds every rule a variant changes, as a method (a hook); the
engine asks the game's ruleset instead of branching on the configuration, as
python-chess's variants subclass the board. The variants of the 2nd edition are the
first game (§2, pre-set employees and contract sets), the advanced game (three
contracts of each colour, and with 3 seats a discard at 2 and at 4 reserve cubes,
R-3.9) and the solo game (R-12: two automa seats, one copy of each employee, the
solo tile stack). The solo game combines with either of the others.

No code outside the ruleset classes asks ``config.first_game``, ``config.advanced``
or ``config.solo``: :func:`ruleset_for` reads them once to pick the class. The hooks
hand the game on through :mod:`.flow` (the end trigger, discards, the automa's turn),
so the rule book imports no part of the game, and the parts import the rule book.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules.catalog import CATALOG, CLASSIC_CATALOG, Action, Catalog
from shipyard_tui.games.shipyard.rules.engine import common, flow
from shipyard_tui.games.shipyard.rules.rng import Rng
from shipyard_tui.games.shipyard.rules.state import (
    GameConfig,
    GameState,
    Seat,
    SoloState,
    TrackSlot,
)


class Ruleset:
    """The 2nd-edition rules for 2 to 4 players; each method is a hook a variant overrides.

    The setup hooks draw from the game's random generator in a fixed order
    (employees, then contracts, then the start), which a variant keeps.
    """

    name = "standard"
    contracts_per_colour = 2
    """Government contracts of each colour dealt to each seat (§2)."""

    @property
    def catalog(self) -> Catalog:
        """The components this rule book plays with."""
        return CATALOG

    # -- setup (§2) -----------------------------------------------------------

    def set_up_seat(self, seat: Seat, index: int) -> None:
        """Give a seat its starting commodity tile (its guilders are the seat's default)."""
        seat.commodities.append(common.starting_commodity_id(index))

    def set_up_track(self, rng: Rng, actions: list[Action]) -> list[TrackSlot]:
        """The action tiles in a random order, the lead first (R-2.7)."""
        rng.shuffle(actions)
        return [TrackSlot(a) for a in actions]

    def timer(self, players: int) -> tuple[int, int | None]:
        """The reserve cubes and the countdown marker at the start (R-2.8: cubes, no
        countdown)."""
        return common.RESERVE_CUBES[players], None

    def employee_board(self, rng: Rng) -> list[list[str | None]]:
        """The 8 spaces of the employee board, 3 employees on each, dealt at random."""
        spaces: list[list[str | None]] = [[None, None, None] for _ in range(8)]
        self._fill_board(rng, spaces, list(self.catalog.employee_deck))
        return spaces

    @staticmethod
    def _fill_board(rng: Rng, spaces: list[list[str | None]], rest: list[str]) -> None:
        rng.shuffle(rest)
        fill = iter(rest)
        for cells in spaces:
            for k in range(3):
                if cells[k] is None:
                    cells[k] = next(fill)

    def employee_copies(self, players: int) -> int:
        """Copies of each employee on the board: one with 2 seats, two otherwise."""
        return 1 if players == 2 else 2

    def deal_contracts(self, rng: Rng, players: list[int], dealt: list[list[str]]) -> None:
        """Deal each playing seat its contracts: reds (classic: greens) first, then blues."""
        per_colour = self.contracts_per_colour
        decks = [list(self.catalog.contracts_of(c)) for c in self.catalog.contract_colours]
        for deck in decks:
            rng.shuffle(deck)
        for seat_index in players:
            dealt[seat_index] = [deck.pop() for deck in decks for _ in range(per_colour)]

    def start(self, rng: Rng, players: int) -> tuple[SoloState | None, int]:
        """The solo stack (none here) and the start seat, drawn at random."""
        return None, rng.below(players)

    # -- the turn (R-3) -------------------------------------------------------

    def first_turns(self, players: int) -> int:
        """First turns per seat, which skip step 1: two with 2 seats, else one (R-3.6, R-3.7)."""
        return 2 if players == 2 else 1

    def income(self, state: GameState, index: int) -> int:
        """What choosing the tile at track slot ``index`` pays now (R-3.3)."""
        return self.income_after(state, index,
                                 sum(1 for slot in state.track[:index] if slot.cubes))

    def income_after(self, state: GameState, index: int, ahead: int) -> int:
        """:meth:`income` with the occupied tiles ahead of slot ``index`` counted
        already (``ahead``), as a walk along the track counts them."""
        return ahead + state.track[index].guilders + self.gap_bonus(state, index)

    def gap_bonus(self, state: GameState, index: int) -> int:
        """The classic gap bonus for choosing the card at ``index`` (none here, RC-3.3)."""
        return 0

    def advance_timer(self, state: GameState, index: int, out: common.Events) -> None:
        """After step 1 moved the tile from slot ``index`` to the lead: the wheel turns
        one position, and a full rotation is noted for the end of the turn (R-3.8)."""
        state.wheel = (state.wheel + 1) % common.WHEEL_POSITIONS
        completed = state.wheel == 0
        if completed:
            state.turn.rotation_done = True
        out.append(ev.WheelTurned(state.wheel, completed))

    def complete_rotation(self, state: GameState, out: common.Events) -> None:
        """End of a turn that completed a wheel rotation (R-3.8): remove a reserve cube,
        maybe place a guilder, maybe call for contract discards; with no cube left the
        countdown ends (R-10.1)."""
        if state.reserve == 0:
            flow.trigger_end(state, "countdown", out)
            return
        state.reserve -= 1
        state.cubes_removed += 1
        last = state.track[-1]
        guilder_on = None
        if not last.cubes:
            last.guilders += 1
            guilder_on = last.action.value
        out.append(ev.RotationCompleted(state.reserve, state.cubes_removed, guilder_on))
        target = self.discard_target(state)
        if target is not None:
            flow.require_discards(state, target, out)

    def discards_before_final(self, state: GameState, out: common.Events) -> bool:
        """Call for discards still due before the final actions; ``True`` when seats
        must discard first. The 2nd edition has none: the last discards come after the
        last chance (R-10.5)."""
        return False

    def places_token_with_first_canal(self) -> bool:
        """Whether the ship token is placed with the first canal (classic, RC-9.1)
        rather than before the first cruise (R-9.1)."""
        return False

    def takes_own_turn(self, state: GameState, s: int, first: bool,
                       out: common.Events) -> bool:
        """Play seat ``s``'s whole turn without a decision, if the rules do; ``False``
        when the seat decides its turn itself (every seat, in this rule book)."""
        return False

    # -- the timer and discards (R-3.8, R-3.9) --------------------------------

    def progress(self, state: GameState) -> float:
        """How far the game has gone, 0 at the start and 1 at the end (for the bots):
        wheel positions played out of those the reserve cubes allow."""
        total = {2: 4, 3: 6, 4: 8}[state.players] * 12
        done = (state.cubes_removed * 12 + state.wheel) if state.end_trigger is None else total
        return min(1.0, done / total)

    def discard_target(self, state: GameState) -> int | None:
        """How many contracts of each colour seats keep after this reserve cube (R-3.9)."""
        return self.discard_at(state.players, state.cubes_removed)

    def discard_at(self, players: int, removed: int) -> int | None:
        """How many contracts of each colour seats keep once the ``removed``-th reserve
        cube is gone (``None``: no discard then, R-3.9)."""
        if players == 2:
            return 1 if removed == 2 else None
        return 1 if removed == 4 else None


class FirstGame(Ruleset):
    """The first game (§2): pre-set employees on the board, contracts dealt as sets."""

    name = "first game"

    def employee_board(self, rng: Rng) -> list[list[str | None]]:
        spaces: list[list[str | None]] = [[None, None, None] for _ in range(8)]
        preset = self.catalog.first_game_employees
        for space, emp in enumerate(preset):
            spaces[space][0] = emp
        self._fill_board(rng, spaces, [e for e in self.catalog.employee_deck if e not in preset])
        return spaces

    def deal_contracts(self, rng: Rng, players: list[int], dealt: list[list[str]]) -> None:
        sets = list(self.catalog.first_game_sets)
        rng.shuffle(sets)
        for seat_index, contract_set in zip(players, sets, strict=False):
            dealt[seat_index] = list(contract_set)


class Advanced(Ruleset):
    """The advanced game: three contracts of each colour; with 3 seats, seats discard
    down to two at the second reserve cube and to one at the fourth (R-3.9)."""

    name = "advanced"
    contracts_per_colour = 3

    def discard_at(self, players: int, removed: int) -> int | None:
        if players == 3:
            return {2: 2, 4: 1}.get(removed)
        return super().discard_at(players, removed)


class Solo(Ruleset):
    """The solo game (R-12): one player and two automa seats that play by the solo tiles."""

    name = "solo"

    def set_up_seat(self, seat: Seat, index: int) -> None:
        if seat.is_automa:
            seat.guilders = 0
        else:
            super().set_up_seat(seat, index)

    def employee_copies(self, players: int) -> int:
        return 1

    def start(self, rng: Rng, players: int) -> tuple[SoloState | None, int]:
        """The shuffled solo tile stack; the player starts."""
        stack = list(self.catalog.solo_tiles)
        rng.shuffle(stack)
        return SoloState(stack=stack), 0

    def takes_own_turn(self, state: GameState, s: int, first: bool,
                       out: common.Events) -> bool:
        """An automa seat plays its turn from the solo tiles (R-12)."""
        if not state.seats[s].is_automa:
            return False
        flow.automa_turn(state, s, first, out)
        return True


class Classic(Ruleset):
    """The classic rules, Shipyard's 1st edition (CLASSIC.md): its own catalog, a ring
    of 23 spaces for the action cards, a countdown of laps, the gap bonus, 3 + 3
    contracts discarded on the countdown's schedule, the token placed with the first
    canal, and no solo game."""

    name = "classic"
    contracts_per_colour = 3
    """Every seat gets 3 green + 3 blue contracts (RC-2.2)."""

    @property
    def catalog(self) -> Catalog:
        return CLASSIC_CATALOG

    def set_up_track(self, rng: Rng, actions: list[Action]) -> list[TrackSlot]:
        """The shuffled cards packed behind the start space: the first on space 0 (the
        lead), the others on 22, 21, 20, … (RC-2.7)."""
        rng.shuffle(actions)
        size = self.catalog.ring_spaces
        return [TrackSlot(a, space=(-k) % size) for k, a in enumerate(actions)]

    def timer(self, players: int) -> tuple[int, int | None]:
        """No reserve cubes; the countdown marker starts on the number of seats (RC-3.8)."""
        return 0, players

    def progress(self, state: GameState) -> float:
        """Laps run out of the seats' number of laps (RC-3.8): the lead's ring space
        counts the spaces of the current lap."""
        if state.end_trigger is not None or state.countdown is None:
            return 1.0
        laps = state.players - state.countdown
        space = state.track[0].space or 0
        return min(1.0, (laps * self.catalog.ring_spaces + space)
                   / (state.players * self.catalog.ring_spaces))

    def gap_bonus(self, state: GameState, index: int) -> int:
        """RC-3.3 (b): with no cube on any card behind the chosen one, a third (rounded
        down) of the empty spaces between it and the next card ahead; nothing for the
        lead, and nothing on the starting seat's first turn (RC-3.6)."""
        track = state.track
        if index == 0 or any(slot.cubes for slot in track[index + 1:]):
            return 0
        s = state.turn.seat
        if s == state.start_seat and state.seats[s].turns == 0:
            return 0
        return ring_gap(track, index, self.catalog.ring_spaces) // 3

    def advance_timer(self, state: GameState, index: int, out: common.Events) -> None:
        """RC-3.1, RC-3.10: the moved card (now at slot 0) goes to the space directly
        ahead of the old lead, or one space on if it was the lead; then the push; a card
        that lands on space 0 completes a lap (RC-3.8)."""
        track = state.track
        size = self.catalog.ring_spaces
        card = track[0]
        before = track[1] if index != 0 else card
        assert card.space is not None and before.space is not None
        start = card.space
        card.space = (before.space + 1) % size
        pushed = push(track, size)
        lap = card.space == 0
        if lap:
            state.turn.rotation_done = True
        out.append(ev.CardMoved(card.action.value, start, card.space, pushed, lap))

    def complete_rotation(self, state: GameState, out: common.Events) -> None:
        """A lap ended with this turn (RC-3.8): the countdown moves down one value, then
        the discards it calls for (RC-3.9), then at 0 the regular turns are over
        (RC-10.1): this is always the seat before the starting seat's turn, so the final
        actions follow at once."""
        assert state.countdown is not None
        state.countdown -= 1
        out.append(ev.LapCompleted(state.countdown))
        keep = self.catalog.discard_keep(state.players, state.countdown)
        if keep is not None:
            flow.require_discards(state, keep, out)
        if state.countdown == 0:
            flow.trigger_end(state, "countdown", out)

    def discard_at(self, players: int, removed: int) -> int | None:
        """Classic discards follow the countdown, not reserve cubes (RC-3.9)."""
        return None

    def discards_before_final(self, state: GameState, out: common.Events) -> bool:
        """RC-10.7: discards the early end (RC-10.2) skipped are made now, before the
        final actions, so every seat keeps 1 green + 1 blue."""
        flow.require_discards(state, 1, out)
        if state.queue:
            flow.next_discard(state, out)
            return True
        return False

    def places_token_with_first_canal(self) -> bool:
        return True


class ClassicFirstGame(Classic, FirstGame):
    """The classic rules with the first game's employee arrangement (RC-2.2); the
    contracts are still dealt 3 + 3 at random."""

    name = "classic first game"

    def deal_contracts(self, rng: Rng, players: list[int], dealt: list[list[str]]) -> None:
        Ruleset.deal_contracts(self, rng, players, dealt)


def ring_gap(track: list[TrackSlot], index: int, size: int) -> int:
    """Empty ring spaces between the card at ``index`` and the next card ahead of it
    (RC-3.3 b); 0 for the lead."""
    if index == 0:
        return 0
    here, ahead = track[index].space, track[index - 1].space
    assert here is not None and ahead is not None
    return (ahead - here - 1) % size


def push(track: list[TrackSlot], size: int) -> list[list[object]]:
    """RC-3.10: make the space directly ahead of the lead (``track[0]``) empty. The
    card there and the unbroken run of cards in front of it each move one space
    ahead, frontmost first. Returns ``[action, from, to]`` of each card moved."""
    lead = track[0]
    assert lead.space is not None
    by_space = {slot.space: slot for slot in track[1:]}
    run = []
    space = (lead.space + 1) % size
    while space in by_space:
        run.append(by_space[space])
        space = (space + 1) % size
    moved: list[list[object]] = []
    for slot in reversed(run):
        assert slot.space is not None
        moved.append([slot.action.value, slot.space, (slot.space + 1) % size])
        slot.space = (slot.space + 1) % size
    return moved


class SoloFirstGame(Solo, FirstGame):
    """The solo game set up as a first game."""

    name = "solo first game"


class SoloAdvanced(Solo, Advanced):
    """The solo game with the advanced deal."""

    name = "solo advanced"


_CLASSIC: dict[bool, Ruleset] = {False: Classic(), True: ClassicFirstGame()}

_RULESETS: dict[tuple[bool, bool, bool], Ruleset] = {
    (False, False, False): Ruleset(),
    (True, False, False): FirstGame(),
    (False, True, False): Advanced(),
    (False, False, True): Solo(),
    (True, False, True): SoloFirstGame(),
    (False, True, True): SoloAdvanced(),
}


def ruleset_for(config: GameConfig) -> Ruleset:
    """The rule book a configuration plays (the only place its variant options are read)."""
    if config.classic:
        return _CLASSIC[config.first_game]
    return _RULESETS[(config.first_game, config.advanced, config.solo)]


def catalog_of(state: GameState) -> Catalog:
    """The game's catalog: the 2nd edition's or the classic one (RC-1.1)."""
    return ruleset_for(state.config).catalog


def is_first_turn(state: GameState, seat: int) -> bool:
    """First turns skip step 1: one per seat, two per seat with 2 seats (R-3.6, R-3.7)."""
    return state.seats[seat].turns < ruleset_for(state.config).first_turns(state.players)


def income(state: GameState, index: int) -> int:
    """What choosing the tile at track slot ``index`` pays now (R-3.3)."""
    return ruleset_for(state.config).income(state, index)


def gap_bonus(state: GameState, index: int) -> int:
    """The classic gap bonus choosing track slot ``index`` would pay now (RC-3.3 b);
    always 0 in the 2nd edition. :func:`income` includes it."""
    return ruleset_for(state.config).gap_bonus(state, index)
