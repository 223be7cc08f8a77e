"""Progressive Poker Dice (004): schedule, payout matrix and payouts against brute force."""

from __future__ import annotations

import functools
import json
import re
from fractions import Fraction

import numpy as np
import pytest
import reference_payout as ref
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.engines.blind.equilibrium import solve_blind
from pokerdice_stats.engines.blind.simple_strategies import (
    SIMPLE_STRATEGIES,
    distribution_of_keeps,
    largest_set_keeps,
    strategy_distribution,
)
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    expected_payout,
    player_response,
)
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    ScheduleError,
    payout_matrix,
)
from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.turn.goals import at_least
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from tests.results_bytes import assert_same_as_results

RULES = get_rules("progressive")
PIPS = [tuple(sorted(r + 1 for r in range(6) for _ in range(int(c[r])))) for c in ix.HAND_COUNTS]
HAND_OF = {pips: h for h, pips in enumerate(PIPS)}


def rules_with(throws: int):
    return get_rules("progressive", {"throws": throws})


def as_pips(numerators, denominator) -> dict:
    return {PIPS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators) if n}


# --- the schedule and the payout matrix -------------------------------------------------


def test_matrix_matches_the_reference_schedule_on_every_pair():
    matrix = payout_matrix(RULES)
    expected = np.array([[ref.progressive_payout(a, b) for b in PIPS] for a in PIPS])
    assert np.array_equal(matrix, expected)


def test_matrix_is_antisymmetric_and_pushes_on_equal_categories():
    matrix = payout_matrix(RULES)
    category = hand_table(RULES).category
    assert np.array_equal(matrix, -matrix.T)
    same = category[:, None] == category[None, :]
    assert not matrix[same].any()
    assert matrix[~same].any()


def test_nothing_is_paid_below_three_of_a_kind():
    matrix = payout_matrix(RULES)
    category = hand_table(RULES).category
    three = RULES.category_index("three-of-a-kind")
    low = category > three
    assert not matrix[low][:, low].any()
    # and every hand of three of a kind or better is paid by every lower category
    high = category <= three
    below = category[None, :] > category[:, None]
    assert (matrix[high][:, :][below[high]] > 0).all()


@pytest.mark.parametrize(
    ("winner", "loser", "amount"),
    [
        ("5 5 5 5 5", "1 2 3 4 5", 1200),
        ("5 5 5 5 5", "6 6 6 6 1", 50),
        ("6 6 6 6 2", "2 3 4 5 6", 3),
        ("2 3 4 5 6", "1 1 2 2 2", 3),
        ("6 6 6 2 3", "6 6 5 5 1", 3),
        ("1 1 1 2 2", "6 6 6 5 4", 8),
        ("2 2 2 2 3", "1 2 3 4 6", 48),
        ("3 3 3 3 3", "1 1 1 2 3", 400),
    ],
)
def test_table_entries_of_the_seed(winner, loser, amount):
    table = hand_table(RULES)
    matrix = payout_matrix(RULES)
    w, lo = table.hand(winner), table.hand(loser)
    assert matrix[w, lo] == amount
    assert matrix[lo, w] == -amount


def test_seed_table_layout():
    frame = PROGRESSIVE_SCHEDULE.frame(RULES).set_index("loser")
    assert list(frame.columns) == [
        "three-of-a-kind",
        "full-house",
        "big-straight",
        "four-of-a-kind",
        "five-of-a-kind",
    ]
    assert frame.loc["two-pair"].tolist() == ["3", "12", "15", "24", "600"]
    assert frame.loc["full-house"].tolist() == ["-", "*", "3", "4", "100"]


def test_schedule_files_toml_and_csv_give_the_same_matrix(tmp_path):
    lines = ["winner,loser,amount"] + [f"{w},{lo},{a}" for w, lo, a in PROGRESSIVE_SCHEDULE.amounts]
    csv_path = tmp_path / "seed.csv"
    csv_path.write_text("\n".join(lines) + "\n")
    toml = ['name = "seed again"']
    for w in PROGRESSIVE_SCHEDULE.winners:
        toml.append(f"[payout.{w}]")
        toml += [f"{lo} = {a}" for ww, lo, a in PROGRESSIVE_SCHEDULE.amounts if ww == w]
    toml_path = tmp_path / "seed.toml"
    toml_path.write_text("\n".join(toml) + "\n")
    for path in (csv_path, toml_path):
        schedule = read_schedule(path)
        assert np.array_equal(payout_matrix(RULES, schedule), payout_matrix(RULES))
    assert read_schedule(toml_path).name == "seed again"


