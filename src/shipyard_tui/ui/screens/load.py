"""The load screen and save manager: every save under the name that opens it (``shipyard
load NAME``), with its game, seats, scores, round and date; ``r`` renames one, ``d``
moves one to the trash after asking."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shipyard_tui import paths
from shipyard_tui.saves import (
    Entry,
    SaveError,
    SaveInfo,
    SaveStore,
    delete_save,
    players_name,
    printable,
)
from shipyard_tui.ui.host import host_of
from shipyard_tui.ui.widgets.key_bar import KeyBar

LOAD_HELP = (f"Enter opens · r renames · d deletes (to the trash, {paths.TRASH_DAYS} "
             "days) · Esc back")
"""The Load screen's keys, as its help line gives them (every key of its footer)."""


def save_line(info: SaveInfo | None, path: Path, problem: str, name: str | None = None
              ) -> Text:
    """One line of the listing: the save's ``name`` (the one ``shipyard load`` takes;
    by default a named save's own, an autosave's players), then what the replayed game
    says, in printable text only."""
    if info is None:
        # the problem usually names the file already ("x.json is damaged: …")
        said = problem if problem.startswith(path.name) else f"{path.name}: {problem}"
        if name is not None and name != path.stem:
            said = f"{name}: {said}"
        return Text(printable(said), style="red")
    text = Text()
    if name is None:
        name = players_name(info) if info.is_autosave else info.name
    text.append(f"{printable(name):<16} ", style="bold")
    text.append(f"{save_words(info)} · ")
    text.append(info.when, style="dim")
    return text


def save_words(info: SaveInfo) -> str:
    """A save's game (with its rule book where it has several), players with their
    scores, and stage: "Nauticus · Ann 4, Bob 2 · round 3", "Shipyard classic · …",
    "Shipyard solo · …"."""
    players = ", ".join(f"{name} {score}" for name, score, kind
                        in zip(info.seats, info.scores, info.kinds, strict=False)
                        if kind != "automa")
    kind = f"{info.game_words} solo" if info.solo else info.game_words
    return printable(f"{kind} · {players} · {save_stage(info)}")


def entry_words(entry: Entry) -> str:
    """What ``shipyard saves`` prints after a save's name: its game, players, stage and
    date, or what is wrong with the file."""
    if entry.info is None:
        return printable(f"damaged: {entry.problem}")
    return f"{save_words(entry.info)} · {entry.info.when}"


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
    """Choose a save (newest first) with the arrows and Enter; damaged files say why.
    Saved games (not finished ones) can be renamed (``r``) and deleted (``d``)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("r", "rename", "Rename"),
        Binding("d", "delete", "Delete"),
    ]

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
        self._entries: list[Entry] = []

    def compose(self) -> ComposeResult:
        title = "Finished games" if self.finished else "Saved games"
        keys = "Enter opens, Esc goes back" if self.finished else LOAD_HELP
        with Vertical():
            yield Static(f"[b]{title}[/b] (newest first)\n{keys}", id="load-help")
            yield OptionList(id="saves")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill()
        self.query_one(OptionList).focus()

    def _fill(self, keep: str | None = None) -> None:
        """List the saves again, the one named ``keep`` highlighted (else the first)."""
        options = self.query_one(OptionList)
        options.clear_options()
        if self.finished:
            listing = self.store.list_finished()
            lines = [save_line(info, path, problem) for info, path, problem in listing]
            self._paths = [path for _, path, _ in listing]
        else:
            self._entries = self.store.entries()
            lines = [save_line(e.info, e.path, e.problem, e.name) for e in self._entries]
            self._paths = [e.path for e in self._entries]
        if not lines:
            empty = "no finished games yet" if self.finished else "no saves yet"
            options.add_option(Option(empty, disabled=True))
        for line in lines:
            options.add_option(Option(line))
        if lines:
            names = [e.name for e in self._entries]
            options.highlighted = names.index(keep) if keep in names else 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rename", "delete"):
            return not self.finished
        return True

    def _chosen(self) -> Entry | None:
        index = self.query_one(OptionList).highlighted
        if self.finished or index is None or not 0 <= index < len(self._entries):
            return None
        return self._entries[index]

    def action_rename(self) -> None:
        """Ask for a new name for the highlighted save."""
        from shipyard_tui.ui.screens.rename import RenameScreen

        entry = self._chosen()
        if entry is None:
            return

        def renamed(name: str | None) -> None:
            if name:
                self.notify(f"Renamed to {name}: shipyard load {name!r} opens it.",
                            title="Renamed", timeout=4, markup=False)
                self._fill(keep=name)

        self.app.push_screen(RenameScreen(self.store, entry.name), renamed)

    def action_delete(self) -> None:
        """Move the highlighted save to the trash, once the player confirms."""
        from shipyard_tui.ui.screens.confirm import ConfirmScreen

        entry = self._chosen()
        if entry is None:
            return

        def answered(sure: bool | None) -> None:
            if not sure:
                return
            try:
                delete_save(self.store, entry.name)
            except SaveError as exc:
                self.notify(exc.message, title="Not deleted", severity="error",
                            markup=False)
                return
            self.notify(f"{entry.name} is in the trash for {paths.TRASH_DAYS} days.",
                        title="Deleted", timeout=4, markup=False)
            self._fill()

        self.app.push_screen(ConfirmScreen(
            f"Move {printable(entry.name)!r} to the trash? It is kept there "
            f"{paths.TRASH_DAYS} days ({printable(str(self.store.trash))}).",
            "Delete", "Keep"), answered)

    @on(OptionList.OptionSelected)
    def _open(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self._paths):
            host_of(self.app).load_game(self._paths[event.option_index])
