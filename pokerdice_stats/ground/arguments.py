"""Checks on the arguments of the public functions (``checked_*``): whole numbers, flags,
text and positive numbers.

A public function given a float, a bool, ``None``, a string or a list where it counts
something refuses it here with one :class:`~pokerdice_stats.ground.errors.PokerDiceError`
(never a ``TypeError`` from ``int()``, an ``OverflowError`` from ``int(inf)`` or a bool
taken as 0 or 1).  Python and NumPy integers are accepted; bools (Python's and NumPy's)
are not.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from pathlib import Path

import numpy as np

from pokerdice_stats.ground.bounds import INT64_MAX
from pokerdice_stats.ground.errors import OptionError, PokerDiceError, shorten


def shown(value: object) -> str:
    """``repr(value)`` for a message, cut to its first characters and the length of the
    value's text when long (:func:`~pokerdice_stats.ground.errors.shorten`); a huge number
    is not echoed."""
    if isinstance(value, int) and abs(value) >= 10**40:
        return "a huge number"
    return shorten(repr(value), length=len(str(value)))


def is_whole(value: object) -> bool:
    """Whether ``value`` is a Python or NumPy integer (and not a bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_value(value: object) -> int | None:
    """``value`` as a Python int when it is a whole number of any kind (a Python or NumPy
    integer or bool, a whole Fraction or finite float), else None.

    >>> whole_value(Fraction(4, 2)), whole_value(3.0), whole_value(2.5), whole_value("3")
    (2, 3, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool | np.bool_ | int | np.integer):
        return int(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else None
    if isinstance(value, float | np.floating) and math.isfinite(value) and value == int(value):
        return int(value)
    return None


def checked_whole_number(
    value: object,
    what: str,
    low: int | None = None,
    high: int | None = None,
    error: type[PokerDiceError] = OptionError,
    reason: str = "",
) -> int:
    """``value`` as an ``int``, if it is a whole number from ``low`` to ``high``.

    Parameters
    ----------
    value : object
        The argument.
    what : str
        Its name in the message (``"players"``).
    low, high : int, optional
        The bounds, both included (none when omitted).
    error : type
        The :class:`PokerDiceError` raised.
    reason : str
        Why the bounds are what they are, added to the refusal of a value out of them.

    Returns
    -------
    int

    Raises
    ------
    PokerDiceError
        ``error``, for a value that is not a whole number (a bool, a float, ``None``, a
        string, ...) or one out of bounds.

    Examples
    --------
    >>> checked_whole_number(3, "players", 2, 5)
    3
    >>> checked_whole_number(True, "players", 2, 5)
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: players must be a whole number, got True
    """
    if not is_whole(value):
        raise error(f"{what} must be a whole number, got {shown(value)}")
    number = int(value)  # type: ignore[call-overload]
    if (low is not None and number < low) or (high is not None and number > high):
        if high is None:
            bounds = f"{low} or more"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"{low} to {high}"
        raise error(
            f"{what} must be {bounds}, got {shown(value)}" + (f" ({reason})" if reason else "")
        )
    return number


def checked_flag(value: object, what: str, error: type[PokerDiceError] = OptionError) -> bool:
    """``value`` if it is a bool (Python's or NumPy's), else ``error``.

    Examples
    --------
    >>> checked_flag(False, "exact")
    False
    """
    if not isinstance(value, (bool, np.bool_)):
        raise error(f"{what} must be True or False, got {shown(value)}")
    return bool(value)


def checked_text(value: object, what: str, error: type[PokerDiceError] = OptionError) -> str:
    """``value`` if it is a string, else ``error``.

    Examples
    --------
    >>> checked_text("full-house", "category")
    'full-house'
    """
    if not isinstance(value, str):
        raise error(f"{what} must be a string, got {shown(value)}")
    return value


def checked_positive_number(
    value: object, what: str, error: type[PokerDiceError] = OptionError
) -> float:
    """``value`` as a float, if it is a finite real number above 0 (a Python or NumPy
    number or a Fraction; not a bool, a string or ``None``).

    Examples
    --------
    >>> checked_positive_number(1e-9, "tolerance")
    1e-09
    >>> checked_positive_number(True, "tolerance")
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: tolerance must be a number, got True
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, Fraction, np.integer, np.floating)
    ):
        raise error(f"{what} must be a number, got {shown(value)}")
    number = float(value)
    if not (math.isfinite(number) and number > 0):
        raise error(f"{what} must be a finite number above 0, got {shown(value)}")
    return number


def checked_path(value: object, what: str, error: type[PokerDiceError] = OptionError) -> Path:
    """``value`` as a :class:`~pathlib.Path`, if it is a string or a path-like object.

    Examples
    --------
    >>> checked_path("results", "out_dir")
    PosixPath('results')
    >>> checked_path(5, "out_dir")
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: out_dir must be a path (str or Path), got 5
    """
    if not isinstance(value, (str, os.PathLike)) or isinstance(os.fspath(value), bytes):
        raise error(f"{what} must be a path (str or Path), got {shown(value)}")
    return Path(value)


