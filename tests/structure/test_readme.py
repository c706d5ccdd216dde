"""The README a newcomer reads first (issue 35, item 10): its two commands come first,
the data and config variables stand beside them, and every file it names is in the
repository (it linked CLASSIC.md, which is not)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_file_the_readme_names_is_in_the_repository() -> None:
    named = set(re.findall(r"\]\(([^)#]+)\)", README))  # links
    # paths in code spans (a bare file name such as settings.json is the player's own)
    named |= {m for m in re.findall(r"`([\w./-]+\.(?:md|py|json|tcss|toml))`", README)
              if "/" in m or m.endswith(".md")}
    named |= set(re.findall(r"\b([A-Z][A-Z_]+\.md)\b", README))  # bare names like X.md
    assert named, "the README names no files at all?"
    missing = sorted(n for n in named
                     if not (ROOT / n).exists() and not list(ROOT.glob(f"**/{n}")))
    assert not missing, f"the README names files the repository lacks: {missing}"
    assert "../shared" not in README


def test_the_two_commands_come_first_with_where_saves_go_beside_them() -> None:
    head = README.split("\n## ", 1)[0]
    commands = re.findall(r"^python3 -m venv .*$", head, flags=re.MULTILINE)
    assert len(commands) == 2 and "shipyard" in commands[0] and "pytest" in commands[1]
    assert "SHIPYARD_DATA_DIR" in head and "SHIPYARD_CONFIG_DIR" in head
    assert "shipyard paths" in head
