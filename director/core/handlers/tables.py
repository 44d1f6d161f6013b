"""Tables: the seat draw, the button and blinds, balancing and breaking
(R5, R7, R11-R14, R24-R27), and how seats follow every change of players.

Draws use a random generator seeded from the moment and the state's version,
so ``decide`` stays a pure function; the events store what was drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from director.core import clock as clk
from director.core import commands as c
from director.core import events as e
from director.core.apply import apply, fold
from director.core.buttons import (
    DEAD,
    MAX_SEATS,
    MIN_SEATS,
    MOVING,
    between,
    dealt_out,
    first_hand,
    next_hand,
)
from director.core.chip_race import Holding, next_chip, race
from director.core.decide import handles, reacts
from director.core.errors import RuleViolation, require
from director.core.handlers.clock import table_counts_hands
from director.core.handlers.players import _buy_in
from director.core.ids import Instant, PlayerId
from director.core.players import EntrantStatus
from director.core.seating import Move, draw_open_seat, draw_seats, plan_moves, redraw
from director.core.state import TournamentState
from director.core.tables import (
    TableState,
    blinds_to_post,
    default_break_order,
    seat_change_wait,
)

MAX_RACE_CHIPS = 1000
"""More chips of one denomination than any stack holds: a typing mistake."""
RANKS = "23456789TJQKA"
SUITS = "cdhs"
"""Suits from lowest to highest for the button draw: spades > hearts > diamonds > clubs."""


def rng_for(state: TournamentState, now: Instant, salt: str) -> random.Random:
    """A generator for one decision: the same inputs always draw the same."""
    return random.Random(f"{now}/{state.version}/{salt}")


def _table(state: TournamentState, number: int) -> TableState:
    table = state.tables.tables.get(number)
    if table is None:
        raise RuleViolation("no_such_table", table=number)
    return table


def _seated_players(state: TournamentState) -> list[PlayerId]:
    return sorted(state.alive())


# -- reactions: seats follow the players --------------------------------------------


@reacts
def seats_follow_players(
    state: TournamentState, events: Sequence[e.Event], now: Instant
) -> list[e.Event]:
    """After any change: free the seats of players no longer in, seat players
    newly in (R5: among the open seats, keeping tables even), then plan the
    moves that break and balance tables (R24, R25), or redraw the final
    table (R26)."""
    after = fold(events, state)
    tables = after.tables
    if not tables.drawn:
        return []
    extra: list[e.Event] = []
    alive = set(after.alive())
    seated = tables.seated()
    for player, (table, seat) in sorted(seated.items()):
        if player not in alive:
            extra.append(e.PlayerUnseated(at=now, player=player, table=table, seat=seat))
    newly_seated, current = _seat_the_unseated(fold(extra, after), state, now)
    extra.extend(newly_seated)
    if current.is_cash:
        return extra
    # R27: in hand-for-hand, a hand is over once every table has finished it.
    hand_over = not current.tables.hand_for_hand or current.tables.round != state.tables.round
    planned = _plan(current, now, hand_over=hand_over)
    extra.extend(planned)
    return extra


def _seat_the_unseated(
    state: TournamentState, before: TournamentState, now: Instant
) -> tuple[list[e.Event], TournamentState]:
    """A seat for each player in the event who has none, in order (R5), drawn with the
    seat draw of the command's ``before`` state at ``now``: the events, and the state
    with them applied."""
    rng = rng_for(before, now, "seat")
    events: list[e.Event] = []
    for player in sorted(set(state.alive()) - set(state.tables.seated())):
        events.append(_seat_player(state, player, now, rng))
        state = apply(state, events[-1])
    return events, state


def _seat_player(
    state: TournamentState, player: PlayerId, now: Instant, rng: random.Random
) -> e.PlayerSeated:
    tables = state.tables
    back = tables.vacated.get(player)
    if back is not None:
        shape = next((t for t in tables.for_planning() if t.number == back.table), None)
        # A seat locked or reserved for another since he left is not given back.
        if shape is not None and back.seat in shape.open_seats(tables.seats_per_table, str(player)):
            return e.PlayerSeated(at=now, player=player, table=back.table, seat=back.seat)
    table_number, seat = draw_open_seat(
        [t for t in tables.for_planning() if t.seats or len(tables.tables) == 1],
        seats_per_table=tables.seats_per_table,
        rng=rng,
        player=str(player),
    )
    return e.PlayerSeated(at=now, player=player, table=table_number, seat=seat)


def _plan(state: TournamentState, now: Instant, *, hand_over: bool = True) -> list[e.Event]:
    tables = state.tables
    players = sum(len(table.seats) for table in tables.tables.values())
    occupied_tables = [table for table in tables.tables.values() if table.seats]
    shapes = {table.number: table for table in tables.for_planning()}
    # A player in his reserved seat never moves: the final table is his.
    fixed = [n for n, shape in shapes.items() if shape.fixed() and shapes[n].seats]
    final = _final_table(tables.break_order, [t.number for t in occupied_tables], fixed)
    if (
        tables.final_redraw
        and len(occupied_tables) > 1
        and final is not None
        and players <= shapes[final].usable(tables.seats_per_table)
    ):
        if not hand_over:
            # R23, R27: a table still plays the hand-for-hand hand; its busts share
            # places with the others'. The final table is drawn when the hand is
            # over everywhere; no move is made meanwhile.
            return [e.MovesPlanned(at=now, moves=())] if tables.pending else []
        # R26: everyone fits at one table: redraw for seats at the final table.
        seats = redraw(
            [str(p) for p in sorted(state.alive())],
            table=final,
            seats_per_table=tables.seats_per_table,
            rng=rng_for(state, now, "final"),
            setup=shapes[final],
        )
        return [
            e.FinalTableDrawn(
                at=now,
                table=final,
                seats=tuple(
                    e.SeatAssignment(player=PlayerId(int(player)), table=table, seat=seat)
                    for player, (table, seat) in sorted(seats.items())
                ),
            )
        ]
    moves = tuple(
        plan_moves(
            tables.for_planning(),
            seats_per_table=tables.seats_per_table,
            break_order=tables.break_order,
            rng=rng_for(state, now, "plan"),
        )
    )
    if moves == tables.pending:
        return []
    return [e.MovesPlanned(at=now, moves=moves)]


def _final_table(
    break_order: Sequence[int], occupied: Sequence[int], fixed: Sequence[int]
) -> int | None:
    """R26: the final table is the one that would break last, or the one where a
    player sits in his reserved seat; None when such players sit at two tables."""
    if len(fixed) > 1:
        return None
    if fixed:
        return fixed[0]
    order = [n for n in break_order if n in occupied]
    return order[-1] if order else min(occupied)


# -- decide ---------------------------------------------------------------------------


@handles(c.SetTableOptions)
def _options(state: TournamentState, command: c.SetTableOptions, now: Instant) -> list[e.Event]:
    require(
        MIN_SEATS <= command.seats_per_table <= MAX_SEATS,
        "seats_per_table_out_of_range",
        minimum=MIN_SEATS,
        maximum=MAX_SEATS,
    )
    require(command.method in (DEAD, MOVING), "unknown_button_method", method=command.method)
    tables = state.tables
    if tables.drawn:
        # Tables with their own number of seats keep it.
        own = [t for t in tables.tables.values() if not tables.setup(t.number).seats]
        most = max((len(t.seats) for t in own), default=0)
        highest = max((max(t.seats, default=0) for t in own), default=0)
        require(command.seats_per_table >= max(most, highest), "table_too_small_for_players")
    changed = (command.seats_per_table, command.method, command.final_redraw) != (
        tables.seats_per_table,
        tables.method,
        tables.final_redraw,
    )
    require(changed, "options_unchanged")
    return [
        e.TableOptionsChanged(
            at=now,
            seats_per_table=command.seats_per_table,
            method=command.method,
            final_redraw=command.final_redraw,
        )
    ]


@handles(c.DrawSeats)
def _draw(state: TournamentState, command: c.DrawSeats, now: Instant) -> list[e.Event]:
    players = _seated_players(state)
    require(len(players) >= 2, "table_needs_two_players")
    tables = state.tables
    per_table = tables.seats_per_table
    count = command.tables or None
    if count is not None:
        require(count <= len(players) // 2, "too_many_tables")
    seats = draw_seats(
        [str(p) for p in players],
        seats_per_table=per_table,
        rng=rng_for(state, now, "draw"),
        tables=count,
        layout=tables.layout(),
    )
    numbers = sorted({table for table, _seat in seats.values()})
    return [
        e.SeatsDrawn(
            at=now,
            seats=tuple(
                e.SeatAssignment(player=PlayerId(int(p)), table=t, seat=s)
                for p, (t, s) in sorted(seats.items(), key=lambda item: item[1])
            ),
            tables=tuple(numbers),
            break_order=default_break_order(numbers),
        )
    ]


def high_card_draw(occupied: Sequence[int], rng: random.Random) -> tuple[tuple[int, str], ...]:
    """R7: one card to each seat from a shuffled deck."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    return tuple((seat, deck[index]) for index, seat in enumerate(sorted(occupied)))


