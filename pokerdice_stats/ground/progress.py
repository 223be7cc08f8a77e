"""Progress of a long solve, read by whoever watches it (the coach's job status).

A solver marks its stages with :func:`stage` (a share of the work, nested: the
share of a stage inside the stage around it) and its steps with :func:`step`;
both cost a context-variable look-up and nothing more when nobody watches. A
watcher runs the work inside :func:`watching` with a :class:`Progress` of its own,
and reads :meth:`Progress.snapshot` from another thread. The figure is the share of
the solve done, 0 to 1; it never goes down.

Each thread starts with nobody watching (a new thread does not inherit the context
variable), so two solves in two threads report to their own watchers.

Examples
--------
>>> done = Progress()
>>> with watching(done), stage(0.0, 0.5, "first half"):
...     step(1, 2, "one of two")
...     print(done.snapshot())
{'fraction': 0.25, 'stage': 'first half: one of two'}
>>> done.snapshot()
{'fraction': 0.5, 'stage': 'first half'}
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Progress", "pass_share", "stage", "step", "watching"]


class Progress:
    """The share of one solve done (0 to 1, never going down) and the stage it is in.

    Thread-safe: the solve writes it, another thread reads :meth:`snapshot`.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._fraction = 0.0
        self._stage = ""
        self._reported = False

    def update(self, fraction: float, words: str) -> None:
        """Record ``fraction`` (clipped to 0..1) and ``words``, unless the share done is
        already higher."""
        share = min(1.0, max(0.0, float(fraction)))
        with self._lock:
            if share >= self._fraction:  # a stage run again (cached: no work) is not news
                self._fraction, self._stage = share, words
            self._reported = True

    @property
    def reported(self) -> bool:
        """Whether the solve reported anything yet (solvers without stages report nothing)."""
        return self._reported

    def snapshot(self) -> dict:
        """``{"fraction": share done 0..1, "stage": words}`` as last reported."""
        with self._lock:
            return {"fraction": round(self._fraction, 4), "stage": self._stage}


@dataclass(frozen=True)
class _Span:
    """Where the current stage lies in the whole solve: ``[low, high]`` and its words."""

    progress: Progress
    low: float
    high: float
    words: str


_CURRENT: contextvars.ContextVar[_Span | None] = contextvars.ContextVar(
    "pokerdice_progress", default=None
)


@contextlib.contextmanager
def watching(progress: Progress) -> Iterator[Progress]:
    """Run the block with ``progress`` receiving the reports of the solves in it."""
    token = _CURRENT.set(_Span(progress, 0.0, 1.0, ""))
    try:
        yield progress
    finally:
        _CURRENT.reset(token)


@contextlib.contextmanager
def stage(start: float, stop: float, words: str) -> Iterator[None]:
    """A stage of the work: the share ``start`` to ``stop`` (0..1) of the enclosing stage.

    Reports its start on entering and its end on leaving (when it ends without error).
    """
    span = _CURRENT.get()
    if span is None:
        yield
        return
    width = span.high - span.low
    words = "; ".join(w for w in (span.words, words) if w)
    inner = _Span(span.progress, span.low + width * start, span.low + width * stop, words)
    token = _CURRENT.set(inner)
    inner.progress.update(inner.low, words)
    try:
        yield
        inner.progress.update(inner.high, words)
    finally:
        _CURRENT.reset(token)


def step(done: int, total: int, words: str = "") -> None:
    """``done`` of the ``total`` steps of the current stage are done."""
    span = _CURRENT.get()
    if span is None or total <= 0:
        return
    share = span.low + (span.high - span.low) * min(done, total) / total
    text = f"{span.words}: {words}" if span.words and words else (words or span.words)
    span.progress.update(share, text)


def pass_share(number: int, expected: int = 3) -> tuple[float, float]:
    """The share of a stage given to pass ``number`` (1, 2, ...) of an iteration whose
    number of passes is not known in advance: ``1/expected`` each for the first
    ``expected - 1``, then half of what is left to each further pass.

    Examples
    --------
    >>> [tuple(round(x, 3) for x in pass_share(i)) for i in (1, 2, 3, 4)]
    [(0.0, 0.333), (0.333, 0.667), (0.667, 0.833), (0.833, 0.917)]
    """
    if number < expected:
        return (number - 1) / expected, number / expected
    left = 1 / expected
    low = 1 - left * 0.5 ** (number - expected)
    return low, 1 - left * 0.5 ** (number - expected + 1)
