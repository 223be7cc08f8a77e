"""The game designer's desk (issue 11): breakdown, schedule files, fair pay, bank over a session."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference_payout as ref
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.progressive.exact.bank import (
    EXACT_ROUNDS,
    bank_distribution,
    distribution_of_amounts,
)
from pokerdice_stats.games.progressive.exact.breakdown import by_winner, payout_breakdown
from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    expected_payout,
    round_outcomes,
)
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, ScheduleError
from pokerdice_stats.games.progressive.exact.schedule_files import (
    load_schedule,
    read_schedule,
    schedule_text,
    write_schedule,
)
from pokerdice_stats.ground.errors import OptionError, PokerDiceError
from pokerdice_stats.kernels.bank import bank_round

RULES = get_rules("progressive")


# --- the breakdown ------------------------------------------------------------------------


@pytest.mark.parametrize("knowledge", ["seen", "blind"])
@pytest.mark.parametrize("computer", COMPUTER_POLICIES)
def test_breakdown_cells_add_up_exactly(computer, knowledge):
    bd = payout_breakdown(RULES, computer=computer, knowledge=knowledge)
    assert bd.exact
    assert sum(c.probability for c in bd.cells) == 1
    assert sum(c.contribution for c in bd.cells) == bd.expected
    assert sum(c.variance_share for c in bd.cells) == 1
    result = expected_payout(RULES, computer=computer, knowledge=knowledge)
    assert bd.expected == result.expected
    assert bd.variance == result.variance
    assert float(1 - bd.player_paid - bd.computer_paid) == pytest.approx(
        result.nothing_paid, abs=1e-15
    )
    assert float(bd.player_paid) == pytest.approx(result.player_paid, abs=1e-15)
    assert float(bd.computer_paid) == pytest.approx(result.computer_paid, abs=1e-15)
    assert len(bd.cells) == len(RULES.category_slugs) ** 2


def test_breakdown_of_the_one_throw_game_against_enumeration():
    rules = get_rules("progressive", {"throws": 1})
    joint = ref.one_throw_joint()
    bd = payout_breakdown(rules, computer="stand")
    expected = Fraction(0)
    for cell in bd.cells:
        player, computer = (
            (cell.winner, cell.loser) if cell.side != "computer" else (cell.loser, cell.winner)
        )
        assert cell.probability == joint[player, computer]
        pips = {ref.category(h): h for h in ref.hands()}
        assert cell.payout == ref.progressive_payout(pips[player], pips[computer])
        expected += cell.contribution
    assert bd.expected == expected == 0
    assert bd.push == sum(joint[c, c] for c in RULES.category_slugs)
    pips = {ref.category(h): h for h in ref.hands()}
    slugs = RULES.category_slugs
    paid = [(p, c) for p in slugs for c in slugs if p != c]
    assert bd.player_paid == sum(
        joint[p, c] for p, c in paid if ref.progressive_payout(pips[p], pips[c]) > 0
    )
    assert bd.computer_paid == sum(
        joint[p, c] for p, c in paid if ref.progressive_payout(pips[p], pips[c]) < 0
    )


def test_breakdown_totals_and_largest_loss():
    bd = payout_breakdown(RULES, computer="optimal")
    assert bd.largest_loss == 1200
    assert bd.return_per_largest_loss == bd.expected / 1200
    assert bd.sd == pytest.approx(float(bd.variance) ** 0.5)
    five = by_winner(bd)
    assert five.iloc[0]["winner"] == "five-of-a-kind"  # most of the risk
    assert five["variance_share"].sum() == pytest.approx(
        sum(float(c.variance_share) for c in bd.cells if c.pay)
    )
    cell = next(
        c for c in bd.cells if (c.side, c.winner, c.loser) == ("computer", "full-house", "two-pair")
    )
    assert cell.pay == 12 and cell.payout == -12


# --- schedule files -----------------------------------------------------------------------


def test_schedule_file_round_trip(tmp_path):
    path = write_schedule(PROGRESSIVE_SCHEDULE, tmp_path / "seed.csv", RULES)
    again = read_schedule(path)
    assert again.name == PROGRESSIVE_SCHEDULE.name
    assert sorted(again.amounts) == sorted(PROGRESSIVE_SCHEDULE.amounts)
    assert schedule_text(again, RULES) == path.read_text()
    # 004's name kept over pays of one's own: named as edited
    path.write_text(path.read_text().replace("\ntwo-pair,3,", "\ntwo-pair,2,"))
    assert read_schedule(path).name == f"{PROGRESSIVE_SCHEDULE.name}, edited"


def test_fractional_amounts_round_trip_and_evaluate(tmp_path):
    odd = PROGRESSIVE_SCHEDULE.with_amount("full-house", "two-pair", Fraction(25, 2), "odd")
    odd = odd.with_amount("full-house", "one-pair", Fraction(1, 3), "odd")
    path = write_schedule(odd, tmp_path / "odd.csv", RULES)
    # a decimal where one is exact (a spreadsheet opens 25/2 as a date), else p/q
    assert ",12.5," in path.read_text() and "25/2" not in path.read_text()
    assert ",1/3," in path.read_text()
    again = read_schedule(path)
    assert again.amount("full-house", "two-pair") == Fraction(25, 2)
    assert again.amount("full-house", "one-pair") == Fraction(1, 3)
    assert (
        round_outcomes(RULES, "stand", schedule=again).expected
        == round_outcomes(RULES, "stand", schedule=odd).expected
    )


def test_the_main_jobs_schedule_file_is_accepted(tmp_path):
    from pokerdice_stats.games.progressive.report.payout import write_progressive_schedule

    path = write_progressive_schedule(tmp_path)
    schedule = read_schedule(path)
    assert sorted(schedule.amounts) == sorted(PROGRESSIVE_SCHEDULE.amounts)
    assert load_schedule("004") is PROGRESSIVE_SCHEDULE


def test_a_grid_as_a_spreadsheet_saves_it_reads_as_written(tmp_path):
    """004's merged row of losers paid alike, a name line and empty rows padded with the
    table's commas, headers in another case: the same schedule as the file written."""
    text = schedule_text(PROGRESSIVE_SCHEDULE, RULES)
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("loser,"))
    rows = {line.split(",", 1)[0]: line.split(",", 1)[1] for line in lines[header + 1 :]}
    merged = {rows["high-die"], rows["little-straight"], rows["one-pair"]}
    assert len(merged) == 1  # 004 pays these three losers alike
    edited = [
        "# schedule: my house,,,,,",
        lines[header].title(),
        "Bust / Little Straight / One Pair," + merged.pop(),
        ",,,,,",
        *(f"{loser},{cells}" for loser, cells in rows.items()
          if loser not in ("high-die", "little-straight", "one-pair")),
    ]  # fmt: skip
    path = tmp_path / "edited.csv"
    path.write_text("\n".join(edited) + "\n")
    again = read_schedule(path)
    assert again.name == "my house"
    assert sorted(again.amounts) == sorted(PROGRESSIVE_SCHEDULE.amounts)


