"""What the screens say about the tournament formats: bounties (fixed, progressive,
mystery), the host's added money and guarantee, and the chips in play.

Small functions the clock display (``display``), the console and the reports
call; each returns text ready to show, in the user's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core import clock as clk
from director.core.bounties import bounty_book, mystery_phase
from director.core.chip_sets import ChipSet, StackCheck, check_stack, chips_in_play, shown_colour
from director.core.errors import RuleViolation
from director.core.events import EnvelopesDrawn
from director.core.ids import Instant
from director.core.ledger import figures
from director.core.money import MYSTERY, PROGRESSIVE
from director.core.periods import level_now
from director.core.players import EntrantStatus, MovementKind
from director.core.prize_pool import PrizePool, prize_pool
from director.core.state import Status, TournamentState
from director.core.text import name_order
from director.i18n import N_, _, describe_error, format_money, format_number


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


def head_rows(state: TournamentState, *, most: int | None = None) -> list[tuple[str, int]]:
    """Each player's current bounty, largest first: ("Ann · €15.00", 1500); every
    player still in (``most``: only so many). The TV's side column turns its pages
    when they do not all fit."""
    book = bounty_book(state)
    heads = sorted(
        ((player, amount) for player, amount in book.on_head.items() if amount > 0),
        key=lambda item: (-item[1], name_order(state.player_name(item[0]))),
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


def stacks_given(state: TournamentState, stack: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The stacks the chip set must make: (starting stacks, other stacks).

    Every entry and re-entry is a starting stack (of ``stack``, the one being
    checked), and so is every player registered but not bought in yet; every
    re-buy and add-on is a stack of its own size, (size, how many). An entry
    refunded by mistake gives its stack back. At least two starting stacks.
    """
    starting = 0
    others: dict[int, int] = {}
    for movement in state.ledger:
        kind, sign, chips = movement.kind, 1, movement.chips
        if kind is MovementKind.REFUND and movement.refunded is not None:
            kind, sign, chips = movement.refunded, -1, -movement.chips
        if kind in (MovementKind.BUY_IN, MovementKind.REENTRY):
            starting += sign
        elif kind in (MovementKind.REBUY, MovementKind.ADDON) and chips > 0:
            others[chips] = others.get(chips, 0) + sign
    starting += sum(
        1
        for entrant in state.players.values()
        if entrant.status is EntrantStatus.REGISTERED and not entrant.entries
    )
    starting += max(0, others.pop(stack, 0))  # a re-buy of the starting stack is one more
    made = tuple(sorted((size, count) for size, count in others.items() if count > 0))
    return max(starting, 2), made


def event_stack_check(state: TournamentState, chip_set: ChipSet, stack: int) -> StackCheck:
    """``stack`` checked against ``chip_set`` for every stack given out in this event
    (the money form and the chip set dialog ask the same question)."""
    starting, others = stacks_given(state, stack)
    return check_stack(chip_set, stack, players=starting, others=others)


def stack_check_text(check: StackCheck, name: str = "") -> str:
    """What the check says, in one sentence: the breakdown and how many stacks the
    set makes, or the problem (plain text; the caller colours a problem)."""
    if not check.ok:
        return describe_error(check.problem())
    parts = ", ".join(
        _("{count} × {chip}").format(count=count, chip=format_number(value))
        for value, count in check.breakdown or ()
    )
    text = _(
        "Starting stack {stack}: each of the {players} stacks given out is {parts} "
        "({chips} chips); the set makes {most} such stacks."
    ).format(
        stack=format_number(check.stack),
        players=format_number(check.players),
        parts=parts,
        chips=format_number(check.chips_per_player),
        most=format_number(check.most_players),
    )
    others = sum(count for _size, count in check.others)
    if others:
        text += " " + _("The {count} re-buy and add-on stacks of other sizes come first.").format(
            count=format_number(others)
        )
    if name:
        text = _("Chip set “{name}”: {check}").format(name=name, check=text)
    return text


COLOUR_LABELS = {
    "white": N_("white"),
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "light blue": N_("light blue"),
    "black": N_("black"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "orange": N_("orange"),
    "pink": N_("pink"),
    "grey": N_("grey"),
    "brown": N_("brown"),
}
"""The chip colours' names, to translate (``chip_sets.CHIP_COLOURS``' keys)."""


def colour_label(colour: str) -> tuple[str, str]:
    """A chip's colour as the screens show it: (its name in the user's language, its
    paint ``#rrggbb``). A colour given as ``#rrggbb`` has no name: it is shown as a
    swatch, never as its code."""
    name, paint = shown_colour(colour)
    return (_(COLOUR_LABELS[name]) if name in COLOUR_LABELS else ""), paint


def chip_rows(state: TournamentState, now: Instant) -> list[tuple[str, int, str]]:
    """The chips still on the table at the current level, with their colours:
    ("25 · white", 25, "#f5f5f5"); a chip whose colour has no name: ("25", 25,
    "#ff0000"), its colour painted beside it."""
    structure = state.structure
    if not structure.chips or state.is_cash or not structure.items:
        return []
    view = clk.view(state.clock, structure, now)
    chip_set = state.chip_set
    rows = []
    for chip in chips_in_play(structure, view.index):
        name, paint = colour_label(chip_set.colour_of(chip) if chip_set is not None else "")
        text = (
            _("{chip} · {colour}").format(chip=format_number(chip), colour=name)
            if name
            else format_number(chip)
        )
        rows.append((text, chip, paint))
    return rows


def envelopes_warning(state: TournamentState, now: Instant) -> str:
    """Mystery bounties whose envelopes no longer add up to the bounty money (a
    re-entry, a re-buy or a refund changed it) while the draws are on: the next
    knockout would be refused until the envelopes are corrected, so the organizer
    is told at once ("" when all is well, or the draws have not begun)."""
    settings = state.money.bounties
    if settings.kind != MYSTERY or state.is_cash or state.status is Status.FINISHED:
        return ""
    pool = figures(state.players, state.ledger).bounty_pool
    if settings.envelope_total == pool:
        return ""
    if not state.draws and not mystery_phase(state, level_now(state, now), 1):
        return ""
    return describe_error(
        RuleViolation(
            "mystery_envelopes_do_not_match", envelopes=settings.envelope_total, pool=pool
        )
    )


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
