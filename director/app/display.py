"""What the clock display shows, as text ready to paint, from the state and the time.

The TV window and the console's clock page both paint this; tests read it.
Building it is cheap (no I/O), so the display rebuilds it on every repaint.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from director.core import clock as clk
from director.core.chip_race import chips_going
from director.core.ids import Instant, PlayerId
from director.core.ledger import Figures, figures
from director.core.periods import rebuys_open
from director.core.results import PlayerResult, bubble, player_results, prize_amounts
from director.core.seating import Move
from director.core.state import Status, TournamentState
from director.core.structure import AnteKind, Break, Level, Structure
from director.core.tables import RECENT_MOVE_MS
from director.i18n import _, format_clock, format_money, format_number, format_time


@dataclass(frozen=True)
class Stat:
    """One figure in the display's bottom band: a caption and a value."""

    caption: str
    value: str


@dataclass(frozen=True)
class DisplayData:
    event_name: str
    level_label: str
    time_text: str
    time_caption: str
    blinds_text: str
    ante_text: str
    pending_text: str
    next_text: str
    note: str
    started: bool
    running: bool
    on_break: bool
    overtime: bool
    hands_level: bool
    stats: tuple[Stat, ...] = ()
    lines: tuple[str, ...] = field(default_factory=tuple)
    """Extra lines (payouts, table moves) that later parts of the product add."""
    finished: bool = False
    """The winner is known: ``time_text`` is the winner's name, ``blinds_text``
    their prize, ``lines`` the final standings; no clock runs."""

    @property
    def paused(self) -> bool:
        return self.started and not self.running and not self.finished


def blinds_text(level: Level, *, limit: bool = False) -> str:
    """``100 / 200``, or the small and big bets in a limit game."""
    if limit and level.small_bet:
        return f"{format_number(level.small_bet)} / {format_number(level.big_bet)}"
    return f"{format_number(level.small_blind)} / {format_number(level.big_blind)}"


def ante_text(level: Level) -> str:
    if level.ante_kind is AnteKind.EVERY_PLAYER:
        return _("Ante {amount}").format(amount=format_number(level.ante))
    if level.ante_kind is AnteKind.BIG_BLIND:
        return _("Big blind ante {amount}").format(amount=format_number(level.ante))
    return ""


def level_summary(level: Level, *, limit: bool = False) -> str:
    """Blinds and ante on one line: ``200 / 400 · ante 50``."""
    parts = [blinds_text(level, limit=limit)]
    ante = ante_text(level)
    if ante:
        parts.append(ante)
    return " · ".join(parts)


def note_text(note: str) -> str:
    """A break note, translated when it is one of the notes the app writes itself."""
    return _(note) if note else ""


def break_note(structure: Structure, index: int) -> str:
    """A break's note, with the chips that leave the table at it (R28)."""
    item = structure.items[index]
    note = note_text(item.note) if isinstance(item, Break) else ""
    going = chips_going(structure, index)
    if going:
        race = _("Chip race: the {chips} go.").format(
            chips=", ".join(_("{chip}s").format(chip=format_number(chip)) for chip in going)
        )
        note = f"{note} {race}".strip() if note else race
    return note


