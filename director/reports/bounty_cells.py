"""The bounty money of an event as text for the reports (PDF) and CSV alike: the
kind of bounty, what was won, unclaimed and still held, and every knockout."""

from __future__ import annotations

from director.core.bounties import BountyBook
from director.core.money import MYSTERY, PROGRESSIVE
from director.i18n import _, format_money, format_time


def bounty_paragraphs(book: BountyBook) -> list[str]:
    """One sentence each: the kind, then the money."""
    if book.kind == PROGRESSIVE:
        kind = _(
            "Progressive knockout: part of each bounty is paid, the rest goes on the "
            "eliminator's own bounty."
        )
    elif book.kind == MYSTERY:
        kind = _("Mystery bounties: each knockout draws an envelope.")
    else:
        kind = _("Bounties: the eliminator wins the whole bounty.")
    lines = [
        kind,
        _("Bounty money {pool}: won {paid}, unclaimed {unclaimed}, still held {held}.").format(
            pool=format_money(book.pool),
            paid=format_money(book.paid),
            unclaimed=format_money(book.unclaimed),
            held=format_money(book.held),
        ),
    ]
    if book.kind == MYSTERY and book.envelopes_left:
        lines.append(
            _("{count} envelopes left, {amount} in all.").format(
                count=len(book.envelopes_left), amount=format_money(sum(book.envelopes_left))
            )
        )
    if book.kept_at_deal:
        lines.append(
            _("At the deal each player kept his own bounty: {amount} in all.").format(
                amount=format_money(book.kept_at_deal)
            )
        )
    if book.kept_by_winner:
        lines.append(
            _("The winner keeps {amount} of his own bounty.").format(
                amount=format_money(book.kept_by_winner)
            )
        )
    return lines


def knockout_rows(book: BountyBook, names: dict[int, str]) -> list[list[str]]:
    """A header and one row per knockout that moved bounty money."""
    rows = [[_("Time"), _("Player out"), _("Bounty"), _("Won by")]]
    for knockout in book.knockouts:
        if not knockout.bounty:
            continue
        winners = []
        for share in knockout.shares:
            name = names.get(int(share.player), str(share.player))
            if share.head:
                winners.append(
                    _("{name}: {cash} paid, {head} on his bounty").format(
                        name=name, cash=format_money(share.cash), head=format_money(share.head)
                    )
                )
            else:
                winners.append(_("{name}: {cash}").format(name=name, cash=format_money(share.cash)))
        what = format_money(knockout.bounty)
        if knockout.envelope:
            what = _("envelope {amount}").format(amount=what)
        rows.append(
            [
                format_time(knockout.at),
                names.get(int(knockout.busted), str(knockout.busted)),
                what,
                _("; ").join(winners),
            ]
        )
    return rows
