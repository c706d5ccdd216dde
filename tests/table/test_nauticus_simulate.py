"""``shipyard simulate --game nauticus``: JSON lines with seat scores, winner and moves."""

from __future__ import annotations

import json

from shipyard_tui.cli import main
from shipyard_tui.games.nauticus import NauticusConfig, NauticusGame, SeatConfig, SeatKind
from shipyard_tui.games.nauticus.bots import bot_for_level, play_out


def test_simulate_nauticus_prints_one_json_line_per_game(capsys, tmp_path):
    events = tmp_path / "events.jsonl"
    assert main(["simulate", "--game", "nauticus", "--players", "3", "--games", "2",
                 "--seed", "5", "--json", "--events", str(events)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["seed"] for line in lines] == [5, 6]
    for line in lines:
        assert line["rules"] == "nauticus" and line["players"] == 3 and line["rounds"] == 5
        assert line["winner"] == [line["seats"][i] for i in line["winners"]]
        assert max(line["scores"]) == line["scores"][line["winners"][0]]
    # the same seed and bots give the same game as the engine played directly
    seats = tuple(SeatConfig(f"Bot {i + 1}", SeatKind.BOT, "random") for i in range(3))
    game = play_out(NauticusGame(NauticusConfig(seats, seed=5)),
                    {i: bot_for_level("random", 5 * 31 + i) for i in range(3)})
    assert lines[0]["moves"] == len(game.moves)
    assert lines[0]["scores"] == [s.vp for s in game.state.seats]
    records = [json.loads(line) for line in events.read_text().splitlines()]
    assert records[0]["type"] == "GameStarted" and {r["game"] for r in records} == {0, 1}
    scored = [r for r in records if r["game"] == 0 and r["type"] == "Scored"]
    assert [sum(r["points"] for r in scored if r["seat"] == s) for s in range(3)] == (
        lines[0]["scores"])


def test_simulate_nauticus_refuses_shipyard_only_options(capsys):
    assert main(["simulate", "--game", "nauticus", "--solo"]) == 2
    assert main(["simulate", "--game", "nauticus", "--bots", "grandmaster"]) == 2
    assert "known: expert, greedy, planner, random, strong" in capsys.readouterr().err


def test_every_nauticus_event_is_documented_with_all_its_fields():
    import dataclasses
    import re
    from pathlib import Path

    from shipyard_tui.games.nauticus.rules.events import EVENT_TYPES, SCORE_KINDS

    doc = (Path(__file__).parent.parent.parent / "docs" / "nauticus-events.md").read_text()
    for name, cls in EVENT_TYPES.items():
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{name}` |")),
                   None)
        assert row is not None, f"{name} is missing from docs/nauticus-events.md"
        documented = set(re.findall(r"`(\w+)`", row.split("|")[2]))
        assert documented == {f.name for f in dataclasses.fields(cls)}, name
    for kind in SCORE_KINDS:
        assert f"| `{kind}` |" in doc
