"""The examples in the docstrings of the rules and core packages run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import shipyard_tui.core
import shipyard_tui.games.nauticus
import shipyard_tui.games.shipyard.rules

MODULES = [m.name for package in (shipyard_tui.games.shipyard.rules, shipyard_tui.core,
                                  shipyard_tui.games.nauticus)
           for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
MODULES += ["shipyard_tui.games.shipyard.words",
            "shipyard_tui.games.nauticus.ui.widgets.supply_panel",
            "shipyard_tui.games.nauticus.ui.widgets.seats_panel",
            "shipyard_tui.games.nauticus.ui.screen",
            "shipyard_tui.ui.app",
            "shipyard_tui.saves.format", "shipyard_tui.saves.files",
            "shipyard_tui.saves.store", "shipyard_tui.games", "support"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
