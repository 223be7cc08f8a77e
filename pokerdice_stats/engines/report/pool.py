"""Run the main job's tasks in worker processes, longest groups first.

The workers are fresh interpreters (``python -c``: no state forked from a
process that holds threads, and the caller's main module is not run again,
so a script calling :func:`~pokerdice_stats.report.run_report` needs no
``if __name__ == "__main__"`` guard); they talk to the parent over a socket.
Each receives one group of tasks at a time (tasks of one
:attr:`~pokerdice_stats.engines.report.Task.group` reuse each other's work), runs
them in order and reports every finished task, so the parent can move the
progress bar; an idle worker gets the longest group still waiting.  Tasks
write disjoint files, so the bytes written are those of a serial run.  The
parent's threads (:func:`~pokerdice_stats.ground.threads.thread_count`) are shared
out: each worker runs its kernels and simulations on its share.

Stopping: the workers ignore SIGINT (the parent alone handles Ctrl-C, and
ends them at once with SIGTERM, then SIGKILL); a worker whose parent has gone
(killed without a chance to clean up) ends itself within half a second.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import NoReturn

from pokerdice_stats.engines.report import Task, cache
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.ground.interrupts import SEEN
from pokerdice_stats.ground.speaker import command_line
from pokerdice_stats.ground.threads import THREADS_VARIABLE, thread_count

__all__ = ["WorkerError", "WorkerPool"]

#: How often (s) the parent wakes up to check on the workers and move the clock.
TICK = 0.5
#: How long (s) a worker gets to end after SIGTERM before SIGKILL.
GRACE = 0.5


class WorkerError(PokerDiceError):
    """A worker process ended without reporting (killed, or out of memory)."""


@dataclass
class _Worker:
    process: subprocess.Popen
    conn: Connection
    running: list[str] = field(default_factory=list)
    stopping: bool = False


# ---------------------------------------------------------------- worker side


def _watch_parent(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(TICK)


def _send_error(conn: Connection, label: str, err: BaseException) -> None:
    text = "".join(traceback.format_exception(err))
    payload: bytes | None
    try:  # the error itself when it survives the trip, else its text
        payload = pickle.dumps(err)
        pickle.loads(payload)
    except Exception:
        payload = None
    conn.send(("error", label, payload, text))


def worker_main(fd: int) -> None:
    """A worker's main loop, on the connection at file descriptor ``fd``.

    The first message says where to write, which sections and which cache
    folder; each next one is a job (``[(section, label), ...]``) whose tasks
    are run in order and reported one by one; ``None`` (or the parent gone)
    ends the worker.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # started with SIGINT held: see _start
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    conn = Connection(fd)
    try:
        out_dir, sections, cache_dir, keep, parent = conn.recv()
    except EOFError:
        return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    cache.use(cache_dir)
    cache.keep_solves(keep)
    out = Path(out_dir)
    found: dict[tuple[str, str], Task] = {}
    for section in sections:  # load while the parent plans: the first job is then quick
        module = importlib.import_module(section)
        found.update({(section, task.label): task for task in module.tasks(out)})
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            _end_at_once()
        for section, label in job:
            start = time.perf_counter()
            try:
                with command_line():  # a worker of the command's run: its words, as in one process
                    files = found[section, label].run()
            except BaseException as err:  # the parent raises it
                _send_error(conn, label, err)
                return
            took = time.perf_counter() - start
            conn.send(("done", label, took, [str(path) for path in files]))
        conn.send(("idle",))


