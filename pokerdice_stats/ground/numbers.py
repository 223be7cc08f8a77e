"""Numbers in prose and in table cells, as people read them: fixed decimals, chances in
percent, tolerances as stated, short fractions, counted words.

Examples
--------
>>> fixed_text(-0.00001, ".4f"), chance_percent(0.999989), plural(1, "throw"), plural(2, "throw")
('0.0000', '99.999', '1 throw', '2 throws')
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

#: Floats from this size to :data:`POSITIONAL_HIGH` are written without an exponent for
#: people (``0.0000020648``, not ``2.064803146e-06``); noise below it keeps its exponent,
#: and a double's digits stop short of :data:`POSITIONAL_HIGH`.
POSITIONAL_LOW = 1e-7
POSITIONAL_HIGH = 1e15
#: The most significant digits written to keep a float that is not whole from reading as a
#: whole number: doubles carry 15 to 17, and the last ones are a computation's rounding
#: error (``24.999999999999996`` for a quarter in percent).
WHOLE_DIGITS = 15


def fraction_text(value: Fraction | int) -> str:
    """An exact number as ``"p/q"`` in lowest terms."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def optional_fraction_text(value: Fraction | int | None) -> str | None:
    """:func:`fraction_text`, or None for no value (a JSON figure that does not apply).

    >>> optional_fraction_text(Fraction(3, 6)), optional_fraction_text(None)
    ('1/2', None)
    """
    return None if value is None else fraction_text(value)


def fixed_text(value: Any, spec: str, tolerance: float | None = None) -> str:
    """A number in prose, written with a format ``spec`` (``".4f"``, ``",.0f"``, ``".1%"``).

    As :func:`number_text` does for tables: a value below a stated
    ``tolerance`` is numerical noise and written as zero, and a rounded zero
    never carries a sign (``-0.0000`` is written ``0.0000``), so the text does
    not depend on the last bits a library version computes.  A fixed-point spec of a
    number of 1e15 or more, whose digits a double does not hold, is written to 15
    significant digits instead (``2.69418724279835e+19``, not ``26941872427983540224.0``).

    >>> fixed_text(2.5, ".6f"), fixed_text(26941872427983539094.38, "+.6f")
    ('2.500000', '+2.69418724279835e+19')
    """
    number = float(value)
    if math.isnan(number):
        return ""
    if number == 0 or (tolerance is not None and abs(number) < tolerance):
        number = 0.0
    if spec.endswith("f") and abs(number) >= POSITIONAL_HIGH:  # the flags kept (",", "+")
        spec = f"{spec.split('.')[0]}.{WHOLE_DIGITS}g"
    text = format(number, spec)
    if text.startswith("-") and not any(ch in "123456789" for ch in text.split("e")[0]):
        text = text[1:]
    return text


def chance_percent(chance: Any, digits: int = 4) -> str:
    """A chance (0 to 1) as a percentage for people, ``digits`` significant digits, but
    never rounded to 0 or 100 unless it is exactly 0 or 1 (or within a double's rounding
    error of it: 15 significant digits).

    Written without an exponent down to 1e-7 percent (``0.000091``, not ``9.1e-05``);
    below it, where a chance is the arithmetic's noise or one in billions, with one.

    >>> chance_percent(0.0385802), chance_percent(0.999989), chance_percent(1), chance_percent(2e-9)
    ('3.858', '99.999', '100', '0.0000002')
    >>> chance_percent(9.1e-07), chance_percent(0.9999999999999997), chance_percent(1 - 1e-13)
    ('0.000091', '100', '99.99999999999')
    """
    value = 100 * float(chance)
    text = f"{value:.{digits}g}"
    # more digits until it is not 0 or 100, up to 15: past them a double's digits are a
    # computation's rounding error (0.9999999999999997 for a chance of 1 is 100%)
    while value not in (0.0, 100.0) and float(text) in (0.0, 100.0) and digits < WHOLE_DIGITS:
        digits += 1
        text = f"{value:.{digits}g}"
    if "e" in text and POSITIONAL_LOW <= abs(value) < POSITIONAL_HIGH:
        text = format(Decimal(text), "f")  # the same digits, without the exponent
    return text


def settled(value: float) -> float:
    """A computed float kept to :data:`WHOLE_DIGITS` significant digits, the last bits of
    a sum's rounding error dropped (``-0.9999999999999999`` for a loss that is certain is
    ``-1.0``); NaN stays NaN.

    >>> settled(-0.9999999999999999), settled(0.47058823529411764), settled(-0.0)
    (-1.0, 0.470588235294118, 0.0)
    >>> settled(1.7976931348623157e308)  # rounding would overflow: kept as it is
    1.7976931348623157e+308
    """
    number = float(value)
    if math.isnan(number) or math.isinf(number):
        return number
    kept = float(f"{number:.{WHOLE_DIGITS}g}") + 0.0
    return kept if math.isfinite(kept) else number  # (the largest floats round past it)


def stated(tolerance: float, digits: int = 3) -> float:
    """A tolerance as it is stated to people: rounded to ``digits`` significant
    digits (``1.2000000000000002e-06`` is ``1.2e-06``)."""
    return float(f"{tolerance:.{digits}g}")


#: Longest exact fraction a plain-text table shows in full.
SHORT_FRACTION = 21


def short_fraction(value: Fraction | int | float, limit: int = SHORT_FRACTION) -> str:
    """``"p/q"`` for a table cell (a whole number without ``/1``), or ``"…"`` when
    longer than ``limit`` characters (JSON and CSV carry the whole fraction);
    floats as ``""``."""
    if isinstance(value, float):
        return ""
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else fraction_text(value)
    return text if len(text) <= limit else "…"


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and ``word``, made plural (``words``, else ``word`` + ``s``) unless one.

    >>> plural(1, "player"), plural(3, "player"), plural(0, "raise")
    ('1 player', '3 players', '0 raises')
    """
    return f"{count} {word if count == 1 else (words or word + 's')}"


_DECIMAL = re.compile(r"-?\d+(?:\.\d+)?")


def points_aligned(cells: list[str]) -> list[str]:
    """A column of a plain table whose cells are decimals, padded on the right so that,
    right-aligned, their decimal points line up (a whole number's units under the
    units); each cell keeps its own digits.  Any other column is returned as it is.

    >>> for cell in points_aligned(["42.9012", "100", "0.07716", ""]):
    ...     print(cell.rjust(9) + "|")
     42.9012 |
    100      |
      0.07716|
             |
    """
    numbers = [cell for cell in cells if cell]
    if not any("." in cell for cell in numbers) or not all(
        _DECIMAL.fullmatch(cell) for cell in numbers
    ):
        return cells
    places = max(len(cell.partition(".")[2]) for cell in numbers)  # the most decimals
    return [
        cell + " " * (places - len(cell.partition(".")[2]) + ("." not in cell)) if cell else cell
        for cell in cells
    ]
