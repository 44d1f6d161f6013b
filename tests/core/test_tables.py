"""Tables in an event: draw, button, hands, busts, moves, hand-for-hand.

Rules R5, R7, R11-R14 and R24-R27.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.core import clock as clk
from director.core import commands as c
from director.core.buttons import Positions, between
from director.core.errors import RuleViolation
from director.core.handlers.tables import card_strength, high_card_draw
from director.core.ids import PlayerId
from director.core.money import CashSettings, MoneySettings, RebuyRule
from director.core.payouts import PayoutSettings
from director.core.players import Bust, EntrantStatus
from director.core.results import prize_amounts, prizes_by_player
from director.core.standings import Place, places
from director.core.state import EventKind
from director.core.structure import Level, Structure, simple
from tests.core.helpers import MIN, T0, created, run

SETTINGS = MoneySettings(
    buy_in=1000,
    chips=5000,
    late_until_level=3,
    rebuy=RebuyRule(price=1000, chips=5000, until_level=3),
)


def field(count: int, *, per_table: int = 9):
    state = run(
        created(simple([(25, 50), (50, 100), (100, 200), (200, 400)])),
        c.SetMoneySettings(settings=SETTINGS),
        T0,
    )
    if per_table != 9:
        state = run(state, c.SetTableOptions(seats_per_table=per_table), T0)
    for number in range(1, count + 1):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    return state


def sizes(state) -> list[int]:
    return sorted(len(t.seats) for t in state.tables.tables.values())


def test_r7_the_draw_seats_everyone_evenly_with_the_highest_table_breaking_first() -> None:
    state = run(field(20), c.DrawSeats(), T0)
    assert sizes(state) == [6, 7, 7]
    assert state.tables.break_order == (3, 2, 1)
    assert len(state.tables.seated()) == 20


def test_r7_the_button_goes_to_the_highest_card_spades_first() -> None:
    assert max(["As", "Ah", "Kd"], key=card_strength) == "As"
    assert max(["Ac", "Kd"], key=card_strength) == "Ac"
    cards = high_card_draw([1, 4, 7], random.Random(0))
    assert len({card for _seat, card in cards}) == 3
    state = run(field(6), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    (table,) = state.tables.tables.values()
    assert table.positions is not None and table.positions.button in table.seats


def test_r11_hand_done_moves_the_button_with_the_dead_button_rule() -> None:
    state = run(field(9), c.DrawSeats(), T0)
    (table,) = state.tables.tables.values()
    assert sorted(table.seats) == list(range(1, 10))
    state = run(state, c.SetButton(table=1, seat=3), T0)
    assert state.tables.tables[1].positions == Positions(3, 4, 5)
    small_blind = state.tables.tables[1].seats[4]
    state = run(state, c.BustPlayers(busts=(Bust(player=small_blind),)), T0)
    state = run(state, c.HandDone(table=1), T0)
    assert state.tables.tables[1].positions == Positions(4, 5, 6)  # DB2: dead button on 4


def test_a_bust_frees_the_seat_and_plans_the_moves_r24() -> None:
    state = run(field(18), c.DrawSeats(), T0)
    assert sizes(state) == [9, 9]
    state = run(state, c.DrawForButton(), T0)
    table_two = state.tables.tables[2]
    out = [table_two.seats[s] for s in sorted(table_two.seats)[:2]]
    for player in out:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0)
    assert sizes(state) == [7, 9]
    (move,) = state.tables.pending
    assert (move.from_table, move.to_table) == (1, 2)
    # The mover is the player due to be big blind next at table 1.
    table_one = state.tables.tables[1]
    positions = table_one.positions
    assert positions is not None
    from director.core.buttons import next_occupied

    assert move.from_seat == next_occupied(positions.big_blind, table_one.seats, seats=9)
    state = run(state, c.ConfirmMove(), T0)
    assert sizes(state) == [8, 8] and state.tables.pending == ()
    assert state.tables.recent[-1].move == move


def test_r25_tables_break_when_players_fit_at_one_fewer() -> None:
    state = run(field(19), c.DrawSeats(), T0)  # 7, 6, 6
    players = sorted(state.tables.tables[3].seats.values())
    state = run(state, c.BustPlayers(busts=(Bust(player=players[0]),)), T0)
    assert state.tables.pending == () or all(m.from_table == 3 for m in state.tables.pending)
    for number in (1, 2):
        first = sorted(state.tables.tables[number].seats.values())[0]
        state = run(state, c.BustPlayers(busts=(Bust(player=first),)), T0)
    # 16 left: they fit at two tables, table 3 (first in the breaking order) breaks.
    assert {m.from_table for m in state.tables.pending} == {3}
    state = run(state, c.ConfirmAllMoves(), T0)
    assert sorted(state.tables.tables) == [1, 2]
    assert sizes(state) == [8, 8]


def test_r5_a_late_entrant_draws_an_open_seat_at_the_shortest_table() -> None:
    state = run(field(17), c.DrawSeats(), T0)  # 9 and 8
    state = run(state, c.BuyIn(player=PlayerId(99), name="Late"), T0)
    where = state.tables.where(PlayerId(99))
    assert where is not None and sizes(state) == [9, 9]
    assert 99 in state.tables.tables[where[0]].seats.values()
    assert where[1] in state.tables.tables[where[0]].newcomers


def test_a_rebuy_after_a_bust_gives_the_seat_back() -> None:
    state = run(field(6), c.DrawSeats(), T0)
    where = state.tables.where(PlayerId(2))
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(2)),)), T0)
    assert state.tables.where(PlayerId(2)) is None
    state = run(state, c.Rebuy(player=PlayerId(2)), T0)
    assert state.tables.where(PlayerId(2)) == where


def test_r27_hand_for_hand_busts_at_different_tables_tie() -> None:
    state = run(field(18), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.SetHandForHand(on=True), T0)
    a = next(iter(state.tables.tables[1].seats.values()))
    b = next(iter(state.tables.tables[2].seats.values()))
    state = run(state, c.BustPlayers(busts=(Bust(player=a, start_stack=9000),)), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=b, start_stack=1000),)), T0)
    assert places(state.alive(), state.busts) == {a: Place(17, 18), b: Place(17, 18)}
    state = run(state, c.HandDone(table=1), T0)
    state = run(state, c.HandDone(table=2), T0)  # every table has played: next round
    c_ = next(iter(state.tables.tables[1].seats.values()))
    state = run(state, c.BustPlayers(busts=(Bust(player=c_),)), T0)
    assert places(state.alive(), state.busts)[c_] == Place(16, 16)


def test_r26_the_final_table_is_redrawn() -> None:
    state = run(field(11, per_table=6), c.DrawSeats(), T0)  # 6 and 5
    for player in sorted(state.tables.tables[2].seats.values())[:5]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0)
    assert len(state.tables.tables) == 1
    (table,) = state.tables.tables.values()
    assert len(table.seats) == 6 and state.tables.pending == ()


def test_moving_a_player_by_hand_and_refusals() -> None:
    state = run(field(6), c.DrawSeats(), T0)
    (table,) = state.tables.tables.values()
    free = next(seat for seat in range(1, 10) if seat not in table.seats)
    taken = next(iter(table.seats))
    with pytest.raises(RuleViolation) as caught:
        run(state, c.MovePlayer(player=PlayerId(1), table=1, seat=taken), T0)
    assert caught.value.code == "seat_taken"
    state = run(state, c.MovePlayer(player=PlayerId(1), table=1, seat=free), T0)
    assert state.tables.where(PlayerId(1)) == (1, free)
    with pytest.raises(RuleViolation):
        run(state, c.HandDone(table=1), T0)  # the button was never placed


def test_r12_r14_cash_game_newcomers_wait_and_missed_blinds_are_owed() -> None:
    state = run(
        created(kind=EventKind.CASH),
        c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=5)),
        T0,
    )
    assert state.tables.method == "moving"
    for number in range(1, 5):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}", amount=100), T0)
    state = run(state, c.DrawSeats(), T0)
    seats = {player: seat for seat, player in state.tables.tables[1].seats.items()}
    ordered = sorted(seats, key=seats.get)
    state = run(state, c.SetButton(table=1, seat=seats[ordered[0]]), T0)
    away = ordered[3]
    state = run(state, c.SitOut(player=away), T0)
    for _ in range(4):
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    assert seats[away] in table.owes_big
    state = run(state, c.SitIn(player=away), T0)
    assert seats[away] in state.tables.tables[1].waiting
    state = run(state, c.PostBlinds(player=away), T0)
    assert seats[away] not in state.tables.tables[1].waiting
    state = run(state, c.BuyIn(player=PlayerId(9), name="New", amount=100), T0)
    where = state.tables.where(PlayerId(9))
    assert where is not None and where[1] in state.tables.tables[1].waiting


# -- properties --------------------------------------------------------------------


@settings(max_examples=40)
@given(
    count=st.integers(min_value=4, max_value=40),
    per_table=st.integers(min_value=4, max_value=10),
    steps=st.lists(
        st.tuples(st.sampled_from(["bust", "hand", "confirm", "late"]), st.integers(0, 10_000)),
        max_size=40,
    ),
)
def test_nobody_sits_twice_and_planned_moves_balance_the_tables(count, per_table, steps) -> None:
    state = run(field(count, per_table=per_table), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    late = 1000
    for kind, number in steps:
        alive = state.alive()
        try:
            if kind == "bust" and len(alive) > 2:
                state = run(
                    state, c.BustPlayers(busts=(Bust(player=alive[number % len(alive)]),)), T0
                )
            elif kind == "hand":
                tables = sorted(state.tables.tables)
                state = run(state, c.HandDone(table=tables[number % len(tables)]), T0)
            elif kind == "confirm" and state.tables.pending:
                state = run(state, c.ConfirmMove(), T0)
            elif kind == "late":
                late += 1
                state = run(state, c.BuyIn(player=PlayerId(late), name=f"L{late}"), T0)
        except RuleViolation:
            continue
        seated = state.tables.seated()
        positions = [where for where in seated.values()]
        assert len(positions) == len(set(positions))
        assert set(seated) == {p for p in state.alive()}
        assert all(state.players[p].status is EntrantStatus.PLAYING for p in seated)
        # After the planned moves, no table is two or more short of the largest.
        after = {n: len(t.seats) for n, t in state.tables.tables.items()}
        for move in state.tables.pending:
            after[move.from_table] -= 1
            after[move.to_table] += 1
        occupied = [size for size in after.values() if size]
        assert max(occupied) - min(occupied) <= 1


def test_r9_hand_done_after_the_time_ran_out_deals_the_next_hand_at_the_new_blinds() -> None:
    state = run(field(6), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.StartClock(), T0)
    length = state.structure.items[0].duration_ms
    state = run(state, c.HandDone(table=1), T0 + MIN)
    early = clk.view(state.clock, state.structure, T0 + MIN)
    assert early.index == 0 and early.pending is None and early.hands == 0
    late = T0 + length + MIN
    assert clk.view(state.clock, state.structure, late).pending == state.structure.items[1]
    state = run(state, c.HandDone(table=1), late)
    now = clk.view(state.clock, state.structure, late)
    assert now.pending is None and now.in_force == state.structure.items[1]
    assert now.remaining == state.structure.items[1].duration_ms - MIN


def test_r9_each_table_plays_the_new_level_from_its_own_next_hand() -> None:
    """R9: "A new level never applies to a hand in progress": when table 1 deals the
    first hand at the new blinds, table 2 still plays the hand it was dealt."""
    from tests.core.helpers import MIN

    state = run(field(18), c.DrawSeats(), T0)  # two tables of nine
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.StartClock(), T0)
    first, second = state.structure.items[0], state.structure.items[1]
    assert [state.tables.tables[n].hand_level for n in (1, 2)] == [first, first]
    late = T0 + first.duration_ms + MIN  # the level's time ran out during the hands
    state = run(state, c.HandDone(table=1), late)
    assert state.tables.tables[1].hand_level == second
    assert state.tables.tables[2].hand_level == first  # its hand goes on at the old blinds
    state = run(state, c.HandDone(table=2), late + MIN)
    assert state.tables.tables[2].hand_level == second


def cash_table(count: int):
    """A cash game (moving button) with ``count`` players at one table; returns the
    state and the players in seat order, the button on the first of them."""
    state = run(
        created(kind=EventKind.CASH),
        c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=5)),
        T0,
    )
    for number in range(1, count + 1):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}", amount=100), T0)
    state = run(state, c.DrawSeats(), T0)
    seats = {player: seat for seat, player in state.tables.tables[1].seats.items()}
    ordered = sorted(seats, key=seats.get)
    state = run(state, c.SetButton(table=1, seat=seats[ordered[0]]), T0)
    return state, ordered, seats


def test_r12_taking_the_big_blind_clears_the_missed_blinds() -> None:
    """Seed 002 §4.1.10: "Un joueur manquant un ou plusieurs blinds peut reprendre
    la partie soit en misant tous les blinds manqués ou en attendant le prochain
    gros blind"."""
    state, ordered, seats = cash_table(6)
    away = ordered[4]
    state = run(state, c.SitOut(player=away), T0)
    for _ in range(3):
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    assert seats[away] in table.owes_big and seats[away] in table.owes_small
    state = run(state, c.SitIn(player=away), T0)
    while state.tables.tables[1].positions.big_blind != seats[away]:
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    assert seats[away] not in table.dealt_out
    assert seats[away] not in table.owes_big and seats[away] not in table.owes_small
    assert seats[away] not in table.waiting
    with pytest.raises(RuleViolation) as refused:
        run(state, c.PostBlinds(player=away), T0)
    assert refused.value.code == "nothing_to_post"


