"""Helpers for the Nauticus tests: set-up positions and the invariants of every move."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import cache

from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, parse_move
from shipyard_tui.games.nauticus.rules.catalog import (
    CRESTS,
    GOODS,
    HULL_KINDS,
    STACK_SIZES,
    WAREHOUSE_CAPACITY,
)
from shipyard_tui.games.nauticus.rules.events import Scored
from shipyard_tui.games.nauticus.rules.state import Build, NauticusState, Slot, Step
from support import legal_now, random_playout

TEST_TILES = ["withdraw", "transport", "masts", "hulls", "crowns", "deliver", "goods", "sails"]
"""A fixed layout for unit tests: hulls on the 2-VP field 3 (prices bow 1, centre 2,
stern 3, single 0, 2 blue workers in round 1), masts and goods on field 2 (prices 0, 1,
2, 3 in item order, 3 blue workers), sails on field 7 (1, 2, 3, 0; 2 blue workers)."""


def config(players: int = 2, seed: int = 0) -> NauticusConfig:
    return NauticusConfig(tuple(SeatConfig(f"P{i}") for i in range(players)), seed=seed)


def table(players: int = 2, *, coins: int = 15, workers: int = 4,
          tiles: list[str] | None = None) -> NauticusGame:
    """A fresh game with seat 0 choosing, every seat with the same coins and workers,
    and the test layout of action tiles."""
    game = NauticusGame(config(players))
    state = game.state
    state.chooser = state.start_seat = 0
    state.tiles = list(tiles or TEST_TILES)
    for seat in state.seats:
        seat.coins = coins
        seat.workers = workers
    return game


def build(*hulls: str, masts: str = "", sails: str = "", goods: str = "") -> Build:
    """A build from hull names and, per tile, a crest (or ``-``) for mast and sail and a
    good (or ``-``): ``build("bow", "stern", masts="whale whale")``."""
    def column(text: str) -> list[str | None]:
        values: list[str | None] = [None if w == "-" else w for w in text.split()]
        return values + [None] * (len(hulls) - len(values))

    return Build([Slot(h, m, s, g) for h, m, s, g in
                  zip(hulls, column(masts), column(sails), column(goods), strict=True)])


def give_yard(game: NauticusGame, seat: int, *builds: Build) -> None:
    """Put builds in a seat's yard, taking their tiles from the stacks."""
    state = game.state
    for b in builds:
        state.seats[seat].yard.append(b)
        for slot in b.slots:
            state.stacks[f"hull:{slot.hull}"] -= 1
            for kind, value in (("mast", slot.mast), ("sail", slot.sail), ("good", slot.good)):
                if value is not None:
                    state.stacks[f"{kind}:{value}"] -= 1


def give_warehouse(game: NauticusGame, seat: int, *items: str) -> None:
    state = game.state
    for item in items:
        state.stacks[item] -= 1
        wh = state.seats[seat].warehouse
        wh[item] = wh.get(item, 0) + 1


def play(game: NauticusGame, *moves: str) -> list[object]:
    events: list[object] = []
    for m in moves:
        events.extend(game.play(m))
    return events


def legal(game: NauticusGame) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def pieces(game: NauticusGame) -> Counter[str]:
    """Every stack item wherever it is: stacks, yards, warehouses, delivered goods."""
    state = game.state
    return Counter(_items(state, [[_build_key(b) for b in seat.yard] for seat in state.seats]))


def _items(state: NauticusState, yards: list[list[BuildKey]]) -> dict[str, int]:
    """:func:`pieces` as a plain dict (Counter.update is slower), the seats' builds
    given by their keys."""
    count = dict(state.stacks)
    get = count.get
    for seat, keys in zip(state.seats, yards, strict=True):
        for item, n in seat.warehouse.items():
            count[item] = get(item, 0) + n
        for good, n in seat.delivered.items():
            item = f"good:{good}"
            count[item] = get(item, 0) + n
        for key in keys:
            for item, n in _build_items(key):
                count[item] = get(item, 0) + n
    return count


