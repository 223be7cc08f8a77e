"""Resource guards: a memory budget for the exact games and a size cap for input files.

A computation whose tables would outgrow the memory budget is refused before it
allocates anything (:func:`check_memory`), naming the option that raises the
budget.  The budget is, first found: the value set by :func:`set_memory_budget`
(the command line's ``--memory-budget``), the environment variable
``POKERDICE_MEMORY_BUDGET``, half of the machine's memory (``MemTotal`` of
``/proc/meminfo``), or :data:`FALLBACK_BUDGET` where that is unknown.

Input files (rule files, points files, payout schedules) are read through
:func:`read_text_capped`: only regular files of at most :data:`FILE_CAP` bytes;
a directory, a device (a link to ``/dev/zero``), a FIFO or a socket is refused
after ``os.stat`` and never opened.
"""

from __future__ import annotations

import os
import re
import stat
from fractions import Fraction
from pathlib import Path

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.errors import LimitError, shorten
from pokerdice_stats.ground.speaker import either

#: The environment variable holding the memory budget (see :func:`parse_size`).
BUDGET_ENV = "POKERDICE_MEMORY_BUDGET"

#: The command-line option that raises the budget (named in every refusal).
BUDGET_OPTION = "--memory-budget"

#: The budget when the machine's memory cannot be read: 4 GiB.
FALLBACK_BUDGET = 4 * 1024**3

#: Largest memory budget accepted: 1 PiB (``1024T``), far past any machine; a larger one
#: is a typing slip, refused rather than read as "no limit".
MAX_BUDGET = 1024**5

#: Largest input file read, in bytes (1 MiB; the rule documents' files are a few KiB).
FILE_CAP = bounds.FILE_CAP

_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}

_override: int | None = None


#: An exact number as the command line and the input files write it: ASCII digits, an
#: optional leading ``-``, an optional decimal part, exponent (at most 3 digits) or
#: ``/denominator``.  ``Fraction`` alone also takes ``+3``, ``1_0``, ``٣`` and ``1e999999999``
#: (which it would spend minutes expanding).
_EXACT_NUMBER = re.compile(
    r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?(?:/[0-9]+)?"
)


def exact_number(text: object) -> Fraction:
    """Read an exact number (``3``, ``-1/2``, ``0.25``, ``1e3``) strictly.

    The one rule for numbers in options, rule files and CSV cells
    (:data:`~pokerdice_stats.ground.bounds.AMOUNT_RULE`): no blanks before or after,
    at most :data:`~pokerdice_stats.ground.bounds.MAX_DIGITS` characters and at most
    :data:`~pokerdice_stats.ground.bounds.MAX_AMOUNT` in size.

    Raises
    ------
    ValueError
        For any other text (callers turn it into their own message), a zero
        denominator, more than 4,000 characters (a :class:`LimitError`) or a number
        past the largest amount (a :class:`LimitError`).
    """
    if isinstance(text, Fraction) or (isinstance(text, int) and not isinstance(text, bool)):
        # checked as a number: the text of one past 4,300 digits is itself an error
        return bounds.check_amount(Fraction(text), "the number")
    raw = str(text)
    if len(raw) > bounds.MAX_DIGITS:
        raise LimitError(f"a number of {len(raw)} characters, more than {bounds.MAX_DIGITS}")
    if not raw.isascii() or not _EXACT_NUMBER.fullmatch(raw):
        raise ValueError(f"not an exact number: {raw[:60]!r}")
    try:
        value = Fraction(raw)
    except ZeroDivisionError:
        raise ValueError(f"zero denominator in {raw[:60]!r}") from None
    return bounds.check_amount(value, repr(raw[:60]))