def card_strength(card: str) -> tuple[int, int]:
    """Rank first, then suit: spades > hearts > diamonds > clubs (R7)."""
    return RANKS.index(card[0]), SUITS.index(card[1])


@handles(c.DrawForButton)
def _draw_button(state: TournamentState, command: c.DrawForButton, now: Instant) -> list[e.Event]:
    numbers = [command.table] if command.table else sorted(state.tables.tables)
    require(bool(numbers), "no_tables")
    events: list[e.Event] = []
    rng = rng_for(state, now, "button")
    for number in numbers:
        table = _table(state, number)
        occupied = sorted(table.active())
        require(len(occupied) >= 2, "table_needs_two_players")
        cards = high_card_draw(occupied, rng)
        button = max(cards, key=lambda pair: card_strength(pair[1]))[0]
        positions = first_hand(button, occupied, seats=state.tables.seats_at(number))
        events.append(e.ButtonPlaced(at=now, table=number, positions=positions, cards=cards))
    return [*_first_hand_counted(state, numbers, now), *events]


@handles(c.SetButton)
def _set_button(state: TournamentState, command: c.SetButton, now: Instant) -> list[e.Event]:
    table = _table(state, command.table)
    positions = first_hand(command.seat, table.active(), seats=state.tables.seats_at(table.number))
    placed = e.ButtonPlaced(at=now, table=command.table, positions=positions)
    return [*_first_hand_counted(state, [command.table], now), placed]


