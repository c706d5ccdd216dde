"""The game seam: what a game provides to every layer above its rules.

A game of the project (Shipyard with its rule books, Nauticus, the tests' tiny game)
is one :class:`GameKind`. The layers written once for every game (saves, ``simulate``,
``tournament``, ``scores``, the command line, the server's tables, the interface's
shell) ask the kind, never the game's own modules: they find it by name or by a game
object through the registry (:mod:`shipyard_tui.games`), which is the one place that
names the games.

The seam is standard library only, like the rules: what a game hands the interface
(its table screen, review renderables) is typed :data:`~typing.Any` here and imported
by the game's kind only when asked for.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from shipyard_tui.core.advice import Hint, MomentsReport, NoAdvice, hint_budget
from shipyard_tui.core.driver import Bot, SeatDriver, bot_seed
from shipyard_tui.core.driver import resolve_level as core_resolve_level
from shipyard_tui.core.protocol import DecisionLoop
from shipyard_tui.core.seats import SeatConfig, SeatKind

AnyGame = DecisionLoop[Any, Any, Any, Any]
"""A game of any kind, as the shared layers hold it."""


class OldRulesError(ValueError):
    """A saved game that today's rules cannot replay (it was played under an earlier
    reading of them): it can be reviewed as stored, not continued."""


class Outcome(Protocol):
    """What every game's result says: each seat's score and the winning seats."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class Options:
    """The setup choices a new game may take beyond its seats and seed. A kind says
    which it has (:attr:`GameKind.options`); asking another is a ``ValueError``."""

    rules: str = ""
    """The rule book, where a game has several (Shipyard: ``second`` or ``classic``);
    empty for the game's default."""
    solo: bool = False
    first_game: bool = False
    advanced: bool = False
    start_seat: int | None = None
    """The seat that starts (0 for the first), where the player setting up may pick it;
    ``None``: as the game's rules choose."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Options of a game's own, by name."""

    def asked(self) -> list[str]:
        """The names of the options set (empty: the game's defaults).

        >>> Options(solo=True, rules="classic").asked()
        ['rules', 'solo']
        """
        named = [name for name, on in (("rules", bool(self.rules)), ("solo", self.solo),
                                       ("first_game", self.first_game),
                                       ("advanced", self.advanced),
                                       ("start_seat", self.start_seat is not None)) if on]
        return named + sorted(self.extra)


SEARCH = "strong"
"""The bot level that searches, in every game that has one."""

EXPERT = "expert"
"""The level above it: the same search given :data:`EXPERT_BUDGET_MS` a decision
instead of the strong level's default (issue 37), in every game with a search level.
Bots think in a worker thread, so the keyboard stays live while it does."""

EXPERT_BUDGET_MS = 1000.0
"""The expert level's thinking time for one decision, in milliseconds, where the strong
level thinks its game's default."""


def expert_budget(budget_ms: float | None, default_ms: float) -> float:
    """The expert level's thinking time for a strong level budget of ``budget_ms``
    (``None``: the game's default, ``default_ms``): in the same proportion as
    :data:`EXPERT_BUDGET_MS` is to the default, so a shorter strong level (in tests, a
    slow machine's settings) makes a shorter expert.

    >>> expert_budget(None, 250.0), expert_budget(25.0, 250.0)
    (1000.0, 100.0)
    """
    strong = default_ms if budget_ms is None else budget_ms
    return EXPERT_BUDGET_MS * strong / default_ms


DEFAULT_OPTIONS = Options()
"""No options: the game's defaults."""

@dataclass(frozen=True, slots=True)
class Page:
    """One page of a game's "How to play" (:meth:`GameKind.how_to_play`)."""

    title: str
    text: str
    """The page's words, in Rich console markup (``[b]...[/b]``), paragraphs apart by a
    blank line."""
    picture: Callable[[bool], Any] | None = None
    """Draws the page's illustration, a Rich renderable; its argument says that only
    ASCII may be drawn (it then draws a legible ASCII form of its own)."""


@dataclass(frozen=True, slots=True)
class GuideNote:
    """A few words for a newcomer, the first time a kind of decision comes up in a guided
    game (:meth:`GameKind.guide_note`): what the decision is and what to look at."""

    topic: str
    """The kind of decision, by a name of the game's own: what is remembered as
    explained (one note per topic, across games)."""
    title: str
    """A short name for the decision, shown first."""
    lines: tuple[str, ...]
    """Two or three short lines of plain words (no markup)."""


