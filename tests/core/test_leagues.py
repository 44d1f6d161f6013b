"""League points and season standings (core, pure)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.leagues import (
    EventResults,
    PointsRule,
    ResultLine,
    best_of,
    decode_results,
    encode_results,
    event_points,
    final_stack,
    parse_expression,
    player_history,
    points_text,
    preview,
    sample_paid,
    season_pot,
    standings,
    usual_buy_in,
)


def event(number: int, places: list[tuple[int, int, int]], **extra: int) -> EventResults:
    """``places``: (player, best, worst) in any order; prize 0 unless given by extra."""
    lines = tuple(
        ResultLine(
            player=PlayerId(player),
            name=f"P{player}",
            best=best,
            worst=worst,
            prize=extra.get(f"prize{player}", 0),
            knockouts=extra.get(f"ko{player}", 0),
            money_in=1000,
            money_out=extra.get(f"prize{player}", 0),
        )
        for player, best, worst in places
    )
    return EventResults(
        event=number,
        name=f"E{number}",
        date=f"2026-01-{number:02d}",
        entrants=len(lines),
        entries=len(lines),
        paid=extra.get("paid", 0),
        buy_in=extra.get("buy_in", 1000),
        lines=lines,
        season_pot=extra.get("pot", 0),
    )


def test_fixed_table_formula() -> None:
    rule = PointsRule(kind="table", table=(1000, 600, 300))
    results = event(1, [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)])
    assert event_points(rule, results) == {1: 1000, 2: 600, 3: 300, 4: 0}


def test_field_size_formula() -> None:
    rule = PointsRule(kind="field")
    results = event(1, [(p, p, p) for p in range(1, 6)])
    assert event_points(rule, results) == {1: 500, 2: 400, 3: 300, 4: 200, 5: 100}


def test_expression_formula_square_root_of_field_and_buyin() -> None:
    rule = PointsRule(kind="expression", expression="10 * sqrt(entrants) / place * buyin / 10")
    results = event(1, [(p, p, p) for p in range(1, 5)], buy_in=2000)
    # 10 * 2 / place * 20 / 10 = 40 / place
    assert event_points(rule, results) == {1: 4000, 2: 2000, 3: 1333, 4: 1000}


def test_expression_formula_uses_each_players_knockouts_and_prize() -> None:
    """The formula's ``knockouts`` and ``prize`` are the player's own night (they
    were always 0, so a formula on them gave every place the same points)."""
    rule = PointsRule(kind="expression", expression="10 + 2 * knockouts + prize / 10")
    results = event(1, [(1, 1, 1), (2, 2, 3), (3, 2, 3)], ko1=3, prize1=6000, ko2=1, prize2=2000)
    # Ann: 10 + 6 + 60 / 10 = 22; Bob and Cy tie over 2-3, each with his own night.
    assert event_points(rule, results) == {1: 2200, 2: 1400, 3: 1000}
    assert not PointsRule(kind="expression", expression="entrants - place").per_player


def test_bonuses_participation_knockouts_bubble() -> None:
    rule = PointsRule(kind="table", table=(500,), participation=100, knockout=50, bubble=70)
    results = event(1, [(1, 1, 1), (2, 2, 2), (3, 3, 3)], paid=1, ko1=2)
    assert event_points(rule, results) == {1: 500 + 100 + 100, 2: 100 + 70, 3: 100}


def test_ties_share_points_like_places() -> None:
    rule = PointsRule(kind="table", table=(1000, 600, 300, 100))
    results = event(1, [(1, 1, 1), (2, 2, 3), (3, 2, 3), (4, 4, 4)])
    assert event_points(rule, results) == {1: 1000, 2: 450, 3: 450, 4: 100}


def test_best_n_of_m_events() -> None:
    rule = PointsRule(kind="field", best_of=2)
    seasons = [event(n, [(1, n, n), (2, 4 - n, 4 - n), (3, 2, 2)]) for n in (1, 3)]
    seasons.append(event(4, [(1, 3, 3), (2, 1, 1), (3, 2, 2)]))
    rows = standings(rule, seasons)
    by_player = {row.player: row for row in rows}
    assert by_player[PlayerId(1)].points == 300 + 100  # best two of 300, 100, 100
    assert by_player[PlayerId(1)].counted == 2 and by_player[PlayerId(1)].played == 3
    assert by_player[PlayerId(2)].points == 300 + 300


def test_standings_counts_and_money() -> None:
    rule = PointsRule(kind="field", final_table=2)
    season = [
        event(1, [(1, 1, 1), (2, 2, 2), (3, 3, 3)], prize1=2000, prize2=1000, ko1=2),
        event(2, [(1, 3, 3), (2, 1, 1), (3, 2, 2)], prize2=3000),
    ]
    rows = standings(rule, season)
    assert [(r.rank, r.player, r.points) for r in rows] == [(1, 2, 500), (2, 1, 400), (3, 3, 300)]
    first = rows[0]
    assert (first.played, first.wins, first.final_tables, first.cashes) == (2, 1, 2, 2)
    assert (first.money_in, first.money_out, first.net) == (2000, 4000, 2000)
    assert rows[1].knockouts == 2


def test_tie_break_rules() -> None:
    season = [
        event(1, [(1, 1, 1), (2, 2, 2)], prize1=100),
        event(2, [(1, 2, 2), (2, 1, 1)], prize2=5000),
    ]
    shared = standings(PointsRule(kind="field", tie_break="shared"), season)
    assert [r.rank for r in shared] == [1, 1]
    by_net = standings(PointsRule(kind="field", tie_break="net"), season)
    assert [(r.rank, r.player) for r in by_net] == [(1, 2), (2, 1)]


def test_merged_players_counted_once() -> None:
    season = [event(1, [(1, 1, 1), (2, 2, 2)]), event(2, [(3, 1, 1), (2, 2, 2)])]
    rows = standings(PointsRule(kind="field"), season, same={PlayerId(3): PlayerId(1)})
    assert [(r.player, r.points, r.played) for r in rows] == [(1, 400, 2), (2, 200, 2)]
    history = player_history(PlayerId(1), season, same={PlayerId(3): PlayerId(1)})
    assert [line.event for line in history] == [1, 2]


def test_the_season_pot_is_what_the_counted_events_ledgers_hold() -> None:
    season = [
        event(1, [(1, 1, 1), (2, 2, 2)], pot=500),
        event(2, [(1, 1, 1), (2, 2, 2), (3, 3, 3)], pot=750),
        event(3, [(1, 1, 1), (2, 2, 2)]),  # played without a season pot
    ]
    assert season_pot(season) == 1250
    assert season_pot(season[2:]) == 0


def test_a_summary_keeps_the_season_pot_and_an_older_one_reads_as_none() -> None:
    results = event(4, [(1, 1, 1), (2, 2, 2)], pot=600)
    assert decode_results(encode_results(results)) == results
    older = encode_results(results)
    del older["season_pot"]  # a summary written before events had a season pot
    assert decode_results(older).season_pot == 0


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("__import__('os').system('x')", "formula_not_allowed"),
        ("entrants.real", "formula_not_allowed"),
        ("[1, 2]", "formula_not_allowed"),
        ("lambda: 1", "formula_not_allowed"),
        ("'a' * 3", "formula_not_allowed"),
        ("open(1)", "formula_not_allowed"),
        ("pi * place", "formula_unknown_name"),
        ("sqrt(x=1)", "formula_not_allowed"),
        ("entrants -", "formula_syntax"),
        ("", "formula_empty"),
        ("1" * 400, "formula_too_long"),
    ],
)
def test_safe_evaluator_refuses(text: str, code: str) -> None:
    with pytest.raises(RuleViolation) as raised:
        parse_expression(text)
    assert raised.value.code == code


def test_safe_evaluator_refuses_huge_powers_and_division_by_zero() -> None:
    for text, code in (
        ("9 ** 9 ** 9", "formula_cannot_compute"),
        ("1 / (place - place)", "formula_divides_by_zero"),
        ("sqrt(-1)", "formula_cannot_compute"),
    ):
        with pytest.raises(RuleViolation) as raised:
            PointsRule(kind="expression", expression=text).place_points(1, 10)
        assert raised.value.code == code


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        (
            PointsRule(kind="expression", expression="prize / (place - 1)"),
            "formula_divides_by_zero",
        ),
        (PointsRule(kind="expression", expression="100 / knockouts"), "formula_divides_by_zero"),
        (PointsRule(kind="expression", expression="9 ** 99 ** 99"), "formula_cannot_compute"),
        (PointsRule(kind="table", table=(10**12,)), "points_too_large"),
        (PointsRule(kind="field", participation=-1), "points_negative"),
    ],
)
def test_a_formula_that_cannot_score_a_plain_night_is_refused_when_set(rule, code) -> None:
    """It used to be taken, and every standings of the league then failed."""
    with pytest.raises(RuleViolation) as raised:
        rule.check()
    assert raised.value.code == code


def test_preview_on_sample_fields() -> None:
    rows = preview(PointsRule(kind="field"), fields=(3, 10), places=5)
    assert rows == [(3, [300, 200, 100]), (10, [1000, 900, 800, 700, 600])]


def test_the_preview_counts_the_bonuses_as_a_season_would() -> None:
    """Participation for every place, the bubble bonus at the first place out of the
    money (10 players: the default table pays 3, so 4th), shown past ``places``."""
    rule = PointsRule(kind="table", table=(1000, 600, 300), participation=50, bubble=200)
    assert sample_paid(10) == 3
    ((size, points),) = preview(rule, fields=(10,), places=3)
    assert size == 10
    assert points == [1050, 650, 350, 250]  # 4th: 0 + 50 for playing + 200 on the bubble
    sample = [1050, 650, 350, 250, 50, 50, 50, 50, 50, 50]
    assert preview(rule, fields=(10,), places=10) == [(10, sample)]
    # Exactly what a season gives each place of such an event.
    field = event(1, [(p, p, p) for p in range(1, 11)], paid=3)
    assert [event_points(rule, field)[PlayerId(p)] for p in range(1, 11)] == sample


def test_the_preview_works_a_buyin_formula_out_with_the_sample_buy_in() -> None:
    """A formula over the buy-in previews with the buy-in given (in minor units), as
    a season counts an event of that buy-in; without one it is 0."""
    rule = PointsRule(kind="expression", expression="buyin * 10 / place").check()
    assert preview(rule, (10,), 3) == [(10, [0, 0, 0])]
    # A €20.00 buy-in: 200, 100, 66.66 points.
    assert preview(rule, (10,), 3, buy_in=2000) == [(10, [20000, 10000, 6666])]
    field = event(1, [(p, p, p) for p in range(1, 11)], paid=3, buy_in=2000)
    assert [event_points(rule, field)[PlayerId(p)] for p in (1, 2, 3)] == [20000, 10000, 6666]
    with pytest.raises(RuleViolation) as raised:
        preview(rule, (10,), 3, buy_in=-1)
    assert raised.value.code == "sample_buy_in_negative"


def test_the_usual_buy_in_is_the_most_common_one() -> None:
    nights = [
        event(1, [(1, 1, 1)], buy_in=2000),
        event(2, [(1, 1, 1)], buy_in=1000),
        event(3, [(1, 1, 1)], buy_in=0),  # imported without a buy-in column
        event(4, [(1, 1, 1)], buy_in=0),
        event(5, [(1, 1, 1)], buy_in=1000),
        event(6, [(1, 1, 1)], buy_in=2000),
    ]
    assert usual_buy_in(nights) == 2000  # as common as 1000, and more recent
    assert usual_buy_in(nights[:5]) == 1000
    assert usual_buy_in(nights[2:4]) == 0
    assert usual_buy_in([]) == 0


def test_points_text() -> None:
    assert [points_text(v) for v in (1200, 1250, 1233, 5)] == ["12", "12.5", "12.33", "0.05"]


RULES = st.one_of(
    st.builds(
        PointsRule,
        kind=st.just("table"),
        table=st.lists(st.integers(0, 10_000), min_size=1, max_size=12).map(tuple),
        participation=st.integers(0, 500),
        knockout=st.integers(0, 500),
        bubble=st.integers(0, 500),
        best_of=st.integers(0, 5),
    ),
    st.builds(PointsRule, kind=st.just("field"), best_of=st.integers(0, 5)),
    st.builds(
        PointsRule,
        kind=st.just("expression"),
        expression=st.sampled_from(
            ["100 - place * 20", "sqrt(entrants) * 10 / place", "entrants - place + 1", "-5"]
        ),
        best_of=st.integers(0, 5),
    ),
)


@st.composite
def fields(draw: st.DrawFn) -> EventResults:
    size = draw(st.integers(2, 12))
    places: list[tuple[int, int, int]] = []
    place = 1
    player = 1
    while place <= size:
        width = min(draw(st.integers(1, 3)), size - place + 1)
        for _ in range(width):
            places.append((player, place, place + width - 1))
            player += 1
        place += width
    return event(draw(st.integers(1, 28)), places, paid=draw(st.integers(0, 3)))


@given(RULES, st.lists(fields(), min_size=1, max_size=6))
def test_points_never_negative_ties_share_best_n_never_more_than_n(
    rule: PointsRule, season: list[EventResults]
) -> None:
    for results in season:
        points = event_points(rule, results)
        assert all(value >= 0 for value in points.values())
        for line in results.lines:
            for other in results.lines:
                if (line.best, line.worst) == (other.best, other.worst) and (
                    line.knockouts == other.knockouts
                ):
                    assert points[line.player] == points[other.player]
    for row in standings(rule, season):
        assert row.counted <= (rule.best_of or row.played)
        assert row.points >= 0


@given(st.lists(st.integers(0, 1000)), st.integers(0, 10))
def test_best_of_keeps_the_best(scores: list[int], count: int) -> None:
    kept = best_of(scores, count)
    assert len(kept) == (len(scores) if count == 0 else min(count, len(scores)))
    assert sum(kept) >= sum(sorted(scores)[: len(kept)])


def test_round_in_a_formula_rounds_halves_away_from_zero_like_a_spreadsheet() -> None:
    """Organizers write league formulas as in a spreadsheet, whose ROUND takes a half
    away from zero (2.5 -> 3); Python's round() takes it to the even number (2)."""
    from fractions import Fraction

    def value(text: str) -> Fraction:
        return Fraction(parse_expression(text).evaluate({}))

    assert value("round(2.5)") == 3 and value("round(3.5)") == 4
    assert value("round(-2.5)") == -3 and value("round(2.4)") == 2
    assert value("round(1.25, 1)") == Fraction(13, 10)
    assert value("round(1234.5, -1)") == 1230
    rule = PointsRule(kind="expression", expression="round(5 / place)")
    results = event(1, [(p, p, p) for p in range(1, 5)])
    # 5/2 = 2.5 -> 3 (not 2); 5/4 = 1.25 -> 1
    assert event_points(rule, results)[2] == 300 and event_points(rule, results)[4] == 100


