"""The display data as typed values and as the JSON a remote viewer receives:
typed sections for moves, payouts and final standings, the raw numbers behind
the texts, a versioned form that round-trips, and nothing private in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.app.files import structures
from director.app.views.display import (
    DISPLAY_VERSION,
    Blinds,
    DisplayData,
    FigureRow,
    MoreRow,
    MoveRow,
    NoteRow,
    PlaceRow,
    SectionKind,
    display_data,
    display_from_json,
    display_json,
)
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, Fee, MoneySettings, RebuyRule
from director.core.payouts import PayoutSettings
from director.core.players import Bust
from director.core.results import prize_amounts, propose_deal
from director.core.state import EventKind, TournamentState
from director.core.structure import AnteKind, Betting, Break, Level, Structure
from director.i18n import in_language, language
from tests.core.helpers import MIN, T0, created, run


def tournament(players: int = 12, *, paid: bool = True) -> TournamentState:
    state = created(structures.find("regular-5000").template.structure)
    money = MoneySettings(
        buy_in=2000,
        chips=5000,
        fee=Fee(fixed=200),
        bounty=500,
        rebuy=RebuyRule(price=2000, chips=5000, until_level=4),
    )
    state = run(state, c.SetMoneySettings(settings=money), T0)
    for number in range(1, players + 1):
        command = c.BuyIn(player=PlayerId(number), name=f"Player {number}", paid=paid)
        state = run(state, command, T0)
    state = run(state, c.SetTableOptions(seats_per_table=6), T0)
    state = run(state, c.DrawSeats(), T0)
    return run(state, c.StartClock(), T0)


def plain(value: object) -> bool:
    """Only what JSON holds: dicts with string keys, lists, str, int, bool, None."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or type(value) in (str, int, bool)


def keys_of(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_of(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_of(v) for v in value))
    return set()


def states() -> dict[str, tuple[TournamentState, int]]:
    """One state for every way the TV can look."""
    running = tournament()
    table_one = sorted(p for p, (t, _s) in running.tables.seated().items() if t == 1)
    moves = running
    for player in table_one[:2]:
        moves = run(moves, c.BustPlayers(busts=(Bust(player=player),)), T0 + MIN)
    limit = Structure(
        items=(
            Level(
                small_blind=50,
                big_blind=100,
                small_bet=100,
                big_bet=200,
                seconds=600,
                betting=Betting.LIMIT,
            ),
        )
    )
    hands = Structure(
        items=(
            Level(small_blind=25, big_blind=50, seconds=0, hands=10),
            Break(seconds=300),
            Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND),
        )
    )
    cash = created(kind=EventKind.CASH)
    cash = run(
        cash,
        c.SetCashSettings(settings=CashSettings(starts_at=T0, ends_at=T0 + 4 * 3600_000)),
        T0,
    )
    return {
        "running": (running, T0 + 5 * MIN + 300),
        "moves": (moves, T0 + 2 * MIN),
        "paused": (run(running, c.PauseClock(), T0 + MIN), T0 + 9 * MIN),
        "break": (running, T0 + 85 * MIN),
        "overtime": (running, T0 + 24 * 3600_000),
        "next hand (R9)": (running, T0 + 21 * MIN),
        "limit": (run(created(limit), c.StartClock(), T0), T0 + MIN),
        "hands": (run(run(created(hands), c.StartClock(), T0), c.NextHand(), T0), T0 + MIN),
        "cash": (cash, T0 + 30 * MIN),
        "not started": (created(structures.find("regular-5000").template.structure), T0),
        "no structure": (created(), T0),
        "finished": (finished_with_a_deal(), T0 + 200 * MIN),
    }