def _first_hand_counted(
    state: TournamentState, numbers: Sequence[int], now: Instant
) -> list[e.Event]:
    """R8: the button placed at the one table of a game (its first hand, the clock
    running), the hand dealt counts in a level counted in hands; placing it again
    (a correction) deals no hand."""
    first = all(state.tables.tables[number].positions is None for number in numbers)
    return [e.HandStarted(at=now)] if first and table_counts_hands(state, now) else []


@handles(c.HandDone)
def _hand_done(state: TournamentState, command: c.HandDone, now: Instant) -> list[e.Event]:
    table = _table(state, command.table)
    require(table.positions is not None, "button_not_placed", table=command.table)
    assert table.positions is not None
    tables = state.tables
    seats = tables.seats_at(table.number)
    active = table.active()
    require(len(active) >= 2, "table_needs_two_players")
    playing = tables.still_playing()
    if command.table in tables.round_done and playing:
        # R27: in hand-for-hand a table that finished the hand waits for the others.
        raise RuleViolation(
            "hand_for_hand_wait",
            table=command.table,
            tables=", ".join(str(number) for number in playing),
        )
    given_back = _seats_given_back(state, table, now)
    if given_back:
        # §4.1.6: the hand is over; the players who are back take their seats again,
        # and those who played over them go to their open seats before the next hand
        # is dealt, which then counts them (a newcomer's rules apply to them).
        reseated, back = _seat_the_unseated(fold(given_back, state), state, now)
        given_back.extend(reseated)
        table = _table(back, command.table)
        active = table.active()
    previous = table.positions
    assert previous is not None
    held = {seat for seat, hands in table.held.items() if hands > 0}
    waiting = table.waiting | held if state.is_cash else frozenset()
    # §4.1.16: a player sitting out the blinds after a seat change is passed over
    # by the button and the blinds alike.
    skipping = table.after_button if len(active - table.after_button) >= 2 else frozenset()
    positions = next_hand(
        previous,
        active - skipping,
        seats=seats,
        method=tables.method,
        waiting=waiting,
        newcomers=table.newcomers,
    )
    out = set(dealt_out(positions, table.newcomers, seats=seats))
    # §4.1.16: once the button has passed him he plays again, posting nothing; not
    # where he would sit between the blinds (his turn for the big blind, skipped).
    passed = set(between(previous.button, positions.button, seats=seats))
    passed -= set(between(positions.small_blind, positions.big_blind, seats=seats))
    out |= set(skipping) - passed
    owes_big, owes_small = set(table.owes_big), set(table.owes_small)
    if state.is_cash:
        # R14: a newcomer waits for the big blind; R12: a player away when a
        # blind passes owes it on return; §4.1.15: a player who moved away
        # from the big blind sits out until his old relative position.
        # A waiting player given the button and the small blind (fewer than two
        # players dealt in otherwise: heads-up, R13) plays this hand too.
        out |= {
            seat
            for seat in waiting
            if seat not in (positions.big_blind, positions.button, positions.small_blind)
        }
        skipped = set(between(previous.big_blind, positions.big_blind, seats=seats))
        owes_big |= skipped & set(table.sitting_out)
        small_skipped = set(between(previous.small_blind, positions.small_blind, seats=seats))
        owes_small |= small_skipped & set(table.sitting_out)
        # R12: a player who waited for the big blind and takes it owes nothing more.
        owes_big.discard(positions.big_blind)
        owes_small.discard(positions.big_blind)
    if positions.button == positions.small_blind:
        # R13: a hand dealt heads-up is dealt to the two players holding its button
        # and blinds; one left out of them (passed over while he waits, or sitting out
        # the blinds after a seat change) would make it a three-handed hand.
        out |= active - {positions.button, positions.big_blind}
    events: list[e.Event] = []
    if clk.view(state.clock, state.structure, now).pending is not None or table_counts_hands(
        state, now
    ):
        # R9: the time ran out during the hand just finished; the next hand at
        # this table is dealt at the new blinds, so they now apply. R8: at one
        # table, the hand dealt counts in a level counted in hands (and may open
        # the next level). Applied first: the hand is dealt at the level it brings.
        events.append(e.HandStarted(at=now))
    dealt = e.TableHandDealt(
        at=now,
        table=command.table,
        positions=positions,
        dealt_out=frozenset(out),
        owes_big=frozenset(owes_big),
        owes_small=frozenset(owes_small),
    )
    # The hand is over, so is the decision its shot clock timed.
    cleared: list[e.Event] = []
    if command.table in state.shot_clocks.running:
        cleared.append(e.ShotClockStopped(at=now, table=command.table))
    return [*cleared, *given_back, *events, dealt]


