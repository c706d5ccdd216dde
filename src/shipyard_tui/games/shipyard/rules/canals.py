"""Canal systems: tile geometry, placement (R-8), cruises (R-9) and canal removal.

Grid coordinates are ``(x, y)`` with ``y`` growing southwards. A *space* is a
water cell of a placed tile, written ``(x, y, cell)`` with ``cell`` one of
``C N E S W``. Ports are the edge cells; a port is *joined* when the
neighbouring tile has the opposite port.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from shipyard_tui.games.shipyard.rules.catalog import CATALOG, Feature, Icon, Piece
from shipyard_tui.games.shipyard.rules.state import PlacedCanal, Token

DIRECTIONS = ("N", "E", "S", "W")
OFFSETS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

Space = tuple[int, int, str]
Pos = tuple[int, int]


def rotate_cell(cell: str, rotation: int) -> str:
    """Turn a cell name ``rotation`` quarter turns clockwise (``C`` stays)."""
    if cell == "C":
        return cell
    return DIRECTIONS[(DIRECTIONS.index(cell) + rotation) % 4]


@dataclass(frozen=True, slots=True)
class Face:
    """A canal tile as it lies after rotation: its ports and the icon of each space."""

    ports: frozenset[str]
    icons: tuple[tuple[str, Icon], ...]

    def icon(self, cell: str) -> Icon | None:
        for c, icon in self.icons:
            if c == cell:
                return icon
        return None


@cache
def face(canal: str, rotation: int) -> Face:
    tile = CATALOG.canals[canal]
    ports = frozenset(rotate_cell(p, rotation) for p in tile.ports)
    icons = tuple(sorted((rotate_cell(c, rotation), icon) for c, icon in tile.icons))
    return Face(ports, icons)


@cache
def distinct_rotations(canal: str) -> tuple[int, ...]:
    """Rotations that give different faces (a straight canal with no icons has two)."""
    seen: dict[Face, int] = {}
    for r in range(4):
        seen.setdefault(face(canal, r), r)
    return tuple(sorted(seen.values()))


class CanalSystem:
    """A read-only view of one seat's placed canals, keyed by grid position."""

    __slots__ = ("faces", "tiles")

    def __init__(self, canals: Iterable[PlacedCanal]) -> None:
        self.tiles: dict[Pos, PlacedCanal] = {(c.x, c.y): c for c in canals}
        self.faces: dict[Pos, Face] = {p: face(c.canal, c.rotation) for p, c in self.tiles.items()}

    def __len__(self) -> int:
        return len(self.tiles)

    def joined(self, pos: Pos, port: str) -> bool:
        """Whether the port of the tile at ``pos`` meets the opposite port of a neighbour."""
        dx, dy = OFFSETS[port]
        other = self.faces.get((pos[0] + dx, pos[1] + dy))
        return other is not None and OPPOSITE[port] in other.ports

    def neighbours(self, pos: Pos) -> Iterator[tuple[str, Pos]]:
        """The joined ports of a tile and the positions of the tiles they join."""
        for port in self.faces[pos].ports:
            if self.joined(pos, port):
                dx, dy = OFFSETS[port]
                yield port, (pos[0] + dx, pos[1] + dy)

    # -- placement (R-8.2) -------------------------------------------------

    def can_place(self, canal: str, x: int, y: int, rotation: int) -> bool:
        if not self.tiles:
            return (x, y) == (0, 0)
        if (x, y) in self.tiles:
            return False
        ports = face(canal, rotation).ports
        for port in ports:
            dx, dy = OFFSETS[port]
            other = self.faces.get((x + dx, y + dy))
            if other is not None and OPPOSITE[port] in other.ports:
                return True
        return False

    def joins(self, canal: str, x: int, y: int, rotation: int) -> list[tuple[str, Pos]]:
        """The placed tiles a canal put at ``(x, y)`` turned ``rotation`` would join
        (R-8.2): each port of the new tile that meets a port of a neighbour, with that
        neighbour's position, in the order N, E, S, W."""
        out = []
        for port in face(canal, rotation).ports:
            dx, dy = OFFSETS[port]
            other = self.faces.get((x + dx, y + dy))
            if other is not None and OPPOSITE[port] in other.ports:
                out.append((port, (x + dx, y + dy)))
        return sorted(out, key=lambda j: "NESW".index(j[0]))

    def open_spots(self) -> list[Pos]:
        """Empty positions that a port of the system faces: where a new tile can join."""
        spots = set()
        for (x, y), f in self.faces.items():
            for port in f.ports:
                dx, dy = OFFSETS[port]
                spot = (x + dx, y + dy)
                if spot not in self.tiles:
                    spots.add(spot)
        return sorted(spots, key=lambda p: (p[1], p[0]))

    def placements(self, canal: str) -> list[tuple[int, int, int]]:
        """Every legal ``(x, y, rotation)`` for a canal tile, in a fixed order."""
        rotations = distinct_rotations(canal)
        if not self.tiles:
            return [(0, 0, r) for r in rotations]
        out = []
        for x, y in self.open_spots():
            for r in rotations:
                if self.can_place(canal, x, y, r):
                    out.append((x, y, r))
        return out

    def accepts_a_tile(self) -> bool:
        """Whether some canal tile could be added (every canal has a port to turn anywhere)."""
        return not self.tiles or bool(self.open_spots())

    # -- the ship token (R-9.1) --------------------------------------------

    def start_spaces(self) -> list[Space]:
        """Port spaces at open edges, where the token may start before the first cruise."""
        out = []
        for pos in sorted(self.tiles, key=lambda p: (p[1], p[0])):
            for port in DIRECTIONS:
                if port in self.faces[pos].ports and not self.joined(pos, port):
                    out.append((pos[0], pos[1], port))
        return out

    def next_spaces(self, x: int, y: int, cell: str, came_from: str
                    ) -> Iterator[tuple[int, int, str, str]]:
        """Spaces one step ahead of a token, with the direction each is entered from."""
        f = self.faces[(x, y)]
        if cell == "C":
            for port in DIRECTIONS:
                if port in f.ports and port != came_from:
                    yield x, y, port, "C"
        elif came_from == "C":
            dx, dy = OFFSETS[cell]
            nx, ny = x + dx, y + dy
            other = self.faces.get((nx, ny))
            back = OPPOSITE[cell]
            if other is not None and back in other.ports:
                yield nx, ny, back, back
        else:
            yield x, y, "C", cell

    def start_tokens(self) -> list[Token]:
        """The token on each start space, as if it had just sailed in (R-9.1)."""
        return [Token(x, y, cell, cell) for x, y, cell in self.start_spaces()]

    def _walk(self, token: Token, limit: int, on_step: Callable[[list[Space]], None]) -> None:
        """Every way forward from the token, up to ``limit`` steps; ``on_step`` sees the
        trail after each step. Never straight back, never into a tile left (R-9.2)."""
        trail: list[Space] = []
        left: set[Pos] = set()

        def walk(x: int, y: int, cell: str, came_from: str) -> None:
            if len(trail) == limit:
                return
            for nx, ny, ncell, ncame in self.next_spaces(x, y, cell, came_from):
                crossing = (nx, ny) != (x, y)
                if crossing:
                    if (nx, ny) in left:
                        continue
                    left.add((x, y))
                trail.append((nx, ny, ncell))
                on_step(trail)
                walk(nx, ny, ncell, ncame)
                trail.pop()
                if crossing:
                    left.discard((x, y))

        walk(token.x, token.y, token.cell, token.came_from)

    def cruise_paths(self, token: Token, speed: int) -> list[tuple[Space, ...]]:
        """Every path of exactly ``speed`` steps from the token (R-9.2), in a fixed order.

        A path never enters a space it just left and never re-enters a tile it left.
        """
        paths: list[tuple[Space, ...]] = []
        if speed > 0:
            self._walk(token, speed,
                       lambda trail: paths.append(tuple(trail)) if len(trail) == speed else None)
        return paths

    def cruise_lengths(self, token: Token | None, limit: int = 30) -> set[int]:
        """Every cruise length up to ``limit`` from the token, or from any start space
        when the token is not placed yet."""
        lengths: set[int] = set()
        for start in [token] if token is not None else self.start_tokens():
            self._walk(start, limit, lambda trail: lengths.add(len(trail)))
        return lengths

    def attached(self, start: Pos) -> set[Pos]:
        """Tiles attached to the tile at ``start`` through chains of edges with matching
        ports (R-8.2), ``start`` included: what stays when canals are removed (R-9.6)."""
        seen = {start}
        frontier = [start]
        while frontier:
            pos = frontier.pop()
            for _, nxt in self.neighbours(pos):
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        return seen


    def reachable(self, token: Token) -> set[Pos]:
        """Tiles the token can still reach moving only forward (R-9.3): where a cruise
        can still go. (What R-9.6 keeps is wider: see :meth:`attached`.)"""
        start = (token.x, token.y)
        f = self.faces[start]
        if token.cell == "C":
            exits = [p for p in f.ports if p != token.came_from]
        elif token.came_from == "C":
            exits = [token.cell]
        else:
            exits = [p for p in f.ports if p != token.cell]
        seen = {start}
        frontier = [(start[0] + OFFSETS[port][0], start[1] + OFFSETS[port][1])
                    for port in exits if self.joined(start, port)]
        while frontier:
            pos = frontier.pop()
            if pos in seen:
                continue
            seen.add(pos)
            frontier.extend(nxt for _, nxt in self.neighbours(pos) if nxt not in seen)
        return seen

