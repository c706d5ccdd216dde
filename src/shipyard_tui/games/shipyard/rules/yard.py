"""The shipyard: which placements are legal (R-5.2) and which ships are complete (R-5.1).

A yard is read as a pattern of one letter a cell (ten cells, R-5.1; nine in the
classic rules, RC-5.1): ``B`` bow, ``M`` middle, ``S`` stern,
``.`` empty, cell 0 first. A pattern is *completable* when its tiles can be split
into future ships that depart one after another: some interval that holds only
tiles fitting a ship shape (bow first, stern last, middles between, 1 to 7
middles) can be completed and sail first, and what remains is completable again.
Tiles may count on cells that an earlier ship frees, exactly as R-5.2 allows.

>>> completable("BS........")
False
>>> completable("B.S.......")
True
>>> legal_cells("B.........", "M")
(1, 2, 3, 4, 5, 6, 7, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from shipyard_tui.games.shipyard.rules.catalog import CATALOG, TileKind

CELLS = 10
MAX_MIDDLES = 7
KIND_LETTER = {TileKind.BOW: "B", TileKind.MIDDLE: "M", TileKind.STERN: "S"}
EMPTY = "."


_LETTERS: dict[str | None, str] = {
    tile.id: KIND_LETTER[tile.kind] for tile in CATALOG.ship_tiles.values()
}
_LETTERS[None] = EMPTY


def _letter(tile_id: str | None) -> str:
    letter = _LETTERS.get(tile_id)
    if letter is None:
        assert tile_id is not None
        letter = _LETTERS[tile_id] = KIND_LETTER[CATALOG.ship(tile_id).kind]
    return letter


def pattern(yard: Sequence[str | None]) -> str:
    """The letter pattern of a yard given as tile ids (``None`` for empty cells)."""
    try:
        return "".join(map(_LETTERS.__getitem__, yard))
    except KeyError:  # a tile not seen before (a blank one): learn its letter
        return "".join([_LETTERS.get(t) or _letter(t) for t in yard])


# A pattern is also read as a 30-bit number: cell ``c`` holds a bow in bit ``3c``, a
# middle in bit ``3c + 1`` and a stern in bit ``3c + 2``: one octal digit a cell.
_CODE = {"B": 1, "M": 2, "S": 4, EMPTY: 0}
_OCTAL = str.maketrans({letter: str(code) for letter, code in _CODE.items()})


@cache
def _interval_masks(cells: int = CELLS) -> tuple[tuple[int, int], ...]:
    """For every cell interval a ship may occupy in a yard of ``cells`` cells: the tiles
    that would stop it from fitting one ship (a middle or stern at the bow, a bow or
    middle at the stern, a bow or stern between) and all its cells, as masks of the
    pattern's number."""
    out = []
    for i in range(cells - 2):
        for j in range(i + 2, min(i + MAX_MIDDLES + 1, cells - 1) + 1):
            misfits = (6 << 3 * i) | (3 << 3 * j)
            misfits |= sum(5 << 3 * k for k in range(i + 1, j))
            span = sum(7 << 3 * k for k in range(i, j + 1))
            out.append((misfits, span))
    return tuple(out)


_INTERVALS = _interval_masks(CELLS)


def _encode(p: str) -> int:
    """The pattern as a number; cell 0 is the lowest octal digit.

    >>> oct(_encode("BM.S......"))
    '0o4021'
    """
    return int(p[::-1].translate(_OCTAL), 8)


def _clears(tiles: int, intervals: tuple[tuple[int, int], ...] = _INTERVALS) -> bool:
    """Whether ships can sail one after another until no tile is left (see completable)."""
    while tiles:
        for misfits, span in intervals:
            if tiles & span and not tiles & misfits:
                tiles &= ~span
                break
        else:
            return False
    return True


_CLEARED: dict[int, bool] = {0: True}
""":func:`_clears` of the tiles left after each departure in a 10-cell yard: the same
remainders follow from many yards (most of a yard but the tile being tried)."""


def _clears_ten(tiles: int) -> bool:
    """:func:`_clears` in a yard of :data:`CELLS` cells, each remainder remembered."""
    known = _CLEARED.get(tiles)
    if known is not None:
        return known
    for misfits, span in _INTERVALS:
        if tiles & span and not tiles & misfits:
            known = _clears_ten(tiles & ~span)
            break
    else:
        known = False
    _CLEARED[tiles] = known
    return known


