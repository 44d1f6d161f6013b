"""What the clock display shows, from the state and the time: the texts ready to
paint and the typed values behind them.

The TV window, the console's clock page and the seat draw show this, and a remote
viewer gets it as JSON (``display_json``); ``director.app.views.feed`` works it out once
per shown second for all of them. The side column is typed sections (table moves,
the chip race's result, payouts, bounties, figures, chips in play, final
standings) of typed rows, so no view parses text; the raw numbers (time left and
the instant it was read, blinds, players, prize pool, paid places) let a viewer
count down by itself between two pushes.

Everything here may be seen by the whole room: no contact details, no money owed,
no fees (those stay on the console).

The typed values are ``display_data``'s, the texts ``display_texts``', the JSON form
``display_json``'s; this module puts them together (``display_data()``) and every
name stays importable from here.
"""

from __future__ import annotations

from dataclasses import replace

from director import i18n
from director.app.views import format_display as formats
from director.app.views.display_data import (
    ELEMENT_STATS,
    NEVER,
    Blinds,
    DisplayData,
    Figure,
    FigureRow,
    LeagueRow,
    MoreRow,
    MoveRow,
    NoteRow,
    PlaceRow,
    RaceRow,
    Room,
    Row,
    SeatRow,
    Section,
    SectionKind,
    ShotRow,
    Stat,
    Timing,
)
from director.app.views.display_json import (
    DISPLAY_FORMAT,
    DISPLAY_VERSION,
    display_from_json,
    display_json,
)
from director.app.views.display_texts import (
    BUBBLE_NEAR,
    SENTENCE_ENDS,
    announcement,
    ante_text,
    betting_name,
    betting_text,
    blinds_text,
    break_note,
    bubble_text,
    eliminator_choices,
    level_summary,
    mixed_betting,
    move_text,
    note_text,
    paused_status,
    sentences,
)
from director.core import clock as clk
from director.core import shot_clock
from director.core.chip_race import chips_going
from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant
from director.core.ledger import Figures, figures
from director.core.money import MYSTERY
from director.core.periods import addon_open, late_registration_open, rebuys_open
from director.core.prize_pool import PrizePool, prize_pool
from director.core.results import Bubble, PlayerResult, player_results, prize_amounts
from director.core.state import Status, TournamentState
from director.core.structure import Break, Level, Structure
from director.core.tables import RECENT_MOVE_MS, TableRace
from director.core.text import name_order
from director.i18n import _, format_clock, format_money, format_number, format_time

__all__ = [
    "BUBBLE_NEAR",
    "DISPLAY_FORMAT",
    "DISPLAY_VERSION",
    "ELEMENT_STATS",
    "NEVER",
    "SENTENCE_ENDS",
    "Blinds",
    "DisplayData",
    "Figure",
    "FigureRow",
    "LeagueRow",
    "MoreRow",
    "MoveRow",
    "NoteRow",
    "PlaceRow",
    "RaceRow",
    "Room",
    "Row",
    "SeatRow",
    "Section",
    "SectionKind",
    "ShotRow",
    "Stat",
    "StateParts",
    "Timing",
    "addon_offer",
    "addon_stat",
    "announcement",
    "ante_text",
    "betting_name",
    "betting_text",
    "blinds_text",
    "bounties_section",
    "break_note",
    "bubble_text",
    "chip_race_section",
    "chips_section",
    "display_data",
    "display_from_json",
    "display_json",
    "eliminator_choices",
    "figures_section",
    "final_display",
    "final_standings",
    "hand_for_hand_section",
    "host_money_rows",
    "late_registration_stat",
    "level_summary",
    "mixed_betting",
    "move_text",
    "moves_section",
    "next_display_change",
    "note_text",
    "paused_status",
    "payouts_section",
    "seat_rows",
    "sentences",
    "shot_rows",
    "standings_section",
    "state_parts",
]


def moves_section(state: TournamentState, now: Instant) -> Section | None:
    """Table moves to make, then those made in the last two minutes."""
    tables = state.tables
    recent = [r.move for r in tables.recent if 0 <= now - r.at < RECENT_MOVE_MS]
    moves = [*tables.pending, *(m for m in recent if m not in tables.pending)]
    if not moves:
        return None
    rows: list[Row] = [
        MoveRow(
            name=state.player_name(move.player),
            from_table=move.from_table,
            from_seat=move.from_seat,
            to_table=move.to_table,
            to_seat=move.to_seat,
            destination=_("table {table}, seat {seat}").format(
                table=move.to_table, seat=move.to_seat
            ),
            done=move not in tables.pending,
        )
        for move in moves
    ]
    return Section(SectionKind.MOVES, _("Table moves"), tuple(rows))


