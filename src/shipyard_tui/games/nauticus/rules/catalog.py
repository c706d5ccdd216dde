"""Nauticus components and printed numbers, as data (NAUTICUS.md §1, §4, §9, §13).

Numbers printed only in the pictures of the board and tiles are *reconstructed*: the
constants below say so and name the ruling that closes the gap.
Items are named ``kind:name`` strings (``hull:bow``, ``mast:whale``, ``good:salt``);
the same names key the supply stacks.
"""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    """The eight action tiles (NA-1.3): four blue (paid) and four beige (free)."""

    HULLS = "hulls"
    MASTS = "masts"
    SAILS = "sails"
    GOODS = "goods"
    TRANSPORT = "transport"
    WITHDRAW = "withdraw"
    DELIVER = "deliver"
    CROWNS = "crowns"

    @property
    def paid(self) -> bool:
        return self in PAID_ACTIONS

    @property
    def label(self) -> str:
        return ACTION_TITLES[self]


PAID_ACTIONS = frozenset({Action.HULLS, Action.MASTS, Action.SAILS, Action.GOODS})
ACTIONS: tuple[Action, ...] = tuple(Action)
ACTION_TITLES: dict[Action, str] = {
    Action.HULLS: "Buy hulls",
    Action.MASTS: "Buy masts",
    Action.SAILS: "Buy sails",
    Action.GOODS: "Buy goods",
    Action.TRANSPORT: "Transport",
    Action.WITHDRAW: "Withdraw money",
    Action.DELIVER: "Deliver goods",
    Action.CROWNS: "Crown evaluation",
}

HULL_KINDS = ("bow", "centre", "stern", "single")
"""Hull tiles (NA-1.4), in the item order of the Buy hulls tile (NA-4.5, reconstructed)."""

REGULAR_CRESTS = ("whale", "boat", "helm", "trident")
"""The four regular crests (NA-1.5); *trident* is the project's name for the unnamed one."""

CROWN = "crown"
CRESTS = (*REGULAR_CRESTS, CROWN)

GOODS = ("coffee", "fish", "grain", "salt")
"""The four goods (NA-1.6), in the item order of the Buy goods tile (NA-4.5)."""

ITEMS_OF_ACTION: dict[Action, tuple[str, ...]] = {
    Action.HULLS: tuple(f"hull:{k}" for k in HULL_KINDS),
    Action.MASTS: tuple(f"mast:{c}" for c in REGULAR_CRESTS),
    Action.SAILS: tuple(f"sail:{c}" for c in REGULAR_CRESTS),
    Action.GOODS: tuple(f"good:{g}" for g in GOODS),
}
"""Items in positions 1-4 of each blue tile (NA-4.5, reconstructed: pictured only)."""

STACK_SIZES: dict[str, int] = {
    "hull:single": 18, "hull:bow": 18, "hull:stern": 18, "hull:centre": 9,
    **{f"mast:{c}": 15 for c in REGULAR_CRESTS}, "mast:crown": 12,
    **{f"sail:{c}": 15 for c in REGULAR_CRESTS}, "sail:crown": 12,
    **{f"good:{g}": 12 for g in GOODS},
}
"""The 18 open supply stacks and their printed sizes (NA-1.4 to NA-1.7)."""

ITEMS: tuple[str, ...] = tuple(
    [f"hull:{k}" for k in HULL_KINDS]
    + [f"mast:{c}" for c in CRESTS]
    + [f"sail:{c}" for c in CRESTS]
    + [f"good:{g}" for g in GOODS]
)
"""Every item name in a fixed order (the order of legal moves and of displays)."""


def item_kind(item: str) -> str:
    """``hull``, ``mast``, ``sail`` or ``good``."""
    return item.split(":", 1)[0]


def item_name(item: str) -> str:
    return item.split(":", 1)[1]


def warehouse_units(item: str) -> int:
    """Warehouse space an item takes: a mast 2, anything else 1 (NA-10.1, reconstructed)."""
    return 2 if item.startswith("mast:") else 1


WAREHOUSE_CAPACITY = 12
"""Warehouse units per seat (NA-10.1)."""

FIELDS = 8
"""Fields of the board ring and sections of the wheel (NA-1.1, NA-1.2)."""

BLUE_WORKERS = (0, 1, 3, 2, 2, 1, 3, 2)
"""Blue workers per wheel section, clockwise from the anchor section (NA-4.3,
reconstructed: the book says only 1-3 and none on the anchor; its examples show 2 on
the 2-VP field in round 1)."""

PRICE_DIGITS = (
    (2, 3, 0, 1), (3, 0, 1, 2), (0, 1, 2, 3), (1, 2, 3, 0),
    (2, 3, 0, 1), (3, 0, 1, 2), (0, 1, 2, 3), (1, 2, 3, 0),
)
"""Price of the items in positions 1-4 of a blue tile, per board field (NA-4.4,
reconstructed: a rotation matching every book example)."""

