from __future__ import annotations

import json
from pathlib import Path

from director.app.night.demo import demo_names
from director.cli import main
from director.core.players import EntrantStatus


def test_director_demo_creates_a_running_event_to_try(db_path: Path, capsys) -> None:
    assert main(["demo", "--db", str(db_path)]) == 0
    assert "demo event 1" in capsys.readouterr().out
    assert main(["status", "1", "--json", "--db", str(db_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["clock"]["running"] and document["clock"]["level"] == 2
    assert document["entries"] == len(demo_names())
    assert document["players_left"] == len(demo_names()) - 2
    assert document["rebuys"] == 1 and document["owed"] == 4000
    assert len(document["tables"]["tables"]) == 3
    busted = [p for p in document["player_list"] if p["status"] == EntrantStatus.BUSTED.value]
    assert len(busted) == 2 and all(p["place"] for p in busted)
    # A second demo is a second event; the roster is not doubled.
    assert main(["demo", "--db", str(db_path)]) == 0
    assert main(["events", "--db", str(db_path)]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 3