def test_decimal_amounts_are_read_exactly(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text(
        "loser,three-of-a-kind\nhigh-die,0.1\nlittle-straight,1\none-pair,1\ntwo-pair,1\n"
        "three-of-a-kind,*\n"
    )
    assert read_schedule(path).amount("three-of-a-kind", "high-die") == Fraction(1, 10)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("loser,three-of-a-kind\nhigh-die,-2\n", "negative"),
        (
            "loser,three-of-a-kind\nhigh-die,x\n",
            r"a whole number, a decimal \(2\.5\) or a fraction",
        ),
        ("loser,three-of-a-kind\nhigh-dice,1\n", "unknown category 'high-dice'.*bust"),
        ("loser,three-of-a-kind\nthree-of-a-kind,5\n", "push"),
        ("loser,three-of-a-kind\nhigh-die,*\n", "diagonal"),
        ("loser,straight\nbig-straight,*\n", "is the header or the row misnamed"),
        ("loser,full-house,full-house\nhigh-die,2,3\n", "the column full-house is given twice"),
        ("loser,full-house\nhigh-die,2\nhigh-die,3\n", "the row of high-die is given twice"),
        ("loser,full-house\nbust / high-die,2\n", "the row of high-die is given twice"),
        ("loser,three-of-a-kinds\nhigh-die,5\n", "unknown category"),
        ("winner,three-of-a-kind\n", "header"),
        ("loser,three-of-a-kind\nhigh-die\n", "every row needs 2 cells"),
        ("# schedule: only a name\n", "empty"),
    ],
)
def test_bad_grid_files(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(ScheduleError, match=words):
        read_schedule(path)


def test_a_directory_is_not_a_schedule(tmp_path):
    with pytest.raises(ScheduleError, match="is a directory"):
        read_schedule(tmp_path)


# --- fair pay -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "target", "computer"),
    [
        ("five-of-a-kind/one-pair", "3", "optimal"),
        ("five-of-a-kind/one-pair", "1", "optimal"),
        ("three-of-a-kind/two-pair", "5", "largest-set"),
        ("scale", "10", "stand"),
    ],
)
def test_solved_pay_written_to_a_file_gives_the_target_exactly(tmp_path, cell, target, computer):
    solved = solve_pay(RULES, cell, target, computer=computer)
    assert solved.expected == Fraction(target)
    path = write_schedule(solved.schedule, tmp_path / "solved.csv", RULES)
    again = read_schedule(path)
    assert expected_payout(RULES, computer, schedule=again).expected == Fraction(target)
    if cell != "scale":
        assert again.amount(*cell.split("/")) == solved.pay


