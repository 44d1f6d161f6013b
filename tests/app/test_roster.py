from __future__ import annotations

import pytest

from director.app.club.roster import Roster, fold
from director.core.errors import RuleViolation
from director.persistence.db import open_database


@pytest.fixture
def roster(any_db, clock):
    """On a database file, then on a PostgreSQL server."""
    database = open_database(any_db)
    yield Roster(database, clock=clock)
    database.close()


def test_names_are_unique_whatever_the_case_and_accents(roster) -> None:
    roster.add("Zoë Martin", nickname="Zo")
    with pytest.raises(RuleViolation) as caught:
        roster.add("zoe  martin")
    assert caught.value.code == "player_name_taken"
    assert fold("Łukasz Żółć") == "lukasz zolc"


def test_search_as_you_type_ranks_prefixes_first(roster) -> None:
    for name in ("Ann Smith", "Joanne Lee", "Dan Annan", "Bob"):
        roster.add(name)
    roster.add("Carl", nickname="Annie")
    assert [p.name for p in roster.search("ann")] == [
        "Ann Smith",
        "Carl",
        "Dan Annan",
        "Joanne Lee",
    ]
    assert [p.name for p in roster.search("ÁNN S")] == ["Ann Smith"]
    assert roster.search("zzz") == []


def test_merge_keeps_one_record_and_follows_it(roster) -> None:
    kept = roster.add("Robert Jones", contact="rob@example.org")
    twin = roster.add("Bob Jones", nickname="Bobby")
    roster.merge(kept.id, twin.id)
    assert [p.name for p in roster.all()] == ["Robert Jones"]
    assert roster.resolve(twin.id).id == kept.id
    assert roster.get(kept.id).nickname == "Bobby"
    with pytest.raises(RuleViolation):
        roster.merge(kept.id, kept.id)
    # Typing the other name still finds the person kept.
    assert roster.find("bob jones").id == kept.id
    with pytest.raises(RuleViolation):
        roster.add("Bob Jones")


def test_edit_refuses_a_taken_name(roster) -> None:
    first = roster.add("Ann")
    roster.add("Bob")
    with pytest.raises(RuleViolation):
        roster.edit(first.id, name="bob")
    assert roster.edit(first.id, name="Anne", contact="06 12").name == "Anne"
