"""The load screen: every save with its seats, turn, scores and date."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui import games
from shipyard_tui.saves import SaveInfo, SaveStore, printable
from shipyard_tui.ui.host import host_of


def save_line(info: SaveInfo | None, path: Path, problem: str) -> Text:
    """One line of the listing: what the replayed game says, in printable text only."""
    if info is None:
        # the problem usually names the file already ("x.json is damaged: …")
        said = problem if problem.startswith(path.name) else f"{path.name}: {problem}"
        return Text(printable(said), style="red")
    text = Text()
    label = "autosave" if info.is_autosave else info.name
    text.append(f"{label:<16.16} ", style="bold")
    players = ", ".join(f"{name} {score}" for name, score, kind
                        in zip(info.seats, info.scores, info.kinds, strict=False)
                        if kind != "automa")
    kind = "solo · " if info.solo else ""
    if info.game_words != games.kind(games.DEFAULT).describe():
        # another game, or another rule book: "Nauticus · ", "Shipyard classic · "
        kind = f"{info.game_words} · "
    text.append(f"{kind}{players} · {save_stage(info)} · ")
    text.append(info.when, style="dim")
    return text


def save_stage(info: SaveInfo) -> str:
    """How far a save's game has gone: "won by Ann" (a finished game's file is already
    labelled "finished"), "round 5" (Nauticus: its stage)."""
    if info.over:
        if info.solo and info.scores:
            # (the list says "finished" already; a play-tester read it twice)
            return info.game_kind.solo_words(info.scores[0])
        winners = [info.seats[i] for i in info.winners if 0 <= i < len(info.seats)]
        if not winners:
            return "finished"
        return f"{'shared by' if len(winners) > 1 else 'won by'} {' and '.join(winners)}"
    return info.round_words


def backup_words(info: SaveInfo) -> str:
    """What a good backup of a damaged autosave holds, so that the player can tell it
    from the game they expected: the autosave before the damaged one is one move
    earlier, unless another save of the same game was loaded in between."""
    who = f", {info.to_move} to move" if info.to_move and not info.over else ""
    return (f"Its backup, the autosave written before it, is good: {save_stage(info)}"
            f"{who}, saved {info.when}.")


class LoadScreen(Screen[None]):
    """Choose a save (newest first) with the arrows and Enter; damaged files say why."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    DEFAULT_CSS = """
    LoadScreen {
        align: center middle;
    }
    LoadScreen > Vertical {
        width: 100;
        max-width: 100%;
        height: 90%;
        border: round $primary;
        padding: 0 1;
    }
    LoadScreen OptionList {
        height: 1fr;
    }
    """

    def __init__(self, store: SaveStore, *, finished: bool = False) -> None:
        super().__init__()
        self.store = store
        self.finished = finished
        self._paths: list[Path] = []

    def compose(self) -> ComposeResult:
        title = "Finished games" if self.finished else "Saved games"
        with Vertical():
            yield Static(f"[b]{title}[/b] (newest first; Enter opens, Esc goes back)")
            yield OptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        listing = self.store.list_finished() if self.finished else self.store.list_saves()
        options = self.query_one(OptionList)
        self._paths = [path for _, path, _ in listing]
        if not listing:
            empty = "no finished games yet" if self.finished else "no saves yet"
            options.add_option(Option(empty, disabled=True))
        for info, path, problem in listing:
            options.add_option(Option(save_line(info, path, problem)))
        if listing:
            options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _open(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self._paths):
            host_of(self.app).load_game(self._paths[event.option_index])
