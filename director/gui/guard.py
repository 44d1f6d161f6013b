"""One answer to "may I?" for every control: button, menu entry and hotkey.

A control is bound to the command it would send (or to a refusal when it
cannot make one, such as "choose a player first"). On every change notice,
and each second for the rules that move with time (the re-buy period ends
with a level), the guard asks the session whether the rules would refuse that
command, without writing anything: the control is enabled exactly when they
would accept it, and the reason is its tooltip when they would not. A hotkey
goes through ``trigger``, which asks again and clicks the same control, so the
button, the hotkey and the action answer alike. A control that does one of the
action catalogue's actions (``app.night.actions``) is bound by its key (``bind_action``):
its command is the catalogue's, as the phones' are.

An event opened in a window already on screen is painted before the guard asks
anything (``hold_until_painted``): the clock page needs the state and its
display data, not the rules, and the first questions build the commands, their
events and the handlers that decide them (some 35 ms of the reopened event's
first paint). Meanwhile every bound control is disabled, so nothing the rules
would refuse can be clicked; the answers come just after the paint.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QWidget

from director.app.night import actions
from director.app.night.actions import Request
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.i18n import describe_error

Control = QAbstractButton | QAction
Probe = Callable[[], "Command | RuleViolation | None"]
"""What the control would do now: a command to check, a refusal, or None (always allowed)."""

REFRESH_MS = 1000
HOLD_AT_MOST_MS = 500
"""A held guard asks at the latest this long after it was held (a window that is not
painted, such as a minimised one, still gets its answers)."""


class _Session(Protocol):
    def refusal(self, command: Command) -> RuleViolation | None: ...

    def refusal_moment(self) -> tuple[int, ...]: ...


class _Controller(Protocol):
    @property
    def session(self) -> _Session: ...

    @property
    def changed(self) -> SignalInstance: ...

    @property
    def state(self) -> object: ...


@dataclass
class _Binding:
    control: Control
    probe: Probe
    hint: str
    key: str | None = None
    """The catalogue's action the control does (``app.night.actions``), when it is one."""