def test_breakpoints_are_where_the_line_changes():
    solved = solve_pay(RULES, "five-of-a-kind/one-pair", "3", computer="optimal")
    assert solved.breakpoints
    for b in solved.breakpoints:
        values = []
        for pay in (b - Fraction(1, 1000), b, b + Fraction(1, 1000)):
            schedule = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", pay, "x")
            values.append(round_outcomes(RULES, schedule=schedule).expected)
        left, middle, right = values
        # not on one line: the slope changes at the breakpoint
        assert (middle - left) != (right - middle)


def test_the_piece_line_holds_the_answer():
    solved = solve_pay(RULES, "three-of-a-kind/two-pair", "5", computer="largest-set")
    intercept, slope = solved.piece
    assert intercept + slope * solved.pay == solved.expected


@pytest.mark.parametrize(
    ("cell", "target", "computer", "knowledge", "words"),
    [
        ("five-of-a-kind/one-pair", "0", "optimal", "seen", "no pay of five-of-a-kind/one-pair"),
        ("three-of-a-kind/two-pair", "0", "stand", "seen", "no pay"),
        ("scale", "-1", "stand", "seen", "no factor"),
        ("five-of-a-kind", "1", "optimal", "seen", "malformed cell"),
        ("five-of-a-kind/one-pear", "1", "optimal", "seen", "unknown category"),
        ("one-pair/five-of-a-kind", "1", "optimal", "seen", "does not beat"),
        ("five-of-a-kind/one-pair", "lots", "optimal", "seen", "target must be points"),
        ("five-of-a-kind/one-pair", "1", "optimal", "blind", "symmetric"),
    ],
)
def test_fair_pay_refusals(cell, target, computer, knowledge, words):
    with pytest.raises(OptionError, match=words):
        solve_pay(RULES, cell, target, computer=computer, knowledge=knowledge)


ROW = ("high-die", "little-straight", "one-pair")  # 004's "Bust / Little Straight / One Pair"


