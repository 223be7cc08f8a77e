"""Benchmarks in the regular suite: a smaller input for the smoke run.

The regular test suite runs every benchmark once with timing off (``--benchmark-disable``)
as a smoke test of its code; :func:`measured` lets the costliest ones run a smaller
input then (the figure itself is only wanted when measuring).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def measured(benchmark, timed: T, smoke: T) -> T:
    """``timed`` when the benchmark measures (``--benchmark-enable``), else ``smoke``."""
    return smoke if benchmark.disabled else timed
