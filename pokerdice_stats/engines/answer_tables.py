"""An answer's JSON object as CSV or Markdown: the one rule every command's answer follows.

The object is first named as JSON names it (:func:`~pokerdice_stats.ground.json_names.answer_names`:
a figure's float under its name, its fraction under ``NAME_exact``; nothing null). Then it
has three parts (:func:`answer_parts`):

- the rows: the list of objects under the rows key (the answer's table), if it has one;
- the fields: every other item, a nested object's items named ``outer.inner``, a list of
  plain items written as one text, joined with ``"; "``;
- the other tables: every other list of objects, at any depth, named by its path
  (``opening``, ``exact.seats``).

CSV (:func:`csv_answer`) is one table: with rows, a row each, every row carrying the
fields (the answer's context: the rule set, the unit, the inputs...) in the columns before
its own, and keeping its own value where it has a field of the same name; without rows, one
row of the fields. The other tables cannot stand in it: :func:`other_tables_note` says
which they are. Floats are written whole (the shortest text that reads back as the same
float, as JSON writes it).

Markdown (:func:`markdown_answer`), for people, gives every part: the fields as a table of
``figure`` and ``value``, then the rows, then each other table, each table after the first
under a line naming it. Numbers are decimals (an ``_exact`` fraction beside its float is
left to JSON and CSV), chances in percent with `` %`` after their name.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerdice_stats.ground.json_names import EXACT_SUFFIX, answer_names

if TYPE_CHECKING:  # pandas is imported by the writers only (the parser never loads it)
    import pandas as pd

#: Between the items of a list of plain values in one cell.
LIST_SEPARATOR = "; "
#: The column naming each row's part when several lists make the rows of one CSV table.
PART_COLUMN = "part"
#: Before a field's name in CSV where every row has a column of that name (:func:`csv_rows`).
ANSWER_PREFIX = "answer."


@dataclass
class AnswerParts:
    """An answer's JSON object in parts (:func:`answer_parts`)."""

    #: Every item but the tables, flattened: name (``outer.inner``) to a plain value.
    fields: dict[str, Any]
    #: The rows (flattened as the fields), or None for an answer of one object.
    rows: list[dict[str, Any]] | None
    #: Every other list of objects, by its name (a path: ``exact.seats``), rows flattened.
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


def answer_parts(record: Mapping[str, Any], key: str | Sequence[str] | None = None) -> AnswerParts:
    """The parts of an answer: its fields, its rows (under ``key``) and its other tables.

    Parameters
    ----------
    record : mapping
        The answer's object, as plain JSON values (``plain``), named or not yet named by
        :func:`~pokerdice_stats.ground.json_names.answer_names` (it is named here).
    key : str, sequence of str, or None
        The rows' key; several keys make one table of the rows of each, each row naming
        its list in a first column ``part`` (and the rows of the keys absent are none);
        None, or a key the answer lacks: an answer of one object.

    Examples
    --------
    >>> parts = answer_parts(
    ...     {"rules": "classic", "units": {"win": "chance"}, "tags": ["a", "b"],
    ...      "seats": [{"seat": 1, "win": "1/2", "win_float": 0.5}],
    ...      "extra": {"games": [{"n": 1}]}},
    ...     "seats",
    ... )
    >>> parts.fields
    {'rules': 'classic', 'units.win': 'chance', 'tags': 'a; b'}
    >>> parts.rows
    [{'seat': 1, 'win': 0.5, 'win_exact': '1/2'}]
    >>> parts.tables
    {'extra.games': [{'n': 1}]}
    """
    named = answer_names(dict(record))
    keys = [key] if isinstance(key, str) else list(key or ())
    rows: list[dict[str, Any]] | None = None
    if any(k in named for k in keys):
        rows = []
        for name in keys:
            items = named.pop(name, None) or []
            if len(keys) == 1:
                rows += [_flat_row(item) for item in items]
            else:
                rows += [{PART_COLUMN: name, **_flat_row(item)} for item in items]
    fields: dict[str, Any] = {}
    tables: dict[str, list[dict[str, Any]]] = {}
    _flatten(named, "", fields, tables)
    return AnswerParts(
        fields, rows, {k: [_flat_row(item) for item in v] for k, v in tables.items()}
    )