def test_a_custom_schedule_changes_the_payout(tmp_path):
    path = tmp_path / "flat.toml"
    body = "[payout.five-of-a-kind]\n" + "\n".join(
        f"{slug} = 1" for slug in RULES.category_slugs[1:]
    )
    path.write_text(body + "\n")
    matrix = payout_matrix(RULES, read_schedule(path))
    category = hand_table(RULES).category
    assert set(np.unique(matrix)) == {-1, 0, 1}
    assert (matrix[category == 0][:, category != 0] == 1).all()


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("a.toml", "[payout.full-house]\nhigh-die = -1\n", "negative"),
        ("b.toml", "[payout.full-house]\nhigh-dice = 1\n", "unknown category"),
        ("c.toml", "[payout.full-house]\nhigh-die = 1.5\n", "whole number"),
        ("d.toml", "[payout.full-house]\nfour-of-a-kind = 1\n", "does not beat"),
        ("e.toml", "[payout.full-house]\nhigh-die = 1\n", "no amount"),
        ("f.toml", "name = 'x'\n", "payout"),
        ("g.toml", "[payout\n", "schedule file"),
        ("h.csv", "winner,amount\nfull-house,3\n", "header"),
        ("i.csv", "winner,loser,amount\nfull-house,two-pair,3\nfull-house,two-pair,4\n", "twice"),
        ("j.csv", "winner,loser,amount\nfull-house,full-house,3\n", "push"),
        ("k.txt", "", "expected a .csv file"),
    ],
)
def test_bad_schedule_files(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ScheduleError, match=message):
        payout_matrix(RULES, read_schedule(path))


def test_a_schedule_missing_a_pair_is_named_with_its_file(tmp_path):
    path = tmp_path / "short.csv"
    path.write_text("loser,full-house\nhigh-die,3\n")
    with pytest.raises(ScheduleError, match=r"short\.csv\)': full-house beats .* no amount"):
        payout_matrix(RULES, read_schedule(path))


def test_missing_schedule_file(tmp_path):
    with pytest.raises(PokerDiceError, match="not found"):
        read_schedule(tmp_path / "none.toml")


def test_schedule_that_does_not_fit_the_rules():
    with pytest.raises(ScheduleError, match="not in these rules"):
        payout_matrix(get_rules("gameweave"))


# --- strategies -------------------------------------------------------------------------


@pytest.mark.parametrize("throws", [1, 2, 3])
def test_largest_set_against_reference(throws):
    numerators, denominator = strategy_distribution(rules_with(throws), "largest-set")
    assert as_pips(numerators, denominator) == ref.largest_set_distribution(throws)


def test_stand_is_one_throw():
    numerators, denominator = strategy_distribution(RULES, "stand")
    assert as_pips(numerators, denominator) == ref.stand_distribution()


@pytest.mark.parametrize("name", SIMPLE_STRATEGIES)
def test_strategy_distributions_sum_to_one(name):
    numerators, denominator = strategy_distribution(RULES, name)
    assert sum(int(n) for n in numerators) == denominator
    assert all(int(n) >= 0 for n in numerators)


def test_fixed_keep_tables_reproduce_a_solved_policy():
    policy = solve(RULES, at_least(hand_table(RULES), "three-of-a-kind"))
    keeps = [stage.best_keep[0] for stage in policy.stages]
    numerators, denominator = distribution_of_keeps(keeps, RULES.throws)
    expected, expected_denominator = policy.final_distribution()
    assert denominator == expected_denominator
    assert np.array_equal(numerators, expected[0])


def test_largest_set_keeps_examples():
    table = hand_table(RULES)
    keeps = largest_set_keeps()
    assert ix.KEEP_COUNTS[keeps[table.hand("2 2 5 5 6")]].tolist() == [0, 0, 0, 0, 2, 0]
    assert ix.KEEP_COUNTS[keeps[table.hand("2 3 4 5 6")]].sum() == 0
    assert keeps[table.hand("4 4 4 4 4")] == ix.HAND_KEEP[table.hand("4 4 4 4 4")]


def test_unknown_strategy():
    with pytest.raises(PokerDiceError, match="choose one of"):
        strategy_distribution(RULES, "cautious")


# --- expected payout against brute force ------------------------------------------------


@pytest.mark.parametrize("computer", COMPUTER_POLICIES)
@pytest.mark.parametrize("knowledge", ["seen", "blind"])
def test_one_throw_game_is_plain_enumeration(computer, knowledge):
    rules = rules_with(1)
    result = expected_payout(rules, computer=computer, knowledge=knowledge)
    assert result.expected == ref.one_throw_game(ref.progressive_payout) == 0
    assert result.variance == one_throw_second_moment()


