"""The state of an event as a JSON document, for ``director status --json``.

Each part of the product adds its own section here, built from the state
(never from the screen), so scripts see what the organizer sees.
"""

from __future__ import annotations

import datetime
from typing import Any

from director.app.night.session import TournamentSession
from director.core import clock as clk
from director.core.bounties import bounty_book
from director.core.ids import Instant
from director.core.ledger import figures, settle
from director.core.money import MYSTERY, PROGRESSIVE
from director.core.periods import rebuys_open
from director.core.prize_pool import prize_pool
from director.core.standings import places
from director.core.state import Status, TournamentState
from director.core.structure import Break, Level
from director.core.tables import Posting, TableState, blinds_to_post


def iso_moment(epoch_ms: int) -> str | None:
    """Epoch milliseconds as an ISO 8601 moment in UTC (None for a moment no calendar
    holds, which only a damaged log can give)."""
    try:
        moment = datetime.datetime.fromtimestamp(epoch_ms / 1000, tz=datetime.UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return moment.isoformat(timespec="seconds")


def _level(level: Level | None, number: int | None = None) -> dict[str, Any] | None:
    if level is None:
        return None
    document: dict[str, Any] = {
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "ante_kind": level.ante_kind.value,
        "betting": level.betting.value,
    }
    if level.small_bet:
        document["small_bet"] = level.small_bet
        document["big_bet"] = level.big_bet
    if number is not None:
        document["level"] = number
    return document


def clock_section(state: TournamentState, now: Instant) -> dict[str, Any]:
    """The clock at ``now``: level, blinds in force, seconds left, paused or not."""
    view = clk.view(state.clock, state.structure, now)
    item = view.item
    seconds_left = None if view.remaining is None else -(-view.remaining // 1000)
    plan = clk.schedule(state.clock, state.structure, now)
    return {
        "starts_at": None if plan.starts_at is None else iso_moment(plan.starts_at),
        "starts_by_itself": state.clock.auto_start and not view.started,
        "estimated_end": None if plan.end is None else iso_moment(plan.end),
        "schedule": [
            {
                "item_index": index,
                "kind": "break" if isinstance(scheduled, Break) else "level",
                "level": state.structure.level_number(index)
                if isinstance(scheduled, Level)
                else None,
                "starts_at": None if starts is None else iso_moment(starts),
            }
            for index, (scheduled, starts) in enumerate(
                zip(state.structure.items, plan.starts, strict=True)
            )
        ],
        "started": view.started,
        "running": view.running,
        "paused": view.started and not view.running,
        "on_break": isinstance(item, Break),
        "level": view.level_number if isinstance(item, Level) else None,
        "item_index": view.index,
        "seconds_left": seconds_left,
        "overtime_seconds": view.overtime // 1000,
        "hands_in_level": view.hands if isinstance(item, Level) and not item.timed else None,
        "blinds": _level(view.in_force),
        "next_hand": _level(view.pending),
        "next_level": _level(view.next_level, view.next_level_number),
        "seconds_to_break": None if view.until_break is None else view.until_break // 1000,
        "new_levels_apply": state.clock.applies.value,
    }


def status_document(session: TournamentSession) -> dict[str, Any]:
    """The event's current state, for scripts."""
    state = session.state
    now = Instant(session.now())
    return {
        "id": session.tournament_id,
        "name": state.name,
        "kind": state.kind.value,
        # A planned start that came runs the clock before an event says so.
        "status": Status.RUNNING.value
        if state.status is Status.SETUP and clk.effective(state.clock, now).started
        else state.status.value,
        "finished": state.status is Status.FINISHED,
        "winner": winner_of(state),
        "archived": state.archived,
        "created": iso_moment(state.created_at),
        "date": state.event_date or None,
        "venue": state.venue or None,
        "clock": clock_section(state, now),
        **money_section(state, now),
        "tables": tables_section(state, now),
        "payouts": payouts_section(state),
    }


def winner_of(state: TournamentState) -> dict[str, Any] | None:
    """The winner of a finished event, with the prize actually won (a deal included)."""
    from director.core.results import player_results

    if state.status is not Status.FINISHED:
        return None
    for result in player_results(state):
        if result.place is not None and result.place.best == 1:
            return {"player": result.player, "name": result.name, "prize": result.prize}
    return None


def payouts_section(state: TournamentState) -> dict[str, Any]:
    """Paid places and amounts, the bubble, the deal, and each player's result."""
    from director.core.results import bubble, player_results, prize_amounts

    if state.is_cash:
        return {}
    amounts = prize_amounts(state)
    near = bubble(state)
    deal = state.deal
    return {
        "mode": state.payout.mode,
        "unit": state.payout.unit,
        "places": [{"place": n, "amount": a} for n, a in enumerate(amounts, start=1)],
        "to_the_money": near.to_the_money,
        "deal": None
        if deal is None
        else {
            "method": deal.method,
            "kept_aside": deal.kept_aside,
            "shares": [
                {"player": s.player, "amount": s.amount, "stack": s.stack} for s in deal.shares
            ],
        },
        "results": [
            {
                "player": r.player,
                "name": r.name,
                "place": r.place.best if r.place else None,
                "prize": r.prize,
                "bounties": r.bounties,
                "knockouts": r.knockouts,
                "bought": r.bought,
                "net": r.net,
                "paid_out": r.paid_out,
                "due": r.due,
            }
            for r in player_results(state)
        ],
    }


def _owner(state: TournamentState, table: TableState, seat: int) -> dict[str, Any] | None:
    """Seed 002 §4.1.6: the away player whose seat is played over; ``back``: he
    takes it again when the hand is over."""
    record = table.over.get(seat)
    if record is None:
        return None
    return {
        "player": record.owner,
        "name": state.player_name(record.owner),
        "back": record.back,
    }


def _posting(posting: Posting | None) -> dict[str, int] | None:
    return None if posting is None else {"live": posting.live, "dead": posting.dead}


def tables_section(state: TournamentState, now: Instant | None = None) -> dict[str, Any]:
    """Every table with its seats, the button and the blinds; moves waiting; what
    players owe or posted (cash game); the chip races run."""
    tables = state.tables
    level = clk.blinds_level(state.clock, state.structure, now or state.clock.anchor)

    listed = []
    for table in sorted(tables.tables.values(), key=lambda t: t.number):
        positions = table.positions
        listed.append(
            {
                "number": table.number,
                "name": tables.setup(table.number).name,
                "seat_count": tables.seats_at(table.number),
                "seats": [
                    {
                        "seat": seat,
                        "player": player,
                        "name": state.player_name(player),
                        "dealt_out": seat in table.dealt_out,
                        "away": seat in table.sitting_out,
                        "waiting_for_big_blind": seat in table.waiting,
                        "owes": _posting(
                            blinds_to_post(table, seat, level)
                            if seat in table.owes_big or seat in table.owes_small
                            else None
                        ),
                        "posted": _posting(table.posted.get(seat)),
                        # Seed 002 §4.1.11: dealt in by mistake, posts on this hand.
                        "posts_this_hand": seat in table.must_post,
                        # §4.1.16: sits out the blinds until the button passes.
                        "sits_out_blinds": seat in table.after_button,
                        # §4.1.6: the away player whose seat this player plays.
                        "plays_over_for": _owner(state, table, seat),
                    }
                    for seat, player in sorted(table.seats.items())
                ],
                "button": positions.button if positions else None,
                "small_blind": positions.small_blind if positions else None,
                "big_blind": positions.big_blind if positions else None,
                "dead_button": bool(positions and positions.button not in table.seats),
                "dead_small_blind": bool(positions and positions.small_blind not in table.seats),
                "hands": table.hands,
                # R9: the blinds of the hand last dealt here (another table may
                # already play the next level); R27: a table that finished the
                # hand-for-hand hand waits, no hand going on, its next hand dealt
                # with the others'.
                "hand_blinds": _level(table.hand_level),
                "hand_since": None
                if table.hand_since is None or tables.waits(table.number)
                else iso_moment(table.hand_since),
                "waiting": tables.waits(table.number),
            }
        )
    return {
        "seats_per_table": tables.seats_per_table,
        "button_rule": tables.method,
        "hand_for_hand": tables.hand_for_hand,
        "still_playing": list(tables.still_playing()),
        "break_order": list(tables.break_order),
        "tables": listed,
        # Issue 34: each table's name, own seats, locked and reserved seats, set
        # before or after the draw.
        "layout": [
            {
                "table": number,
                "name": setup.name,
                "seats": tables.seats_at(number),
                "locked_seats": sorted(setup.locked),
                "reserved_seats": [
                    {"seat": seat, "player": int(player), "name": state.player_name(player)}
                    for seat, player in sorted(setup.reserved.items())
                ],
            }
            for number, setup in sorted(tables.setups.items())
        ],
        "pending_moves": [
            {
                "player": int(move.player),
                "name": state.player_name(move.player),
                "from_table": move.from_table,
                "from_seat": move.from_seat,
                "to_table": move.to_table,
                "to_seat": move.to_seat,
            }
            for move in tables.pending
        ],
        "chip_races": [
            {
                "table": record.table,
                "at": iso_moment(record.at),
                "chip": record.result.denomination,
                "into": record.result.next_denomination,
                "raced": record.result.raced,
                "players": [
                    {
                        "player": int(entry.player),
                        "name": state.player_name(entry.player),
                        "chips": entry.chips,
                        "odd": entry.odd,
                        "cards": list(entry.cards),
                        "won": entry.won,
                        "kept_in": entry.kept_in,
                    }
                    for entry in record.result.entries
                ],
            }
            for record in tables.races
        ],
    }


def bounties_section(state: TournamentState) -> dict[str, Any]:
    """The kind of bounty and its money: won, unclaimed, still held; the envelopes."""
    book = bounty_book(state)
    settings = state.money.bounties
    section: dict[str, Any] = {
        "kind": settings.kind,
        "pool": book.pool,
        "paid": book.paid,
        "unclaimed": book.unclaimed,
        "held": book.held,
    }
    if settings.kind == PROGRESSIVE:
        section["cash_share_bp"] = settings.cash_share_bp
    if settings.kind == MYSTERY:
        section["envelopes_left"] = list(book.envelopes_left)
        section["draws"] = [
            {"busted": draw.busted, "amount": draw.amount, "at": draw.at} for draw in state.draws
        ]
    return section


def money_section(state: TournamentState, now: Instant) -> dict[str, Any]:
    """Entries, players left, prize pool and the other live figures; the players."""
    numbers = figures(state.players, state.ledger)
    pool = prize_pool(state)
    book = bounty_book(state)
    ranked = places(state.alive(), state.busts)
    players = []
    for entrant in state.players.values():
        place = ranked.get(entrant.player)
        players.append(
            {
                "id": entrant.player,
                "name": entrant.name,
                "status": entrant.status.value,
                "entries": entrant.entries,
                "rebuys": entrant.rebuys,
                "addons": entrant.addons,
                "paid": entrant.paid,
                "owed": entrant.owed,
                "chips_bought": entrant.chips,
                "place": None if place is None else place.best,
                "place_tied_to": None if place is None or not place.tied else place.worst,
                "bounty": book.on_head.get(entrant.player, 0),
                "bounties_won": book.won.get(entrant.player, 0),
            }
        )
    document: dict[str, Any] = {
        "entries": numbers.entries,
        "players": numbers.players,
        "players_left": numbers.players_left,
        "rebuys": numbers.rebuys,
        "addons": numbers.addons,
        "chips_in_play": numbers.chips_in_play,
        "average_stack": numbers.average_stack,
        "prize_pool": pool.total,
        "prize_pool_from_players": pool.collected,
        "added_money": pool.added,
        "guarantee": pool.guarantee,
        "overlay": pool.overlay,
        "bounty_pool": numbers.bounty_pool,
        "bounties": bounties_section(state),
        "fees": numbers.fees,
        "season_pot": numbers.season_pot,
        "owed": numbers.owed,
        "money_in": numbers.money_in,
        "money_out": numbers.money_out,
        "rebuys_open": rebuys_open(state, now),
        "player_list": players,
    }
    rule = state.money.rebuy
    if rule is not None:
        document["rebuys_end"] = {
            "level": rule.until_level,
            "after_break": rule.through_break,
        }
    if state.is_cash:
        result = settle(state.players, state.ledger)
        document["settlement"] = {
            "chips_sold": result.chips_sold,
            "chips_returned": result.chips_returned,
            "chip_difference": result.chip_difference,
            "bank_holds": result.bank_holds,
            "nets": {str(r.player): r.net for r in result.results},
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount} for p in result.payments
            ],
        }
    return document
