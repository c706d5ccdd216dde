"""Every key a screen or widget binds reaches an action that exists: the lobby's ``q``
was bound to ``quit``, an action only the app has, and did nothing (found by a
play-test over SSH)."""

from __future__ import annotations

import importlib
import pkgutil
import re

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode

import shipyard_tui
from shipyard_tui.server.session import SessionApp
from shipyard_tui.ui.app import ShipyardApp


def _project_classes() -> list[type[DOMNode]]:
    for module in pkgutil.walk_packages(shipyard_tui.__path__, "shipyard_tui."):
        if not module.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(module.name)
    seen: list[type[DOMNode]] = []
    todo: list[type] = [DOMNode]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("shipyard_tui.") and sub not in seen:
                seen.append(sub)
    return seen


def _bindings(cls: type[DOMNode]) -> list[tuple[str, str]]:
    out = []
    for entry in vars(cls).get("BINDINGS", []):
        if isinstance(entry, Binding):
            out.append((entry.key, entry.action))
        else:
            out.append((entry[0], entry[1]))
    return out


def _has_action(cls: type, name: str) -> bool:
    return callable(getattr(cls, f"action_{name}", None))


def test_every_bound_key_has_its_action():
    classes = _project_classes()
    assert any(c.__name__ == "LobbyScreen" for c in classes)
    apps: list[type[App[None]]] = [ShipyardApp, SessionApp]
    missing = []
    checked = 0
    for cls in classes:
        for key, action in _bindings(cls):
            name = re.match(r"([\w.]+)", action)
            assert name is not None
            target, _, method = name.group(1).rpartition(".")
            if target == "app" and not issubclass(cls, App):
                ok = all(_has_action(app, method) for app in apps)
            else:  # the class's own action (a screen's ``screen.`` is itself)
                ok = _has_action(cls, method)
            checked += 1
            if not ok:
                missing.append(f"{cls.__module__}.{cls.__name__}: {key} -> {action}")
    assert checked > 30
    assert not missing, "keys bound to no action:\n" + "\n".join(missing)
