"""What is said about a seat at a table, in words: the blinds a player posts, and
the tags beside his seat (sits out, away, waits, owes, posted). The console's table
drawing and a dealer's phone say the same."""

from __future__ import annotations

from director.core.structure import Level
from director.core.tables import Posting, TableState, blinds_to_post
from director.i18n import _, format_number


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
    """What is said beside a seat: sits out, away, waits, owes or posted blinds."""
    tags = []
    if seat in table.dealt_out:
        tags.append(_("sits out"))
    if seat in table.sitting_out:
        tags.append(_("away"))
    if seat in table.waiting:
        tags.append(_("waits for BB"))
    if seat in table.owes_big or seat in table.owes_small:
        owed = blinds_to_post(table, seat, level)
        if owed is not None and (owed.live or owed.dead):
            tags.append(_("owes {amounts}").format(amounts=posting_text(owed)))
        else:
            tags.append(_("owes blinds"))
    posted = table.posted.get(seat)
    if posted is not None:
        tags.append(_("posted {amounts}").format(amounts=posting_text(posted)))
    return tags
