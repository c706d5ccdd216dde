"""The yard: where a tile may go, and putting it there (NAUTICUS.md §8).

A destination is written ``new`` (start a build), ``left:B`` / ``right:B`` (join an end
of build B), ``B.P`` (on or under hull tile P of build B) or ``w`` (the warehouse).
"""

from __future__ import annotations

from shipyard_tui.games.nauticus.rules.catalog import CROWN, item_kind, item_name
from shipyard_tui.games.nauticus.rules.state import Build, Seat, Slot

WAREHOUSE = "w"
NEW = "new"


def hull_destinations(yard: list[Build], hull: str) -> list[str]:
    """Where a hull tile may be placed (NA-8.3), in build order."""
    dests = [NEW]
    if hull == "single":
        return dests
    for b, build in enumerate(yard):
        if build.is_single:
            continue
        if hull == "bow" and not build.has_bow:
            dests.append(f"left:{b}")
        elif hull == "stern" and not build.has_stern:
            dests.append(f"right:{b}")
        elif hull == "centre" and build.centres < 2:
            if not build.has_bow and build.has_stern:
                dests.append(f"left:{b}")
            elif not build.has_stern:
                # with neither end closed, left and right give the same build
                dests.append(f"right:{b}")
    return dests


def crest_fits(build: Build, crest: str) -> bool:
    """A regular crest fits a build showing no other regular crest (NA-8.4)."""
    if crest == CROWN:
        return True
    other = build.crest
    return other is None or other == crest


def slot_destinations(yard: list[Build], item: str) -> list[str]:
    """Where a mast, sail or good may go (NA-8.4, NA-8.5, NA-6.7)."""
    kind = item_kind(item)
    name = item_name(item)
    dests = []
    for b, build in enumerate(yard):
        if kind != "good" and not crest_fits(build, name):
            continue
        for p, slot in enumerate(build.slots):
            if kind == "mast":
                ok = slot.mast is None
            elif kind == "sail":
                ok = slot.mast is not None and slot.sail is None
            else:
                ok = slot.good is None
            if ok:
                dests.append(f"{b}.{p}")
    return dests


def yard_destinations(yard: list[Build], item: str) -> list[str]:
    """Every legal place in the yard for ``item``."""
    if item_kind(item) == "hull":
        return hull_destinations(yard, item_name(item))
    return slot_destinations(yard, item)


def place(seat: Seat, item: str, dest: str) -> int:
    """Put ``item`` at a yard destination (assumed legal); return the build's index."""
    name = item_name(item)
    if dest == NEW:
        seat.yard.append(Build([Slot(name)]))
        return len(seat.yard) - 1
    if dest.startswith(("left:", "right:")):
        side, b_text = dest.split(":")
        b = int(b_text)
        slots = seat.yard[b].slots
        if side == "left":
            slots.insert(0, Slot(name))
        else:
            slots.append(Slot(name))
        return b
    b_text, p_text = dest.split(".")
    b, p = int(b_text), int(p_text)
    slot = seat.yard[b].slots[p]
    kind = item_kind(item)
    if kind == "mast":
        slot.mast = name
    elif kind == "sail":
        slot.sail = name
    else:
        slot.good = name
    return b


def build_of(dest: str) -> int | None:
    """The build of the yard a destination puts a tile on or beside; ``None`` for a new
    build or the warehouse."""
    if dest in (WAREHOUSE, NEW):
        return None
    return int(dest.split(":")[1] if ":" in dest else dest.split(".")[0])


def is_destination(text: str) -> bool:
    """Whether ``text`` has the form of a destination (for reading moves)."""
    if text in (WAREHOUSE, NEW):
        return True
    if text.startswith(("left:", "right:")):
        return text.split(":", 1)[1].isdigit()
    parts = text.split(".")
    return len(parts) == 2 and all(p.isdigit() for p in parts)
