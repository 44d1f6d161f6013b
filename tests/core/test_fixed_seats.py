"""Seats that never move (issue 34, item 5): locked seats (a dealer's), seats
reserved for one player, named tables and seats set table by table; the draw,
late seating, balancing, breaking and the final redraw respect them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import codec
from director.core import commands as c
from director.core import events as e
from director.core.buttons import Positions
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import Bust
from director.core.seating import Table, draw_open_seat, draw_seats, plan_moves, redraw
from tests.core.helpers import T0, run
from tests.core.test_tables import field, sizes


def test_the_draw_never_seats_anyone_in_a_locked_seat_and_gives_a_reserved_seat_to_its_player() -> (
    None
):
    layout = {
        1: Table(1, {}, locked=frozenset({5}), reserved={3: "p7"}),
        2: Table(2, {}, capacity=6, locked=frozenset({1})),
    }
    players = [f"p{n}" for n in range(14)]
    for seed in range(40):
        seats = draw_seats(players, seats_per_table=9, rng=random.Random(seed), layout=layout)
        assert seats["p7"] == (1, 3)
        taken = set(seats.values())
        assert len(taken) == 14
        assert (1, 5) not in taken and (2, 1) not in taken
        assert all(seat <= 6 for table, seat in taken if table == 2)


def test_seats_per_table_set_table_by_table_decide_how_many_tables_are_drawn() -> None:
    """9, 9, 6: 24 players fill three tables; a 25th needs a fourth."""
    layout = {3: Table(3, {}, capacity=6)}
    seats = draw_seats(
        [f"p{n}" for n in range(24)], seats_per_table=9, rng=random.Random(1), layout=layout
    )
    counts = sorted(
        sum(1 for t, _ in seats.values() if t == n) for n in {t for t, _ in seats.values()}
    )
    assert counts == [6, 9, 9]


def test_a_late_entrant_gets_his_reserved_seat_and_nobody_else_takes_it() -> None:
    tables = [
        Table(1, {1: "a", 2: "b"}, reserved={4: "late"}, locked=frozenset({5})),
        Table(2, {1: "c", 2: "d", 3: "e"}),
    ]
    assert draw_open_seat(tables, seats_per_table=6, rng=random.Random(0), player="late") == (1, 4)
    for seed in range(40):
        table, seat = draw_open_seat(tables, seats_per_table=6, rng=random.Random(seed))
        assert (table, seat) not in {(1, 4), (1, 5)}


def test_the_final_redraw_keeps_a_reserved_player_in_his_seat() -> None:
    setup = Table(1, {}, locked=frozenset({1}), reserved={9: "x"})
    for seed in range(20):
        seats = redraw(
            ["x", "a", "b", "c"], table=1, seats_per_table=9, rng=random.Random(seed), setup=setup
        )
        assert seats["x"] == (1, 9)
        assert (1, 1) not in seats.values()


@st.composite
def locked_field(draw):
    per_table = draw(st.integers(min_value=4, max_value=10))
    table_count = draw(st.integers(min_value=1, max_value=6))
    tables = []
    for number in range(1, table_count + 1):
        capacity = draw(st.sampled_from([0, 0, 4, 6, 8]))
        size = capacity or per_table
        locked = draw(st.sets(st.integers(1, size), max_size=2))
        free = [seat for seat in range(1, size + 1) if seat not in locked]
        occupied = draw(st.sets(st.sampled_from(free), max_size=size) if free else st.just(set()))
        seats = {seat: f"t{number}s{seat}" for seat in occupied}
        reserved = {}
        for seat in draw(st.sets(st.sampled_from(free)) if free else st.just(set())):
            # A reserved seat holds its player or stays empty for him.
            reserved[seat] = seats.get(seat, f"away{number}s{seat}")
        last = None
        if len(seats) >= 2 and draw(st.booleans()):
            big = draw(st.sampled_from(sorted(occupied)))
            last = Positions(big, big, big)
        tables.append(
            Table(
                number, seats, last, capacity=capacity, locked=frozenset(locked), reserved=reserved
            )
        )
    order = draw(st.permutations(list(range(1, table_count + 1))))
    return per_table, tables, order, draw(st.integers(0, 1000))


@given(locked_field())
def test_no_move_into_or_out_of_a_locked_seat_and_balancing_within_one_player(story) -> None:
    """Issue 34: "never a move into or out of a locked seat; balancing still within
    one player" (counting each table's own number of seats)."""
    per_table, tables, order, seed = story
    shapes = {table.number: table for table in tables}
    moves = plan_moves(
        tables, seats_per_table=per_table, break_order=order, rng=random.Random(seed)
    )
    seats = {table.number: dict(table.seats) for table in tables}
    for move in moves:
        source, target = shapes[move.from_table], shapes[move.to_table]
        assert move.from_seat not in source.locked
        assert source.reserved.get(move.from_seat) != move.player  # never out of his seat
        assert move.to_seat not in target.locked
        assert target.reserved.get(move.to_seat, move.player) == move.player
        assert 1 <= move.to_seat <= target.size(per_table)
        assert seats[move.from_table].pop(move.from_seat) == move.player
        assert move.to_seat not in seats[move.to_table]
        seats[move.to_table][move.to_seat] = move.player
    everyone = [player for table in seats.values() for player in table.values()]
    assert len(everyone) == len(set(everyone)) == sum(len(t.seats) for t in tables)
    after = [
        Table(
            n, s, capacity=shapes[n].capacity, locked=shapes[n].locked, reserved=shapes[n].reserved
        )
        for n, s in seats.items()
        if s
    ]
    for giver in after:
        movable = set(giver.seats) - giver.fixed()
        for taker in after:
            if movable and taker.open_seats(per_table):
                assert len(giver.seats) - len(taker.seats) <= 1


