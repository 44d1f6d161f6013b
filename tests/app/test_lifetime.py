"""Lifetime results per player over every night of a database, tournaments and
cash games, checked against the figures worked out by hand in ``lifetime_helpers``."""

from __future__ import annotations

import pytest

from director.app.club.lifetime import (
    LifetimeLine,
    Night,
    lifetime_results,
    per_mille,
    player_lifetime,
    summed,
)
from director.app.club.roster import Roster
from director.core.ids import PlayerId
from tests.app.lifetime_helpers import cash_night, ids, play_club


def by_name(lines: list[LifetimeLine]) -> dict[str, LifetimeLine]:
    return {line.name: line for line in lines}


@pytest.fixture
def club(library, database, clock):
    return ids(play_club(library, database, clock))


def test_figures_of_each_player_over_tournaments_and_cash_games(database, club) -> None:
    lines = lifetime_results(database)
    found = by_name(lines)
    zoe, bob, dmitri = found["Zoë"], found["Bob"], found["Dmitri"]
    # Zoë: T1 3rd (-20), C1 -10, T2 won €60 (+40), C2 +10.
    assert (zoe.tournaments, zoe.cash_games, zoe.nights) == (2, 2, 4)
    assert (zoe.money_in, zoe.money_out, zoe.net) == (11_000, 13_000, 2_000)
    assert zoe.roi == 182  # 20 / 110 = 18.18 %
    assert (zoe.wins, zoe.cashes, zoe.biggest_win, zoe.biggest_win_event) == (1, 2, 4000, "T2")
    assert zoe.streak == 2  # T2 (a prize) then C2 (left up)
    # Bob: T1 2nd (+8), C1 +40, T2 3rd (-20), C2 -10.
    assert (bob.money_in, bob.money_out, bob.net, bob.roi) == (11_000, 12_800, 1_800, 164)
    assert (bob.wins, bob.cashes, bob.biggest_win, bob.streak) == (0, 2, 4000, 0)
    # Dmitri: T1 4th; still seated at C1, which is not counted yet.
    assert (dmitri.nights, dmitri.net, dmitri.roi, dmitri.biggest_win) == (1, -2000, -1000, 0)
    assert dmitri.biggest_win_event == ""
    assert [line.name for line in lines][:2] == ["Zoë", "Bob"]  # best net first


def test_merged_roster_records_count_as_the_one_kept(database, clock, club) -> None:
    """Issue 32: merged players count as the kept one (Annie played T2 for Ann)."""
    before = by_name(lifetime_results(database))
    assert (before["Ann"].nights, before["Annie"].nights) == (2, 1)
    Roster(database, clock=clock).merge(club["Ann"], club["Annie"])
    found = by_name(lifetime_results(database))
    assert "Annie" not in found
    ann = found["Ann"]
    assert ann.player == club["Ann"]
    # T1 won (+32), C1 -30, T2 2nd as Annie (-20).
    assert (ann.tournaments, ann.cash_games) == (2, 1)
    assert (ann.money_in, ann.money_out, ann.net, ann.roi) == (9_000, 7_200, -1_800, -200)
    assert (ann.wins, ann.cashes, ann.biggest_win, ann.streak) == (1, 1, 3200, 0)
    assert player_lifetime(database, club["Annie"]) == ann


def test_events_without_results_are_no_nights(library, database, club) -> None:
    """A tournament never started, one under way, a player still seated at a cash
    game, and a cash game nobody has left: none is a night."""
    bob = Roster(database).get(club["Bob"])
    cash_night(library, "Still going", "2026-03-01", [(bob, 5000, None)]).close()
    found = by_name(lifetime_results(database))
    assert found["Ann"].nights == 2  # not "Not started" nor "Under way"
    assert found["Bob"].nights == 4
    assert found["Dmitri"].nights == 1


def test_a_database_without_nights_has_no_lines(database) -> None:
    assert lifetime_results(database) == []
    assert player_lifetime(database, PlayerId(1)) is None


def test_roi_is_an_integer_per_mille_rounded_half_away_from_zero() -> None:
    assert per_mille(1, 2000) == 1  # 0.5 ‰
    assert per_mille(-1, 2000) == -1
    assert per_mille(1, 3000) == 0
    assert per_mille(2800, 9000) == 311
    assert per_mille(5, 0) is None


def test_the_streak_is_cashes_in_a_row_up_to_the_latest_night() -> None:
    def night(date: str, cashed: bool, *, cash: bool = False) -> Night:
        return Night(1, "N", date, cash, 100, 200 if cashed else 0, False, cashed)

    nights = [night("2026-01-03", True), night("2026-01-01", True), night("2026-01-02", False)]
    assert summed(PlayerId(1), "Ann", nights).streak == 1  # by date, not as given
    nights.append(night("2026-01-04", True, cash=True))
    assert summed(PlayerId(1), "Ann", nights).streak == 2
    nights.append(night("2026-01-05", False))
    assert summed(PlayerId(1), "Ann", nights).streak == 0


def test_past_results_imported_into_a_league_are_nights_too(database, clock, club) -> None:
    from director.app.club.leagues import ImportedEvent, Leagues
    from director.core.leagues import ResultLine

    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday")
    past = ImportedEvent(
        name="Old night",
        date="2025-12-01",
        buy_in=1000,
        lines=(
            ResultLine(PlayerId(0), "Dmitri", 1, 1, prize=3000, money_in=1000, money_out=3000),
            ResultLine(PlayerId(0), "Newcomer", 2, 2, money_in=1000),
        ),
    )
    leagues.import_results(league.id, [past])
    found = by_name(lifetime_results(database))
    dmitri = found["Dmitri"]
    # The old win (+20) then T1 (-20); his latest night was no cash.
    assert (dmitri.nights, dmitri.wins, dmitri.cashes, dmitri.net) == (2, 1, 1, 0)
    assert (dmitri.biggest_win, dmitri.biggest_win_event, dmitri.streak) == (2000, "Old night", 0)
    assert found["Newcomer"].nights == 1


def test_cash_games_are_read_from_their_kept_summary_not_replayed(
    database, club, monkeypatch
) -> None:
    """Each cash game's results are kept beside its night (``club_night``) when it is
    saved: lifetime results read them there and replay no cash night; the figures
    are the same as replaying every log."""
    from director.app.club import balances
    from director.app.storage.library import Library
    from director.persistence import league_store as sql

    replayed = lifetime_results(database)
    kept = balances.kept_cash_results(database)
    assert len(kept) == 2  # both cash games of the club
    assert sorted(line.name for line in kept[min(kept)].lines) != []

    def no_replay(_self, event):
        raise AssertionError(f"event {event} replayed")

    monkeypatch.setattr(Library, "read", no_replay)
    assert lifetime_results(database) == replayed
    # A night kept by an older version (no results in it) is read from its log.
    monkeypatch.undo()
    with database.write() as connection:
        sql.run(connection, "UPDATE club_night SET night_format = 1", {})
    assert balances.kept_cash_results(database) == {}
    assert lifetime_results(database) == replayed
