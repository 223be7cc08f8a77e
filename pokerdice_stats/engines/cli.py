"""Arguments and output shared by the sub-commands."""

from __future__ import annotations

import argparse
import math
import os
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerdice_stats.ground.bounds import MAX_DIGITS
from pokerdice_stats.ground.errors import OptionError, shorten
from pokerdice_stats.ground.outputs import write_stdout
from pokerdice_stats.turn.rules import PRESETS, RuleSet, get_rules, parse_assignments

#: Output formats (as :data:`pokerdice_stats.ground.formats.FORMATS`; repeated so that a
#: command's parser is built without importing the table writers).
FORMATS = ("table", "markdown", "csv", "json")


class _LazyModule:
    """A module imported on first use (``pd.DataFrame`` imports pandas then).

    Command modules are all imported to build the parser; the quick commands
    (``hold``, ``classify``, ``odds``, ``chances``, ``compare``) must not pay
    for pandas, so the others reach it through this.
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str):
        import importlib

        return getattr(importlib.import_module(self._name), attribute)


#: pandas, imported when a command first uses it.
lazy_pandas = _LazyModule("pandas")


#: How a whole number is written on the command line and in ``--set``: ASCII digits,
#: a leading ``-`` for a negative number, nothing else (no ``+``, ``_``, blanks or
#: other scripts' digits).
WHOLE_NUMBER_RULE = "ASCII digits only, a leading minus sign for a negative number"


def whole_number(text: str) -> int:
    """Read a whole number strictly (see :data:`WHOLE_NUMBER_RULE`); argparse ``type=``.

    ``int()`` alone also takes ``+3``, ``1_0``, `` 3 `` and ``٣``; a typing slip must
    not become a number silently.

    Raises
    ------
    argparse.ArgumentTypeError
        For any other text (argparse turns it into one message and exit status 2).
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            f"expected a whole number, got {shorten(text)!r} ({WHOLE_NUMBER_RULE})"
        )
    if len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at most {MAX_DIGITS} digits, got {shorten(text)!r}"
        )
    return int(text)


def bounded_whole(low: int, high: int | None = None):
    """An argparse ``type=`` reading a whole number from ``low`` to ``high`` (None: no top).

    The bound is part of the refusal; put :func:`range_text` in the option's help.
    """

    def read(text: str) -> int:
        value = whole_number(text)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(
                f"expected a whole number {range_text(low, high)}, got {shorten(text)!r}"
            )
        return value

    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


def range_text(low: int, high: int | None = None) -> str:
    """``"from 1 to 100,000"`` (or ``"of at least 1"``), for help texts and refusals."""
    return f"of at least {low:,}" if high is None else f"from {low:,} to {high:,}"


def output_path(text: str) -> str:
    """An output file or folder named on the command line; argparse ``type=``.

    Raises
    ------
    argparse.ArgumentTypeError
        For an empty (or blank) path, which would otherwise mean the current folder, or
        one holding a NUL character (no file can be named so).
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty one")
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a path cannot hold a NUL character")
    return text


def add_rules_args(
    parser: argparse.ArgumentParser, default: str = "gameweave", default_text: str | None = None
) -> None:
    """``--rules`` (a preset name or a TOML rule file) and ``--set KEY=VALUE``.

    ``default_text``: the help's words for a default the command chooses itself (then
    ``--rules`` defaults to None).
    """
    parser.add_argument(
        "--rules",
        default=default if default_text is None else None,
        metavar="R",
        help=f"a preset ({', '.join(PRESETS)}) or a TOML rule file (default: "
        f"{default if default_text is None else default_text})",
    )
    parser.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one option of the rules (repeatable); see `rules show`",
    )


#: The goal forms, for every ``--goal``.
GOAL_FORMS = (
    'what to play for: at-least:CATEGORY, exactly:CATEGORY, beat:"DICE"[,tie=P] or score:FILE.toml'
)
#: ``--goal`` of the commands whose default goal is the best category.
GOAL_HELP = GOAL_FORMS + " (default: at-least the best category)"
#: ``--exact`` of the commands built on a solved round (``round``, ``match``, ``holdup``,
#: ``hold --to-win``).
EXACT_CHOICES = ("auto", "always", "never")
#: Their help, the same words everywhere.
EXACT_HELP = (
    "exact fractions: auto (when cheap: few distinct hands), always (may be slow), "
    "never (default: auto)"
)

#: What ``--exact always`` costs where ``auto`` would not be exact (gameweave, classic:
#: 252 distinct hands), measured on a 2-core machine (first call, nothing saved).
EXACT_SLOW = (
    "always, where auto is not exact (gameweave, classic), solves the round in exact "
    "fractions: about 3 s for 2 players, 13 s for 3, 40 s for 4 and 1.5-2 min for 5"
)


def exact_choice(choice: str | None, rules: RuleSet) -> bool:
    """Whether ``--exact`` ``choice`` (None: ``auto``) asks for exact fractions under ``rules``."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    from pokerdice_stats.turn.hands import exact_is_cheap

    return exact_is_cheap(rules)


