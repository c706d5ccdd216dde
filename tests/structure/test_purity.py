"""The rules package is pure: standard library only, no interface libraries."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import shipyard_tui.games.nauticus
import shipyard_tui.games.nauticus.rules
import shipyard_tui.games.shipyard.rules

RULES = Path(shipyard_tui.games.shipyard.rules.__file__).parent
NAUTICUS = Path(shipyard_tui.games.nauticus.__file__).parent
# Nauticus's pure parts: its rules and the bots, search and words beside them (its review
# and table widgets use Rich and Textual).
NAUTICUS_PURE = [*(NAUTICUS / "rules").glob("*.py"),
                 *(NAUTICUS / name for name in ("__init__.py", "bots.py", "search.py", "words.py"))]
CORE = RULES.parent / "core"


def test_importing_rules_loads_neither_textual_nor_rich():
    code = (
        "import sys, shipyard_tui.games.shipyard.rules, shipyard_tui.games.shipyard.rules.engine,"
        " shipyard_tui.games.shipyard.rules.automa\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def imports_beyond(paths: list[Path], allowed: tuple[str, ...]) -> list[str]:
    """Each absolute import in ``paths`` of neither the standard library nor a module
    under one of the ``allowed`` prefixes, as ``file imports name``."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            found += [f"{path.name} imports {name}" for name in names
                      if name.split(".")[0] not in stdlib and not name.startswith(allowed)]
    return found


def test_rules_modules_import_only_the_standard_library_and_themselves():
    """rules/ (with its engine package) and core/ use the standard library only (and
    themselves: the rules import their own modules and the core, the core only itself)."""
    assert imports_beyond([*RULES.rglob("*.py"), *CORE.rglob("*.py")],
                          ("shipyard_tui.games.shipyard.rules", "shipyard_tui.core")) == []


def test_importing_nauticus_rules_loads_neither_textual_nor_rich():
    code = (
        "import sys, shipyard_tui.games.nauticus, shipyard_tui.games.nauticus.rules.engine\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_nauticus_modules_import_only_the_standard_library_and_the_pure_core():
    """games/nauticus may import the standard library, itself, the game-agnostic core
    (moves, events, codec, the seeded generator, the decision loop) and the pure Shipyard
    rules package (its seat configuration, through the public interface)."""
    assert imports_beyond(NAUTICUS_PURE, ("shipyard_tui.games.nauticus",
                                          "shipyard_tui.games.shipyard.rules",
                                          "shipyard_tui.core")) == []
