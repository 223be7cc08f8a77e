"""Every CSV and Markdown answer holds what its JSON answer holds.

One rule writes the three (``engines.cli.emit_record``): CSV is one table, the rows of the
answer each carrying its context (every other field, nested objects as ``outer.inner``
columns, lists of plain items joined with ``"; "``), or one row of the fields; the other
lists of objects are named on standard error. Markdown gives the fields as a table of
``figure`` and ``value``, then every list of objects as a table under a line naming it.

For the first call of every command mode of ``tests/test_json_answers.py``, this checks
each leaf of the JSON object: in the CSV, its column and its text in every row (a float as
``repr`` writes it, so that it reads back as the JSON's float); in the Markdown, its figure
or its table's column (an ``NAME_exact`` fraction beside its float ``NAME`` is left to JSON
and CSV: Markdown writes decimals, the design's rule for people).
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_helpers import run_cli
from test_json_answers import CASES, with_folder

#: The modes whose solve is shared: one worker answers them (``--dist loadgroup``).
GROUPS = {"bidding": "bidding-category-classic"}
#: The CSV of ``bidding``'s summary is the table of the bid odds of every hand (the plain
#: answer says so): the JSON answer that holds them too is ``--full``'s.
CSV_AS_JSON = {("bidding", "bidding"): ["--full"], ("bidding", "claims"): ["--full"]}
#: The CSV column naming the list each row comes from, where several lists make the rows.
PART = "part"
#: Before a field's name where every row has a column of that name.
ANSWER = "answer."
EXACT = "_exact"


def _modes():
    for command, modes in CASES.items():
        for mode, calls in modes.items():
            marks = [pytest.mark.xdist_group(GROUPS[command])] if command in GROUPS else []
            full = CSV_AS_JSON.get((command, mode), [])
            yield pytest.param(calls[0], full, id=f"{command}-{mode}", marks=marks)


def _is_table(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _text(value) -> str:
    """A plain JSON value as a CSV cell holds it."""
    if isinstance(value, list):
        return "; ".join(_text(v) for v in value)
    return repr(value) if isinstance(value, float) else str(value)


def _flat(node: dict, prefix: str = "") -> tuple[dict, dict]:
    """A JSON object's plain leaves (``outer.inner``: value) and its lists of objects
    (path: list)."""
    leaves: dict = {}
    tables: dict = {}
    for key, value in node.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            inner, more = _flat(value, f"{name}.")
            leaves |= inner
            tables |= more
        elif _is_table(value):
            tables[name] = value
        else:
            leaves[name] = value
    return leaves, tables


def _flat_row(row: dict) -> dict:
    leaves, tables = _flat(row)
    assert not tables, f"a list of objects inside a row: {list(tables)}"
    return leaves


def _same_cell(cell: str, value, where: str) -> None:
    assert cell == _text(value), (where, cell, value)
    if isinstance(value, float):  # reads back as the very float
        assert float(cell) == value, (where, cell, value)


def _rows_key(tables: dict, rows: list[dict]) -> str | None:
    """The list of objects the CSV's rows are: as many, every column of theirs there."""
    for name, items in tables.items():
        columns = {c for item in items for c in _flat_row(item)}
        if len(items) == len(rows) and columns <= set(rows[0]):
            return name
    return None


def _check_csv(record: dict, out: str, err: str) -> None:
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows, out
    leaves, tables = _flat(record)
    if PART in rows[0]:  # several lists in one table (rules compare): each row names its own
        own = [_flat_row(item) for part in dict.fromkeys(r[PART] for r in rows)
               for item in tables.pop(part)]  # fmt: skip
    else:
        key = _rows_key(tables, rows)
        own = [{}] if key is None else [_flat_row(item) for item in tables.pop(key)]
    assert len(rows) == len(own), (len(rows), len(own))
    # a field every row holds under its name would show nowhere: it is ``answer.NAME``
    everywhere = set.intersection(*(set(mine) for mine in own))
    for row, mine in zip(rows, own, strict=True):
        for name, value in mine.items():
            _same_cell(row[name], value, name)
        for name, value in leaves.items():
            column = f"{ANSWER}{name}" if name in everywhere else name
            assert column in row, f"the field {name} is not a column"
            if name not in mine or name in everywhere:  # else the row's own value stands
                _same_cell(row[column], value, column)
    for name in tables:  # never dropped silently
        assert name in err and "--format json or markdown" in err, (name, err)


def _markdown_tables(out: str) -> dict[str, list[list[str]]]:
    """The tables of a Markdown answer by name (the figures' table ``figures``, a table
    without a naming line ``first``), each as its header and rows of cells."""
    tables: dict[str, list[list[str]]] = {}
    name = None
    for block in out.strip("\n").split("\n\n"):
        lines = block.splitlines()
        if lines[0].startswith("|"):
            cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
            assert set(lines[1]) <= set("|-"), block
            if cells[0] == ["figure", "value"]:
                name = "figures"
            tables[name or "first"] = [cells[0], *cells[2:]]
            name = None
        else:
            assert len(lines) == 1 and lines[0].endswith(":"), block
            name = lines[0][:-1]
    return tables


def _shown(name: str, names) -> bool:
    """A figure or column is in Markdown under its name (`` %`` after it: in percent), or
    it is an ``_exact`` fraction whose float is."""
    shown = {n.removesuffix(" %") for n in names}
    if name in shown:
        return True
    parts = name.split(".")
    for i, part in enumerate(parts):
        base = ".".join([*parts[:i], part.removesuffix(EXACT), *parts[i + 1 :]])
        if part.endswith(EXACT) and base in shown:
            return True
    return False


def _check_markdown(record: dict, out: str) -> None:
    tables = _markdown_tables(out)
    leaves, lists = _flat(record)
    figures = [row[0] for row in tables.pop("figures", [[]])[1:]]
    for name in leaves:
        assert _shown(name, figures), f"the figure {name} is not in the Markdown"
    if "first" in tables:  # an answer of one table only: that table unnamed
        assert len(lists) == 1 and not leaves, list(tables)
        tables[next(iter(lists))] = tables.pop("first")
    assert set(tables) == set(lists), (list(tables), list(lists))
    for name, items in lists.items():
        header, *cells = tables[name]
        assert len(cells) == len(items), name
        for column in {c for item in items for c in _flat_row(item)}:
            assert _shown(column, header), f"the column {column} of {name} is not in the Markdown"


def _answer(capsys, argv: list[str], fmt: str) -> tuple[str, str]:
    code, out, err = run_cli(capsys, *argv, "--format", fmt)
    assert code == 0, (argv, fmt, err)
    return out, err


@pytest.mark.parametrize(("argv", "full"), _modes())
def test_csv_and_markdown_hold_every_figure_of_the_json_answer(capsys, tmp_path, argv, full):
    argv = with_folder(argv, tmp_path)
    record = json.loads(_answer(capsys, argv, "json")[0])
    _check_markdown(record, _answer(capsys, argv, "markdown")[0])
    if full:
        record = json.loads(_answer(capsys, [*argv, *full], "json")[0])
    _check_csv(record, *_answer(capsys, argv, "csv"))
