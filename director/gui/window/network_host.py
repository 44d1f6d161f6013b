"""The clock on the local network, as the window offers it: sharing the page, the
dealers' and the helpers' phones, the floor calls from the tables, and the page's
address shown on the TV.

The server itself is ``gui/sharing.py`` (imported with the window, the web layer
only once sharing starts); this host opens its dialogs and says what it does in
the status bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QPushButton, QWidget

from director.app.files.settings import KeptSettings
from director.app.night.timesource import Now
from director.app.storage.databases import Database
from director.gui.floor_call import FloorCallBar
from director.gui.sharing import Sharing
from director.gui.sound import SoundPlayer
from director.i18n import _

if TYPE_CHECKING:
    from director.app.views.feed import ClockFeed
    from director.gui.controller import SessionController
    from director.gui.window.tv_host import TvHost


class NetworkHost(QObject):
    """Sharing on the network and the phones, for the open event."""

    def __init__(
        self,
        database: Database,
        settings: KeptSettings,
        sound: SoundPlayer,
        tv: TvHost,
        *,
        say: Callable[[str, int], None],
        clock: Now,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self.sound = sound
        self.tv = tv
        self.controller: SessionController | None = None
        """The open event's controller (its tables get the dealers' codes)."""
        self.say = say
        self.clock = clock
        self._parent = parent
        self.floor_calls = FloorCallBar()
        """Tables calling the floor from their dealer's phone (hidden when none)."""
        self.sharing = Sharing(database, self.update_settings, clock=clock, parent=self)
        """The clock on the local network (View > Share on the network)."""
        self.share_note = QPushButton()
        self.share_note.setFlat(True)
        self.share_note.clicked.connect(self.show_sharing)
        self.share_note.hide()
        self.share_dialog: object | None = None
        self.dealers_dialog: object | None = None
        self.helpers_dialog: object | None = None
        self.door_view: object | None = None
        self.sharing.changed.connect(self.sharing_changed)
        tv.display_made.connect(self._tell_tv_the_address)
        current = settings.current
        self.sharing.set_remote(current.remote, remember=False)
        self.sharing.set_dealers(current.dealers, remember=False)
        self.sharing.floor_changed.connect(self._floor_changed)
        self.floor_calls.answered.connect(self.sharing.answer_floor)
        self._calls_heard: set[tuple[int, int]] = set()
        if current.share:
            # An address gone (another network) is said in the status bar, and the page
            # is never served on another address instead.
            self.sharing.start_remembered(current.share_address, current.share_port)

    def attach(self, feed: ClockFeed, controller: SessionController) -> None:
        """Serve this event's clock (and its tables to the phones)."""
        self.controller = controller
        self.sharing.attach(feed, controller.session)

    def detach(self) -> None:
        self.sharing.detach()
        self.controller = None

    def show_sharing(self) -> None:
        """View > Share on the network: the page's address, its QR code, the remote."""
        from director.gui.dialogs.share import ShareDialog

        dialog = ShareDialog(
            self.sharing,
            self._settings.current,
            show_on_tv=self.show_address_on_tv,
            now=self.clock,
            parent=self._parent,
        )
        self.share_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.share_dialog = None

    def show_dealers(self) -> None:
        """View > Dealers' phones: one QR code per table of the open event."""
        controller = self.controller
        if controller is None:
            self.say(_("Open an event first: its tables get the codes."), 6000)
            return
        from director.gui.dialogs.dealers import DealersDialog

        dialog = DealersDialog(
            self.sharing, controller, share=self.show_sharing, now=self.clock, parent=self._parent
        )
        self.dealers_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.dealers_dialog = None

    def show_helpers(self) -> None:
        """View > Helpers' phones: the open event's code for a helper's phone."""
        controller = self.controller
        if controller is None:
            self.say(_("Open an event first: a helper's phone helps with it."), 6000)
            return
        from director.gui.dialogs.helpers import HelpersDialog

        dialog = HelpersDialog(
            self.sharing, controller, share=self.show_sharing, now=self.clock, parent=self._parent
        )
        self.helpers_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.helpers_dialog = None

    def show_door(self) -> None:
        """View > The door: the check-in page's switch, sign and arrivals."""
        controller = self.controller
        if controller is None:
            self.say(_("Open an event first: the door lets players into it."), 6000)
            return
        from director.gui.door_view import DoorView

        dialog = DoorView(self.sharing, controller, share=self.show_sharing, parent=self._parent)
        self.door_view = dialog
        try:
            dialog.exec()
        finally:
            self.door_view = None

    def _floor_changed(self) -> None:
        """A table called the floor (shown, and sounded when new), or a call was answered."""
        calls = self.sharing.floor_calls()
        self.floor_calls.show_calls(calls)
        fresh = {(call.table, call.called_at) for call in calls} - self._calls_heard
        self._calls_heard = {(call.table, call.called_at) for call in calls}
        if fresh:
            self.sound.alert()

    def show_address_on_tv(self) -> None:
        """The page's address and its QR code over the clock on the TV, for a minute."""
        if not self.sharing.running:
            return
        if self.controller is None:
            self.say(_("Open an event first: the TV shows its clock."), 6000)
            return
        self.tv.show_display()
        if self.tv.display is not None:
            self.tv.display.show_address(self.sharing.url)

    def sharing_changed(self) -> None:
        """Say in the status bar what is shared (a button back to the dialog)."""
        summary = self.sharing.summary()
        self.share_note.setText(summary)
        self.share_note.setToolTip(_("Share on the network…"))
        self.share_note.setVisible(bool(summary))
        self._tell_tv_the_address()

    def _tell_tv_the_address(self) -> None:
        self.tv.set_network_url(self.sharing.url if self.sharing.running else "")

    def use_database(self, database: Database) -> None:
        self.sharing.use_database(database)

    def update_settings(self, **changes: object) -> None:
        """Keep a setting changed outside the settings dialog (sharing on the network)."""
        try:
            self._settings.change(**changes)
        except OSError as error:
            self.say(_("Settings not saved: {error}").format(error=error), 10000)
