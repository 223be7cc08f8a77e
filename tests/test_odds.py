"""Exact single-throw odds tables, checked against the reference classifier."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest
from reference import all_throws, reference_category, reference_key, rules_args

from pokerdice_stats import PRESETS, cli, get_rules
from pokerdice_stats.commands.odds import JSON_COLUMNS
from pokerdice_stats.report.odds_tables import write_odds
from pokerdice_stats.turn.odds import odds_by_category, odds_by_hand

THROWS = all_throws()
RESULTS = Path(__file__).resolve().parents[1] / "results"

SPECS = [(name, {}) for name in PRESETS] + [
    ("classic", {"straights": "flush"}),
    ("classic", {"straights": "none", "tiebreak": "category"}),
    ("classic", {"wild": "9"}),
    ("triple-snakes", {"wild": "1", "tiebreak": "full"}),
    ("banking", {"wild": "6"}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in SPECS]
FRACTION = re.compile(r"^(\d+)/(\d+)$")


@pytest.fixture(params=SPECS, ids=IDS)
def rules(request):
    name, options = request.param
    return get_rules(name, options)


def run_cli(capsys, *argv: str) -> str:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def lowest_terms(text: str) -> Fraction:
    """Parse ``"p/q"``, checking it is in lowest terms."""
    match = FRACTION.match(text)
    assert match, text
    p, q = int(match[1]), int(match[2])
    value = Fraction(p, q)
    assert (value.numerator, value.denominator) == (p, q), f"{text} is not in lowest terms"
    return value


def test_by_category_matches_reference(rules):
    table = odds_by_category(rules)
    expected = Counter(reference_category(t, **rules_args(rules)) for t in THROWS)
    assert list(table.category) == list(rules.category_slugs)
    assert dict(zip(table.category, table["count"], strict=True)) == {
        slug: expected.get(slug, 0) for slug in rules.category_slugs
    }
    cumulative = 0
    for row in table.itertuples():
        cumulative += expected.get(row.category, 0)
        assert isinstance(row.probability, Fraction) and isinstance(row.at_least, Fraction)
        assert row.probability == Fraction(expected.get(row.category, 0), 7776)
        assert row.at_least == Fraction(cumulative, 7776)
        assert row.probability_float == pytest.approx(float(row.probability), rel=1e-15)
        assert row.at_least_float == pytest.approx(float(row.at_least), rel=1e-15)
        if row.count:
            assert row.one_in == pytest.approx(7776 / row.count)
    assert sum(table.probability) == 1
    assert table.at_least.iloc[-1] == 1


def test_by_hand_matches_reference(rules):
    table = odds_by_hand(rules)
    args = rules_args(rules)
    ways = Counter(tuple(sorted(t)) for t in THROWS)
    key_of = {hand: reference_key(hand, **args) for hand in ways}
    assert len(table) == len(ways) == 252
    labels = rules.face_chart.labels
    by_text = {" ".join(labels[r] for r in sorted(h, reverse=True)): h for h in ways}
    seen = set()
    for row in table.itertuples():
        hand = by_text[row.hand]  # written highest first in the chart's notation
        seen.add(hand)
        assert row.count == ways[hand]
        assert row.probability == Fraction(ways[hand], 7776)
        assert row.category == reference_category(hand, **args)
        at_least = sum(n for h, n in ways.items() if key_of[h] >= key_of[hand])
        assert row.at_least == Fraction(at_least, 7776)
    assert len(seen) == 252
    # Best first; strengths follow the reference order (equal keys, equal strengths).
    keys = [key_of[by_text[h]] for h in table.hand]
    strengths = list(table.strength)
    assert keys == sorted(keys, reverse=True)
    for (ka, sa), (kb, sb) in pairwise(zip(keys, strengths, strict=True)):
        assert (ka == kb) == (sa == sb)
        assert sa >= sb
    assert strengths[-1] == 0
    assert sum(table.probability) == 1


def test_at_least_is_monotone(rules):
    for table in (odds_by_category(rules), odds_by_hand(rules)):
        values = list(table.at_least)
        assert all(a <= b for a, b in pairwise(values))
        assert values[-1] == 1
        assert all(0 < v <= 1 for v in values)


@pytest.mark.parametrize("name", list(PRESETS))
def test_json_by_category_contract(capsys, name):
    record = json.loads(run_cli(capsys, "odds", "--rules", name, "--format", "json"))
    rules = PRESETS[name]
    assert set(record) == {"rules", "by", "throws", "unit", "rows"}
    assert (record["rules"], record["by"], record["throws"]) == (name, "category", 1)
    assert record["unit"].startswith("chance of one throw")
    rows = record["rows"]
    assert [row["category"] for row in rows] == list(rules.category_slugs)
    total = Fraction(0)
    for row in rows:
        assert set(row) == {
            "category", "count", "probability_exact", "at_least_exact", "probability", "at_least",
        }  # fmt: skip
        assert row["probability"] == float(Fraction(row["probability_exact"]))
        assert row["at_least"] == float(Fraction(row["at_least_exact"]))
        assert isinstance(row["count"], int)
        p = lowest_terms(row["probability_exact"])
        assert p == Fraction(row["count"], 7776)
        total += p
        assert lowest_terms(row["at_least_exact"]) == total
    assert total == 1
    assert sum(row["count"] for row in rows) == 7776


@pytest.mark.parametrize("name", list(PRESETS))
def test_json_by_hand_contract(capsys, name):
    rules = PRESETS[name]
    record = json.loads(
        run_cli(capsys, "odds", "--rules", name, "--by", "hand", "--format", "json")
    )
    assert (record["rules"], record["by"]) == (name, "hand")
    rows = record["rows"]
    assert len(rows) == 252
    labels = rules.face_chart.labels
    strengths = [row["strength"] for row in rows]
    assert strengths == sorted(strengths, reverse=True)
    for row in rows:
        assert set(row) == {
            "hand", "category", "strength", "count", "probability_exact", "at_least_exact",
            "probability", "at_least",
        }  # fmt: skip
        assert row["category"] in rules.category_slugs
        ranks = [labels.index(face) for face in row["hand"].split()]
        assert len(ranks) == 5 and ranks == sorted(ranks, reverse=True)
        assert lowest_terms(row["probability_exact"]) == Fraction(row["count"], 7776)
        at_least = sum(r["count"] for r in rows if r["strength"] >= row["strength"])
        assert lowest_terms(row["at_least_exact"]) == Fraction(at_least, 7776)
    # The best hand first: five of the highest face.
    assert rows[0]["hand"] == " ".join([labels[5]] * 5)


@pytest.mark.parametrize("by", ["category", "hand"])
def test_every_format(capsys, by):
    rules = get_rules("triple-snakes")
    frame = odds_by_category(rules) if by == "category" else odds_by_hand(rules)
    n = len(frame)
    base = ["odds", "--rules", "triple-snakes", "--by", by]
    table = run_cli(capsys, *base)
    title, *lines = table.splitlines()
    assert title == "rules triple-snakes: one throw of five dice"  # the rules named first
    assert len(lines) == n + 3 and lines[0].split()[0] == frame.columns[0]
    assert "chance %" in lines[0] and "at least %" in lines[0]
    assert lines[-2].startswith("chance %: of one throw of five dice")  # the unit
    assert lines[-1] == "exact fractions: --format csv or json"
    assert "small-straight" in table
    assert "/" not in "".join(lines[1 : n + 1])  # decimals for people, no fractions
    if by == "category":
        small = next(line for line in lines if line.startswith("small-straight"))
        assert small.split()[-4:] == ["960", "12.35", "8.1", "21.3"]  # 10/81 = 12.35%
    # Markdown: the context (figure, value), then the rows under their JSON name
    context, rows = run_cli(capsys, *base, "--format", "markdown").split("\n\nrows:\n\n")
    assert context.startswith("| figure | value |\n|---|---|\n| rules | triple-snakes |")
    markdown = rows.splitlines()
    assert len(markdown) == n + 2 and markdown[1].startswith("|---")
    # CSV: a row a category or hand, carrying the context, named as JSON names them
    parsed = list(csv.DictReader(io.StringIO(run_cli(capsys, *base, "--format", "csv"))))
    figures = ["probability", "probability_exact", "at_least", "at_least_exact"]
    columns = ["rules", "by", "throws", "unit", *JSON_COLUMNS[by][:-2], *figures]
    assert len(parsed) == n and list(parsed[0]) == columns
    for row, expected in zip(parsed, frame.itertuples(), strict=True):
        assert (row["rules"], row["by"], row["throws"]) == ("triple-snakes", by, "1")
        assert row["unit"].startswith("chance of one throw of five dice")
        assert int(row["count"]) == expected.count
        assert lowest_terms(row["probability_exact"]) == expected.probability
        assert lowest_terms(row["at_least_exact"]) == expected.at_least
        assert float(row["probability"]) == expected.probability_float
        assert float(row["at_least"]) == expected.at_least_float
    rows = json.loads(run_cli(capsys, *base, "--format", "json"))["rows"]
    assert len(rows) == n


def test_small_straight_table_line():
    # Triple Snakes: 960 throws hold four in a row without five (checked by the reference).
    table = odds_by_category(get_rules("triple-snakes")).set_index("category")
    assert table.loc["small-straight", "count"] == 960
    assert table.loc["small-straight", "probability"] == Fraction(10, 81)


def test_report_odds_files_are_deterministic(tmp_path):
    first = write_odds("gameweave", tmp_path / "a")
    second = write_odds("gameweave", tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()
    names = sorted(p.name for p in first)
    assert names == [
        "gameweave_by_category.csv",
        "gameweave_by_category.md",
        "gameweave_by_hand.csv",
        "gameweave_by_hand.md",
    ]


@pytest.mark.parametrize("name", list(PRESETS))
def test_committed_odds_files_are_current(tmp_path, name):
    committed = RESULTS / "odds"
    if not (committed / f"{name}_by_category.csv").exists():
        pytest.fail(f"results/odds/{name}_by_category.csv is missing: run pokerdice-stats report")
    for path in write_odds(name, tmp_path):
        assert path.read_bytes() == (committed / path.name).read_bytes(), path.name
