"""The cash box check as sentences, for the ledger and the settlement: what the box
holds once everything is settled, what that money is, and whether it balances."""

from __future__ import annotations

from director.core.results import BoxCheck
from director.i18n import _, format_money


def box_lines(box: BoxCheck) -> list[str]:
    """Two sentences: the box once settled and what it holds; then the verdict."""
    parts = [_("fees {amount}").format(amount=format_money(box.fees))]
    if box.season_pot:
        parts.append(_("season pot {amount}").format(amount=format_money(box.season_pot)))
    if box.unclaimed:
        parts.append(_("unclaimed bounties {amount}").format(amount=format_money(box.unclaimed)))
    if box.in_play:
        parts.append(
            _("prizes and bounties not won yet {amount}").format(amount=format_money(box.in_play))
        )
    lines = [
        _(
            "The box: {box} now, plus the host's {host} and the debts still owed {owed}, less "
            "{due} still to pay the players, leaves {end}: {parts}."
        ).format(
            box=format_money(box.in_box),
            host=format_money(box.host_money),
            owed=format_money(box.owed),
            due=format_money(box.due),
            end=format_money(box.at_the_end),
            parts=", ".join(parts),
        )
    ]
    if box.difference:
        lines.append(
            _("The box does not balance: it is out by {amount}!").format(
                amount=format_money(box.difference)
            )
        )
    else:
        lines.append(_("The box balances to the cent."))
    return lines
