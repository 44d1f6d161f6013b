"""The console's pages, in their order: each part of the product adds its page here.

A page is built, and its module imported, when it is first shown or asked for;
each is given what it needs (the controller, the clock's ticker, the TV, the
network), never the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from director.i18n import _

if TYPE_CHECKING:
    from director.gui.console import Console
    from director.gui.controller import SessionController
    from director.gui.ticker import ClockTicker
    from director.gui.window.network_host import NetworkHost
    from director.gui.window.tv_host import TvHost


def add_pages(
    console: Console,
    controller: SessionController,
    ticker: ClockTicker,
    *,
    tv: TvHost,
    network: NetworkHost,
    paper: Callable[[], str],
) -> None:
    """Fill ``console`` with the open event's pages."""

    def event_page() -> QWidget:
        from director.gui.pages.event_page import EventPage

        return EventPage(controller)

    def clock_page() -> QWidget:
        from director.gui.pages.clock_page import ClockPage

        page = ClockPage(controller, ticker)
        page.show_display_requested.connect(tv.show_display)
        page.tv_settings_requested.connect(tv.show_tv_settings)
        # The TV's look, as on the TV (given to a built page by apply_tv_look).
        look = tv.tv_look()
        page.face.set_look(look, tv.look_pictures(look))
        return page

    def structure_page() -> QWidget:
        from director.gui.pages.structure_page import StructurePage

        return StructurePage(controller)

    def players_page() -> QWidget:
        from director.gui.pages.players_page import PlayersPage

        return PlayersPage(controller)

    def tables_page() -> QWidget:
        from director.gui.pages.tables_page import TablesPage

        page = TablesPage(controller)
        page.show_seating_requested.connect(tv.show_seating_on_tv)
        page.dealers_requested.connect(network.show_dealers)
        return page

    def payouts_page() -> QWidget:
        from director.gui.pages.payouts_page import PayoutsPage

        return PayoutsPage(controller)

    def night_page() -> QWidget:
        from director.gui.pages.night_page import NightPage

        return NightPage(controller)

    def floor_page() -> QWidget:
        from director.gui.pages.floor_page import FloorPage

        return FloorPage(controller)

    def reports_page() -> QWidget:
        from director.gui.pages.reports_page import ReportsPage

        return ReportsPage(controller, paper())

    def club_page() -> QWidget:
        from director.app.club.balances import ClubBook
        from director.app.club.lifetime import lifetime_results
        from director.gui.lifetime_view import add_lifetime_tab
        from director.gui.pages.club_page import ClubPage

        database = controller.session.database
        book = ClubBook(database, clock=controller.now)
        page = ClubPage(book, paper=paper())
        add_lifetime_tab(page, lambda: lifetime_results(database))
        return page

    console.add_page("event", _("Event"), event_page)
    console.add_page("clock", _("Clock"), clock_page)
    console.add_page("structure", _("Structure"), structure_page)
    console.add_page("players", _("Players"), players_page)
    console.add_page("tables", _("Tables"), tables_page)
    if not controller.state.is_cash:
        console.add_page("payouts", _("Payouts"), payouts_page)
        console.add_page("night", _("Night"), night_page)
    console.add_page("floor", _("Floor"), floor_page)
    console.add_page("reports", _("Reports"), reports_page)
    console.add_page("club", _("Club"), club_page)