def finished_with_a_deal() -> TournamentState:
    state = tournament(8)
    moment = T0
    while len(state.alive()) > 1:
        moment += MIN
        alive = sorted(state.alive())
        if len(alive) == 3 and state.deal is None:
            stacks = {player: 1000 * (index + 1) for index, player in enumerate(alive)}
            deal = propose_deal(state, "chips", stacks)
            command = c.AcceptDeal(deal=deal, chips_difference_accepted=True)
            state = run(state, command, moment)
        command = c.BustPlayers(busts=(Bust(player=alive[0], eliminator=alive[-1]),))
        state = run(state, command, moment)
    return state


@pytest.mark.parametrize("name", sorted(states()))
def test_the_json_form_round_trips_through_json_text(name: str) -> None:
    state, now = states()[name]
    for seats in (False, True):
        data = display_data(state, now, show_seats=seats)
        payload = display_json(data)
        assert plain(payload)
        assert payload["format"] == "director-display" and payload["version"] == DISPLAY_VERSION
        assert payload["paused"] == data.paused
        text = json.dumps(payload, ensure_ascii=False)
        assert display_from_json(json.loads(text)) == data


def test_a_viewer_can_count_down_by_itself_and_knows_when_the_data_was_read() -> None:
    state, now = states()["running"]
    data = display_data(state, now)
    timing = data.timing
    assert timing.computed_at == now and data.running
    assert timing.remaining_ms == 15 * MIN - 300 and data.time_text == "15:00"
    assert timing.ends_at == now + timing.remaining_ms == T0 + 20 * MIN
    assert timing.until_break_ms == 75 * MIN - 300
    assert data.level == 1 and data.blinds == Blinds(small_blind=25, big_blind=50)
    assert data.next_blinds == Blinds(small_blind=50, big_blind=100) and data.next_hand is None
    paused = display_data(*states()["paused"])
    assert paused.paused and paused.timing.ends_at is None
    assert paused.timing.remaining_ms == 19 * MIN
    overtime = display_data(*states()["overtime"])
    assert overtime.timing.ends_at is None and overtime.timing.overtime_ms > 0
    pending = display_data(*states()["next hand (R9)"])
    assert pending.blinds == Blinds(small_blind=25, big_blind=50)
    assert pending.next_hand == Blinds(small_blind=50, big_blind=100) and pending.level == 2
    hands = display_data(*states()["hands"])
    assert (hands.timing.hand, hands.timing.hands, hands.timing.remaining_ms) == (1, 10, None)


def test_the_room_figures_are_numbers_in_minor_units() -> None:
    state, now = states()["running"]
    room = display_data(state, now).room
    assert (room.players_left, room.entries) == (12, 12)
    assert room.average_stack == 5000 and room.average_big_blinds == 100
    # Twelve buy-ins of 20.00, less the 2.00 fee and the 5.00 bounty of each.
    assert room.prize_pool == 12 * (2000 - 200 - 500) and room.currency == "EUR"
    assert room.payouts == tuple(a for a in prize_amounts(state) if a)
    assert sum(room.payouts) == room.prize_pool
    assert room.bounty_pool == 12 * 500 and room.rebuys_open is True
    assert room.chips_in_play == 12 * 5000


def test_payouts_are_typed_rows_with_the_bubble_as_a_note() -> None:
    state = tournament(100)
    alive = sorted(state.alive())
    paid = len([a for a in prize_amounts(state) if a])
    for player in alive[: len(alive) - paid - 1]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0 + MIN)
    state = run(state, c.ConfirmAllMoves(), T0 + MIN)
    data = display_data(state, T0 + 10 * MIN)
    (payouts,) = [s for s in data.sections if s.kind is SectionKind.PAYOUTS]
    places = [row for row in payouts.rows if isinstance(row, PlaceRow)]
    assert [row.place for row in places] == list(range(1, min(paid, 10) + 1))
    assert places[0].text == f"1. €{places[0].amount // 100:,}.{places[0].amount % 100:02d}"
    assert all(row.name == "" for row in places)
    assert paid > 10 and payouts.rows[10] == MoreRow(f"… {paid} places paid", paid)
    assert payouts.rows[-1] == NoteRow("Bubble: next out wins nothing", "bubble")
    assert data.room.to_the_money == 1 and data.room.bubble == "Bubble: next out wins nothing"
    (figures,) = [s for s in data.sections if s.kind is SectionKind.FIGURES]
    assert all(isinstance(row, FigureRow) for row in figures.rows)


