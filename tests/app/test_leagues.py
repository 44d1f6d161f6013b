"""Leagues over events built through the session API: summaries written with the
log, standings checked by hand, imports undone whole, CSV round trips."""

from __future__ import annotations

import csv
import io

import pytest

from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.files.csv_io import preview_players, read_results, write_table
from director.core.errors import RuleViolation
from director.core.leagues import PointsRule
from director.core.state import Status
from director.persistence import league_store
from tests.app.league_helpers import play_event


@pytest.fixture
def roster(database, clock):
    return Roster(database, clock=clock)


@pytest.fixture
def leagues(database, clock):
    return Leagues(database, clock=clock)


def names(count: int) -> list[str]:
    return [f"Player {n:02d}" for n in range(1, count + 1)]


def test_a_finished_event_writes_its_summary_with_the_log_and_undo_removes_it(
    library, roster, database
) -> None:
    players = [roster.add(name) for name in names(3)]
    session = play_event(library, "Night 1", "2026-01-10", players)
    assert session.state.status is Status.FINISHED
    with database.read() as connection:
        found = league_store.finished_events(connection)
    assert len(found) == 1 and found[0][3] == found[0][4]  # summary up to date
    session.undo()
    with database.read() as connection:
        assert league_store.rows(connection, "SELECT * FROM result_summary") == []


def test_a_stale_summary_is_rebuilt_from_the_log_without_writing_the_event(
    library, roster, leagues, database
) -> None:
    players = [roster.add(name) for name in names(3)]
    session = play_event(library, "Night 1", "2026-01-10", players)
    with database.write() as connection:
        league_store.execute(connection, "DELETE FROM result_summary", {})
    with database.read() as connection:
        before = league_store.rows(connection, "SELECT count(*) FROM snapshot")
    (results,) = leagues.finished_events()
    assert [(line.name, line.best) for line in results.lines] == [
        ("Player 01", 1),
        ("Player 02", 2),
        ("Player 03", 3),
    ]
    with database.read() as connection:
        assert league_store.rows(connection, "SELECT count(*) FROM snapshot") == before
        assert len(league_store.rows(connection, "SELECT * FROM result_summary")) == 1
    session.close()


def test_league_of_12_events_and_80_players_matches_hand_computed_standings(
    library, roster, leagues
) -> None:
    players = [roster.add(name) for name in names(80)]
    field = 10
    events = []
    for number in range(12):
        # Each night ten players, rotating; the order of finish rotates too.
        chosen = [players[(number * 7 + k) % 80] for k in range(field)]
        order = chosen[number % field :] + chosen[: number % field]
        play_event(library, f"Night {number + 1}", f"2026-{number + 1:02d}-05", order)
        events.append(order)
    league = leagues.create("Friday league")
    season = leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    tables = {
        "field": PointsRule(kind="field"),
        "table": PointsRule(kind="table", table=(1000, 700, 500, 300, 100), participation=50),
        "expression": PointsRule(kind="expression", expression="10 * sqrt(entrants) / place"),
        "best3": PointsRule(kind="field", best_of=3),
    }

    def by_hand(kind: str, place: int) -> int:
        if kind in ("field", "best3"):
            return (field - place + 1) * 100
        if kind == "table":
            return ((1000, 700, 500, 300, 100)[place - 1] if place <= 5 else 0) + 50
        # 10 * sqrt(10) / place, in hundredths, rounded down
        return int(3162.2776601683795 / place * 100) // 100

    for kind, rule in tables.items():
        leagues.set_rule(league.id, rule)
        table = leagues.table(league.id, season.id)
        scores: dict[str, list[int]] = {}
        for order in events:
            for index, player in enumerate(order):
                scores.setdefault(player.name, []).append(by_hand(kind, index + 1))
        expected = {
            name: sum(sorted(values, reverse=True)[:3] if kind == "best3" else values)
            for name, values in scores.items()
        }
        assert {row.name: row.points for row in table.rows} == expected, kind
        assert {row.name: row.played for row in table.rows} == {
            name: len(values) for name, values in scores.items()
        }
        assert [row.points for row in table.rows] == sorted(expected.values(), reverse=True)
        assert len(table.events) == 12
    wins = {row.name: row.wins for row in table.rows}
    assert sum(wins.values()) == 12