def _seats_given_back(state: TournamentState, table: TableState, now: Instant) -> list[e.Event]:
    """Seed 002 §4.1.6: at the end of the hand, each player back at a seat played
    over takes it again, when the one playing it has an open seat to go to (else he
    plays on until one opens or he leaves)."""
    tables = state.tables
    open_seats = sum(
        len(t.open_seats(tables.seats_per_table))
        for t in tables.for_planning()
        if t.seats or len(tables.tables) == 1
    )
    events: list[e.Event] = []
    for seat, record in sorted(table.over.items()):
        if record.back and open_seats > 0:
            events.append(e.SeatGivenBack(at=now, table=table.number, seat=seat))
            open_seats -= 1
    return events


@handles(c.ConfirmMove)
def _confirm(state: TournamentState, command: c.ConfirmMove, now: Instant) -> list[e.Event]:
    pending = state.tables.pending
    require(bool(pending), "no_pending_move")
    chosen = command.move or pending[0]
    require(chosen in pending, "move_not_planned")
    return [e.PlayerMoved(at=now, move=chosen)]


@handles(c.ConfirmAllMoves)
def _confirm_all(state: TournamentState, command: c.ConfirmAllMoves, now: Instant) -> list[e.Event]:
    require(bool(state.tables.pending), "no_pending_move")
    return [e.PlayerMoved(at=now, move=move) for move in state.tables.pending]