def test_a_table_with_a_player_in_his_reserved_seat_never_breaks() -> None:
    tables = [
        Table(1, {1: "a", 2: "b", 3: "c", 4: "d"}),
        Table(2, {1: "x", 2: "y"}, reserved={1: "x"}),
    ]
    moves = plan_moves(tables, seats_per_table=9, break_order=[2, 1], rng=random.Random(0))
    assert all(move.player != "x" for move in moves)
    assert {move.from_table for move in moves} <= {1}


# -- the commands -------------------------------------------------------------------


def test_locking_a_seat_keeps_late_entrants_and_moves_out_of_it_and_undo_frees_it() -> None:
    state = run(field(6), c.DrawSeats(), T0)
    (table,) = state.tables.tables.values()
    free = next(seat for seat in range(1, 10) if seat not in table.seats)
    locked = run(state, c.LockSeat(table=1, seat=free), T0)
    assert free in locked.tables.setup(1).locked
    with pytest.raises(RuleViolation) as caught:
        run(locked, c.MovePlayer(player=PlayerId(1), table=1, seat=free), T0)
    assert caught.value.code == "seat_locked"
    for number in range(7, 9):
        locked = run(locked, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    assert all(locked.tables.where(PlayerId(n)) != (1, free) for n in range(1, 9))
    freed = run(locked, c.UnlockSeat(table=1, seat=free), T0)
    assert freed.tables.setup(1) == state.tables.setup(1)
    with pytest.raises(RuleViolation) as caught:
        run(freed, c.UnlockSeat(table=1, seat=free), T0)
    assert caught.value.code == "seat_not_locked"


def test_a_seat_is_locked_only_when_empty_or_reserved_for_the_one_sitting_there() -> None:
    state = run(field(6), c.DrawSeats(), T0)
    (table,) = state.tables.tables.values()
    seat, player = next(iter(table.seats.items()))
    with pytest.raises(RuleViolation) as caught:
        run(state, c.LockSeat(table=1, seat=seat), T0)
    assert caught.value.code == "seat_taken"
    other = next(p for p in table.seats.values() if p != player)
    with pytest.raises(RuleViolation) as caught:
        run(state, c.LockSeat(table=1, seat=seat, player=other), T0)
    assert caught.value.code == "player_seated_elsewhere"
    kept = run(state, c.LockSeat(table=1, seat=seat, player=player), T0)
    assert kept.tables.reserved_seat(player) == (1, seat)
    free = next(s for s in range(1, 10) if s not in table.seats)
    with pytest.raises(RuleViolation) as caught:
        run(kept, c.MovePlayer(player=player, table=1, seat=free), T0)
    assert caught.value.code == "player_keeps_reserved_seat"


def test_a_reserved_seat_before_the_draw_goes_to_its_player() -> None:
    state = field(12)
    state = run(state, c.LockSeat(table=2, seat=9, player=PlayerId(4)), T0)
    state = run(state, c.LockSeat(table=1, seat=1), T0)
    state = run(state, c.DrawSeats(), T0)
    assert state.tables.where(PlayerId(4)) == (2, 9)
    assert 1 not in state.tables.tables[1].seats


def test_named_tables_and_their_own_seats_are_kept_through_the_draw() -> None:
    state = field(20)
    state = run(state, c.SetTableLayout(table=3, name="  Ann's   kitchen ", seats=6), T0)
    assert state.tables.setup(3).name == "Ann's kitchen"
    state = run(state, c.DrawSeats(), T0)
    assert sizes(state) == [6, 7, 7]
    assert max(state.tables.tables[3].seats) <= 6
    assert state.tables.seats_at(3) == 6 and state.tables.seats_at(1) == 9
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetTableLayout(table=1, seats=4), T0)
    assert caught.value.code == "table_too_small_for_players"
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetTableLayout(table=1, name="x" * 41), T0)
    assert caught.value.code == "table_name_too_long"