def test_money_knockouts_and_merged_players_in_standings_and_history(
    library, roster, leagues
) -> None:
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    bobby = roster.add("Bobby")
    play_event(library, "N1", "2026-02-01", [ann, bob, cat], bounty=500, season_pot=100)
    play_event(library, "N2", "2026-02-08", [bobby, ann, cat], bounty=500, season_pot=100)
    play_event(library, "N3", "2026-03-01", [ann, bob], season_pot=250)  # another season
    roster.merge(bob.id, bobby.id)
    league = leagues.create("L", PointsRule(kind="field"))
    leagues.add_season(league.id, "Feb", "2026-02-01", "2026-02-28")
    table = leagues.table("L")
    rows = {row.name: row for row in table.rows}
    assert set(rows) == {"Ann", "Bob", "Cat"}
    assert rows["Bob"].played == 2 and rows["Bob"].wins == 1
    assert rows["Ann"].knockouts == 2 and rows["Bob"].knockouts == 2
    assert rows["Ann"].money_in == 4000
    assert table.pot == 6 * 100  # what the two counted events' ledgers hold
    assert [event.season_pot for event in table.events] == [300, 300]
    history = leagues.history(bob.id)
    assert [(line.name, line.best) for line in history] == [("N1", 2), ("N2", 1), ("N3", 2)]
    assert sum(line.money_in for line in history) == 6000


def test_seasons_choose_and_exclude_events(library, roster, leagues) -> None:
    players = [roster.add(name) for name in names(4)]
    first = play_event(library, "Jan", "2026-01-05", players)
    final = play_event(library, "Final", "2026-01-30", players[::-1])
    outside = play_event(library, "March", "2026-03-01", players)
    league = leagues.create("L")
    season = leagues.add_season(league.id, "January", "2026-01-01", "2026-01-31")
    leagues.choose_event(season.id, final.tournament_id, False)
    leagues.choose_event(season.id, outside.tournament_id, True)
    table = leagues.table(league.id, "january")
    assert sorted(event.name for event in table.events) == ["Jan", "March"]
    assert first.tournament_id in {event.event for event in table.events}
    with pytest.raises(RuleViolation) as caught:
        leagues.add_season(league.id, "Bad", "2026-02-01", "2026-01-01")
    assert caught.value.code == "season_dates_reversed"
    with pytest.raises(RuleViolation) as caught:
        leagues.create("l")
    assert caught.value.code == "league_name_taken"


RESULTS_CSV = (
    "date;event;player;place;prize;bounties\n"
    "2025-10-03;October;Zoé;1;60,00;5\n"
    "2025-10-03;October;Ann;2;30;0\n"
    "2025-10-03;October;Bob;2;30;0\n"
    "2025-10-03;October;Cat;4;0;0\n"
    "2025-11-07;November;Ann;1;50;0\n"
    "2025-11-07;November;Zoe;2;0;0\n"
).encode()


def test_results_import_counts_in_the_league_and_one_undo_takes_it_back(roster, leagues) -> None:
    roster.add("Ann")
    league = leagues.create("Old season", PointsRule(kind="field"))
    leagues.import_results(league.id, read_results(RESULTS_CSV))
    table = leagues.table(league.id)
    rows = {row.name: row.points for row in table.rows}
    # October: 4 entrants; Ann and Bob tie for 2nd-3rd: (300 + 200) / 2 = 250.
    assert rows == {"Zoé": 400 + 100, "Ann": 250 + 200, "Bob": 250, "Cat": 100}
    assert {p.name for p in roster.all()} == {"Ann", "Bob", "Cat", "Zoé"}
    assert leagues.undo_import() == "results"
    assert leagues.table(league.id).rows == ()
    assert [p.name for p in roster.all()] == ["Ann"]
    with pytest.raises(RuleViolation) as caught:
        leagues.undo_import()
    assert caught.value.code == "import_nothing_to_undo"


