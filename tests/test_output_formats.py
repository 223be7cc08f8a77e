"""Every sub-command with an answer offers the same four formats, and each format parses."""

from __future__ import annotations

import argparse
import csv
import io
import json

import pytest
from cli_helpers import run_cli

from pokerdice_stats.cli import build_parser
from pokerdice_stats.engines.cli import FORMATS


def _format_choices() -> dict[str, tuple]:
    """Each sub-command (and sub-action) with ``--format``: its choices."""
    found: dict[str, tuple] = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        for action in parser._actions:
            if "--format" in action.option_strings:
                found[name] = tuple(action.choices or ())
            if isinstance(action, argparse._SubParsersAction):
                for sub, subparser in action.choices.items():
                    walk(subparser, f"{name} {sub}".strip())

    walk(build_parser(), "")
    return found


def test_every_format_everywhere():
    choices = _format_choices()
    assert len(choices) >= 15
    narrow = {name: c for name, c in choices.items() if c != FORMATS}
    assert not narrow, narrow


CASES = [
    ["classify", "K K J 10 9"],
    ["compare", "A A J J 9", "A A 10 10 K"],
    ["hold", "K K J 10 9", "--throws-left", "2", "--goal", "at-least:full-house"],
    ["holdup", "3 3 3 5 6", "--players-left", "2"],
    ["simulate", "--what", "round", "--n", "2000", "--no-progress"],
    ["simulate", "--what", "turn", "--n", "2000", "--no-progress"],
]


@pytest.mark.parametrize("argv", CASES, ids=lambda a: a[0] + " " + a[1])
def test_csv_and_markdown_parse(capsys, argv):
    code, out, err = run_cli(capsys, *argv, "--format", "csv")
    assert (code, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and all(len(row) == len(rows[0]) for row in rows)
    assert not any(name.endswith("_float") for name in rows[0])  # named as in JSON
    code, out, _ = run_cli(capsys, *argv, "--format", "markdown")
    tables = [b.splitlines() for b in out.rstrip("\n").split("\n\n") if b.startswith("|")]
    assert code == 0 and tables and all(t[1].startswith("|---") for t in tables)
    last = tables[-1]  # the rows (after the context's figures), or the one object's figures
    if last[0] == "| figure | value |":  # a figure a CSV column (an _exact one: decimals)
        shown = [c for c in rows[0] if not (c.endswith("_exact") and c[:-6] in rows[0])]
        assert len(rows) == 1 and len(last) == len(shown) + 2
    else:
        assert len(last) == len(rows) + 2
    code, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert code == 0 and isinstance(json.loads(out), dict)


def test_hold_csv_keeps_the_exact_fraction(capsys):
    argv = ["hold", "K K J 10 9", "--throws-left", "2", "--goal", "at-least:full-house"]
    rows = list(csv.DictReader(io.StringIO(run_cli(capsys, *argv, "--format", "csv")[1])))
    assert rows[0]["keep"] == "K K" and rows[0]["value_exact"] == "139/324"  # JSON's names
    assert float(rows[0]["value"]) == pytest.approx(139 / 324, rel=1e-15)