def test_table_moves_are_typed_rows_first_in_the_side_column() -> None:
    state, now = states()["moves"]
    data = display_data(state, now)
    assert [s.kind for s in data.sections] == [
        SectionKind.MOVES,
        SectionKind.PAYOUTS,
        SectionKind.FIGURES,
    ]
    (move,) = state.tables.pending
    (row,) = data.sections[0].rows
    assert row == MoveRow(
        name=state.player_name(move.player),
        from_table=move.from_table,
        from_seat=move.from_seat,
        to_table=move.to_table,
        to_seat=move.to_seat,
        destination=f"table {move.to_table}, seat {move.to_seat}",
    )


def test_the_final_standings_are_typed_rows_with_names_and_prizes() -> None:
    state, now = states()["finished"]
    data = display_data(state, now)
    assert data.finished and data.timing.computed_at == now and data.timing.ends_at is None
    (standings,) = data.sections
    assert standings.kind is SectionKind.STANDINGS
    places = [row for row in standings.rows if isinstance(row, PlaceRow)]
    assert [row.place for row in places] == list(range(1, len(places) + 1))
    assert places[0].name == data.time_text and places[0].amount > 0
    assert standings.rows[-1] == NoteRow("Deal made", "deal")
    assert data.room.payouts == tuple(row.amount for row in places if row.amount)


def test_nothing_private_goes_to_the_room(tmp_path: Path, clock) -> None:
    """No contact details, no money owed, no fees: the page is public in the room."""
    from director.app.club.roster import Roster
    from director.app.storage.library import Library
    from director.persistence.db import open_database

    database = open_database(tmp_path / "private.db")
    roster = Roster(database, clock=clock)
    session = Library(database, clock=clock).create("Private night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    money = MoneySettings(buy_in=1337, chips=5000, fee=Fee(fixed=111))
    session.dispatch(c.SetMoneySettings(settings=money))
    for number in range(1, 7):
        person = roster.add(
            f"Player {number}", contact=f"player{number}@example.org +33 6 12 34 56 7{number}"
        )
        # Half of them have not paid yet: they owe 13.37 each.
        session.dispatch(c.BuyIn(player=person.id, name=person.name, paid=number % 2 == 0))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.StartClock())
    state = session.state
    assert sum(entrant.owed for entrant in state.players.values()) == 3 * 1337
    for seats in (False, True):
        payload = display_json(display_data(state, clock.now, show_seats=seats))
        text = json.dumps(payload, ensure_ascii=False)
        assert "@" not in text and "+33" not in text and "example" not in text
        assert not {k for k in keys_of(payload) if "owe" in k or "fee" in k or "contact" in k}
        numbers = json.dumps(payload)
        assert str(3 * 1337) not in numbers and "111" not in numbers
    session.close()
    database.close()