ROUND_TRIP_RULES = (
    PointsRule(kind="field"),
    PointsRule(kind="table", table=(1000, 600, 300), participation=50, knockout=25, bubble=80),
    PointsRule(
        kind="expression", expression="10 * sqrt(entrants) / sqrt(place) * (1 + buyin / 100)"
    ),
    PointsRule(kind="expression", expression="prize / 10 + knockouts * 2 + paid"),
)


def standing_rows(table) -> list[tuple]:
    """Standings as compared across databases (player ids differ)."""
    return [
        (
            row.rank,
            row.name,
            row.points,
            row.played,
            row.wins,
            row.final_tables,
            row.cashes,
            row.knockouts,
            row.money_in,
            row.money_out,
            row.best_place,
            row.counted,
        )
        for row in table.rows
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_export_then_import_into_a_fresh_database_gives_the_same_standings(
    language, tmp_path, library, roster, leagues
) -> None:
    """The league's events (played, with bounties, knock-outs, a merged player, and
    past results imported) written by the results export, read by the results
    import into another database: the same standings under every formula."""
    from director.app.files.csv_io import result_header, result_rows
    from director.i18n import set_language
    from director.persistence.db import open_database

    ann, bob, cat, dan, eve = (roster.add(name) for name in ("Ann", "Bob", "Cat", "Dan", "Eve"))
    bobby = roster.add("Bobby")
    play_event(library, "N1", "2026-02-01", [ann, bob, cat, dan, eve], bounty=500)
    play_event(
        library,
        "N2",
        "2026-02-08",
        [bobby, ann, cat, eve],
        buy_in=3000,
        eliminator_of=lambda index: index - 1,
    )
    play_event(library, "N3", "2026-02-15", [cat, dan, ann], buy_in=1550, addons=(1, 2))
    roster.merge(bob.id, bobby.id)
    league = leagues.create("L")
    leagues.import_results(league.id, read_results(RESULTS_CSV))
    set_language(language)
    same, names = leagues.merges()
    path = tmp_path / "results.csv"
    events = leagues.table(league.id).events
    write_table(
        path,
        result_header(language),
        result_rows(events, names=names, same=same),
        delimiter=";" if language == "fr" else ",",
    )
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # spreadsheets read accents right
    fresh = open_database(tmp_path / "fresh.db")
    try:
        other = Leagues(fresh)
        copy = other.create("L")
        assert other.import_results(copy.id, read_results(path)) is not None
        assert len(other.table(copy.id).events) == len(events) == 5
        for rule in ROUND_TRIP_RULES:
            leagues.set_rule(league.id, rule)
            other.set_rule(copy.id, rule)
            expected = standing_rows(leagues.table(league.id))
            assert standing_rows(other.table(copy.id)) == expected, rule
            assert {row[1] for row in expected} >= {"Ann", "Bob", "Zoé"}
        # Ann's add-on is in her money in, as in the event's ledger.
        assert {row.name: row.money_in for row in other.table(copy.id).rows}["Ann"] == (
            2000 + 3000 + 1550 + 775  # the past results had no buy-in: 0
        )
    finally:
        fresh.close()


def test_export_headers_are_the_imports_own_columns() -> None:
    from director.app.club.roster import fold
    from director.app.files.csv_io import RESULT_COLUMNS, RESULT_EXPORT, RESULT_HEADERS

    for header in RESULT_HEADERS.values():
        keys = [
            next(key for key, names in RESULT_COLUMNS.items() if fold(name) in map(fold, names))
            for name in header
        ]
        assert keys == list(RESULT_EXPORT)


@pytest.mark.parametrize(
    ("data", "code", "args"),
    [
        (b"date;event;player\n", "csv_missing_column", {"column": "place"}),
        (b"date;event;player;place;colour\n", "csv_unknown_column", {"column": 5}),
        (b"date,event,player,place\n2026-01-01,E,Ann\n", "csv_row_length", {"row": 2}),
        (
            b"date,event,player,place\n2026-01-01,E,Ann,1\n2026-01-01,E,ann,2\n",
            "csv_duplicate",
            {"row": 3, "first": 2},
        ),
        (
            b"date,event,player,place\n2026-01-01,E,Ann,first\n",
            "csv_value",
            {"row": 2, "column": "place"},
        ),
        (
            b"date,event,player,place\n2026-13-01,E,Ann,1\n",
            "csv_value",
            {"row": 2, "column": "date"},
        ),
        (
            b"date,event,player,place,prize\n2026-01-01,E,Ann,1,12.345\n",
            "csv_value",
            {"row": 2, "column": "prize"},
        ),
        (
            b"date,event,player,place\n2026-01-01,E,Ann,1\n2026-01-01,E,Z\xe9,2\n",
            "csv_encoding",
            {"row": 3},
        ),
        (
            "date,event,player,place\n2026-01-01,E,Ann,²\n".encode(),
            "csv_value",
            {"row": 2, "column": "place"},
        ),
        (
            b"date,event,player,place\n2026-01-01,E,Ann,1\n2026-01-01,E,Bob,1\n2026-01-01,E,Cy,2\n",
            "csv_place_out_of_order",
            {"row": 4, "place": 2, "expected": 3},
        ),
        (
            b"date,event,player,place\n2026-01-01,E,Ann,1\n2026-01-01,E,Bob,3\n2026-01-01,E,Cy,3\n",
            "csv_place_out_of_order",
            {"row": 3, "place": 3, "expected": 2},
        ),
        (b"", "csv_empty", {}),
        (b"\x00\xff" * 600_000, "csv_encoding", {"row": 1}),
        (
            b"date,event,player,place\n" + b"x" * (5 * 1024 * 1024),
            "csv_too_big",
            {"size": 4 * 1024 * 1024},
        ),
        (
            b"date,event,player,place\n" + b"2026-01-01,E,P,1\n" * 20_001,
            "csv_too_large",
            {"maximum": 20_000},
        ),
    ],
)
def test_malformed_results_csv_is_refused_naming_row_and_column_and_nothing_is_written(
    data, code, args, roster, leagues
) -> None:
    league = leagues.create("L")
    with pytest.raises(RuleViolation) as caught:
        leagues.import_results(league.id, read_results(data))
    assert caught.value.code == code
    assert {key: caught.value.args_map[key] for key in args} == args
    assert roster.all() == [] and leagues.imported_events(league.id) == []


def test_a_file_too_large_is_refused_naming_the_limit_it_passed() -> None:
    from director.i18n import describe_error

    with pytest.raises(RuleViolation) as caught:
        read_results(b"date,event,player,place\n" + b"x" * (5 * 1024 * 1024))
    assert describe_error(caught.value) == "The CSV file is too large (at most 4.0 MB)."
    with pytest.raises(RuleViolation) as caught:
        read_results(b"date,event,player,place\n" + b"2026-01-01,E,P,1\n" * 20_001)
    assert describe_error(caught.value) == "The CSV file is too large (at most 20,000 rows)."


def test_players_csv_preview_shows_duplicates_before_anything_is_written(roster, leagues) -> None:
    roster.add("Ann")
    data = "Nom;Surnom;Email;Téléphone\nann;;a@x.org;\nZoé Martin;Zo;z@x.org;0601\n".encode(
        "utf-8-sig"
    )
    preview = preview_players(data, roster)
    assert preview.already == ((2, "ann"),)
    assert preview.new == (("Zoé Martin", "Zo", "z@x.org / 0601"),)
    assert len(roster.all()) == 1
    leagues.import_players(preview.new)
    assert [p.name for p in roster.all()] == ["Ann", "Zoé Martin"]
    assert leagues.undo_import() == "players"
    assert [p.name for p in roster.all()] == ["Ann"]


def test_players_from_the_tournament_directors_export_are_read_and_its_other_columns_named(
    roster,
) -> None:
    """Issue 34, item 8: The Tournament Director's player export (first and last name,
    nickname, email, phone, then its own columns) imports; what was left out is said."""
    from director.app.files.csv_io import columns_text

    roster.add("Ann Lee")
    data = (
        '"Player ID","First Name","Last Name","Nickname","Email","Phone","Address","Notes"\r\n'
        '"1","Ann","Lee","","ann@x.org","","",""\r\n'
        '"2","Zoé","Martin","Zo","z@x.org","06 01","3 rue X","likes PLO"\r\n'
        '"3","","Cher","","","","",""\r\n'
    ).encode("utf-8-sig")
    preview = preview_players(data, roster)
    assert preview.already == ((2, "Ann Lee"),)
    assert preview.new == (("Zoé Martin", "Zo", "z@x.org / 06 01"), ("Cher", "", ""))
    assert preview.taken == ("First Name", "Last Name", "Nickname", "Email", "Phone")
    assert preview.ignored == ("Player ID", "Address", "Notes")
    assert columns_text(preview) == (
        "Columns read: “First Name”, “Last Name”, “Nickname”, “Email”, “Phone”."
        " Left out: “Player ID”, “Address”, “Notes”."
    )


@pytest.mark.parametrize(
    ("header", "row", "player"),
    [
        (
            "FULL NAME;E-Mail;Mobile",
            "Zoé Martin;z@x.org;0601",
            ("Zoé Martin", "", "z@x.org / 0601"),
        ),
        (
            "first_name,LAST-NAME,Email 1,Phone 1",
            "Zoé,Martin,z@x.org,0601",
            ("Zoé Martin", "", "z@x.org / 0601"),
        ),
        ("Prénom;Nom;Pseudo;Téléphone", "Zoé;Martin;Zo;0601", ("Zoé Martin", "Zo", "0601")),
        (
            "  Nick Name ,Name,e-mail address",
            "Zo,Zoé Martin,z@x.org",
            ("Zoé Martin", "Zo", "z@x.org"),
        ),
        ("Given name\tSurname\tCell phone", "Zoé\tMartin\t0601", ("Zoé Martin", "", "0601")),
    ],
)
def test_spreadsheet_headers_are_read_whatever_their_case_accents_and_spaces(
    roster, header, row, player
) -> None:
    """Issue 34, item 8: the usual spreadsheet headers (First Name / Last Name, Email 1,
    Phone 1, Nickname, Full Name, E-mail, Mobile) are read case-, accent- and
    space-insensitively; beside "Prénom", "Nom" is the family name."""
    preview = preview_players(f"{header}\n{row}\n".encode(), roster)
    assert preview.new == (player,)
    assert preview.ignored == ()


def test_a_second_column_for_the_same_thing_is_left_out_and_named(roster) -> None:
    data = b"Name,Phone 1,Phone 2,Email\nAnn,0601,0602,a@x.org\n"
    preview = preview_players(data, roster)
    assert preview.new == (("Ann", "", "a@x.org / 0601"),)
    assert preview.taken == ("Name", "Phone 1", "Email")
    assert preview.ignored == ("Phone 2",)


def test_a_players_file_without_any_name_column_is_refused_naming_it(roster) -> None:
    from director.i18n import describe_error

    with pytest.raises(RuleViolation) as caught:
        preview_players(b"Email,Phone,Address\na@x.org,0601,here\n", roster)
    assert caught.value.code == "csv_missing_column"
    assert describe_error(caught.value).startswith("Row 1: the column “name” is missing")
    assert roster.all() == []


def test_the_columns_line_names_a_dozen_columns_then_counts_the_rest(roster) -> None:
    from director.app.files.csv_io import columns_text

    header = ",".join(["name"] + [f"x{n}" for n in range(5000)])
    row = ",".join(["Ann"] + [""] * 5000)
    preview = preview_players(f"{header}\n{row}\n".encode(), roster)
    assert len(preview.ignored) == 5000
    text = columns_text(preview)
    assert text.endswith("“x11” and 4988 more.") and len(text) < 300


def test_undoing_a_players_import_is_refused_once_an_event_used_them(
    library, roster, leagues, clock
) -> None:
    leagues.import_players([("Zoé Martin", "Zo", ""), ("Yann", "", "")])
    zoe = roster.find("Zoé Martin")
    ann = roster.add("Ann")
    clock.advance(60_000)
    play_event(library, "After the import", "2026-03-06", [zoe, ann])
    with pytest.raises(RuleViolation) as caught:
        leagues.undo_import()
    assert caught.value.code == "import_players_in_use"
    assert caught.value.args_map == {"players": "Zoé Martin", "events": "After the import"}
    # Nothing was taken back: the roster and the import are as they were.
    assert {p.name for p in roster.all()} == {"Ann", "Yann", "Zoé Martin"}
    from director.i18n import describe_error

    assert "Zoé Martin" in describe_error(caught.value)


HOSTILE = ("=cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "+SUM(1,2)", "@SUM(A1)", "-Bob")


def test_csv_export_neutralises_formulas_and_reads_them_back(tmp_path, roster, leagues) -> None:
    """A player named like a spreadsheet formula is written with a leading apostrophe
    (a spreadsheet shows it as text, never runs it); the app's own amounts, negative
    ones included, stay numbers; importing the file gives the names back."""
    path = tmp_path / "hostile.csv"
    rows = [
        ["2026-01-05", "Jan", name, place, "-€15.00", "-15,00\u00a0€"]
        for place, name in enumerate(HOSTILE, start=1)
    ]
    write_table(path, ["date", "event", "player", "place", "net", "net fr"], rows, delimiter=",")
    written = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))[1:]
    assert [row[2] for row in written] == ["'" + name for name in HOSTILE]
    assert {row[4] for row in written} == {"-€15.00"}
    assert {row[5] for row in written} == {"-15,00\u00a0€"}
    back = tmp_path / "back.csv"
    write_table(
        back, ["date", "event", "player", "place"], [row[:4] for row in rows], delimiter=";"
    )
    (event,) = read_results(back)
    assert [line.name for line in event.lines] == list(HOSTILE)