@functools.cache
def one_throw_second_moment() -> Fraction:
    """E[payout**2] of one-throw rounds, counted pair by pair."""
    dist = ref.single_throw()
    return sum(
        p * q * ref.progressive_payout(a, b) ** 2 for a, p in dist.items() for b, q in dist.items()
    )


@pytest.mark.parametrize("throws", [2, 3])
def test_seen_against_the_optimal_computer_matches_brute_force(throws):
    result = expected_payout(rules_with(throws), computer="optimal")
    player, computer = ref.seen_payout_optimal_computer(throws)
    assert result.expected == player
    assert result.computer_value == computer == -result.expected


@pytest.mark.parametrize("computer", ["stand", "largest-set"])
def test_seen_against_fixed_computers_matches_brute_force(computer):
    distribution = {
        "stand": ref.stand_distribution(),
        "largest-set": ref.largest_set_distribution(3),
    }[computer]
    assert expected_payout(RULES, computer=computer).expected == ref.seen_payout(distribution, 3)


@pytest.mark.parametrize("computer", ["at-least-three", "max-category"])
def test_seen_two_throws_against_dp_computers_matches_brute_force(computer):
    rules = rules_with(2)
    numerators, denominator = strategy_distribution(rules, computer)
    expected = ref.seen_payout(as_pips(numerators, denominator), 2)
    assert expected_payout(rules, computer=computer).expected == expected


@pytest.mark.parametrize(("computer", "throws"), [("stand", 3), ("largest-set", 2)])
def test_blind_best_response_matches_brute_force(computer, throws):
    rules = rules_with(throws)
    numerators, denominator = strategy_distribution(rules, computer)
    expected = ref.blind_best_response(as_pips(numerators, denominator), throws)
    assert expected_payout(rules, computer=computer, knowledge="blind").expected == expected


def test_optimal_computer_does_at_least_as_well_for_itself_as_every_named_policy():
    optimal = expected_payout(RULES, computer="optimal").expected
    for name in SIMPLE_STRATEGIES:
        assert optimal <= expected_payout(RULES, computer=name).expected, name


def test_seeing_the_computer_is_worth_something():
    for name in SIMPLE_STRATEGIES:
        seen = expected_payout(RULES, computer=name).expected
        blind = expected_payout(RULES, computer=name, knowledge="blind").expected
        assert seen >= blind, name


def test_exact_and_float_player_values_agree():
    payout = payout_matrix(RULES)
    response = player_response(RULES, payout)
    floats = solve(RULES, response.policy.goals, exact=False)
    for g in range(len(response.policy.goals)):
        assert float(response.policy.value(g)) == pytest.approx(
            floats.value(g), rel=1e-12, abs=1e-9
        )


def test_outcome_chances_and_float_figures_are_consistent():
    result = expected_payout(RULES, computer="optimal")
    paid = result.player_paid + result.computer_paid + result.nothing_paid
    assert paid == pytest.approx(1, abs=1e-12)
    # 004's push (the same rank) is one way that nothing is paid; wins below what the
    # schedule pays are the other.  It is the breakdown's push row.
    from pokerdice_stats.games.progressive.exact.breakdown import payout_breakdown

    assert 0 < result.push < result.nothing_paid
    assert result.push == float(payout_breakdown(RULES).push)
    assert result.expected_float == float(result.expected)
    assert result.variance > 0
    assert result.computer_distribution.sum() == pytest.approx(1, abs=1e-12)


def test_bank_after_rounds():
    result = expected_payout(RULES, computer="stand")
    mean, std = result.bank(100)
    assert mean == pytest.approx(10_000 + 100 * float(result.expected))
    assert std == pytest.approx((100 * float(result.variance)) ** 0.5)
    exact_mean, exact_variance = result.bank_exact(100, start=500)
    assert exact_mean == 500 + 100 * result.expected
    assert exact_variance == 100 * result.variance
    assert result.bank(0) == (10_000, 0.0)
    with pytest.raises(PokerDiceError):
        result.bank(-1)


# --- the blind game ---------------------------------------------------------------------


def test_blind_equilibrium_is_certified_and_worth_zero():
    result = expected_payout(RULES, computer="optimal", knowledge="blind")
    eq = result.equilibrium
    assert eq.converged
    assert eq.exploitability <= eq.tolerance
    assert eq.lower <= 0 <= eq.upper  # the game is symmetric
    assert eq.upper - eq.lower <= Fraction(eq.tolerance)
    assert abs(result.expected_float) <= eq.tolerance


