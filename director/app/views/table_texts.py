"""What is said about a seat at a table, in words: the blinds a player posts, and
the tags beside his seat (sits out, away, waits, owes, posted). The console's table
drawing and a dealer's phone say the same."""

from __future__ import annotations

from collections.abc import Sequence

from director.app.views.display import level_summary
from director.core.events import Event
from director.core.structure import Level
from director.core.tables import Posting, TablesState, TableState, blinds_to_post
from director.i18n import _, format_clock, format_number, ngettext


def table_label(tables: TablesState, number: int) -> str:
    """ "Table 2", or the table's name when it has one: "Table Ann's kitchen"."""
    name = tables.setup(number).name
    if name:
        return _("Table {name}").format(name=name)
    return _("Table {number}").format(number=number)


def seat_label(tables: TablesState, table: int, seat: int) -> str:
    """ "Table 2 · Seat 5", with the table's name when it has one."""
    return _("{table} · Seat {seat}").format(table=table_label(tables, table), seat=seat)


def seat_lock_text(tables: TablesState, table: int, seat: int, names: dict[int, str]) -> str:
    """ "locked" or "reserved for Ann" for a seat that never moves; "" otherwise.
    ``names``: player id -> name."""
    setup = tables.setup(table)
    if seat in setup.locked:
        return _("locked")
    owner = setup.reserved.get(seat)
    if owner is not None:
        return _("reserved for {player}").format(player=names.get(int(owner), str(owner)))
    return ""


def posting_text(posting: Posting) -> str:
    """``200 live + 100 dead``: what a player posts to be dealt in (§4.1.10)."""
    if posting.live and posting.dead:
        return _("{live} live + {dead} dead").format(
            live=format_number(posting.live), dead=format_number(posting.dead)
        )
    if posting.dead:
        return _("{dead} dead").format(dead=format_number(posting.dead))
    return _("{live} live").format(live=format_number(posting.live))


def seat_tags(table: TableState, seat: int, level: Level | None) -> list[str]:
    """What is said beside a seat: sits out, away, waits, owes or posted blinds,
    plays over another's seat."""
    tags = []
    if seat in table.dealt_out and seat not in (
        table.sitting_out | table.waiting | table.after_button
    ):
        # Said only when nothing below says it, and why: the seat's few words beside
        # it keep room for what he owes.
        tags.append(_("sits out"))
    if seat in table.sitting_out:
        tags.append(_("away"))
    if seat in table.after_button:
        # Seed 002 §4.1.16.
        tags.append(_("sits out the blinds until the button passes"))
    if seat in table.waiting:
        tags.append(_("waits for BB"))
    if seat in table.owes_big or seat in table.owes_small:
        owed = blinds_to_post(table, seat, level)
        if owed is not None and (owed.live or owed.dead):
            tags.append(_("owes {amounts}").format(amounts=posting_text(owed)))
        else:
            tags.append(_("owes blinds"))
        if seat in table.must_post:
            # Seed 002 §4.1.11: his hand dealt by mistake stood.
            tags.append(_("posts it this hand"))
    record = table.over.get(seat)
    if record is not None:
        # Seed 002 §4.1.6.
        tags.append(
            _("plays over, the seat's player is back after this hand")
            if record.back
            else _("plays over an away player's seat")
        )
    posted = table.posted.get(seat)
    if posted is not None:
        tags.append(_("posted {amounts}").format(amounts=posting_text(posted)))
    return tags


def table_summary(tables: TablesState, number: int, now: int) -> str:
    """One line about a table for the console: "6 players · hand 14 · 100 / 200 ·
    this hand 3:25" (the blinds the hand is played at, R9), and in hand-for-hand
    whether it still plays the hand or waits (R27): a table that waits has no hand
    going on; its next hand is dealt with the others'."""
    table = tables.tables[number]
    parts = [
        ngettext(
            "{players} player · hand {hands}", "{players} players · hand {hands}", len(table.seats)
        ).format(players=len(table.seats), hands=table.hands)
    ]
    if not tables.waits(number):
        if table.hand_level is not None:
            parts.append(level_summary(table.hand_level))
        if table.hand_since is not None:
            parts.append(
                _("this hand {time}").format(time=format_clock(max(0, now - table.hand_since)))
            )
    if tables.hand_for_hand:
        playing = number in tables.still_playing()
        parts.append(_("playing the hand") if playing else _("hand over, waits"))
    return " · ".join(parts)


def button_draw_lines(events: Sequence[Event]) -> list[str]:
    """The draw for the button just made, a line per table: each seat's card and
    the seat the highest card gives the button to (R7), as the cards were dealt."""
    from director.app.night.floor import pretty
    from director.core.events import ButtonPlaced

    lines = []
    for event in events:
        if not isinstance(event, ButtonPlaced) or not event.cards:
            continue
        dealt = " · ".join(
            _("seat {seat} {card}").format(seat=seat, card=pretty([card]))
            for seat, card in event.cards
        )
        button = event.positions.button
        card = dict(event.cards).get(button, "")
        lines.append(
            _(
                "Table {table}, draw for the button: {dealt}. The button: seat {seat} ({card})."
            ).format(
                table=event.table, dealt=dealt, seat=button, card=pretty([card]) if card else ""
            )
        )
    return lines
