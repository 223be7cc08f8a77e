"""Writing tables and exact numbers as text: plain tables, Markdown, CSV, JSON.

Exact probabilities are :class:`fractions.Fraction`; in every text format they
are written ``"p/q"`` in lowest terms (always with the ``/q``).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pandas is imported by the writers of frames only (quick commands skip it)
    import pandas as pd

FORMATS = ("table", "markdown", "csv", "json")


def fraction_text(value: Fraction | int) -> str:
    """An exact number as ``"p/q"`` in lowest terms."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


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


def frame_as_text(frame: pd.DataFrame, elide: bool = False) -> pd.DataFrame:
    """A copy of a frame with Fractions written ``"p/q"`` and floats rounded for reading.

    ``elide``: fractions longer than :data:`SHORT_FRACTION` characters are
    written ``…`` (plain-text tables; JSON and CSV keep them whole).
    """
    import pandas as pd

    out = frame.copy()
    write = short_fraction if elide else fraction_text
    for column in out.columns:
        values = out[column]
        if values.map(lambda v: isinstance(v, Fraction)).any():
            out[column] = values.map(lambda v: write(v) if isinstance(v, Fraction) else v)
        elif pd.api.types.is_float_dtype(values):
            out[column] = values.map(lambda v: f"{v:.6g}")
    return out


def to_markdown(frame: pd.DataFrame) -> str:
    """A GitHub-flavoured Markdown table of a frame (Fractions as ``p/q``)."""
    text = frame_as_text(frame)
    header = "| " + " | ".join(str(c) for c in text.columns) + " |"
    rule = "|" + "|".join("---" for _ in text.columns) + "|"
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in text.itertuples(index=False)]
    return "\n".join([header, rule, *rows]) + "\n"


def to_csv(frame: pd.DataFrame) -> str:
    """CSV text of a frame, Fractions as ``p/q``, floats at full precision."""
    out = frame.copy()
    for column in out.columns:
        out[column] = out[column].map(lambda v: fraction_text(v) if isinstance(v, Fraction) else v)
    return out.to_csv(index=False, lineterminator="\n", float_format="%.17g")


def to_json(data: Any) -> str:
    """JSON text of records or a frame (a frame becomes a list of objects)."""
    if type(data).__name__ == "DataFrame":
        data = data.to_dict(orient="records")
    return json.dumps(plain(data), indent=2)


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


def to_table(frame: pd.DataFrame) -> str:
    """A plain-text table: text columns left-aligned, numbers right-aligned.

    Fractions are written ``p/q`` (``…`` when too long to read: JSON and CSV
    give them whole) and floats to six significant digits, as in
    :func:`frame_as_text`; columns are separated by two spaces and lines carry
    no trailing blanks.
    """
    text = frame_as_text(frame, elide=True)
    columns = []
    for name in frame.columns:
        cells = [str(name)] + [str(v) for v in text[name]]
        width = max(len(c) for c in cells)
        right = _is_numeric(frame[name])
        columns.append([c.rjust(width) if right else c.ljust(width) for c in cells])
    lines = ["  ".join(row).rstrip() for row in zip(*columns, strict=True)] if columns else []
    return "\n".join(lines) + "\n"


def render(frame: pd.DataFrame, fmt: str) -> str:
    """A frame in one of :data:`FORMATS`."""
    if fmt == "json":
        return to_json(frame) + "\n"
    if fmt == "csv":
        return to_csv(frame)
    if fmt == "markdown":
        return to_markdown(frame)
    return to_table(frame)


#: Longest exact fraction a plain-text table shows in full.
SHORT_FRACTION = 21


def short_fraction(value: Fraction | int | float, limit: int = SHORT_FRACTION) -> str:
    """``"p/q"`` for a table cell, or ``"…"`` when longer than ``limit`` characters
    (JSON and CSV carry the whole fraction); floats as ``""``."""
    if isinstance(value, float):
        return ""
    text = fraction_text(value)
    return text if len(text) <= limit else "…"
