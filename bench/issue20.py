"""Every row of issue 20 ("fast everywhere"), each next to its floor, in one run.

Runs the benchmarks one after the other and prints what each prints:

- main window first paint, next to a bare PySide6 QMainWindow (first_paint)
- ``director --version`` next to ``python -c pass``, and ``director status``
  on a 10,000-event log next to a sqlite3 + json.loads script (bench_startup)
- dispatch next to a bare INSERT + COMMIT, and opening 10,000 events without a
  snapshot next to SELECT + json.loads (bench_session)
- exact ICM for 16 players next to memoized float Malmuth-Harville (bench_icm)
- ``plan_moves`` after busts next to copying the seat maps (bench_tables)

The machine's load changes every absolute figure; the ratios are what the
targets are about. bench/README.md keeps the last figures and what stands in
the way of the targets missed.

Run: QT_QPA_PLATFORM=offscreen python -m bench.issue20
"""

from __future__ import annotations

import os
import subprocess
import sys

BENCHES = ("first_paint", "bench_startup", "bench_session", "bench_icm", "bench_tables")


def main() -> None:
    env = {**os.environ}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    for name in BENCHES:
        print(f"== bench.{name}", flush=True)
        subprocess.run([sys.executable, "-m", f"bench.{name}"], env=env, check=True)


if __name__ == "__main__":
    main()
