"""A points file (``--goal score:FILE``): a TOML table of points by category, read.

Example: ``full-house = 10`` and ``four-of-a-kind = 25``, one line a category (or under a
``[points]`` table); a category may be named by its slug or by a word people use for it
(:data:`~pokerdice_stats.turn.categories.CATEGORY_ALIASES`), once.
"""

from __future__ import annotations

import tomllib

from pokerdice_stats.ground.errors import GoalError
from pokerdice_stats.ground.limits import read_text_or
from pokerdice_stats.turn.categories import CATEGORY_ALIASES

__all__ = ["read_points"]


def read_points(path: str) -> dict[str, int | str]:
    """The points of a points file, by category as written (values as text).

    Raises
    ------
    GoalError
        For a file that is missing, unreadable, not TOML, past the size and depth limits,
        holds no table of points or a value that is not a number, or names a category twice
        (in two cases, or by its slug and an alias).
    """
    text = read_text_or(GoalError, path, "points file", structured=True, shown=repr(path))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise GoalError(f"cannot read points file {path!r}: {err}") from None
    points = data.get("points", data)
    if not isinstance(points, dict) or not points:
        raise GoalError(f"points file {path!r} must map category slugs to points")
    named: dict[str, str] = {}  # each category as first written, by its slug
    for slug, value in points.items():
        if not isinstance(value, (int, float, str)) or isinstance(value, bool):
            raise GoalError(f"points file {path!r}: {slug} must be a number")
        word = slug.strip().lower()
        first = named.setdefault(CATEGORY_ALIASES.get(word, word), slug)  # full is full-house
        if first != slug:  # TOML keeps both keys; one category would take the last
            raise GoalError(
                f"points file {path!r} names one category twice ({first!r} and {slug!r}): "
                "give each category once"
            )
    return {k: str(v) for k, v in points.items()}
