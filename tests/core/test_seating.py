"""Seat draws, balancing and breaking tables (R5, R7, R24-R26)."""

from __future__ import annotations

import doctest
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from director.core import seating
from director.core.buttons import Positions
from director.core.seating import Move, Table, draw_open_seat, draw_seats, plan_moves, redraw


def test_doctests() -> None:
    assert doctest.testmod(seating).failed == 0


def test_tb1_r24_the_next_big_blind_moves_to_the_worst_seat_of_the_short_table() -> None:
    table_a = Table(1, {seat: f"A{seat}" for seat in range(1, 10)}, Positions(2, 3, 4))
    table_b = Table(2, {seat: f"B{seat}" for seat in (1, 2, 3, 5, 6, 7)}, Positions(1, 2, 3))
    moves = plan_moves(
        [table_a, table_b], seats_per_table=9, break_order=[2, 1], rng=random.Random(0)
    )
    assert moves[0] == Move("A5", 1, 5, 2, 4)
    # Table A 8, B 7: balanced after one move.
    assert len(moves) == 1


def test_r24_the_worst_seat_is_never_the_small_blind() -> None:
    # The big blind at the short table (seat 3) has just busted: seat 3 will be
    # the small blind next hand, so the newcomer goes to seat 4.
    big = Table(1, {seat: f"A{seat}" for seat in range(1, 10)}, Positions(2, 3, 4))
    short = Table(2, {1: "B1", 2: "B2", 5: "B5", 6: "B6", 7: "B7"}, Positions(1, 2, 3))
    (first, *_rest) = plan_moves(
        [big, short], seats_per_table=9, break_order=[2, 1], rng=random.Random(0)
    )
    assert (first.to_table, first.to_seat) == (2, 4)


def test_r25_a_table_breaks_as_soon_as_the_players_fit_at_one_fewer() -> None:
    tables = [
        Table(1, {seat: f"A{seat}" for seat in range(1, 8)}),
        Table(2, {seat: f"B{seat}" for seat in range(1, 7)}),
        Table(3, {seat: f"C{seat}" for seat in (1, 2, 3, 4, 5)}),
    ]
    moves = plan_moves(tables, seats_per_table=9, break_order=[3, 2, 1], rng=random.Random(4))
    assert {move.from_table for move in moves} == {3}
    sizes = Counter({1: 7, 2: 6})
    for move in moves:
        sizes[move.to_table] += 1
    assert sorted(sizes.values()) == [9, 9]


def test_r5_late_entrants_draw_among_the_open_seats_of_the_shortest_tables() -> None:
    tables = [Table(1, {1: "a", 2: "b", 3: "c"}), Table(2, {1: "d", 2: "e"})]
    for seed in range(20):
        table, seat = draw_open_seat(tables, seats_per_table=9, rng=random.Random(seed))
        assert table == 2 and seat not in (1, 2)


def test_r26_final_table_redraw_gives_everyone_a_seat() -> None:
    players = [f"p{n}" for n in range(8)]
    seats = redraw(players, table=1, seats_per_table=9, rng=random.Random(3))
    assert sorted(seats) == sorted(players)
    assert len(set(seats.values())) == 8


