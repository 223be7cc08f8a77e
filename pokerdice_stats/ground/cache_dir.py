"""Where the toolkit keeps what it saves between runs, and the digest of its code.

Three things are saved: the seat tables of solved rounds (``rounds/``, read by
``hold --to-win``), the solutions a command waits on (``solves/``: the bidding
game's) and the main job's expensive solves (``report/``).  All live under one
folder: ``$POKERDICE_CACHE_DIR`` if set (set it empty to save
nothing), else ``$XDG_CACHE_HOME/pokerdice_stats`` or
``~/.cache/pokerdice_stats``.  A folder that cannot be written (a read-only
home), or that another user owns or may write, means nothing is saved, never
an error.  Every entry is keyed by :func:`source_digest`, so a changed package
never reads what other code wrote.
"""

from __future__ import annotations

import functools
import hashlib
import os
import stat
import sys
import tempfile
from pathlib import Path

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.errors import LimitError
from pokerdice_stats.ground.limits import read_bytes_capped

__all__ = [
    "CACHE_ENV",
    "DamagedEntry",
    "cache_base",
    "cache_folder",
    "digested_sources",
    "read_entry",
    "source_digest",
    "warn_damaged",
]

#: Environment variable naming the cache folder (empty: save nothing).
CACHE_ENV = "POKERDICE_CACHE_DIR"
#: The package whose source files are digested (this file is in its ``ground/``).
PACKAGE = Path(__file__).resolve().parents[1]
#: Files that compute nothing saved: the command line (the top-level one, and each game's
#: ``command/`` folder, :data:`COMMAND_FOLDER`) and the coach's web page.
NOT_SOLVES = ("__main__.py", "cli.py", "commands/", "web/")
#: A game's command-line folder (``games/<game>/command/``), left out like :data:`NOT_SOLVES`.
COMMAND_FOLDER = "command"


def cache_base() -> Path | None:
    """The cache folder named by the environment (not checked), or None when it is off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pokerdice_stats"


def cache_folder(name: str) -> Path | None:
    """The subfolder ``name`` of the cache, made if needed; None if it may not be used.

    It may not be used when it cannot be made or written, when this user does
    not own it, when others may write it, or when its parent may be written by
    anyone without the sticky bit (another user could swap it).
    """
    base = cache_base()
    if base is None:
        return None
    path = base / name
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = os.lstat(path)
        uid = os.getuid() if hasattr(os, "getuid") else info.st_uid
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid or info.st_mode & 0o022:
            return None
        parent = os.stat(base).st_mode
        if parent & stat.S_IWOTH and not parent & stat.S_ISVTX:
            return None
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return None
    return path


@functools.cache
def source_digest(package: Path = PACKAGE) -> str:
    """SHA-256 of the package's ``.py`` files (relative path and bytes), in path order.

    Every file a solve can import counts; :data:`NOT_SOLVES` are left out.
    """
    digest = hashlib.sha256()
    for name in digested_sources(package):
        digest.update(name.encode("utf-8") + b"\0")
        digest.update((package / name).read_bytes() + b"\0")
    return digest.hexdigest()


def digested_sources(package: Path = PACKAGE) -> list[str]:
    """The ``.py`` files :func:`source_digest` reads (paths relative to ``package``), in order."""
    names = []
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package).as_posix()
        parts = path.relative_to(package).parts
        if "__pycache__" in parts or name.startswith(NOT_SOLVES) or COMMAND_FOLDER in parts[:-1]:
            continue
        names.append(name)
    return names


class DamagedEntry(Exception):
    """A cache entry that is there but may not be used (the reason is the message); the
    caller computes the value again.  Not an input error: the cache is the toolkit's own."""


def read_entry(path: Path, cap: int | None = None) -> bytes | None:
    """The bytes of a cache entry, or None when there is none.

    Only a regular file of at most ``cap`` bytes (default
    :data:`~pokerdice_stats.ground.bounds.CACHE_ENTRY_CAP`) is read, opened without blocking (a FIFO
    or a device in its place is never waited on or read).

    Raises
    ------
    DamagedEntry
        For anything else at ``path`` or a file that cannot be read.
    """
    try:
        return read_bytes_capped(
            path, "cache entry", bounds.CACHE_ENTRY_CAP if cap is None else cap
        )
    except FileNotFoundError:
        return None
    except LimitError as err:
        raise DamagedEntry(str(err)) from None
    except OSError as err:
        raise DamagedEntry(f"cannot be read: {err.strerror or err}") from None


def content_digest(data: bytes) -> str:
    """The SHA-256 digest of an entry's contents (written in the entry, checked on reading)."""
    return hashlib.sha256(data).hexdigest()


def warn_damaged(path: Path, why: object) -> None:
    """Say on standard error that a cache entry is not used and is computed again."""
    try:
        sys.stderr.write(
            f"pokerdice-stats: warning: cache entry {path.name!r} not used ({why}); "
            "computing it again\n"
        )
    except (OSError, ValueError, AttributeError):  # no standard error: nothing to say
        pass
