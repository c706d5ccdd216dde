"""Every module outside ``rules/`` uses only the rules' public interface (issue 11):
the package ``shipyard_tui.games.shipyard.rules`` (the names in its ``__all__``, which include the
``moves``, ``events`` and ``query`` modules) and
``shipyard_tui.games.shipyard.rules.query``. That is
the interface, the bots and the texts, and also the model, saves, the server, the
command line, the simulations and Nauticus's package (which shares the seat
configuration and nothing else of Shipyard's rules).

Every module's syntax tree is walked, so an import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import shipyard_tui
import shipyard_tui.games.shipyard.rules as rules
from shipyard_tui.games.shipyard.rules import query

PACKAGE = Path(shipyard_tui.__file__).parent
RULES = Path(rules.__file__).parent
CHECKED = sorted(p for p in PACKAGE.rglob("*.py") if not p.is_relative_to(RULES))
FIXTURES: dict[str, list[str]] = {}
"""Modules allowed a private import of the rules, each import listed: none (the
screenshots' scenes, which once set a table by hand through the engine, now reach
every position by legal play)."""
PUBLIC_MODULES = {"shipyard_tui.games.shipyard.rules": set(rules.__all__),
                  "shipyard_tui.games.shipyard.rules.query": set(query.__all__)}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def private_imports(source: str, name: str, package: bool) -> list[str]:
    """Each import of ``shipyard_tui.games.shipyard.rules`` in ``source`` that is not public,
    as text."""
    here = name if package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_rules(alias.name) and alias.name not in PUBLIC_MODULES:
                    found.append(f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, target] if target else base)
            if not _is_rules(target):
                continue
            public = PUBLIC_MODULES.get(target)
            for alias in node.names:
                if public is None or alias.name not in public:
                    found.append(f"from {target} import {alias.name}")
    return found


def _is_rules(module: str) -> bool:
    rules = "shipyard_tui.games.shipyard.rules"
    return module == rules or module.startswith(rules + ".")


def test_the_checked_modules_exist() -> None:
    """The walk finds every module outside rules/ (an empty list passes anything)."""
    names = {module_name(p) for p in CHECKED}
    assert {"shipyard_tui.games.shipyard.ui.screen", "shipyard_tui.games.shipyard.ui.choice_labels",
            "shipyard_tui.games.shipyard.bots.greedy", "shipyard_tui.games.shipyard.words",
            "shipyard_tui.model",
            "shipyard_tui.saves", "shipyard_tui.simulate", "shipyard_tui.tournament",
            "shipyard_tui.cli", "shipyard_tui.server.host", "shipyard_tui.server.remote",
            "shipyard_tui.server.tables", "shipyard_tui.games.nauticus.rules.engine",
            "shipyard_tui.core.loop", "shipyard_tui"} <= names
    assert not any(name.startswith("shipyard_tui.games.shipyard.rules") for name in names)


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: module_name(p))
def test_only_the_public_interface_is_imported(path: Path) -> None:
    name = module_name(path)
    offenders = private_imports(path.read_text(encoding="utf-8"), name, is_package(path))
    assert offenders == FIXTURES.get(name, [])


def test_the_check_catches_private_imports() -> None:
    """Each way of reaching a private module is caught; the public ways are not."""
    source = "\n".join([
        "from shipyard_tui.games.shipyard.rules.engine import income",
        "from shipyard_tui.games.shipyard.rules import engine",
        "import shipyard_tui.games.shipyard.rules.scoring",
        "from ...rules.yard import pattern",
        "def f():\n    from shipyard_tui.games.shipyard.rules.view import seat_view",
        "from shipyard_tui.games.shipyard.rules import Game, moves",
        "from shipyard_tui.games.shipyard.rules.query import income",
        "from ...rules import query",
        "import shipyard_tui.games.shipyard.rules",
    ])
    found = private_imports(source, "shipyard_tui.games.shipyard.ui.widgets.x", package=False)
    assert sorted(found) == sorted([
        "from shipyard_tui.games.shipyard.rules.engine import income",
        "from shipyard_tui.games.shipyard.rules import engine",
        "import shipyard_tui.games.shipyard.rules.scoring",
        "from shipyard_tui.games.shipyard.rules.yard import pattern",
        "from shipyard_tui.games.shipyard.rules.view import seat_view",
    ])


@pytest.mark.parametrize("name", [
    "shipyard_tui.simulate", "shipyard_tui.server.host", "shipyard_tui.games.nauticus.rules.engine",
])
def test_the_check_catches_private_imports_anywhere_outside_the_rules(name: str) -> None:
    """The modules outside the interface are held to the same rule: the imports the
    model, the server, the simulations and Nauticus once made are caught."""
    depth = name.count(".")
    source = "\n".join([
        "from shipyard_tui.games.shipyard.rules.state import SECOND",
        "from shipyard_tui.games.shipyard.rules.view import events_for",
        "from shipyard_tui.games.shipyard.rules.codec import from_data",
        f"from {'.' * depth}games.shipyard.rules.rng import Rng",
        "from shipyard_tui.games.shipyard.rules import SECOND, SeatConfig",
        "from shipyard_tui.games.shipyard.rules.query import events_for",
        "from shipyard_tui.core.rng import Rng",
    ])
    found = private_imports(source, name, package=False)
    assert sorted(found) == sorted([
        "from shipyard_tui.games.shipyard.rules.state import SECOND",
        "from shipyard_tui.games.shipyard.rules.view import events_for",
        "from shipyard_tui.games.shipyard.rules.codec import from_data",
        "from shipyard_tui.games.shipyard.rules.rng import Rng",
    ])
