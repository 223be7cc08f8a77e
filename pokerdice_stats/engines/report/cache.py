"""A disk cache for the main job's expensive solves, so that a warm run skips them.

A cached function's result is stored (pickled) under a key that digests

- the function (module and name) and its arguments (plain values only),
- every source file of the package (:func:`source_digest`): a change to any
  solver, or to the module constants that parametrise a solve, is a new key,
- the versions of Python and of the numerical libraries.

The value loaded is the value the function returns, so the files written
from it are the same bytes as without the cache.  The cache is off unless
the main job turns it on (:func:`use`); a damaged or unreadable entry is
computed again, and a folder that cannot be written (a read-only HOME) means
no cache, never an error.

Where: the ``report`` folder of the toolkit's cache
(:mod:`pokerdice_stats.ground.cache_dir`: ``$POKERDICE_CACHE_DIR/report``, by default
``~/.cache/pokerdice_stats/report``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pokerdice_stats.ground.bounds import FILE_CAP, check_structure
from pokerdice_stats.ground.cache_dir import (
    DamagedEntry,
    cache_folder,
    content_digest,
    read_entry,
    source_digest,
    warn_damaged,
)

__all__ = [
    "cache_key",
    "computing_alone",
    "default_folder",
    "disk_cached",
    "folder",
    "keep_solves",
    "kept_solve",
    "save_timings",
    "solves_kept",
    "source_digest",
    "timings",
    "use",
]

T = TypeVar("T")

#: Raise to drop every entry made before (a change of the entry format).
FORMAT = "2"
#: Libraries whose version is part of every key.
LIBRARIES = ("numpy", "scipy", "pandas", "numba", "matplotlib")

_folder: Path | None = None


def use(path: str | Path | None) -> None:
    """Turn the cache on in ``path`` (None: off)."""
    global _folder
    _folder = None if path is None else Path(path)


def folder() -> Path | None:
    """The folder in use, or None when the cache is off."""
    return _folder


def default_folder() -> Path | None:
    """The ``report`` folder of this user's cache, made if needed; None if it may not be used.

    See :func:`pokerdice_stats.ground.cache_dir.cache_folder`: a folder that another
    user owns or may write is refused (its entries are unpickled, so only this
    user's own may be trusted).
    """
    return cache_folder("report")


@functools.cache
def _versions() -> str:
    import importlib.metadata

    parts = [sys.version]
    for name in LIBRARIES:
        try:
            parts.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            parts.append(f"{name}=none")
    return "\n".join(parts)


def _plain(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def cache_key(name: str, args: tuple, sources: str | None = None) -> str:
    """The key of ``name(*args)``: a digest of it, of the package's sources and of the versions.

    Raises
    ------
    TypeError
        If an argument is not a plain value (str, int, float, bool, None, tuples of them),
        whose ``repr`` would not name it exactly.
    """
    if not _plain(args):
        raise TypeError(f"cached {name}: arguments must be plain values, not {args!r}")
    parts = [FORMAT, name, repr(args), source_digest() if sources is None else sources, _versions()]
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


#: The first line of every entry: the entry format's name and version.
MAGIC = f"pokerdice-stats cache entry {FORMAT}\n".encode("ascii")


def _entry(key: str, value: Any) -> bytes:
    """An entry's bytes: :data:`MAGIC`, a JSON line (key, digest and size of the pickle,
    type of the value), then the pickle."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    header = {
        "key": key,
        "sha256": content_digest(payload),
        "size": len(payload),
        "type": _type_name(value),
    }
    return MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + payload


def _type_name(value: Any) -> str:
    kind = type(value)
    return f"{kind.__module__}.{kind.__qualname__}"


def _load(path: Path, key: str) -> tuple[bool, Any]:
    """``(True, value)`` of the entry at ``path``, or ``(False, None)``.

    An entry is unpickled only when it is a regular file within
    :data:`~pokerdice_stats.ground.bounds.CACHE_ENTRY_CAP` bytes, starts with
    :data:`MAGIC`, names ``key`` (not the entry of another call) and its pickle matches
    the digest and size it names; the value must be of the type it names.  Anything
    else is reported on standard error and computed again.
    """
    try:
        data = read_entry(path)
        if data is None:
            return False, None
        if not data.startswith(MAGIC):
            raise DamagedEntry("not an entry of this format")
        line_end = data.find(b"\n", len(MAGIC), len(MAGIC) + 4096)
        if line_end < 0:
            raise DamagedEntry("no header")
        header = json.loads(data[len(MAGIC) : line_end].decode("ascii"))
        payload = data[line_end + 1 :]
        if not isinstance(header, dict) or header.get("key") != key:
            raise DamagedEntry("the entry of another computation")
        if header.get("size") != len(payload) or header.get("sha256") != content_digest(payload):
            raise DamagedEntry("its digest does not match its contents")
        value = pickle.loads(payload)
        if _type_name(value) != header.get("type"):
            raise DamagedEntry("a value of another type")
    except DamagedEntry as why:
        warn_damaged(path, why)
        return False, None
    except Exception as err:
        warn_damaged(path, f"unreadable: {type(err).__name__}")
        return False, None
    return True, value


