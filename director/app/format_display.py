"""What the screens say about the tournament formats: bounties (fixed, progressive,
mystery), the host's added money and guarantee, and the chips in play.

Small functions the clock display (``display``), the console and the reports
call; each returns text ready to show, in the user's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core import clock as clk
from director.core.bounties import bounty_book
from director.core.chip_sets import chips_in_play
from director.core.events import EnvelopesDrawn
from director.core.ids import Instant, PlayerId
from director.core.money import FIXED_BOUNTY, MYSTERY, PROGRESSIVE
from director.core.prize_pool import PrizePool, prize_pool
from director.core.state import TournamentState
from director.i18n import N_, _, format_money, format_number

BOUNTY_KIND_NAMES = {
    FIXED_BOUNTY: N_("Bounty"),
    PROGRESSIVE: N_("Progressive knockout"),
    MYSTERY: N_("Mystery bounties"),
}
MOST_BOUNTIES = 5
"""Bounties the TV lists, largest first."""


def has_bounties(state: TournamentState) -> bool:
    return bounty_book(state).pool > 0


def bounty_kind_name(state: TournamentState) -> str:
    return _(BOUNTY_KIND_NAMES.get(state.money.bounties.kind, BOUNTY_KIND_NAMES[FIXED_BOUNTY]))


def bounty_of(state: TournamentState, player: PlayerId) -> str:
    """A player's bounty now, for the console's players list ("" when none)."""
    amount = bounty_book(state).on_head.get(player, 0)
    return format_money(amount) if amount else ""


def bounty_lines(state: TournamentState, *, most: int = MOST_BOUNTIES) -> list[str]:
    """The TV's bounty lines: the biggest bounties on heads, or the mystery envelopes."""
    book = bounty_book(state)
    if book.pool <= 0 or state.is_cash:
        return []
    if book.kind == MYSTERY:
        return ["# " + _("Mystery bounties"), *mystery_lines(state)]
    heads = sorted(
        book.on_head.items(), key=lambda item: (-item[1], state.player_name(item[0]).casefold())
    )
    heads = [(player, amount) for player, amount in heads if amount > 0]
    if not heads:
        return []
    lines = ["# " + (_("Bounties (PKO)") if book.kind == PROGRESSIVE else _("Bounties"))]
    for player, amount in heads[:most]:
        lines.append(
            _("{name} · {amount}").format(
                name=state.player_name(player), amount=format_money(amount)
            )
        )
    return lines


def mystery_lines(state: TournamentState) -> list[str]:
    """How many envelopes are left, the largest, and when the draws begin."""
    left = bounty_book(state).envelopes_left
    lines = [_("{count} envelopes left").format(count=format_number(len(left)))]
    if left:
        lines.append(_("Largest {amount}").format(amount=format_money(left[0])))
    if state.draws:
        last = state.draws[-1]
        lines.append(
            "→ "
            + _("Last envelope {amount}: {names}").format(
                amount=format_money(last.amount),
                names=", ".join(state.player_name(share.player) for share in last.shares),
            )
        )
    phase = mystery_phase_text(state)
    if phase:
        lines.append("→ " + phase)
    return lines


def envelope_news(state: TournamentState, events: Sequence[object]) -> str:
    """What the organizer announces after a knockout drew envelopes ("" if none)."""
    news = []
    for event in events:
        if isinstance(event, EnvelopesDrawn):
            for draw in event.draws:
                news.append(
                    _("{names} draws an envelope: {amount}").format(
                        names=", ".join(state.player_name(s.player) for s in draw.shares),
                        amount=format_money(draw.amount),
                    )
                )
    return " ".join(news)


def mystery_phase_text(state: TournamentState) -> str:
    """When knockouts start drawing envelopes ("" when they already do, from the start)."""
    settings = state.money.bounties
    if settings.kind != MYSTERY:
        return ""
    if settings.mystery_from_level:
        return _("Envelopes from level {level}").format(level=settings.mystery_from_level)
    if settings.mystery_in_the_money:
        return _("Envelopes from the money")
    return ""


def pool_lines(state: TournamentState) -> list[str]:
    """The host's money in the pool: added money and the guarantee."""
    pool = prize_pool(state)
    lines = []
    if pool.added:
        lines.append(_("Added {amount}").format(amount=format_money(pool.added)))
    if pool.guarantee:
        lines.append(_("Guaranteed {amount}").format(amount=format_money(pool.guarantee)))
    return lines


def pool_caption(pool: PrizePool) -> str:
    """The prize pool's caption: guaranteed while the guarantee holds it up."""
    return _("Guaranteed pool") if pool.overlay else _("Prize pool")


def pool_breakdown(pool: PrizePool) -> str:
    """ "Players 8,000 + added 1,500 + overlay 500" (only the parts there are)."""
    parts = [_("players {amount}").format(amount=format_money(pool.collected))]
    if pool.added:
        parts.append(_("added {amount}").format(amount=format_money(pool.added)))
    if pool.overlay:
        parts.append(_("overlay {amount}").format(amount=format_money(pool.overlay)))
    return " + ".join(parts)


def chip_lines(state: TournamentState, now: Instant) -> list[str]:
    """The chips still on the table at the current level, with their colours."""
    structure = state.structure
    if not structure.chips or state.is_cash or not structure.items:
        return []
    view = clk.view(state.clock, structure, now)
    chips = chips_in_play(structure, view.index)
    if not chips:
        return []
    lines = ["# " + _("Chips in play")]
    chip_set = state.chip_set
    for chip in chips:
        colour = chip_set.colour_of(chip) if chip_set is not None else ""
        lines.append(
            _("{chip} · {colour}").format(chip=format_number(chip), colour=colour)
            if colour
            else format_number(chip)
        )
    return lines