def test_r12_moving_button_passes_over_a_player_waiting_for_the_big_blind() -> None:
    """Seed 002 §4.1.2(a): "Bouton en mouvement - le bouton se déplace vers le
    prochain joueur et les blinds sont ajustés en conséquence"."""
    state, ordered, seats = cash_table(6)
    # Button on ordered[0]; ordered[1] SB, ordered[2] BB.
    back = ordered[2]
    state = run(state, c.SitOut(player=back), T0)
    for _ in range(5):
        state = run(state, c.HandDone(table=1), T0)
    # He comes back just before the small blind reaches him.
    while state.tables.tables[1].positions.small_blind != seats[ordered[1]]:
        state = run(state, c.HandDone(table=1), T0)
    state = run(state, c.SitIn(player=back), T0)
    assert seats[back] in state.tables.tables[1].waiting
    given: list[tuple[int, int, int]] = []
    for _ in range(8):
        state = run(state, c.HandDone(table=1), T0)
        table = state.tables.tables[1]
        positions = table.positions
        given.append((positions.button, positions.small_blind, positions.big_blind))
        dealt_in = set(table.seats) - set(table.dealt_out) - set(table.sitting_out)
        assert positions.button in dealt_in
        assert positions.small_blind in dealt_in
        assert positions.big_blind in dealt_in
        if positions.big_blind == seats[back]:
            break
    assert given[0][:2] == (seats[ordered[1]], seats[ordered[3]])
    assert any(big == seats[back] for _b, _s, big in given)


