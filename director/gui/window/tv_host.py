"""The TV beside the console: its window, its look and pictures, the seat draw on it,
and the screen kept awake while the clock runs.

The host is told which event is open (``attach``/``detach``) and shows its clock;
it serves the TV look dialog (``gui/dialogs/tv_display.py``) what the dialog needs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from director.app.files.settings import KeptSettings, Settings
from director.app.storage.databases import Database, StoreError
from director.app.storage.workspace import Workspace
from director.app.tv.awake import ScreenAwake
from director.core.errors import RuleViolation
from director.gui.screens import choose_screen, screen_id
from director.gui.sound import SoundPlayer
from director.i18n import _, describe_error

if TYPE_CHECKING:
    from PySide6.QtGui import QScreen

    from director.app.tv.tv_assets import AssetStore
    from director.app.views.feed import ClockFeed
    from director.core.tv import TvLook
    from director.gui.clock_display import ClockDisplayWindow
    from director.gui.console import Console
    from director.gui.controller import SessionController
    from director.gui.media import LoadedPicture


class TvHost(QObject):
    """The clock display window of the open event, and the look it is drawn in."""

    display_made = Signal()
    """The TV window was just made (the network host gives it the page's address)."""

    def __init__(
        self,
        workspace: Workspace,
        settings: KeptSettings,
        sound: SoundPlayer,
        *,
        warn: Callable[[str], None],
        apply_settings: Callable[[Settings], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._settings = settings
        self.sound = sound
        self.warn = warn
        self._apply_settings = apply_settings
        self._parent = parent
        self.display: ClockDisplayWindow | None = None
        self._assets: AssetStore | None = None
        self._pictures: dict[str, LoadedPicture | None] = {}
        """Pictures of the TV's looks, decoded once (None: missing or damaged)."""
        self.controller: SessionController | None = None
        self.feed: ClockFeed | None = None
        self.console: Console | None = None
        self.awake = ScreenAwake()
        """The screen kept awake while the clock runs or the TV is full screen."""
        self.awake_note = QLabel()
        """Said while the screen should stay awake and the system refuses to keep it so."""
        self.awake_note.setStyleSheet("color: #b3261e;")
        self.awake_note.hide()

    # -- the open event --------------------------------------------------------

    def attach(self, controller: SessionController, feed: ClockFeed, console: Console) -> None:
        """Show this event's clock (the TV window opens when asked)."""
        self.controller, self.feed, self.console = controller, feed, console

    def detach(self) -> None:
        """The event closes: its TV window goes with it (not by hand: the next start
        shows it again)."""
        if self.display is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.display.hidden.disconnect(self._tv_closed_by_hand)
            self.display.close()
            self.display.deleteLater()
            self.display = None
        self.controller, self.feed, self.console = None, None, None

    # -- the look -----------------------------------------------------------------

    @property
    def database(self) -> Database:
        """The database worked on now (the pictures are kept in it)."""
        return self.workspace.database

    @property
    def readonly(self) -> bool:
        """The database cannot be written (an event followed live, a read-only file)."""
        return self.database.readonly

    @property
    def assets(self) -> AssetStore:
        """The database's pictures and sounds (this computer's data folder their cache),
        found on first use."""
        if self._assets is None or self._assets.database is not self.database:
            from director.app.tv.tv_assets import AssetStore

            self._assets = AssetStore.of(self.database)
        return self._assets

    def adopt_assets(self) -> None:
        """Move into the database the pictures and sounds an older version kept only in
        the data folder, when an event's look or the default look names them (once
        after the upgrade; then there is nothing left to move). A failure (a full
        disk) is said; each picture is tried again when a look shows it."""
        try:
            self.assets.adopt(self._settings.current.tv_look.assets())
        except (StoreError, OSError) as error:
            text = describe_error(error) if isinstance(error, StoreError) else str(error)
            self.warn(_("TV: {problem}").format(problem=text))

    def forget_missing_pictures(self) -> None:
        """Pictures found missing are looked for again (another database, a restore)."""
        for name in [name for name, picture in self._pictures.items() if picture is None]:
            del self._pictures[name]

    def missing_pictures(self) -> bool:
        return any(picture is None for picture in self._pictures.values())

    def default_look(self) -> TvLook:
        """The look new events get (the settings')."""
        return self._settings.current.tv_look

    def tv_look(self) -> TvLook:
        """The open event's look, or the default one from the settings."""
        if self.controller is not None and self.controller.state.tv_look is not None:
            return self.controller.state.tv_look
        return self.default_look()

    def save_default_look(self, look: TvLook) -> None:
        """Keep ``look`` in the settings for new events (shown at once where it is used)."""
        self._apply_settings(self._settings.current.with_changes(tv_look=look))

    def look_pictures(self, look: TvLook) -> dict[str, LoadedPicture]:
        """The look's logo and background, decoded (kept); one that is missing or
        damaged is left out, and said once in the status bar."""
        wanted = (look.logo, look.background.asset if look.background else "")
        found: dict[str, LoadedPicture] = {}
        for name in filter(None, wanted):
            if name not in self._pictures:
                from director.gui.media import load_picture

                try:
                    self._pictures[name] = load_picture(self.assets.read(name))
                except RuleViolation as error:
                    self._pictures[name] = None
                    self.warn(_("TV: {problem}").format(problem=describe_error(error)))
            picture = self._pictures[name]
            if picture is not None:
                found[name] = picture
        return found

    def apply_tv_look(self) -> None:
        """Show the current look on the TV, on the console's preview and in the sounds."""
        look = self.tv_look()
        pictures = self.look_pictures(look)
        if self.display is not None:
            self.display.set_look(look, pictures)
        # A clock page not built yet takes the look when it is (see SessionHost).
        page = self.console.built_page("clock") if self.console is not None else None
        if page is not None:
            from director.gui.pages.clock_page import ClockPage

            if isinstance(page, ClockPage):
                page.face.set_look(look, pictures)
        self.sound.set_look(look, self.assets if look.sounds else None)

    def show_tv_settings(self) -> None:
        """The TV display dialog: the look of the open event, or the defaults."""
        from director.gui.dialogs.tv_display import TvDisplayDialog

        data = self.feed.data if self.feed is not None else None
        dialog = TvDisplayDialog(self, self._parent, data=data)
        dialog.exec()

    # -- the TV window ---------------------------------------------------------------

    def refresh_display(self) -> None:
        if self.display is not None and self.display.isVisible() and self.feed is not None:
            self.display.set_data(self.feed.data)

    @property
    def seating_on_tv(self) -> bool:
        return self.feed is not None and self.feed.showing_seats

    def show_seating_on_tv(self, on: bool) -> None:
        """Show the seat draw on the TV instead of the clock (or the clock again): the
        feed tells every view of it, the TV window among them."""
        if self.feed is None:
            return
        self.feed.show_seats(on)
        if on:
            self.show_display()

    def show_display(self) -> None:
        """Open (or bring back) the clock display on the chosen screen."""
        from director.gui.clock_display import ClockDisplayWindow

        if self.controller is None:
            return
        if self.display is None:
            self.display = ClockDisplayWindow()
            look = self.tv_look()
            self.display.set_look(look, self.look_pictures(look))
            self.display_made.emit()
            self.display.hidden.connect(self._tv_closed_by_hand)
            self.display.full_screen_changed.connect(self.keep_awake)
        if self.feed is not None:
            self.display.set_data(self.feed.data)
        self.display.show_on(
            choose_screen(self._settings.current.display_screen, self._parent.screen())
        )
        self.keep_awake()
        handle = self.display.windowHandle()
        if handle is not None:
            handle.screenChanged.connect(self._display_moved, Qt.ConnectionType.UniqueConnection)
        self._settings.remember(tv_open=True)

    def set_network_url(self, url: str) -> None:
        """The TV's QR code element (when its layout has one) points at the network
        page while it is shared (``url``), and disappears when it is not ("")."""
        if self.display is not None:
            self.display.face.set_network_url(url)

    def _tv_closed_by_hand(self) -> None:
        self._settings.remember(tv_open=False)
        # Hidden only after this signal: the screen may sleep once the TV is gone.
        QTimer.singleShot(0, self.keep_awake)

    def keep_awake(self) -> None:
        """Hold off the screen saver and display sleep while the clock runs or the TV
        is full screen; say so in the status bar where the system refuses."""
        clock_runs = self.controller is not None and self.controller.state.clock.running
        tv_full = (
            self.display is not None and self.display.isVisible() and self.display.isFullScreen()
        )
        self.awake.want(clock_runs or tv_full)
        self.show_awake()

    def show_awake(self) -> None:
        state = self.awake.state
        self.awake_note.setText(state.text())
        self.awake_note.setToolTip(state.detail)
        self.awake_note.setVisible(state.refused)

    def _display_moved(self, screen: QScreen | None) -> None:
        """Remember the screen the organizer dragged the display to, by its identity."""
        if screen is None:
            return
        key = screen_id(screen).key()
        settings = self._settings.current
        if key != settings.display_screen:
            self._apply_settings(settings.with_changes(display_screen=key))
