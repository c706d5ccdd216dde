"""The supply: what is left in each of the 18 open stacks."""

from __future__ import annotations

from rich.text import Text

from shipyard_tui.games.nauticus import NauticusState
from shipyard_tui.games.nauticus.rules.catalog import CRESTS, GOODS, HULL_KINDS
from shipyard_tui.games.nauticus.ui.widgets.follow import FollowsModel
from shipyard_tui.games.nauticus.words import CREST_LETTER, GOOD_LETTER, HULL_LETTER


def supply_lines(state: NauticusState) -> list[str]:
    """One line per kind of item: each stack's letter and how many are left.

    >>> from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig
    >>> game = NauticusGame(NauticusConfig((SeatConfig("A"), SeatConfig("B")), seed=1))
    >>> supply_lines(game.state)[0]
    'hulls B18 C9 S18 1 18'
    """
    stacks = state.stacks

    def row(label: str, kind: str, names: tuple[str, ...], letters: dict[str, str]) -> str:
        cells = " ".join(f"{letters[n]}{'' if letters[n].isalpha() else ' '}"
                         f"{stacks[f'{kind}:{n}']}" for n in names)
        return f"{label:<5} {cells}"

    return [row("hulls", "hull", HULL_KINDS, HULL_LETTER),
            row("masts", "mast", CRESTS, CREST_LETTER),
            row("sails", "sail", CRESTS, CREST_LETTER),
            row("goods", "good", GOODS, GOOD_LETTER)]


class SupplyPanel(FollowsModel):
    """The open stacks: hulls (bow, centre, stern, single), masts and sails by crest
    (whale, boat, helm, trident, crown), goods (coffee, fish, grain, salt)."""

    DEFAULT_CSS = """
    SupplyPanel {
        height: 4;
        padding: 0 1;
        text-wrap: nowrap;
        background: $boost;
    }
    """


    def render(self) -> Text:
        state = self.view
        if state is None:
            return Text("")
        text = Text(no_wrap=True)
        for line in supply_lines(state):
            label, _, rest = line.partition(" ")
            text.append(label, style="bold")
            text.append(f" {rest}\n")
        text.rstrip()
        return text
