"""Edge figures (issue 26 item 1): points a round and percent of the points that change hands."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import reference_payout as ref
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.progressive.exact.breakdown import payout_breakdown
from pokerdice_stats.games.progressive.exact.edge import Edge, parse_target
from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
from pokerdice_stats.games.progressive.exact.payout import expected_payout
from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule, write_schedule
from pokerdice_stats.ground.errors import OptionError

ROOT = Path(__file__).resolve().parents[1]

RULES = get_rules("progressive")


def test_edge_of_the_one_throw_game_against_enumeration():
    rules = get_rules("progressive", {"throws": 1})
    joint = ref.one_throw_joint()
    pips = {ref.category(h): h for h in ref.hands()}
    action = expected = Fraction(0)
    for (player, computer), chance in joint.items():
        pay = ref.progressive_payout(pips[player], pips[computer])
        expected += chance * pay
        action += chance * abs(pay)
    edge = expected_payout(rules, "stand").edge
    assert edge.expected == expected == 0 and edge.action == action > 0
    assert edge.percent == 0


@pytest.mark.parametrize("computer", ["optimal", "stand", "max-category"])
def test_edge_from_the_cells(computer):
    bd = payout_breakdown(RULES, computer=computer)
    action = sum(c.probability * c.pay for c in bd.cells if c.side != "push")
    edge = expected_payout(RULES, computer).edge
    assert edge.action == action and edge.expected == bd.expected
    assert edge.percent == 100 * bd.expected / action
    assert edge.house_percent == -edge.percent
    record = bd.totals()
    assert Fraction(record["edge_percent_exact"]) == edge.percent
    assert record["house_edge"] == -float(edge.expected)


def test_edge_without_action():
    assert Edge(Fraction(0), Fraction(0)).percent is None
    assert Edge(Fraction(0), Fraction(0)).record()["edge_percent"] is None


@pytest.mark.parametrize(
    ("text", "value", "percent"),
    [
        ("3", 3, False),
        ("-1/2", Fraction(-1, 2), False),
        ("3%", 3, True),
        ("-2.5%", Fraction(-5, 2), True),
    ],
)
def test_targets(text, value, percent):
    target = parse_target(text)
    assert target.value == value and target.percent is percent


@pytest.mark.parametrize("text", ["3%%", "%", "abc", "101%", "3 %x"])
def test_bad_targets(text):
    with pytest.raises(OptionError, match=r"target|percentage"):
        parse_target(text)


@pytest.mark.parametrize(
    ("cell", "target"), [("five-of-a-kind/one-pair", "3%"), ("three-of-a-kind/two-pair", "5%")]
)
def test_percent_target_solved_exactly(tmp_path, cell, target):
    solved = solve_pay(RULES, cell, target)
    path = write_schedule(solved.schedule, tmp_path / "s.csv", RULES)
    edge = expected_payout(RULES, schedule=read_schedule(path)).edge  # evaluated apart
    assert edge.percent == Fraction(target[:-1])
    assert solved.edge.percent == edge.percent


@pytest.mark.parametrize("target", ["1.5%", "-3%"])
def test_a_pay_out_of_reach_names_the_closest_edge_in_the_targets_unit(target):
    """five-of-a-kind/two-pair cannot bring 004 below about +2.3%: the refusal names the
    pay tried whose edge, in percent, is nearest the target (pay 2000, +2.338%, is one of
    the pays every solve tries), whatever the target, and that edge is the pay's own."""
    import re

    with pytest.raises(OptionError) as caught:
        solve_pay(RULES, "five-of-a-kind/two-pair", target)
    found = re.search(r"closest of the \d+ pays tried is ([+-][0-9.]+)% \(at pay ([0-9.]+)\)",
                      str(caught.value))  # fmt: skip
    assert found is not None, str(caught.value)
    at_2000 = expected_payout(RULES, schedule=_with_pay("five-of-a-kind", "two-pair", 2000))
    assert float(found.group(1)) <= float(at_2000.edge.percent) + 5e-4
    pay = Fraction(found.group(2))
    if pay.denominator == 1:  # a whole pay is printed exactly: its edge, evaluated apart
        named = expected_payout(RULES, schedule=_with_pay("five-of-a-kind", "two-pair", pay))
        assert abs(float(named.edge.percent) - float(found.group(1))) <= 5e-4