@pytest.mark.parametrize(("side", "target"), [("both", "1"), ("house", "-3%")])
def test_several_losers_share_one_pay_as_004s_first_row(side, target):
    """``five-of-a-kind/bust+little-straight+one-pair``: one pay for the row, the row kept
    merged, the target met exactly by a schedule built apart with that pay in each cell."""
    prefix = "" if side == "both" else f"{side}:"
    solved = solve_pay(RULES, f"{prefix}five-of-a-kind/Bust+little straight+one-pair", target)
    assert solved.cell == f"{prefix}five-of-a-kind/" + "+".join(ROW)
    of_side = solved.schedule.house_amount if side == "house" else solved.schedule.amount
    assert {of_side("five-of-a-kind", loser) for loser in ROW} == {solved.pay}
    built = PROGRESSIVE_SCHEDULE
    for loser in ROW:
        built = built.with_amount("five-of-a-kind", loser, solved.pay, "apart", side)
    outcomes = round_outcomes(RULES, schedule=built)
    if side == "both":
        assert outcomes.expected == solved.expected == 1
    else:  # the player's edge per 100 points that change hands: -3 exactly
        from pokerdice_stats.games.progressive.exact.edge import edge_of

        edge = edge_of(outcomes)
        assert Fraction(edge.expected) * 100 == -3 * Fraction(edge.action)
    one = solve_pay(RULES, "five-of-a-kind/one-pair", "1")
    assert one.pay != solved.pay  # one cell of the row moved alone is another answer
    assert one.schedule.amount("five-of-a-kind", "high-die") == 1200


def test_the_command_solves_a_row_of_losers(capsys, tmp_path):
    out_file = tmp_path / "row.csv"
    cell = "five-of-a-kind/bust+little-straight+one-pair"
    argv = ["payout", "--solve", cell, "--target", "1", "--format", "json"]
    code, out, _ = run_cli(capsys, *argv, "--schedule-out", str(out_file))
    answer = json.loads(out)
    assert code == 0 and answer["cell"] == "five-of-a-kind/" + "+".join(ROW)
    pay = Fraction(answer["pay_exact"])
    assert {read_schedule(out_file).amount("five-of-a-kind", loser) for loser in ROW} == {pay}


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ("five-of-a-kind/one-pair+", "malformed cell"),
        ("five-of-a-kind/one-pair++two-pair", "malformed cell"),
        ("five-of-a-kind/one-pair+one pair", "names a loser twice"),
        ("full-house/two-pair+four-of-a-kind", "full-house does not beat four-of-a-kind"),
        ("five-of-a-kind/two-pair+one-pear", "unknown category 'one-pear'"),
    ],
)
def test_bad_rows_of_losers_are_refused(cell, words):
    with pytest.raises(OptionError, match=words):
        solve_pay(RULES, cell, "1")


# --- the bank over a session ---------------------------------------------------------------

SMALL = {-3: Fraction(1, 3), 0: Fraction(1, 6), 2: Fraction(1, 2)}


@pytest.mark.parametrize(("rounds", "start"), [(0, 5), (1, 5), (4, 5), (6, 3), (5, 4), (3, 40)])
def test_exact_bank_against_enumeration_small_game(rounds, start):
    final, ruin = ref.bank_by_enumeration(SMALL, rounds, start, floor=3)
    session = distribution_of_amounts(SMALL, rounds, start)
    assert session.exact and session.floor == 3
    assert dict(zip(session.banks.tolist(), session.chances, strict=True)) == final
    assert session.ruin == ruin
    assert sum(session.chances) == 1