def exact_amount(text: object, expected: str, error: type[ValueError]) -> Fraction:
    """:func:`exact_number`, with any failure as one short ``error`` naming what was expected.

    The message is ``"<expected>, got '<text>'"`` for a number spelled otherwise, with
    the reason where the spelling is right (a zero denominator, a size past the bounds).

    Examples
    --------
    >>> exact_amount("3/2", "a stake such as 1 or 1/2", ValueError)
    Fraction(3, 2)
    >>> exact_amount("1/0", "a stake such as 1 or 1/2", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: a stake such as 1 or 1/2, got '1/0' (a zero denominator)
    """
    try:
        return exact_number(text)
    except LimitError as exc:
        raise error(f"{expected}; {exc}") from None
    except ValueError:
        raw = str(text)
        reason = _spelling_problem(raw)
        raise error(f"{expected}, got {shorten(raw)!r}{f' ({reason})' if reason else ''}") from None


def _spelling_problem(raw: str) -> str:
    """What keeps ``raw`` from being an exact number, where one slip explains it."""
    if raw.isascii() and _EXACT_NUMBER.fullmatch(raw):
        return "a zero denominator"
    if raw != raw.strip() or " " in raw:
        return "no spaces"
    if not raw.isascii():
        return "ASCII digits only"
    if raw.startswith("+"):
        return "no plus sign"
    if "_" in raw:
        return "no underscores"
    if re.search(r"[eE][-+]?[0-9]{4,}", raw):
        return "an exponent of at most 3 digits"
    return ""


def parse_size(text: str) -> int:
    """Bytes from ``"4096"``, ``"512M"``, ``"16G"`` (K, M, G, T: powers of 1024).

    The number is ASCII digits only (no sign, ``_``, ``+`` or blanks, at most 30 of them),
    then at most one unit letter; the size is 1 byte to :data:`MAX_BUDGET` (1 PiB).

    Raises
    ------
    LimitError
        For any other text, a budget of 0 or one over :data:`MAX_BUDGET`.
    """
    raw = str(text)  # no blanks, as every number
    unit = raw[-1:].upper() if raw[-1:].isalpha() else ""
    digits = raw[: len(raw) - len(unit)]
    if unit not in _UNITS or not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
        raise LimitError(
            f"a memory budget is a whole number of bytes with an optional unit K, M, G or T "
            f"(e.g. 16G), got {shorten(raw)!r}"
        )
    size = int(digits) * _UNITS[unit]
    if size < 1:
        raise LimitError("a memory budget must be at least 1 byte")
    if size > MAX_BUDGET:
        raise LimitError(
            f"a memory budget is at most 1 PiB (1024T, {MAX_BUDGET} bytes), got {shorten(raw)!r}"
        )
    return size