@handles(c.MovePlayer)
def _move(state: TournamentState, command: c.MovePlayer, now: Instant) -> list[e.Event]:
    where = state.tables.where(command.player)
    require(where is not None, "player_not_seated")
    assert where is not None
    target = _table(state, command.table)
    require(1 <= command.seat <= state.tables.seats_at(command.table), "no_such_seat")
    require(command.seat not in target.seats, "seat_taken", table=command.table, seat=command.seat)
    require(
        state.tables.tables[where[0]].seats.get(where[1]) == command.player,
        "own_seat_played_over",
    )
    _require_free_to_move(state, command.player, where, (command.table, command.seat))
    move = Move(str(command.player), where[0], where[1], command.table, command.seat)
    wait = 0
    if state.is_cash and where[0] == command.table:
        wait = seat_change_wait(target, where[1], command.seat)
    return [e.PlayerMoved(at=now, move=move, wait_hands=wait)]


def _require_free_to_move(
    state: TournamentState, player: PlayerId, source: tuple[int, int], target: tuple[int, int]
) -> None:
    """Issue 34: nobody moves into a locked seat or another's reserved seat, and a
    player never leaves his reserved seat (free it first)."""
    tables = state.tables
    require(source != tables.reserved_seat(player), "player_keeps_reserved_seat")
    setup = tables.setup(target[0])
    require(target[1] not in setup.locked, "seat_locked", table=target[0], seat=target[1])
    owner = setup.reserved.get(target[1], player)
    require(owner == player, "seat_reserved", table=target[0], seat=target[1])


MAX_TABLE_NAME = 40
MAX_TABLES = 99


@handles(c.SetTableLayout)
def _set_layout(state: TournamentState, command: c.SetTableLayout, now: Instant) -> list[e.Event]:
    """Issue 34: a table's name and its own number of seats (0: the event's)."""
    tables = state.tables
    require(1 <= command.table <= MAX_TABLES, "no_such_table", table=command.table)
    name = " ".join(command.name.split())
    require(len(name) <= MAX_TABLE_NAME, "table_name_too_long", maximum=MAX_TABLE_NAME)
    if command.seats:
        require(
            MIN_SEATS <= command.seats <= MAX_SEATS,
            "seats_per_table_out_of_range",
            minimum=MIN_SEATS,
            maximum=MAX_SEATS,
        )
    size = command.seats or tables.seats_per_table
    setup = tables.setup(command.table)
    table = tables.tables.get(command.table)
    highest = max(
        [*(table.seats if table is not None else ()), *setup.locked, *setup.reserved], default=0
    )
    require(size >= highest, "table_too_small_for_players")
    require((name, command.seats) != (setup.name, setup.seats), "options_unchanged")
    return [e.TableLayoutSet(at=now, table=command.table, name=name, seats=command.seats)]


@handles(c.LockSeat)
def _lock_seat(state: TournamentState, command: c.LockSeat, now: Instant) -> list[e.Event]:
    """Issue 34: a locked seat (a dealer's) or a seat reserved for one player."""
    tables = state.tables
    require(1 <= command.table <= MAX_TABLES, "no_such_table", table=command.table)
    require(1 <= command.seat <= tables.seats_at(command.table), "no_such_seat")
    setup = tables.setup(command.table)
    current = setup.reserved.get(command.seat)
    if command.player is None:
        require(command.seat not in setup.locked, "options_unchanged")
    else:
        require(command.player in state.players, "player_unknown")
        require(current != command.player, "options_unchanged")
        elsewhere = tables.reserved_seat(command.player)
        require(elsewhere is None, "player_has_reserved_seat")
        where = tables.where(command.player)
        require(
            where is None or where == (command.table, command.seat),
            "player_seated_elsewhere",
        )
    table = tables.tables.get(command.table)
    occupant = table.seats.get(command.seat) if table is not None else None
    require(
        occupant is None or occupant == command.player,
        "seat_taken",
        table=command.table,
        seat=command.seat,
    )
    return [e.SeatLocked(at=now, table=command.table, seat=command.seat, player=command.player)]


@handles(c.UnlockSeat)
def _unlock_seat(state: TournamentState, command: c.UnlockSeat, now: Instant) -> list[e.Event]:
    setup = state.tables.setup(command.table)
    require(
        command.seat in setup.locked or command.seat in setup.reserved,
        "seat_not_locked",
        table=command.table,
        seat=command.seat,
    )
    return [e.SeatUnlocked(at=now, table=command.table, seat=command.seat)]