@pytest.mark.parametrize("rounds", [1, 2])
def test_exact_bank_against_enumeration_of_the_seed_game(rounds):
    outcomes = round_outcomes(RULES, "optimal")
    amounts = {int(a): p for a, p in outcomes.amounts().items()}
    final, ruin = ref.bank_by_enumeration(amounts, rounds, 1300, floor=1200)
    session = bank_distribution(outcomes=outcomes, rounds=rounds, start=1300)
    assert dict(zip(session.banks.tolist(), session.chances, strict=True)) == final
    assert session.ruin == ruin > 0
    assert session.ruin_by_round[0] == 0


def test_float_bank_agrees_with_exact_within_its_tolerance():
    outcomes = round_outcomes(RULES, "optimal")
    exact = bank_distribution(outcomes=outcomes, rounds=6, start=3000)
    floats = bank_distribution(outcomes=outcomes, rounds=6, start=3000, exact=False)
    assert not floats.exact and floats.tolerance < 1e-11
    for bank, chance in zip(exact.banks, exact.chances, strict=True):
        assert abs(floats.chance(int(bank)) - float(chance)) <= floats.tolerance
    for r in range(7):
        assert abs(floats.ruin_by_round[r] - float(exact.ruin_by_round[r])) <= floats.tolerance
    assert floats.quantile(0.5) == exact.quantile(Fraction(1, 2))


def test_bank_mean_without_ruin_is_the_exact_mean():
    outcomes = round_outcomes(RULES, "stand")
    session = bank_distribution(outcomes=outcomes, rounds=3, start=10_000)
    assert session.ruin == 0
    assert session.mean == 10_000 + 3 * outcomes.expected
    assert EXACT_ROUNDS >= 3


def test_ruin_grows_with_rounds_and_quantiles_are_ordered():
    session = bank_distribution(RULES, rounds=300, start=3000)
    ruin = session.ruin_by_round
    assert all(a <= b for a, b in itertools.pairwise(ruin))
    assert 0 < session.ruin < 1
    qs = [session.quantile(q) for q in (0.01, 0.25, 0.5, 0.75, 0.99)]
    assert qs == sorted(qs)
    assert float(sum(session.chances)) == pytest.approx(1, abs=session.tolerance + 1e-12)


def test_kernel_against_the_plain_round():
    rng = np.random.default_rng(7)
    active = rng.random(40)
    offsets = np.array([0, 3, 4, 9], dtype=np.int64)
    chances = np.array([0.1, 0.2, 0.3, 0.4])
    out = np.zeros(active.size + 9)
    bank_round(active, offsets, chances, out)
    plain = ref.bank_round_plain(active.tolist(), offsets.tolist(), chances.tolist())
    assert out.tolist() == pytest.approx(plain, rel=1e-15, abs=0)


@pytest.mark.parametrize(
    ("rounds", "start", "words"),
    [(-1, 10, "0 or more"), (10**6, 10, "at most"), (5, 10**20, "at most"), (5, -3, "0 or more")],
)
def test_bank_bad_sizes(rounds, start, words):
    with pytest.raises(PokerDiceError, match=words):
        distribution_of_amounts(SMALL, rounds, start)


def test_fractional_amounts_have_a_bank_program():
    odd = PROGRESSIVE_SCHEDULE.with_amount("full-house", "two-pair", Fraction(25, 2), "odd")
    outcomes = round_outcomes(RULES, "stand", schedule=odd)
    session = bank_distribution(outcomes=outcomes, rounds=2, start=10_000)
    assert session.exact and session.mean == 10_000 + 2 * outcomes.expected
    assert Fraction(25, 2) + 10_000 in set(session.banks)  # banks on the grid of halves


# --- command line ----------------------------------------------------------------------------