def add_format_arg(parser: argparse.ArgumentParser, choices=FORMATS) -> None:
    """``--format``, one of ``choices`` (default: the first)."""
    parser.add_argument(
        "--format",
        default=choices[0],
        choices=choices,
        help=f"output format (default: {choices[0]})",
    )


def names_a_file(source: str) -> bool:
    """Whether a ``--rules`` argument names a rule file rather than a preset.

    It does when it ends in ``.toml``, is a regular file, or is not a preset's name and
    names anything that exists (a directory, a device, a FIFO, a dangling link), so that
    the reader refuses it as such (without opening it) rather than as an unknown preset.
    """
    if source.endswith(".toml") or Path(source).is_file():
        return True
    return source.strip().lower() not in PRESETS and os.path.lexists(source)


def rules_from_args(
    args: argparse.Namespace, shadows: Mapping[str, tuple[str, Any]] | None = None
) -> RuleSet:
    """The rule set named by ``--rules`` and changed by ``--set``.

    Parameters
    ----------
    args : argparse.Namespace
        With ``rules`` (a preset or a rule file) and ``settings`` (the ``--set`` items).
    shadows : mapping, optional
        The rule keys that an option of the command also sets, each to ``(flag, value)``
        (value None: the option not given), e.g. ``{"throws": ("--throws", args.throws)}``.

    Raises
    ------
    RulesError
        For an unknown preset, a bad rule file or ``--set``.
    OptionError
        For an option given with a ``--set`` of the same rule key that disagrees with it.
    """
    options = parse_assignments(args.settings, getattr(args, "set_flag", "--set"))
    source = str(args.rules)
    if names_a_file(source):
        rules = get_rules(options=options, rules_file=source)
    else:
        rules = get_rules(source, options)
    refuse_disagreements(rules, options, shadows or {})
    return rules


def refuse_disagreements(
    rules: RuleSet, options: Mapping[str, str], shadows: Mapping[str, tuple[str, Any]]
) -> None:
    """Refuse an option that sets a rule key a ``--set`` of the same key sets otherwise.

    Parameters
    ----------
    rules : RuleSet
        The rule set built with the ``--set`` items.
    options : mapping
        The ``--set`` items, key to value text.
    shadows : mapping
        Rule key to ``(flag, value)`` of the command's options (value None: not given).

    Raises
    ------
    OptionError
        Naming the option and the ``--set`` item, when the values differ.
    """
    given = {str(k).strip().lower().replace("-", "_"): (k, v) for k, v in options.items()}
    for key, (flag, value) in shadows.items():
        if value is None or key not in given or getattr(rules, key) == value:
            continue
        raw_key, raw_value = given[key]
        raise OptionError(
            f"{flag} {shorten(str(value))} and --set {shorten(f'{raw_key}={raw_value}')} "
            f"disagree (both set the rule {key}): give one of them"
        )


