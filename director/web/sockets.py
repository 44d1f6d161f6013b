"""Letting go of the sockets Qt gives the server, so that a night of phones coming
and going leaves nothing behind."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject


class Graveyard:
    """Sockets let go (``deleteLater``), kept referenced until Qt has deleted them.

    A socket Qt made is its server's child, and PySide keeps the wrapper of every
    child of a wrapped object for as long as the parent lives: all night, for the
    server. Taken off its parent, it is ours alone; it is kept referenced until Qt
    has deleted it (a sweep or two later), then forgotten.
    """

    def __init__(self) -> None:
        self._rows: list[list[QObject]] = [[], []]

    def let_go(self, socket: QObject) -> None:
        if not shiboken6.isValid(socket):
            return
        socket.setParent(None)
        socket.deleteLater()
        self._rows[-1].append(socket)

    def sweep(self) -> None:
        """What was let go a sweep ago is deleted by now: its wrappers may go."""
        self._rows = [self._rows[-1], []]
