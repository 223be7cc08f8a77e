"""The betting round's holds as people read them, in the words of ``hold``'s tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdice_stats.ground.numbers import fixed_text

if TYPE_CHECKING:
    import pandas as pd

#: The columns of a table of seats that are chances (Markdown and the plain table write them
#: in percent).
SEAT_CHANCES = ("p_pot", "raise_rate", "fold_rate")


def people_holds(frame: pd.DataFrame, value: str) -> pd.DataFrame:
    """A frame of holds (``keep``, ``rethrow``, ``value`` column ``value``, ``optimal``) as
    ``hold`` prints them: ``(none)`` for keeping nothing, ``stand`` for throwing nothing,
    the value in chips once, ``*`` on the best holds; any other frame with its value in
    chips once (the float, without its exact twin)."""
    if not {"keep", "rethrow", "optimal", value} <= set(frame.columns):
        exact = value.removesuffix("_float")  # the float's exact twin: the value once
        twin = [exact] if exact != value and exact in frame.columns else []
        return frame.drop(columns=twin).rename(columns={value: "value (chips)"})
    import pandas as pd

    return pd.DataFrame(
        {
            "keep": [k or "(none)" for k in frame["keep"]],
            "rethrow": [r or "stand" for r in frame["rethrow"]],
            "value (chips)": [fixed_text(v, ".6f") for v in frame[value]],
            "optimal": ["*" if o else "" for o in frame["optimal"]],
        }
    )
