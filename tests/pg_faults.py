"""Faults a club's PostgreSQL server can have, made for real on a test server: paused
(its processes stopped, as a server machine that froze or a VM suspended), stopped
and started again, a lock held by another copy."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

from tests.pg import PgServer


def server_pids(server: PgServer) -> list[int]:
    """The server's processes: the postmaster and every process it started."""
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [postmaster]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def pause(server: PgServer) -> list[int]:
    """Stop every process of ``server`` (SIGSTOP): it accepts bytes, answers none."""
    pids = server_pids(server)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGSTOP)
    return pids


def resume(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


@contextlib.contextmanager
def paused(server: PgServer) -> Iterator[list[int]]:
    """The server paused for the block; resumed whatever happens in it."""
    pids = pause(server)
    try:
        yield pids
    finally:
        resume(pids)


@contextlib.contextmanager
def table_locked(url: str, table: str) -> Iterator[None]:
    """Another copy holds ``table`` locked (a long transaction) for the block."""
    import psycopg

    with psycopg.connect(url) as connection:
        connection.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            connection.rollback()
