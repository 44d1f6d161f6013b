"""How the seat draw, the button and blinds, moves and chip races change the state."""

from __future__ import annotations

from collections.abc import Sequence

from director.core import clock as clk
from director.core import events as e
from director.core.apply import applies
from director.core.buttons import dealt_out
from director.core.frozen import evolve
from director.core.ids import Instant, PlayerId
from director.core.state import TournamentState
from director.core.tables import (
    RECENT_MOVE_MS,
    ConfirmedMove,
    PlayedOver,
    Posting,
    SeatRecord,
    TableRace,
    TableSetup,
    TableState,
)


@applies(e.ChipRaced)
def _raced(state: TournamentState, event: e.ChipRaced) -> TournamentState:
    tables = state.tables
    race_record = TableRace(table=event.table, at=event.at, result=event.result)
    return evolve(state, tables=evolve(tables, races=(*tables.races, race_record)))


def _with_table(state: TournamentState, table: TableState) -> TournamentState:
    tables = state.tables
    return evolve(state, tables=evolve(tables, tables={**tables.tables, table.number: table}))


@applies(e.TableOptionsChanged)
def _options_changed(state: TournamentState, event: e.TableOptionsChanged) -> TournamentState:
    return evolve(
        state,
        tables=evolve(
            state.tables,
            seats_per_table=event.seats_per_table,
            method=event.method,
            final_redraw=event.final_redraw,
        ),
    )


def _placed(
    state: TournamentState, seats: Sequence[e.SeatAssignment], numbers: Sequence[int]
) -> dict[int, TableState]:
    tables = {number: TableState(number=number) for number in numbers}
    for assignment in seats:
        table = tables[assignment.table]
        tables[assignment.table] = evolve(
            table, seats={**table.seats, assignment.seat: assignment.player}
        )
    return tables


@applies(e.SeatsDrawn)
def _drawn(state: TournamentState, event: e.SeatsDrawn) -> TournamentState:
    tables = _placed(state, event.seats, event.tables)
    return evolve(
        state,
        tables=evolve(
            state.tables,
            tables=tables,
            break_order=event.break_order,
            pending=(),
            recent=(),
            vacated={},
            round=0,
            round_done=frozenset(),
        ),
    )


@applies(e.FinalTableDrawn)
def _final(state: TournamentState, event: e.FinalTableDrawn) -> TournamentState:
    tables = _placed(state, event.seats, [event.table])
    # R23, R27: the final table deals a new hand, and hand-for-hand is over.
    settled = evolve(state.tables, tables=tables, break_order=(event.table,), pending=())
    return evolve(state, tables=settled.next_round(hand_for_hand=False))


@applies(e.PlayerSeated)
def _seated(state: TournamentState, event: e.PlayerSeated) -> TournamentState:
    table = state.tables.tables[event.table]
    changes: dict[str, object] = {
        "seats": {**table.seats, event.seat: event.player},
        "newcomers": table.newcomers | {event.seat},
    }
    if state.is_cash:
        back = state.tables.vacated.get(event.player)
        if back is not None and (back.owes_big or back.owes_small):
            # §4.1.12: all-in, lost and bought again: not a newcomer, and the
            # blinds he owes go with him.
            changes["newcomers"] = table.newcomers
            changes["waiting"] = table.waiting | {event.seat}
            if back.owes_big:
                changes["owes_big"] = table.owes_big | {event.seat}
            if back.owes_small:
                changes["owes_small"] = table.owes_small | {event.seat}
        elif table.first_orbit > 0 and event.seat not in table.blinds_seen:
            # §4.1.13(b): before the button has gone round once, a newcomer
            # whose seat the blinds have not reached posts nothing.
            pass
        else:
            changes["waiting"] = table.waiting | {event.seat}
    vacated = {p: r for p, r in state.tables.vacated.items() if p != event.player}
    state = _with_table(state, evolve(table, **changes))
    return evolve(state, tables=evolve(state.tables, vacated=vacated))


