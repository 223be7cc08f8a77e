"""Short ``repr`` for the toolkit's result objects: a line a person can read in a notebook.

A result's ``repr`` names its type, its rule set by label and its headline figures as
decimals (six significant digits), never a 27-digit fraction or a whole table; the full
figures are in the object's attributes and in its ``frame()``.

Examples
--------
>>> from fractions import Fraction
>>> short_repr("Holdup", hand="6 5 3 3 3", holds_up=Fraction(1579145591125, 16067102519808))
"Holdup(hand='6 5 3 3 3', holds_up=0.0982844)"
>>> short_repr("Round", players=2, win=(Fraction(1, 3), 0.6666666))
'Round(players=2, win=[0.333333, 0.666667])'
>>> figures = figure_frame({"edge": Fraction(1, 8), "evaluations": 3, "sd": 0.5})
>>> list(figures["value"]), list(figures["value_exact"])
([0.125, 3.0, 0.5], [Fraction(1, 8), 3, None])
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

#: Items of a sequence shown before the rest is counted.
SHOWN_ITEMS = 8
#: A value whose own ``repr`` is longer than this shows its type name instead.
LONGEST_REPR = 60


def _number(value: Any) -> str:
    return f"{float(value):.6g}"


def item_text(value: Any) -> str:
    """One value of a short ``repr``: rules by label, numbers as decimals, sequences of
    numbers as lists of decimals (the first :data:`SHOWN_ITEMS`), arrays by shape."""
    if isinstance(value, bool | str | int | np.integer) and not isinstance(value, np.bool_):
        return repr(value) if not isinstance(value, np.integer) else str(int(value))
    if isinstance(value, Fraction | float | np.floating):
        return _number(value)
    label = getattr(value, "label", None)
    if callable(label):
        return repr(label())
    if isinstance(value, np.ndarray):
        return f"array(shape={value.shape}, dtype={value.dtype})"
    if isinstance(value, tuple | list) and all(
        isinstance(v, Fraction | float | int | np.number) and not isinstance(v, bool) for v in value
    ):
        shown = [_number(v) for v in value[:SHOWN_ITEMS]]
        if len(value) > SHOWN_ITEMS:
            shown.append(f"... {len(value)} in all")
        return "[" + ", ".join(shown) + "]"
    text = repr(value)
    return text if len(text) <= LONGEST_REPR else f"<{type(value).__name__}>"


def short_repr(name: str | object, /, **items: Any) -> str:
    """``Name(key=value, ...)``: ``name`` (a text, or an object whose type names it) with
    ``items`` written by :func:`item_text`; items that are None are left out."""
    title = name if isinstance(name, str) else type(name).__name__
    parts = [f"{key}={item_text(value)}" for key, value in items.items() if value is not None]
    return f"{title}(" + ", ".join(parts) + ")"


def figure_frame(figures: dict[str, Any]) -> pd.DataFrame:
    """A result's headline figures, one row each (as ``PayoutResult.frame`` has them).

    Parameters
    ----------
    figures : dict
        Figure name (with its unit) to its value: a Fraction or whole number (exact), a
        float, or None (no such figure here).

    Returns
    -------
    pandas.DataFrame
        ``figure``, ``value`` (a float, None where there is none) and ``value_exact``
        (the value itself where it is exact: a Fraction or a whole number; else None).
    """
    import pandas as pd

    def exact(value: Any) -> Any:
        if isinstance(value, Fraction | int | np.integer) and not isinstance(value, bool):
            return int(value) if isinstance(value, np.integer) else value
        return None

    return pd.DataFrame(
        {
            "figure": list(figures),
            "value": [None if v is None else float(v) for v in figures.values()],
            "value_exact": pd.Series([exact(v) for v in figures.values()], dtype=object),
        }
    )