def away_for(state, player, hands: int):
    state = run(state, c.SitOut(player=player), T0)
    for _ in range(hands):
        state = run(state, c.HandDone(table=1), T0)
    return run(state, c.SitIn(player=player), T0)


def structured_cash_table(count: int):
    state, ordered, seats = cash_table(count)
    state = run(state, c.SetStructure(structure=simple([(100, 200), (200, 400)])), T0)
    return state, ordered, seats


def test_r12_posting_all_missed_blinds_puts_the_big_blind_live_and_the_small_dead() -> None:
    """Seed 002 §4.1.10: "S'il choisit de miser le montant total des blinds manqués, un
    montant égal à la mise minimale sert de mise. Le reste est pris par le croupier et
    mis au centre du pot et ce montant ne fait pas partie de la mise du joueur"."""
    from director.core.structure import Level
    from director.core.tables import Posting, blinds_to_post

    state, ordered, seats = structured_cash_table(6)
    away = ordered[4]
    state = away_for(state, away, 6)
    table = state.tables.tables[1]
    level = Level(small_blind=100, big_blind=200)
    assert blinds_to_post(table, seats[away], level) == Posting(live=200, dead=100)
    state = run(state, c.PostBlinds(player=away), T0)
    table = state.tables.tables[1]
    assert table.posted[seats[away]] == Posting(live=200, dead=100)
    assert seats[away] not in table.dealt_out
    with pytest.raises(RuleViolation):
        run(state, c.PostBlinds(player=away), T0)
    state = run(state, c.HandDone(table=1), T0)
    assert seats[away] not in state.tables.tables[1].posted


def test_r12_missed_blinds_stay_with_the_player_who_busts_and_buys_again() -> None:
    """Seed 002 §4.1.12: "Un joueur qui est all-in et perd la main est tenu de payer
    les blinds dû s'il décide de racheter des jetons. Ce joueur n'est pas considérée
    comme un nouvel entrant à la table"."""
    state, ordered, seats = structured_cash_table(6)
    away = ordered[4]
    state = away_for(state, away, 6)
    assert seats[away] in state.tables.tables[1].owes_big
    state = run(state, c.CashOut(player=away, chips=0), T0)
    assert state.tables.where(away) is None
    # Another player takes his seat: he owes nothing (the debt is not the seat's).
    state = run(state, c.BuyIn(player=PlayerId(50), name="Other", amount=100), T0)
    other_seat = state.tables.where(PlayerId(50))[1]
    table = state.tables.tables[1]
    assert other_seat not in table.owes_big and other_seat not in table.owes_small
    state = run(state, c.BuyIn(player=away, amount=100), T0)
    seat = state.tables.where(away)[1]
    table = state.tables.tables[1]
    assert seat in table.owes_big and seat in table.waiting
    assert seat not in table.newcomers


def test_r12_at_a_new_game_a_newcomer_owes_nothing_until_the_button_goes_round() -> None:
    """Seed 002 §4.1.13: "(a) Tout joueur qui a tiré le bouton est considéré comme actif
    dans le jeu et doit payer les blinds manqués. (b) Un nouveau joueur n'a pas à placer
    un blind avant que le bouton n'ait fait un tour de table complet, tant que son siège
    n'a pas été dans la position des blinds"."""
    state, ordered, seats = structured_cash_table(4)
    # (a) a player who drew for the button and is away owes the blinds he misses.
    state = away_for(state, ordered[3], 3)
    assert seats[ordered[3]] in state.tables.tables[1].owes_big
    # (b) a newcomer in the first round, at a seat the blinds have not reached.
    fresh = run(cash_table(4)[0], c.BuyIn(player=PlayerId(60), name="New", amount=100), T0)
    seat = fresh.tables.where(PlayerId(60))[1]
    table = fresh.tables.tables[1]
    assert (seat in table.waiting) == (seat in table.blinds_seen)
    # After the button went round once, a newcomer waits for the big blind.
    late, _ordered, _seats = cash_table(4)
    for _ in range(5):
        late = run(late, c.HandDone(table=1), T0)
    late = run(late, c.BuyIn(player=PlayerId(61), name="Late", amount=100), T0)
    assert late.tables.where(PlayerId(61))[1] in late.tables.tables[1].waiting


