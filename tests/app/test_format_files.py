"""The organizer's payout tables and chip sets kept as files, and the generator and
the command line on the formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.app.files import chip_set_files, payout_templates
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.core.chip_sets import Chip, ChipSet
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.money import PROGRESSIVE, BountySettings, MoneySettings
from director.core.payout_tables import Band, PayoutTable
from director.core.players import Bust
from director.core.structure import Betting, Level
from director.core.structure_generator import GeneratorRequest, generate
from director.i18n import describe_error
from director.persistence.db import open_database

HOME = ChipSet(
    name="Home",
    chips=(Chip(25, 100, "white"), Chip(100, 100, "red"), Chip(500, 100, "green")),
)
TABLE = PayoutTable(name="Ours", bands=(Band(2, 10, (7000, 3000)), Band(11, 0, (10_000,))))


def test_payout_band_table_kept_exported_and_imported(tmp_path: Path) -> None:
    template = payout_templates.table_template(TABLE, 100)
    saved = payout_templates.save(template)
    assert saved.parent == payout_templates.folder()
    assert payout_templates.templates() == [template]
    target = tmp_path / "out.json"
    payout_templates.export_file(template, target)
    assert payout_templates.import_file(target) == template
    payout_templates.delete("Ours")
    assert payout_templates.templates() == []


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("not json at all", "not JSON"),
        ('{"format": "director-structure", "version": 1}', "another kind of file"),
        ('{"format": "director-payouts", "version": 99}', "newer version"),
        ('{"format": "director-payouts", "version": 1, "name": 5}', "expected str"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_payout_band_bad_files_refused_with_the_problem_named(
    tmp_path: Path, content: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RuleViolation) as refused:
        payout_templates.import_file(path)
    assert refused.value.code == "payout_table_file_invalid"
    assert problem in describe_error(refused.value)


def test_payout_band_file_with_a_bad_band_names_the_band(tmp_path: Path) -> None:
    target = tmp_path / "ours.json"
    payout_templates.export_file(payout_templates.table_template(TABLE, 100), target)
    data = json.loads(target.read_text())
    data["settings"]["table"]["bands"][1]["first"] = 13
    path = tmp_path / "gap.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RuleViolation) as refused:
        payout_templates.import_file(path)
    assert "There is a gap between bands 2-10 and 13+." in describe_error(refused.value)


def test_payout_band_a_damaged_kept_file_hides_no_other(tmp_path: Path) -> None:
    payout_templates.save(payout_templates.table_template(TABLE, 100))
    (payout_templates.folder() / "broken.json").write_text("{")
    assert [t.name for t in payout_templates.templates()] == ["Ours"]


def test_chip_set_kept_exported_imported_and_refused(tmp_path: Path) -> None:
    chip_set_files.save(HOME)
    assert chip_set_files.chip_sets() == [HOME]
    target = tmp_path / "home.json"
    chip_set_files.export_file(HOME, target)
    assert chip_set_files.import_file(target) == HOME
    data = json.loads(target.read_text())
    data["chips"][0]["value"] = 0
    target.write_text(json.dumps(data))
    with pytest.raises(RuleViolation) as refused:
        chip_set_files.import_file(target)
    assert refused.value.code == "chip_set_file_invalid"
    assert "whole number above zero" in describe_error(refused.value)


def test_chip_set_export_never_over_the_database(file_path: Path) -> None:
    database = open_database(file_path)
    database.close()
    from director.persistence.errors import StoreError

    with pytest.raises(StoreError):
        chip_set_files.export_file(HOME, file_path, file_path)
    assert file_path.read_bytes().startswith(b"SQLite format 3")


def test_chip_set_drives_the_generator() -> None:
    request = GeneratorRequest(
        players=10,
        starting_stack=5000,
        chips=(1,),
        level_minutes=20,
        target_minutes=240,
        chip_set=HOME,
        betting=Betting.POT_LIMIT,
    )
    structure = generate(request)
    assert structure.chips == (25, 100, 500)
    levels = [item for item in structure.items if isinstance(item, Level)]
    assert all(level.betting is Betting.POT_LIMIT for level in levels)
    assert all(level.small_blind % 25 == 0 for level in levels)
    with pytest.raises(RuleViolation) as refused:
        generate(GeneratorRequest(**{**request.__dict__, "players": 60}))
    assert refused.value.code == "chip_set_too_few_chips"


def test_status_json_and_reports_from_the_command_line(db_path, clock, capsys, tmp_path) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("PKO night")
    money = MoneySettings(
        buy_in=3000,
        chips=5000,
        bounty=1000,
        bounties=BountySettings(kind=PROGRESSIVE),
        added=500,
        guarantee=10_000,
    )
    session.dispatch(c.SetMoneySettings(settings=money))
    for number in (1, 2, 3):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(3), eliminator=PlayerId(1)),)))
    database.close()
    assert main(["status", "1", "--json", "--db", str(db_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["prize_pool"], document["added_money"], document["overlay"]) == (
        10_000,
        500,
        3500,
    )
    assert document["bounties"]["kind"] == "progressive"
    assert document["bounties"]["paid"] == 500 and document["bounties"]["held"] == 2500
    player = next(p for p in document["player_list"] if p["id"] == 1)
    assert player["bounty"] == 1500 and player["bounties_won"] == 500
    for kind in ("payouts", "ledger", "settlement", "standings"):
        out = tmp_path / f"{kind}.pdf"
        assert main(["report", kind, "1", "--out", str(out), "--db", str(db_path)]) == 0
        assert out.read_bytes().startswith(b"%PDF")