def announcement(state: TournamentState, cue: clk.Cue) -> str:
    """What the room hears for ``cue``: "Level 5: blinds 100, 200, ante 25"."""
    structure = state.structure
    if not 0 <= cue.index < len(structure.items):
        return ""
    item = structure.items[cue.index]
    if cue.kind is clk.CueKind.ONE_MINUTE:
        return (
            _("One minute left in the break.")
            if isinstance(item, Break)
            else _("One minute left in this level.")
        )
    if cue.kind is clk.CueKind.BREAK_START and isinstance(item, Break):
        text = _("Break: {minutes} minutes.").format(minutes=item.seconds // 60)
        return f"{text} {break_note(structure, cue.index)}".strip()
    if cue.kind is clk.CueKind.BREAK_END:
        return _("The break is over.")
    if isinstance(item, Level):
        if structure.limit and item.small_bet:
            blinds = _("Level {number}: limits {small}, {big}").format(
                number=structure.level_number(cue.index), small=item.small_bet, big=item.big_bet
            )
        else:
            blinds = _("Level {number}: blinds {small}, {big}").format(
                number=structure.level_number(cue.index),
                small=item.small_blind,
                big=item.big_blind,
            )
        if item.ante_kind is AnteKind.EVERY_PLAYER:
            blinds += _(", ante {ante}").format(ante=item.ante)
        elif item.ante_kind is AnteKind.BIG_BLIND:
            blinds += _(", big blind ante {ante}").format(ante=item.ante)
        return blinds + "."
    return ""


def display_data(state: TournamentState, now: Instant) -> DisplayData:
    """The clock display's content at ``now``."""
    if state.status is Status.FINISHED and not state.is_cash:
        return final_display(state)
    structure = state.structure
    view = clk.view(state.clock, structure, now)
    item = view.item
    limit = structure.limit
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
        blinds = blinds_text(shown, limit=limit)
        ante = ante_text(shown)
        if limit and shown.small_bet:
            # Limit hold'em: the bets are the big figures; the blinds go beside the ante.
            blinds = _("Limit {bets}").format(bets=blinds)
            posted = _("Blinds {small} / {big}").format(
                small=format_number(shown.small_blind), big=format_number(shown.big_blind)
            )
            ante = " · ".join(part for part in (posted, ante) if part)
        if view.pending is not None:
            pending = _("Next hand: {blinds}").format(
                blinds=level_summary(view.pending, limit=limit)
            )
        note = item.note
    if view.next_level is not None and not view.last_item:
        following = structure.items[view.index + 1]
        if isinstance(following, Break):
            next_text = _("Next: break, then {blinds}").format(
                blinds=level_summary(view.next_level, limit=limit)
            )
        else:
            next_text = _("Next: {blinds}").format(
                blinds=level_summary(view.next_level, limit=limit)
            )
    elif item is not None and view.last_item:
        next_text = _("Last level")
    numbers = figures(state.players, state.ledger)
    stats = _figures(state, view, now, numbers)
    if view.until_break is not None:
        stats.append(Stat(caption=_("Next break"), value=format_clock(view.until_break)))
    if not view.started and item is not None:
        time_caption = _("Not started")
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
        lines=tuple(side_lines(state, now, numbers)),
    )


def final_standings(state: TournamentState) -> list[PlayerResult]:
    """The places of a finished event with the prizes actually won (a deal
    included), best first: every paid player, at least the first three."""
    placed = [result for result in player_results(state) if result.place is not None]
    paid = [result for result in placed if result.prize > 0]
    return paid if len(paid) >= 3 else placed[: max(3, len(paid))]


def final_display(state: TournamentState) -> DisplayData:
    """What the TV shows once the winner is known: "Winner", the winner's name and
    prize, the final standings; no clock."""
    standings = final_standings(state)
    winner = next((r for r in standings if r.place is not None and r.place.best == 1), None)
    numbers = figures(state.players, state.ledger)
    lines = ["# " + _("Final standings")]
    most = 10
    for result in standings[:most]:
        assert result.place is not None
        line = _("{place}. {name}").format(place=result.place.best, name=result.name)
        if result.prize:
            line = _("{line} · {amount}").format(line=line, amount=format_money(result.prize))
        lines.append(line)
    if len(standings) > most:
        lines.append(_("… {count} places paid").format(count=len(standings)))
    if state.deal is not None:
        lines.append("→ " + _("Deal made"))
    stats = [
        Stat(_("Entries"), format_number(numbers.entries)),
        Stat(_("Prize pool"), format_money(numbers.prize_pool)),
    ]
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
        lines=tuple(lines),
        finished=True,
    )


def eliminator_choices(state: TournamentState, out: PlayerId | None) -> list[PlayerId]:
    """Who may have knocked ``out`` out: every player still in but him, the players
    at his table first (in seat order), then the others by name."""
    seated = state.tables.seated()
    table = seated[out][0] if out is not None and out in seated else None

    def order(player: PlayerId) -> tuple[int, int, str]:
        where = seated.get(player)
        if table is not None and where is not None and where[0] == table:
            return (0, where[1], "")
        return (1, 0, state.players[player].display_name.casefold())

    return sorted((p for p in state.alive() if p != out), key=order)


def move_text(state: TournamentState, move: Move) -> str:
    """ "Move Ann: table 2 seat 5 to table 1 seat 3"."""
    name = state.player_name(move.player)
    return _(
        "Move {name}: table {from_table} seat {from_seat} to table {to_table} seat {to_seat}"
    ).format(
        name=name,
        from_table=move.from_table,
        from_seat=move.from_seat,
        to_table=move.to_table,
        to_seat=move.to_seat,
    )


def side_lines(state: TournamentState, now: Instant, numbers: Figures) -> list[str]:
    """The TV's side column: table moves to make and just made, then the payouts.

    Lines starting with "#" are headings.
    """
    lines: list[str] = []
    tables = state.tables
    recent = [r.move for r in tables.recent if 0 <= now - r.at < RECENT_MOVE_MS]
    moves = [*tables.pending, *(m for m in recent if m not in tables.pending)]
    if moves:
        lines.append("# " + _("Table moves"))
        for move in moves:
            lines.append(state.player_name(move.player))
            lines.append(
                "→ "
                + _("table {table}, seat {seat}").format(table=move.to_table, seat=move.to_seat)
            )
    # Moves are urgent for the room; the payouts come after them, then the figures.
    if not state.is_cash and state.players:
        lines.extend(payout_lines(state))
        lines.extend(figure_lines(state, numbers))
    return lines