def _free_seats(state):
    table = state.tables.tables[1]
    return [s for s in range(1, state.tables.seats_per_table + 1) if s not in table.seats]


def test_r12_changing_seats_toward_the_big_blind_is_dealt_in_at_once() -> None:
    """Seed 002 §4.1.14: "Un joueur qui change de siège pour un siège plus près du gros
    blind peut recevoir des cartes sans aucune pénalité"."""
    from director.core.tables import hands_until_big_blind

    state, ordered, seats = cash_table(5)
    for _ in range(6):  # past the first round (§4.1.13 c)
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    occupied = table.active()
    player = max(ordered, key=lambda p: hands_until_big_blind(table, seats[p], occupied))
    old = seats[player]
    closer = [
        s
        for s in _free_seats(state)
        if hands_until_big_blind(table, s, (occupied - {old}) | {s})
        <= hands_until_big_blind(table, old, occupied)
    ]
    assert closer
    state = run(state, c.MovePlayer(player=player, table=1, seat=closer[0]), T0)
    table = state.tables.tables[1]
    assert closer[0] not in table.dealt_out and closer[0] not in table.held


def test_r12_changing_seats_away_from_the_big_blind_waits_or_posts() -> None:
    """Seed 002 §4.1.15: "un joueur qui change de place recevra de nouvelles cartes dans
    la même position relative. Par exemple, si le joueur avance de deux places, il doit
    attendre deux coups avant de pouvoir jouer [...] il peut alors miser un montant égal
    au gros blind et recevoir immédiatement des cartes"."""
    from director.core.tables import Posting, hands_until_big_blind

    state, ordered, seats = structured_cash_table(4)
    for _ in range(5):
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    occupied = table.active()
    player = min(
        (p for p in ordered if seats[p] != table.positions.big_blind),
        key=lambda p: hands_until_big_blind(table, seats[p], occupied),
    )
    old = seats[player]
    before = hands_until_big_blind(table, old, occupied)
    farther = max(
        _free_seats(state),
        key=lambda s: hands_until_big_blind(table, s, (occupied - {old}) | {s}),
    )
    gained = hands_until_big_blind(table, farther, (occupied - {old}) | {farther}) - before
    assert gained >= 1
    moved = run(state, c.MovePlayer(player=player, table=1, seat=farther), T0)
    table = moved.tables.tables[1]
    assert farther in table.dealt_out
    sat_out = 0
    waiting = moved
    while farther in waiting.tables.tables[1].dealt_out:
        sat_out += 1
        waiting = run(waiting, c.HandDone(table=1), T0)
    assert sat_out == gained
    # Or he posts a big blind and plays at once.
    posted = run(moved, c.PostBlinds(player=player), T0)
    table = posted.tables.tables[1]
    assert farther not in table.dealt_out
    assert table.posted[farther] == Posting(live=200, dead=0)


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=3, max_value=9),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["hand", "hand", "out", "in", "post", "join", "leave"]),
            st.integers(0, 1000),
        ),
        max_size=50,
    ),
)
def test_r12_moving_button_and_blinds_only_go_to_players_dealt_in(count, steps) -> None:
    """Seed 002 §4.1.2(a): "le bouton se déplace vers le prochain joueur et les blinds
    sont ajustés en conséquence": whatever happens, the button, the small blind and
    the big blind of a hand are players dealt in, and nobody owes a blind for a big
    blind he took."""
    state, _ordered, _seats = structured_cash_table(count)
    newcomer = 100
    for kind, number in steps:
        table = state.tables.tables[1]
        players = sorted(table.seats.values())
        player = players[number % len(players)]
        try:
            if kind == "hand":
                state = run(state, c.HandDone(table=1), T0)
            elif kind == "out":
                state = run(state, c.SitOut(player=player), T0)
            elif kind == "in":
                state = run(state, c.SitIn(player=player), T0)
            elif kind == "post":
                state = run(state, c.PostBlinds(player=player), T0)
            elif kind == "join":
                newcomer += 1
                state = run(
                    state, c.BuyIn(player=PlayerId(newcomer), name=f"N{newcomer}", amount=100), T0
                )
            elif kind == "leave" and len(players) > 3:
                state = run(state, c.CashOut(player=player, chips=0), T0)
        except RuleViolation:
            continue
        if kind != "hand":
            continue
        table = state.tables.tables[1]
        assert_hand_fits_who_is_dealt_in(table)
        if len(dealt_in_at(table)) >= 3:
            assert table.positions.big_blind not in table.owes_big | table.owes_small


def dealt_in_at(table) -> set[int]:
    return set(table.seats) - set(table.dealt_out) - set(table.sitting_out)


def assert_hand_fits_who_is_dealt_in(table) -> None:
    """The hand just dealt at ``table`` (a cash table, moving button) fits the
    players dealt in: with three or more, the button and the blinds are three of
    them (R12); the small blind is on the button only heads-up (R13); and nobody is
    dealt in between the blinds, where he would play without posting (R12, R14,
    seed 002 §4.1.16)."""
    positions = table.positions
    dealt_in = dealt_in_at(table)
    if positions.button == positions.small_blind:
        # Heads-up (R13): dealt to the button and the big blind, nobody else.
        assert dealt_in == {positions.button, positions.big_blind}, (positions, dealt_in)
        return
    assert positions.big_blind in dealt_in
    assert positions.small_blind in dealt_in
    assert positions.button in dealt_in
    # The small blind is the next player dealt in after the button, the big blind
    # the next after him: nobody is dealt in between them.
    for start, end in (
        (positions.button, positions.small_blind),
        (positions.small_blind, positions.big_blind),
    ):
        skipped = set(between(start, end, seats=9))
        assert not skipped & dealt_in, (positions, sorted(dealt_in))


