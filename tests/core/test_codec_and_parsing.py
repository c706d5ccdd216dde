"""The plain-data codec and the move readers, after they were made cheaper (issue 39).

The codec writes each class's encoder and decoder as one straight-line function and
reads strings and numbers inline; a game's ``parse_move`` remembers its answers for
short notations. What they give must not change: the same data, the same errors, and
a move read twice equal to itself (never a move read for another decision).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import pytest

from shipyard_tui.core.codec import OMIT_DEFAULT, from_data, to_data
from shipyard_tui.core.moves import LONGEST_REMEMBERED, MoveSyntaxError
from shipyard_tui.games.nauticus.rules.moves import parse_move as nauticus_parse
from shipyard_tui.games.shipyard.rules import moves
from shipyard_tui.games.shipyard.rules.moves import (
    Exchange,
    NoBonus,
    NoLastTile,
    Place,
    parse_move,
)
from shipyard_tui.games.shipyard.rules.state import DecisionStep


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Word(enum.StrEnum):
    ONE = "one"


class Text(str):
    """A string of its own type: encoded as a plain string."""


@dataclass(slots=True)
class Inner:
    name: str
    count: int = 0


@dataclass(slots=True)
class Outer:
    label: str
    flag: bool
    ratio: float
    colour: Colour
    words: list[str] = field(default_factory=list)
    inners: list[Inner] = field(default_factory=list)
    table: dict[str, int] = field(default_factory=dict)
    maybe: Inner | None = None
    pair: tuple[int, str] = (0, "")
    rare: int = field(default=0, metadata=OMIT_DEFAULT)


def _outer() -> Outer:
    return Outer("yard", True, 0.5, Colour.BLUE, ["a", "b"], [Inner("x", 2), Inner("y")],
                 {"k": 3}, Inner("z", 1), (4, "w"))


def test_a_tree_encodes_to_plain_data_and_back() -> None:
    outer = _outer()
    data = to_data(outer)
    assert data == {"label": "yard", "flag": True, "ratio": 0.5, "colour": "blue",
                    "words": ["a", "b"],
                    "inners": [{"name": "x", "count": 2}, {"name": "y", "count": 0}],
                    "table": {"k": 3}, "maybe": {"name": "z", "count": 1},
                    "pair": [4, "w"]}
    assert from_data(Outer, data) == outer
    outer.rare = 7  # left out while it holds its default, written once it does not
    assert to_data(outer)["rare"] == 7
    assert from_data(Outer, to_data(outer)) == outer


def test_values_of_subclasses_encode_as_before() -> None:
    """An enum that is a ``str`` by its value, a ``str`` subclass as a plain ``str``,
    keys as strings: in lists, dicts and fields alike."""
    data = to_data({Word.ONE: [Text("t"), Word.ONE, Colour.RED, (1, 2)], 5: None})
    assert data == {"one": ["t", "one", "red", [1, 2]], "5": None}
    assert type(data["one"][0]) is str
    inner = Inner(Text("t"))  # type: ignore[arg-type]
    assert type(to_data(inner)["name"]) is str


@pytest.mark.parametrize(("data", "message"), [
    ({"name": 5}, "expected str, got int"),
    ({"name": "a", "count": "5"}, "expected an integer, got str"),
    ({"name": "a", "count": True}, "expected an integer, got bool"),
    ({"count": 1}, "Inner: missing field 'name'"),
    (["name"], "Inner: expected an object, got list"),
])
def test_bad_data_gives_the_same_errors(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        from_data(Inner, data)


def test_bad_values_inside_lists_and_fields_are_refused() -> None:
    good = to_data(_outer())
    for name, bad in (("words", ["a", 3]), ("flag", 1), ("colour", "green"),
                      ("ratio", "x"), ("pair", [1]), ("inners", [{"name": 1}])):
        with pytest.raises(ValueError):
            from_data(Outer, {**good, name: bad})


def test_a_move_read_twice_is_the_same_move() -> None:
    assert parse_move("place 3") == parse_move("place 3") == Place(3)
    assert nauticus_parse("pass") == nauticus_parse("pass")


def test_pass_is_read_by_its_decision_every_time() -> None:
    """The remembered answer is per decision: ``pass`` declines a bonus action after
    the chosen action and the last tile at the last chance (R-10.4)."""
    for _ in range(2):
        assert parse_move("pass", DecisionStep.BONUS_AFTER) == NoBonus()
        assert parse_move("pass", DecisionStep.LAST_CHANCE) == NoLastTile()
        with pytest.raises(MoveSyntaxError):
            parse_move("pass")


def test_bad_notations_are_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(MoveSyntaxError):
            parse_move("fly away")
        with pytest.raises(MoveSyntaxError):
            nauticus_parse("fly away")


def test_a_long_text_is_read_but_not_kept() -> None:
    """A notation longer than any real move's (a strange save) is read each time and
    never held: the remembered answers stay bounded in size."""
    short, long = "exchange tile-a", "exchange " + "t" * LONGEST_REMEMBERED
    before = moves._parse_remembered.cache_info().currsize
    assert parse_move(short) == Exchange("tile-a")
    kept = moves._parse_remembered.cache_info().currsize
    assert kept <= before + 1
    assert parse_move(long) == Exchange("t" * LONGEST_REMEMBERED)
    assert moves._parse_remembered.cache_info().currsize == kept
