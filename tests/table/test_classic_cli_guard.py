"""The classic rules are an edition of Shipyard: Nauticus refuses them (RC-1.1)."""

from __future__ import annotations

import pytest

from shipyard_tui.cli import main


@pytest.mark.parametrize("command", ["simulate", "tournament", "play"])
def test_nauticus_refuses_the_classic_rules(command: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    args = [command, "--game", "nauticus", "--rules", "classic"]
    if command == "tournament":
        args += ["--bots", "greedy", "--games", "1"]
    assert main(args) == 2
    assert "Nauticus has one set of rules" in capsys.readouterr().err
