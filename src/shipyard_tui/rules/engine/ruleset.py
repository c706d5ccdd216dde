"""Rule books as objects: the 2nd-edition rules and the variants that override them.

A :class:`Ruleset` holds every rule a variant changes, as a method (a hook); the
engine asks the game's ruleset instead of branching on the configuration, as
python-chess's variants subclass the board. The variants of the 2nd edition are the
first game (§2, pre-set employees and contract sets), the advanced game (three
contracts of each colour, and with 3 seats a discard at 2 and at 4 reserve cubes,
R-3.9) and the solo game (R-12: two automa seats, one copy of each employee, the
solo tile stack). The solo game combines with either of the others.

No code outside the ruleset classes asks ``config.first_game``, ``config.advanced``
or ``config.solo``: :func:`ruleset_for` reads them once to pick the class.
"""

from __future__ import annotations

from ..catalog import CATALOG, Catalog
from ..rng import Rng
from ..state import GameConfig, GameState, Seat, SoloState
from . import common


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

    def employee_board(self, rng: Rng) -> list[list[str | None]]:
        """The 8 spaces of the employee board, 3 employees on each, dealt at random."""
        spaces: list[list[str | None]] = [[None, None, None] for _ in range(8)]
        self._fill_board(rng, spaces, list(self.catalog.employees))
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
        """Deal each playing seat its contracts: reds first, then blues."""
        per_colour = self.contracts_per_colour
        reds = list(self.catalog.red_contracts)
        blues = list(self.catalog.blue_contracts)
        rng.shuffle(reds)
        rng.shuffle(blues)
        for seat_index in players:
            dealt[seat_index] = [reds.pop() for _ in range(per_colour)]
            dealt[seat_index] += [blues.pop() for _ in range(per_colour)]

    def start(self, rng: Rng, players: int) -> tuple[SoloState | None, int]:
        """The solo stack (none here) and the start seat, drawn at random."""
        return None, rng.below(players)

    # -- the turn (R-3) -------------------------------------------------------

    def first_turns(self, players: int) -> int:
        """First turns per seat, which skip step 1: two with 2 seats, else one (R-3.6, R-3.7)."""
        return 2 if players == 2 else 1

    def income(self, state: GameState, index: int) -> int:
        """What choosing the tile at track slot ``index`` pays now (R-3.3)."""
        track = state.track
        return sum(1 for slot in track[:index] if slot.cubes) + track[index].guilders

    def takes_own_turn(self, state: GameState, s: int, first: bool,
                       out: common.Events) -> bool:
        """Play seat ``s``'s whole turn without a decision, if the rules do; ``False``
        when the seat decides its turn itself (every seat, in this rule book)."""
        return False

    # -- the timer and discards (R-3.8, R-3.9) --------------------------------

    def discard_target(self, state: GameState) -> int | None:
        """How many contracts of each colour seats keep after this reserve cube (R-3.9)."""
        removed = state.cubes_removed
        if state.players == 2:
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
        self._fill_board(rng, spaces, [e for e in self.catalog.employees if e not in preset])
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

    def discard_target(self, state: GameState) -> int | None:
        if state.players == 3:
            return {2: 2, 4: 1}.get(state.cubes_removed)
        return super().discard_target(state)


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
        from . import turn_track  # the turn imports the rule book, not the other way

        if not state.seats[s].is_automa:
            return False
        turn_track._automa_turn(state, s, first, out)
        return True


class SoloFirstGame(Solo, FirstGame):
    """The solo game set up as a first game."""

    name = "solo first game"


class SoloAdvanced(Solo, Advanced):
    """The solo game with the advanced deal."""

    name = "solo advanced"


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
    return _RULESETS[(config.first_game, config.advanced, config.solo)]