def hand_for_hand(players: int, per_table: int = 9):
    state = run(field(players, per_table=per_table), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    return run(state, c.SetHandForHand(on=True), T0)


def test_r27_a_table_that_finished_the_hand_waits_for_the_others() -> None:
    state = hand_for_hand(27)  # three tables of nine
    assert state.tables.still_playing() == (1, 2, 3)
    state = run(state, c.HandDone(table=2), T0 + 1)
    assert state.tables.still_playing() == (1, 3)
    with pytest.raises(RuleViolation) as caught:
        run(state, c.HandDone(table=2), T0 + 2)
    assert caught.value.code == "hand_for_hand_wait"
    assert caught.value.args_map == {"table": 2, "tables": "1, 3"}
    state = run(state, c.HandDone(table=1), T0 + 3)
    state = run(state, c.HandDone(table=3), T0 + 4)  # the round is over: all deal again
    assert state.tables.still_playing() == (1, 2, 3) and state.tables.round_done == frozenset()
    state = run(state, c.HandDone(table=2), T0 + 5)
    assert state.tables.tables[2].hands == 2


def test_r27_without_hand_for_hand_a_table_reports_hand_after_hand() -> None:
    state = run(field(27), c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.HandDone(table=2), T0)
    state = run(state, c.HandDone(table=2), T0)
    assert state.tables.still_playing() == () and state.tables.tables[2].hands == 2


def test_r27_a_table_broken_while_the_others_wait_ends_the_hand_for_hand_hand() -> None:
    state = hand_for_hand(18, per_table=6)  # three tables of six
    for table in (1, 2):
        players = sorted(state.tables.tables[table].seats.values())[:3]
        state = run(state, c.BustPlayers(busts=tuple(Bust(player=p) for p in players)), T0)
        state = run(state, c.HandDone(table=table), T0)
    round_ = state.tables.round
    assert state.tables.still_playing() == (3,)
    # Twelve players fit at two tables: table 3 breaks while the others wait for it.
    assert {move.from_table for move in state.tables.pending} == {3}
    state = run(state, c.ConfirmAllMoves(), T0)
    assert sorted(state.tables.tables) == [1, 2]
    assert state.tables.round == round_ + 1 and state.tables.still_playing() == (1, 2)
    state = run(state, c.HandDone(table=1), T0)  # not refused: a new hand for everyone
    assert state.tables.still_playing() == (2,)


def test_r27_a_table_left_with_one_player_is_not_waited_for() -> None:
    state = hand_for_hand(18)  # two tables of nine
    state = run(state, c.HandDone(table=1), T0)
    round_ = state.tables.round
    for player in sorted(state.tables.tables[2].seats.values())[:8]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0)
    # The busts on table 2's hand share places (one hand-for-hand hand)...
    assert {record.hand for record in state.busts} == {round_}
    # ...and with table 2 unable to deal, the next hand-for-hand hand has begun.
    assert state.tables.round == round_ + 1 and state.tables.still_playing() == (1,)


def test_each_table_knows_when_its_hand_began() -> None:
    state = run(field(18), c.DrawSeats(), T0)
    assert state.tables.tables[1].hand_since is None
    state = run(state, c.DrawForButton(), T0 + 10)
    assert state.tables.tables[1].hand_since == T0 + 10
    state = run(state, c.HandDone(table=1), T0 + 90_000)
    assert state.tables.tables[1].hand_since == T0 + 90_000
    assert state.tables.tables[2].hand_since == T0 + 10


def bubble(*, final_redraw: bool = True):
    """Ten players at two tables of five, the clock running, hand-for-hand on; the
    prizes of 9th and 10th differ so that sharing them shows."""
    state = field(10)
    if not final_redraw:
        state = run(state, c.SetTableOptions(seats_per_table=9, final_redraw=False), T0)
    state = run(state, c.DrawSeats(tables=2), T0)
    payout = PayoutSettings(
        mode="percent", shares=(3000, 2000, 1500, 1000, 800, 600, 400, 300, 250, 150)
    )
    state = run(state, c.SetPayouts(settings=payout), T0)
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.StartClock(), T0)
    return run(state, c.SetHandForHand(on=True), T0)


def test_r27_bubble_busts_reported_table_by_table_tie_and_the_final_table_waits() -> None:
    """R23: "busts at different tables during hand-for-hand, tie and share the prizes
    of the places they cover"; R27: "busts on the same hand share the places they
    cover". Each table reports its own bust: the final table is drawn only once every
    table has finished the hand-for-hand hand."""
    state = bubble()
    assert sizes(state) == [5, 5]
    a = min(state.tables.tables[1].seats.values())
    b = min(state.tables.tables[2].seats.values())
    state = run(state, c.BustPlayers(busts=(Bust(player=a, start_stack=9000),)), T0 + 1)
    # Nine players fit at one table, but table 2 is still playing the hand.
    assert sorted(state.tables.tables) == [1, 2] and state.tables.still_playing() == (1, 2)
    state = run(state, c.HandDone(table=1), T0 + 2)
    assert sorted(state.tables.tables) == [1, 2]
    state = run(state, c.BustPlayers(busts=(Bust(player=b, start_stack=1000),)), T0 + 3)
    assert places(state.alive(), state.busts) == {a: Place(9, 10), b: Place(9, 10)}
    ninth, tenth = prize_amounts(state)[8:10]
    assert ninth > tenth
    prizes = prizes_by_player(state)
    assert prizes[a] == prizes[b] and prizes[a] + prizes[b] == ninth + tenth
    state = run(state, c.HandDone(table=2), T0 + 4)  # the hand is over everywhere
    (final,) = state.tables.tables.values()
    assert len(final.seats) == 8 and final.positions is None
    # R23: the final table's first hand is a new hand: hand-for-hand is over.
    assert not state.tables.hand_for_hand
    state = run(state, c.DrawForButton(), T0 + 5)
    c_ = min(final.seats.values())
    state = run(state, c.BustPlayers(busts=(Bust(player=c_),)), T0 + 6)
    assert places(state.alive(), state.busts)[c_] == Place(8, 8)


def test_r23_drawing_the_final_table_ends_the_hand_for_hand_hand() -> None:
    """R23: "players busting on the same hand at the same table finish in order of
    their stacks [...] busts at different tables during hand-for-hand, tie": the
    final table, drawn while a table was still playing, deals a new hand, and its
    first bust is not one of the last two-table hand's."""
    state = bubble(final_redraw=False)
    out = sorted(state.tables.tables[2].seats.values())[:3]
    state = run(state, c.BustPlayers(busts=tuple(Bust(player=p) for p in out)), T0 + 1)
    state = run(state, c.ConfirmAllMoves(), T0 + 2)  # table 2 breaks at once
    assert sorted(state.tables.tables) == [1] and state.tables.hand_for_hand
    state = run(state, c.RedrawFinalTable(), T0 + 3)
    assert not state.tables.hand_for_hand
    state = run(state, c.DrawForButton(), T0 + 4)
    first = min(state.tables.tables[1].seats.values())
    state = run(state, c.BustPlayers(busts=(Bust(player=first),)), T0 + 5)
    ranked = places(state.alive(), state.busts)
    assert ranked[first] == Place(7, 7)
    assert {ranked[p] for p in out} == {Place(8, 10)}