#: Plain-text answers wrap their prose to this many columns (None: write as given). The
#: root parser sets it from ``--format``: plain tables are read on a terminal.
TEXT_OUTPUT: dict[str, int | None] = {"width": None}


def emit(text: str) -> None:
    """Write command output to standard output: prose wrapped (see :data:`TEXT_OUTPUT`),
    flushed; a closed or full one is an :class:`~pokerdice_stats.ground.errors.OutputError`."""
    width = TEXT_OUTPUT["width"]
    if width is not None:
        from pokerdice_stats.ground.formats import wrap_prose

        text = wrap_prose(text.rstrip("\n"), width)
    write_stdout(text if text.endswith("\n") else text + "\n")


def emit_frame(
    frame, fmt: str, context: dict | None = None, key: str = "rows", percent: Sequence[str] = ()
) -> None:
    """Write a DataFrame in the chosen format.

    Parameters
    ----------
    frame : pandas.DataFrame
        The rows.
    fmt : str
        One of :data:`FORMATS`.
    context : dict, optional
        What the rows answer (``rules``, the inputs that shape them, ``unit``...):
        the answer is one object, this context and then the rows under ``key``, written
        by :func:`emit_record` in JSON, CSV and Markdown. Required but for ``fmt="table"``
        (a bare table carries no context).
    key : str
        The name of the rows in the JSON object.
    percent : sequence of str, optional
        The columns holding chances, which Markdown and the plain table write in percent
        (``probability %``); JSON and CSV keep them from 0 to 1.

    Raises
    ------
    TypeError
        For a format other than ``table`` without a context.
    """
    if fmt != "table":
        emit_record(json_answer(context, frame, key), fmt, key, percent)
        return
    from pokerdice_stats.ground.formats import render

    if context:
        emit(context_line(context))
    emit(render(frame, fmt, percent=percent))


#: Context items a plain answer states under its table, not in its first line.
SAID_BELOW = ("unit", "units", "note")


def context_line(context: dict) -> str:
    """The settings an answer assumed, in one line above its plain table
    (``rules gameweave; players 3; target 3; ...``): every plain item of ``context``."""
    parts = []
    for name, value in context.items():
        if isinstance(value, dict | list | tuple) or value is None or name in SAID_BELOW:
            continue
        if isinstance(value, bool):
            shown = str(value).lower()
        elif isinstance(value, float):
            shown = f"{value:.6g}"
        else:
            shown = str(value)
        parts.append(f"{name} {shown}")
    from pokerdice_stats.ground.formats import TEXT_WIDTH  # where the tables are

    # a terminal of 100 columns: long settings go on indented lines below
    return textwrap.fill(
        "; ".join(parts),
        width=TEXT_WIDTH,
        subsequent_indent="  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def emit_record(
    record: dict,
    fmt: str,
    key: str | Sequence[str] | None = None,
    percent: Sequence[str] = (),
    tolerances: Mapping[str, float] | None = None,
) -> None:
    """Write an answer built as one JSON object in ``fmt`` (``json``, ``csv``, ``markdown``).

    The one rule of every answer (:mod:`pokerdice_stats.engines.answer_tables`): the
    object is named as JSON names it (a figure ``X`` as a float, its exact fraction as
    ``X_exact``; keys that do not apply left out). JSON writes it whole. CSV writes one
    table: the rows under ``key`` (a list of objects), every row carrying the answer's
    other fields (nested objects as ``outer.inner`` columns, lists of plain items joined
    with ``"; "``; a row keeps its own value of a field of the same name, and a field
    every row holds is written as ``answer.NAME``), or, without rows, one row of every
    field; floats whole. Other lists of objects cannot stand in
    that table: a line on standard error names them. Markdown writes the fields as a table
    of ``figure`` and ``value``, then the rows, then each other list of objects under a
    line naming it.

    ``key``: several keys make one CSV table of their rows, each naming its list in a
    first column ``part`` (Markdown: a table each). ``percent``: the chances Markdown (and a
    plain table) writes in percent, as names or shell-style patterns (``final.*``: every
    item of the nested object ``final``), in the fields and in every table. ``tolerances``:
    a figure or column to the tolerance stated for it, below which Markdown writes 0 (CSV
    and JSON give the number as computed).
    """
    from pokerdice_stats.engines.answer_tables import (
        answer_parts,
        csv_answer,
        markdown_answer,
        other_tables_note,
    )
    from pokerdice_stats.ground.formats import plain, to_json

    if fmt == "json":
        emit(to_json(record))
        return
    if fmt == "csv":
        parts = answer_parts(plain(record), key)
        note = other_tables_note(parts, key if isinstance(key, str) else ", ".join(key or ()))
        if note is not None:
            sys.stderr.write(note + "\n")
            sys.stderr.flush()
        emit(csv_answer(parts))
        return
    one = key if isinstance(key, str) else None  # several lists: a table each
    emit(markdown_answer(answer_parts(plain(record), one), percent, tolerances, one or "rows"))