def _end_at_once() -> NoReturn:
    """End a worker whose work is done without the interpreter's teardown: every file
    was written and closed before its task was reported, and the teardown (a gigabyte
    of solver arrays freed, numba's and matplotlib's finalizers) took the last worker
    most of a second that the parent waited for."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing left to say
            pass
    os._exit(0)


# ---------------------------------------------------------------- parent side


def _groups(
    tasks: Sequence[tuple[str, Task]], costs: Mapping[str, float]
) -> list[list[tuple[str, Task]]]:
    """Tasks by group (first-seen order inside), the costliest group first."""
    groups: dict[str, list[tuple[str, Task]]] = {}
    for section, task in tasks:
        groups.setdefault(task.group or section, []).append((section, task))

    def cost(group: list[tuple[str, Task]]) -> float:
        return sum(costs.get(task.label, task.cost) for _, task in group)

    return sorted(groups.values(), key=lambda group: -cost(group))


#: The folder holding this copy of the package.
HOME = str(Path(__file__).resolve().parents[2])
#: What a worker runs (``python -c``): no main module of the parent is imported again.
BOOT = (
    "import sys; from pokerdice_stats.engines.report.pool import worker_main; "
    "worker_main(int(sys.argv[1]))"
)


def _start(out_dir: Path, sections: Sequence[str], cache_dir: Path | None, share: int) -> _Worker:
    parent_end, child_end = multiprocessing.Pipe()
    env = dict(os.environ)
    # The workers share the threads: a worker's kernels and simulations take ``share``
    # (threads beyond the cores only trade places, and cost their overhead).
    env[THREADS_VARIABLE] = str(share)
    # This very copy of the package (a checkout may shadow an installed one).
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (HOME, os.environ.get("PYTHONPATH"))))
    fd = child_end.fileno()
    # Ctrl-C during the start would leave a process unrecorded: hold SIGINT until it is
    # recorded (the worker starts with it held too, and ignores it before letting it in).
    blocked = hasattr(signal, "pthread_sigmask") and (
        threading.current_thread() is threading.main_thread()
    )
    if blocked:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        process = subprocess.Popen([sys.executable, "-c", BOOT, str(fd)], pass_fds=(fd,), env=env)
        worker = _Worker(process, parent_end)
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    child_end.close()
    _send(
        worker,
        (
            str(out_dir),
            tuple(sections),
            None if cache_dir is None else str(cache_dir),
            cache.solves_kept(),
            os.getpid(),
        ),
    )
    return worker


def _stop(workers: list[_Worker], wait_first: float) -> None:
    """End every worker: let them exit for ``wait_first`` s, then SIGTERM, then SIGKILL."""
    deadline = time.monotonic() + wait_first
    for worker in workers:
        _wait(worker.process, deadline - time.monotonic())
    for worker in workers:
        if worker.process.poll() is None:
            worker.process.terminate()
    deadline = time.monotonic() + GRACE
    for worker in workers:
        if not _wait(worker.process, deadline - time.monotonic()):
            worker.process.kill()
            _wait(worker.process, GRACE)
    for worker in workers:
        worker.conn.close()


def _wait(process: subprocess.Popen, seconds: float) -> bool:
    """Whether ``process`` ended within ``seconds``."""
    try:
        process.wait(max(0.0, seconds))
    except subprocess.TimeoutExpired:
        return False
    return True


def _raise_error(label: str, payload: bytes | None, text: str) -> None:
    if payload is not None:
        err = pickle.loads(payload)
        if isinstance(err, BaseException):
            err.add_note(f"(in the report task {label!r}, in a worker process)")
            raise err
    raise PokerDiceError(f"the report task {label!r} failed in a worker process:\n{text}")


class WorkerPool:
    """Worker processes started ahead of their tasks: each imports the section modules
    while the caller lists the tasks (the parent's own imports), then runs groups.

    A context manager: leaving it ends every worker (at once, unless :meth:`run`
    finished cleanly, when they are let exit first).  A pool runs once: the workers
    end as the groups run out.

    Parameters
    ----------
    out_dir : Path
        The output folder (each task's own, from its section's ``tasks``).
    sections : sequence of str
        The full names of the section modules whose tasks will run.
    workers : int
        Processes to start; the parent's threads are shared out among them.
    """

    def __init__(self, out_dir: Path, sections: Sequence[str], workers: int) -> None:
        self._workers: list[_Worker] = []
        self._sections = frozenset(sections)
        self._clean = False
        self._ran = False
        count = max(1, workers)
        share = max(1, thread_count() // count)
        try:
            for _ in range(count):
                self._workers.append(_start(out_dir, tuple(sections), cache.folder(), share))
        except BaseException:
            _stop(self._workers, 0.0)
            raise

    @classmethod
    def for_tasks(
        cls, out_dir: Path, tasks: Sequence[tuple[str, Task]], workers: int
    ) -> WorkerPool:
        """A pool for ``tasks`` already listed: their sections, at most one worker a group
        (the report's path when there are more workers than sections)."""
        sections = tuple(dict.fromkeys(section for section, _ in tasks))
        return cls(out_dir, sections, min(workers, len(_groups(tasks, {}))))

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        pool, self._workers = self._workers, []
        for worker in pool:
            if self._clean and not worker.stopping:
                _send(worker, None)
        _stop(pool, 2.0 if self._clean else 0.0)

    def run(
        self,
        tasks: Sequence[tuple[str, Task]],
        on_done: Callable[[str, float], None] | None = None,
        on_tick: Callable[[list[str]], None] | None = None,
        costs: Mapping[str, float] | None = None,
    ) -> list[Path]:
        """Run ``(section, task)`` pairs on the workers, longest groups first.

        Parameters
        ----------
        tasks : sequence of (str, Task)
            The tasks, each with the full name of the section module it comes from
            (each worker takes the same tasks from that module's ``tasks``).
        on_done : callable, optional
            Called with a task's label and seconds when it finishes.
        on_tick : callable, optional
            Called at least every :data:`TICK` seconds with the labels running.
        costs : mapping, optional
            Seconds by task label (as measured last time), in place of each task's
            ``cost``.

        Returns
        -------
        list of Path
            Every file written, in the order of ``tasks`` (as a serial run).

        Raises
        ------
        Exception
            The error of the first task that failed (the others are stopped).
        WorkerError
            If a worker ended without a word.
        KeyboardInterrupt
            On Ctrl-C; every worker is ended before it propagates.
        RuntimeError
            If the pool has run already, or a task's section is not one it was started
            with (its workers would not know the task).
        """
        unknown = {section for section, _ in tasks} - self._sections
        if self._ran or unknown:
            raise RuntimeError(
                "a WorkerPool runs once, the tasks of the sections it was started with"
                + (f" (not {', '.join(sorted(unknown))})" if unknown else "")
            )
        self._ran = True
        pending = _groups(tasks, costs or {})
        files: dict[str, list[Path]] = {}
        pool = self._workers
        for worker in pool:
            _give(worker, pending)
        while len(files) < len(tasks):
            if SEEN.is_set():  # a Ctrl-C that a library swallowed (an import's lock, say)
                raise KeyboardInterrupt
            busy = [w for w in pool if not w.stopping]
            if not busy:
                raise WorkerError("the report workers stopped before every task was done")
            ready = wait([w.conn for w in busy], TICK)
            for worker in busy:
                if worker.conn in ready:
                    _receive(worker, pending, files, on_done)
            if on_tick is not None:
                on_tick([label for w in pool for label in w.running[:1]])
        self._clean = True
        return [path for _, task in tasks for path in files[task.label]]


def _send(worker: _Worker, message) -> None:
    try:
        worker.conn.send(message)
    except OSError:  # the worker is gone: the next read says so
        pass
    if message is None:
        worker.stopping = True


def _give(worker: _Worker, pending: list[list[tuple[str, Task]]]) -> None:
    if not pending:
        _send(worker, None)
        return
    group = pending.pop(0)
    worker.running = [task.label for _, task in group]
    _send(worker, [(section, task.label) for section, task in group])


def _receive(worker, pending, files, on_done) -> None:
    try:
        message = worker.conn.recv()
    except EOFError:
        raise WorkerError(
            f"a report worker ended (exit status {worker.process.poll()}) "
            f"while running {', '.join(worker.running) or 'nothing'}"
        ) from None
    kind = message[0]
    if kind == "done":
        _, label, took, paths = message
        files[label] = [Path(p) for p in paths]
        if label in worker.running:
            worker.running.remove(label)
        if on_done is not None:
            on_done(label, took)
    elif kind == "idle":
        _give(worker, pending)
    elif kind == "error":
        _, label, payload, text = message
        _raise_error(label, payload, text)