def test_csv_places_tied_as_spreadsheets_rank_them(roster, leagues) -> None:
    """R23 in a results file: two at 2 share places 2 and 3; the next is 4."""
    data = b"date,event,player,place\n2026-01-01,E,Ann,1\n2026-01-01,E,Bob,2\n"
    data += b"2026-01-01,E,Cy,2\n2026-01-01,E,Dee,4\n"
    (event,) = read_results(data)
    assert [(line.name, line.best, line.worst) for line in event.lines] == [
        ("Ann", 1, 1),
        ("Bob", 2, 3),
        ("Cy", 2, 3),
        ("Dee", 4, 4),
    ]


def test_the_benchmarks_events_each_count_in_their_own_season(database) -> None:
    """bench/bench_leagues.py's data, made small: every event is a tournament of its
    own with its summary, so each season counts its own events and players."""
    import random

    from bench.bench_leagues import fill

    fill(database, random.Random(18), seasons=2, events=3, players=4)
    leagues = Leagues(database)
    league = leagues.create("Bench")
    seasons = [
        leagues.add_season(league.id, f"{2010 + n}", f"{2010 + n}-01-01", f"{2010 + n}-12-31")
        for n in range(2)
    ]
    tables = [leagues.table(league.id, season.id) for season in seasons]
    assert [len(table.events) for table in tables] == [3, 3]
    assert [len(table.rows) for table in tables] == [4, 4]
    ids = {event.event for table in tables for event in table.events}
    assert len(ids) == 6
    # Field formula: 4 entrants, 3 events: 30 points in all per event, 4 x 10 x 3.
    assert sum(row.points for row in tables[0].rows) == (4 + 3 + 2 + 1) * 100 * 3


