"""Writing what the toolkit produces: files moved into place whole, standard output checked.

A file is written to a temporary file beside its target and moved into place
(``os.replace``), so that a reader never sees half a file and an interrupted or failed
write leaves the old file as it was.  A target that exists and is not a regular file (a
directory, a FIFO, a device, a socket) is refused without being opened: opening a FIFO
for writing would wait for a reader.  Standard output may be anything the user gave (a
terminal, a pipe, a file); a closed or full one ends the command with one message and
exit status 2 (:class:`~pokerdice_stats.ground.errors.OutputError`), a reader that went
away (``| head -1``) with status 141, as the command line documents.
"""

from __future__ import annotations

import functools
import os
import stat
import sys
import tempfile
from pathlib import Path

from pokerdice_stats.ground.errors import OutputError

__all__ = ["StdoutError", "write_output", "write_stdout"]


class StdoutError(OutputError):
    """Standard output is closed or cannot take what is written (the command line then
    points it at the null device, so that nothing more fails at exit)."""


def _shown(path: str | Path) -> str:
    text = str(path)
    return text if len(text) <= 80 else "…" + text[-60:]


@functools.cache
def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_output(
    path: str | Path, data: str | bytes, what: str = "output file", make_parents: bool = False
) -> Path:
    """Write ``data`` (text as UTF-8 with the line ends it has) to ``path`` whole.

    Parameters
    ----------
    path : str or Path
    data : str or bytes
    what : str
        How the file is named in messages, e.g. ``"schedule file"``.
    make_parents : bool
        Create missing folders first.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    OutputError
        For a target that is not a regular file, or a write that fails (a full disk, a
        folder that cannot be written), naming the path.
    """
    path = Path(path)
    shown = _shown(path)
    try:
        info: os.stat_result | None = os.stat(path)  # follows links: a link to a FIFO is one
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise OutputError(f"cannot write {what} {shown!r}: {err.strerror or err}") from None
    except ValueError:  # a NUL character: no file has such a name
        raise OutputError(f"cannot write {what} {shown!r}: a NUL character in the name") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a FIFO, device or socket"
        raise OutputError(f"{what} {shown!r} is {kind}, not a regular file; name a file")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    temporary = None
    try:
        if make_parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".partial"
        )
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
        temporary = None
    except OSError as err:
        raise OutputError(f"cannot write {what} {shown!r}: {err.strerror or err}") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return path


def write_stdout(text: str) -> None:
    """Write ``text`` to standard output and flush it.

    Raises
    ------
    StdoutError
        When standard output is closed (``>&-``) or cannot take the text (a full disk).
    BrokenPipeError
        When its reader went away (the command line ends quietly, status 141).
    """
    stream = sys.stdout
    if stream is None:
        raise StdoutError("standard output is closed; nothing was written")
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as err:
        why = getattr(err, "strerror", None) or str(err)
        raise StdoutError(f"cannot write to standard output: {why}") from None