def hand_for_hand_section(state: TournamentState) -> Section | None:
    """R27: in hand-for-hand, the tables still playing the hand and those waiting."""
    tables = state.tables
    if not tables.hand_for_hand:
        return None
    playing = tables.still_playing()
    waiting = sorted(n for n in tables.round_done if n in tables.tables and n not in playing)
    rows: tuple[Row, ...] = tuple(
        NoteRow(text.format(tables=", ".join(str(number) for number in numbers)), key)
        for text, numbers, key in (
            (_("Tables playing: {tables}"), playing, "playing"),
            (_("Tables waiting: {tables}"), waiting, "waiting"),
        )
        if numbers
    )
    title = _("Hand-for-hand · hand {round}").format(round=tables.round)
    return Section(SectionKind.HAND_FOR_HAND, title, rows)


def payouts_section(
    state: TournamentState, amounts: list[int] | None = None, *, most: int = 10
) -> Section | None:
    """The paid places and amounts, and how close the bubble is."""
    if amounts is None:
        amounts = prize_amounts(state)
    paid = [amount for amount in amounts if amount]
    if not paid:
        return None
    rows: list[Row] = [
        PlaceRow(
            place=place,
            amount=amount,
            text=_("{place}. {amount}").format(place=place, amount=format_money(amount)),
        )
        for place, amount in enumerate(paid[:most], start=1)
    ]
    if len(paid) > most:
        rows.append(MoreRow(_("… {count} places paid").format(count=len(paid)), len(paid)))
    near = bubble_text(state, Bubble(paid=len(amounts), left=len(state.alive())))
    if near:
        rows.append(NoteRow(near, "deal" if state.deal is not None else "bubble"))
    return Section(SectionKind.PAYOUTS, _("Payouts"), tuple(rows))


def figures_section(state: TournamentState, numbers: Figures) -> Section | None:
    """The room's other figures: re-buys and add-ons, chips in play, bounty pool.

    Fees and money still owed are the organizer's business and stay on the console.
    """
    if not numbers.entries:
        return None
    rows: list[Row] = []
    money = state.money
    rebuys = Figure("rebuys", numbers.rebuys)
    addons = Figure("addons", numbers.addons)
    if money.rebuy is not None and money.addon is not None:
        text = _("Re-buys {rebuys} · add-ons {addons}").format(
            rebuys=format_number(numbers.rebuys), addons=format_number(numbers.addons)
        )
        rows.append(FigureRow(text, (rebuys, addons)))
    elif money.rebuy is not None:
        text = _("Re-buys {rebuys}").format(rebuys=format_number(numbers.rebuys))
        rows.append(FigureRow(text, (rebuys,)))
    elif money.addon is not None:
        text = _("Add-ons {addons}").format(addons=format_number(numbers.addons))
        rows.append(FigureRow(text, (addons,)))
    chips = _("Chips {chips}").format(chips=format_number(numbers.chips_in_play))
    rows.append(FigureRow(chips, (Figure("chips", numbers.chips_in_play),)))
    if numbers.bounty_pool:
        text = _("Bounties {amount}").format(amount=format_money(numbers.bounty_pool))
        rows.append(FigureRow(text, (Figure("bounties", numbers.bounty_pool, money=True),)))
    return Section(SectionKind.FIGURES, _("Figures"), tuple(rows))


def bounties_section(state: TournamentState) -> Section | None:
    """Each player's current bounty, largest first (progressive knockout), or the
    mystery envelopes left, the last drawn and when the draws begin."""
    title = formats.bounties_title(state)
    if not title:
        return None
    rows: list[Row] = []
    if state.money.bounties.kind == MYSTERY:
        for key, text, value in formats.mystery_rows(state):
            if key in ("envelope", "mystery"):
                rows.append(NoteRow(text, key))
            else:
                rows.append(FigureRow(text, (Figure(key, value, money=key == "largest"),)))
    else:
        for text, amount in formats.head_rows(state):
            rows.append(FigureRow(text, (Figure("bounty", amount, money=True),)))
    return Section(SectionKind.BOUNTIES, title, tuple(rows)) if rows else None


