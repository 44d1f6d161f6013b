"""What Qt says on stderr: its multimedia chatter stays quiet unless ``--verbose``.

On a machine without a sound server, loading Qt Multimedia prints a dozen lines
(``qt.multimedia.symbolsresolver: Couldn't load pipewire-0.3 library``,
``PulseAudioService: pa_context_connect() failed``...) that look like errors to
an organizer starting the app from a terminal. They are not: the app says once,
in its status bar, that sounds are off, and the clock is not affected.

``quiet_environment`` must run before Qt loads (logging rules are read once);
``install_message_handler`` catches what the rules cannot (messages logged
without a category).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import MutableMapping
from typing import Any

QUIET_RULES = ("qt.multimedia*=false",)
"""Qt logging rules for the categories kept quiet (``QT_LOGGING_RULES`` syntax)."""
QUIET_CATEGORIES = ("qt.multimedia",)
QUIET_TEXTS = ("PulseAudioService:", "pa_context_connect", "QSoundEffect")
"""Uncategorised messages from the audio backends, by how they start or what they hold."""


def quiet_environment(verbose: bool, environ: MutableMapping[str, str] | None = None) -> None:
    """Add the quiet rules to ``QT_LOGGING_RULES`` (rules already there are kept and
    listed first, so the user's own win... except for the categories made quiet)."""
    if verbose:
        return
    environ = os.environ if environ is None else environ
    rules = [rule for rule in environ.get("QT_LOGGING_RULES", "").split(";") if rule.strip()]
    for rule in QUIET_RULES:
        if rule not in rules:
            rules.append(rule)
    environ["QT_LOGGING_RULES"] = ";".join(rules)


def is_chatter(category: str, text: str) -> bool:
    """Whether a Qt message is the audio backends' chatter."""
    return category.startswith(QUIET_CATEGORIES) or any(part in text for part in QUIET_TEXTS)


_installed: list[Any] = []


def install_message_handler(verbose: bool) -> None:
    """Route Qt's messages through a filter that drops the audio chatter (all of
    them go through with ``verbose``); everything else goes to stderr as Qt
    itself would print it."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, context: QMessageLogContext, text: str) -> None:
        category = (context.category or "") if context is not None else ""
        if not verbose and is_chatter(str(category), text):
            return
        prefix = f"{category}: " if category and category != "default" else ""
        # No stderr (a GUI launcher): nowhere to say it.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.write(f"{prefix}{text}\n")

    _installed[:] = [handler]  # kept alive as long as it is installed
    qInstallMessageHandler(handler)
