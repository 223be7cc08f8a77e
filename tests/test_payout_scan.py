"""The fair pay's scan of every pay, and what payout's CSV and Markdown keep.

Split from ``test_payout_desk.py``: the scan finds every pay that meets a target (the edge
need not be monotone in a pay), says when the edge does not depend on the pay, and the
outputs carry what their rows are about.
"""

from __future__ import annotations

import csv
import io

from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule, schedule_text
from pokerdice_stats.ground.formats import fraction_text

RULES = get_rules("progressive")


def test_every_pay_meeting_the_target_is_found_and_meets_it():
    """004's five-of-a-kind/one-pair: the edge falls from 8.4 points a round at pay 0 to
    0.86 at 500 and climbs again, so two pays give 3 points; the answer is the one nearer
    the current 1,200 (as a ratio), the other is listed."""
    solved = solve_pay(RULES, "five-of-a-kind/one-pair", 3)
    assert solved.scan_complete and len(solved.other_pays) == 1
    low, high = sorted((solved.pay, *solved.other_pays))
    assert low < 500 < high and solved.pay == high
    for pay in (low, high, 777):
        schedule = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", pay, "t")
        expected = round_outcomes(RULES, "optimal", schedule=schedule).expected
        assert expected == 3 if pay != 777 else expected < 3  # below the target between
    record = solved.record()
    assert record["other_pays"] == [fraction_text(low)] and record["scan_complete"] is True
    # 2,736 for a pair under five of a kind, 1,200 for the worse little straight: said
    assert [b.split(", a weaker")[0] for b in solved.order_breaks] == [
        "five-of-a-kind over little-straight pays 1200 (both sides), less than "
        "five-of-a-kind over one-pair (2736.018)"
    ]


def test_a_monotone_edge_has_no_other_pay():
    solved = solve_pay(RULES, "three-of-a-kind/two-pair", 5, computer="largest-set")
    assert solved.other_pays == () and solved.scan_complete
    assert solved.pay > 12 and any(
        "full-house over two-pair pays 12" in b for b in solved.order_breaks
    )


def test_csv_and_markdown_rows_keep_what_they_are_about(capsys, tmp_path):
    """Markdown gives the answer's own figures before its rows; every CSV row carries the
    answer's context (rules, schedules, computer, the target and the edge reached)."""
    code, out, _ = run_cli(capsys, "payout", "--breakdown", "--format", "markdown")
    figures, cells = out.split("\n\ncells:\n\n", 1)  # the rows, named as in JSON
    assert code == 0 and "| expected | 1.50832 |" in figures
    assert "| player_paid % | 37.1888 |" in figures and cells.startswith("| side | winner |")
    assert "\n\nby_winner:\n\n| side | winner |" in cells  # the other table, named too
    path = tmp_path / "mine.csv"
    run_cli(capsys, "payout", "--schedule-out", str(path))
    code, out, _ = run_cli(capsys, "payout", "--compare", "004", str(path), "--format", "csv")
    header, first = out.splitlines()[:2]
    assert header.startswith("rules,computer,knowledge,unit,schedules.a,schedules.b,totals.")
    assert ",side,winner,loser," in header  # the totals (nested) in every row, then the cell's
    assert first.startswith("progressive,optimal,seen,")
    code, out, _ = run_cli(capsys, "payout", "--design", "--target=-3%", "--side", "house",
                           "--format", "csv")  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and all(
        r["target"] == "-3.0" and abs(float(r["reached"]) + 3) <= 0.05 for r in rows
    )
    assert all(r["target_exact"] == "-3/1" for r in rows)  # a float as repr writes it, and exact


def test_an_edge_that_does_not_depend_on_the_pay_is_said_so(capsys):
    """One throw: five of a kind over one pair never decides what either side keeps, and
    with 004's schedule the edge is 0 at every pay of that cell."""
    one = get_rules("progressive", {"throws": 1})
    solved = solve_pay(one, "five-of-a-kind/one-pair", 0)
    assert solved.other_pays == () and solved.piece[1] == 0
    code, out, _ = run_cli(capsys, "payout", "--set", "throws=1", "--solve",
                           "five-of-a-kind/one-pair", "--target", "0")  # fmt: skip
    assert code == 0 and "the edge does not depend on this pay" in out
    assert_cli_error(
        capsys,
        ["payout", "--set", "throws=1", "--solve", "five-of-a-kind/one-pair", "--target", "3"],
        "does not depend on this pay",
    )
    assert_cli_error(
        capsys,
        ["payout", "--solve", "big-straight/little-straight", "--target", "3"],
        "past the largest pay tried",
    )


def test_a_name_line_a_spreadsheet_quoted_is_read(tmp_path):
    """A name holding a comma, as a spreadsheet saves it: its cell quoted, the row padded."""
    text = schedule_text(PROGRESSIVE_SCHEDULE, RULES).splitlines()
    text[0] = '"# schedule: my house, gentler",,,,,'
    path = tmp_path / "quoted.csv"
    path.write_text("\n".join(text) + "\n")
    assert read_schedule(path).name == "my house, gentler"


def test_the_session_text_says_a_ruin_below_its_tolerance_is_noise(capsys):
    code, out, _ = run_cli(capsys, "payout", "--rounds", "20", "--start", "5000")
    assert code == 0 and "the computer's bank (5,000 points, as the player's)" in out
    code, out, _ = run_cli(capsys, "payout", "--rounds", "20")
    assert "0% (below the tolerance of" in out


def test_nested_figures_of_markdown_follow_the_same_rule(capsys):
    """The compare's totals and a session's figures are nested: their chances in percent
    too, their exact fractions left to JSON."""
    code, out, _ = run_cli(capsys, "payout", "--compare", "004", "004", "--format", "markdown")
    figures = out.split("\n\n", 1)[0]
    assert code == 0 and "| totals.player_paid.a % | 37.1888 |" in figures
    assert "_exact" not in figures
    code, out, _ = run_cli(capsys, "payout", "--breakdown", "--rounds", "3", "--format",
                           "markdown")  # fmt: skip
    assert "| session.ahead % |" in out and "| variance_share % |" in out.split("\n\n", 1)[1]
    code, out, _ = run_cli(capsys, "payout", "--solve", "five-of-a-kind/one-pair", "--target",
                           "3", "--format", "csv")  # fmt: skip
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["other_pays_exact"] == "31278664205506/145954608325" and row["order_breaks"]