def host_money_rows(state: TournamentState) -> tuple[Row, ...]:
    """The host's money among the figures: added money and the guarantee."""
    return tuple(
        FigureRow(text, (Figure(key, amount, money=True),))
        for key, text, amount in formats.pool_rows(state)
    )


def chips_section(state: TournamentState, now: Instant) -> Section | None:
    """The chips still on the table at the current level, with their colours (R28)."""
    rows = formats.chip_rows(state, now)
    if not rows:
        return None
    return Section(
        SectionKind.CHIPS,
        _("Chips in play"),
        tuple(FigureRow(text, (Figure("chip", chip, colour=paint),)) for text, chip, paint in rows),
    )


def final_standings(state: TournamentState) -> list[PlayerResult]:
    """The places of a finished event with the prizes actually won (a deal
    included), best first: every paid player, at least the first three."""
    placed = [result for result in player_results(state) if result.place is not None]
    paid = [result for result in placed if result.prize > 0]
    return paid if len(paid) >= 3 else placed[: max(3, len(paid))]


def standings_section(state: TournamentState, standings: list[PlayerResult]) -> Section:
    """The final standings with the prizes won, and whether a deal was made."""
    most = 10
    rows: list[Row] = []
    for result in standings[:most]:
        assert result.place is not None
        line = _("{place}. {name}").format(place=result.place.best, name=result.name)
        if result.prize:
            line = _("{line} · {amount}").format(line=line, amount=format_money(result.prize))
        rows.append(PlaceRow(result.place.best, result.prize, line, result.name))
    if len(standings) > most:
        rows.append(
            MoreRow(_("… {count} places paid").format(count=len(standings)), len(standings))
        )
    if state.deal is not None:
        rows.append(NoteRow(_("Deal made"), "deal"))
    return Section(SectionKind.STANDINGS, _("Final standings"), tuple(rows))


def seat_rows(state: TournamentState) -> tuple[SeatRow, ...]:
    """Every seated player, by name, with "Table 2 · Seat 5" (or the table's name):
    the seat draw for the TV."""
    # table_texts draws on this module's level summary: imported here, not above.
    from director.app.views.table_texts import seat_label

    rows = [
        SeatRow(
            name=state.player_name(player),
            table=table,
            seat=seat,
            text=seat_label(state.tables, table, seat),
        )
        for player, (table, seat) in state.tables.seated().items()
    ]
    return tuple(sorted(rows, key=lambda row: name_order(row.name)))


def shot_rows(state: TournamentState, now: Instant) -> tuple[ShotRow, ...]:
    """The shot clocks on the screens at ``now``, by table (see ``core.shot_clock``)."""
    from director.app.views.table_texts import seat_label, table_label

    shots = state.shot_clocks
    rows = []
    for shot in shots.shown(now):
        where = state.tables.where(shot.player)
        seat = where[1] if where is not None and where[0] == shot.table else None
        place = (
            seat_label(state.tables, shot.table, seat)
            if seat is not None
            else table_label(state.tables, shot.table)
        )
        rows.append(
            ShotRow(
                table=shot.table,
                name=state.player_name(shot.player),
                place=place,
                seconds=shot.shown_seconds(now),
                ends_at=shot.ends_at,
                warning=shot.warning(now),
                over=shot.remaining_ms(now) == 0,
                banks_left=shots.banks_left(shot.player),
            )
        )
    return tuple(rows)


# -- what only the state decides -----------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class StateParts(Record):
    """What the display shows that the state alone decides, not the time: worked out
    once per change (``state_parts``) and reused for every second until the next."""

    numbers: Figures
    amounts: tuple[int, ...]
    bubble: Bubble
    bubble_text: str
    sections: tuple[Section, ...]
    """The payouts and the figures (the moves, which expire, come per second)."""
    seats: tuple[SeatRow, ...]
    final: DisplayData | None = None
    language: str = "en"
    currency: str = ""
    pool: PrizePool = PrizePool(collected=0)
    """The prize pool with the host's money (added, guarantee)."""