@cache
def completable(p: str) -> bool:
    """Whether every tile of the pattern can still become part of a complete ship.

    A ship may sail from an interval whose tiles fit one ship (bow first, stern last,
    middles between); sailing only empties cells, which never stops another interval
    from fitting. So sailing any such interval that holds a tile, again and again,
    clears the yard exactly when some order of departures does: no search is needed.
    """
    return _clears_in(_encode(p), len(p))


@cache
def _clears_in(tiles: int, cells: int) -> bool:
    """:func:`_clears` for a yard of ``cells`` cells, remembered: the same tiles are
    reached from many patterns (a tile placed in another order), and a fresh game
    asked again for most of them."""
    if cells == CELLS:
        return _clears_ten(tiles)
    return _clears(tiles, _interval_masks(cells))


@cache
def complete_ships(p: str) -> tuple[tuple[int, int], ...]:
    """The complete ships of a pattern as (bow cell, stern cell) pairs, left to right."""
    ships = []
    i = 0
    cells = len(p)
    while i < cells:
        if p[i] == "B":
            j = i + 1
            while j < cells and p[j] == "M":
                j += 1
            if j < cells and p[j] == "S" and 1 <= j - i - 1 <= MAX_MIDDLES:
                ships.append((i, j))
                i = j + 1
                continue
        i += 1
    return tuple(ships)


@cache
def legal_cells(p: str, letter: str) -> tuple[int, ...]:
    """The cells where a tile of kind ``letter`` may be placed (R-5.2)."""
    tiles = _encode(p)
    code = _CODE[letter]
    last_empty = p.count(EMPTY) == 1
    size = len(p)
    cells = []
    for c in range(size):
        if p[c] == EMPTY and _clears_in(tiles | code << 3 * c, size):
            if last_empty and not complete_ships(p[:c] + letter + p[c + 1 :]):
                continue
            cells.append(c)
    return tuple(cells)


def has_legal_cell(p: str, letter: str) -> bool:
    """Whether a tile of kind ``letter`` may be placed somewhere: :func:`legal_cells`
    is not empty (asked for every kind at every choice of a tile, so it stops at the
    first legal cell)."""
    tiles = _encode(p)
    code = _CODE[letter]
    last_empty = p.count(EMPTY) == 1
    size = len(p)
    for c in range(size):
        if p[c] == EMPTY and _clears_in(tiles | code << 3 * c, size):
            if last_empty and not complete_ships(p[:c] + letter + p[c + 1 :]):
                continue
            return True
    return False


def placement_problem(p: str, letter: str, cell: int) -> str | None:
    """Why a tile of kind ``letter`` may not go in ``cell``, or ``None`` when it may.

    The reasons are written for players; the interface shows them on illegal cells.
    """
    size = len(p)
    if not 0 <= cell < size:
        return "there is no such cell"
    if p[cell] != EMPTY:
        return "the cell is taken"
    new = p[:cell] + letter + p[cell + 1 :]
    if not completable(new):
        if (letter == "S" and cell > 0 and p[cell - 1] == "B") or (
                letter == "B" and cell < size - 1 and p[cell + 1] == "S"):
            return "a ship needs a middle between its bow and its stern"
        if letter == "B" and cell >= size - 2:
            return "a bow here leaves no room for a stern"
        if letter == "S" and cell <= 1:
            return "a stern here leaves no room for a bow"
        if letter == "M" and cell in (0, size - 1):
            return "a middle at the edge can never be between a bow and a stern"
        return "this tile could never become part of a complete ship"
    if EMPTY not in new and not complete_ships(new):
        return "the yard may only fill up when a ship in it is complete"
    return None


@cache
def completing_cells(p: str, letter: str) -> tuple[int, ...]:
    """Cells where one tile of kind ``letter`` completes a ship (the last chance, R-10.4)."""
    out = []
    for c in legal_cells(p, letter):
        new = p[:c] + letter + p[c + 1 :]
        if any(i <= c <= j for i, j in complete_ships(new)):
            out.append(c)
    return tuple(out)
