"""Writing tables and exact numbers as text: plain tables, Markdown, CSV, JSON.

Exact probabilities are :class:`fractions.Fraction`; in JSON, CSV and Markdown
they are written ``"p/q"`` in lowest terms (always with the ``/q``, whole numbers
too); plain-text tables, for people, write a whole number without it (``0``, ``-6``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.json_names import answer_names
from pokerdice_stats.ground.numbers import (
    POSITIONAL_HIGH,
    POSITIONAL_LOW,
    WHOLE_DIGITS,
    fraction_text,
    points_aligned,
    short_fraction,
)

if TYPE_CHECKING:  # pandas is imported by the writers of frames only (quick commands skip it)
    import pandas as pd

FORMATS = ("table", "markdown", "csv", "json")
#: Significant digits of every float the project writes to results/' CSV files.
DIGITS = 10
#: Significant digits of a float in a Markdown table (for people: the CSV beside it keeps
#: :data:`DIGITS`, and the exact fraction where there is one).
MARKDOWN_DIGITS = 6


def number_text(
    value: Any,
    tolerance: float | None = None,
    digits: int | None = DIGITS,
    positional: bool = False,
) -> Any:
    """A number as the project writes it; any other value is returned unchanged.

    Exact fractions as ``p/q``, integers as integers, floats to ``digits``
    significant digits (so the text does not depend on the last bits a library
    version computes), with zero written ``0`` (never ``-0``) and, when a
    ``tolerance`` is stated, any float of absolute value below it written ``0``
    (numerical noise).  NaN is written as an empty cell.  ``digits=None`` writes a
    float whole, as ``repr`` (and JSON) do: the shortest text that reads back as the
    same float, the same on every machine (zero as ``0.0``).  ``positional`` (Markdown)
    writes a float from :data:`POSITIONAL_LOW` to :data:`POSITIONAL_HIGH` without an
    exponent, and a float that is not whole never as a whole number (more digits then, up
    to :data:`WHOLE_DIGITS` significant: a float nearer a whole number than that is one
    computed with a rounding error, and is written whole).

    >>> number_text(0.0495), number_text(0.0495, digits=None), number_text(-0.0, digits=None)
    ('0.0495', '0.0495', '0.0')
    >>> number_text(0.1 + 0.2), number_text(0.1 + 0.2, digits=None)
    ('0.3', '0.30000000000000004')
    >>> number_text(99.99999999, digits=6, positional=True)
    '99.99999999'
    >>> number_text(24.999999999999996, digits=6, positional=True)  # 1/4 in percent, computed
    '25'
    """
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, (bool, np.bool_)):
        return value
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        number = float(value)
        if math.isnan(number):
            return ""
        if math.isinf(number):
            return "inf" if number > 0 else "-inf"
        if number == 0 or (tolerance is not None and abs(number) < tolerance):
            return "0" if digits is not None else "0.0"
        if digits is None:
            return repr(number)
        if positional and POSITIONAL_LOW <= abs(number) < POSITIONAL_HIGH:
            # a fraction is never shown as a whole number (99.99999999 % is not 100 %),
            # unless it is within a rounding error of one (WHOLE_DIGITS)
            whole = number.is_integer()
            for shown in range(digits, max(digits, WHOLE_DIGITS) + 1):
                text = np.format_float_positional(
                    number, precision=shown, unique=False, fractional=False, trim="-"
                )
                if whole or "." in text:
                    break
        else:
            text = format(number, f".{digits}g")
        return "0" if text in ("0", "-0") else text
    return value


def numbers_as_text(
    frame: pd.DataFrame,
    tolerances: dict[str, float] | None = None,
    digits: int | None = DIGITS,
    positional: bool = False,
) -> pd.DataFrame:
    """A copy of a frame with every number written by :func:`number_text`.

    ``tolerances`` maps a column to the tolerance stated for it (values below
    it are noise, written ``0``).
    """
    out = checked_frame(frame).copy()
    tolerances = tolerances or {}
    for column in out.columns:
        tol = tolerances.get(column)
        out[column] = (
            out[column]
            .map(lambda v, tol=tol: number_text(v, tol, digits, positional))
            .astype(object)
        )
    return out


def plain(value: Any) -> Any:
    """A value made JSON-friendly: Fractions as ``"p/q"``, numpy scalars as Python ones."""
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (np.floating, float)):
        number = float(value)
        return None if math.isnan(number) else (number if math.isfinite(number) else str(number))
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def checked_frame(frame: object, what: str = "frame") -> pd.DataFrame:
    """``frame`` if it is a pandas DataFrame, else an :class:`OptionError`."""
    import pandas as pd  # already loaded wherever a frame was made

    if not isinstance(frame, pd.DataFrame):
        raise OptionError(f"{what} must be a pandas DataFrame, got {shown(frame)}")
    return frame


def frame_as_text(
    frame: pd.DataFrame, elide: bool = False, tolerances: dict[str, float] | None = None
) -> pd.DataFrame:
    """A copy of a frame with Fractions written ``"p/q"`` and floats rounded for reading.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table to write.
    elide : bool, default False
        Write fractions longer than :data:`SHORT_FRACTION` characters as ``…`` and
        whole ones without ``/1`` (plain-text tables; JSON and CSV keep them whole).
    tolerances : dict of str to float, optional
        Column name to the tolerance stated for it: floats of absolute value below it
        are numerical noise, written ``0`` (as for :func:`numbers_as_text`).

    Returns
    -------
    pandas.DataFrame
        A copy with the same columns, every cell written by :func:`number_text`
        (floats to 6 significant digits, without an exponent from
        :data:`POSITIONAL_LOW` up, as in Markdown; object columns).

    Raises
    ------
    OptionError
        If ``frame`` is not a pandas DataFrame.
    """
    out = checked_frame(frame).copy()
    tolerances = tolerances or {}
    for column in out.columns:
        values = out[column]
        if elide:
            values = values.map(lambda v: short_fraction(v) if isinstance(v, Fraction) else v)
        tol = tolerances.get(column)
        out[column] = values.map(
            lambda v, tol=tol: number_text(v, tol, digits=6, positional=True)
        ).astype(object)
    return out


def to_markdown(
    frame: pd.DataFrame,
    tolerances: dict[str, float] | None = None,
    percent: Sequence[str] = (),
) -> str:
    """A GitHub-flavoured Markdown table of a frame, for people.

    Decimals: an exact fraction shows its decimal (:func:`decimal_frame`; the CSV beside
    it keeps the fraction); numbers are written by :func:`number_text`; the chances named
    in ``percent`` in percent, their header ending in `` %``.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table to write.
    tolerances : dict of str to float, optional
        Column name (as :func:`decimal_frame` names it) to the tolerance stated for it:
        floats of absolute value below it are numerical noise, written ``0`` (for a
        column in ``percent``, a tolerance in chance units: it is scaled with the column).
    percent : sequence of str, optional
        Columns (as :func:`decimal_frame` names them) holding chances (0 to 1): each
        number is written times 100 (a whole number stays whole, text is left alone)
        and the header is the column's name followed by `` %``.

    Returns
    -------
    str
        The table: a header row, a rule and one row per row of the frame (floats to
        :data:`MARKDOWN_DIGITS` significant digits, without an exponent from
        :data:`POSITIONAL_LOW` up), ending in a newline.

    Raises
    ------
    OptionError
        If ``frame`` is not a pandas DataFrame, or a ``percent`` column is not in it.

    Examples
    --------
    >>> from fractions import Fraction
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"hand": ["A A"], "probability": [Fraction(1, 6)], "one_in": [6]})
    >>> print(to_markdown(frame, percent=("probability",)), end="")
    | hand | probability % | one_in |
    |---|---|---|
    | A A | 16.6667 | 6 |
    """
    shown, tolerances = _in_percent(decimal_frame(checked_frame(frame)), tolerances, percent)
    text = numbers_as_text(shown, tolerances, MARKDOWN_DIGITS, positional=True)
    names = [f"{c} %" if c in percent else str(c) for c in text.columns]
    header = "| " + " | ".join(names) + " |"
    rule = "|" + "|".join("---" for _ in text.columns) + "|"
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in text.itertuples(index=False)]
    return "\n".join([header, rule, *rows]) + "\n"


def _in_percent(
    shown: pd.DataFrame, tolerances: dict[str, float] | None, percent: Sequence[str]
) -> tuple[pd.DataFrame, dict[str, float]]:
    """``shown`` (a frame of :func:`decimal_frame`, changed in place) with its ``percent``
    columns times 100 (:func:`percent_of`), and ``tolerances`` with theirs scaled alike.

    Raises
    ------
    OptionError
        If a ``percent`` column is not in ``shown``.
    """
    tolerances = dict(tolerances or {})
    for column in percent:
        if column not in shown.columns:
            raise OptionError(f"no column {column!r} to write in percent: {list(shown.columns)}")
        shown[column] = shown[column].map(percent_of).astype(object)
        if column in tolerances:
            tolerances[column] = 100 * tolerances[column]
    return shown, tolerances


def percent_of(value: Any) -> Any:
    """A chance (0 to 1) times 100, for a table in percent: a whole number stays whole, a
    Fraction becomes a float, and anything else (text, a blank, a bool) is left alone.

    >>> from fractions import Fraction
    >>> percent_of(0.25), percent_of(1), percent_of(Fraction(1, 8)), percent_of("-")
    (25.0, 100, 12.5, '-')
    """
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    if isinstance(value, (bool, np.bool_)):
        return value
    if isinstance(value, (int, np.integer)):
        return 100 * int(value)
    if isinstance(value, (float, np.floating)):
        return 100 * float(value)
    return value


def to_csv(
    frame: pd.DataFrame, tolerances: dict[str, float] | None = None, digits: int | None = DIGITS
) -> str:
    """CSV text of a frame, every number by :func:`number_text` (pandas formats none).

    Results files use :data:`DIGITS`; the command line's ``--format csv``
    gives floats whole (``digits=None``: the shortest text that reads back as the same
    float, as JSON writes it).
    """
    return numbers_as_text(frame, tolerances, digits).to_csv(index=False, lineterminator="\n")


def to_json(data: Any) -> str:
    """JSON text of an answer: records or a frame (a frame becomes a list of objects).

    Every object follows the one naming rule of :func:`answer_names`: a figure's float
    under its plain name, its exact fraction as ``"p/q"`` under ``NAME_exact``, and no
    key for what does not apply.
    """
    if type(data).__name__ == "DataFrame":
        data = data.to_dict(orient="records")
    return json.dumps(answer_names(plain(data)), indent=2)


def _is_numeric(values: pd.Series) -> bool:
    import pandas as pd

    if pd.api.types.is_bool_dtype(values):
        return False
    if pd.api.types.is_numeric_dtype(values):
        return True
    non_null = [v for v in values if v is not None]
    return bool(non_null) and all(
        isinstance(v, (int, float, Fraction, np.integer, np.floating)) and not isinstance(v, bool)
        for v in non_null
    )


#: Columns a plain-text answer fits in.
TEXT_WIDTH = 100


def wrap_prose(text: str, width: int = TEXT_WIDTH) -> str:
    """``text`` with its long lines of prose wrapped to ``width`` columns.

    A line longer than ``width`` is prose when it holds no run of two blanks after its
    indentation but before a parenthesis (a table row separates its columns by two blanks
    and is left whole);
    it is wrapped at blanks, the continuation lines indented two more columns.

    >>> print(wrap_prose("note: " + "word " * 30, width=40))
    note: word word word word word word word
      word word word word word word word
      word word word word word word word
      word word word word word word word
      word word
    """
    import textwrap

    out = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if len(line) <= width or "  " in body.replace("  (", " ("):
            out.append(line)
            continue
        indent = " " * (len(line) - len(body))
        out.extend(
            textwrap.wrap(
                body,
                width=width,
                initial_indent=indent,
                subsequent_indent=indent + "  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def decimal_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of a frame for people: every exact fraction as its decimal.

    A column ``X`` of Fractions with a float twin ``X_float`` beside it shows the twin's
    floats under the name ``X`` (the twin is dropped); a column ``X_exact`` beside its
    float ``X`` is dropped; a float ``X_float`` alone is named ``X``; other Fractions
    become floats.
    Whole Fractions stay whole numbers. JSON, CSV and Markdown keep the fractions.
    """
    out = frame.copy()
    exact_twins = [c for c in out.columns if str(c).endswith("_exact") and c[:-6] in out.columns]
    out = out.drop(columns=exact_twins)
    lone_floats = {
        c: c[: -len("_float")]
        for c in out.columns
        if str(c).endswith("_float") and c[: -len("_float")] not in out.columns
    }
    out = out.rename(columns=lone_floats)
    for column in list(out.columns):
        if column not in out.columns:
            continue
        values = out[column]
        if not any(isinstance(v, Fraction) for v in values):
            continue
        twin = f"{column}_float"
        if twin in out.columns:
            out[column] = out[twin]
            out = out.drop(columns=[twin])
        else:
            out[column] = values.map(
                lambda v: (
                    (int(v) if v.denominator == 1 else float(v)) if isinstance(v, Fraction) else v
                )
            ).astype(object)
    return out


