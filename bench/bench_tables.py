"""Plan the moves for 1,000 players at 112 tables after each of 990 busts, and
for 1,000 players after 200 busts at once (23 tables break in one plan).

The planned moves are applied after each plan (as if the organizer confirmed
them), so each plan starts from balanced tables, as on a real night. Printed:
the total and the worst single plan, next to a baseline measured in the same
run (copying the seat maps, which every plan must at least do).

Run: python -m bench.bench_tables
"""

from __future__ import annotations

import random
import time

from director.core.buttons import Positions, first_hand
from director.core.seating import Table, draw_seats, plan_moves

PLAYERS = 1000
SEATS = 9
BUSTS = 990


def main() -> None:
    rng = random.Random(2026)
    players = [f"p{n}" for n in range(PLAYERS)]
    drawn = draw_seats(players, seats_per_table=SEATS, rng=rng)
    tables: dict[int, dict[int, str]] = {}
    for player, (table, seat) in drawn.items():
        tables.setdefault(table, {})[seat] = player
    positions: dict[int, Positions] = {
        number: first_hand(min(seats), seats, seats=SEATS) for number, seats in tables.items()
    }
    print(f"{PLAYERS} players at {len(tables)} tables of {SEATS}")
    break_order = sorted(tables, reverse=True)
    alive = list(players)
    where = {player: place for player, place in drawn.items()}
    plan_times: list[float] = []
    copy_times: list[float] = []
    moves_made = 0
    for _ in range(BUSTS):
        out = alive.pop(rng.randrange(len(alive)))
        table, seat = where.pop(out)
        del tables[table][seat]
        if not tables[table]:
            del tables[table]
        start = time.perf_counter()
        snapshot = [Table(n, dict(seats), positions.get(n)) for n, seats in tables.items()]
        copy_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        moves = plan_moves(
            snapshot,
            seats_per_table=SEATS,
            break_order=[n for n in break_order if n in tables],
            rng=rng,
        )
        plan_times.append(time.perf_counter() - start)
        for move in moves:
            del tables[move.from_table][move.from_seat]
            tables[move.to_table][move.to_seat] = move.player
            where[move.player] = (move.to_table, move.to_seat)
            moves_made += 1
        for number in [n for n, seats in tables.items() if not seats]:
            del tables[number]
    total = sum(plan_times)
    worst = max(plan_times)
    baseline = sum(copy_times)
    print(
        f"{BUSTS} plans: total {total * 1000:.1f} ms, worst single plan {worst * 1000:.2f} ms, "
        f"median {sorted(plan_times)[len(plan_times) // 2] * 1000:.3f} ms"
    )
    print(f"{moves_made} moves planned; {len(tables)} table(s) left with {len(alive)} players")
    print(
        f"baseline (copying the seat maps for each plan): total {baseline * 1000:.1f} ms; "
        f"ratio planning / copying: {total / baseline:.1f}x"
    )


def after_many_busts(samples: int = 40, busts: int = 200) -> None:
    """1,000 players after ``busts`` busts with no plan between (issue 20's row):
    one plan breaks many tables at once."""
    plan_times: list[float] = []
    copy_times: list[float] = []
    for sample in range(samples):
        rng = random.Random(sample)
        players = [f"p{n}" for n in range(PLAYERS)]
        drawn = draw_seats(players, seats_per_table=SEATS, rng=rng)
        for out in rng.sample(players, busts):
            del drawn[out]
        tables: dict[int, dict[int, str]] = {}
        for player, (table, seat) in drawn.items():
            tables.setdefault(table, {})[seat] = player
        positions = {n: first_hand(min(s), s, seats=SEATS) for n, s in tables.items() if len(s) > 1}
        start = time.perf_counter()
        snapshot = [Table(n, dict(seats), positions.get(n)) for n, seats in tables.items()]
        copy_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        plan_moves(
            snapshot, seats_per_table=SEATS, break_order=sorted(tables, reverse=True), rng=rng
        )
        plan_times.append(time.perf_counter() - start)
    plan = sorted(plan_times)[len(plan_times) // 2]
    floor = sorted(copy_times)[len(copy_times) // 2]
    print(
        f"{PLAYERS} players after {busts} busts, one plan (median of {samples}): "
        f"{plan * 1000:.3f} ms; floor (copying the seat maps): {floor * 1000:.3f} ms; "
        f"ratio {plan / floor:.1f}x"
    )


if __name__ == "__main__":
    main()
    after_many_busts()
