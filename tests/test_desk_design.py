"""payout --design (issue 26 item 3): whole-number schedules reaching a target edge.

Every design is checked by the exact payout of the schedule it wrote, read back from its
file and evaluated by ``expected_payout`` (not by the design solver), and its constraints
by a check written here apart from the solver's.
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.progressive.exact.design import DesignError, design_schedule
from pokerdice_stats.games.progressive.exact.payout import expected_payout
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule, write_schedule
from pokerdice_stats.ground.errors import OptionError

RULES = get_rules("progressive")
SLUGS = RULES.category_slugs  # best first


def grid(schedule, side):
    """(winner, loser) -> pay of one side, for every pair a paying winner beats."""
    one = schedule.side(side)
    return {(w, lo): one.amount(w, lo) for w in one.winners for lo in SLUGS[SLUGS.index(w) + 1 :]}


def in_order(pays) -> bool:
    """A better winner never pays less over the same loser; a worse loser never pays less."""
    for (w, lo), pay in pays.items():
        for better in SLUGS[: SLUGS.index(w)]:
            if (better, lo) in pays and pays[better, lo] < pay:
                return False
        for worse in SLUGS[SLUGS.index(lo) + 1 :]:
            if (w, worse) in pays and pays[w, worse] < pay:
                return False
    return True


def changed(design):
    return {
        (side, w, lo)
        for side in ("player", "house")
        for (w, lo), pay in grid(design.schedule, side).items()
        if pay != grid(PROGRESSIVE_SCHEDULE, side)[w, lo]
    }


def check(design, tmp_path, target, within=Fraction(1, 20)):
    path = write_schedule(design.schedule, tmp_path / "designed.csv", RULES)
    again = read_schedule(path)
    edge = expected_payout(RULES, "optimal", schedule=again).edge  # apart from the solver
    reached = edge.percent if str(target).endswith("%") else edge.expected
    assert abs(reached - Fraction(str(target).rstrip("%"))) <= within
    assert reached == design.reached
    for side in ("player", "house"):
        pays = grid(again, side)
        assert all(p.denominator == 1 and 0 <= p <= design.max_pay for p in pays.values())
        assert in_order(pays)
    assert design.cells_changed == len({(c.side, c.winner, c.losers) for c in design.changes})
    return again


@pytest.fixture(scope="module")
def house_edge():
    return design_schedule(RULES, "-3%", side="house")


def test_a_house_edge_of_three_percent(house_edge, tmp_path):
    again = check(house_edge, tmp_path, "-3%")
    assert again.two_sided and house_edge.edge.house_percent > 0
    assert {side for side, _, _ in changed(house_edge)} == {"house"}
    assert house_edge.points_moved == sum(abs(c.after - c.before) for c in house_edge.changes)


def test_a_player_edge_moving_one_row(tmp_path):
    design = design_schedule(RULES, "3%", movable="row:one-pair")
    check(design, tmp_path, "3%")
    assert {lo for _, _, lo in changed(design)} <= {"high-die", "little-straight", "one-pair"}
    assert not design.schedule.two_sided  # both sides moved alike


def test_a_column_with_a_maximum_pay(tmp_path):
    design = design_schedule(
        RULES, "-2%", movable="column:five-of-a-kind", side="house", max_pay=1500
    )
    check(design, tmp_path, "-2%")
    assert {w for _, w, _ in changed(design)} == {"five-of-a-kind"}


def test_a_scale_factor_on_points(tmp_path):
    design = design_schedule(RULES, "2", movable="scale")
    check(design, tmp_path, "2")


def test_a_symmetric_table_cannot_favour_the_house():
    with pytest.raises(DesignError, match="never below 0"):
        design_schedule(RULES, "-3%")


def test_a_design_held_back_by_its_bounds_still_moves_toward_the_target():
    """The search goes as far as the bounds allow, so the failure names an edge closer than
    the base schedule's (+4.082% against the optimal computer), and a player's edge out of
    reach gets no hint about the house's side."""
    base = float(expected_payout(RULES, "optimal").edge.percent)
    with pytest.raises(DesignError) as caught:
        design_schedule(RULES, "-3%", movable="column:three-of-a-kind", side="house")
    found = re.search(r"the closest this search reached is ([+-][0-9.]+)%", str(caught.value))
    assert found is not None, str(caught.value)
    assert float(found.group(1)) < base - 1
    with pytest.raises(DesignError) as caught:
        design_schedule(RULES, "60%", movable="column:three-of-a-kind")
    assert "--side house" not in str(caught.value)


def test_nothing_meets_the_constraints():
    with pytest.raises(DesignError, match=r"no whole-number schedule.*closest this search reached"):
        design_schedule(RULES, "-3%", movable="column:three-of-a-kind", side="house", max_pay=6)
    with pytest.raises(OptionError, match="not the percentage"):
        design_schedule(RULES, "3%", movable="scale")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"movable": "row:one-pear"}, "unknown category"),
        ({"movable": "diagonal"}, "unknown movable"),
        ({"side": "banker"}, "unknown side"),
        ({"within": "0"}, "above 0"),
    ],
)
def test_design_refusals(kwargs, words):
    with pytest.raises(OptionError, match=words):
        design_schedule(RULES, "3%", **kwargs)