def json_answer(context: dict | None, rows, key: str = "rows") -> dict:
    """One JSON answer: the ``context`` object, then ``rows`` (a frame or records) under ``key``.

    Raises
    ------
    TypeError
        Without a context: every JSON answer carries one.
    """
    if context is None:
        raise TypeError("a JSON answer is an object carrying its context: give context=")
    if type(rows).__name__ == "DataFrame":
        rows = rows.to_dict(orient="records")
    return {**context, key: rows}


def check_tolerance(tolerance: float | None) -> None:
    """Refuse a tolerance that is not a finite positive number.

    Raises
    ------
    OptionError
        For a tolerance that is 0, negative, infinite or NaN.
    """
    if tolerance is not None and not (math.isfinite(tolerance) and tolerance > 0):
        raise OptionError(f"--tolerance must be a finite number above 0, got {tolerance}")


def progress_wanted(args: argparse.Namespace) -> bool:
    """Whether a command shows its progress bar: not with ``--no-progress``, and only to a
    terminal (a bar's carriage returns would garble a file or a pipe that stderr goes to)."""
    if args.no_progress:
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def emit_rows(rows: list[dict], right: tuple[str, ...] = ()) -> None:
    """Write records as a plain-text table without pandas (columns of ``right`` right-aligned,
    a column of decimals with its points lined up unless that makes the table wider than
    :data:`~pokerdice_stats.ground.formats.TEXT_WIDTH`).

    Columns are separated by two spaces; lines carry no trailing blanks.
    """
    from pokerdice_stats.ground.formats import TEXT_WIDTH

    if rows:
        lines = _row_lines(rows, right, aligned=True)
        if max(len(line) for line in lines) > TEXT_WIDTH:
            lines = _row_lines(rows, right, aligned=False)
        emit("\n".join(lines))


def _row_lines(rows: list[dict], right: tuple[str, ...], aligned: bool) -> list[str]:
    from pokerdice_stats.ground.numbers import points_aligned

    columns = list(rows[0])
    cells = {}
    for c in columns:
        values = [str(r[c]) for r in rows]
        if aligned and c in right:
            values = points_aligned(values)
        cells[c] = [str(c), *values]
    widths = {c: max(len(v) for v in cells[c]) for c in columns}
    lines = []
    for i in range(len(rows) + 1):
        parts = [
            cells[c][i].rjust(widths[c]) if c in right else cells[c][i].ljust(widths[c])
            for c in columns
        ]
        lines.append("  ".join(parts).rstrip())
    return lines


#: Fields of every Monte Carlo estimate in a JSON answer.
ESTIMATE_FIELDS = ("estimate", "ci_low", "ci_high", "n", "seed")


def estimate_record(estimate) -> dict:
    """One :class:`~pokerdice_stats.engines.simulation.stats.Estimate` as a JSON object."""
    return {k: getattr(estimate, k) for k in ESTIMATE_FIELDS}
