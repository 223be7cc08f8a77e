"""The one place that sets numba's options for every kernel.

Kernels are cached on disk (so a second command does not compile again),
release the GIL, and never use fastmath: the counts are exact and must stay so.

Where the cache goes: where numba puts it by default (``__pycache__`` beside
the package, else the user's cache folder, or ``NUMBA_CACHE_DIR``).  When
none of those can be written (a system-wide install run by a user without a
writable home), the cache goes to a private folder of the temporary directory
(:func:`_private_cache_dir`); when that fails too, kernels compile without a
cache, so every command still runs.
"""

from __future__ import annotations

import concurrent.futures
import functools
import os
import stat
import tempfile
import types
from collections.abc import Callable
from typing import Any

import numba


def _probe() -> None:  # pragma: no cover - never called, only located
    """A function of this package for asking numba where it would cache."""


def _can_cache() -> bool:
    """Whether numba finds a writable cache folder for this package's functions."""
    try:
        from numba.core.caching import FunctionCache

        FunctionCache(_probe)
    except (RuntimeError, OSError):  # no locator, or one that fails to make its folder
        return False
    return True


def _private_cache_dir() -> str | None:
    """A cache folder in the temporary directory owned by this user only, or None."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = os.path.join(tempfile.gettempdir(), f"pokerdice_stats-numba-{uid}")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        info = os.lstat(path)
        # Someone else's folder (or a link) could hold planted cache files: not ours.
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid or info.st_mode & 0o077:
            return None
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return None
    return path


def _choose_cache() -> bool:
    """True when kernels can be cached, moving the cache to a private folder if needed."""
    if _can_cache():
        return True
    if not numba.config.CACHE_DIR:
        folder = _private_cache_dir()
        if folder is not None:
            numba.config.CACHE_DIR = folder
            if _can_cache():
                return True
            numba.config.CACHE_DIR = ""
    return False


#: Whether the kernels are cached on disk (see the module docstring).
CACHE = _choose_cache()


def _njit(**options: Any) -> Callable[[Callable], Any]:
    """``numba.njit`` with the project's options, cached when :data:`CACHE` allows.

    A function numba still cannot cache (its own file unwritable) compiles without
    the cache rather than failing the import.
    """
    cached = numba.njit(cache=CACHE, nogil=True, fastmath=False, **options)
    uncached = numba.njit(cache=False, nogil=True, fastmath=False, **options)

    def decorate(function: Callable) -> Any:  # a numba dispatcher
        try:
            return cached(function)
        except RuntimeError:
            return uncached(function)

    return decorate


#: Decorator for serial kernels.
jit = _njit()

#: Decorator for kernels with a ``numba.prange`` loop.
jit_parallel = _njit(parallel=True)

#: A loop whose iterations run in parallel in a ``jit_parallel`` build; in a serial
#: build it is ``range``.
prange = numba.prange


def _renamed(function: Callable, build: str) -> types.FunctionType:
    """A copy of ``function`` named ``<name>__<build>``, so numba caches it apart.

    numba names a function's cache files by module, ``__qualname__`` and first line,
    and its index keys by signature, machine and bytecode: not by the options.  Two
    dispatchers of one Python function, one serial and one parallel, would share
    one index, and a later process could load either build for both.  Each copy has
    its own qualname, so its own files.
    """
    copy = types.FunctionType(
        function.__code__,
        function.__globals__,
        f"{function.__name__}__{build}",
        function.__defaults__,
        function.__closure__,
    )
    copy.__qualname__ = f"{function.__qualname__}__{build}"
    copy.__module__ = function.__module__
    copy.__doc__ = function.__doc__
    copy.__kwdefaults__ = function.__kwdefaults__
    return copy


def read_only(array: Any) -> Any:
    """A read-only view of ``array`` (no copy; ``array`` itself is left as it is).

    numba compiles a kernel once for each set of argument types, and an array's being
    writable is part of its type: a table passed writable by one caller and read-only
    by another is two builds (a second or more of compiling each).  The wrappers of
    kernels that only read a table pass it through here, so every caller gets the one
    build.

    Examples
    --------
    >>> import numpy as np
    >>> table = np.arange(3)
    >>> read_only(table).flags.writeable, table.flags.writeable
    (False, True)
    """
    view = array.view()
    view.flags.writeable = False
    return view


def serial_and_parallel(function: Callable) -> tuple[Any, Any]:
    """The serial and the parallel build of one kernel body written with ``prange``.

    Small batches take the serial build (starting threads costs more than the work);
    large ones the parallel build.  Each build is its own function object
    (``<name>__serial``, ``<name>__parallel``: see :func:`_renamed`), so each keeps
    its own cache files.
    """
    return jit(_renamed(function, "serial")), jit_parallel(_renamed(function, "parallel"))


def serial_copy(kernel: Any) -> Any:
    """A kernel written for :data:`jit_parallel` compiled again without threads.

    The same Python function (its ``prange`` loops run as plain loops), under its own
    name (``<name>__serial``, see :func:`_renamed`) so that numba caches the two
    compilations apart.  For small batches: launching numba's thread pool costs more
    than their work.
    """
    return jit(_renamed(getattr(kernel, "py_func", kernel), "serial"))


def _supports_no_refcount() -> bool:
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:  # pragma: no cover - a numba without the module
        return False
    return hasattr(CPUTargetOptions, "_nrt")


#: Decorator for small inner functions that take arrays but never allocate: compiled
#: without reference counting (numba's private ``_nrt=False`` option), since counting
#: the references of every array argument on each call costs several times the work of
#: a simulated turn.  Falls back to :data:`jit` on a numba without that option.
jit_no_refcount = _njit(_nrt=False) if _supports_no_refcount() else jit

#: Decorator for the innermost functions of a simulated turn (a draw of the generator
#: held in local variables, a turn): inlined into their callers by numba itself
#: (``inline="always"``), so that the generator's words stay in registers rather than
#: going through memory on every call, and without reference counting as
#: :data:`jit_no_refcount` (their callers are such functions too).
jit_inline = (
    _njit(inline="always", _nrt=False) if _supports_no_refcount() else _njit(inline="always")
)


def in_threads(
    kernel: Callable[..., Any], arguments: tuple, start: int, stop: int, min_share: int = 1
) -> list[Any]:
    """``kernel(*arguments, lo, hi)`` over ``start .. stop`` shared out among numba's number
    of threads (the calling thread runs the first share): the results, in order.

    For kernels compiled once, serially (they release the GIL), where numba's threaded
    build of the same loop would take seconds more to compile (the whole body compiled
    again, once a machine and signature) for the same speed.  Shares of fewer than
    ``min_share`` items are not worth a thread: a small range runs in the calling
    thread alone.

    Examples
    --------
    >>> import numpy as np
    >>> @jit
    ... def total(values, lo, hi):
    ...     return values[lo:hi].sum()
    >>> sum(in_threads(total, (np.arange(10.0),), 0, 10))
    45.0
    """
    parts = max(1, min(threads(), (stop - start) // max(1, min_share)))
    if parts == 1:
        return [kernel(*arguments, start, stop)]
    bounds = [start + (stop - start) * p // parts for p in range(parts + 1)]
    pool = _pool(parts - 1)
    others = [pool.submit(kernel, *arguments, bounds[p], bounds[p + 1]) for p in range(1, parts)]
    try:
        first = kernel(*arguments, bounds[0], bounds[1])
    finally:
        _wait_for(others)  # no share still writes once this returns or raises
    return [first, *(other.result() for other in others)]


def threads() -> int:
    """How many threads :func:`in_threads` uses: numba's number (``numba.set_num_threads``)
    once its thread pool runs, else the number it would start with
    (``NUMBA_NUM_THREADS``).  Asking numba itself would start its pool (GNU OpenMP here),
    after which a forked child that runs a threaded kernel is killed by OpenMP."""
    from numba.np.ufunc import parallel

    if parallel._is_initialized:
        return int(numba.get_num_threads())
    return int(numba.config.NUMBA_NUM_THREADS)


def _wait_for(futures: list[concurrent.futures.Future]) -> None:
    """Wait until every one of ``futures`` is done, even through Ctrl-C (the shares are
    short); an interrupt is raised again once they are."""
    interrupted: KeyboardInterrupt | None = None
    while True:
        try:
            concurrent.futures.wait(futures)
            break
        except KeyboardInterrupt as stop:
            interrupted = stop
    if interrupted is not None:
        raise interrupted


@functools.cache
def _pool(workers: int) -> concurrent.futures.ThreadPoolExecutor:
    """The threads :func:`in_threads` hands shares to (one pool a size, made once a
    process)."""
    return concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="pokerdice-kernel")


# A forked child inherits the pools but not their threads (work handed to them would wait
# for ever): it makes its own.
os.register_at_fork(after_in_child=_pool.cache_clear)