TABLE = PointsRule(kind="table", table=(1000, 600, 300))
NIGHTS = [
    event(1, [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]),
    event(2, [(2, 1, 1), (1, 2, 2), (3, 3, 3)]),
    event(3, [(1, 1, 1), (4, 2, 2)]),
]


def test_players_below_the_minimum_of_events_are_listed_apart_unranked() -> None:
    """Issue 33: "a minimum number of events to be ranked"."""
    rows = standings(PointsRule(kind="table", table=(1000, 600, 300), min_events=3), NIGHTS)
    assert [(row.name, row.rank, row.ranked) for row in rows] == [
        ("P1", 1, True),
        ("P2", 0, False),  # 16 points in 2 events
        ("P3", 0, False),
        ("P4", 0, False),
    ]


def test_a_guest_earns_no_points_is_not_ranked_and_keeps_the_place() -> None:
    """Issue 33: guests "play but earn no points and are not ranked"; a guest's place
    stands, so the player behind a guest scores that night's lower place."""
    rule = PointsRule(kind="table", table=(1000, 600, 300), guests=(1,))
    rows = standings(rule, NIGHTS)
    assert [(row.name, row.rank, row.points) for row in rows] == [
        ("P2", 1, 1600),
        ("P3", 2, 600),
        ("P4", 2, 600),
        ("P1", 0, 0),
    ]
    assert rows[-1].guest and not rows[-1].ranked and rows[-1].played == 3