def state_parts(state: TournamentState) -> StateParts:
    """The time-free parts of the display of ``state``, in the current language."""
    numbers = figures(state.players, state.ledger)
    amounts = [] if state.is_cash else prize_amounts(state)
    near = Bubble(paid=len(amounts), left=len(state.alive()))
    sections: list[Section] = []
    if not state.is_cash and state.players:
        room_figures = figures_section(state, numbers)
        if room_figures is not None:
            room_figures = evolve(room_figures, rows=room_figures.rows + host_money_rows(state))
        for section in (payouts_section(state, amounts), bounties_section(state), room_figures):
            if section is not None:
                sections.append(section)
    parts = StateParts(
        numbers=numbers,
        amounts=tuple(amounts),
        bubble=near,
        bubble_text=bubble_text(state, near),
        sections=tuple(sections),
        seats=seat_rows(state),
        language=i18n.language(),
        currency=i18n.currency(),
        pool=prize_pool(state),
    )
    if state.status is Status.FINISHED and not state.is_cash:
        parts = replace(parts, final=final_display(state, parts=parts))
    return parts


def _room(parts: StateParts, in_force: Level | None, open_now: bool | None) -> Room:
    numbers = parts.numbers
    big_blind = in_force.big_blind if in_force is not None else 0
    return Room(
        players_left=numbers.players_left,
        entries=numbers.entries,
        average_stack=numbers.average_stack,
        average_big_blinds=numbers.average_stack // big_blind if big_blind else None,
        prize_pool=parts.pool.total,
        added_money=parts.pool.added,
        guarantee=parts.pool.guarantee,
        currency=parts.currency,
        payouts=tuple(amount for amount in parts.amounts if amount),
        to_the_money=parts.bubble.to_the_money if parts.bubble.paid else 0,
        bubble=parts.bubble_text,
        rebuys=numbers.rebuys,
        addons=numbers.addons,
        chips_in_play=numbers.chips_in_play,
        bounty_pool=numbers.bounty_pool,
        rebuys_open=open_now,
    )


# -- the display at one instant -------------------------------------------------------


