"""What the screens say about the tournament formats: bounties (fixed, progressive,
mystery), the host's added money and guarantee, and the chips in play.

Small functions the clock display (``display``), the console and the reports
call; each returns text ready to show, in the user's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core import clock as clk
from director.core.bounties import bounty_book
from director.core.chip_sets import ChipSet, StackCheck, check_stack, chips_in_play
from director.core.events import EnvelopesDrawn
from director.core.ids import Instant
from director.core.money import MYSTERY, PROGRESSIVE
from director.core.players import EntrantStatus
from director.core.prize_pool import PrizePool, prize_pool
from director.core.state import TournamentState
from director.i18n import _, format_money, format_number

MOST_BOUNTIES = 5
"""Bounties the TV lists, largest first."""


def bounties_title(state: TournamentState) -> str:
    """The TV's heading for the bounties ("" when it shows none)."""
    book = bounty_book(state)
    if book.pool <= 0 or state.is_cash:
        return ""
    if book.kind == MYSTERY:
        return _("Mystery bounties")
    # Fixed bounties are all alike: the figures' bounty pool says enough. A
    # progressive knockout's grow, and the room follows the biggest.
    return _("Bounties (PKO)") if book.kind == PROGRESSIVE else ""


def head_rows(state: TournamentState, *, most: int = MOST_BOUNTIES) -> list[tuple[str, int]]:
    """The biggest bounties on heads, largest first: ("Ann · €15.00", 1500)."""
    book = bounty_book(state)
    heads = sorted(
        ((player, amount) for player, amount in book.on_head.items() if amount > 0),
        key=lambda item: (-item[1], state.player_name(item[0]).casefold()),
    )
    return [
        (
            _("{name} · {amount}").format(
                name=state.player_name(player), amount=format_money(amount)
            ),
            amount,
        )
        for player, amount in heads[:most]
    ]


def mystery_rows(state: TournamentState) -> list[tuple[str, str, int]]:
    """(key, text, value) for the TV: "envelopes" left and "largest" (figures), then
    the "envelope" last drawn and when the draws begin ("mystery") as notes."""
    left = bounty_book(state).envelopes_left
    rows = [
        ("envelopes", _("{count} envelopes left").format(count=format_number(len(left))), len(left))
    ]
    if left:
        rows.append(
            ("largest", _("Largest {amount}").format(amount=format_money(left[0])), left[0])
        )
    if state.draws:
        last = state.draws[-1]
        text = _("Last envelope {amount}: {names}").format(
            amount=format_money(last.amount),
            names=", ".join(state.player_name(share.player) for share in last.shares),
        )
        rows.append(("envelope", text, last.amount))
    phase = mystery_phase_text(state)
    if phase:
        rows.append(("mystery", phase, 0))
    return rows


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


def pool_rows(state: TournamentState) -> list[tuple[str, str, int]]:
    """(key, text, amount) of the host's money in the pool: "added", "guarantee"."""
    pool = prize_pool(state)
    rows = []
    if pool.added:
        rows.append(
            ("added", _("Added {amount}").format(amount=format_money(pool.added)), pool.added)
        )
    if pool.guarantee:
        text = _("Guaranteed {amount}").format(amount=format_money(pool.guarantee))
        rows.append(("guarantee", text, pool.guarantee))
    return rows


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


def stack_players(state: TournamentState) -> int:
    """The players a starting stack is made for: everyone registered or bought in
    (entries refunded by mistake aside), at least two."""
    count = sum(
        1
        for entrant in state.players.values()
        if entrant.status is not EntrantStatus.REMOVED
        and (entrant.entries or entrant.status is EntrantStatus.REGISTERED)
    )
    return max(count, 2)


def event_stack_check(state: TournamentState, chip_set: ChipSet, stack: int) -> StackCheck:
    """``stack`` checked against ``chip_set`` for this event's players (the money
    form and the chip set dialog ask the same question)."""
    return check_stack(chip_set, stack, players=stack_players(state))


def chip_rows(state: TournamentState, now: Instant) -> list[tuple[str, int]]:
    """The chips still on the table at the current level, with their colours:
    ("25 · white", 25)."""
    structure = state.structure
    if not structure.chips or state.is_cash or not structure.items:
        return []
    view = clk.view(state.clock, structure, now)
    chip_set = state.chip_set
    rows = []
    for chip in chips_in_play(structure, view.index):
        colour = chip_set.colour_of(chip) if chip_set is not None else ""
        text = (
            _("{chip} · {colour}").format(chip=format_number(chip), colour=colour)
            if colour
            else format_number(chip)
        )
        rows.append((text, chip))
    return rows


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