def to_table(
    frame: pd.DataFrame,
    tolerances: dict[str, float] | None = None,
    percent: Sequence[str] = (),
) -> str:
    """A plain-text table for people: text columns left-aligned, numbers right-aligned.

    Numbers are decimals (:func:`decimal_frame`: an exact fraction shows its decimal;
    JSON, CSV and Markdown give the fraction whole), floats to six significant digits,
    as in :func:`frame_as_text`, their decimal points lined up
    (:func:`~pokerdice_stats.ground.numbers.points_aligned`); columns are separated by
    two spaces and lines carry no trailing blanks.  ``tolerances`` and ``percent`` (the
    chance columns, written times 100 under a header ending in `` %``) as for
    :func:`to_markdown`.

    >>> from fractions import Fraction
    >>> import pandas as pd
    >>> frame = pd.DataFrame(
    ...     {"seat": [1, 2], "win": [0.299037, Fraction(1, 3)], "rounds": [2.5, 1]}
    ... )
    >>> print(to_table(frame, percent=("win",)), end="")
    seat    win %  rounds
       1  29.9037     2.5
       2  33.3333     1
    """
    import textwrap

    frame, tolerances = _in_percent(decimal_frame(checked_frame(frame)), tolerances, percent)
    text = frame_as_text(frame, elide=True, tolerances=tolerances)
    columns = []
    for name in frame.columns:
        right = _is_numeric(frame[name])
        values = [str(v) for v in text[name]]
        cells = [f"{name} %" if name in percent else str(name)]
        cells += points_aligned(values) if right else values
        width = max(len(c) for c in cells)
        columns.append([c.rjust(width) if right else c.ljust(width) for c in cells])
    rows = [list(row) for row in zip(*columns, strict=True)] if columns else []
    lines = []
    for row in rows:
        line = "  ".join(row).rstrip()
        lead = "  ".join(row[:-1]) + "  "
        room = TEXT_WIDTH - len(lead)
        # a long text in the last column wraps under itself, so the table fits the width
        if len(line) > TEXT_WIDTH and room >= 24 and not _is_numeric(frame[frame.columns[-1]]):
            parts = textwrap.wrap(
                row[-1].strip(), width=room, break_long_words=False, break_on_hyphens=False
            )
            lines.append((lead + parts[0]).rstrip())
            lines.extend(" " * len(lead) + part for part in parts[1:])
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def render(
    frame: pd.DataFrame,
    fmt: str,
    tolerances: dict[str, float] | None = None,
    percent: Sequence[str] = (),
) -> str:
    """A frame in one of :data:`FORMATS`.

    ``tolerances`` maps a column to the tolerance stated for it: in the text
    formats a float below it is numerical noise, written ``0`` (JSON keeps the
    number as computed).  ``percent``: the chance columns the formats for people (Markdown
    and the plain table) write in percent (:func:`to_markdown`, :func:`to_table`); JSON
    and CSV keep them from 0 to 1.
    """
    if fmt == "json":
        return to_json(frame) + "\n"
    if fmt == "csv":
        return to_csv(frame, tolerances, digits=None)
    if fmt == "markdown":
        return to_markdown(frame, tolerances, percent)
    return to_table(frame, tolerances, percent)