def _store(path: Path, value: Any, stale: str, key: str = "") -> None:
    """Write atomically (another process may read or write the same entry); drop ``stale*``."""
    try:
        data = _entry(key, value)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".partial-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        for old in path.parent.glob(stale + "*"):
            if old.stem != path.stem:  # the entries of older keys, and their locks
                old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # no cache this time


def disk_cached(func: Callable[..., T]) -> Callable[..., T]:
    """Decorate a pure function of plain arguments so that its result is kept on disk.

    Only while the cache is on (:func:`use`); else the function runs as is.
    """
    name = f"{func.__module__}.{func.__qualname__}"

    @functools.wraps(func)
    def cached(*args: Any) -> T:
        return _through(_folder, name, args, lambda: func(*args))

    return cached


def _through(where: Path | None, name: str, args: tuple, compute: Callable[[], T]) -> T:
    """The entry of ``name(*args)`` in ``where`` if usable, else ``compute()`` stored there."""
    if where is None:
        return compute()
    key = cache_key(name, args)
    by_args = hashlib.sha256(repr(args).encode("utf-8")).hexdigest()[:12]
    stem = f"{name}-{by_args}-"
    path = where / f"{stem}{key[:32]}.pickle"
    found, value = _load(path, key)
    if found:
        return value
    with computing_alone(path.with_suffix(".lock")):
        found, value = _load(path, key)  # made by another process while this one waited
        if found:
            return value
        value = compute()
        _store(path, value, stem, key)
        # Stored first, so whoever opens a new lock file from here on finds the entry.
        path.with_suffix(".lock").unlink(missing_ok=True)
    return value


@contextlib.contextmanager
def computing_alone(lock: Path) -> Iterator[None]:
    """Hold ``lock`` (an exclusive ``flock``) while computing an entry.

    Two processes that miss the same entry at once (the main job's two workers, the
    test suite's two) would both compute it; with the lock, the second waits and then
    reads what the first stored.  Waiting ends with Ctrl-C like any other wait.  Where
    the lock cannot be taken (no ``fcntl``, a folder that refuses the file), the entry
    is computed without it, as before.
    """
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


_keep = True


def keep_solves(on: bool) -> None:
    """Turn :func:`kept_solve`'s cache on or off in this process (on by default).

    The main job's ``--no-cache`` turns it off, so that every solve is computed again.
    """
    global _keep
    _keep = bool(on)


def solves_kept() -> bool:
    """Whether :func:`kept_solve` uses the cache folder in this process."""
    return _keep


def kept_solve(folder_name: str, name: str, args: tuple, compute: Callable[[], T]) -> T:
    """``compute()``, kept in the toolkit's cache folder ``folder_name`` for the next process.

    Unlike :func:`disk_cached` (on only while the main job runs), this cache is on
    whenever the toolkit's cache folder may be used (and :func:`keep_solves` has not
    turned it off)
    (:func:`~pokerdice_stats.ground.cache_dir.cache_folder`): it is for solves a user
    waits on at the command line or in the coach.  The entry is keyed and checked like
    the main job's (:func:`cache_key`: ``name``, ``args``, the package's sources and the
    libraries' versions), written atomically, and computed again when damaged.

    Parameters
    ----------
    folder_name : str
        The subfolder of the cache (``solves``).
    name : str
        What is computed (part of the key and of the file name).
    args : tuple
        Plain values naming the computation (part of the key).
    compute : callable
        Computes the value when no usable entry is kept.
    """
    return _through(cache_folder(folder_name) if _keep else None, name, args, compute)


#: File of the cache folder holding the seconds each task took last time.
TIMINGS = "timings.json"


def timings() -> dict[str, float]:
    """Seconds each report task took in the last run that used the cache ({} if none)."""
    if _folder is None:
        return {}
    try:
        raw = read_entry(_folder / TIMINGS, FILE_CAP)  # a regular file: never a FIFO
        data = json.loads(check_structure(raw.decode("utf-8"), TIMINGS)) if raw else {}
    except (DamagedEntry, OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): float(v) for k, v in data.items() if isinstance(v, (int, float))}


def save_timings(seconds: dict[str, float]) -> None:
    """Keep ``seconds`` (by task label) for :func:`timings`; nothing if the cache is off."""
    if _folder is None:
        return
    try:
        fd, temporary = tempfile.mkstemp(dir=_folder, prefix=".partial-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(seconds, handle, indent=0, sort_keys=True)
        os.replace(temporary, _folder / TIMINGS)
    except OSError:
        pass