def _is_table(value: Any) -> bool:
    """A list of objects (an empty list is a list of nothing: plain)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _flatten(node: Mapping[str, Any], prefix: str, fields: dict, tables: dict | None) -> None:
    """Put ``node``'s items in ``fields`` (``prefix`` + name) and its lists of objects in
    ``tables`` (None: in a row, where such a list is one cell of JSON text)."""
    for name, value in node.items():
        full = f"{prefix}{name}"
        if isinstance(value, dict):
            _flatten(value, f"{full}.", fields, tables)
        elif _is_table(value) and tables is not None:
            tables[full] = value
        elif isinstance(value, list):
            fields[full] = LIST_SEPARATOR.join(_item_text(item) for item in value)
        else:
            fields[full] = value


def _flat_row(row: Any) -> dict[str, Any]:
    """One row of a table, flattened as the fields are (a list of objects in it as text)."""
    if not isinstance(row, dict):  # a stray plain item in a table: a row of one cell
        return {"value": row}
    fields: dict[str, Any] = {}
    _flatten(row, "", fields, None)
    return fields


def _item_text(item: Any) -> str:
    """An item of a list in one cell: a float whole (``repr``), a nested value as JSON."""
    if item is None:
        return ""
    if isinstance(item, dict | list):
        return json.dumps(item, separators=(",", ":"))
    return repr(item) if isinstance(item, float) else str(item)


def csv_rows(parts: AnswerParts) -> list[dict[str, Any]]:
    """The one table of the CSV answer: the rows, each carrying the fields (the row's own
    value kept where it has a field of that name), or one row of the fields.

    The fields come first (those no row has), then the rows' own columns (a row without
    one of them carries the field's value there).  A field that *every* row holds under
    its name would show nowhere: it is written as ``answer.NAME`` (a design's ``side``
    asked, beside the ``side`` of each change).  With no rows, the one row of the fields
    keeps their names (a design that changes nothing: ``side`` is the side asked).

    Examples
    --------
    >>> parts = AnswerParts({"side": "both", "rules": "classic"},
    ...                     [{"side": "player"}, {"side": "house"}], {})
    >>> csv_rows(parts)[0]
    {'answer.side': 'both', 'rules': 'classic', 'side': 'player'}
    """
    if not parts.rows:
        return [dict(parts.fields)]
    own = {name for row in parts.rows for name in row}
    everywhere = {name for name in own if all(name in row for row in parts.rows)}
    context = {
        (f"{ANSWER_PREFIX}{k}" if k in everywhere else k): v
        for k, v in parts.fields.items()
        if k not in own or k in everywhere
    }
    shared = {k: v for k, v in parts.fields.items() if k in own and k not in everywhere}
    return [
        {**context, **row, **{k: v for k, v in shared.items() if k not in row}}
        for row in parts.rows
    ]


def csv_answer(parts: AnswerParts) -> str:
    """The CSV text of an answer: :func:`csv_rows`, every float whole."""
    from pokerdice_stats.ground.formats import to_csv

    return to_csv(_frame(csv_rows(parts)), digits=None)


def other_tables_note(parts: AnswerParts, rows_name: str = "rows") -> str | None:
    """The line that says which tables a CSV answer leaves out (None: it leaves none)."""
    if not parts.tables:
        return None
    held = (
        f"the rows of {rows_name}, each with the answer's other figures"
        if parts.rows is not None
        else "the answer's figures"
    )
    many = len(parts.tables) > 1
    return (
        f"pokerdice-stats: note: CSV holds one table ({held}); the answer also has the "
        f"table{'s' if many else ''} {', '.join(parts.tables)}: --format json or markdown "
        f"gives {'them' if many else 'it'}"
    )


def is_chance(name: str, percent: Sequence[str]) -> bool:
    """Whether the column or figure ``name`` is a chance: it matches a name or shell-style
    pattern of ``percent`` (``final.*``: every item of the nested object ``final``)."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in percent)


def markdown_answer(
    parts: AnswerParts,
    percent: Sequence[str] = (),
    tolerances: Mapping[str, float] | None = None,
    rows_name: str = "rows",
) -> str:
    """The Markdown text of an answer: the fields as a table of ``figure`` and ``value``,
    then the rows, then each other table; each table after the first under a line naming
    it (the rows by ``rows_name``, the others by their path).

    ``percent``: the chances (names or patterns, :func:`is_chance`), in every table;
    ``tolerances``: a figure or column to the tolerance stated for it (a float below it
    is numerical noise, written 0).
    """
    from pokerdice_stats.ground.formats import to_markdown

    tolerances = tolerances or {}
    out = []
    figures = _figure_frame(parts.fields, percent, tolerances)
    if figures is not None:  # already in percent
        out.append(to_markdown(figures))
    tables = [] if parts.rows is None else [(rows_name, parts.rows)]
    for name, rows in [*tables, *parts.tables.items()]:
        head = f"{name}:\n\n" if out else ""
        if not rows:
            out.append(f"{name}: none\n")
        else:
            out.append(head + _markdown_table(_frame(rows), percent, tolerances))
    return "\n".join(out)


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a frame of Python values (an int stays an int beside a blank)."""
    import pandas as pd

    return pd.DataFrame(rows, dtype=object)


def _exact_twins(names: Sequence[str]) -> list[str]:
    """The names of ``_exact`` fractions with their float beside them (``value_exact``
    beside ``value``, ``totals.edge_exact.a`` beside ``totals.edge.a``): Markdown shows the
    decimal, JSON and CSV the fraction too."""
    known = set(names)
    twins = []
    for name in names:
        parts = name.split(".")
        for i, part in enumerate(parts):
            base = part.removesuffix(EXACT_SUFFIX)
            if base != part and ".".join([*parts[:i], base, *parts[i + 1 :]]) in known:
                twins.append(name)
                break
    return twins


def _figure_frame(
    fields: Mapping[str, Any], percent: Sequence[str], tolerances: Mapping[str, float]
) -> pd.DataFrame | None:
    """The fields as rows of ``figure`` and ``value`` (chances in percent, their figure's
    name followed by `` %``; noise below a stated tolerance as 0), or None for no field."""
    from pokerdice_stats.ground.formats import percent_of

    twins = set(_exact_twins(list(fields)))
    rows = []
    for name, value in fields.items():
        if name in twins:
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if number and name in tolerances and abs(value) < tolerances[name]:
            value = 0
        if number and is_chance(name, percent):
            name, value = f"{name} %", percent_of(value)
        rows.append({"figure": name, "value": value})
    return _frame(rows) if rows else None


def _markdown_table(
    frame: pd.DataFrame, percent: Sequence[str], tolerances: Mapping[str, float]
) -> str:
    """One table of an answer in Markdown (its ``_exact`` twins left out)."""
    from pokerdice_stats.ground.formats import to_markdown

    shown = frame.drop(columns=_exact_twins([str(c) for c in frame.columns]))
    chances = [c for c in shown.columns if is_chance(str(c), percent)]
    noise = {c: t for c, t in tolerances.items() if c in shown.columns}
    return to_markdown(shown, noise, chances)