def test_the_final_takes_the_top_n_with_a_minimum_of_events_and_their_stacks() -> None:
    """Issue 33: a qualification line for the season final (top N, or a minimum of
    events) and a chip bonus from season points, each qualifier's starting stack."""
    rule = PointsRule(
        kind="table",
        table=(1000, 600, 300),
        qualify_top=3,
        qualify_events=2,
        bonus_base=10000,
        bonus_per_point=50,
        bonus_cap=1000,
    )
    rows = {row.name: row for row in standings(rule, NIGHTS)}
    # P1 26 points, P2 16, P3 and P4 6 each, tied for the third place: players tied
    # on the line both qualify.
    assert {name: row.qualified for name, row in rows.items()} == {
        "P1": True,
        "P2": True,
        "P3": True,
        "P4": True,
    }
    assert rows["P1"].final_stack == 11000  # 26 x 50 = 1,300, capped at 1,000
    assert rows["P2"].final_stack == 10800
    assert rows["P3"].final_stack == 10300
    top_two = standings(PointsRule(kind="table", table=(1000, 600, 300), qualify_top=2), NIGHTS)
    assert [row.final_stack for row in top_two] == [0, 0, 0, 0]  # no base: no stacks
    assert [row.name for row in top_two if row.qualified] == ["P1", "P2"]
    by_events = standings(PointsRule(qualify_events=3), NIGHTS)
    assert [row.name for row in by_events if row.qualified] == ["P1"]


def test_final_stack_counts_whole_points_and_needs_a_base() -> None:
    rule = PointsRule(bonus_base=5000, bonus_per_point=10)
    assert final_stack(rule, 1299) == 5120
    assert final_stack(PointsRule(bonus_per_point=10), 1299) == 0


def test_league_numbers_cannot_be_negative() -> None:
    with pytest.raises(RuleViolation):
        PointsRule(min_events=-1).check()
    with pytest.raises(RuleViolation):
        PointsRule(guests=(0,)).check()