def test_a_file_with_nothing_new_records_no_import_and_undo_takes_back_the_one_before(
    roster, leagues
) -> None:
    league = leagues.create("L")
    assert leagues.import_players([("Zoé Martin", "Zo", ""), ("Yann", "", "")]) is not None
    again = preview_players("name\nZoé Martin\nyann\n".encode(), roster)
    assert again.new == () and len(again.already) == 2
    assert leagues.import_players(again.new) is None
    assert leagues.import_results(league.id, read_results(b"date,event,player,place\n")) is None
    with leagues.database.read() as connection:
        assert league_store.rows(connection, "SELECT kind FROM import_batch") == [("players",)]
    assert leagues.undo_import() == "players"  # the first import, not an empty one
    assert roster.all() == []


def _older_summary(leagues, database, change):
    """The one event's summary rewritten by ``change(EventResults)``; returns the
    event's id, its last entry and the rewritten results."""
    import json

    from director.core.leagues import decode_results, encode_results

    with database.read() as connection:
        ((event_id, _n, _d, last_entry, summary_entry, data, _f),) = league_store.finished_events(
            connection
        )
    assert summary_entry == last_entry
    old = change(decode_results(json.loads(data)))
    return event_id, last_entry, encode_results(old)


def test_a_summary_written_by_older_results_logic_is_rebuilt_from_the_log(
    library, roster, leagues, database
) -> None:
    """Up to the event's last entry, but worked out by older results logic (here: no
    bounties counted): rebuilt from the log when read, and kept at today's format."""
    import dataclasses

    from director.core.leagues import RESULTS_FORMAT, event_results

    players = [roster.add(name) for name in names(3)]
    session = play_event(library, "Night 1", "2026-01-10", players, bounty=500)
    fresh = event_results(session.state, session.tournament_id)
    assert sum(line.bounties for line in fresh.lines) > 0

    def no_bounties(results):
        lines = tuple(dataclasses.replace(line, bounties=0) for line in results.lines)
        return dataclasses.replace(results, lines=lines)

    event_id, last_entry, old = _older_summary(leagues, database, no_bounties)
    # The same figures at today's format are taken as they are (the format decides).
    with database.write() as connection:
        league_store.save_summary(connection, event_id, last_entry, old, RESULTS_FORMAT)
    assert leagues.finished_events()[0].lines != fresh.lines
    with database.write() as connection:
        league_store.save_summary(connection, event_id, last_entry, old, RESULTS_FORMAT - 1)
    assert leagues.finished_events() == [fresh]
    with database.read() as connection:
        ((*_, stored_format),) = league_store.finished_events(connection)
    assert stored_format == RESULTS_FORMAT
    session.close()


