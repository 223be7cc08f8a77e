"""Answers computed in worker threads: a long solve is answered as pending, then polled.

Each request is a *job* keyed by its canonical body. The request waits up to
:data:`WAIT_SECONDS` for it; a quick answer (a warm solve) comes back at once, a long
one (the first 5-seat round of a rule set, a sticky round) as ``pending`` with the
job's id, the seconds it has run and its progress (the share of the solve done, 0 to
1, as the solver reports it through :mod:`pokerdice_stats.ground.progress`; null for
a solve that reports no stages), and ``GET /api/jobs/{id}`` gives the answer when it
is ready. Identical requests share one job; jobs that solve the same game (the
same ``group``) run one at a time, so a second request waits for the first solve and
then reads it from the caches instead of solving it again. Finished answers are kept
(at most :data:`KEEP_ANSWERS`, the oldest dropped first): they are deterministic.
"""

from __future__ import annotations

import collections
import contextvars
import itertools
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from pokerdice_stats.ground.errors import OptionError, PokerDiceError
from pokerdice_stats.ground.progress import Progress, watching

#: How long a request waits for its answer before it is answered as pending (seconds).
WAIT_SECONDS = 2.0
#: Most jobs running or waiting for their game's lock at once (more are refused with 429
#: until one ends): one thread each, so a long solve holds back only the requests that
#: need the same solve.
MAX_RUNNING = 256
#: Finished answers kept for identical requests and for polling.
KEEP_ANSWERS = 512
#: The units of a pending status's figures.
STATUS_UNITS = {
    "seconds": "seconds since the job started",
    "progress": "share of the solve done, 0 to 1 (its stages, e.g. the rounds of 2 to 5 "
    "players and their seats; a fixed point's passes estimated); never goes down; null "
    "when the solve reports no stages",
}


class UnknownJob(OptionError):
    """No job of that id on the board (never started, or its answer already forgotten)."""


class BusyError(PokerDiceError):
    """Too many solves are running: the request is refused (HTTP 429), to be tried again."""


@dataclass
class Job:
    """One computation: its id, when it started, and its answer or error when done."""

    id: str
    started: float
    done: threading.Event = field(default_factory=threading.Event)
    answer: Any = None
    error: BaseException | None = None
    progress: Progress = field(default_factory=Progress)
    waiting: bool = True

    def status(self) -> dict:
        """``pending`` with the seconds run so far and the share of the solve done, with
        the stage it is in (the page shows them; units in :data:`STATUS_UNITS`)."""
        done = self.progress.snapshot()
        if self.waiting:
            stage = "waiting for the same solve (another request started it)"
        else:
            stage = done["stage"] or "solving"
        return {
            "status": "pending",
            "job": self.id,
            "seconds": round(time.monotonic() - self.started, 1),
            "progress": done["fraction"] if self.progress.reported else None,
            "stage": stage,
            "units": STATUS_UNITS,
            "poll": f"/api/jobs/{self.id}",
        }


class JobBoard:
    """The jobs of one application (thread-safe)."""

    def __init__(self, wait: float = WAIT_SECONDS, max_running: int = MAX_RUNNING) -> None:
        self.wait = wait
        self.max_running = max_running
        self._lock = threading.Lock()
        self._by_key: dict[Hashable, Job] = {}
        self._by_id: collections.OrderedDict[str, Job] = collections.OrderedDict()
        self._groups: dict[Hashable, threading.Lock] = {}
        self._running = 0
        self._ids = itertools.count(1)

    def run(self, key: Hashable, group: Hashable, work: Callable[[], Any]) -> tuple[bool, Any]:
        """Start (or join) the job of ``key`` and wait for it a while.

        Returns
        -------
        (bool, object)
            ``(True, answer)`` when done, ``(False, pending status)`` otherwise.

        Raises
        ------
        PokerDiceError
            The job's own error (bad input found while solving).
        BusyError
            When :data:`MAX_RUNNING` jobs are running already.
        """
        with self._lock:
            job = self._by_key.get(key)
            if job is None:
                if self._running >= self.max_running:
                    raise BusyError(
                        f"{self._running} solves are running: try again in a few seconds"
                    )
                job = Job(str(next(self._ids)), time.monotonic())
                self._by_key[key] = job
                self._by_id[job.id] = job
                self._running += 1
                lock = self._groups.setdefault(group, threading.Lock())
                thread = threading.Thread(  # in the request's context (its words)
                    target=contextvars.copy_context().run,
                    args=(self._work, job, lock, work),
                    name=f"coach-job-{job.id}",
                )
                thread.daemon = True
                thread.start()
        return self._outcome(job, self.wait)

    def poll(self, job_id: str, wait: float = 0.5) -> tuple[bool, Any]:
        """The answer of job ``job_id`` or its pending status.

        Raises
        ------
        UnknownJob
            For an unknown (or forgotten) job.
        """
        with self._lock:
            job = self._by_id.get(job_id)
        if job is None:
            raise UnknownJob(f"no job {job_id!r} (finished answers are kept a while only)")
        return self._outcome(job, wait)

    def _outcome(self, job: Job, wait: float) -> tuple[bool, Any]:
        if not job.done.wait(wait):
            return False, job.status()
        if job.error is not None:
            raise job.error
        return True, job.answer

    def _work(self, job: Job, lock: threading.Lock, work: Callable[[], Any]) -> None:
        try:
            with lock, watching(job.progress):
                job.waiting = False
                job.answer = work()
        except BaseException as err:  # handed to every request waiting for this job
            job.error = err
        finally:
            with self._lock:
                self._running -= 1
                if job.error is not None and not isinstance(job.error, PokerDiceError):
                    # an unexpected failure: the next request tries again, while a poll of
                    # this job still gets its error (not an unknown job)
                    self._by_key = {k: j for k, j in self._by_key.items() if j is not job}
                while len(self._by_id) > KEEP_ANSWERS:
                    _, old = self._by_id.popitem(last=False)
                    self._by_key = {k: j for k, j in self._by_key.items() if j is not old}
            job.done.set()
