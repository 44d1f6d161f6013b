"""The machine's own lateness, for the network page's benchmark: a process apart
(no Qt, no GIL shared with the app) that sleeps to each 100 ms boundary of the
monotonic clock for a given number of seconds, then prints how late each wake was,
in ms, as one JSON list.

    python -m bench.web_jitter 300
"""

from __future__ import annotations

import json
import sys
import time

STEP_NS = 100_000_000


def main() -> None:
    seconds = float(sys.argv[1])
    end = time.monotonic_ns() + int(seconds * 1e9)
    late: list[float] = []
    while True:
        now = time.monotonic_ns()
        target = (now // STEP_NS + 1) * STEP_NS
        if target > end:
            break
        time.sleep((target - now) / 1e9)
        late.append((time.monotonic_ns() - target) / 1e6)
    print(json.dumps([round(value, 3) for value in late]), flush=True)


if __name__ == "__main__":
    main()