class Guard(QObject):
    """Keeps bound controls enabled exactly when the rules would accept them."""

    refused = Signal(str)
    """A hotkey asked for something the rules refuse: the reason, for the status bar."""
    answered = Signal()
    """A held guard has asked about every control (``hold_until_painted``)."""

    def __init__(self, controller: _Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._bindings: list[_Binding] = []
        controller.changed.connect(lambda _changes: self.refresh())
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_second)
        self._moment: tuple[int, ...] = ()
        self._answers: dict[Command, RuleViolation | None] = {}
        self._answered: object = None
        """The state the remembered answers are about (held, so never mistaken)."""
        self._held = False
        """Asking nothing yet (``hold_until_painted``): bound controls stay disabled."""
        self._timer.start()

    def hold_until_painted(self, *widgets: QWidget) -> None:
        """Ask the rules nothing until one of ``widgets`` has painted (at the latest
        ``HOLD_AT_MOST_MS`` from now): a control bound meanwhile is disabled, then
        enabled or not from the rules just after the paint. A hotkey asks at once."""
        self._held = True
        _AfterPaint(self, widgets)
        QTimer.singleShot(HOLD_AT_MOST_MS, self, self.release)

    @property
    def held(self) -> bool:
        """Whether the guard waits for a first paint before asking (see above)."""
        return self._held

    def release(self) -> None:
        """Ask now for every bound control, if the guard was held (once)."""
        if self._held:
            self._held = False
            self.refresh()
            self.answered.emit()

    def bind(self, control: Control, probe: Probe, hint: str | None = None) -> Control:
        """Follow ``probe`` for ``control``; ``hint`` is its tooltip while allowed."""
        binding = _Binding(control, probe, control.toolTip() if hint is None else hint)
        self._bindings = [b for b in self._bindings if b.control is not control]
        self._bindings.append(binding)
        control.destroyed.connect(lambda *_: self._forget(control))
        if self._held:
            control.setEnabled(False)  # not clickable before the rules answered
            control.setToolTip(binding.hint)
        else:
            self._apply(binding)
        return control

    def bind_action(
        self,
        control: Control,
        key: str,
        request: Callable[[], Request | RuleViolation] | None = None,
        hint: str | None = None,
    ) -> Control:
        """Follow the catalogue's action ``key`` for ``control``: ``request`` fills
        what it needs now (or is the refusal when it cannot: "choose a player
        first"); an action that is no command is always allowed."""

        def probe() -> Command | RuleViolation | None:
            action = actions.catalogue()[key]
            if action.build is None:
                return None
            asked = Request() if request is None else request()
            return asked if isinstance(asked, RuleViolation) else action.command(asked)

        self.bind(control, probe, hint)
        self._bindings[-1].key = key
        return control

    def key_of(self, control: Control) -> str | None:
        """The catalogue's action ``control`` is bound to, if any."""
        return next((b.key for b in self._bindings if b.control is control), None)

    def controls_of(self, key: str) -> list[Control]:
        """The controls bound to the catalogue's action ``key``."""
        return [b.control for b in self._bindings if b.key == key]

    def _forget(self, control: object) -> None:
        self._bindings = [b for b in self._bindings if b.control is not control]

    def refusal(self, probe: Probe) -> RuleViolation | None:
        """Why the rules would refuse what ``probe`` describes now, or None."""
        wanted = probe()
        if wanted is None:
            return None
        if isinstance(wanted, RuleViolation):
            return wanted
        return self.controller.session.refusal(wanted)

    def recheck(self, control: Control) -> None:
        """Ask again for ``control`` alone (what it would send changed: a typed text)."""
        if self._held:
            return  # asked with the others once released
        for binding in self._bindings:
            if binding.control is control:
                self._apply(binding)

    def refusal_of(self, control: Control) -> RuleViolation | None:
        for binding in self._bindings:
            if binding.control is control:
                return self.refusal(binding.probe)
        return None

    def _on_second(self) -> None:
        """Each second, ask again only when time could have changed an answer: the
        rules move with time through the clock's level (the re-buy period, late
        entries), never within one, so an unchanged state and level need no asking."""
        if self._held:
            return
        moment = self.controller.session.refusal_moment()
        if moment != self._moment:
            self.refresh()

    def refresh(self) -> None:
        if self._held:
            return  # ``release`` asks for every control
        moment = self.controller.session.refusal_moment()
        state = self.controller.state
        if moment != self._moment or state is not self._answered:
            self._answers.clear()
            self._answered = state
        self._moment = moment
        for binding in list(self._bindings):
            self._apply(binding, remembered=True)

    def _remembered_refusal(self, probe: Probe) -> RuleViolation | None:
        """``refusal``, remembered for the same state and moment: one change notice
        makes several pages refresh, each asking the same questions again."""
        wanted = probe()
        if wanted is None or isinstance(wanted, RuleViolation):
            return wanted
        try:
            return self._answers[wanted]
        except TypeError:  # a command that cannot be a key: ask
            return self.controller.session.refusal(wanted)
        except KeyError:
            answer = self.controller.session.refusal(wanted)
            self._answers[wanted] = answer
            return answer

    def _apply(self, binding: _Binding, remembered: bool = False) -> None:
        try:
            if remembered:
                refused = self._remembered_refusal(binding.probe)
            else:
                refused = self.refusal(binding.probe)
        except RuntimeError:  # the control's page is gone (a C++ object deleted)
            self._forget(binding.control)
            return
        control = binding.control
        try:
            control.setEnabled(refused is None)
            control.setToolTip(binding.hint if refused is None else describe_error(refused))
        except RuntimeError:
            self._forget(control)

    def trigger(self, control: Control) -> bool:
        """Do what ``control`` does if the rules allow it now; else say why. For hotkeys."""
        binding = next((b for b in self._bindings if b.control is control), None)
        refused = self.refusal(binding.probe) if binding is not None else None
        if binding is not None:
            self._apply(binding)
        if refused is not None:
            self.refused.emit(describe_error(refused))
            return False
        if isinstance(control, QAction):
            control.trigger()
        else:
            control.click()
        return True


class _AfterPaint(QObject):
    """Releases ``guard`` just after the first paint of any of ``widgets`` (once that
    paint is drawn, not in the middle of it). A child of the guard: gone with it.

    At a start the window is painted before its children, in the same pass, and a
    filter installed last is asked first: the guard then answers before what the
    start-up does after its own first paint (the backup, looking for an audio
    output). An event opened later paints its console, not always the window."""

    def __init__(self, guard: Guard, widgets: tuple[QWidget, ...]) -> None:
        super().__init__(guard)
        self._guard = guard
        self._widgets = widgets
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            for widget in self._widgets:
                with contextlib.suppress(RuntimeError):  # a widget already deleted
                    widget.removeEventFilter(self)
            QTimer.singleShot(0, self._guard, self._guard.release)
        return False