def test_r9_hand_for_hand_tables_deal_together_at_the_level_in_force() -> None:
    """R9, seed 000: the increase "ne s'applique qu'au prochain tour de jeu". A table
    that finished the hand-for-hand hand before the level changed waits; its next
    hand is dealt with the others', at the new level."""
    state = bubble()  # levels of 20 minutes: 25/50, then 50/100
    first, second = state.structure.items[:2]
    state = run(state, c.HandDone(table=1), T0 + 9 * MIN)  # table 1 waits
    assert state.tables.tables[1].hand_level == first
    state = run(state, c.HandDone(table=2), T0 + 21 * MIN)  # level 2 began at 20:00
    for number in (1, 2):
        table = state.tables.tables[number]
        assert table.hand_since == T0 + 21 * MIN
        assert table.hand_level == second


def test_r8_one_table_counts_a_level_in_hands_with_hand_done() -> None:
    """R8: a level lasts "après x tours de jeu"; at one table, "Hand done" deals the
    next hand and counts it: one action counts one hand, the clock's "next hand" is
    not pressed as well (it would count the hand twice)."""
    structure = Structure(
        items=(
            Level(small_blind=25, big_blind=50, seconds=0, hands=3),
            Level(small_blind=50, big_blind=100, seconds=20 * 60),
        )
    )
    state = run(created(structure), c.SetMoneySettings(settings=SETTINGS), T0)
    for number in range(1, 7):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    state = run(state, c.DrawSeats(), T0)
    state = run(state, c.DrawForButton(), T0)
    state = run(state, c.StartClock(), T0)  # the first hand is dealt
    assert clk.view(state.clock, state.structure, T0).hands == 1
    for hand in (2, 3):
        state = run(state, c.HandDone(table=1), T0 + hand * MIN)
        shown = clk.view(state.clock, state.structure, T0 + hand * MIN)
        assert (shown.index, shown.hands) == (0, hand)
    with pytest.raises(RuleViolation) as caught:
        run(state, c.NextHand(), T0 + 4 * MIN)
    assert caught.value.code == "hands_counted_with_hand_done"
    state = run(state, c.HandDone(table=1), T0 + 4 * MIN)  # level 1's three hands are played
    assert clk.view(state.clock, state.structure, T0 + 4 * MIN).index == 1
    assert state.tables.tables[1].hand_level == structure.items[1]


def _newcomer_after_the_button(state, hands_first: int):
    """Play ``hands_first`` hands, then until the button sits just before the one
    open seat; a newcomer then takes that seat (between the button and the small
    blind). Returns the state, the positions and the newcomer's seat."""
    for _ in range(hands_first):
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    (open_seat,) = _free_seats(state)
    before = max(s for s in table.seats if s < open_seat) if open_seat > 1 else max(table.seats)
    while state.tables.tables[1].positions.button != before:
        state = run(state, c.HandDone(table=1), T0)
    positions = state.tables.tables[1].positions
    state = run(state, c.BuyIn(player=PlayerId(70), name="New", amount=100), T0)
    assert state.tables.where(PlayerId(70)) == (1, open_seat)
    return state, positions, open_seat


@pytest.mark.parametrize("posts", [False, True])
def test_r14_a_newcomer_waits_until_the_moving_button_has_passed_him(posts: bool) -> None:
    """Seed 002 §4.1.7: "Un nouveau joueur ne peut entrer dans la partie entre le gros
    blind et la bouton. Il doit attendre que le bouton soit passé avant d'entrer dans
    la partie"; §4.1.2(a): "le bouton se déplace vers le prochain joueur et les blinds
    sont ajustés en conséquence". The button and the blinds go to players dealt in;
    nobody pays the same blind twice running."""
    state, _ordered, _seats = structured_cash_table(8)
    # In the first round he owes nothing (§4.1.13 b); later he posts a big blind.
    state, before, seat = _newcomer_after_the_button(state, 10 if posts else 0)
    if posts:
        assert seat in state.tables.tables[1].waiting
        state = run(state, c.PostBlinds(player=PlayerId(70)), T0)
    assert seat not in state.tables.tables[1].waiting
    state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    after = table.positions
    assert after.button == before.small_blind
    assert after.small_blind == before.big_blind
    assert after.big_blind not in (before.small_blind, before.big_blind, seat)
    assert {after.button, after.small_blind, after.big_blind}.isdisjoint(table.dealt_out)
    # The button has passed him: he plays this hand (free, or on the blind he posted).
    assert seat not in table.dealt_out


# -- seed 002 §4.1.6, §4.1.11, §4.1.16: the cash game's last seat rules ----------------


def test_seed_002_4_1_6_a_player_over_a_seat_is_a_newcomer_and_the_owner_takes_it_back() -> None:
    """Seed 002 §4.1.6: "Une personne qui joue au siège de quelqu'un d'autre pendant son
    absence est considérée comme étant une nouveau joueur et doit miser le montant du
    gros blind ou attendre d'être à la position du gros blind pour entrer dans la
    partie." The player back takes his seat again once the hand is over, owing what
    he owed when he left; the one playing it goes to an open seat."""
    from director.core.structure import Level
    from director.core.tables import Posting, blinds_to_post

    state, ordered, seats = structured_cash_table(6)
    owner = ordered[4]
    seat = seats[owner]
    state = run(state, c.SitOut(player=owner), T0)
    for _ in range(6):
        state = run(state, c.HandDone(table=1), T0)
    assert seat in state.tables.tables[1].owes_big
    guest = PlayerId(70)
    with pytest.raises(RuleViolation) as refused:
        run(
            state,
            c.PlayOver(player=guest, name="Guest", amount=100, table=1, seat=seats[ordered[1]]),
            T0,
        )
    assert refused.value.code == "seat_owner_not_away"
    state = run(state, c.PlayOver(player=guest, name="Guest", amount=100, table=1, seat=seat), T0)
    table = state.tables.tables[1]
    assert table.seats[seat] == guest
    assert table.over[seat].owner == owner
    assert state.tables.where(owner) == (1, seat)
    # A newcomer: he waits for the big blind or posts one; the owner's debt is not his.
    assert seat in table.waiting and seat in table.dealt_out
    assert seat not in table.owes_big and seat not in table.sitting_out
    level = Level(small_blind=100, big_blind=200)
    assert blinds_to_post(table, seat, level) == Posting(live=200)
    state = run(state, c.PostBlinds(player=guest), T0)
    state = run(state, c.HandDone(table=1), T0)
    assert seat not in state.tables.tables[1].dealt_out
    # The owner is back during the hand: the guest finishes it.
    with pytest.raises(RuleViolation):
        run(state, c.PostBlinds(player=owner), T0)
    state = run(state, c.SitIn(player=owner), T0)
    assert state.tables.tables[1].seats[seat] == guest
    state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    assert table.seats[seat] == owner and seat not in table.over
    assert seat in table.owes_big and seat not in table.sitting_out
    where = state.tables.where(guest)
    assert where is not None and where[1] != seat
    assert len(set(state.tables.seated().values())) == len(state.tables.seated())