def test_a_bust_never_moves_a_player_out_of_his_reserved_seat() -> None:
    state = run(field(18), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    keeper_seat, keeper = next(iter(state.tables.tables[1].seats.items()))
    state = run(state, c.LockSeat(table=1, seat=keeper_seat, player=keeper), T0)
    for player in sorted(state.tables.tables[2].seats.values())[:3]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0)
    assert state.tables.pending
    assert all(move.player != str(keeper) for move in state.tables.pending)


def test_the_new_events_read_back_from_the_log() -> None:
    for event in (
        e.TableLayoutSet(at=T0, table=2, name="Kitchen", seats=6),
        e.SeatLocked(at=T0, table=1, seat=5, player=PlayerId(3)),
        e.SeatLocked(at=T0, table=1, seat=4),
        e.SeatUnlocked(at=T0, table=1, seat=5),
    ):
        assert codec.decode(type(event), codec.encode(event)) == event


# -- where "Table 2" shows ------------------------------------------------------------


def named_and_locked():
    state = field(12)
    state = run(state, c.SetTableLayout(table=2, name="Ann's kitchen", seats=6), T0)
    state = run(state, c.LockSeat(table=1, seat=1), T0)
    state = run(state, c.LockSeat(table=2, seat=6, player=PlayerId(4)), T0)
    return run(state, c.DrawSeats(), T0)


def test_status_json_shows_table_names_and_locked_seats() -> None:
    from director.app.night.status import tables_section

    section = tables_section(named_and_locked(), T0)
    layout = {entry["table"]: entry for entry in section["layout"]}
    assert layout[1]["locked_seats"] == [1] and layout[1]["seats"] == 9
    assert layout[2]["name"] == "Ann's kitchen" and layout[2]["seats"] == 6
    assert layout[2]["reserved_seats"] == [{"seat": 6, "player": 4, "name": "P4"}]
    by_number = {table["number"]: table for table in section["tables"]}
    assert by_number[2]["name"] == "Ann's kitchen" and by_number[2]["seat_count"] == 6


def test_the_tv_seat_list_the_lookup_and_the_seating_pdf_name_the_table() -> None:
    from director.app.views.display import seat_rows
    from director.reports.data import seating_data

    state = named_and_locked()
    row = next(row for row in seat_rows(state) if row.name == "P4")
    assert row.text == "Table Ann's kitchen · Seat 6"
    data = seating_data(state, T0)
    assert data.labels[2] == "Table Ann's kitchen"
    seats = dict(data.tables)
    assert len(seats[2]) == 6
    assert seats[1][0] == (1, "locked")


def test_r24_the_worst_open_seat_skips_a_locked_seat_after_the_big_blind() -> None:
    """R24 with a dealer's seat: the mover takes the open seat the big blind reaches
    first, passing over the locked seat right after it."""
    giver = Table(1, {seat: f"A{seat}" for seat in range(1, 10)}, Positions(2, 3, 4))
    taker = Table(
        2,
        {seat: f"B{seat}" for seat in (1, 2, 6, 7, 8, 9)},
        Positions(1, 1, 2),
        locked=frozenset({3}),
    )
    moves = plan_moves([giver, taker], seats_per_table=9, break_order=[2, 1], rng=random.Random(0))
    assert [(move.to_table, move.to_seat) for move in moves] == [(2, 4)]