@handles(c.SetBreakOrder)
def _break_order(state: TournamentState, command: c.SetBreakOrder, now: Instant) -> list[e.Event]:
    numbers = set(state.tables.tables)
    require(
        set(command.order) == numbers and len(command.order) == len(numbers),
        "break_order_must_list_every_table",
    )
    require(tuple(command.order) != state.tables.break_order, "options_unchanged")
    return [e.BreakOrderSet(at=now, order=tuple(command.order))]


@handles(c.SetHandForHand)
def _hand_for_hand(
    state: TournamentState, command: c.SetHandForHand, now: Instant
) -> list[e.Event]:
    require(command.on != state.tables.hand_for_hand, "options_unchanged")
    return [e.HandForHandSet(at=now, on=command.on)]


@handles(c.RedrawFinalTable)
def _redraw(state: TournamentState, command: c.RedrawFinalTable, now: Instant) -> list[e.Event]:
    occupied = [t for t in state.tables.tables.values() if t.seats]
    require(len(occupied) == 1, "not_final_table")
    table = occupied[0].number
    seats = redraw(
        [str(p) for p in sorted(state.alive())],
        table=table,
        seats_per_table=state.tables.seats_per_table,
        rng=rng_for(state, now, "final"),
        setup=state.tables.planning_table(table, {}),
    )
    return [
        e.FinalTableDrawn(
            at=now,
            table=table,
            seats=tuple(
                e.SeatAssignment(player=PlayerId(int(p)), table=t, seat=s)
                for p, (t, s) in sorted(seats.items())
            ),
        )
    ]


def _cash_seat(
    state: TournamentState, player: PlayerId, *, owner: bool = False
) -> tuple[TableState, int]:
    """The table and seat of ``player`` in a cash game; ``owner``: the seat he owns
    while someone plays over it counts (§4.1.6), else it is refused."""
    require(state.is_cash, "only_in_a_cash_game")
    where = state.tables.where(player)
    require(where is not None, "player_not_seated")
    assert where is not None
    table = state.tables.tables[where[0]]
    require(owner or table.seats.get(where[1]) == player, "own_seat_played_over")
    return table, where[1]


def _played_over(table: TableState, seat: int, player: PlayerId) -> bool:
    """Whether ``seat`` is ``player``'s own seat, played over by someone else."""
    record = table.over.get(seat)
    return record is not None and record.owner == player


@handles(c.SitOut)
def _sit_out(state: TournamentState, command: c.SitOut, now: Instant) -> list[e.Event]:
    table, seat = _cash_seat(state, command.player, owner=True)
    if _played_over(table, seat, command.player):
        # Back, then away again before getting his seat back (§4.1.6).
        require(table.over[seat].back, "already_sitting_out")
    else:
        require(seat not in table.sitting_out, "already_sitting_out")
    return [e.SittingOutChanged(at=now, player=command.player, away=True)]


@handles(c.SitIn)
def _sit_in(state: TournamentState, command: c.SitIn, now: Instant) -> list[e.Event]:
    table, seat = _cash_seat(state, command.player, owner=True)
    if _played_over(table, seat, command.player):
        # §4.1.6: he takes his seat again when the hand being played is over.
        require(not table.over[seat].back, "not_sitting_out")
    else:
        require(seat in table.sitting_out, "not_sitting_out")
    return [e.SittingOutChanged(at=now, player=command.player, away=False)]


@handles(c.PlayOver)
def _play_over(state: TournamentState, command: c.PlayOver, now: Instant) -> list[e.Event]:
    """Seed 002 §4.1.6: a person playing another's seat while he is away is a
    newcomer (he posts a big blind or waits for it)."""
    require(state.is_cash, "only_in_a_cash_game")
    table = _table(state, command.table)
    owner = table.seats.get(command.seat)
    require(owner is not None, "no_such_seat")
    require(command.seat not in table.over, "seat_played_over")
    require(command.seat in table.sitting_out, "seat_owner_not_away")
    require(owner != command.player, "seat_owner_not_away")
    entrant = state.players.get(command.player)
    events: list[e.Event] = []
    if entrant is None or entrant.status is not EntrantStatus.PLAYING:
        # A newcomer to the game buys in to play the seat.
        events.extend(
            _buy_in(
                state,
                c.BuyIn(player=command.player, name=command.name, amount=command.amount),
                now,
            )
        )
    else:
        where = state.tables.where(command.player)
        if where is not None:
            here = state.tables.tables[where[0]]
            require(here.seats.get(where[1]) == command.player, "own_seat_played_over")
            require(where[1] not in here.over, "plays_over_a_seat")
            # He leaves his own seat; he gets it back, if still open, when the
            # seat's player takes his again.
            events.append(
                e.PlayerUnseated(at=now, player=command.player, table=where[0], seat=where[1])
            )
    events.append(
        e.SeatPlayedOver(at=now, player=command.player, table=command.table, seat=command.seat)
    )
    return events


