"""Rules as the screens and ``status --json`` tell them: R9 (the blinds of the hand
being played, and those the next hand will use), R12 (missed blinds owed and
posted), R23 and R27 (busts at the bubble in hand-for-hand), R28 (chip races)."""

from __future__ import annotations

from director.app.night.status import clock_section, iso_moment, status_document
from director.app.phones import dealers
from director.app.phones.remote import SessionTarget
from director.app.views.display import display_data, level_summary
from director.app.views.table_texts import table_summary
from director.core import commands as c
from director.core.players import Bust
from director.core.structure import Level, Structure
from tests.app.night import night
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
    from director.app.night.status import tables_section
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


def test_r9_in_hand_for_hand_a_table_that_waited_deals_at_the_new_level_on_every_screen(
    database, clock
) -> None:
    """R9, seed 000: the increase "ne s'applique qu'au prochain tour de jeu"; R27: a
    table that finished the hand-for-hand hand waits, and deals its next hand with
    the others, at the level in force then. Its phone, the tables page and status
    --json say so."""
    session = night(database, clock)
    target = SessionTarget(session)
    first, second = session.state.structure.items[:2]
    assert isinstance(first, Level) and isinstance(second, Level)
    old, new = level_summary(first), level_summary(second)
    session.dispatch(c.SetHandForHand(on=True))
    clock.advance(9 * 60_000)
    session.dispatch(c.HandDone(table=1))  # table 1 waits for table 2
    clock.advance(first.duration_ms)  # level 2 began meanwhile
    phone = dealers.view(target, 1, now=clock())
    assert phone["hand_for_hand"]["waiting"] and phone["hand_since"] is None  # no hand going on
    assert phone["blinds"] == {"this_hand": old, "next_hand": f"Next hand: {new}"}
    summary = table_summary(session.state.tables, 1, clock())
    assert summary.endswith("hand over, waits") and old not in summary
    (waiting,) = [t for t in status_document(session)["tables"]["tables"] if t["waiting"]]
    assert waiting["number"] == 1 and waiting["hand_since"] is None
    session.dispatch(c.HandDone(table=2))  # the hand is over everywhere: both deal
    now = clock()
    document = status_document(session)["tables"]
    assert document["still_playing"] == [1, 2]
    for number in (1, 2):
        phone = dealers.view(target, number, now=now)
        assert phone["blinds"] == {"this_hand": new, "next_hand": ""}
        assert phone["hand_since"] == now and not phone["hand_for_hand"]["waiting"]
        assert new in table_summary(session.state.tables, number, now)
        (shown,) = [t for t in document["tables"] if t["number"] == number]
        assert shown["hand_blinds"]["big_blind"] == second.big_blind and not shown["waiting"]
        assert shown["hand_since"] == iso_moment(now)


def test_r23_r27_bubble_busts_table_by_table_share_places_on_every_screen(database, clock) -> None:
    """R23: "busts at different tables during hand-for-hand, tie and share the prizes
    of the places they cover": each table reports its own bust; the final table is
    drawn once both finished the hand, and hand-for-hand is then over (status --json
    and the dealer's phone)."""
    session = night(database, clock, players=8)  # two tables of four, six seats
    target = SessionTarget(session)
    session.dispatch(c.SetHandForHand(on=True))
    tables = session.state.tables.tables
    a, b = min(tables[1].seats.values()), min(tables[2].seats.values())
    session.dispatch(c.BustPlayers(busts=(Bust(player=a, start_stack=9000),)))
    session.dispatch(c.HandDone(table=1))
    document = status_document(session)
    assert len(document["tables"]["tables"]) == 2 and document["tables"]["still_playing"] == [2]
    session.dispatch(c.BustPlayers(busts=(Bust(player=b, start_stack=1000),)))
    session.dispatch(c.HandDone(table=2))
    document = status_document(session)
    shown = {p["id"]: (p["place"], p["place_tied_to"]) for p in document["player_list"]}
    assert shown[a] == shown[b] == (7, 8)
    (final,) = document["tables"]["tables"]
    assert len(final["seats"]) == 6 and not document["tables"]["hand_for_hand"]
    assert not dealers.view(target, final["number"], now=clock())["hand_for_hand"]["on"]


def test_seed_002_4_1_6_11_16_status_json_says_who_plays_over_posts_or_sits_out() -> None:
    """Seed 002 §4.1.6 (a seat played over), §4.1.11 (posts his due on the next hand),
    §4.1.16 (sits out the blinds after the button) in ``status --json``."""
    from director.app.night.status import tables_section
    from director.core.ids import PlayerId
    from tests.core.test_tables import away_for, structured_cash_table

    state, ordered, seats = structured_cash_table(6)
    state = away_for(state, ordered[4], 6)
    state = run(state, c.KeepMistakenHand(player=ordered[4]), T0)
    state = run(state, c.SitOut(player=ordered[2]), T0)
    state = run(
        state,
        c.PlayOver(player=PlayerId(70), name="G", amount=100, table=1, seat=seats[ordered[2]]),
        T0,
    )
    listed = {s["seat"]: s for s in tables_section(state, T0)["tables"][0]["seats"]}
    assert listed[seats[ordered[4]]]["posts_this_hand"] is True
    over = listed[seats[ordered[2]]]
    assert over["player"] == 70
    name = f"P{int(ordered[2])}"
    assert over["plays_over_for"] == {"player": ordered[2], "name": name, "back": False}
    assert not any(s["sits_out_blinds"] for s in listed.values())