def display_data(
    state: TournamentState,
    now: Instant,
    *,
    parts: StateParts | None = None,
    show_seats: bool = False,
    view: clk.ClockView | None = None,
) -> DisplayData:
    """The clock display's content at ``now``, in the current language.

    ``parts`` are ``state_parts(state)`` when the caller keeps them between
    seconds (they must be of this state and language); ``show_seats`` puts the
    seat draw on the TV instead of the clock; ``view`` is the clock read at
    ``now``, when the caller has just read it.
    """
    if parts is None or parts.language != i18n.language() or parts.currency != i18n.currency():
        parts = state_parts(state)
    if parts.final is not None:
        return evolve(parts.final, timing=Timing(computed_at=now), message=state.room_message)
    structure = state.structure
    if view is None:
        view = clk.view(state.clock, structure, now)
    item = view.item
    mixed = mixed_betting(structure)
    level_label = time_caption = blinds = ante = pending = next_text = note = ""
    hands_level = False
    if item is None and state.is_cash:
        level_label = _("Cash game")
        ends = state.cash.ends_at
        time_text = format_clock(max(0, ends - now)) if ends else "--:--"
        time_caption = _("Game ends in") if ends else ""
    elif item is None:
        time_text = "--:--"
        level_label = _("No blind structure")
    elif isinstance(item, Break):
        level_label = _("Break")
        time_text = format_clock(view.remaining or 0)
        note = break_note(structure, view.index)
        time_caption = _("Break ends in")
    else:
        level_label = _("Level {number}").format(number=view.level_number)
        if item.timed:
            if view.overtime:
                time_text = "+" + format_clock(view.overtime)
                time_caption = _("Overtime: last level")
            else:
                time_text = format_clock(view.remaining or 0)
        else:
            hands_level = True
            time_text = _("Hand {hand} of {hands}").format(
                hand=max(view.hands, 0), hands=item.hands
            )
        shown = view.in_force or item
        blinds = blinds_text(shown)
        ante = " · ".join(
            part for part in (betting_text(shown, mixed=mixed), ante_text(shown)) if part
        )
        if shown.limited:
            # Limit hold'em: the bets are the big figures; the blinds go beside the ante.
            blinds = _("Limit {bets}").format(bets=blinds)
            posted = _("Blinds {small} / {big}").format(
                small=format_number(shown.small_blind), big=format_number(shown.big_blind)
            )
            ante = " · ".join(part for part in (posted, ante) if part)
        if view.pending is not None:
            pending = _("Next hand: {blinds}").format(
                blinds=level_summary(view.pending, mixed=mixed)
            )
        note = item.note
    if view.next_level is not None and not view.last_item:
        following = structure.items[view.index + 1]
        if isinstance(following, Break):
            next_text = _("Next: break, then {blinds}").format(
                blinds=level_summary(view.next_level, mixed=mixed)
            )
        else:
            next_text = _("Next: {blinds}").format(
                blinds=level_summary(view.next_level, mixed=mixed)
            )
    elif item is not None and view.last_item:
        next_text = _("Last level")
    open_now = rebuys_open(state, now) if state.money.rebuy is not None else None
    stats = _stats(state, view, parts.numbers, open_now, parts.pool)
    if view.until_break is not None:
        stats.append(
            Stat(caption=_("Next break"), value=format_clock(view.until_break), key="next_break")
        )
    plan = clk.schedule(state.clock, structure, now)
    if not view.started and item is not None:
        time_caption = _("Not started")
        if plan.starts_at is not None:
            time_caption = _("Starts in")
            time_text = format_clock(plan.starts_at - now)
        elif state.clock.planned is not None:
            time_caption = _("Starting soon")
            time_text = format_clock(0)
    # The estimated end while it holds still: the clock running, or a planned start to
    # come (paused, or waiting for Start, it slides with every minute: not shown).
    steady = view.running or plan.starts_at is not None
    if plan.end is not None and steady and not state.is_cash and not view.overtime:
        stats.append(Stat(_("Estimated end"), format_time(plan.end), "estimated_end"))
    moves = moves_section(state, now)
    sections = parts.sections if moves is None else (moves, *parts.sections)
    h4h = hand_for_hand_section(state)
    if h4h is not None:
        sections = (h4h, *sections)
    race = None if state.is_cash else chip_race_section(state, view)
    if race is not None:
        sections = _after_moves(sections, race)
    chips = None if state.is_cash else chips_section(state, now)
    if chips is not None:
        sections = (*sections, chips)
    offer = addon_open(state, now) and view.started
    if offer and not view.on_break:
        stats.append(addon_stat(state))
    late = late_registration_stat(state, now)
    if late is not None:
        stats.append(late)
    ends = state.cash.ends_at
    return DisplayData(
        event_name=state.name,
        level_label=level_label,
        time_text=time_text,
        time_caption=time_caption,
        blinds_text=blinds,
        ante_text=ante,
        pending_text=pending,
        next_text=next_text,
        note=note,
        started=view.started,
        running=view.running,
        on_break=view.on_break,
        overtime=bool(view.overtime),
        hands_level=hands_level,
        stats=tuple(stats),
        sections=sections,
        level=view.level_number,
        blinds=Blinds.of(view.in_force),
        next_hand=Blinds.of(view.pending),
        next_blinds=Blinds.of(view.next_level),
        timing=Timing(
            computed_at=now,
            remaining_ms=view.remaining,
            ends_at=now + view.remaining
            if view.running and view.remaining is not None and not view.overtime
            else None,
            overtime_ms=view.overtime,
            until_break_ms=view.until_break,
            hand=max(view.hands, 0) if hands_level else 0,
            hands=item.hands if hands_level and isinstance(item, Level) else 0,
            cash_ends_at=ends if state.is_cash and ends else None,
            starts_at=plan.starts_at,
        ),
        room=_room(parts, view.in_force, open_now),
        seats=parts.seats,
        show_seats=show_seats,
        message=state.room_message,
        addon_text=addon_offer(state) if offer and view.on_break else "",
        language=parts.language,
        shot_clocks=shot_rows(state, now) if state.shot_clocks.running else (),
    )


def _after_moves(sections: tuple[Section, ...], race: Section) -> tuple[Section, ...]:
    """``race`` put right after the hand-for-hand and moves sections."""
    news = (SectionKind.HAND_FOR_HAND, SectionKind.MOVES)
    first = [section for section in sections if section.kind in news]
    rest = [section for section in sections if section.kind not in news]
    return (*first, race, *rest)