OPTION_WORDS = {"rules": "choice of rule book", "solo": "solo game",
                "first_game": "first-game setup", "advanced": "advanced setup",
                "start_seat": "choice of the starting seat"}


class GameKind(ABC):
    """One game, as the shared layers see it (see the module docstring)."""

    name: ClassVar[str]
    """The name saves, the command line and the server use (``--game NAME``)."""
    title: ClassVar[str]
    """The name people read."""
    package: ClassVar[str]
    """The package holding the game's modules; its game objects are defined there."""
    player_levels: ClassVar[Mapping[str, str]]
    """The bot levels offered to players, by the name they see, with the bot behind each."""
    default_level: ClassVar[str] = "greedy"
    """The bot level of a bot seat that names none."""
    options: ClassVar[frozenset[str]] = frozenset()
    """The :class:`Options` fields this game takes (``extra`` names its own)."""
    rule_books: ClassVar[tuple[str, ...]] = ()
    """The rule books ``Options.rules`` may name, the default first (none: one book)."""
    rule_book_words: ClassVar[Mapping[str, str]] = {}
    """Each rule book as a player choosing one reads it (the name itself where none)."""
    seats: ClassVar[tuple[int, int]] = (2, 4)
    """The fewest and most seats of a game that is not solo."""
    menu_key: ClassVar[str] = ""
    """The title menu's letter for a new game of this one (empty: no entry of its own;
    the default game's are the menu's "new" and "solo")."""
    can_analyse: ClassVar[bool] = False
    """Whether :meth:`key_moments` searches its games (``shipyard analyse``, the
    review's Key moments); without, it raises :class:`~.advice.NoAdvice`."""
    named_in_errors: ClassVar[bool] = True
    """Whether messages name the game ("unknown Nauticus bot level"); the program's own
    game, whose name the program bears, goes unnamed."""

    # -- games -------------------------------------------------------------------------

    def owns(self, game: object) -> bool:
        """Whether ``game`` (or its config) is one of this game's objects."""
        module = type(game).__module__
        return module == self.package or module.startswith(self.package + ".")

    def check_options(self, options: Options) -> None:
        """``ValueError`` for an option this game does not have, in words."""
        for name in options.asked():
            if name not in self.options:
                words = OPTION_WORDS.get(name, f"the option {name!r}")
                raise ValueError(f"{self.title} has no {words}")
        if options.rules and options.rules not in self.rule_books:
            raise ValueError(f"{self.title} has no rule book {options.rules!r} "
                             f"(choose one of {', '.join(self.rule_books)})")

    @abstractmethod
    def make_config(self, seats: Sequence[SeatConfig], seed: int,
                    options: Options = DEFAULT_OPTIONS) -> Any:
        """A checked configuration (``ValueError`` says what is wrong). With
        ``options.solo`` the seats name the one player; the game adds its automa."""

    @abstractmethod
    def config_of(self, game: Any) -> Any:
        """The configuration ``game`` was set up with."""

    @abstractmethod
    def new_game(self, config: Any) -> Any:
        """A new game from a configuration this kind made."""

    @abstractmethod
    def load(self, data: Mapping[str, Any], *, review: bool = False) -> Any:
        """A game from its saved JSON form, replayed and checked (``ValueError``,
        ``KeyError`` or ``TypeError`` when it is damaged). ``review``: a game that can
        no longer be replayed under today's rules may be read as stored, for a review."""

    @abstractmethod
    def summary(self, game: Any) -> dict[str, Any]:
        """What a save listing shows: ``seats``, ``kinds``, ``scores``, ``turn``,
        ``stage`` (in words), ``over``, ``solo``, ``to_move`` and ``winners``."""

    def round_words(self, summary: Mapping[str, Any]) -> str:
        """Where a saved game stands, from its summary, in words."""
        return "finished" if summary.get("over") else f"round {summary.get('turn', 0)}"

    def describe(self, rules: str = "") -> str:
        """The game (and rule book) in words, for listings."""
        return self.title

    def solo_words(self, score: int) -> str:
        """What a finished solo game's score earns, in a few words, for listings (a
        game without solo play has none: "finished")."""
        return "finished"

    @abstractmethod
    def event_json(self, event: Any) -> dict[str, Any]:
        """An event in its JSON form (the ``--events`` stream, golden hashes)."""

    def rules_of(self, game: Any) -> str:
        """The rule book ``game`` plays (empty: the game's only one)."""
        return ""

    def result_fields(self, game: Any) -> dict[str, Any]:
        """Fields of a finished game a simulation reports beyond scores and winners."""
        return {}

    def result_words(self, fields: Mapping[str, Any]) -> str:
        """What a simulated game's line says after its count of moves, from its
        :meth:`result_fields` (``", ..."``; empty: nothing)."""
        return ""

    # -- how to play --------------------------------------------------------------------

    def guides(self) -> list[tuple[str, Options]]:
        """The "How to play" page sets this game offers, each its title and the options
        its pages explain (a rule book, the solo game); by default one, of the game's
        defaults. A set without pages (:meth:`how_to_play` empty) is not offered."""
        return [(self.title, DEFAULT_OPTIONS)]

    def how_to_play(self, options: Options = DEFAULT_OPTIONS) -> list[Page]:
        """The pages that teach a newcomer this game under ``options``: the goal, a
        turn, how points come, how it ends (none by default: the help stands alone)."""
        return []

    # -- the guided first game -----------------------------------------------------------

    def guide_notes(self) -> Sequence[GuideNote]:
        """Every note of :meth:`guide_note`, one per kind of decision (none by default:
        a game without notes shows none)."""
        return ()

    def guide_note(self, game: Any) -> GuideNote | None:
        """The note for the decision the seat to move makes now in ``game`` (at a
        server table, the seat's view of it); None: none (the default)."""
        return None

    # -- bots --------------------------------------------------------------------------

    @abstractmethod
    def bot_factories(self) -> Mapping[str, Any]:
        """The bot levels by engine name, each a factory taking a seed."""

    def bot_levels(self) -> list[str]:
        """Every bot level by engine name: the game's own, and :data:`EXPERT` where it
        has a :data:`SEARCH` level to give more time."""
        levels = list(self.bot_factories())
        return [*levels, EXPERT] if SEARCH in levels and EXPERT not in levels else levels

    def resolve_level(self, level: str) -> str:
        """The bot level for a level name or a player's level name; ``ValueError``
        names the known ones."""
        return core_resolve_level(level, self.bot_levels(), self.player_levels,
                                  self.title if self.named_in_errors else "")

    def player_level(self, level: str) -> str:
        """The name a player sees for a bot level (the level itself when it has none)."""
        return next((shown for shown, lv in self.player_levels.items() if lv == level),
                    level)

    def make_bot(self, level: str, seed: int, budget_ms: float | None = None) -> Bot[Any, Any]:
        """A bot of the named level; ``budget_ms`` sets the thinking time of the levels
        that search (the others have none); the expert level is the search level
        thinking :func:`expert_budget` of it."""
        name = self.resolve_level(level)
        factories = self.bot_factories()
        if name == EXPERT and EXPERT not in factories:
            bot: Bot[Any, Any] = factories[SEARCH](seed)
            bot.budget_ms = expert_budget(budget_ms, self.default_budget_ms())  # type: ignore[attr-defined]
            bot.name = EXPERT
            return bot
        bot = factories[name](seed)
        if budget_ms is not None and hasattr(bot, "budget_ms"):
            bot.budget_ms = budget_ms
        return bot

    def driver(self, config: Any, budget_ms: float | None = None, *,
               every_seat: bool = False) -> SeatDriver[Any, Any]:
        """The seat driver of a game: a bot of its level at every bot seat
        (``every_seat``: at every seat but an automa's, people's seats playing
        ``random`` unless they name a level), seeded by :func:`~.driver.bot_seed`."""
        seats: Sequence[SeatConfig] = config.seats
        bots = {seat: self.make_bot(plan.level or "random", bot_seed(config.seed, seat),
                                    budget_ms)
                for seat, plan in enumerate(seats)
                if plan.kind is SeatKind.BOT
                or (every_seat and plan.kind is not SeatKind.AUTOMA)}
        return SeatDriver(bots)

    def default_budget_ms(self) -> float:
        """The strong level's thinking time for one decision, in milliseconds."""
        return 250.0

    # -- advice: the hint key and the Key moments ----------------------------------------

    def hint(self, game: Any, budget_ms: float | None = None, *,
             move_index: int | None = None) -> Hint:
        """The strong bot's advice for the seat to move, from its view only. It thinks
        by the one rule of every game (:func:`~.advice.hint_budget`): as long as the
        strong bot's budget for one decision, ``budget_ms`` (``None``: the game's
        default). ``move_index``: the moves played before this decision (default: those
        of ``game``, which a copy of its state alone lacks); the search's seed comes
        from it. :class:`~.advice.NoAdvice` where the game gives no hint."""
        budget = hint_budget(budget_ms, self.default_budget_ms())
        index = len(game.moves) if move_index is None else move_index
        return self.search_hint(game, budget, index)

    def search_hint(self, game: Any, budget_ms: float, move_index: int) -> Hint:
        """The game's own search behind :meth:`hint`, thinking ``budget_ms``."""
        raise NoAdvice(f"{self.title} gives no hint yet")

    def key_moments(self, game: Any, *, budget_ms: float, seats: tuple[int, ...],
                    top: int, progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> MomentsReport:
        """Where ``seats`` lost the most points in ``game`` (the ``top`` costliest
        decisions of each), searching each decision for ``budget_ms``;
        ``progress(done, total)`` after each, ``cancelled()`` true stops early.
        :class:`~.advice.NoAdvice` says that the game cannot be analysed yet."""
        raise NoAdvice(f"{self.title} games cannot be analysed yet")

    # -- the table (the observable model, the table screen) -----------------------------

    def visible_events(self, game: Any, seat: int | None, start: int = 0) -> list[Any]:
        """The events of ``game`` that ``seat`` may read (``None``: a watcher), from
        index ``start`` on."""
        return list(game.events[start:])

    def seat_view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may see of ``state``, a moment of the game (``None``: the
        public view)."""
        return state

    def state_before_move(self, game: Any) -> Any | None:
        """A copy of the state a move is played from, where the game then plays turns
        by itself that the table shows one by one (Shipyard's solo automa); ``None``:
        it plays none."""
        return None

    def boards_after_turns(self, before: Any, move: Any) -> dict[int, Any]:
        """The board at the end of each turn the game played by itself after ``move``
        was played from ``before``, by turn number (empty: none)."""
        return {}

    def copy_game(self, game: Any) -> Any:
        """A game of its own from ``game``'s position, for a bot to think over in a
        thread while the table goes on."""
        return type(game).from_state(game.state.copy())

    def table_screen(self, model: Any, *, bot_delay: float,
                     bot_budget_ms: float | None = None, revealed: bool = False,
                     driver: SeatDriver[Any, Any] | None = None,
                     policy: Any = None) -> Any:
        """The game's table screen (a :class:`~shipyard_tui.ui.screens.table.TableScreen`)
        over ``model``, imported when asked: bots pause ``bot_delay`` seconds and the
        strong level thinks ``bot_budget_ms`` (None: its default); ``revealed``: a
        finished game opened again, its review starting with everything revealed;
        ``driver``: who plays the bot seats (None: the kind's :meth:`driver`;
        ``SeatDriver({})``: no bots here); ``policy``: where the table is played (a
        :class:`~shipyard_tui.ui.screens.table.TablePolicy`; None: here). A seat at a
        server table is this screen with no bots and the server's policy
        (:func:`shipyard_tui.server.table_screen.remote_screen`)."""
        raise NotImplementedError(f"{self.title} has no table screen")

    def help_screen(self) -> Any:
        """The game's help (a Textual screen): its rules and keys."""
        raise NotImplementedError(f"{self.title} has no help screen")

    def scenes(self) -> list[Any]:
        """The game's fixed scenes for the snapshot tests and the screenshots (each a
        :class:`~shipyard_tui.ui.scene.Scene`; none by default)."""
        return []

    def remote_view(self) -> type[Any]:
        """How a seat at a server table reads this game from the host's messages: the
        game's :class:`~shipyard_tui.core.remote.RemoteView`, imported when asked."""
        raise NotImplementedError(f"{self.title} is not played at a server's tables")

    # -- the interface (imported when asked) ---------------------------------------------

    @abstractmethod
    def review_renderable(self, game: Any) -> Any:
        """The end-of-game review as a Rich renderable (``shipyard scores``)."""

    @abstractmethod
    def review_json(self, game: Any) -> dict[str, Any]:
        """The end-of-game review as JSON-ready data (``shipyard scores --json``)."""


def outcome_of(game: AnyGame) -> Outcome:
    """The outcome of a finished game (``ValueError`` while it is still going)."""
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    result: Outcome = outcome
    return result
