"""``rules compare A B`` (issue 26 item 4): two rule sets side by side."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from cli_helpers import assert_cli_error

from pokerdice_stats import get_rules
from pokerdice_stats.commands.rules_compare import match_side_by_side, payout_side_by_side
from pokerdice_stats.games.progressive.exact.payout import expected_payout
from pokerdice_stats.games.seen.exact.matches import solve_match
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table

A = get_rules("classic")
B = get_rules("classic", {"max_rethrow": 3})

#: One process for the module and the README tour's ``rules compare`` (the same comparison,
#: solved once there; ``--dist loadgroup``), rather than once a process per test worker.
pytestmark = pytest.mark.xdist_group("rules_compare")


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """The issue's example, through the command line, with its chart."""
    import contextlib
    import io

    from pokerdice_stats import cli

    chart = tmp_path_factory.mktemp("chart") / "compare.png"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["rules", "compare", "classic", "classic", "--set-b", "max_rethrow=3",
                         "--out", str(chart), "--format", "json"])  # fmt: skip
    assert code == 0
    return json.loads(out.getvalue()), chart


def test_names_and_chart(compared):
    record, chart = compared
    assert record["rules_a"] == "classic" and record["rules_b"] == "classic (max_rethrow=3)"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_single_throw_odds_are_the_same_and_counted(compared):
    record, _ = compared
    table = hand_table(A)
    for row in record["odds"]:
        ways = sum(int(table.ways[h]) for h in range(ix.N_HANDS)
                   if A.category_slugs[int(table.category[h])] == row["category"])  # fmt: skip
        assert (
            Fraction(row["chance_a_exact"])
            == Fraction(ways, 7776)
            == Fraction(row["chance_b_exact"])
        )
    turn = {r["category"]: Fraction(r["turn_at_least_b_exact"]) for r in record["odds"]}
    assert turn["five-of-a-kind"] < Fraction(record["odds"][0]["turn_at_least_a_exact"])
    assert turn["high-die"] == 1


def test_seats_and_match(compared):
    record, _ = compared
    for row in record["seats"]:
        n = row["players"]
        for side, rules in (("a", A), ("b", B)):
            win = solve_round(rules, n).win[0]
            assert row[f"first_seat_{side}"] == pytest.approx(float(win), abs=1e-12)
            assert row[f"advantage_{side}"] == pytest.approx(float(win) - 1 / n, abs=1e-12)
    match = record["match"]
    for side, rules in (("a", A), ("b", B)):  # each rule set's own match
        assert (match[f"target_{side}"], match[f"starter_{side}"]) == (rules.target, rules.starter)
        own = solve_match(rules, 2, rules.target, rules.starter)
        assert match[f"first_player_wins_{side}"] == pytest.approx(float(own.win[0]), abs=1e-12)
        assert match[f"expected_rounds_{side}"] == pytest.approx(own.expected_rounds, abs=1e-9)
    assert record.get("payout") is None  # classic plays no progressive payout


def test_holds_that_change(compared):
    record, _ = compared
    holds = record["holds"]
    assert holds, "max_rethrow=3 changes some first-throw keeps"
    pa, pb = solve_round(A, 2).first, solve_round(B, 2).first
    for row in holds:
        alts_a = pa.alternatives(row["hand"], 2)
        alts_b = pb.alternatives(row["hand"], 2)
        best_a = alts_a.loc[alts_a["canonical"]].iloc[0]
        best_b = alts_b.loc[alts_b["canonical"]].iloc[0]
        assert row["win_with_best_a"] == pytest.approx(float(best_a["value"]))
        assert row["win_with_best_b"] == pytest.approx(float(best_b["value"]))
        keep_a = row["hand"] if row["keep_a"] == "stand" else row["keep_a"]
        if row.get("habit_cost_b") is None:  # A's keep throws more than 3 dice again
            assert keep_a not in set(alts_b["keep"])
            assert 5 - len(keep_a.split()) > 3
        else:
            b_value = alts_b.loc[alts_b["keep"] == keep_a, "value"].iloc[0]
            assert row["habit_cost_b"] == pytest.approx(float(best_b["value"] - b_value))


def test_the_payout_where_the_rules_have_one():
    out = payout_side_by_side(get_rules("progressive"), A)
    assert out.get("edge_b") is None
    edge = expected_payout(get_rules("progressive")).edge
    assert Fraction(out["edge_percent_a_exact"]) == edge.percent


def test_cli_page_and_refusals(capsys, compared):
    assert_cli_error(capsys, ["rules", "compare", "classic", "nonesuch"], "nonesuch")
    assert_cli_error(capsys, ["rules", "compare", "classic", "classic", "--set-b", "throws=0"],
                     "throws")  # fmt: skip
    assert_cli_error(capsys, ["rules", "compare", "classic", "classic", "--out", "x.pdf"], ".png")


def test_the_match_is_each_rule_sets_own():
    """A longer match under B is compared as B plays it (it was once always to 3 wins)."""
    longer = get_rules("classic", {"target": 7})
    match = match_side_by_side(A, longer)
    assert (match["target_a"], match["target_b"]) == (A.target, 7)
    assert match["first_player_wins_a"] != match["first_player_wins_b"]
    assert match["expected_rounds_b"] > match["expected_rounds_a"]