BuildKey = tuple[tuple[str, str | None, str | None, str | None], ...]
"""A build by its slots' contents (hull, mast, sail, good)."""


def _build_key(b: Build) -> BuildKey:
    return tuple((s.hull, s.mast, s.sail, s.good) for s in b.slots)


@cache
def _build_items(key: BuildKey) -> tuple[tuple[str, int], ...]:
    """The stack items on a build (by its slots' contents): counted once per distinct
    build, as the soaks ask after every move."""
    count: Counter[str] = Counter()
    for hull, mast, sail, good in key:
        count[f"hull:{hull}"] += 1
        for kind, value in (("mast", mast), ("sail", sail), ("good", good)):
            if value is not None:
                count[f"{kind}:{value}"] += 1
    return tuple(count.items())


@cache
def _checked(key: BuildKey) -> bool:
    """:func:`check_build` of a build with these slots (a build that fails raises, and
    is checked again each time it is met)."""
    check_build(Build([Slot(*slot) for slot in key]))
    return True


def check_build(b: Build) -> None:
    """A build obeys NA-8.2 to NA-8.5."""
    hulls = [s.hull for s in b.slots]
    assert 1 <= len(hulls) <= 4
    if "single" in hulls:
        assert hulls == ["single"]
    assert "bow" not in hulls[1:] and "stern" not in hulls[:-1]
    assert hulls.count("centre") <= 2
    assert all(h in HULL_KINDS for h in hulls)
    crests = {c for s in b.slots for c in (s.mast, s.sail) if c is not None and c != "crown"}
    assert len(crests) <= 1
    for s in b.slots:
        assert s.sail is None or s.mast is not None
        assert s.mast is None or s.mast in CRESTS
        assert s.good is None or s.good in GOODS


_ALL_PIECES = {item: n for item, n in STACK_SIZES.items() if n}


class Invariants:
    """The checks after every move of a game; the JSON round trip of the state runs
    every ``json_every`` moves (every move by default)."""

    def __init__(self, json_every: int = 1) -> None:
        self.json_every = json_every
        self.seen = 0
        self.sums: list[int] = []
        self.calls = 0

    def __call__(self, game: NauticusGame) -> None:
        state = game.state
        if not self.sums:
            self.sums = [0] * len(state.seats)
        yards = []
        for seat in state.seats:
            assert seat.coins >= 0 and seat.workers >= 0
            assert 0 <= seat.warehouse_used <= WAREHOUSE_CAPACITY
            assert all(n > 0 for n in seat.warehouse.values())
            assert seat.pass_up in ([3, 2, 1], [2, 1], [1], [])
            keys = [_build_key(b) for b in seat.yard]
            for key in keys:
                _checked(key)
            yards.append(keys)
        assert all(n >= 0 for n in state.stacks.values())
        # every item once (a Counter's equality: a count of 0 is no count)
        assert {k: n for k, n in _items(state, yards).items() if n} == _ALL_PIECES
        for e in game.events[self.seen:]:
            if isinstance(e, Scored):
                self.sums[e.seat] += e.points
        self.seen = len(game.events)
        assert self.sums == [s.vp for s in state.seats], "scores = sum of Scored events"
        if not game.is_over:
            assert legal_now(game), "a seat to move always has a legal move"
            assert state.step is not Step.OVER
        self.calls += 1
        if self.calls % self.json_every == 0 or game.is_over:
            data = state.to_dict()
            assert type(state).from_dict(json.loads(json.dumps(data))).to_dict() == data


def random_game(players: int, seed: int,
                check: Callable[[NauticusGame], None] | None = None,
                shadow: bool = False) -> NauticusGame:
    """A whole game of random legal moves. With ``shadow`` a second game replays every
    move from its notation through the checked ``play`` and must stay identical."""
    twin = NauticusGame(config(players, seed)) if shadow else None

    def after_move(game: NauticusGame) -> None:
        if twin is not None:
            twin.play(parse_move(str(game.moves[-1])))
            assert twin.state.to_dict() == game.state.to_dict()
        if check is not None:
            check(game)

    return random_playout(NauticusGame(config(players, seed)), seed, check=after_move)