def figure_lines(state: TournamentState, numbers: Figures) -> list[str]:
    """The room's other figures: re-buys and add-ons, chips in play, bounty pool.

    Fees and money still owed are the organizer's business and stay on the console.
    """
    if not numbers.entries:
        return []
    lines = ["# " + _("Figures")]
    money = state.money
    if money.rebuy is not None and money.addon is not None:
        lines.append(
            _("Re-buys {rebuys} · add-ons {addons}").format(
                rebuys=format_number(numbers.rebuys), addons=format_number(numbers.addons)
            )
        )
    elif money.rebuy is not None:
        lines.append(_("Re-buys {rebuys}").format(rebuys=format_number(numbers.rebuys)))
    elif money.addon is not None:
        lines.append(_("Add-ons {addons}").format(addons=format_number(numbers.addons)))
    lines.append(_("Chips {chips}").format(chips=format_number(numbers.chips_in_play)))
    if numbers.bounty_pool:
        lines.append(_("Bounties {amount}").format(amount=format_money(numbers.bounty_pool)))
    return lines


def payout_lines(state: TournamentState, *, most: int = 10) -> list[str]:
    """The paid places and amounts, and how close the bubble is."""
    amounts = [amount for amount in prize_amounts(state) if amount]
    if not amounts:
        return []
    lines = ["# " + _("Payouts")]
    for place, amount in enumerate(amounts[:most], start=1):
        lines.append(_("{place}. {amount}").format(place=place, amount=format_money(amount)))
    if len(amounts) > most:
        lines.append(_("… {count} places paid").format(count=len(amounts)))
    near = bubble_text(state)
    if near:
        lines.append("→ " + near)
    return lines


BUBBLE_NEAR = 3
"""From how many players to the money the bubble is announced."""


def bubble_text(state: TournamentState) -> str:
    """The one sentence about the bubble, for the console and the TV alike ("" when
    far from the money or nothing is paid)."""
    near = bubble(state)
    if state.deal is not None:
        return _("Deal made")
    if near.paid == 0:
        return ""
    if near.to_the_money == 1:
        return _("Bubble: next out wins nothing")
    if 1 < near.to_the_money <= BUBBLE_NEAR:
        return _("{count} players to the money").format(count=near.to_the_money)
    if near.to_the_money == 0 and near.left > 1:
        return _("In the money")
    return ""


def seating_lines(state: TournamentState) -> list[tuple[str, str]]:
    """Every seated player, by name, with "Table 2 · Seat 5": the seat draw for the TV."""
    seated = state.tables.seated()
    rows = []
    for player, (table, seat) in seated.items():
        rows.append(
            (
                state.player_name(player),
                _("Table {table} · Seat {seat}").format(table=table, seat=seat),
            )
        )
    return sorted(rows, key=lambda row: row[0].casefold())


def _figures(
    state: TournamentState, view: clk.ClockView, now: Instant, numbers: Figures
) -> list[Stat]:
    """Players, average stack, prize pool and re-buys; for a cash game, the end time."""
    stats: list[Stat] = []
    if state.is_cash:
        if numbers.players_left:
            stats.append(Stat(_("Players"), format_number(numbers.players_left)))
        if state.cash.starts_at:
            stats.append(Stat(_("Started"), format_time(state.cash.starts_at)))
        if state.cash.ends_at:
            stats.append(Stat(_("Game ends"), format_time(state.cash.ends_at)))
        return stats
    if numbers.entries:
        stats.append(
            Stat(
                _("Players"),
                _("{left} / {entries}").format(
                    left=format_number(numbers.players_left), entries=format_number(numbers.entries)
                ),
            )
        )
        average = numbers.average_stack
        big_blind = view.in_force.big_blind if view.in_force is not None else 0
        caption = _("Average stack")
        if big_blind:
            caption = _("Average · {blinds} BB").format(blinds=average // big_blind)
        stats.append(Stat(caption, format_number(average)))
        stats.append(Stat(_("Prize pool"), format_money(numbers.prize_pool)))
    rule = state.money.rebuy
    if rule is not None:
        is_open = rebuys_open(state, now)
        caption = _("Re-buys")
        if is_open:
            caption = (
                _("Re-buys to the break after level {level}")
                if rule.through_break
                else _("Re-buys to the end of level {level}")
            ).format(level=rule.until_level)
        stats.append(Stat(caption, _("Open") if is_open else _("Closed")))
    return stats