def _freed(table: TableState, seat: int) -> TableState:
    """The seat left by its player; a seat played over goes back to its owner
    (seed 002 §4.1.6)."""
    seats = {s: p for s, p in table.seats.items() if s != seat}
    freed = evolve(
        table,
        seats=seats,
        newcomers=table.newcomers - {seat},
        sitting_out=table.sitting_out - {seat},
        waiting=table.waiting - {seat},
        owes_big=table.owes_big - {seat},
        owes_small=table.owes_small - {seat},
        dealt_out=table.dealt_out - {seat},
        held={s: n for s, n in table.held.items() if s != seat},
        posted={s: p for s, p in table.posted.items() if s != seat},
        must_post=table.must_post - {seat},
        after_button=table.after_button - {seat},
        over={s: r for s, r in table.over.items() if s != seat},
    )
    record = table.over.get(seat)
    if record is None:
        return freed
    # He owes what he owed when he left (the one playing over met the blinds
    # since): back, he waits for the big blind or posts it (§4.1.10); still away,
    # he stays away.
    owes = record.owes_big or record.owes_small
    return evolve(
        freed,
        seats={**freed.seats, seat: record.owner},
        sitting_out=freed.sitting_out if record.back else freed.sitting_out | {seat},
        owes_big=freed.owes_big | {seat} if record.owes_big else freed.owes_big,
        owes_small=freed.owes_small | {seat} if record.owes_small else freed.owes_small,
        waiting=freed.waiting | {seat} if owes and record.back else freed.waiting,
        dealt_out=freed.dealt_out | {seat},
    )


@applies(e.PlayerUnseated)
def _unseated(state: TournamentState, event: e.PlayerUnseated) -> TournamentState:
    before = state.tables.tables[event.table]
    owned = before.over.get(event.seat)
    if owned is not None and owned.owner == event.player:
        # §4.1.6: the away player of a seat played over leaves: the one playing
        # it keeps it. His missed blinds go with him (§4.1.12).
        left = SeatRecord(
            event.table, event.seat, owes_big=owned.owes_big, owes_small=owned.owes_small
        )
        over = {s: r for s, r in before.over.items() if s != event.seat}
        state = _with_table(state, evolve(before, over=over))
        vacated = {**state.tables.vacated, event.player: left}
        return evolve(state, tables=evolve(state.tables, vacated=vacated))
    table = _freed(before, event.seat)
    record = SeatRecord(
        event.table,
        event.seat,
        owes_big=event.seat in before.owes_big,
        owes_small=event.seat in before.owes_small,
    )
    vacated = {**state.tables.vacated, event.player: record}
    tables = state.tables
    if not table.seats and not state.is_cash and len(tables.tables) > 1:
        # Everyone at this table went out: the table is gone.
        remaining = {n: t for n, t in tables.tables.items() if n != event.table}
        order = tuple(n for n in tables.break_order if n != event.table)
        tables = evolve(tables, tables=remaining, break_order=order, vacated=vacated)
        return _round_settled(evolve(state, tables=tables), event.at)
    state = _with_table(state, table)
    # R27: a table left with one player is no longer waited for.
    return _round_settled(evolve(state, tables=evolve(state.tables, vacated=vacated)), event.at)


@applies(e.MovesPlanned)
def _planned(state: TournamentState, event: e.MovesPlanned) -> TournamentState:
    return evolve(state, tables=evolve(state.tables, pending=event.moves))


@applies(e.PlayerMoved)
def _moved(state: TournamentState, event: e.PlayerMoved) -> TournamentState:
    move = event.move
    player = PlayerId(int(move.player))
    before = state.tables.tables[move.from_table]
    source = _freed(before, move.from_seat)
    state = _with_table(state, source)
    target = state.tables.tables[move.to_table]
    same_table = move.from_table == move.to_table
    changes: dict[str, object] = {
        "seats": {**target.seats, move.to_seat: player},
        "newcomers": (
            target.newcomers if same_table and state.is_cash else target.newcomers | {move.to_seat}
        ),
    }
    if state.is_cash:
        # Missed blinds go with the player, not the seat (§4.1.10-12).
        if move.from_seat in before.owes_big:
            changes["owes_big"] = target.owes_big | {move.to_seat}
        if move.from_seat in before.owes_small:
            changes["owes_small"] = target.owes_small | {move.to_seat}
        if move.from_seat in before.sitting_out:
            changes["sitting_out"] = target.sitting_out | {move.to_seat}
        if move.from_seat in before.waiting:
            changes["waiting"] = target.waiting | {move.to_seat}
        if event.wait_hands > 0:
            # §4.1.15: he sits out the coming hand and the rest of his wait.
            changes["dealt_out"] = target.dealt_out | {move.to_seat}
            changes["held"] = {**target.held, move.to_seat: event.wait_hands - 1}
    target = evolve(target, **changes)
    state = _with_table(state, target)
    tables = state.tables
    remaining = {n: t for n, t in tables.tables.items() if t.seats or n == move.to_table}
    recent = tuple(r for r in tables.recent if event.at - r.at < RECENT_MOVE_MS)
    pending = tuple(m for m in tables.pending if m != move)
    order = tuple(n for n in tables.break_order if n in remaining)
    tables = evolve(
        tables,
        tables=remaining,
        pending=pending,
        break_order=order,
        recent=(*recent, ConfirmedMove(move=move, at=event.at)),
    )
    # R27: a table broken is no longer waited for.
    return _round_settled(evolve(state, tables=tables), event.at)