def run_json(capsys, *argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def test_cli_breakdown_json_contract(capsys):
    record = run_json(capsys, "payout", "--breakdown", "--format", "json")
    for key in ("expected_exact", "expected", "sd", "player_paid", "push", "cells"):
        assert key in record
    assert record["schedule"] == PROGRESSIVE_SCHEDULE.name
    cells = record["cells"]
    assert {"winner", "loser", "probability", "pay", "contribution", "variance_share"} <= set(
        cells[0]
    )
    assert sum(Fraction(c["probability_exact"]) for c in cells) == 1
    assert sum(Fraction(c["contribution_exact"]) for c in cells) == Fraction(
        record["expected_exact"]
    )
    assert all(c["probability"] == float(Fraction(c["probability_exact"])) for c in cells)
    # by winning category: the paying cells summed, so the sides' chances are who is paid
    rows = record["by_winner"]
    assert sum(r["contribution"] for r in rows) == pytest.approx(record["expected"], abs=1e-12)
    for side in ("player", "computer"):
        chance = sum(r["probability"] for r in rows if r["side"] == side)
        assert chance == pytest.approx(record[f"{side}_paid"], abs=1e-12)


def test_cli_solve_json_contract_and_schedule_out(capsys, tmp_path):
    out = tmp_path / "fair.csv"
    record = run_json(
        capsys, "payout", "--solve", "five-of-a-kind/one-pair", "--target", "3",
        "--schedule-out", str(out), "--format", "json",
    )  # fmt: skip
    assert Fraction(record["expected_exact"]) == 3
    assert isinstance(record["breakpoints"], list)
    again = run_json(capsys, "payout", "--schedule", str(out), "--format", "json")
    assert Fraction(again["expected_exact"]) == 3
    assert str(out) in again["schedule"]


def test_cli_rounds_prints_the_session(capsys):
    record = run_json(capsys, "payout", "--rounds", "3", "--start", "1300", "--format", "json")
    session = record["session"]
    assert session["arithmetic"].startswith("exact")
    assert 0 < Fraction(session["ruin"]) < 1
    assert set(session["quantiles"]) >= {"0.05", "0.5", "0.95"}
    code, out, _ = run_cli(capsys, "payout", "--rounds", "3", "--start", "1300")
    quantiles = out.split("quantiles (points):")[1].split("the computer's bank")[0]
    assert code == 0 and re.fullmatch(r"(\s*[0-9.]+: [0-9,]+\.[0-9]{2},?)+\s*", quantiles)


def test_cli_compare(capsys, tmp_path):
    path = tmp_path / "mine.csv"
    run_cli(capsys, "payout", "--schedule-out", str(path))
    record = run_json(capsys, "payout", "--compare", "004", str(path), "--format", "json")
    totals = record["totals"]
    assert totals["expected"]["a"] == totals["expected"]["b"]
    assert record["schedules"]["b"].endswith(f"({path})")
    code, out, _ = run_cli(capsys, "payout", "--compare", "004", str(path), "--computer", "stand",
                           "--rounds", "20")  # fmt: skip
    assert code == 0 and "quantile 0.5" in out and "player_paid" in out
    assert "_float" not in out  # the table's figures by their names, as the JSON keys


def test_cli_knowledge_blind(capsys):
    record = run_json(capsys, "payout", "--knowledge", "blind", "--computer", "stand",
                      "--format", "json")  # fmt: skip
    assert record["knowledge"] == "blind"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--knowledge", "none"], "blind"),
        (["--solve", "five-of-a-kind-one-pair", "--target", "1"], "malformed cell"),
        (["--solve", "five-of-a-kind/one-pear", "--target", "1"], "unknown category"),
        (["--solve", "five-of-a-kind/one-pair", "--target", "0"], "no pay"),
        (["--solve", "scale"], "--target"),
        (["--target", "1"], "--solve"),
        (["--rounds", "-5"], "--rounds must be 0 to 10,000"),
        (["--rounds", "99999999999999999999"], "--rounds must be 0 to 10,000"),
        (["--rounds", "10", "--start", "99999999999999999999"], "--start must be 1 to"),
        (["--start", "100"], "--rounds"),
        (["--schedule", "no-such.csv"], "not found"),
        (["--schedule", "."], "is a directory"),
        (["--compare", "004", "missing.csv"], "not found"),
        (["--breakdown", "--solve", "scale", "--target", "1"], "choose one of"),
        (["--schedule-out", "x.toml"], "must end in .csv"),
        (["--design", "--target", "3%%"], "got '3%%'"),  # as typed
        (["--solve", "scale", "--target=-1"], "reaches -1 points per round"),
        (["--solve", "scale", "--target", "0"], "a factor of 0 would pay nothing at all"),
    ],
)
def test_cli_payout_bad_input(capsys, argv, words):
    assert_cli_error(capsys, ["payout", *argv], words)


