"""The table screen every game shares: the one place where moves are played.

A game's table (Shipyard's :class:`~shipyard_tui.games.shipyard.ui.screen.GameScreen`,
:class:`~shipyard_tui.games.nauticus.ui.screen.NauticusScreen`) is a subclass that adds
its board widgets, its choice labels and its help; what is the same at every table is
here, written once:

- the observable model (:class:`~shipyard_tui.model.GameModel`): the screen subscribes
  and redraws on each change; moves and takebacks go through the model, so the commit
  hooks (the app's autosave) and the revision (a second quick Enter is dropped) work
  alike for every game;
- the bots' turns (:class:`~.bot_turns.BotTurns`, one seat driver made by the game's
  kind, thought over in a worker thread) and ``space``, which lets a bot move now;
- the hint (``H``: the game's kind thinks, by the one budget rule), the takeback
  (``u``), save-as (``Ctrl+S``), leaving (``q``), a terminal too small, and the
  keyboard given back to the choices;
- the guided first game (:mod:`~shipyard_tui.ui.guidance`): the first time a kind of
  decision comes up for the person at the screen, the game's note for it
  (:meth:`TableScreen.guide`), laid over the board and put away by Esc.

The game's part provides :meth:`TableScreen.refresh_table` (draw the decision in front
of the table, and call :meth:`TableScreen.guide` once a person's choices are shown) and
:meth:`TableScreen.help_screen`, and may override the other hooks
(:meth:`TableScreen.guide_region`: where a guide note goes).

Where the table is played decides the rest (:class:`TablePolicy`, given to the screen):
at a table of this program (the default) the screen's own bots move and the game is
saved here; a seat at a server table (:mod:`shipyard_tui.server.table_screen`) decides
its own seat only, sends moves and takebacks to the host, and leaves without asking.
Every game's screen serves both, unchanged.
Its ``BINDINGS`` list the keys in the order its footer shows them; :data:`TABLE_KEYS`
are the shared ones to take from.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from textual import events
from textual.actions import SkipAction
from textual.app import SystemCommand
from textual.binding import Binding
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from shipyard_tui.core import SeatDriver
from shipyard_tui.core.advice import Hint
from shipyard_tui.model import Change, ChangeKind, GameModel
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.guidance import GuidePanel, guidance_commands, guidance_of
from shipyard_tui.ui.hints import ask_for_hint
from shipyard_tui.ui.screens.bot_turns import BotTurns
from shipyard_tui.ui.sizes import ask_to_grow
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel

UNDO = Binding("u", "undo", "Undo")
SKIP = Binding("space", "skip", "Skip pause", show=False)
HINT = Binding("H", "hint", "Hint", show=False)
HELP = Binding("question_mark,f1", "help", "Help")
SAVE_AS = Binding("ctrl+s", "save_as", "Save as")
LEAVE = Binding("q", "leave", "Quit")
LOBBY = Binding("q", "lobby", "Lobby")
"""``q`` where leaving the table goes back to a lobby (a server's): the footer offers
one of the two, as the policy says (:attr:`TablePolicy.leaves_for_lobby`)."""

TABLE_KEYS = (UNDO, SKIP, HINT, HELP, SAVE_AS, LEAVE, LOBBY)
"""The keys every table has."""


class TablePolicy:
    """Where a table is played, as its screen asks it: here, at this program's table
    (this class: every hook does what a local table does). A server table's seat has
    its own (:class:`shipyard_tui.server.table_screen.AtServer`)."""

    leaves_for_lobby = False
    """Leaving the table goes back to a lobby (``q`` says "Lobby", not "Quit")."""

    bots_elsewhere = False
    """The bots move elsewhere (the host paces them): turns a game plays by itself are
    still shown one by one here."""

    def mounted(self, screen: TableScreen) -> None:
        """The screen is shown."""

    def unmounted(self, screen: TableScreen) -> None:
        """The screen is gone."""

    def after_change(self, screen: TableScreen, change: Change) -> None:
        """The game or the viewer changed (after the screen has begun to show it: turns
        the game played by itself may be being shown one by one)."""

    def replay_over(self, screen: TableScreen) -> None:
        """The turns the game played by itself have been shown: the present is."""

    def decides_here(self, screen: TableScreen, seat: int) -> bool:
        """Whether the person at ``screen`` makes ``seat``'s decisions."""
        return screen.model.is_human(seat)

    def waiting_for(self, screen: TableScreen, seat: int) -> tuple[str, str] | None:
        """What the choices and the status line say while ``seat`` decides elsewhere;
        None: the game's own words (:meth:`TableScreen.waiting_here`)."""
        return None

    def take_back(self, screen: TableScreen) -> None:
        """Take back the person at ``screen``: their last move, or more (the game says)."""
        screen.take_back()

    def save_as(self, screen: TableScreen) -> None:
        from shipyard_tui.ui.screens.save_as import save_as

        save_as(screen)

    def leave(self, screen: TableScreen) -> None:
        from shipyard_tui.ui.screens.confirm import leave_game

        leave_game(screen, screen.model.game.is_over)


LOCAL = TablePolicy()
"""A table of this program (the default policy; it keeps no state of its own)."""


class TableScreen(Screen[None]):
    """A game's table (see the module docstring); subclasses add the game's parts."""

    BINDINGS = [Binding("escape", "put_guide_away", "Put the note away", show=False,
                        priority=True)]
    """Esc puts a guide note away first (a game's own Esc acts while none is shown; a
    game that binds Esc itself replaces this binding, and its Esc goes to
    :meth:`action_back`, which puts the note away first too)."""

    TOO_SMALL = "too-small"
    """The id of the line that asks for a larger terminal."""
    NOTHING_TO_UNDO = "Nothing to take back."
    """What ``u`` says when the last move cannot be taken back (the game says why)."""
    DECISION_WORD = "decision"
    """What the game calls one seat's go ("turn", "decision"), for the waiting words."""

    def __init__(self, model: GameModel, *, bot_delay: float = 0.6,
                 bot_budget_ms: float | None = None,
                 driver: SeatDriver[Any, Any] | None = None,
                 policy: TablePolicy | None = None) -> None:
        """``driver`` plays the bot seats (by default a bot of its level at every bot
        seat of the game, as its kind makes them; ``SeatDriver({})``: none here);
        ``bot_budget_ms`` is the strong level's thinking time (None: its default), for
        the bots and the hint; ``policy`` says where the table is played (default:
        here, :data:`LOCAL`)."""
        super().__init__()
        self.model = model
        self.policy = LOCAL if policy is None else policy
        self.bot_delay = bot_delay
        self.bot_budget_ms = bot_budget_ms
        self._position = 0
        """Counts changes of the game, so a hint for an old position is dropped."""
        if driver is None:
            driver = model.kind.driver(model.game.config, bot_budget_ms)
        self.bots = BotTurns(self, model, driver, bot_delay, self._may_play)
        self._unsubscribe: Any = None
        self._holding = False
        """Several moves are being played as one choice: the table is drawn once they
        all are (:meth:`play_in_a_row` with ``hold``)."""
        self._guide: GuidePanel | None = None
        self._guide_panel: GuidePanel | None = None
        """The note's panel, mounted at the first note and kept (hidden between notes)."""
        """The guide note on show."""

    # -- the model --------------------------------------------------------------------

    @while_open  # taken down before it was shown: nothing to listen for
    def on_mount(self) -> None:
        self._unsubscribe = self.model.subscribe(self._on_change)
        self.policy.mounted(self)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.bots.cancel()
        self.policy.unmounted(self)

    @while_open
    def _on_change(self, change: Change) -> None:
        if change.kind in (ChangeKind.HIGHLIGHT, ChangeKind.PAST):
            return
        self._position += 1
        if change.kind in (ChangeKind.UNDO, ChangeKind.LOAD) or (
                change.kind is ChangeKind.MOVE and not self.bots.playing):
            self.bots.cancel()  # what a bot thought is for a position that is gone
        self.after_change(change)
        self.changed(change)
        self.guide(show=False)  # a note outlives no change of its kind of decision
        self.policy.after_change(self, change)

    def after_change(self, change: Change) -> None:
        """A hook called on every change of the game or the viewer, before the table
        is redrawn."""

    def changed(self, change: Change) -> None:
        """Show the change: by default, the table is drawn again."""
        self.refresh_table()

    # -- playing ----------------------------------------------------------------------

    def play_in_a_row(self, moves: Iterable[Any], revision: int, *,
                      hold: bool = False) -> int:
        """Play the moves of one choice (a macro move: a marker's steps and what it
        takes, every use left of an action), the first at ``revision`` of the model and
        each at the revision the one before left, while the same seat decides; stop at
        one the game has moved on from or the rules refuse. ``hold``: draw the table
        once, after the last (not after each). How many were played."""
        seat, played = self.model.to_move, 0
        self._holding = hold
        try:
            for move in moves:
                if self.model.revision != revision or self.model.to_move != seat \
                        or not self.play_one(move, revision):
                    break
                revision, played = self.model.revision, played + 1
        finally:
            self._holding = False
        if hold:
            self.refresh_table()
        return played

    def play_one(self, move: Any, revision: int | None = None) -> bool:
        """Play one move chosen at ``revision`` (None: now); whether it was played (a
        move no longer on offer is dropped)."""
        if move not in self.model.legal_moves():
            return False
        self.model.play(move, at=revision)
        return True

    def refresh_table(self) -> None:
        """Show the decision in front of the table (the game's part draws it)."""
        raise NotImplementedError

    def say_status(self, text: str) -> None:
        """Say ``text`` on the table's status line (what happens now)."""

    @property
    def replaying(self) -> bool:
        """Turns already played are being shown one by one (no move may be made)."""
        return False

    def finish_replay(self) -> None:
        """Show the present at once (after turns shown one by one)."""

    def replay_over(self) -> None:
        """The game's part has shown the turns played by themselves: draw the present
        and tell the policy (whose turn it is now shows)."""
        self.refresh_table()
        self.policy.replay_over(self)

    def _may_play(self) -> bool:
        """Whether a bot's move may be played now."""
        return not self.replaying

    def schedule_bots(self) -> None:
        """A bot decides now: let it think (after the pause)."""
        if self.bots.driver.bot_to_move(self.model.game):
            self.bots.schedule()

    # -- the guided first game --------------------------------------------------------

    def guide(self, *, show: bool = True) -> None:
        """Show the game's note for the decision the person at this screen makes now,
        the first time its kind comes up (as the app's guidance says); put away a note
        shown for another kind, or when nobody here decides. The game's part calls it
        once a person's choices are shown; ``show=False`` only puts away."""
        guidance = guidance_of(self.app)
        seat = self.model.to_move
        note = None
        if (guidance is not None and seat is not None and not self.replaying
                and self.decides_here(seat)):
            note = self.model.kind.guide_note(self.model.game)
        topic = None if note is None else f"{self.model.kind.name}:{note.topic}"
        if self._guide is not None and self._guide.topic == topic:
            # the same kind of decision again: its note stays until put away, laid
            # over what the table holds there now
            self.call_after_refresh(self.place_guide)
            return
        self.put_guide_away()
        if not show or note is None or topic is None or guidance is None \
                or not guidance.wants(topic) or not self.is_attached:
            return
        guidance.explained(topic)
        ascii = bool(getattr(self.app, "ascii", False))
        panel = self._guide_panel
        if panel is None or not panel.is_attached:
            # mounted once and kept: a note shown again is filled and moved, which
            # redraws the rows it covers, where mounting one laid the screen out anew
            panel = self._guide_panel = GuidePanel(note, topic, ascii=ascii)
            self.mount(panel)
        else:
            panel.show(note, topic, ascii=ascii)
        self._guide = panel
        self.call_after_refresh(self.place_guide)  # where, once the table is laid out

    def guide_region(self) -> Region | None:
        """The part of the screen a guide note is laid over, at its top and as wide
        (the game's part says where; None: the screen's top). It holds none of the
        choices, and a note taller than it grows upward from its bottom, over the
        board: the choices keep every row."""
        return None

    def place_guide(self) -> None:
        """Lay the guide note on show over :meth:`guide_region` (again after a resize)."""
        panel = self._guide
        if panel is None or not panel.is_attached:
            return
        region = self.guide_region() or Region(0, 0, self.size.width, self.size.height // 3)
        gutter = panel.styles.gutter
        rows = gutter.height + panel.get_content_height(
            region.size, self.size, max(region.width - gutter.width, 1))
        top = region.y if rows <= region.height else max(region.bottom - rows, 0)
        panel.styles.offset = (region.x, top)
        panel.styles.width = region.width
        panel.styles.visibility = "visible"

    def on_resize(self, event: events.Resize) -> None:
        """A guide note moves with what it covers (the games' parts lay out anew)."""
        if self._guide is not None:
            self.call_after_refresh(self.place_guide)

    @property
    def guide_shown(self) -> GuidePanel | None:
        """The guide note on show, if any."""
        return self._guide

    def put_guide_away(self) -> None:
        """Take the guide note off the table (its kind stays explained): hidden, kept
        for the next note."""
        panel, self._guide = self._guide, None
        if panel is not None and panel.is_attached:
            panel.styles.visibility = "hidden"

    def action_put_guide_away(self) -> None:
        """Esc: put the guide note away; without one, Esc does what the game says."""
        if self._guide is None:
            raise SkipAction()
        self.put_guide_away()

    # -- the terminal -------------------------------------------------------------------

    def fit(self, width: int, height: int) -> None:
        """Ask for a larger terminal when this one is too small; else give the keyboard
        back to the choices once drawn."""
        if not ask_to_grow(self, self.query_one(f"#{self.TOO_SMALL}", Static), width, height):
            self.call_after_refresh(self._focus_choices)

    def on_screen_resume(self) -> None:
        self._focus_choices()

    def _focus_choices(self) -> None:
        """Give the keyboard back to the choice list (a hidden widget loses focus)."""
        if self.is_attached and not self.has_class("-tiny") and self.is_current:
            self.query_one(ChoicePanel).options.focus()

    # -- actions --------------------------------------------------------------------------

    def action_skip(self) -> None:
        """``space``: show the present at once, or let a bot waiting out its pause move
        now."""
        if self.replaying:
            self.finish_replay()
            return
        self.bots.hurry()

    def action_hint(self) -> None:
        """Ask the strong bot what it would do, in a thread: the table stays live."""
        seat = self.model.to_move
        if self.replaying:
            self.notify("Turns are being shown: space skips them, then H gives a hint.",
                        timeout=3)
            return
        if seat is None or not self.decides_here(seat):
            self.notify("A hint is for the person whose turn it is.", timeout=3)
            return
        snapshot = self.model.kind.copy_game(self.model.game)
        played = self.model.moves_played
        position = self._position
        ask_for_hint(self, lambda: self.hint_of(snapshot, played),
                     lambda: position == self._position)

    def decides_here(self, seat: int) -> bool:
        """Whether the person at this screen makes ``seat``'s decisions (as the policy
        says)."""
        return self.policy.decides_here(self, seat)

    def waiting_for(self, seat: int) -> tuple[str, str]:
        """What the choice panel and the status line say while ``seat``, not the person
        at this screen, decides: the policy's words (a server table says who decides
        there), else the game's (:meth:`waiting_here`)."""
        words = self.policy.waiting_for(self, seat)
        return self.waiting_here(seat) if words is None else words

    def waiting_here(self, seat: int) -> tuple[str, str]:
        """The game's words for :meth:`waiting_for` at a table of this program."""
        name = self.seat_name(seat)
        return f"Waiting for {name}.", f"{name}'s {self.DECISION_WORD}"

    def seat_name(self, seat: int) -> str:
        """The name of ``seat``, as the game was set up (every game's config has its
        seats)."""
        name: str = self.model.game.config.seats[seat].name
        return name

    def hint_of(self, snapshot: Any, played: int) -> Hint:
        """The hint for ``snapshot``, a copy of the game before move number ``played``
        (called in a worker thread): the game's kind thinks by the one budget rule."""
        return self.model.kind.hint(snapshot, self.bot_budget_ms, move_index=played)

    def help_screen(self) -> Screen[Any]:
        """The game's help: its rules and keys."""
        raise NotImplementedError

    def system_commands(self) -> Iterator[SystemCommand]:
        """What the command palette offers at this table."""
        yield SystemCommand("Undo", "Take back the last move of this turn", self.action_undo)
        yield SystemCommand("Save as…", "Keep this game under a name", self.action_save_as)
        yield SystemCommand("Help", "Keys and the board's abbreviations", self.action_help)
        yield from guidance_commands(self.app)

    def action_undo(self) -> None:
        """``u``: show the present at once, or take back the last move of the person
        at this screen (:meth:`take_back`), or say why there is none."""
        if self.replaying:
            self.finish_replay()
            return
        if not self.model.can_undo:
            self.notify(self.NOTHING_TO_UNDO, timeout=3)
            return
        self.policy.take_back(self)

    def take_back(self) -> None:
        """Take back the last move (a game's part may take back several, or say which)."""
        self.model.undo()

    def action_back(self) -> None:
        """Esc: show the present at once, else put the guide note away, else close the
        hint on show, else take back the last move (``u``). Closing a note or a hint
        never takes a move back (a player who put a hint away with Esc lost a move)."""
        if self.replaying:
            self.finish_replay()
            return
        if self._guide is not None:
            self.put_guide_away()
            return
        panel = self.query_one(ChoicePanel)
        if panel.advice:
            panel.advise("")
            return
        self.action_undo()

    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())

    def action_save_as(self) -> None:
        self.policy.save_as(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``q`` is offered as "Quit" or "Lobby", whichever leaving the table does."""
        if action in ("leave", "lobby"):
            return (action == "lobby") == self.policy.leaves_for_lobby
        return True

    def action_lobby(self) -> None:
        self.policy.leave(self)

    def action_leave(self) -> None:
        self.policy.leave(self)