def _break_follows(structure: Structure, number: int) -> bool:
    """Whether a break comes right after level ``number``."""
    items = structure.items
    for index, item in enumerate(items[:-1]):
        if isinstance(item, Level) and structure.level_number(index) == number:
            return isinstance(items[index + 1], Break)
    return False


def late_registration_stat(state: TournamentState, now: Instant) -> Stat | None:
    """R5: while late entries are taken, until when ("Late registration to the end of
    level 4: Open"); None once closed or when the event takes none."""
    limit = state.money.late_until_level
    if state.is_cash or limit <= 0 or not late_registration_open(state, now):
        return None
    caption = (
        _("Late registration to the break after level {level}")
        if _break_follows(state.structure, limit)
        else _("Late registration to the end of level {level}")
    ).format(level=limit)
    return Stat(caption, _("Open"), "late")


def addon_stat(state: TournamentState) -> Stat:
    """R4: the add-on is on offer, until when (during a level of its period)."""
    rule = state.money.addon
    assert rule is not None
    caption = (
        _("Add-on to the break after level {level}")
        if _break_follows(state.structure, rule.until_level)
        else _("Add-on to the end of level {level}")
    ).format(level=rule.until_level)
    return Stat(caption, _("Available"), "addon")


def addon_offer(state: TournamentState) -> str:
    """R4: "Add-on: 5,000 chips for €10", for the break where it is on offer."""
    rule = state.money.addon
    if rule is None:
        return ""
    return _("Add-on: {chips} chips for {price}").format(
        chips=format_number(rule.chips), price=format_money(rule.price)
    )


def chip_race_section(state: TournamentState, view: clk.ClockView) -> Section | None:
    """R28: the chip race's result, during the break whose chips it raced and the
    level right after it: the chips changed, and who won (or kept) a chip."""
    structure = state.structure
    if not state.tables.races or not view.started or view.item is None:
        return None
    index = view.index if view.on_break else view.index - 1
    if not 0 <= index < len(structure.items) or not isinstance(structure.items[index], Break):
        return None
    going = chips_going(structure, index)
    latest: dict[tuple[int, int], TableRace] = {}
    for record in state.tables.races:  # a race run again at a table replaces the first
        if record.result.denomination in going:
            latest[(record.result.denomination, record.table)] = record
    if not latest:
        return None
    rows: list[Row] = []
    for chip in going:
        races = sorted((r for (d, _t), r in latest.items() if d == chip), key=lambda r: r.table)
        if not races:
            continue
        result = races[0].result
        rows.append(
            NoteRow(
                _("The {chip}s change into {next}s").format(
                    chip=format_number(result.denomination),
                    next=format_number(result.next_denomination),
                ),
                "race",
            )
        )
        for record in races:
            for entry in record.result.entries:
                if not (entry.won or entry.kept_in):
                    continue
                chip_won = format_number(record.result.next_denomination)
                rows.append(
                    RaceRow(
                        name=state.player_name(entry.player),
                        table=record.table,
                        seat=entry.seat,
                        chip=record.result.next_denomination,
                        text=_("wins a {chip}").format(chip=chip_won)
                        if entry.won
                        else _("keeps a {chip} (not raced out)").format(chip=chip_won),
                        kept_in=not entry.won,
                    )
                )
    return Section(SectionKind.CHIP_RACE, _("Chip race"), tuple(rows))


def final_display(
    state: TournamentState, now: Instant = NEVER, *, parts: StateParts | None = None
) -> DisplayData:
    """What the TV shows once the winner is known: "Winner", the winner's name and
    prize, the final standings; no clock."""
    standings = final_standings(state)
    winner = next((r for r in standings if r.place is not None and r.place.best == 1), None)
    numbers = parts.numbers if parts is not None else figures(state.players, state.ledger)
    stats = [
        Stat(_("Entries"), format_number(numbers.entries), "entries"),
        Stat(_("Prize pool"), format_money(prize_pool(state).total), "prize_pool"),
    ]
    standing = standings_section(state, standings)
    return DisplayData(
        event_name=state.name,
        level_label=_("Event over"),
        time_text=winner.name if winner is not None else "",
        time_caption=_("Winner"),
        blinds_text=format_money(winner.prize) if winner is not None and winner.prize else "",
        ante_text="",
        pending_text="",
        next_text="",
        note="",
        started=state.clock.started,
        running=False,
        on_break=False,
        overtime=False,
        hands_level=False,
        stats=tuple(stats),
        sections=(standing,),
        finished=True,
        timing=Timing(computed_at=now),
        room=Room(
            players_left=numbers.players_left,
            entries=numbers.entries,
            average_stack=numbers.average_stack,
            prize_pool=prize_pool(state).total,
            currency=i18n.currency(),
            payouts=tuple(r.prize for r in standings if r.prize),
            rebuys=numbers.rebuys,
            addons=numbers.addons,
            chips_in_play=numbers.chips_in_play,
            bounty_pool=numbers.bounty_pool,
        ),
        language=i18n.language(),
    )


