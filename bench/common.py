"""Timing helpers for the benchmarks: medians, worst cases, ratios."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timed(function: Callable[[], object]) -> float:
    """Seconds taken by one call."""
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def repeat(function: Callable[[], object], times: int) -> list[float]:
    return [timed(function) for _ in range(times)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(name: str, samples: list[float]) -> float:
    """Print the median and worst of ``samples``; return the median."""
    median = statistics.median(samples)
    print(f"{name}: median {ms(median)}, worst {ms(max(samples))} over {len(samples)} runs")
    return median
