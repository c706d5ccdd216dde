"""How to play: a game's pages for a newcomer (the goal, a turn, how points come, how it
ends), each with a small drawing, paged through by keys.

The pages are each game's (:meth:`~shipyard_tui.core.game.GameKind.how_to_play`); this
screen shows them the same way for every game. From the title screen it holds every
game's page sets (Tab goes to the next one); from a game's help, that game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.widgets import Static

from shipyard_tui import games
from shipyard_tui.core.game import DEFAULT_OPTIONS, GameKind, Options, Page
from shipyard_tui.ui.ascii import draws_ascii
from shipyard_tui.ui.compat import while_open
from shipyard_tui.ui.screens.dialog import Dialog
from shipyard_tui.ui.widgets.key_bar import KeyBar

WIDE = 120
"""From this many columns the drawing stands beside the words, not under them."""


@dataclass(frozen=True)
class Guide:
    """One set of pages: a game (or one of its rule books, its solo game) explained."""

    title: str
    pages: tuple[Page, ...]


def guides_of(kind: GameKind) -> list[Guide]:
    """Every page set ``kind`` offers (those without pages left out)."""
    found = []
    for title, options in kind.guides():
        pages = kind.how_to_play(options)
        if pages:
            found.append(Guide(title, tuple(pages)))
    return found


def every_guide() -> list[Guide]:
    """Every game's page sets, in the registry's order."""
    return [guide for name in games.names() for guide in guides_of(games.kind(name))]


def guide_for(kind: GameKind, options: Options = DEFAULT_OPTIONS) -> list[Guide]:
    """The page set that explains a game of ``kind`` played under ``options`` (none
    where the game has no pages)."""
    pages = kind.how_to_play(options)
    title = next((title for title, offered in kind.guides() if offered == options),
                 kind.title)
    return [Guide(title, tuple(pages))] if pages else []


class HowToPlayScreen(Dialog[None]):
    """Pages through one or several :class:`Guide`: Right/Left (or n/p) turn the page,
    a digit opens that page, Tab the next page set, Esc or q goes back."""

    BINDINGS = [
        Binding("right,n", "turn(1)", "Next page"),
        Binding("left,p", "turn(-1)", "Back"),
        Binding("tab", "switch(1)", "Next game"),
        Binding("shift+tab", "switch(-1)", "Previous game", show=False),
        Binding("escape,q", "dismiss", "Close"),
        *(Binding(str(digit), f"open({digit})", show=False) for digit in range(1, 10)),
    ]

    DEFAULT_CSS = """
    HowToPlayScreen {
        background: $surface;
    }
    HowToPlayScreen #guide-tabs, HowToPlayScreen #page-index {
        height: auto;
        padding: 0 1;
    }
    HowToPlayScreen #guide-tabs {
        background: $panel;
    }
    HowToPlayScreen #page-scroll {
        height: 1fr;
        padding: 0 1;
    }
    HowToPlayScreen #page-body {
        height: auto;
        layout: vertical;
    }
    HowToPlayScreen #page-text {
        height: auto;
        max-width: 100;
    }
    HowToPlayScreen #page-picture {
        height: auto;
        width: auto;
        margin: 1 0 0 0;
    }
    HowToPlayScreen.-wide #page-body {
        layout: horizontal;
    }
    HowToPlayScreen.-wide #page-text {
        width: 72;
    }
    HowToPlayScreen.-wide #page-picture {
        width: 1fr;
        margin: 0 0 0 4;
    }
    """

    def __init__(self, guides: list[Guide], guide: int = 0, page: int = 0) -> None:
        super().__init__()
        if not guides:
            guides = [Guide("How to play", (Page("No pages", "This game has no "
                                                 "how-to-play pages yet: its help "
                                                 "(? at the table) lists its rules."),))]
        self.guides = guides
        self.guide = min(max(guide, 0), len(guides) - 1)
        self.page = min(max(page, 0), len(guides[self.guide].pages) - 1)

    def compose(self) -> ComposeResult:
        yield Static(id="guide-tabs")
        yield Static(id="page-index")
        with VerticalScroll(id="page-scroll"), Container(id="page-body"):
            yield Static(id="page-text")
            yield Static(id="page-picture")
        yield KeyBar()

    @while_open  # a key may dismiss it before it is mounted
    def on_mount(self) -> None:
        self.query_one("#guide-tabs").display = len(self.guides) > 1
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self._show()
        self.query_one("#page-scroll").focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Tab is offered only where there are several page sets."""
        if action == "switch":
            return len(self.guides) > 1
        return True

    @property
    def pages(self) -> tuple[Page, ...]:
        return self.guides[self.guide].pages

    def action_turn(self, step: int) -> None:
        self._open(self.page + step)

    def action_open(self, number: int) -> None:
        if number <= len(self.pages):
            self._open(number - 1)

    def action_switch(self, step: int) -> None:
        self.guide = (self.guide + step) % len(self.guides)
        self._open(0)

    def _open(self, page: int) -> None:
        self.page = min(max(page, 0), len(self.pages) - 1)
        self._show()

    def _show(self) -> None:
        page = self.pages[self.page]
        self.query_one("#guide-tabs", Static).update(self._tabs())
        self.query_one("#page-index", Static).update(self._index())
        self.query_one("#page-text", Static).update(Text.from_markup(page.text))
        picture = self.query_one("#page-picture", Static)
        picture.display = page.picture is not None
        picture.update(page.picture(draws_ascii(self)) if page.picture is not None else "")
        self.query_one("#page-scroll", VerticalScroll).scroll_home(animate=False)

    def _tabs(self) -> Text:
        """The page sets, the one shown in reverse, and the key that changes it."""
        line = Text()
        for index, guide in enumerate(self.guides):
            line.append(f" {guide.title} ",
                        style="bold reverse" if index == self.guide else "")
            line.append(" ")
        line.append("(Tab: next)", style="dim")
        return line

    def _index(self) -> Text:
        """The pages by number, the one shown in reverse, and where it stands."""
        line = Text()
        for index, page in enumerate(self.pages):
            line.append(f"{index + 1} {page.title}",
                        style="bold reverse" if index == self.page else "")
            line.append("  ")
        line.append(f"page {self.page + 1} of {len(self.pages)}", style="dim")
        return line
