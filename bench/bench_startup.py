"""Start-up of the command line, each next to a floor measured in the same run.

- ``director --version`` against ``python -c pass`` (the interpreter alone).
- ``director status EVENT`` on a 10,000-event log against a script that reads
  every event row with ``sqlite3`` and parses it with ``json.loads``: wall time,
  and each process's peak memory (RSS, read from /proc at its exit). Twice: the
  log as director writes it (with the snapshot the session writes every
  1,000 events and at close), and the same log without a snapshot, replayed whole
  (the worst case: a snapshot of an older format, or damaged).

Runs alternate between ours and the floor, so that a busy moment of the
machine hits both alike; medians are printed. Targets: ``--version`` at most 3x
its floor (issue 20), ``status`` at most 2x (issue 36).

Run: python -m bench.bench_startup
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_session import EVENTS, fill

RUNS = 15
TARGET = 3.0
STATUS_TARGET = 2.0  # issue 36

FLOOR_SCRIPT = """
import json, sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
for (payload,) in connection.execute("SELECT payload FROM event"):
    json.loads(payload)
connection.close()
"""


def child_environment(folder: Path) -> dict[str, str]:
    """Settings and data in ``folder``; compiled bytecode kept (in ``folder``), as an
    installed program has it: a start-up that compiles every module from source
    would measure the compiler (PYTHONDONTWRITEBYTECODE is dropped for this)."""
    env = {
        **os.environ,
        "DIRECTOR_CONFIG_DIR": str(folder / "config"),
        "DIRECTOR_DATA_DIR": str(folder / "data"),
        "PYTHONPYCACHEPREFIX": str(folder / "pycache"),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def director_command() -> list[str]:
    """The installed ``director`` command next to this interpreter, else ``-m``."""
    script = Path(sys.executable).parent / "director"
    return [str(script)] if script.exists() else [sys.executable, "-m", "director"]


PEAK_AT_EXIT = """
import atexit, sys

def _peak():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                print("peak-rss-kib", line.split()[1], file=sys.stderr)

atexit.register(_peak)
"""
"""Prints the process's own peak RSS when it exits. (The usage the parent gets
from wait4 counts the parent's own memory at fork, so it cannot be used.)"""


CPU_SECONDS: list[float] = []
"""The CPU time (user + system) of each process ``run`` ran, in order: on a busy
machine it moves far less than the wall time, which counts the waits for a core."""


def run(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from start to exit of one process (its CPU time kept in CPU_SECONDS)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU_SECONDS.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr!r}")
    return seconds


def peak_rss(code: str, arguments: list[str], env: dict[str, str]) -> int | None:
    """Peak RSS in KiB of ``python -c code arguments`` (None where /proc is missing)."""
    if not Path("/proc/self/status").exists():
        return None
    done = subprocess.run(
        [sys.executable, "-c", PEAK_AT_EXIT + code, *arguments],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    for line in done.stderr.splitlines():
        if line.startswith("peak-rss-kib"):
            return int(line.split()[1])
    return None


DIRECTOR_CODE = """
import sys
from director.__main__ import main
sys.argv[0] = "director"
sys.exit(main(sys.argv[1:]))
"""


def side_by_side(
    name: str,
    ours: list[str],
    floor: list[str],
    env: dict[str, str],
    memory: tuple[list[str], str, list[str]] | None = None,
    target: float = TARGET,
) -> float:
    """Print ours and the floor (medians of alternating runs); return the ratio.

    ``memory``: the arguments of ours, and the floor's code and arguments, to
    measure both peaks as well.
    """
    run(ours, env)  # once to write the bytecode
    run(floor, env)
    ours_samples, floor_samples, ours_cpu, floor_cpu = [], [], [], []
    for _ in range(RUNS):
        ours_samples.append(run(ours, env))
        ours_cpu.append(CPU_SECONDS[-1])
        floor_samples.append(run(floor, env))
        floor_cpu.append(CPU_SECONDS[-1])
    ours_time = statistics.median(ours_samples)
    floor_time = statistics.median(floor_samples)
    ratio = ours_time / floor_time
    verdict = "met" if ratio <= target else "MISSED"
    cpu, cpu_floor = statistics.median(ours_cpu), statistics.median(floor_cpu)
    line = (
        f"{name}: {ours_time * 1000:.0f} ms; floor {floor_time * 1000:.0f} ms; "
        f"ratio {ratio:.1f}x; target <= {target:.0f}x: {verdict}; "
        f"CPU {cpu * 1000:.0f} ms, floor {cpu_floor * 1000:.0f} ms ({cpu / cpu_floor:.1f}x)"
    )
    if memory is not None:
        ours_arguments, floor_code, floor_arguments = memory
        ours_rss = peak_rss(DIRECTOR_CODE, ours_arguments, env)
        floor_rss = peak_rss(floor_code, floor_arguments, env)
        if ours_rss and floor_rss:
            line += (
                f"; peak memory {ours_rss / 1024:.0f} MiB, floor {floor_rss / 1024:.0f} MiB "
                f"({ours_rss / floor_rss:.1f}x)"
            )
    print(line)
    return ratio


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = child_environment(Path(folder))
        director = director_command()
        side_by_side(
            "director --version",
            [*director, "--version"],
            [sys.executable, "-c", "pass"],
            env,
        )
        bare = Path(folder) / "night.db"
        event_id = fill(bare)
        written = Path(folder) / "written.db"
        shutil.copyfile(bare, written)
        snapshot_as_director_does(written, event_id)
        for name, path in (
            # The log as director leaves it: a snapshot every SNAPSHOT_EVERY events
            # and at close (here at the 10,000th event, which is both).
            ("director status EVENT (10,000-event log, as director writes it)", written),
            # The worst case: a log without a usable snapshot (one of an older
            # STATE_FORMAT, or damaged), replayed whole.
            ("director status EVENT (10,000-event log, no snapshot: replayed whole)", bare),
        ):
            arguments = ["status", str(event_id), "--db", str(path)]
            side_by_side(
                name,
                [*director, *arguments],
                [sys.executable, "-c", FLOOR_SCRIPT, str(path)],
                env,
                memory=(arguments, FLOOR_SCRIPT, [str(path)]),
                target=STATUS_TARGET,
            )


def snapshot_as_director_does(path: Path, event_id: int) -> None:
    """The snapshot the session writes every ``SNAPSHOT_EVERY`` events and at close,
    written by the session itself."""
    from director.app.night.session import SNAPSHOT_EVERY, TournamentSession
    from director.persistence.db import open_database

    database = open_database(path)
    try:
        session = TournamentSession(database, event_id)
        assert EVENTS % SNAPSHOT_EVERY == 0, "the snapshot falls where the app's would"
        session.snapshot()
        session.close()
    finally:
        database.close()


if __name__ == "__main__":
    main()