def test_seed_002_4_1_6_the_guest_leaving_gives_the_seat_back_to_the_away_owner() -> None:
    """Seed 002 §4.1.6: the seat is played "pendant son absence" only: when the one
    playing it leaves, the seat is its away owner's again."""
    state, ordered, seats = structured_cash_table(5)
    owner, guest = ordered[2], ordered[4]
    state = run(state, c.SitOut(player=owner), T0)
    state = run(state, c.PlayOver(player=guest, table=1, seat=seats[owner]), T0)
    assert seats[guest] not in state.tables.tables[1].seats
    state = run(state, c.CashOut(player=guest, chips=0), T0)
    table = state.tables.tables[1]
    assert table.seats[seats[owner]] == owner and seats[owner] in table.sitting_out
    assert not table.over


def test_seed_002_4_1_11_dealt_in_owing_blinds_he_acted_the_hand_stands_he_posts_next() -> None:
    """Seed 002 §4.1.11: "Si un joueur qui doit un blind (parce qu'il l'a manqué) reçoit
    des cartes sans qu'il n'ait payé son dû, sa main est annulée s'il regarde
    préalablement ses cartes et s'il n'a pas parlé. Si le joueur parle avant que
    l'erreur ne soit signalée, sa main reste valable et il devra poster son dû lors de
    la main suivante"."""
    from director.core.structure import Level
    from director.core.tables import Posting, blinds_to_post

    state, ordered, seats = structured_cash_table(6)
    player = ordered[4]
    seat = seats[player]
    state = away_for(state, player, 6)
    table = state.tables.tables[1]
    assert seat in table.waiting and seat in table.dealt_out
    state = run(state, c.KeepMistakenHand(player=player), T0)
    table = state.tables.tables[1]
    # His hand stands: he played it, and he does not wait for the big blind.
    assert seat not in table.dealt_out and seat not in table.waiting
    with pytest.raises(RuleViolation) as refused:
        run(state, c.KeepMistakenHand(player=player), T0)
    assert refused.value.code == "hand_already_kept"
    state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    # The next hand: he is dealt in and posts what he owes, not the big blind later.
    assert seat not in table.dealt_out and seat not in table.waiting
    if table.positions.big_blind != seat:
        level = Level(small_blind=100, big_blind=200)
        assert blinds_to_post(table, seat, level) == Posting(live=200, dead=100)
        assert seat in table.must_post
        state = run(state, c.PostBlinds(player=player), T0)
        assert seat not in state.tables.tables[1].must_post
    else:
        # He takes the big blind: that clears what he owed (R12).
        assert seat not in table.must_post and seat not in table.owes_big
    with pytest.raises(RuleViolation) as refused:
        run(state, c.KeepMistakenHand(player=ordered[0]), T0)
    assert refused.value.code == "nothing_to_post"


def test_seed_002_4_1_16_a_seat_change_after_the_button_sits_out_the_blinds_for_free() -> None:
    """Seed 002 §4.1.16: "Un joueur qui change de place juste après avoir été au bouton
    peut ne pas jouer les coups dans les blinds qui suivent, puis réintégrer la partie
    après que le bouton soit passé sans avoir à placer un blind"."""
    state, ordered, seats = structured_cash_table(5)
    for _ in range(7):  # past the first round (§4.1.13 c)
        state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    player = table.seats[table.last_button]
    other = next(p for p in ordered if seats[p] not in (table.last_button,))
    free = _free_seats(state)
    with pytest.raises(RuleViolation) as refused:
        run(state, c.ChangeSeatAfterButton(player=other, seat=free[0]), T0)
    assert refused.value.code == "not_right_after_button"
    # To the seat the blinds reach next, past the next big blind: a plain seat
    # change there waits (§4.1.15); after the button he waits posting nothing.
    big = table.positions.big_blind
    new = next(s for s in range(big + 1, big + 10) if (s - 1) % 9 + 1 in free)
    new = (new - 1) % 9 + 1
    state = run(state, c.ChangeSeatAfterButton(player=player, seat=new), T0)
    assert state.tables.where(player) == (1, new)
    assert new in state.tables.tables[1].dealt_out
    sat_out = 0
    while new in state.tables.tables[1].after_button:
        state = run(state, c.HandDone(table=1), T0)
        table = state.tables.tables[1]
        positions = table.positions
        if new in table.after_button:
            sat_out += 1
            assert new in table.dealt_out
            assert new not in (positions.button, positions.small_blind, positions.big_blind)
        assert sat_out < 10
    assert sat_out >= 2  # the blinds' hands, without paying them
    table = state.tables.tables[1]
    # The button has passed him: he plays, owing and posting nothing.
    assert new not in table.dealt_out and new not in table.waiting
    assert new not in table.owes_big and new not in table.owes_small
    assert table.positions.button != new
    assert blinds_to_post_none(table, new)


def blinds_to_post_none(table, seat) -> bool:
    from director.core.structure import Level
    from director.core.tables import blinds_to_post

    return blinds_to_post(table, seat, Level(small_blind=100, big_blind=200)) is None