def test_blind_equilibrium_guarantee_checked_by_brute_force():
    rules = rules_with(2)
    eq = solve_blind(rules, payout_matrix(rules))
    numerators, denominator = eq.second.exact()
    best = ref.blind_best_response(as_pips(numerators, denominator), 2)
    assert best == eq.upper
    assert best <= Fraction(eq.tolerance)


def test_fictitious_play_brackets_the_double_oracle_value():
    rules = rules_with(2)
    payout = payout_matrix(rules)
    fp = solve_blind(rules, payout, method="fictitious-play", max_iterations=25)
    assert fp.lower <= 0 <= fp.upper
    assert fp.gaps[-1] < fp.gaps[0]
    assert not fp.converged or fp.exploitability <= fp.tolerance


def test_bad_equilibrium_options():
    payout = payout_matrix(RULES)
    with pytest.raises(PokerDiceError, match="method"):
        solve_blind(RULES, payout, method="guess")
    with pytest.raises(PokerDiceError, match="tolerance"):
        solve_blind(RULES, payout, tolerance=0)
    with pytest.raises(PokerDiceError, match="252"):
        solve_blind(RULES, payout[:10])


# --- command line ------------------------------------------------------------------------


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_payout_json_contract(capsys):
    record = run_json(capsys, "payout", "--format", "json")
    assert record["computer"] == "optimal"
    assert record["knowledge"] == "seen"
    assert Fraction(record["expected_exact"]) == expected_payout(RULES).expected
    assert record["expected"] == pytest.approx(float(Fraction(record["expected_exact"])))


def test_cli_payout_blind_and_bank(capsys):
    record = run_json(
        capsys,
        "payout",
        "--computer",
        "stand",
        "--knowledge",
        "blind",
        "--rounds",
        "10",
        "--format",
        "json",
    )
    assert record["knowledge"] == "blind"
    assert record["bank_mean_ignoring_ruin"] == pytest.approx(10_000 + 10 * record["expected"])
    record = run_json(capsys, "payout", "--knowledge", "blind", "--format", "json")
    assert record["expected_exact"] == "0/1"
    # the solver's gap here is about 2.6e-14: noise below the tolerance is written 0
    assert record["exploitability"] == 0.0 and record["tolerance"] > 0


def test_cli_payout_table(capsys):
    assert main(["payout", "--computer", "largest-set"]) == 0
    out = capsys.readouterr().out
    # decimals under the plain names; the long exact fractions are JSON's
    assert re.search(r"^expected +-?[0-9][0-9.e+-]*( = [0-9/-]+)? +points a round$", out, re.M)
    assert re.search(r"^variance +[0-9][0-9.e+]* +points squared", out, re.M), out
    # each figure's unit: the chances of a round and the edges in percent
    assert re.search(r"^player_paid +[0-9.]+% +of rounds$", out, re.M), out
    assert re.search(r"^edge_percent +[+-][0-9.]+% +of the action$", out, re.M), out
    assert not re.search(r"[0-9]{12,}/[0-9]{12,}", out), out
    assert "_float" not in out


def test_cli_payout_with_schedule_file(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text(
        "winner,loser,amount\n"
        + "\n".join(f"five-of-a-kind,{s},1" for s in RULES.category_slugs[1:])
    )
    record = run_json(
        capsys, "payout", "--schedule", str(path), "--computer", "stand", "--format", "json"
    )
    assert record["expected"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["payout", "--computer", "psychic"],
        ["payout", "--knowledge", "some"],
        ["payout", "--rounds", "-3"],
        ["payout", "--schedule", "no-such-file.toml"],
        ["payout", "--rules", "gameweave"],
    ],
)
def test_cli_payout_bad_input_exits_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
    if "psychic" in argv:
        for name in COMPUTER_POLICIES:
            assert name in err


def test_optimal_computer_program_runs_in_python_integers():
    from pokerdice_stats.games.progressive.exact.payout import optimal_computer
    from pokerdice_stats.turn.goals import INT64_MAX

    response = player_response(RULES, payout_matrix(RULES))
    assert response.values.dtype == np.int64  # the player's 9 goals fit int64
    policy, numerators, denominator = optimal_computer(RULES, response)
    assert policy.stand.dtype == object  # 7776**3 * 7776**3 * 1200 is beyond int64
    assert abs(int(policy.turn[0])) > INT64_MAX
    assert sum(int(n) for n in numerators) == denominator == 7776**3


