"""Chances in percent in the Markdown people read (design.md, "Numbers people read").

``to_markdown(frame, percent=...)`` writes the named chance columns times 100, the header
ending in `` %``; the results' Markdown tables so give every chance, the CSV beside them
keeping it from 0 to 1.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import number_text, render, to_markdown
from tests.cli_helpers import run_cli

RESULTS = Path(__file__).resolve().parents[1] / "results"


def _rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()]


def test_to_markdown_writes_a_named_chance_column_in_percent():
    frame = pd.DataFrame(
        {
            "hand": ["A A A A A", "K K Q Q J"],
            "count": [1, 3888],
            "probability": [Fraction(1, 7776), Fraction(1, 2)],
            "one_in": [7776.0, 2.0],
            "at_least": [Fraction(1, 7776), Fraction(1)],
        }
    )
    rows = _rows(to_markdown(frame, percent=("probability", "at_least")))
    assert rows[0] == ["hand", "count", "probability %", "one_in", "at_least %"]
    assert rows[2] == ["A A A A A", "1", "0.0128601", "7776", "0.0128601"]  # 6 digits
    assert rows[3] == ["K K Q Q J", "3888", "50", "2", "100"]  # a whole chance stays whole
    # the other columns are written as without the keyword
    plain = _rows(to_markdown(frame))
    assert plain[0] == ["hand", "count", "probability", "one_in", "at_least"]
    assert [[r[0], r[1], r[3]] for r in plain] == [[r[0], r[1], r[3]] for r in rows]
    assert plain[2][2] == "0.000128601"


def test_a_chance_columns_tolerance_is_in_chance_units():
    frame = pd.DataFrame({"ruin": [5e-12, 2e-9, 0.25], "mean": [5e-12, 2e-9, 0.25]})
    tolerances = {"ruin": 1e-11, "mean": 1e-11}
    rows = _rows(to_markdown(frame, tolerances, percent=("ruin",)))
    assert rows[0] == ["ruin %", "mean"]
    # 5e-12 is noise (below 1e-11): written 0 in percent too, though 5e-10 is above 1e-11
    assert [r[0] for r in rows[2:]] == ["0", "0.0000002", "25"]
    assert [r[1] for r in rows[2:]] == ["0", "2e-09", "0.25"]


def test_text_cells_are_left_alone_and_a_missing_column_is_refused():
    # a caller writing its own digits scales them itself: the keyword names the header
    frame = pd.DataFrame({"seat": [1], "ruin": ["2.10 (1.56 .. 2.83)"], "note": ["-"]})
    rows = _rows(to_markdown(frame, percent=("ruin",)))
    assert rows[0] == ["seat", "ruin %", "note"] and rows[2][1] == "2.10 (1.56 .. 2.83)"
    with pytest.raises(OptionError, match="probability"):
        to_markdown(frame, percent=("probability",))


def test_render_writes_percent_for_people_only():
    """Markdown and the plain table write the chances in percent; CSV and JSON keep them."""
    frame = pd.DataFrame({"win": [0.25, 0.75]})
    assert render(frame, "markdown", percent=("win",)).splitlines()[0] == "| win % |"
    assert render(frame, "table", percent=("win",)).splitlines() == ["win %", "   25", "   75"]
    for fmt in ("csv", "json"):
        assert render(frame, fmt, percent=("win",)) == render(frame, fmt)


def test_the_plain_table_writes_a_chance_column_as_markdown_does():
    frame = pd.DataFrame(
        {
            "seat": [1, 2, 3],
            "win": [Fraction(1, 3), 0.0106896, 5e-12],
            "note": ["a", "b", "c"],
            "rounds": [2.5, 3.25, 1],
        }
    )
    lines = render(frame, "table", {"win": 1e-11}, percent=("win",)).splitlines()
    assert lines[0].split() == ["seat", "win", "%", "note", "rounds"]
    assert [line.split()[1] for line in lines[1:]] == ["33.3333", "1.06896", "0"]  # noise: 0
    assert [line.split()[-1] for line in lines[1:]] == ["2.5", "3.25", "1"]  # not a chance
    assert lines[0].index("win %") + len("win %") == len(lines[1].split("  a")[0])  # aligned
    with pytest.raises(OptionError, match="probability"):
        render(frame, "table", percent=("probability",))


def test_the_plain_table_writes_small_chances_without_an_exponent():
    """People read a plain table too: 0.0000031142 %, not 3.1142e-06 (noise keeps it)."""
    frame = pd.DataFrame({"move": ["a", "b", "c"], "chance": [3.1142e-08, 0.999999999, 1e-12]})
    lines = render(frame, "table", percent=("chance",)).splitlines()
    assert [line.split()[1] for line in lines[1:]] == ["0.0000031142", "99.9999999", "1e-10"]


def _tables(text: str) -> list[list[dict[str, str]]]:
    """Every Markdown table of a file, as rows keyed by the header."""
    lines = text.splitlines()
    tables = []
    for i in range(len(lines) - 1):
        if lines[i].startswith("|") and lines[i + 1].startswith("|---"):
            header = _rows(lines[i])[0]
            body = []
            for line in lines[i + 2 :]:
                if not line.startswith("|"):
                    break
                body.append(dict(zip(header, _rows(line)[0], strict=True)))
            tables.append(body)
    return tables


NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?")

#: Results files and chance columns each must show in percent.
CHANCE_COLUMNS = {
    "odds/classic_by_category.md": ("probability %", "at_least %"),
    "odds/triple-snakes_by_hand.md": ("probability %", "at_least %"),
    "games/rounds_by_seat.md": ("seat 1 %", "seat 2 %", "stops_after_1 %", "stops_after_3 %"),
    "games/matches.md": ("seat 1 %", "seat 5 %"),
    "games/holdup_triple_snakes.md": ("left_1 %", "left_4 %"),
    "games/betting_by_seat.md": ("p_pot %", "raise_rate %", "fold_rate %"),
    "games/banking_field.md": ("weight %", "share %", "chance %"),
    "games/progressive_payout.md": ("player_paid %", "computer_paid %", "push %"),
    "games/progressive_bank.md": ("ruin %",),
    "games/bidding_value.md": ("chance_of_hand %", "full-house %"),
    "simulation/bankrolls.md": ("player ruined %", "player ruined by 1,000 %"),
    "simulation/betting_sessions.md": ("takes_the_pot %", "ruin %"),
    "simulation/banking_sessions.md": ("ended_ahead %", "ruin %", "exact_ruin %"),
    "strategy/classic.md": ("value %",),
}


@pytest.mark.parametrize("name", sorted(CHANCE_COLUMNS))
def test_results_markdown_gives_chances_in_percent(name):
    tables = _tables((RESULTS / name).read_text(encoding="utf-8"))
    for column in CHANCE_COLUMNS[name]:
        cells = [row[column] for table in tables for row in table if column in row]
        assert cells, f"{name}: no column {column!r}"
        values = [float(x) for cell in cells for x in NUMBER.findall(cell)]
        assert values and all(0 <= v <= 100 for v in values), (name, column)
        assert max(values) > 1, (name, column)  # percent, not a chance from 0 to 1
        # the same chance without % only as an exact fraction (strategy: `value` beside it)
        bare = column.removesuffix(" %")
        exact = [row[bare] for table in tables for row in table if bare in row]
        assert all(re.fullmatch(r"\d+/\d+", cell) for cell in exact), (name, bare)


def test_results_markdown_leaves_other_figures_alone():
    tables = _tables((RESULTS / "odds" / "classic_by_category.md").read_text(encoding="utf-8"))
    with (RESULTS / "odds" / "classic_by_category.csv").open(encoding="utf-8") as handle:
        data = list(csv.DictReader(handle))  # the CSV: chances from 0 to 1, exact beside
    (table,) = tables
    for row, line in zip(table, data, strict=True):
        assert row["count"] == line["count"] and row["one_in"] == line["one_in"]
        chance = 100 * float(line["probability_float"])  # six significant digits of it
        assert float(row["probability %"]) == pytest.approx(chance, rel=5e-6)
        assert float(line["at_least_float"]) <= 1
    crosscheck = _tables((RESULTS / "simulation" / "crosscheck.md").read_text(encoding="utf-8"))
    units = {row["unit"] for table in crosscheck for row in table}
    assert {"chance %", "share of the pot %", "points per round", "rounds"} <= units
    for row in (r for table in crosscheck for r in table if r["unit"] == "rounds"):
        assert float(row["exact"]) > 1  # not a chance: as in the CSV


def test_the_command_lines_markdown_gives_chances_in_percent(capsys):
    _, out, _ = run_cli(capsys, "odds", "--rules", "classic", "--format", "markdown")
    rows = _rows(out.split("\n\nrows:\n\n")[1])  # the JSON answer's rows, after its context
    assert rows[0] == ["category", "count", "probability %", "at_least %"]
    assert rows[-1] == ["high-die", "480", "6.17284", "100"]
    _, out, _ = run_cli(capsys, "odds", "--rules", "classic", "--format", "csv")
    assert "probability,probability_exact" in out and ",0.06172839506172839," in out


def test_markdown_numbers_are_for_people():
    """Six significant digits without an exponent, never a fraction shown whole."""
    frame = pd.DataFrame(
        {
            "p": [2.064803146e-8, 0.9999999999, 1 / 3, 1.0],
            "mean": [10754.00294, 1e-12, 3.0, 46.2962963],
        }
    )
    rows = _rows(to_markdown(frame, percent=("p",)))
    assert [r[0] for r in rows[2:]] == ["0.0000020648", "99.99999999", "33.3333", "100"]
    assert [r[1] for r in rows[2:]] == ["10754.003", "1e-12", "3", "46.2963"]


def test_a_rounding_error_off_a_whole_number_is_shown_whole():
    """A quarter computed in floats (``0.24999999999999997``) is 25 %, not 17 digits; a
    chance 1e-12 off a whole percent still shows its digits."""
    frame = pd.DataFrame({"share": [0.24999999999999997, 0.2000000000000001, 0.25 - 1e-14]})
    rows = _rows(to_markdown(frame, percent=("share",)))
    assert [r[0] for r in rows[2:]] == ["25", "20", "24.999999999999"]
    # more digits than the cap asked for: written to them (the cap never shortens them)
    assert number_text(1 / 3, digits=17, positional=True) == "0.33333333333333331"
    assert number_text(0.1 + 0.2, digits=17, positional=True) == "0.30000000000000004"