@given(
    count=st.integers(min_value=1, max_value=120),
    per_table=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_r7_the_draw_fills_tables_evenly_and_seats_each_player_once(count, per_table, seed) -> None:
    players = [f"p{n}" for n in range(count)]
    seats = draw_seats(players, seats_per_table=per_table, rng=random.Random(seed))
    assert sorted(seats) == sorted(players)
    assert len(set(seats.values())) == count
    sizes = Counter(table for table, _seat in seats.values())
    assert max(sizes.values()) - min(sizes.values()) <= 1
    assert len(sizes) == -(-count // per_table)
    assert all(1 <= seat <= per_table for _table, seat in seats.values())


def test_r7_the_draw_is_fair() -> None:
    """Each player lands at each table about as often (chi-square-ish bound)."""
    counts: Counter[tuple[str, int]] = Counter()
    players = [f"p{n}" for n in range(12)]
    rng = random.Random(99)
    trials = 3000
    for _ in range(trials):
        for player, (table, _seat) in draw_seats(players, seats_per_table=6, rng=rng).items():
            counts[(player, table)] += 1
    for player in players:
        share = counts[(player, 1)] / trials
        assert 0.44 < share < 0.56


@st.composite
def field(draw):
    per_table = draw(st.integers(min_value=4, max_value=10))
    table_count = draw(st.integers(min_value=1, max_value=8))
    tables = []
    number = 0
    for table in range(1, table_count + 1):
        occupied = draw(st.sets(st.integers(1, per_table), min_size=1, max_size=per_table))
        seats = {seat: f"t{table}s{seat}" for seat in occupied}
        number += len(seats)
        last = None
        if len(seats) >= 2 and draw(st.booleans()):
            big = draw(st.sampled_from(sorted(occupied)))
            last = Positions(big, big, big)
        tables.append(Table(table, seats, last))
    order = draw(st.permutations(list(range(1, table_count + 1))))
    return per_table, tables, order, draw(st.integers(0, 1000))


@given(field())
def test_after_the_planned_moves_tables_are_balanced_and_nobody_sits_twice(story) -> None:
    per_table, tables, order, seed = story
    moves = plan_moves(
        tables, seats_per_table=per_table, break_order=order, rng=random.Random(seed)
    )
    seats = {table.number: dict(table.seats) for table in tables}
    for move in moves:
        assert seats[move.from_table].get(move.from_seat) == move.player
        del seats[move.from_table][move.from_seat]
        assert move.to_seat not in seats[move.to_table]
        assert 1 <= move.to_seat <= per_table
        seats[move.to_table][move.to_seat] = move.player
    everyone = [player for table in seats.values() for player in table.values()]
    assert len(everyone) == len(set(everyone)) == sum(len(t.seats) for t in tables)
    sizes = [len(table) for table in seats.values() if table]
    assert max(sizes) - min(sizes) <= 1
    # No table was kept that the players could do without (R25).
    assert len(sizes) == -(-len(everyone) // per_table)


def _check_nobody_moves_twice(tables, per_table, order, seed):
    moves = plan_moves(
        tables, seats_per_table=per_table, break_order=order, rng=random.Random(seed)
    )
    movers = [move.player for move in moves]
    assert len(movers) == len(set(movers)), moves
    # Nobody is sent to a table that players leave because it breaks.
    emptied = {
        table.number
        for table in tables
        if sum(1 for m in moves if m.from_table == table.number) == len(table.seats) and table.seats
    }
    assert not {move.to_table for move in moves} & emptied
    return moves


def test_r25_two_tables_break_in_one_plan_nobody_moves_twice() -> None:
    """R25 (TDA; the seeds leave table breaking to the TDA): "its players get new seats
    by a random draw among the open seats", and nobody moves twice when once will do.
    16 players at 4 tables of 9: tables 4 and 3 break, and every player of them goes
    straight to table 1 or 2."""
    for seed in range(40):
        players = [f"p{n}" for n in range(16)]
        drawn = draw_seats(players, seats_per_table=9, rng=random.Random(seed), tables=4)
        seats: dict[int, dict[int, str]] = {}
        for player, (table, seat) in drawn.items():
            seats.setdefault(table, {})[seat] = player
        tables = [Table(n, s) for n, s in sorted(seats.items())]
        moves = _check_nobody_moves_twice(tables, 9, [4, 3, 2, 1], seed)
        assert {move.from_table for move in moves} == {3, 4}
        assert {move.to_table for move in moves} <= {1, 2}
        assert len(moves) == 8


def test_r25_nine_players_at_tables_of_two_two_and_five() -> None:
    """R25: "its players get new seats by a random draw among the open seats"; with 9
    players at tables of 2/2/5 (9 seats) both small tables break into the third."""
    for seed in range(40):
        tables = [
            Table(1, {1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}),
            Table(2, {1: "f", 5: "g"}),
            Table(3, {2: "h", 7: "i"}),
        ]
        moves = _check_nobody_moves_twice(tables, 9, [3, 2, 1], seed)
        assert sorted(move.player for move in moves) == ["f", "g", "h", "i"]
        assert {move.to_table for move in moves} == {1}


@given(field())
def test_r25_no_player_moves_twice_and_nobody_goes_to_a_breaking_table(story) -> None:
    """R25: "its players get new seats by a random draw among the open seats"."""
    per_table, tables, order, seed = story
    _check_nobody_moves_twice(tables, per_table, order, seed)
