"""``kernels._numba.in_threads``: a range shared out among threads, the results in order.

The kernels that use it (the side-by-side hold kernel, the claims solver's passes) are
compared with their twins in ``test_numpy_twins.py`` and ``test_bidding_claims_cfr.py``;
here the sharing itself: every item once, the shares in order, small ranges in the calling
thread, and a forked child that makes its own threads (the parent's are not in it).
"""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
import time

import pytest

from pokerdice_stats.kernels import _numba


def _shares(values, lo, hi):
    """A plain kernel: its share's items and the thread that ran it."""
    return list(values[lo:hi]), threading.current_thread().name


@pytest.fixture
def two_threads(monkeypatch):
    """Two threads whatever the machine has."""
    monkeypatch.setattr(_numba, "threads", lambda: 2)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10, 101])
def test_every_item_once_and_in_order(two_threads, n):
    values = list(range(n))
    parts = _numba.in_threads(_shares, (values,), 0, n)
    assert [v for items, _ in parts for v in items] == values
    assert len(parts) == (2 if n >= 2 else 1)
    assert parts[0][1] == threading.current_thread().name  # the caller runs the first share


def test_a_range_under_the_least_share_stays_in_the_calling_thread(two_threads):
    parts = _numba.in_threads(_shares, (list(range(50)),), 0, 50, min_share=64)
    assert len(parts) == 1 and parts[0][1] == threading.current_thread().name
    parts = _numba.in_threads(_shares, (list(range(200)),), 0, 200, min_share=64)
    assert len(parts) == 2 and parts[1][1].startswith("pokerdice-kernel")


def test_a_sub_range(two_threads):
    values = list(range(20))
    parts = _numba.in_threads(_shares, (values,), 5, 17)
    assert [v for items, _ in parts for v in items] == values[5:17]


def _child(queue):
    parts = _numba.in_threads(_shares, (list(range(10)),), 0, 10)
    queue.put([v for items, _ in parts for v in items])


def test_a_forked_child_makes_its_own_threads(two_threads):
    """The parent's pool exists before the fork; the child's work must not wait for ever
    on threads it does not have."""
    _numba.in_threads(_shares, (list(range(10)),), 0, 10)  # the parent's pool, made
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child, args=(queue,))
    child.start()
    child.join(timeout=30)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail("the forked child's in_threads hung")
    assert child.exitcode == 0
    assert queue.get(timeout=5) == list(range(10))


def test_an_error_in_one_share_waits_for_the_others(two_threads):
    """The caller's share fails; the other share is finished (it writes nothing after
    the error reaches the caller) and the error is the caller's."""
    done = []

    def kernel(lo, hi):
        if lo == 0:
            raise ValueError("the first share")
        time.sleep(0.2)
        done.append((lo, hi))

    with pytest.raises(ValueError, match="the first share"):
        _numba.in_threads(kernel, (), 0, 10)
    assert done == [(5, 10)]


def test_sharing_out_does_not_start_numbas_thread_pool():
    """Asking numba for its number of threads starts its pool (GNU OpenMP), after which a
    forked child running a threaded kernel is killed: ``in_threads`` reads the number
    without starting it (a fresh interpreter, so that no other test has started it)."""
    script = (
        "from numba.np.ufunc import parallel\n"
        "from pokerdice_stats.kernels import _numba\n"
        "parts = _numba.in_threads(lambda lo, hi: hi - lo, (), 0, 100)\n"
        "assert sum(parts) == 100, parts\n"
        "assert len(parts) == min(100, _numba.threads()), parts\n"
        "print(parallel._is_initialized)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("3", 3),
        (" 2 ", 2),
        ("1", 1),
        ("0", None),
        ("-2", None),
        ("many", None),
        ("", None),
        ("\u00b2", None),  # a superscript two: a digit to str.isdigit, not a number
        ("999", None),  # past the most threads a command takes
    ],
)
def test_thread_count_follows_numba_num_threads(monkeypatch, value, expected):
    """``NUMBA_NUM_THREADS`` sets every thread count of the toolkit; a value that is not a
    whole number of at least 1 leaves every core."""
    from pokerdice_stats.engines.simulation.run import default_workers
    from pokerdice_stats.ground.threads import cores, thread_count

    monkeypatch.setenv("NUMBA_NUM_THREADS", value)
    assert thread_count() == default_workers() == (cores() if expected is None else expected)


def test_cores_are_those_the_process_may_run_on():
    """As numba counts them: a ``taskset`` or a container's cpuset, not the machine's."""
    import os

    from pokerdice_stats.ground.threads import cores

    if hasattr(os, "sched_getaffinity"):
        assert cores() == len(os.sched_getaffinity(0))
    else:  # pragma: no cover - no affinity off Linux
        assert cores() == (os.cpu_count() or 1)


@pytest.mark.parametrize("value", ["0", "-1", "abc", "999", "\u00b2", "2.5"])
def test_the_command_line_refuses_a_thread_variable_numba_would_stop_on(capsys, monkeypatch, value):
    """One message and exit status 2 before any command runs (numba itself stops with a
    traceback when it loads with a value below 1, and warns on a word)."""
    from cli_helpers import assert_cli_error

    monkeypatch.setenv("NUMBA_NUM_THREADS", value)
    assert_cli_error(
        capsys, ["odds", "--rules", "classic"], "NUMBA_NUM_THREADS must be a whole number"
    )
    monkeypatch.setenv("NUMBA_NUM_THREADS", "1")  # a good value runs
    from cli_helpers import run_cli

    assert run_cli(capsys, "odds", "--rules", "classic")[0] == 0