def end_token(path: tuple[Space, ...], start: Token) -> Token:
    """Where the token stands after a path, remembering the space it came from (R-9.4)."""
    prev: Space = (start.x, start.y, start.cell)
    came_from = start.came_from
    for space in path:
        if (space[0], space[1]) != (prev[0], prev[1]):
            came_from = space[2]
        elif space[2] == "C":
            came_from = prev[2]
        else:
            came_from = "C"
        prev = space
    return Token(prev[0], prev[1], prev[2], came_from)


def space_text(space: Space) -> str:
    return f"{space[0]},{space[1]},{space[2]}"


def parse_space(text: str) -> Space:
    x, y, cell = text.split(",")
    return int(x), int(y), cell


ICON_PARTS = {
    Icon.MILITARY: "military",
    Icon.COMMERCE: "commerce",
    Icon.LANTERN: "lantern",
    Icon.BOAT: "lifeboat",
    Icon.BUOY: "lifebuoy",
    Icon.RIBAND: "riband",
}
"""Score-part names of the cruise icons, as used in ship point breakdowns."""


def icon_points(icon: Icon, pieces: dict[str, int], features: dict[Feature, int], step: int
                ) -> int:
    """What one official (or the Blue Riband at ``step``) awards a ship (R-9.3)."""
    if icon is Icon.MILITARY:
        return pieces.get(Piece.SOLDIER.value, 0) + pieces.get(Piece.CANNON.value, 0)
    if icon is Icon.COMMERCE:
        return pieces.get(Piece.BUSINESSMAN.value, 0) + pieces.get(Piece.CRANE.value, 0)
    if icon is Icon.LANTERN:
        return features.get(Feature.LANTERN, 0)
    if icon is Icon.BOAT:
        return features.get(Feature.BOAT, 0)
    if icon is Icon.BUOY:
        return features.get(Feature.BUOY, 0)
    return step


@dataclass(frozen=True, slots=True)
class CruiseScore:
    """The points of one cruise path: each official entered, and the last Blue Riband."""

    parts: dict[str, int]
    scored_spaces: tuple[tuple[Space, Icon, int], ...]

    @property
    def total(self) -> int:
        return sum(self.parts.values())


def score_path(system: CanalSystem, path: tuple[Space, ...], pieces: dict[str, int],
               features: dict[Feature, int]) -> CruiseScore:
    """Score a cruise path for a ship with these pieces and tile features (R-9.3)."""
    parts = {name: 0 for name in ICON_PARTS.values()}
    scored: list[tuple[Space, Icon, int]] = []
    riband_at = -1
    for step, space in enumerate(path, start=1):
        icon = system.faces[(space[0], space[1])].icon(space[2])
        if icon is None:
            continue
        if icon is Icon.RIBAND:
            riband_at = len(scored)
        points = icon_points(icon, pieces, features, step)
        scored.append((space, icon, points))
    for index, (_space, icon, points) in enumerate(scored):
        if icon is Icon.RIBAND and index != riband_at:
            continue
        parts[ICON_PARTS[icon]] += points
    return CruiseScore(parts, tuple(scored))