def test_seed_002_4_1_6_at_a_full_table_the_player_over_the_seat_plays_on_until_one_opens() -> None:
    """Seed 002 §4.1.6: a newcomer may play over the seat of an away player at a full
    table. Back, the seat's player takes it again at the end of the first hand after
    which the other has somewhere to go; the seat's player leaving for good leaves it
    to the one playing it."""
    state, ordered, seats = structured_cash_table(9)
    owner = ordered[3]
    seat = seats[owner]
    guest = PlayerId(70)
    state = run(state, c.SitOut(player=owner), T0)
    state = run(state, c.PlayOver(player=guest, name="G", amount=100, table=1, seat=seat), T0)
    state = run(state, c.HandDone(table=1), T0)
    state = run(state, c.SitIn(player=owner), T0)
    state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    assert table.seats[seat] == guest and table.over[seat].back
    state = run(state, c.CashOut(player=ordered[0], chips=0), T0)
    state = run(state, c.HandDone(table=1), T0)
    assert state.tables.tables[1].seats[seat] == owner
    assert state.tables.where(guest) == (1, seats[ordered[0]])
    # Away again, played over again; then he leaves: the seat stays with the other.
    state = run(state, c.SitOut(player=owner), T0)
    state = run(state, c.PlayOver(player=guest, table=1, seat=seat), T0)
    state = run(state, c.CashOut(player=owner, chips=0), T0)
    table = state.tables.tables[1]
    assert table.seats[seat] == guest and not table.over
    assert state.tables.where(owner) is None


def test_seed_002_4_1_6_16_the_guest_seated_before_the_deal_the_mover_out_of_the_blinds() -> None:
    """R12-R14, seed 002 §4.1.6 and §4.1.16 together: three players; one sits out,
    a guest plays over his seat, another changes seat just after the button, the
    owner comes back. When the hand is over the owner takes his seat again and the
    guest goes to an open seat before the next hand is dealt, which counts him (it
    is the first time round: a newcomer posts nothing, §4.1.13(b)); the owner, who
    waits for the big blind, takes it; the mover sits out the hands in which the
    blinds pass his new seat and plays again, posting nothing, once the button has
    passed him. No hand is dealt three-handed with the small blind on the button,
    nor to a player between the blinds."""
    state, _ordered, _seats = structured_cash_table(3)
    table = state.tables.tables[1]
    away, mover = table.seats[8], table.seats[2]
    guest = PlayerId(101)
    state = run(state, c.SitOut(player=away), T0)
    state = run(state, c.HandDone(table=1), T0)
    state = run(state, c.PlayOver(player=guest, name="G", amount=100, table=1, seat=8), T0)
    state = run(state, c.ChangeSeatAfterButton(player=mover, seat=7), T0)
    state = run(state, c.SitIn(player=away), T0)
    hands = []
    for _ in range(4):
        state = run(state, c.HandDone(table=1), T0)
        table = state.tables.tables[1]
        assert_hand_fits_who_is_dealt_in(table)
        positions = table.positions
        assert positions is not None
        hands.append(
            (positions.button, positions.small_blind, positions.big_blind, set(table.dealt_out))
        )
    table = state.tables.tables[1]
    assert table.seats[8] == away and table.seats[3] == guest and table.seats[7] == mover
    assert hands == [(3, 5, 8, {7}), (5, 8, 3, {7}), (8, 3, 5, set()), (3, 5, 7, set())]
    # The owner's big blind paid what he owed.
    assert not table.owes_big and not table.owes_small


def test_r13_a_player_waiting_for_the_big_blind_is_dealt_in_heads_up() -> None:
    """R12 and R13: two players left, one of them back owing the blinds he missed:
    nobody else is dealt in, so the hand is heads-up between them (he takes the
    button and the small blind, or the big blind) rather than not dealt at all."""
    state, ordered, seats = structured_cash_table(3)
    away, leaving = ordered[0], ordered[1]
    state = run(state, c.SitOut(player=away), T0)
    for _ in range(3):
        state = run(state, c.HandDone(table=1), T0)
    state = run(state, c.CashOut(player=leaving, chips=0), T0)
    state = run(state, c.SitIn(player=away), T0)
    table = state.tables.tables[1]
    assert seats[away] in table.owes_big | table.owes_small
    state = run(state, c.HandDone(table=1), T0)
    table = state.tables.tables[1]
    positions = table.positions
    assert positions is not None
    assert positions.button == positions.small_blind
    assert seats[away] in (positions.button, positions.big_blind)
    assert not table.dealt_out


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=3, max_value=9),
    steps=st.lists(
        st.tuples(
            st.sampled_from(
                ["hand", "hand", "out", "in", "post", "join", "leave", "over", "keep", "after"]
            ),
            st.integers(0, 1000),
        ),
        max_size=50,
    ),
)
def test_seed_002_4_1_6_11_16_seats_played_over_kept_or_sat_out_stay_consistent(
    count, steps
) -> None:
    """Seed 002 §4.1.6, §4.1.11, §4.1.16 mixed with the rest of the cash game: every
    player in the game has one seat (his own, or the one he owns while it is played
    over), and the button and the blinds of a hand go to players dealt in."""
    state, _ordered, _seats = structured_cash_table(count)
    newcomer = 100
    for kind, number in steps:
        table = state.tables.tables[1]
        players = sorted(table.seats.values())
        owners = sorted(record.owner for record in table.over.values())
        player = players[number % len(players)]
        free = [s for s in range(1, 10) if s not in table.seats]
        try:
            if kind == "hand":
                state = run(state, c.HandDone(table=1), T0)
            elif kind == "out":
                state = run(state, c.SitOut(player=player), T0)
            elif kind == "in":
                who = owners[number % len(owners)] if owners and number % 2 else player
                state = run(state, c.SitIn(player=who), T0)
            elif kind == "post":
                state = run(state, c.PostBlinds(player=player), T0)
            elif kind == "join":
                newcomer += 1
                state = run(
                    state, c.BuyIn(player=PlayerId(newcomer), name=f"N{newcomer}", amount=100), T0
                )
            elif kind == "leave" and len(players) > 3:
                who = owners[number % len(owners)] if owners and number % 2 else player
                state = run(state, c.CashOut(player=who, chips=0), T0)
            elif kind == "over":
                newcomer += 1
                seat = table.seat_of(player)
                state = run(
                    state,
                    c.PlayOver(player=PlayerId(newcomer), name="G", amount=100, table=1, seat=seat),
                    T0,
                )
            elif kind == "keep":
                state = run(state, c.KeepMistakenHand(player=player), T0)
            elif kind == "after" and free:
                seat = free[number % len(free)]
                state = run(state, c.ChangeSeatAfterButton(player=player, seat=seat), T0)
        except RuleViolation:
            continue
        seated = state.tables.seated()
        assert set(seated) == set(state.alive())
        table = state.tables.tables[1]
        owners = {record.owner: seat for seat, record in table.over.items()}
        assert set(table.over) <= set(table.seats)
        assert not set(owners) & set(table.seats.values())
        assert all(seated[owner] == (1, seat) for owner, seat in owners.items())
        if kind != "hand":
            continue
        assert_hand_fits_who_is_dealt_in(table)
