"""Rules as the screens and ``status --json`` tell them: R9 (the blinds of the hand
being played, and those the next hand will use), R12 (missed blinds owed and
posted), R28 (chip races)."""

from __future__ import annotations

from director.app.display import display_data
from director.app.status import clock_section
from director.core import commands as c
from director.core.structure import Level, Structure
from tests.core.helpers import T0, created, run

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50, seconds=60),
        Level(small_blind=50, big_blind=100, seconds=60),
        Level(small_blind=100, big_blind=200, seconds=20 * 60),
    )
)


def test_r9_two_levels_out_during_one_hand_screens_show_the_blinds_played() -> None:
    """Seed 000: the increase "ne s'applique qu'au prochain tour de jeu ("main")"."""
    state = run(created(STRUCTURE), c.StartClock(), T0)
    state = run(state, c.NextHand(), T0 + 1000)
    now = T0 + 150_000
    data = display_data(state, now)
    assert data.blinds_text == "25 / 50"
    assert data.pending_text == "Next hand: 100 / 200"
    section = clock_section(state, now)
    assert section["blinds"]["big_blind"] == 50
    assert section["next_hand"]["big_blind"] == 200


def test_r12_r28_status_json_tells_missed_blinds_and_chip_races() -> None:
    """Seed 002 §4.1.10 ("un montant égal à la mise minimale sert de mise. Le reste est
    pris par le croupier et mis au centre du pot") and R28 (the race is recorded)."""
    from director.app.status import tables_section
    from director.core.structure import Break
    from tests.core.test_tables import away_for, structured_cash_table

    state, ordered, _seats = structured_cash_table(6)
    state = away_for(state, ordered[4], 6)
    section = tables_section(state, T0)
    seat = next(s for s in section["tables"][0]["seats"] if s["player"] == ordered[4])
    assert seat["owes"] == {"live": 200, "dead": 100} and seat["posted"] is None
    state = run(state, c.PostBlinds(player=ordered[4]), T0)
    seat = next(
        s for s in tables_section(state, T0)["tables"][0]["seats"] if s["player"] == ordered[4]
    )
    assert seat["owes"] is None and seat["posted"] == {"live": 200, "dead": 100}
    chips = Structure(
        items=(Level(small_blind=25, big_blind=50), Break(), Level(small_blind=100, big_blind=200)),
        chips=(25, 100),
    )
    state = run(state, c.SetStructure(structure=chips), T0)
    holdings = tuple(c.RaceChips(player=p, chips=2) for p in ordered)
    state = run(state, c.ChipRace(table=1, denomination=25, holdings=holdings), T0)
    (race,) = tables_section(state, T0)["chip_races"]
    assert race["chip"] == 25 and race["into"] == 100 and len(race["players"]) == 6
    assert sum(player["won"] for player in race["players"]) == race["raced"] == 3