def test_cli_design(capsys, tmp_path):
    out = tmp_path / "house.csv"
    code, text, err = run_cli(capsys, "payout", "--design", "--target=-3%", "--side", "house",
                              "--schedule-out", str(out), "--format", "json")  # fmt: skip
    assert code == 0, err
    record = json.loads(text)
    assert abs(Fraction(record["edge_percent_exact"]) + 3) <= Fraction(1, 20)
    assert record["cells_changed"] == len(record["changes"]) >= 1
    code, text, err = run_cli(capsys, "payout", "--schedule", str(out), "--format", "json")
    assert Fraction(json.loads(text)["edge_percent_exact"]) == Fraction(
        record["edge_percent_exact"]
    )
    code, text, err = run_cli(capsys, "payout", "--design", "--target", "3%")
    assert code == 0 and "reached, exactly" in text and "changes" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--design"], "--target"),
        (["--movable", "scale"], "goes with --design"),
        (["--movable", "all"], "--movable goes with --design"),  # the default, given
        (["--side", "both"], "--side goes with --design"),
        (["--design", "--target", "3%", "--movable", "scale"], "not the percentage"),
        (["--design", "--target", "3%", "--solve", "scale"], "choose one of"),
        (["--design", "--target=-3%", "--movable", "column:three-of-a-kind", "--side", "house",
          "--max-pay", "6"], "no whole-number schedule"),
        (["--design", "--target", "3%", "--rounds", "10"], "--rounds gives the bank"),
        (["--solve", "scale", "--target", "3", "--rounds", "10"], "--rounds gives the bank"),
        (["--compare", "004", "004", "--schedule-out", "x.csv"], "--compare uses two"),
    ],
)  # fmt: skip
def test_cli_design_refusals(capsys, argv, words):
    assert_cli_error(capsys, ["payout", *argv], words)


def test_the_design_moves_the_fewest_points_into_the_band(tmp_path):
    """One cell moved: by one point less toward the seed's pay, the edge leaves the band."""
    design = design_schedule(RULES, "3%")
    again = check(design, tmp_path, "3%")
    assert len({(c.winner, c.losers) for c in design.changes}) == 1 and not again.two_sided
    change = design.changes[0]  # the same cell on both sides
    step = 1 if change.after > change.before else -1
    lines = (tmp_path / "designed.csv").read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("loser,"))
    column = lines[header].split(",").index(change.winner)
    for i, line in enumerate(lines):
        cells = line.split(",")
        if i > header and cells[0] in change.losers:
            cells[column] = str(int(cells[column]) - step)
            lines[i] = ",".join(cells)
    nearer = tmp_path / "nearer.csv"
    nearer.write_text("\n".join(lines) + "\n")
    edge = expected_payout(RULES, "optimal", schedule=read_schedule(nearer)).edge
    assert abs(edge.percent - 3) > Fraction(1, 20)


def test_cli_design_rows_write_the_losers_as_text(capsys):
    code, out, err = run_cli(capsys, "payout", "--design", "--target", "3%", "--format", "csv")
    assert code == 0, err
    assert "['" not in out and "full-house" in out


def test_cli_design_csv_keeps_the_side_asked_beside_each_changes_side(capsys):
    code, out, err = run_cli(capsys, "payout", "--design", "--target", "0.5", "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["answer.side"] for r in rows} == {"both"}
    assert sorted(r["side"] for r in rows) == ["house", "player"]


@pytest.mark.parametrize("target", ["0.5", "0.7"])
def test_a_target_the_line_overshoots_is_met_by_one_cell(tmp_path, target):
    """004's five-of-a-kind over a full house moves the policies as its pay grows, so the
    line's first step overshoots (0.32 points for 0.5); the one-cell search still lands in
    the band, with the fewest points: one point less toward the seed's pay leaves it."""
    design = design_schedule(RULES, target)
    check(design, tmp_path, target)
    assert len({(c.winner, c.losers) for c in design.changes}) == 1
    change = design.changes[0]
    step = 1 if change.after > change.before else -1
    nearer = PROGRESSIVE_SCHEDULE
    for side in ("player", "house"):
        for loser in change.losers:
            nearer = nearer.with_amount(change.winner, loser, change.after - step, side=side)
    edge = expected_payout(RULES, "optimal", schedule=nearer).edge
    assert abs(edge.expected - Fraction(target)) > Fraction(1, 20)


def test_a_failed_design_names_the_closest_edge_it_met():
    """Only the base row moves (row:bust): 0.5 points is out of reach, and the closest edge
    named is nearer than the seed's 1.508 points (the search pushed the row's cells), and
    is the exact edge of a schedule that is in order."""
    with pytest.raises(DesignError) as caught:
        design_schedule(RULES, "0.5", movable="row:high-die")
    found = re.search(r"the closest this search reached is ([0-9.]+) points", str(caught.value))
    assert found is not None, str(caught.value)
    assert float(found.group(1)) < 1.0