def checked_names(value: object, what: str, error: type[PokerDiceError] = OptionError) -> tuple:
    """``value`` as a tuple of strings, if it is a list or tuple of them (one string is not:
    it would be read letter by letter).

    Examples
    --------
    >>> checked_names(["odds_tables"], "sections")
    ('odds_tables',)
    >>> checked_names("odds_tables", "sections")
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: sections must be a list or tuple of names, \
got 'odds_tables'
    """
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise error(f"{what} must be a list or tuple of names, got {shown(value)}")
    return tuple(value)


def checked_whole_table(
    value: object,
    what: str,
    shape: tuple[int, ...],
    fit_int64: bool = True,
    error: type[PokerDiceError] = OptionError,
) -> np.ndarray:
    """``value`` as an array of whole numbers of ``shape``: int64, or Python ints (object)
    when ``fit_int64`` is False and some do not fit.  Floats are taken when every one is
    whole (``3.0``); ``0.5``, NaN, text or None are refused, never truncated.

    Examples
    --------
    >>> checked_whole_table([[1.0, -2.0]], "payout", (1, 2)).tolist()
    [[1, -2]]
    >>> checked_whole_table([[1.5, 2]], "payout", (1, 2))
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: payout must hold whole numbers, got 1.5
    """
    try:
        table = np.asarray(value)
    except (TypeError, ValueError):
        raise error(f"{what} must be an array of whole numbers, got {shown(value)}") from None
    if table.shape != shape:
        raise error(f"{what} must be an array of shape {shape}, got shape {table.shape}")
    kind = table.dtype.kind
    if kind in "iu":
        if kind == "u" and table.size and table.max() > INT64_MAX:
            table = table.astype(object)
        else:
            return table.astype(np.int64, copy=False)
    elif kind == "f":
        bad = ~np.isfinite(table) | (table != np.round(table))
        if bad.any():
            raise error(f"{what} must hold whole numbers, got {table[bad].flat[0].item()!r}")
        if np.abs(table).max(initial=0) < 2.0**63:
            return table.astype(np.int64)
        table = np.array([int(v) for v in table.ravel().tolist()], dtype=object).reshape(shape)
    elif kind in "Ob":
        items = table.ravel().tolist()
        wholes = [whole_value(v) for v in items]
        if None in wholes:
            raise error(f"{what} must hold whole numbers, got {shown(items[wholes.index(None)])}")
        table = np.array(wholes, dtype=object).reshape(shape)
    else:
        raise error(f"{what} must hold whole numbers, got dtype {table.dtype}")
    limit = INT64_MAX
    if all(abs(v) <= limit for v in table.ravel().tolist()):
        return table.astype(np.int64)
    if fit_int64:
        raise error(f"{what} must hold whole numbers within int64 (at most {limit:,} in size)")
    return table


def checked_chances(
    value: object, what: str, length: int, error: type[PokerDiceError] = OptionError
) -> np.ndarray:
    """``value`` as ``length`` float chances (one an outcome, e.g. a final hand), or refused.

    Examples
    --------
    >>> checked_chances([0.25, 0.75], "deal", 2).tolist()
    [0.25, 0.75]
    >>> checked_chances([0.5, 0.6], "deal", 2)
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: deal must sum to 1, got 1.1
    """
    try:
        chances = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise error(f"{what} must be {length} chances, got {shown(value)}") from None
    if chances.shape != (length,):
        raise error(f"{what} must be {length} chances, one an outcome, got shape {chances.shape}")
    if not np.isfinite(chances).all() or (chances < 0).any():
        raise error(f"{what} must be finite chances, not negative")
    if abs(chances.sum() - 1) > 1e-9:
        raise error(f"{what} must sum to 1, got {chances.sum():.12g}")
    return chances


def checked_instance(
    value: object,
    kind: type | tuple[type, ...],
    what: str,
    made_by: str = "",
    error: type[PokerDiceError] = OptionError,
) -> object:
    """``value`` if it is a ``kind`` (a result object a function reads), else one message
    naming what was expected (and ``made_by``: the function that makes one), never the
    ``AttributeError`` of the first attribute read.

    Examples
    --------
    >>> checked_instance(None, Fraction, "result", "solve_betting(rules, players)")
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: result must be a Fraction (from \
solve_betting(rules, players)), got NoneType
    """
    if isinstance(value, kind):
        return value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = " or ".join(k.__name__ for k in kinds)
    article = "an" if names[0] in "AEIOU" else "a"
    source = f" (from {made_by})" if made_by else ""
    raise error(f"{what} must be {article} {names}{source}, got {type(value).__name__}")
