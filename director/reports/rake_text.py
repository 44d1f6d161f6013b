"""The house's rake in one sentence, as the settlement dialog and PDF say it (no
ReportLab here: the window imports it)."""

from __future__ import annotations

from director.i18n import _, format_money


def rake_text(amount: int) -> str:
    """ "The house's rake: €12.00, for the club's own account." """
    return _("The house's rake: {amount}, for the club's own account.").format(
        amount=format_money(amount)
    )