@applies(e.ButtonPlaced)
def _button(state: TournamentState, event: e.ButtonPlaced) -> TournamentState:
    table = state.tables.tables[event.table]
    positions = event.positions
    return _with_table(
        state,
        evolve(
            table,
            positions=positions,
            newcomers=frozenset(),
            dealt_out=frozenset(),
            held={},
            posted={},
            must_post=frozenset(),
            after_button=frozenset(),
            last_button=None,
            blinds_seen=frozenset({positions.small_blind, positions.big_blind}),
            first_orbit=len(table.active()),
            hand_since=event.at,
            hand_level=clk.level_dealt(state.clock, state.structure, event.at),
        ),
    )


@applies(e.TableHandDealt)
def _dealt(state: TournamentState, event: e.TableHandDealt) -> TournamentState:
    tables = state.tables
    table = tables.tables[event.table]
    waiting = frozenset(seat for seat in table.waiting if seat in event.dealt_out)
    positions = event.positions
    dealt: dict[str, object] = {
        "hand_since": event.at,
        "hand_level": clk.level_dealt(state.clock, state.structure, event.at),
    }
    if tables.hand_for_hand:
        # R27: the table waits for the others; its next hand is dealt when the
        # hand-for-hand hand is over everywhere (``_round_settled``).
        dealt = {}
    table = evolve(
        table,
        positions=positions,
        hands=table.hands + 1,
        newcomers=frozenset(),
        dealt_out=event.dealt_out,
        waiting=waiting,
        owes_big=event.owes_big,
        owes_small=event.owes_small,
        held={
            seat: hands - 1
            for seat, hands in table.held.items()
            if hands > 0 and seat in event.dealt_out
        },
        posted={},
        # §4.1.11: he posts on this hand what he still owes (a big blind taken
        # clears it).
        must_post=frozenset(
            seat for seat in table.must_post if seat in event.owes_big | event.owes_small
        ),
        # §4.1.16: still sitting out the blinds until the button has passed him.
        after_button=frozenset(seat for seat in table.after_button if seat in event.dealt_out),
        last_button=table.positions.button if table.positions is not None else None,
        blinds_seen=table.blinds_seen | {positions.small_blind, positions.big_blind},
        first_orbit=max(0, table.first_orbit - 1),
        **dealt,
    )
    state = _with_table(state, table)
    if not tables.hand_for_hand:
        return state
    tables = state.tables
    return _round_settled(
        evolve(state, tables=evolve(tables, round_done=tables.round_done | {event.table})),
        event.at,
    )


def _round_settled(state: TournamentState, at: Instant) -> TournamentState:
    """R27 and R9: once every table has finished the hand-for-hand hand, each table
    that waited deals its next hand now, at the blinds in force now (seed 000: the
    increase "ne s'applique qu'au prochain tour de jeu")."""
    tables = state.tables
    settled = tables.settle_round()
    if settled is tables:
        return state
    level = clk.level_dealt(state.clock, state.structure, at)
    dealt = {
        number: evolve(table, hand_since=at, hand_level=level)
        if number in tables.round_done
        else table
        for number, table in settled.tables.items()
    }
    return evolve(state, tables=evolve(settled, tables=dealt))


@applies(e.BreakOrderSet)
def _order(state: TournamentState, event: e.BreakOrderSet) -> TournamentState:
    return evolve(state, tables=evolve(state.tables, break_order=event.order))


@applies(e.HandForHandSet)
def _h4h(state: TournamentState, event: e.HandForHandSet) -> TournamentState:
    return evolve(state, tables=state.tables.next_round(hand_for_hand=event.on))


def _cash_table(state: TournamentState, player: PlayerId) -> tuple[TableState, int]:
    where = state.tables.where(player)
    assert where is not None
    return state.tables.tables[where[0]], where[1]


@applies(e.SittingOutChanged)
def _sitting(state: TournamentState, event: e.SittingOutChanged) -> TournamentState:
    table, seat = _cash_table(state, event.player)
    owned = table.over.get(seat)
    if owned is not None and owned.owner == event.player:
        # §4.1.6: back, he takes his seat again when the hand is over.
        over = {**table.over, seat: evolve(owned, back=not event.away)}
        return _with_table(state, evolve(table, over=over))
    if event.away:
        return _with_table(state, evolve(table, sitting_out=table.sitting_out | {seat}))
    # Back: a player who missed blinds waits for the big blind or posts them.
    owes = seat in table.owes_big or seat in table.owes_small
    waiting = table.waiting | {seat} if owes else table.waiting
    # He owes: not dealt in the coming hand until he posts (§4.1.10-11).
    out = table.dealt_out | {seat} if owes else table.dealt_out
    return _with_table(
        state,
        evolve(table, sitting_out=table.sitting_out - {seat}, waiting=waiting, dealt_out=out),
    )