def test_report_section_writes_deterministic_files(tmp_path):
    from pokerdice_stats.games.progressive.report.payout import tasks

    written = [p for task in tasks(tmp_path) for p in task.run()]
    names = sorted(p.name for p in written)
    assert "progressive_payout.csv" in names and "progressive_breakdown.md" in names
    assert_same_as_results(written, tmp_path)
    text = (tmp_path / "games" / "progressive_payout.csv").read_text()
    assert str(expected_payout(RULES, computer="stand").expected) in text


def test_banking_equilibrium_report_writes_deterministic_files(tmp_path):
    """The two-seat banking equilibrium's files (banking's report, beside its field tables)."""
    from pokerdice_stats.games.banking.report.equilibrium import write_banking

    written = write_banking(tmp_path)
    names = sorted(p.name for p in written)
    assert "banking_strategies.png" in names and "banking_equilibrium.md" in names
    assert_same_as_results(written, tmp_path)


def test_joint_distribution_reproduces_the_expected_payout():
    """The joint law used for the variance gives back the mean computed from the DP values."""
    payout = payout_matrix(RULES)
    response = player_response(RULES, payout)
    final, f_den = response.policy.final_distribution()
    d_num, d_den = strategy_distribution(RULES, "largest-set")
    total = 0
    for c in range(ix.N_HANDS):
        row = np.asarray(final[response.column[c]], dtype=object)
        total += int(d_num[c]) * int(row.dot(np.asarray(payout[:, c], dtype=object)))
    mean = Fraction(total, d_den * f_den)
    assert mean == expected_payout(RULES, computer="largest-set").expected


@pytest.mark.parametrize("options", [{"wild": "6"}, {"chart": "pips", "wild": "2"}])
def test_a_wild_face_that_leaves_a_category_empty_is_played_not_a_crash(options):
    """003's wild faces on 004's game: no hand is a bust (a wild die always pairs, and five
    different faces are a straight), and the payout still adds up.  Checked against the
    Monte Carlo sessions (one round each, 400,000 of them, seed 5): |z| < 4.5."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.progressive.simulation import simulate_progressive

    rules = get_rules("progressive", options)
    counts = np.bincount(hand_table(rules).category, weights=ix.HAND_WAYS, minlength=9)
    empty = [i for i, count in enumerate(counts) if count == 0]
    assert empty  # the case at hand: a category no hand makes
    result = expected_payout(rules, computer="largest-set")
    joint = result.outcomes.joint
    assert sum(value for row in joint for value in row) == 1
    for c in empty:
        assert all(joint[p][c] == 0 and joint[c][p] == 0 for p in range(9))
    run = RunOptions(n=400_000, seed=5, progress=False)
    simulated = simulate_progressive(rules, rounds=1, computer="largest-set", run=run).payout
    sd = float(result.variance) ** 0.5
    assert abs(simulated.estimate - float(result.expected)) < 4.5 * sd / 400_000**0.5


def test_cli_session_below_the_ruin_line_is_refused(capsys):
    assert_cli_error(capsys, ["payout", "--rounds", "10", "--start", "1000"], "below the ruin line")
    code, _, err = run_cli(capsys, "payout", "--rounds", "2", "--start", "1200")
    assert code == 0, err


def test_cli_schedule_files_from_a_spreadsheet_and_empty_paths(capsys, tmp_path):
    plain = tmp_path / "plain.csv"
    assert main(["payout", "--schedule-out", str(plain)]) == 0
    capsys.readouterr()
    marked = tmp_path / "marked.csv"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())  # Excel's "CSV UTF-8"
    assert read_schedule(marked).amounts == read_schedule(plain).amounts
    assert_cli_error(capsys, ["payout", "--schedule", ""], "got an empty one")


def test_cli_bidding_simulation_plays_the_classic_dice_by_default(capsys):
    code, out, err = run_cli(
        capsys, "simulate", "--what", "bidding", "--n", "500", "--seed", "1", "--format", "json"
    )
    assert code == 0, err
    assert json.loads(out)["rules"] == get_rules("classic").label()


@pytest.mark.parametrize("fmt", ["csv", "markdown"])
def test_cli_session_figures_reach_csv_and_markdown(capsys, fmt):
    code, out, err = run_cli(capsys, "payout", "--rounds", "3", "--start", "1200", "--format", fmt)
    assert code == 0, err
    code, text, _ = run_cli(
        capsys, "payout", "--rounds", "3", "--start", "1200", "--format", "json"
    )
    session = json.loads(text)["session"]  # nested: its figures as session.NAME (JSON's)
    assert "session.ruin" in out and "session.quantiles.0.5" in out
    assert str(session["quantiles"]["0.5"]) in out