@handles(c.KeepMistakenHand)
def _keep_hand(state: TournamentState, command: c.KeepMistakenHand, now: Instant) -> list[e.Event]:
    """Seed 002 §4.1.11: "Si le joueur parle avant que l'erreur ne soit signalée, sa
    main reste valable et il devra poster son dû lors de la main suivante"."""
    table, seat = _cash_seat(state, command.player)
    require(table.positions is not None, "button_not_placed", table=table.number)
    require(seat not in table.sitting_out, "already_sitting_out")
    require(seat in table.owes_big or seat in table.owes_small, "nothing_to_post")
    require(seat not in table.must_post, "hand_already_kept")
    return [e.MistakenHandKept(at=now, player=command.player)]


@handles(c.ChangeSeatAfterButton)
def _after_button(
    state: TournamentState, command: c.ChangeSeatAfterButton, now: Instant
) -> list[e.Event]:
    """Seed 002 §4.1.16: "Un joueur qui change de place juste après avoir été au
    bouton peut ne pas jouer les coups dans les blinds qui suivent, puis réintégrer
    la partie après que le bouton soit passé sans avoir à placer un blind"."""
    table, seat = _cash_seat(state, command.player)
    require(seat not in table.sitting_out, "already_sitting_out")
    require(table.last_button == seat and seat not in table.after_button, "not_right_after_button")
    require(1 <= command.seat <= state.tables.seats_at(table.number), "no_such_seat")
    require(command.seat != seat, "move_to_another_seat")
    require(command.seat not in table.seats, "seat_taken", table=table.number, seat=command.seat)
    _require_free_to_move(state, command.player, (table.number, seat), (table.number, command.seat))
    move = Move(str(command.player), table.number, seat, table.number, command.seat)
    return [
        e.PlayerMoved(at=now, move=move, wait_hands=0),
        e.BlindsSatOut(at=now, player=command.player),
    ]


@handles(c.PostBlinds)
def _post(state: TournamentState, command: c.PostBlinds, now: Instant) -> list[e.Event]:
    table, seat = _cash_seat(state, command.player)
    require(seat not in table.sitting_out, "already_sitting_out")
    require(seat not in table.posted, "blinds_already_posted")
    level = clk.blinds_level(state.clock, state.structure, now)
    posting = blinds_to_post(table, seat, level)
    require(posting is not None, "nothing_to_post")
    assert posting is not None
    return [e.BlindsPosted(at=now, player=command.player, live=posting.live, dead=posting.dead)]


@handles(c.ChipRace)
def _chip_race(state: TournamentState, command: c.ChipRace, now: Instant) -> list[e.Event]:
    table = _table(state, command.table)
    structure = state.structure
    require(bool(structure.chips), "chip_set_missing")
    require(command.denomination in structure.chips, "chip_not_in_set", chip=command.denomination)
    following = next_chip(structure, command.denomination)
    require(following is not None, "chip_is_the_largest", chip=command.denomination)
    assert following is not None
    require(bool(command.holdings), "no_player_chosen")
    seat_of = {player: seat for seat, player in table.seats.items()}
    holdings = []
    for holding in command.holdings:
        seat = seat_of.get(holding.player)
        require(seat is not None, "player_not_at_table", table=command.table)
        assert seat is not None
        require(0 <= holding.chips <= MAX_RACE_CHIPS, "amount_too_large", row=seat)
        holdings.append(
            Holding(
                player=str(holding.player),
                seat=seat,
                chips=holding.chips,
                nothing_else=holding.nothing_else,
            )
        )
    result = race(
        holdings,
        denomination=command.denomination,
        next_denomination=following,
        rng=rng_for(state, now, f"race{command.table}"),
    )
    return [e.ChipRaced(at=now, table=command.table, result=result)]
