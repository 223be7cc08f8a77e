"""Running a simulation: the run options, seeded chunks, threads or Dask, and the totals.

Reproducibility: ``n`` samples are cut into chunks of a fixed size (set by
the kind of simulation, never by the number of workers); chunk ``i`` is seeded
from ``numpy.random.SeedSequence(seed).spawn(n_chunks)[i]`` (the same as
``SeedSequence(seed, spawn_key=(i,))``, so a chunk's stream does not depend on
how many chunks there are).  Chunk results are combined in chunk order, so the
same seed gives bitwise the same result for any number of threads or workers.

Every simulation is a :class:`ChunkJob`: a picklable object that knows its chunk
size, makes a fresh tally (a named record of zero arrays, see
:mod:`pokerdice_stats.kernels.simulation.records`) and fills it by calling its
kernel.  :func:`run_job` runs it with the :class:`RunOptions`.  Underneath, a
chunk function ``fn(job, state, size) -> dict`` runs one chunk with a fresh
generator state and returns arrays: keys starting with ``each_`` are
concatenated (one row per sample), every other key is summed.
"""

from __future__ import annotations

import concurrent.futures as cf
import queue
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np
from tqdm import tqdm

from pokerdice_stats.engines.simulation.pace import Pace
from pokerdice_stats.ground.arguments import checked_flag, is_whole, shown
from pokerdice_stats.ground.bounds import MAX_SAMPLES, MAX_WORKERS, SEED_MAX
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.interrupts import SEEN
from pokerdice_stats.ground.limits import check_memory
from pokerdice_stats.ground.speaker import either, option
from pokerdice_stats.ground.threads import thread_count

ChunkFn = Callable[[Any, np.ndarray, int], dict]


@dataclass(frozen=True)
class RunOptions:
    """How a simulation runs: samples, seed, threads or a Dask cluster, progress bar.

    Parameters
    ----------
    n : int, optional
        Samples (turns, rounds, matches or sessions); default: the
        simulation's own (see each ``simulate_*`` function).
    seed : int
        Seed (0 or more) of the chunks' generators: the same seed gives the
        same figures on any number of threads or workers.
    workers : int, optional
        Threads (default: every core, or ``NUMBA_NUM_THREADS`` when set); ignored with
        ``scheduler``.
    scheduler : str or distributed.Client, optional
        Address of a Dask distributed scheduler (``tcp://HOST:PORT``), or a client.
    progress : bool
        Show a progress bar on runs longer than a second.

    Attributes
    ----------
    n : int or None
        Samples; None: the simulation's own default (see :meth:`samples`).
    seed : int
        Seed of the chunks' generators (0 or more).
    workers : int or None
        Threads (None: every core, or ``NUMBA_NUM_THREADS`` when set).
    scheduler : str, distributed.Client or None
        The Dask scheduler's address or client (None: threads).
    progress : bool
        Whether a progress bar is shown.

    Raises
    ------
    OptionError
        For ``n`` below 1 or above :data:`~pokerdice_stats.ground.bounds.MAX_SAMPLES`, a
        seed that is not a whole number 0 or more, or ``workers`` below 1.
    """

    n: int | None = None
    seed: int = 0
    workers: int | None = None
    scheduler: Any = None
    progress: bool = True

    def __post_init__(self) -> None:
        if self.n is not None and (not is_whole(self.n) or self.n < 1):
            raise OptionError(
                f"the number of samples must be a whole number of at least 1, got {self.n!r}"
            )
        if self.n is not None and self.n > MAX_SAMPLES:
            raise OptionError(
                f"the number of samples must be at most {MAX_SAMPLES:,} (a run would take "
                f"days), got {self.n:,}"
            )
        if not is_whole(self.seed) or not 0 <= self.seed <= SEED_MAX:
            raise OptionError(
                "the seed must be a whole number from 0 to 2**63 - 1 (int64), got "
                + shown(self.seed)
            )
        if self.workers is not None and not is_whole(self.workers):
            raise OptionError(f"workers must be a whole number, got {shown(self.workers)}")
        if self.workers is not None and self.workers < 1:
            raise OptionError(f"workers must be at least 1, got {self.workers}")
        if self.workers is not None and self.workers > MAX_WORKERS:
            raise OptionError(f"workers must be at most {MAX_WORKERS}, got {self.workers}")
        checked_flag(self.progress, "progress")
        if self.scheduler is not None and not (
            isinstance(self.scheduler, str)
            or hasattr(self.scheduler, "submit")  # a distributed.Client
            or hasattr(self.scheduler, "scheduler_address")  # a cluster (LocalCluster)
        ):
            raise OptionError(
                "scheduler must be a Dask scheduler's address (tcp://HOST:PORT), a "
                f"distributed.Client or a cluster, got {type(self.scheduler).__name__}"
            )

    def samples(self, default: int) -> int:
        """``n``, or ``default`` when no number of samples was given."""
        return int(default if self.n is None else self.n)

    def with_samples(self, n: int) -> RunOptions:
        """The same options with ``n`` samples."""
        return replace(self, n=n)