def test_summaries_of_a_database_upgraded_from_before_the_format_are_rebuilt(
    tmp_path, clock
) -> None:
    """A database an older version wrote (schema 0010, its summaries without a format)
    is upgraded; its summaries count as format 1 and are rebuilt when read."""
    import dataclasses
    import sqlite3

    from director.app.storage.library import Library
    from director.core.leagues import RESULTS_FORMAT
    from director.persistence.db import open_database

    path = tmp_path / "older.db"
    database = open_database(path)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in names(3)]
    session = play_event(Library(database, clock=clock), "Night", "2026-01-10", players)
    leagues = Leagues(database, clock=clock)
    fresh = leagues.finished_events()
    session.close()

    def other_prizes(results):
        lines = tuple(dataclasses.replace(line, prize=line.prize + 1) for line in results.lines)
        return dataclasses.replace(results, lines=lines)

    event_id, last_entry, old = _older_summary(leagues, database, other_prizes)
    with database.write() as connection:
        league_store.save_summary(connection, event_id, last_entry, old, RESULTS_FORMAT)
    database.close()
    connection = sqlite3.connect(path)
    connection.execute("ALTER TABLE result_summary DROP COLUMN results_format")
    for table in ("club_night", "club_entry"):  # the club's money came after 0010
        connection.execute(f"DROP TABLE {table}")
    connection.execute("UPDATE alembic_version SET version_num = '0010_dealer_phones'")
    connection.commit()
    connection.close()
    database = open_database(path)
    try:
        with database.read() as connection:
            ((*_, stored_format),) = league_store.finished_events(connection)
        assert stored_format == 1
        assert Leagues(database, clock=clock).finished_events() == fresh
        with database.read() as connection:
            ((*_, stored_format),) = league_store.finished_events(connection)
        assert stored_format == RESULTS_FORMAT
    finally:
        database.close()