def test_every_field_of_the_json_form_is_known() -> None:
    """What the room receives is a decision: a new field must be added here on purpose."""
    every: set[str] = set()
    many_paid = (tournament(100), T0 + MIN)  # more places paid than the TV lists
    for state, now in [*states().values(), many_paid]:
        every |= keys_of(display_json(display_data(state, now, show_seats=True)))
    assert every == {
        "format", "version", "paused", "display", "type",
        "event_name", "level_label", "time_text", "time_caption", "blinds_text", "ante_text",
        "pending_text", "next_text", "note", "started", "running", "on_break", "overtime",
        "hands_level", "stats", "caption", "value", "key", "sections", "kind", "title", "rows",
        "name", "from_table", "from_seat", "to_table", "to_seat", "destination", "done",
        "place", "amount", "text", "figures", "money", "count", "finished", "level", "blinds",
        "small_blind", "big_blind", "ante", "ante_kind", "small_bet", "big_bet", "next_hand",
        "next_blinds", "timing", "computed_at", "remaining_ms", "ends_at", "overtime_ms",
        "until_break_ms", "hand", "hands", "cash_ends_at", "room", "players_left", "entries",
        "average_stack", "average_big_blinds", "prize_pool", "currency", "payouts",
        "to_the_money", "bubble", "rebuys", "addons", "chips_in_play", "bounty_pool",
        "rebuys_open", "seats", "table", "seat", "show_seats", "message", "language",
        # Issue 21: each level's betting, the host's added money and guarantee, a
        # chip's colour (#rrggbb, painted as a swatch: public, as the chips are).
        "betting", "added_money", "guarantee", "colour",
        # Issue 37: the add-on on offer at its break (its chips and price, as the
        # re-buys' are public).
        "addon_text",
        # Issue 34: the planned start the viewers count down to (public: the room
        # sees "Starts in").
        "starts_at",
        # Issue 34: the shot clocks on the TV (a player's name and seat, as the seat
        # draw shows them; the seconds left, the time-bank chips left).
        "shot_clocks",
    }  # fmt: skip


@pytest.mark.parametrize(
    "payload",
    [
        None,
        [],
        {"format": "something else", "version": 1, "display": {}},
        {"format": "director-display", "version": DISPLAY_VERSION + 1, "display": {}},
        {"format": "director-display", "version": DISPLAY_VERSION, "display": {"x": 1}},
        {"format": "director-display", "version": DISPLAY_VERSION, "display": "text"},
    ],
)
def test_anything_else_is_refused_clearly(payload: object) -> None:
    with pytest.raises(ValueError):
        display_from_json(payload)


def test_a_damaged_row_is_refused() -> None:
    state, now = states()["moves"]
    payload = display_json(display_data(state, now))
    payload["display"]["sections"][0]["rows"][0]["type"] = "NoSuchRow"
    with pytest.raises(ValueError, match="damaged display"):
        display_from_json(payload)
    payload["display"]["sections"][0]["rows"][0]["type"] = "MoveRow"
    payload["display"]["sections"][0]["rows"][0]["to_seat"] = "5"
    with pytest.raises(ValueError, match="damaged display"):
        display_from_json(payload)


def test_data_in_french_without_changing_the_apps_language() -> None:
    state, now = states()["running"]
    english = display_data(state, now)
    with in_language("fr") as chosen:
        assert chosen == "fr"
        french = display_data(state, now)
    assert language() == "en"
    assert french.language == "fr" and french.level_label == "Niveau 1"
    assert french.room.prize_pool == english.room.prize_pool
    pool = next(stat for stat in french.stats if stat.key == "prize_pool")
    assert pool.value.endswith("\u00a0€")
    assert display_data(state, now) == english


def test_equal_data_is_the_same_screen_whatever_instant_it_was_read() -> None:
    state, now = states()["running"]
    first = display_data(state, now)
    later = display_data(state, now + 200)
    assert first != later and first.same_screen(later) and later.same_screen(first)
    assert not first.same_screen(display_data(state, now + 1000))
    assert not first.same_screen(None)
    assert isinstance(first, DisplayData)


def test_a_payout_table_of_fixed_amounts_shows_as_set() -> None:
    state = tournament(12)
    settings = PayoutSettings(mode="fixed", amounts=(10000, 5600))
    state = run(state, c.SetPayouts(settings=settings), T0)
    data = display_data(state, T0 + MIN)
    assert data.room.payouts == (10000, 5600)
    (payouts,) = [s for s in data.sections if s.kind is SectionKind.PAYOUTS]
    assert [(row.place, row.amount) for row in payouts.rows] == [(1, 10000), (2, 5600)]