def machine_memory() -> int | None:
    """The machine's memory in bytes (``MemTotal`` of ``/proc/meminfo``), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def set_memory_budget(size: int | None) -> None:
    """Set the budget for this process (None: back to the environment or the default)."""
    global _override
    _override = size


def env_budget() -> int | None:
    """The budget set by the environment variable :data:`BUDGET_ENV`, or None (unset or blank).

    Raises
    ------
    LimitError
        For a value :func:`parse_size` refuses, naming the variable.
    """
    env = os.environ.get(BUDGET_ENV, "").strip()
    if not env:
        return None
    try:
        return parse_size(env)
    except LimitError as err:
        raise LimitError(f"{BUDGET_ENV}: {err}") from None


def memory_budget() -> int:
    """The memory budget in bytes (see the module docstring for where it comes from)."""
    if _override is not None:
        return _override
    env = env_budget()
    if env is not None:
        return env
    total = machine_memory()
    return total // 2 if total else FALLBACK_BUDGET


def size_text(size: int) -> str:
    """A byte count for messages, in the largest unit it reaches (``"18.3 GiB"``)."""
    for unit, factor in (("TiB", 1024**4), ("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size >= factor:
            return f"{size / factor:.3g} {unit}"
    return f"{size} bytes"


def check_memory(needed: int, what: str) -> None:
    """Refuse a computation estimated to need ``needed`` bytes beyond the budget.

    Raises
    ------
    LimitError
        Naming the estimate, the budget and how to raise it.
    """
    budget = memory_budget()
    if needed > budget:
        raise LimitError(
            f"{what} would need about {size_text(needed)} of memory, more than the budget of "
            f"{size_text(budget)}; raise it with "
            + either(
                f"{BUDGET_OPTION} SIZE (e.g. {BUDGET_OPTION} 64G)",
                "pokerdice_stats.ground.limits.set_memory_budget(SIZE) (e.g. 64 * 2**30)",
            )
            + f" or {BUDGET_ENV} if the machine has the memory"
        )


def read_bytes_capped(path: str | Path, what: str, cap: int = FILE_CAP) -> bytes:
    """The bytes of a regular file of at most ``cap`` bytes.

    The file is opened without blocking (a FIFO put in its place does not wait for a
    writer) and checked on the open descriptor, so a file swapped for a FIFO or a
    device between a check and the read is refused all the same.

    Raises
    ------
    FileNotFoundError
        When nothing is at ``path`` (callers word their own message).
    LimitError
        For a directory, a device, a FIFO or socket, a file over ``cap`` bytes or an
        unreadable file.
    """
    shown = str(path) if len(str(path)) <= 80 else "…" + str(path)[-60:]  # the name
    try:
        info = os.stat(path)  # follows links: a link to /dev/zero is a device
    except ValueError:  # a NUL character: no file has such a name
        raise LimitError(f"{what} {shown!r} cannot name a file (a NUL character)") from None
    if stat.S_ISDIR(info.st_mode):
        raise LimitError(f"{what} {shown!r} is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise LimitError(f"{what} {shown!r} is not a regular file (a device, FIFO or socket)")
    if info.st_size > cap:
        raise LimitError(f"{what} {shown!r} is {info.st_size} bytes, more than the {cap} read")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise
    except OSError as err:
        raise LimitError(f"cannot read {what} {shown!r}: {err.strerror or err}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LimitError(f"{what} {shown!r} is not a regular file (a device, FIFO or socket)")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(cap + 1)
    except OSError as err:
        raise LimitError(f"cannot read {what} {shown!r}: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > cap:
        raise LimitError(f"{what} {shown!r} is more than the {cap} bytes read")
    return data


def read_text_capped(path: str | Path, what: str, cap: int = FILE_CAP) -> str:
    """The text of a regular file of at most ``cap`` bytes (UTF-8, a leading byte-order mark
    dropped).

    Parameters
    ----------
    path : str or Path
    what : str
        How the file is named in messages, e.g. ``"rule file"``.
    cap : int
        Largest size read, in bytes.

    Raises
    ------
    FileNotFoundError
        When nothing is at ``path`` (callers word their own message).
    LimitError
        For a directory, a device, a FIFO or socket, a file over ``cap`` bytes,
        an unreadable file or one that is not UTF-8 text.
    """
    data = read_bytes_capped(path, what, cap)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows editors write one) dropped
    except UnicodeDecodeError:
        shown = str(path) if len(str(path)) <= 80 else "…" + str(path)[-60:]
        raise LimitError(f"cannot read {what} {shown!r}: not UTF-8 text") from None


def read_structured_text(path: str | Path, what: str, cap: int = FILE_CAP) -> str:
    """:func:`read_text_capped`, then :func:`~pokerdice_stats.ground.bounds.check_structure`:
    the text of a TOML or JSON file that a parser may safely read.

    Raises
    ------
    FileNotFoundError, LimitError
    """
    shown = str(path) if len(str(path)) <= 80 else "…" + str(path)[-60:]
    return bounds.check_structure(read_text_capped(path, what, cap), f"{what} {shown!r}")


def read_text_or(
    error: type[ValueError],
    path: str | Path,
    what: str,
    *,
    structured: bool = False,
    shown: str | None = None,
) -> str:
    """:func:`read_text_capped` (:func:`read_structured_text` when ``structured``), every
    failure raised as ``error``: the file not found, a limit's own message, or the file
    unreadable.  ``shown`` is how the file is named in those messages (default: its path,
    quoted).

    Raises
    ------
    ValueError
        ``error``, for each failure above.
    """
    shown = repr(str(path)) if shown is None else shown
    try:
        if structured:
            return read_structured_text(path, what)
        return read_text_capped(path, what)
    except FileNotFoundError:
        raise error(f"{what} {shown} not found") from None
    except LimitError as err:
        raise error(str(err)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise error(f"cannot read {what} {shown}: {err}") from None
