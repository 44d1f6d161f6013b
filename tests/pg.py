"""A throwaway PostgreSQL server for the tests.

``initdb`` and ``pg_ctl`` from Debian's ``postgresql`` package make a cluster in
a temporary folder that listens on a Unix socket in that folder only (no TCP
port). PostgreSQL refuses to run as root: where the tests run as root the
server runs as the unprivileged ``postgres`` user (``runuser``). The tests that
need it are skipped, saying why, only when the binaries are absent.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

USER = "director"
_counter = itertools.count(1)


def postgres_bin() -> Path | None:
    """The folder of the newest PostgreSQL server binaries here, or None."""
    override = os.environ.get("DIRECTOR_PG_BIN")
    candidates = [Path(override)] if override else []
    root = Path("/usr/lib/postgresql")
    if root.is_dir():
        versions = sorted(
            (p for p in root.iterdir() if p.name.isdigit()), key=lambda p: int(p.name)
        )
        candidates += [v / "bin" for v in reversed(versions)]
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


class PgServer:
    """One server in a temporary folder; ``url(name)`` for a fresh database."""

    def __init__(self, binaries: Path, *, durable: bool = False) -> None:
        """``durable``: the server syncs its commits to disk (benchmarks); the
        tests' server does not (-F), to be quick."""
        self.bin = binaries
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="director-pg-"))
        self.data = self.root / "data"
        self.socket = self.root  # short: a socket path is limited to ~100 bytes
        self.log = self.root / "server.log"
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, user="postgres", group="postgres")
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *arguments: str) -> None:
        done = subprocess.run([*self._as, *arguments], capture_output=True, text=True, check=False)
        if done.returncode:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{arguments[0]} failed: {done.stderr}{done.stdout}\n{log}")

    def start(self) -> PgServer:
        """Make the cluster and start the server."""
        self._run(
            str(self.bin / "initdb"),
            "-D", str(self.data),
            "-U", USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )  # fmt: skip
        self.start_again()
        return self

    def start_again(self) -> None:
        """Start the server on its cluster (after ``stop_server``)."""
        options = f"-k {self.socket} -c listen_addresses='' -c max_connections=60"
        if not self.durable:
            options += " -F"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D", str(self.data),
            "-o", options,
            "-l", str(self.log),
            "-w",
            "start",
        )  # fmt: skip

    def stop_server(self) -> None:
        """Stop the server (its clients are cut off), keeping the cluster to start again."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def terminate(self, pid: int) -> None:
        """End one client's server process, as an administrator would."""
        self.terminate_at(self.url(), pid)

    @staticmethod
    def terminate_at(url: str, pid: int | None) -> None:
        """End the server process ``pid`` of the server at ``url``."""
        import psycopg

        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("SELECT pg_terminate_backend(%s)", (pid,))

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.socket}"

    def create_database(self, prefix: str = "club") -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


_server: PgServer | None = None


def server() -> PgServer:
    """The tests' one server (started on first use, stopped at exit)."""
    global _server
    if _server is None:
        binaries = postgres_bin()
        if binaries is None:
            import pytest

            pytest.skip("PostgreSQL server binaries not installed (apt-get install postgresql)")
        _server = PgServer(binaries).start()
        import atexit

        atexit.register(_server.stop)
    return _server
