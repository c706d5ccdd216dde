"""The examples in the rules package's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import shipyard_tui.games.nauticus
import shipyard_tui.rules

MODULES = [f"shipyard_tui.rules.{m.name}"
           for m in pkgutil.iter_modules(shipyard_tui.rules.__path__)]
MODULES += [f"shipyard_tui.games.nauticus.{m.name}"
            for m in pkgutil.iter_modules(shipyard_tui.games.nauticus.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
