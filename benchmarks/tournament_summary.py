"""Standings from the per-game lines of ``shipyard tournament --json`` (also of a run
stopped early):

    .venv/bin/python benchmarks/tournament_summary.py results.jsonl
"""

from __future__ import annotations

import json
import sys

from shipyard_tui.tournament import MatchResult, report_lines, standings


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    results = []
    with open(args[0], encoding="utf-8") as handle:
        for line in handle:
            data = json.loads(line)
            if "game" not in data:
                continue
            results.append(MatchResult(data["game"], data["seed"], tuple(data["bots"]),
                                       tuple(data["scores"]), tuple(data["winners"])))
    for line in report_lines(standings(results), len(results)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