#: Bytes of two cache lines (x86 cores fetch lines in adjacent pairs).  A chunk's
#: generator state and its tally, which a kernel may write on every sample, each sit
#: alone on their lines (:func:`lone_zeros`): two threads writing arrays that share a
#: line with each other, or with a table both read, pass the line between their cores on
#: every write (a third of two threads' turns lost).
CACHE_LINE = 128


def lone_zeros(shape: int | tuple[int, ...], dtype: Any = np.int64) -> np.ndarray:
    """Zeros of ``shape``, C-contiguous, starting on a cache line and with a whole line of
    slack before and after, so that nothing else shares their lines."""
    size = int(np.prod(shape))
    item = np.dtype(dtype).itemsize
    pad = CACHE_LINE // item
    buffer = np.zeros(size + 3 * pad, dtype=dtype)
    start = pad + (-(buffer.ctypes.data // item)) % pad
    return buffer[start : start + size].reshape(shape)


def chunk_state(seed: int, index: int) -> np.ndarray:
    """The generator state of chunk ``index``: xoshiro words from the spawned SeedSequence."""
    words = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(4, np.uint64)
    if not words.any():  # xoshiro's one forbidden state (never seen in practice)
        words[0] = 1
    state = lone_zeros(6, np.uint64)
    state[:4] = words
    return state


def chunk_sizes(n: int, chunk_size: int) -> list[int]:
    """Sizes of the chunks of ``n`` samples: full chunks, then the remainder."""
    full, rest = divmod(int(n), int(chunk_size))
    return [chunk_size] * full + ([rest] if rest else [])


def _chunk_size_at(n: int, chunk_size: int, index: int) -> int:
    """Samples of chunk ``index`` (the last may be short); no list of sizes is built."""
    return min(chunk_size, n - index * chunk_size)


@dataclass
class ChunkRun:
    """The combined result of the chunks that ran.

    Attributes
    ----------
    totals : dict of arrays
        Sums (and concatenations for ``each_`` keys) over the finished chunks.
    n : int
        Samples behind the totals.
    chunks : int
        Chunks finished.
    interrupted : bool
        True when Ctrl-C stopped the run early (the totals are then partial).
    """

    totals: dict
    n: int
    chunks: int
    interrupted: bool


class NothingDone(KeyboardInterrupt):
    """Ctrl-C stopped a run before any chunk finished: there is no partial result."""

    def __str__(self) -> str:
        return "no sample was done"


def run_one(fn: ChunkFn, job, seed: int, index: int, size: int) -> dict:
    """Run chunk ``index`` (what a thread or a Dask worker calls)."""
    return fn(job, chunk_state(seed, index), size)


class _Totals:
    """Running totals, folded in chunk order as chunks finish.

    Results that finish ahead of their turn wait in a buffer (bounded by the
    window of chunks in flight), so sums are added in chunk order whatever the
    workers and the memory does not grow with the number of chunks (only the
    ``each_`` rows, one per sample, do).
    """

    def __init__(self, pace: Pace | None = None) -> None:
        self.pace = pace  # refuses a run that would take many hours
        self.sums: dict = {}
        self.rows: dict[str, list] = {}
        self.waiting: dict[int, tuple[dict, int]] = {}
        self.next = 0
        self.chunks = 0
        self.n = 0

    def add(self, index: int, result: dict, size: int) -> None:
        if self.pace is not None:
            self.pace.after(size)
        self.waiting[index] = (result, size)
        while self.next in self.waiting:
            self._fold(*self.waiting.pop(self.next))
            self.next += 1

    def _fold(self, result: dict, size: int) -> None:
        for key, value in result.items():
            if key.startswith("each_"):
                self.rows.setdefault(key, []).append(value)
            elif key in self.sums:
                self.sums[key] = self.sums[key] + value
            else:
                self.sums[key] = np.array(value, copy=True)
        self.chunks += 1
        self.n += size

    def finish(self, interrupted: bool) -> ChunkRun:
        for index in sorted(self.waiting):  # an interrupted run: the chunks that did finish
            self._fold(*self.waiting.pop(index))
        if interrupted and self.chunks == 0:
            raise NothingDone()
        totals = dict(self.sums)
        for key, parts in self.rows.items():
            totals[key] = np.concatenate(parts)
        return ChunkRun(totals, self.n, self.chunks, interrupted)


def default_workers() -> int:
    """Threads to use by default: :func:`~pokerdice_stats.ground.threads.thread_count`
    (every core, or ``NUMBA_NUM_THREADS``)."""
    return thread_count()


#: Chunks in flight a worker (submitted but not yet folded into the totals).
WINDOW_PER_WORKER = 4


def run_chunks(
    fn: ChunkFn, job: Any, chunk_size: int, run: RunOptions, desc: str = "simulate"
) -> ChunkRun:
    """Run ``run.n`` samples in seeded chunks on threads (or a Dask cluster) and combine them.

    At most :data:`WINDOW_PER_WORKER` chunks a worker are in flight; finished
    chunks are folded into running totals at once, so memory does not grow with
    ``n`` (beyond the ``each_`` rows).  Ctrl-C cancels the chunks not started and
    returns without waiting for the running ones (chunks are short).

    Parameters
    ----------
    fn : callable
        The chunk function (importable, so Dask workers can run it).
    job : object
        Everything the chunk function needs (picklable for Dask).
    chunk_size : int
        Samples a chunk (independent of the workers).
    run : RunOptions
        Samples (required here), seed, workers or scheduler, progress bar.
    desc : str
        What the progress bar counts.

    Returns
    -------
    ChunkRun
        Partial (``interrupted=True``) if Ctrl-C stopped the run.

    Raises
    ------
    NothingDone
        (a ``KeyboardInterrupt``) when Ctrl-C came before any chunk finished.
    """
    if run.n is None:
        raise OptionError("the number of samples must be given")
    n, seed, progress, scheduler = int(run.n), int(run.seed), run.progress, run.scheduler
    workers = default_workers() if run.workers is None else int(run.workers)
    chunks = -(-n // int(chunk_size))
    bar = tqdm(
        total=n,
        desc=desc,
        unit="sample",
        unit_scale=True,
        delay=1.0,
        disable=not progress,
        leave=False,
    )
    totals = _Totals(Pace(n, desc))
    interrupted = False
    try:
        if scheduler is not None:
            sizes = chunk_sizes(n, chunk_size)
            interrupted = _run_dask(fn, job, seed, sizes, scheduler, totals, bar)
        elif workers == 1 or chunks == 1:
            interrupted = _run_serial(fn, job, seed, n, int(chunk_size), totals, bar)
        else:
            interrupted = _run_threads(fn, job, seed, n, int(chunk_size), workers, totals, bar)
    finally:
        bar.close()
    return totals.finish(interrupted)


def _run_serial(fn, job, seed, n, chunk_size, totals, bar) -> bool:
    index = 0
    try:
        while index * chunk_size < n:
            if SEEN.is_set():
                raise KeyboardInterrupt
            size = _chunk_size_at(n, chunk_size, index)
            totals.add(index, run_one(fn, job, seed, index, size), size)
            bar.update(size)
            index += 1
    except KeyboardInterrupt:
        return True
    return False


def _run_threads(fn, job, seed, n, chunk_size, workers, totals, bar) -> bool:
    """A bounded window of chunks on a thread pool; the main thread waits on a queue.

    Workers hand finished futures to a ``queue.SimpleQueue`` (whose ``put``
    never blocks), so the main thread never holds a lock a worker needs: Ctrl-C
    at any moment cannot leave a future's lock taken.
    """
    chunks = -(-n // chunk_size)
    finished: queue.SimpleQueue = queue.SimpleQueue()
    pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pokerdice-sim")
    in_flight: dict[cf.Future, int] = {}
    submitted = 0
    window = workers * WINDOW_PER_WORKER
    try:
        while submitted < chunks or in_flight:
            if SEEN.is_set():
                raise KeyboardInterrupt
            while submitted < chunks and len(in_flight) < window:
                size = _chunk_size_at(n, chunk_size, submitted)
                future = pool.submit(run_one, fn, job, seed, submitted, size)
                in_flight[future] = submitted
                future.add_done_callback(finished.put)
                submitted += 1
            try:
                future = finished.get(timeout=0.1)
            except queue.Empty:
                continue
            index = in_flight.pop(future)
            size = _chunk_size_at(n, chunk_size, index)
            totals.add(index, future.result(), size)
            bar.update(size)
    except KeyboardInterrupt:
        for future in list(in_flight):
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        return True
    except BaseException:
        for future in list(in_flight):
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return False


def _run_dask(fn, job, seed, sizes, scheduler, totals, bar) -> bool:
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the environment
        raise OptionError(
            f"{option('scheduler')} needs dask distributed: pip install "
            "'pokerdice-stats[distributed]'"
        ) from None
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler, timeout=5) if own else scheduler
    except (OSError, TimeoutError, ValueError) as err:
        raise OptionError(f"cannot reach the Dask scheduler {scheduler!r}: {err}") from None
    try:
        [job_future] = client.scatter([job], broadcast=True)
        futures = client.map(
            run_one,
            [fn] * len(sizes),
            [job_future] * len(sizes),
            [seed] * len(sizes),
            list(range(len(sizes))),
            sizes,
            pure=False,
        )
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in as_completed(futures):
                i = index[future.key]
                totals.add(i, future.result(), sizes[i])
                bar.update(sizes[i])
        except KeyboardInterrupt:
            client.cancel(futures)
            return True
        return False
    finally:
        if own:
            client.close()


class ChunkJob(Protocol):
    """What a simulation hands to :func:`run_job` (a picklable dataclass).

    ``desc`` names the samples (``turns``, ``rounds``...) for the progress bar,
    ``chunk_size`` is the samples a chunk, :meth:`new_tally` makes the zero
    outputs of a chunk of ``size`` samples and :meth:`fill` runs the kernel.
    """

    @property
    def desc(self) -> str: ...

    @property
    def chunk_size(self) -> int: ...

    def new_tally(self, size: int) -> Any: ...

    def fill(self, state: np.ndarray, size: int, tally: Any) -> None: ...


def zeros_tally(tally_type: Any, **shapes: Any) -> Any:
    """A tally record of int64 zeros, each field of the shape given by name (default ``(1,)``),
    each alone on its cache lines (:func:`lone_zeros`)."""
    return tally_type(*(lone_zeros(shapes.get(name, 1)) for name in tally_type._fields))


def play_chunk(job: ChunkJob, state: np.ndarray, size: int) -> dict:
    """The chunk function of every :class:`ChunkJob`: a fresh tally, filled, as a dict."""
    tally = job.new_tally(size)
    job.fill(state, size, tally)
    return tally._asdict()


def run_job(job: ChunkJob, run: RunOptions, default_n: int) -> ChunkRun:
    """Run a simulation's job: ``run.n`` samples (``default_n`` if not given).

    Raises
    ------
    LimitError
        When the rows kept for every sample (``each_`` fields) would outgrow the memory
        budget, before anything runs.
    """
    if not isinstance(run, RunOptions):
        raise OptionError(f"run must be a RunOptions, got {shown(run)}")
    n = run.samples(default_n)
    check_rows_memory(job, n)
    return run_chunks(play_chunk, job, job.chunk_size, run.with_samples(n), job.desc)


def check_rows_memory(job: ChunkJob, n: int) -> None:
    """Refuse ``n`` samples whose ``each_`` rows (one per sample, concatenated at the end,
    so held twice for a moment) would outgrow the memory budget.

    Raises
    ------
    LimitError
        Naming ``--n``.
    """
    one = job.new_tally(1)
    per_sample = sum(
        getattr(one, name).nbytes for name in type(one)._fields if name.startswith("each_")
    )
    if per_sample:
        check_memory(
            2 * per_sample * int(n),
            f"{int(n):,} {job.desc} ({either('--n', 'n')}), keeping {per_sample:,} bytes of "
            "results each,",
        )
