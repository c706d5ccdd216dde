"""Zero game-kind switches outside the games' own packages and the registry (issue 33).

Every layer above the rules is written once against the game seam
(:class:`~shipyard_tui.core.game.GameKind`); a module outside ``games/`` that asks
which game it holds — ``isinstance`` against a game's class, a comparison with a
game's name, a function named after a game, an import of a game's package — is a
second copy of a concern waiting to drift. This test walks every module's syntax tree
and names each such place.

``shipyard`` is also the program's name (the command, the app, the data folder), so a
*function name* counts as game-named only for the other games; comparisons with the
string ``"shipyard"`` and imports of ``shipyard_tui.games.shipyard`` still count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import shipyard_tui
from shipyard_tui import games

PACKAGE = Path(shipyard_tui.__file__).parent
GAMES = PACKAGE / "games"
REGISTRY = GAMES / "__init__.py"
NAMES = ("shipyard", "nauticus")

ALLOWED: dict[str, int] = {}
"""Modules that still switch, with how many switches each: the list may only shrink
(a module that no longer switches must leave it, and none may switch more)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def switches(source: str) -> list[str]:
    """Each game-kind switch in ``source``, as ``line: what``."""
    tree = ast.parse(source)
    game_names: set[str] = set()  # names imported from a game's package
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _names_a_game(node.module):
                found.append(f"{node.lineno}: imports {node.module}")
                game_names.update(a.asname or a.name for a in node.names)
            elif node.module == "shipyard_tui.games":
                for alias in node.names:
                    if alias.name in NAMES:
                        found.append(f"{node.lineno}: imports the game {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _names_a_game(alias.name):
                    found.append(f"{node.lineno}: imports {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
            used = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            if used & game_names:
                found.append(f"{node.lineno}: isinstance against {sorted(used & game_names)}")
        elif isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                for constant in ast.walk(operand):
                    if isinstance(constant, ast.Constant) and constant.value in NAMES:
                        found.append(f"{node.lineno}: compares with {constant.value!r}")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            lowered = node.name.lower()
            named = [n for n in NAMES if n != games.DEFAULT and n in lowered]
            if named:
                found.append(f"{node.lineno}: {node.name} is named after {named[0]}")
    return sorted(set(found), key=lambda s: int(s.split(":")[0]))


def _names_a_game(module: str) -> bool:
    return any(module == f"shipyard_tui.games.{n}" or module.startswith(f"shipyard_tui.games.{n}.")
               for n in NAMES)


def shared_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not p.is_relative_to(GAMES) or p == REGISTRY)


def test_the_walk_sees_the_shared_modules() -> None:
    names = {module_name(p) for p in shared_modules()}
    assert {"shipyard_tui.cli", "shipyard_tui.ui.app", "shipyard_tui.server.host",
            "shipyard_tui.games", "shipyard_tui.core.game"} <= names
    assert not any(n.startswith("shipyard_tui.games.") for n in names)


def test_the_check_finds_each_kind_of_switch() -> None:
    source = "\n".join([
        "from shipyard_tui.games.nauticus import NauticusGame",
        "from shipyard_tui.games import nauticus",
        "import shipyard_tui.games.shipyard.rules",
        "if isinstance(game, NauticusGame): pass",
        "if name == 'nauticus': pass",
        "if 'shipyard' != kind: pass",
        "def simulate_nauticus(): pass",
        "from shipyard_tui import games",
        "kind = games.kind(name)",
        "prog = 'shipyard'",
        "def shipyard_app(): pass",
    ])
    assert switches(source) == [
        "1: imports shipyard_tui.games.nauticus",
        "2: imports the game nauticus",
        "3: imports shipyard_tui.games.shipyard.rules",
        "4: isinstance against ['NauticusGame']",
        "5: compares with 'nauticus'",
        "6: compares with 'shipyard'",
        "7: simulate_nauticus is named after nauticus",
    ]


def test_no_module_outside_the_games_switches_on_the_game() -> None:
    found = {module_name(p): switches(p.read_text(encoding="utf-8"))
             for p in shared_modules()}
    offenders = {name: len(places) for name, places in found.items() if places}
    for name, count in offenders.items():
        assert count <= ALLOWED.get(name, 0), \
            f"{name} switches on the game:\n" + "\n".join(found[name])
    stale = sorted(set(ALLOWED) - set(offenders))
    assert not stale, f"no longer switching, remove from ALLOWED: {stale}"
    fewer = {n: offenders[n] for n in ALLOWED if offenders.get(n, 0) < ALLOWED[n]}
    assert not fewer, f"switch less now, lower ALLOWED to: {fewer}"


GAME_PACKAGES = sorted(p for p in GAMES.glob("*/") if (p / "__init__.py").exists())


@pytest.mark.parametrize("path", GAME_PACKAGES, ids=lambda p: p.name)
def test_each_game_package_provides_its_kind(path: Path) -> None:
    """Every package under games/ is a game the registry knows, by the same name."""
    assert path.name in games.names()
    assert games.kind(path.name).package == f"shipyard_tui.games.{path.name}"