# --- the bank program's work: a far start stays narrow, a session past the budget is refused --


def test_a_start_far_above_the_ruin_line_keeps_narrow_rows():
    # ruin cannot reach the banks of a start of 10**12: their lower tail is cut as the upper
    # one is, so the rows span about 23 sd (they spanned 91, a 10**15 start hung)
    outcomes = round_outcomes(get_rules("progressive"))
    session = bank_distribution(outcomes=outcomes, rounds=300, start=10**12)
    assert session.ruin == 0 and session.tolerance < 2.5e-12
    assert session.banks.size < 30 * session.sd
    assert float(sum(session.chances)) == pytest.approx(1, abs=1e-11)
    near = bank_distribution(outcomes=outcomes, rounds=300, start=10_000)
    assert session.sd == pytest.approx(near.sd, rel=0.05)


def test_a_session_past_the_work_budget_is_refused(monkeypatch):
    from pokerdice_stats.games.progressive.exact import bank_work
    from pokerdice_stats.ground.errors import LimitError

    monkeypatch.setattr(bank_work, "WORK_BUDGET", 10**6)
    with pytest.raises(LimitError, match=r"rounds 2,000 from start 10,000.* rounds fit"):
        distribution_of_amounts(SMALL, 2_000, 10_000)  # Python's names; the flags at the CLI
    monkeypatch.setattr(bank_work, "LATTICE_BUDGET", 10**6)
    halves = {Fraction(-5, 2): Fraction(1, 2), Fraction(3): Fraction(1, 2)}
    with pytest.raises(LimitError, match="after rounds 4,000"):
        distribution_of_amounts(halves, 4_000, 10**6)


def test_cli_refuses_a_session_of_more_than_a_minute(capsys):
    # --rounds 10000 --start 1000000: about 3 minutes of work, refused within seconds
    assert_cli_error(capsys, ["payout", "--rounds", "10000", "--start", "1000000"], "rounds fit")


def test_cli_names_the_range_of_bank_values_not_several_pays(capsys, tmp_path):
    seed = Path(__file__).resolve().parents[1] / "results" / "games" / "progressive_schedule.csv"
    text = seed.read_text().replace("three-of-a-kind,*,8,", "three-of-a-kind,*,1/3,")
    path = tmp_path / "third.csv"
    path.write_text(text)
    code, _, err = run_cli(capsys, "payout", "--rounds", "10000", "--schedule", str(path))
    assert code == 2 and "12,010,000 bank values" in err and "rounds fit" in err
    assert "several" not in err


def test_a_scale_solve_says_factor_and_no_scan(capsys):
    code, out, _ = run_cli(capsys, "payout", "--solve", "scale", "--target", "2")
    assert code == 0 and "factor 1.325975043 on every pay" in out
    assert "a factor changes no decision" in out and "scan" not in out


def test_the_losers_of_a_row_are_read_in_one_order():
    """Whatever the order typed, one cell (worst hand first) and one answer."""
    one = solve_pay(RULES, "five-of-a-kind/one-pair+four-of-a-kind", "3")
    other = solve_pay(RULES, "five-of-a-kind/four-of-a-kind+one-pair", "3")
    assert one.cell == other.cell == "five-of-a-kind/one-pair+four-of-a-kind"
    assert one.pay == other.pay