def _with_pay(winner, loser, pay):
    from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE

    return PROGRESSIVE_SCHEDULE.with_amount(winner, loser, pay)


def test_a_scale_cannot_move_a_percentage():
    with pytest.raises(OptionError, match="moves the points, not the percentage"):
        solve_pay(RULES, "scale", "3%")


def test_cli_payout_gives_the_edge(capsys):
    code, out, err = run_cli(capsys, "payout", "--format", "json")
    assert code == 0, err
    record = json.loads(out)
    assert Fraction(record["edge_percent_exact"]) == 100 * Fraction(
        record["expected_exact"]
    ) / Fraction(record["action_exact"])
    assert record["house_edge_percent"] == -record["edge_percent"]
    assert "change hands" in record["edge_definition"]
    code, out, err = run_cli(capsys, "payout", "--breakdown")
    assert code == 0 and "+4.082% of the" in out


def test_cli_percent_target(capsys):
    code, out, err = run_cli(capsys, "payout", "--solve", "five-of-a-kind/one-pair",
                             "--target", "3%", "--format", "json")  # fmt: skip
    assert code == 0, err
    record = json.loads(out)
    assert Fraction(record["edge_percent_exact"]) == 3
    assert_cli_error(capsys, ["payout", "--solve", "scale", "--target", "3%"], "not the percentage")


def test_a_schedule_file_missing_a_winner_or_out_of_order_is_noted(capsys, tmp_path):
    """A dropped column or a stronger win paid less is almost always a slip: the answer
    is given (the file is valid), and stderr says what the designer should check."""
    text = (ROOT / "results" / "games" / "progressive_schedule.csv").read_text(encoding="utf-8")
    lines = text.splitlines()
    no_five = tmp_path / "nofive.csv"  # the grid without its last column, five-of-a-kind
    no_five.write_text(
        "\n".join([lines[0], *(line.rsplit(",", 1)[0] for line in lines[1:])]) + "\n",
        encoding="utf-8",
    )
    code, out, err = run_cli(capsys, "payout", "--schedule", str(no_five))
    assert code == 0 and out
    assert "no column for five-of-a-kind: its wins are paid nothing" in err
    assert "out of order" not in err
    disordered = tmp_path / "order.csv"
    disordered.write_text(text.replace("two-pair,3,12,15,24,600", "two-pair,3,12,15,24,5000"))
    code, out, err = run_cli(capsys, "payout", "--schedule", str(disordered))
    assert code == 0 and "out of order: five-of-a-kind over one-pair pays 1200" in err
    code, out, err = run_cli(capsys, "payout")  # 004's own: nothing to say
    assert code == 0 and err == ""


def test_the_fair_pays_piece_is_where_its_line_holds():
    """``payout --solve``: the pays the answer's policies hold between (its piece's ends,
    the breakpoints nearest it): the exact expected payout is the piece's line a little
    inside both ends, and leaves it a little outside."""
    from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE

    rules = get_rules("progressive")
    answer = solve_pay(rules, "five-of-a-kind/one-pair", 3)
    low, high = answer.piece_ends
    assert low is not None and high is not None and low < answer.pay < high
    intercept, slope = answer.piece
    for pay, on_line in ((low + Fraction(1, 10), True), (high - Fraction(1, 10), True),
                         (low - 5, False), (high + 5, False)):  # fmt: skip
        schedule = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", pay)
        expected = expected_payout(rules, schedule=schedule).expected
        assert (expected == intercept + slope * pay) is on_line, float(pay)
    assert low in answer.breakpoints and high in answer.breakpoints