@applies(e.BlindsPosted)
def _posted(state: TournamentState, event: e.BlindsPosted) -> TournamentState:
    table, seat = _cash_table(state, event.player)
    out = table.dealt_out
    if table.positions is None or not dealt_out(
        table.positions, table.newcomers & {seat}, seats=state.tables.seats_per_table
    ):
        # Posting deals him in at once, except a newcomer between the small
        # blind and the button (R14, seed 002 §4.1.7).
        out = out - {seat}
    return _with_table(
        state,
        evolve(
            table,
            waiting=table.waiting - {seat},
            owes_big=table.owes_big - {seat},
            owes_small=table.owes_small - {seat},
            held={s: n for s, n in table.held.items() if s != seat},
            posted={**table.posted, seat: Posting(live=event.live, dead=event.dead)},
            must_post=table.must_post - {seat},
            dealt_out=out,
        ),
    )


@applies(e.SeatPlayedOver)
def _played_over(state: TournamentState, event: e.SeatPlayedOver) -> TournamentState:
    """Seed 002 §4.1.6: "Une personne qui joue au siège de quelqu'un d'autre pendant
    son absence est considérée comme étant une nouveau joueur et doit miser le
    montant du gros blind ou attendre d'être à la position du gros blind"."""
    table = state.tables.tables[event.table]
    seat = event.seat
    owner = table.seats[seat]
    record = PlayedOver(
        owner=owner, owes_big=seat in table.owes_big, owes_small=seat in table.owes_small
    )
    taken = _freed(evolve(table, over={}), seat)
    table = evolve(
        taken,
        seats={**taken.seats, seat: event.player},
        over={**table.over, seat: record},
        newcomers=taken.newcomers | {seat},
        waiting=taken.waiting | {seat},
        dealt_out=taken.dealt_out | {seat},
    )
    return _with_table(state, table)


@applies(e.SeatGivenBack)
def _given_back(state: TournamentState, event: e.SeatGivenBack) -> TournamentState:
    return _with_table(state, _freed(state.tables.tables[event.table], event.seat))


@applies(e.MistakenHandKept)
def _kept(state: TournamentState, event: e.MistakenHandKept) -> TournamentState:
    """§4.1.11: he played this hand; he does not wait for the big blind but posts
    what he owes on the next hand."""
    table, seat = _cash_table(state, event.player)
    return _with_table(
        state,
        evolve(
            table,
            waiting=table.waiting - {seat},
            dealt_out=table.dealt_out - {seat},
            must_post=table.must_post | {seat},
        ),
    )


@applies(e.BlindsSatOut)
def _sat_out(state: TournamentState, event: e.BlindsSatOut) -> TournamentState:
    """§4.1.16: he sits out from now until the button has passed his new seat."""
    table, seat = _cash_table(state, event.player)
    return _with_table(
        state,
        evolve(
            table,
            after_button=table.after_button | {seat},
            dealt_out=table.dealt_out | {seat},
            held={s: n for s, n in table.held.items() if s != seat},
        ),
    )


def _with_setup(state: TournamentState, number: int, setup: TableSetup) -> TournamentState:
    tables = state.tables
    setups = {**tables.setups, number: setup}
    if setup == TableSetup():
        del setups[number]
    return evolve(state, tables=evolve(tables, setups=setups))


@applies(e.TableLayoutSet)
def _layout(state: TournamentState, event: e.TableLayoutSet) -> TournamentState:
    setup = evolve(state.tables.setup(event.table), name=event.name, seats=event.seats)
    return _with_setup(state, event.table, setup)


@applies(e.SeatLocked)
def _locked(state: TournamentState, event: e.SeatLocked) -> TournamentState:
    setup = state.tables.setup(event.table)
    reserved = {s: p for s, p in setup.reserved.items() if s != event.seat}
    locked = setup.locked - {event.seat}
    if event.player is None:
        locked |= {event.seat}
    else:
        reserved[event.seat] = event.player
    return _with_setup(state, event.table, evolve(setup, locked=locked, reserved=reserved))


@applies(e.SeatUnlocked)
def _unlocked(state: TournamentState, event: e.SeatUnlocked) -> TournamentState:
    setup = state.tables.setup(event.table)
    reserved = {s: p for s, p in setup.reserved.items() if s != event.seat}
    locked = setup.locked - {event.seat}
    return _with_setup(state, event.table, evolve(setup, locked=locked, reserved=reserved))