FURTHER_COPY_PRICE = 4
"""Every further copy of an item in one performance costs 4 (NA-6.1, NA-12.2)."""

EXTRA_FIRST_PRICE = 2
"""The first copy of an item in the extra action costs 2 (NA-12.2)."""

EXTRA_WORKERS = 2
"""Workers the extra-action tile brings (NA-12.1)."""


class Bonus(StrEnum):
    """What a field's bonus gives the chooser (NA-4.2)."""

    WORKERS_3 = "3 workers"
    MAST = "1 mast"
    SAIL = "1 sail"
    VP_2 = "2 VP"
    WORKERS_2 = "2 workers"
    WORKER_GOOD = "1 worker + 1 good"
    WORKER_VP = "1 worker + 1 VP"
    COINS_4 = "4 coins"


FIELD_BONUS: tuple[Bonus, ...] = tuple(Bonus)
"""Bonus per board field 0-7, clockwise from the 3-workers field (NA-4.2, positions
reconstructed: the book lists them in printed order)."""

BONUS_GAINS: dict[Bonus, tuple[int, int, int]] = {
    Bonus.WORKERS_3: (3, 0, 0),
    Bonus.MAST: (0, 0, 0),
    Bonus.SAIL: (0, 0, 0),
    Bonus.VP_2: (0, 0, 2),
    Bonus.WORKERS_2: (2, 0, 0),
    Bonus.WORKER_GOOD: (1, 0, 0),
    Bonus.WORKER_VP: (1, 0, 1),
    Bonus.COINS_4: (0, 4, 0),
}
"""Workers, coins and VP each bonus gives (NA-4.2)."""

BONUS_CHOICES: dict[Bonus, tuple[str, ...]] = {
    Bonus.MAST: tuple(f"mast:{c}" for c in REGULAR_CRESTS),
    Bonus.SAIL: tuple(f"sail:{c}" for c in REGULAR_CRESTS),
    Bonus.WORKER_GOOD: tuple(f"good:{g}" for g in GOODS),
}
"""Bonuses that include a tile of the chooser's choice, to the warehouse (NA-4.2)."""


class Reward(StrEnum):
    """Completion rewards, one per mast of the completed ship (NA-9.2)."""

    CROWN_MAST = "crown-mast"
    CROWN_SAIL = "crown-sail"
    VP = "vp"
    COINS = "coins"
    WORKERS = "workers"
    GOODS = "goods"


REWARD_LIMIT = 2
"""Each reward kind at most twice per completed ship (NA-9.1)."""

REWARD_VP = 3
REWARD_COINS = 7
REWARD_WORKERS = 3

START_WORKERS = 4
START_COINS = 15
START_VP = 10
"""Per seat at setup (NA-2.3)."""

PASS_TILES = (3, 2, 1)
"""Penalties of the pass tiles, largest first: the order they are turned (NA-11.1)."""

ROUNDS = {2: 4, 3: 5, 4: 5}
"""Rounds by number of seats (NA-2.2)."""

PHASES_PER_ROUND = 7
"""Phases per round; the eighth tile is not played (NA-3.1)."""

COMPENSATION: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (2, 1)),
    4: ((0, 0), (1, 0), (1, 1), (2, 2)),
}
"""(coins, workers) added by turn order position, from the starting seat (NA-2.4)."""

CROWN_CAP = 15
"""VP one crown-evaluation performance scores at most (NA-7.4)."""

SHIP_VP = {1: 2, 2: 8, 3: 20, 4: 35}
"""End scoring of complete ships by size (NA-13.3)."""

GOODS_VP = (0, 2, 5, 9, 14, 20)
"""End scoring of delivered goods of one kind, for 0-5 goods (NA-13.2); +5 for each
further good."""

LEFTOVER_RATE = 3
"""Leftover items and coins per VP (NA-13.4)."""


def goods_vp(count: int) -> int:
    """VP for ``count`` delivered goods of one kind (NA-13.2).

    >>> [goods_vp(n) for n in range(8)]
    [0, 2, 5, 9, 14, 20, 25, 30]
    """
    if count < len(GOODS_VP):
        return GOODS_VP[count]
    return GOODS_VP[-1] + 5 * (count - len(GOODS_VP) + 1)


PRICE_POSITION: dict[str, int] = {item: k for items in ITEMS_OF_ACTION.values()
                                  for k, item in enumerate(items)}
"""The position (0-3) of each item sold on a blue tile."""


def price(field: int, item: str) -> int:
    """The printed price of ``item`` on the blue tile lying on ``field`` (NA-4.4)."""
    position = PRICE_POSITION.get(item)
    if position is None:
        raise ValueError(f"{item} is not sold on any action tile")
    return PRICE_DIGITS[field][position]


def action_of_item(item: str) -> Action:
    """The blue tile that sells ``item``."""
    for action, items in ITEMS_OF_ACTION.items():
        if item in items:
            return action
    raise ValueError(f"{item} is not sold on any action tile")