def _stats(
    state: TournamentState,
    view: clk.ClockView,
    numbers: Figures,
    open_now: bool | None,
    pool: PrizePool | None = None,
) -> list[Stat]:
    """Players, average stack, prize pool and re-buys; for a cash game, the end time."""
    stats: list[Stat] = []
    if state.is_cash:
        if numbers.players_left:
            stats.append(Stat(_("Players"), format_number(numbers.players_left), "players"))
        if state.cash.starts_at:
            stats.append(Stat(_("Started"), format_time(state.cash.starts_at), "started"))
        if state.cash.ends_at:
            stats.append(Stat(_("Game ends"), format_time(state.cash.ends_at), "ends"))
        return stats
    if numbers.entries:
        stats.append(
            Stat(
                _("Players"),
                _("{left} / {entries}").format(
                    left=format_number(numbers.players_left), entries=format_number(numbers.entries)
                ),
                "players",
            )
        )
        average = numbers.average_stack
        big_blind = view.in_force.big_blind if view.in_force is not None else 0
        caption = _("Average stack")
        if big_blind:
            caption = _("Average · {blinds} BB").format(blinds=average // big_blind)
        stats.append(Stat(caption, format_number(average), "average"))
        pool = pool if pool is not None else prize_pool(state)
        stats.append(Stat(formats.pool_caption(pool), format_money(pool.total), "prize_pool"))
    rule = state.money.rebuy
    if rule is not None:
        is_open = bool(open_now)
        caption = _("Re-buys")
        if is_open:
            caption = (
                _("Re-buys to the break after level {level}")
                if rule.through_break
                else _("Re-buys to the end of level {level}")
            ).format(level=rule.until_level)
        stats.append(Stat(caption, _("Open") if is_open else _("Closed"), "rebuys"))
    return stats


def next_display_change(
    state: TournamentState, now: Instant, view: clk.ClockView | None = None
) -> int | None:
    """Milliseconds from ``now`` until ``display_data`` may show anything else with the
    state unchanged (None: only a change of the state will).

    The shown second of the clock (and with it the level, the re-buy period and the
    time to the break), a cash game's countdown to its end, and a table move
    appearing or leaving the screen (shown for two minutes once made). Between
    ``now`` and then, every shown text stays as it is; only the instant and the
    milliseconds in ``timing`` move.
    """
    if state.status is Status.FINISHED and not state.is_cash:
        return None
    if view is None:
        view = clk.view(state.clock, state.structure, now)
    soonest = clk.next_change_in(view)
    if not state.is_cash and state.structure.items:
        plan = clk.schedule(state.clock, state.structure, now)
        if plan.starts_at is not None:
            # The countdown's seconds, shown rounded up like the clock's; at zero
            # the clock starts (or the organizer is awaited).
            soonest = _sooner(soonest, (plan.starts_at - now) % 1000 or 1000)
    shot = shot_clock.next_change_in(state.shot_clocks, now)
    if shot is not None:
        soonest = _sooner(soonest, shot)
    ends = state.cash.ends_at
    if state.is_cash and not state.structure.items and ends and ends > now:
        rest = (ends - now) % 1000
        soonest = _sooner(soonest, rest or 1000)
    for record in state.tables.recent:
        if now < record.at:
            soonest = _sooner(soonest, record.at - now)
        elif now - record.at < RECENT_MOVE_MS:
            soonest = _sooner(soonest, record.at + RECENT_MOVE_MS - now)
    return soonest


def _sooner(first: int | None, second: int) -> int:
    return second if first is None else min(first, second)


# -- the JSON form ---------------------------------------------------------------------
