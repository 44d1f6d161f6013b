"""The open event in the window: opening and closing its session, the console and its
pages, the resume offer after a stop with the clock running, undo and redo, what a
change redraws, the offer to draw for the button, and "Saving…" while a club's
server is slow.

At most one event is open. The session holds the truth; this host holds the
session's controller, its clock feed and ticker, and the console that shows them.
What the rest of the window does about it is said by signals.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget

from director.app.files.settings import KeptSettings
from director.app.storage.databases import StoreError
from director.app.storage.workspace import Followed, Workspace
from director.core.errors import RuleViolation
from director.gui import hotkeys
from director.gui.common import confirm, show_error
from director.gui.sound import SoundPlayer
from director.i18n import _, describe_error, format_clock, render

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    # The console of an open event (its pages, the clock, the rules) is imported
    # when an event is opened: the list of events paints first.
    from director.app.night.changes import Changes
    from director.app.night.resume import Interruption
    from director.app.night.session import TournamentSession
    from director.app.views.feed import ClockFeed
    from director.core import clock as clk
    from director.core.clock import Cue
    from director.gui.console import Console
    from director.gui.controller import SessionController
    from director.gui.pages.clock_page import ClockPage
    from director.gui.ticker import ClockTicker
    from director.gui.window.maintenance import ClubNews
    from director.gui.window.network_host import NetworkHost
    from director.gui.window.tv_host import TvHost


def _where(view: clk.ClockView) -> str:
    """ "level 5, 3:12 left" or "break, 8:00 left"."""
    from director.core.structure import Level

    what = (
        _("a break")
        if view.item is not None and not isinstance(view.item, Level)
        else _("level {number}").format(number=view.level_number)
    )
    if view.remaining is None:
        return what
    return _("{what}, {time} left").format(what=what, time=format_clock(view.remaining))


def duration_text(milliseconds: int) -> str:
    """ "2 h 15 min", "7 min", "less than a minute"."""
    minutes = milliseconds // 60_000
    if minutes < 1:
        return _("less than a minute")
    hours, minutes = divmod(minutes, 60)
    if hours >= 48:
        return _("{days} days").format(days=hours // 24)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return _("{minutes} min").format(minutes=minutes)


def resume_question(found: Interruption, *, crashed: bool = False) -> str:
    """How long the event was closed (or since director stopped without closing:
    a crash, a power cut) and what each choice does to the clock."""
    if crashed:
        first = _(
            "The clock was running when director stopped without closing (a crash or a "
            "power cut), {closed} ago. Nothing recorded was lost."
        )
    else:
        first = _("The clock was running when this event was closed, {closed} ago.")
    return (
        first
        + "\n\n"
        + _(
            "Catch up: the clock goes on as if it had run all along; it is now at "
            "{caught_up}.\n\n"
            "Resume paused where it stood: the clock goes back to {paused} and waits "
            "for Start (Space)."
        )
    ).format(
        closed=duration_text(found.closed_ms),
        caught_up=_where(found.if_caught_up),
        paused=_where(found.if_paused),
    )


def console_first(host: SessionHost) -> None:
    """An event opened in a window on screen: its console paints first, then what
    the clock page does not show is worked out. The guard asks the rules just after
    the paint (the controls disabled meanwhile): the clock page needs the state, not
    the rules. The menus' Undo and Redo (read from the log) are said once it has;
    until then they stay as they were, with no event open. The window is watched
    with the console: at a start it paints first."""
    assert host.controller is not None and host.console is not None
    host.controller.guard.answered.connect(host.undo_changed.emit)
    host.controller.guard.hold_until_painted(host.stack.window(), host.console)


class SessionHost(QObject):
    """The open event's session, controller, clock feed and console."""

    opened = Signal(int)
    """An event was opened (its id): the list of events selects it."""
    events_wanted = Signal()
    """The console's Back: the list of events is shown."""
    undo_changed = Signal()
    """What Undo and Redo would do may have changed (the menus say it)."""
    title_changed = Signal(str)
    """The window's title (the open event's name, or none)."""
    stopped_following = Signal()
    """An event followed live was closed."""
    all_saved = Signal()
    """Nothing waits for the club's server any more."""

    def __init__(
        self,
        workspace: Workspace,
        settings: KeptSettings,
        sound: SoundPlayer,
        tv: TvHost,
        network: NetworkHost,
        news: ClubNews,
        *,
        stack: QStackedWidget,
        keys: hotkeys.ItemViewKeys,
        warn: Callable[[str], None],
        say: Callable[[str, int], None],
        ask_resume: bool,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._settings = settings
        self.sound = sound
        self.tv = tv
        self.network = network
        self._news = news
        self.stack = stack
        self._keys = keys
        self.warn = warn
        self.say = say
        self.ask_resume = ask_resume
        self.after_crash = not settings.current.closed_cleanly
        """The last run stopped without closing with an event open (read once, at start)."""
        self._parent = parent
        self.controller: SessionController | None = None
        self.console: Console | None = None
        self.feed: ClockFeed | None = None
        """The open event's clock feed: the TV, the console's clock and the seat draw
        (and a server for the network) are its views."""
        self.ticker: ClockTicker | None = None
        self.following: Followed | None = None
        """While an event is followed live: its read-only database and its follower."""
        self.button_prompt: QMessageBox | None = None
        self.saving_note = QLabel()
        """A change waiting for the club server ("Saving…"): shown while it waits."""
        self.saving_note.setObjectName("saving_note")
        self.saving_note.setStyleSheet("color: #8a5300; font-weight: bold;")
        self.saving_note.hide()

    # -- opening and closing ----------------------------------------------------

    def open_event(self, event_id: int) -> None:
        try:
            session = self.workspace.library.open(event_id)
        except (StoreError, RuleViolation) as error:
            if isinstance(error, StoreError) and error.code == "event_leased":
                if confirm(
                    self._parent,
                    _("Event in use"),
                    describe_error(error),
                    yes=_("Follow live"),
                ):
                    self.follow_event(event_id)
                return
            show_error(self._parent, error)
            return
        self.open_session(session)

    def follow_event(self, event_id: int) -> None:
        """Show an event that another copy writes, read-only, redrawn as soon as the
        database says it changed (PostgreSQL's notices; no polling)."""
        if not self.workspace.shared:
            return  # a file has one writer: this copy
        try:
            followed = self.workspace.follow(
                event_id, self._news.followed_changed.emit, self._news.club_connection.emit
            )
        except (StoreError, RuleViolation) as error:
            show_error(self._parent, error)
            return
        session = followed.session
        self.open_session(session)
        self.following = followed
        self.say(
            _("Following “{event}” live, read-only: another copy writes it.").format(
                event=session.state.name
            ),
            0,
        )

    def open_session(self, session: TournamentSession) -> None:
        from director.app.views.feed import ClockFeed
        from director.gui.console import Console
        from director.gui.controller import SessionController
        from director.gui.ticker import ClockTicker

        self.close_session()
        for notice in session.notices:
            self.warn(render(notice))
        self.controller = SessionController(session, self._parent)
        self.controller.changed.connect(self._on_changed)
        self.controller.waiting.connect(self._show_waiting)
        self.controller.guard.refused.connect(self.say_refused)
        if self.ask_resume:
            self._offer_resume(session)
        self.feed = ClockFeed(session)
        self.network.attach(self.feed, self.controller)
        self.ticker = ClockTicker(self.controller, self.feed, self._parent)
        self.ticker.cue.connect(self._announce)
        self.ticker.shot_cue.connect(self.sound.shot_clock)
        self.ticker.tick.connect(self.tv.refresh_display)
        self.console = Console(self.controller)
        paint_first = self.stack.isVisible()
        if paint_first:
            console_first(self)
        self.console.back_requested.connect(self.events_wanted.emit)
        self.console.page_built.connect(lambda _key, page: hotkeys.keep_keys(page, self._keys))
        self.tv.attach(self.controller, self.feed, self.console)
        self.build_pages(self.console, self.controller)
        # The page to open on is chosen before the console shows (a page is built
        # when first shown: the first one would be, for nothing).
        # A planned start that came while the app was closed counts as started.
        started = self.ticker is not None and self.ticker.view().started
        self.console.show_page("clock" if started else "event")
        hotkeys.keep_keys(self.console, self._keys)
        self.stack.addWidget(self.console)
        self.stack.setCurrentWidget(self.console)
        self.tv.apply_tv_look()
        self.title_changed.emit(_("{event} — director").format(event=session.state.name))
        if not paint_first:
            self.undo_changed.emit()
        self.tv.keep_awake()  # an event reopened with its clock running
        self.opened.emit(session.tournament_id)
        # Said now, not only at a clean close: after a crash the next start reopens
        # this event (and its TV) and knows it follows a crash.
        self._settings.remember(
            open_event=session.tournament_id,
            open_database=self.workspace.database.key,
            closed_cleanly=False,
        )

    def close_session(self) -> None:
        if self.controller is None:
            return
        # A change still waiting for the server is let finish first: its outcome
        # decides what the event holds (the window keeps painting meanwhile).
        self.controller.wait_for_write()
        running = False
        with contextlib.suppress(Exception):  # read before the ticker stops
            running = self.ticker is not None and self.ticker.view().running
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker.deleteLater()
            self.ticker = None
        self.network.detach()
        if self.feed is not None:
            self.feed.close()
            self.feed = None
        self.tv.detach()
        # The alive mark is a courtesy for the next start; failing it must not stop closing.
        with contextlib.suppress(Exception):
            if running:
                self.controller.session.mark_alive(running=True)
        # Nor the snapshot: it is a cache, the log has everything (a full disk).
        with contextlib.suppress(StoreError, OSError):
            self.controller.close()
        if self.console is not None:
            self.stack.removeWidget(self.console)
            self.console.deleteLater()
        self.controller.deleteLater()
        self.controller = None
        self.console = None
        if self.following is not None:
            followed, self.following = self.following, None
            followed.close()
            self.stopped_following.emit()
        self.title_changed.emit(_("director"))
        self.undo_changed.emit()
        self.tv.keep_awake()

    def reopen(self) -> bool:
        """Open the open event again, as it is shown (after a change of language): the
        console on the same page, the TV window kept, the seat draw kept on it.
        False when no event is open."""
        if self.controller is None or self.console is None:
            return False
        tv = self.tv
        event_id = self.controller.session.tournament_id
        page = self.console.current_key()
        seats = tv.seating_on_tv
        # The TV keeps its window; its texts are redone on the next tick.
        display, tv.display = tv.display, None
        self.close_session()
        asking, self.ask_resume = self.ask_resume, False
        try:
            self.open_event(event_id)
        finally:
            self.ask_resume = asking
            tv.display = display
        if self.console is not None:
            self.console.show_page(page)
            if seats and self.feed is not None:
                from director.gui.pages.tables_page import TablesPage

                # The seat draw stays on the TV, and its box stays ticked (the
                # page that has the box is built for it).
                self.feed.show_seats(True)
                tables_page = self.console.page("tables")
                if isinstance(tables_page, TablesPage):
                    with QSignalBlocker(tables_page.on_tv):
                        tables_page.on_tv.setChecked(True)
        if display is not None:
            from director.gui.clock_display import window_title

            display.setWindowTitle(window_title())
            tv.refresh_display()
        return True

    def build_pages(self, console: Console, controller: SessionController) -> None:
        """Fill the console (``console_pages.py``)."""
        from director.gui.window.console_pages import add_pages

        assert self.ticker is not None
        settings = self._settings
        add_pages(
            console,
            controller,
            self.ticker,
            tv=self.tv,
            network=self.network,
            paper=lambda: settings.current.paper,
        )

    # -- resuming a running clock -------------------------------------------------

    def _offer_resume(self, session: TournamentSession) -> None:
        """After a crash or a restart with the clock running, let the organizer choose:
        catch up the time that passed, or resume paused where the clock stood (the
        decision and the figures come from ``director.app.night.resume``)."""
        from director.app.night import resume

        assert self.controller is not None
        if resume.open_fresh_demo(session) is not None:
            self.refresh_pages()
            return
        found = resume.interruption(session)
        if found is None:
            return
        if self.ask_resume_choice(found) == "catch_up":
            return
        resume.resume_paused(session, found)  # the views hear of it from the session

    def ask_resume_choice(self, found: Interruption | None = None) -> str:
        """Ask how to resume an interrupted clock: "catch_up" or "paused"."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Question,
            _("The clock was running"),
            resume_question(found, crashed=self.after_crash)
            if found is not None
            else _("The clock was running."),
            parent=self._parent,
        )
        catch_up = box.addButton(_("Catch up"), QMessageBox.ButtonRole.AcceptRole)
        paused = box.addButton(_("Resume paused where it stood"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(paused)
        box.exec()
        return "catch_up" if box.clickedButton() is catch_up else "paused"

    def refresh_pages(self) -> None:
        """Redraw every page (after a change that is not an event's, such as the currency)."""
        if self.controller is not None:
            import dataclasses

            from director.app.night.changes import Changes
            from director.core.state import TournamentState

            every = frozenset(field.name for field in dataclasses.fields(TournamentState))
            self.controller.announce(Changes(action="settings", aspects=every))

    def clock_page(self) -> ClockPage | None:
        from director.gui.pages.clock_page import ClockPage

        if self.console is None:
            return None
        page = self.console.page("clock")
        return page if isinstance(page, ClockPage) else None

    def say_refused(self, reason: str) -> None:
        self.say(reason, 6000)

    # -- what changes ------------------------------------------------------------------

    def _announce(self, cue: Cue) -> None:
        from director.app.views.display import announcement
        from director.core.clock import CueKind

        if cue.kind is not CueKind.MESSAGE:  # a message is only spoken
            self.sound.play(cue.kind)
        if self.controller is not None:
            self.sound.say(announcement(self.controller.state, cue))

    def _show_waiting(self, what: int) -> None:
        from director.web.looping import DONE, SAVING

        if what == DONE:
            self.saving_note.hide()
            self.all_saved.emit()
            return
        self.saving_note.setText(
            _("Saving…") if what == SAVING else _("Saving… the club server does not answer")
        )
        self.saving_note.show()

    def _on_changed(self, changes: Changes) -> None:
        from director.core.events import FinalTableDrawn

        self.undo_changed.emit()
        self.tv.keep_awake()
        if changes.touches("tv_look"):
            self.tv.apply_tv_look()
        if self.controller is not None:
            self.title_changed.emit(
                _("{event} — director").format(event=self.controller.state.name)
            )
            if changes.action == "command" and any(
                isinstance(event, FinalTableDrawn) for event in changes.events
            ):
                self.offer_button_draw()
        if changes.label is not None and changes.action != "command":
            verb = _("Undone: {action}") if changes.action == "undo" else _("Redone: {action}")
            self.say(verb.format(action=render(changes.label)), 5000)
        elif changes.label is not None and changes.origin is not None:
            # A paired phone did it: the organizer sees what, and from which phone.
            self.say(
                _("{device}: {action}").format(
                    device=changes.origin.shown, action=render(changes.label)
                ),
                8000,
            )

    def offer_button_draw(self) -> None:
        """After the final-table redraw no seat has the button yet: offer the draw for it
        at once (Hand done stays refused until a button is placed)."""
        from director.core.commands import DrawForButton

        if self.controller is None:
            return
        if self.controller.session.refusal(DrawForButton()) is not None:
            return
        from PySide6.QtWidgets import QMessageBox

        # Not blocking: the night goes on behind it (a window-modal question).
        box = QMessageBox(
            QMessageBox.Icon.Question,
            _("Final table"),
            _(
                "The final table is drawn and no seat has the button yet. Draw for the "
                "button now? One card to each seat: the highest card gets the button."
            ),
            parent=self._parent,
        )
        draw = box.addButton(_("Draw for the button"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(draw)
        box.buttonClicked.connect(lambda clicked: self._button_draw_answered(clicked is draw))
        self.button_prompt = box
        box.open()

    def _button_draw_answered(self, draw: bool) -> None:
        self.button_prompt = None
        if draw and self.controller is not None:
            from director.core.commands import DrawForButton

            self.controller.dispatch(DrawForButton(), self._parent)
            if self.console is not None:
                self.console.show_page("tables")

    def undo(self) -> None:
        if self.controller is not None:
            self.controller.undo(self._parent)

    def redo(self) -> None:
        if self.controller is not None:
            self.controller.redo(self._parent)


class ConsoleKeys:
    """The console's hotkeys: each does what its button does, with the same check,
    and only while the console is shown."""

    CLOCK_BUTTONS: ClassVar[dict[str, str]] = {
        "start_pause": "start_button",
        "next_level": "next_button",
        "previous_level": "previous_button",
        "add_minute": "plus_button",
        "remove_minute": "minus_button",
        "next_hand": "hand_button",
    }

    def __init__(self, sessions: SessionHost) -> None:
        self.sessions = sessions

    def _shown(self) -> bool:
        console = self.sessions.console
        return console is not None and self.sessions.stack.currentWidget() is console

    def clock_action(self, name: str) -> None:
        """A clock hotkey: the same check and the same action as its button."""
        controller = self.sessions.controller
        if not self._shown() or controller is None:
            return
        page = self.sessions.clock_page()
        if page is not None:
            controller.guard.trigger(getattr(page, self.CLOCK_BUTTONS[name]))

    def hand_done_hotkey(self, table: int) -> None:
        from director.gui.pages.tables_page import TablesPage

        console, controller = self.sessions.console, self.sessions.controller
        if console is not None and self._shown() and controller is not None:
            page = console.page("tables")
            if isinstance(page, TablesPage):
                card = page.card_of(table)
                if card is None:
                    refused = RuleViolation("no_such_table", table=table)
                    self.sessions.say_refused(describe_error(refused))
                else:
                    controller.guard.trigger(card.done)

    def player_action(self, key: str) -> None:
        """Bust, re-buy or add-on of the player selected on the players page."""
        from director.gui.pages.players_page import PlayersPage

        console, controller = self.sessions.console, self.sessions.controller
        if console is None or not self._shown() or controller is None:
            return
        page = console.page("players")
        if isinstance(page, PlayersPage) and key in page.buttons:
            controller.guard.trigger(page.buttons[key])

    def shot_clock_action(self, key: str) -> None:
        """Start the shot clock of the player selected on the players page (the
        event's length), or stop his table's; the rules' refusal said in the status
        bar, as the buttons' hotkeys do."""
        from director.app.night.actions import Request, command
        from director.gui.pages.players_page import PlayersPage

        console, controller = self.sessions.console, self.sessions.controller
        if console is None or not self._shown() or controller is None:
            return
        page = console.page("players")
        player = page.selected() if isinstance(page, PlayersPage) else None
        state = controller.state
        where = None if player is None else state.tables.where(player)
        if player is None:
            refused: RuleViolation | None = RuleViolation("no_player_chosen")
        elif key == "shot_clock_stop" and where is None:
            refused = RuleViolation("shot_clock_not_seated", player=state.player_name(player))
        else:
            table = None if where is None else where[0]
            asked = command(key, Request(player=player, table=table))
            refused = controller.session.refusal(asked)
        if refused is not None:
            self.sessions.say_refused(describe_error(refused))
        else:
            controller.dispatch(asked, console)
