"""The bank program and sessions on any rational pay (issue 22 item 6, issue 26).

The exact lattice program is checked against the enumeration of every sequence of
rounds (``reference_payout.bank_by_enumeration``, which knows nothing of lattices), the
float program against the exact one within its stated tolerance, the kernel against its
plain twin, and the simulation of halved pays against the simulation of the whole ones.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
import reference_payout as ref

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.progressive.exact import bank_lattice
from pokerdice_stats.games.progressive.exact.bank import bank_distribution, distribution_of_amounts
from pokerdice_stats.games.progressive.exact.bank_lattice import lattice_of, rational_gcd
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.simulation import simulate_progressive
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.bank import bank_round_rows

RULES = get_rules("progressive")
F = Fraction
#: The fair pay of five-of-a-kind over one pair for 3 points a round (payout --solve).
FAIR = F(31278664205506, 145954608325)
HALVES = {F(-5, 2): F(1, 3), 0: F(1, 6), F(3, 2): F(1, 2)}
ODD = {-3: F(1, 3), 0: F(1, 6), F(17, 7): F(1, 4), F(-17, 7): F(1, 4)}


@pytest.fixture(scope="module")
def fair_outcomes():
    schedule = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", FAIR, "fair")
    return round_outcomes(RULES, "optimal", schedule=schedule)


def _as_dict(session) -> dict:
    return dict(zip(session.banks.tolist(), session.chances.tolist(), strict=True))


def test_rational_gcd():
    assert rational_gcd([F(-5, 2), 3, F(3, 2)]) == F(1, 2)
    assert rational_gcd([F(4, 3), F(-8, 3)]) == F(4, 3)
    assert rational_gcd([0]) == 1


@pytest.mark.parametrize(("rounds", "start"), [(0, 5), (1, 5), (4, 5), (5, 3), (3, 3)])
def test_halves_against_enumeration(rounds, start):
    final, ruin = ref.bank_by_enumeration(HALVES, rounds, start, floor=F(5, 2))
    session = distribution_of_amounts(HALVES, rounds, start)
    assert session.exact and session.floor == F(5, 2)
    assert _as_dict(session) == final
    assert session.ruin == ruin
    assert session.mean == sum(b * p for b, p in final.items())


def test_a_start_below_the_ruin_line_is_refused():
    """A session over before it begins is refused, by the API as by ``payout --start``;
    a bank exactly on the line is a session (ruin only below it)."""
    with pytest.raises(
        OptionError, match=r"starting bank \(start\) 2 is below the ruin line \(2\.5 points"
    ):
        distribution_of_amounts(HALVES, 3, 2)
    with pytest.raises(OptionError, match=r"below the ruin line .*the floor given"):
        distribution_of_amounts(HALVES, 3, 5, floor=6)
    with pytest.raises(OptionError, match=r"starting bank \(start\) 0 is below the ruin line"):
        bank_distribution(rounds=2, start=0)
    on_the_line = distribution_of_amounts(HALVES, 1, 5, floor=5)
    assert on_the_line.ruin == F(1, 3)  # the loss of 5/2 takes it below 5
    assert distribution_of_amounts(HALVES, 2, 0, floor=0).ruin > 0


@pytest.mark.parametrize(("rounds", "start"), [(0, 5), (1, 5), (4, 5), (5, 3)])
def test_ahead_and_level_against_enumeration(rounds, start):
    """004's winner: the player ahead of the computer (a bank above the start) or level."""
    final, _ = ref.bank_by_enumeration(HALVES, rounds, start, floor=F(5, 2))
    session = distribution_of_amounts(HALVES, rounds, start)
    assert session.ahead == sum((p for bank, p in final.items() if bank > start), F(0))
    assert session.level == final.get(start, F(0))
    floats = distribution_of_amounts(HALVES, rounds, start, exact=False)
    assert floats.ahead == pytest.approx(float(session.ahead), abs=1e-12)


@pytest.mark.parametrize(("rounds", "start"), [(1, 6), (3, 6), (5, 4), (4, 20)])
def test_two_index_lattice_against_enumeration(monkeypatch, rounds, start):
    monkeypatch.setattr(bank_lattice, "GRID_LIMIT", 10)  # force the pay of 17/7 onto its own axis
    assert lattice_of(list(ODD), start, F(3), rounds).odd == F(17, 7)
    final, ruin = ref.bank_by_enumeration(ODD, rounds, start, floor=3)
    session = distribution_of_amounts(ODD, rounds, start)
    assert _as_dict(session) == final
    assert session.ruin == ruin
    assert session.ruin_by_round[0] == 0


def test_two_index_float_within_its_tolerance(monkeypatch):
    monkeypatch.setattr(bank_lattice, "GRID_LIMIT", 10)
    exact = distribution_of_amounts(ODD, 7, 9)
    floats = distribution_of_amounts(ODD, 7, 9, exact=False)
    assert not floats.exact and floats.tolerance < 1e-11
    for bank, chance in zip(exact.banks, exact.chances, strict=True):
        where = np.flatnonzero(np.isclose(floats.banks, float(bank), rtol=0, atol=1e-9))
        assert abs(floats.chances[where].sum() - float(chance)) <= floats.tolerance
    for r in range(8):
        assert abs(floats.ruin_by_round[r] - float(exact.ruin_by_round[r])) <= floats.tolerance


def test_several_large_denominators_are_refused(monkeypatch):
    monkeypatch.setattr(bank_lattice, "GRID_LIMIT", 10)
    amounts = {F(17, 7): F(1, 3), F(-19, 11): F(1, 3), F(23, 13): F(1, 3)}
    with pytest.raises(OptionError, match="at most one pay of a large denominator"):
        distribution_of_amounts(amounts, 5, 10)


def test_whole_pays_on_the_lattice_give_the_one_index_program():
    outcomes = round_outcomes(RULES, "stand")
    values = list(outcomes.amounts())
    chances = list(outcomes.amounts().values())
    one = distribution_of_amounts(outcomes.amounts(), 3, 1300)
    banks, probs, ruin, _ = bank_lattice.lattice_program(values, chances, 3, 1300, F(1200), True)
    assert [int(b) for b in banks] == one.banks.tolist() and list(probs) == list(one.chances)
    assert tuple(ruin) == one.ruin_by_round


def test_the_fair_pay_against_enumeration(fair_outcomes):
    assert fair_outcomes.expected == 3
    final, ruin = ref.bank_by_enumeration(fair_outcomes.amounts(), 2, 1300, floor=1200)
    session = bank_distribution(outcomes=fair_outcomes, rounds=2, start=1300)
    assert _as_dict(session) == final and session.ruin == ruin > 0


def test_the_fair_pay_over_a_long_session(fair_outcomes):
    session = bank_distribution(outcomes=fair_outcomes, rounds=40, start=2000)
    assert not session.exact and session.tolerance < 1e-11
    assert float(sum(session.chances)) == pytest.approx(1, abs=1e-10)
    assert 0 < session.ruin < 1
    # no ruin before a loss of 800 points: the first rounds' mean is the exact one
    early = bank_distribution(outcomes=fair_outcomes, rounds=12, start=20_000, exact=False)
    assert early.mean == pytest.approx(20_000 + 12 * 3, abs=1e-6)


def test_kernel_against_the_plain_rows():
    rng = np.random.default_rng(3)
    active = rng.random((4, 25))
    rows = np.array([0, 1, 1, 2], dtype=np.int64)
    offsets = np.array([0, 2, 5, 3], dtype=np.int64)
    chances = np.array([0.1, 0.2, 0.3, 0.4])
    out = np.zeros((6, 30))
    bank_round_rows(active, rows, offsets, chances, out)
    plain = ref.bank_round_rows_plain(active.tolist(), rows.tolist(), offsets.tolist(),
                                      chances.tolist())  # fmt: skip
    np.testing.assert_allclose(out, np.array(plain), rtol=1e-15, atol=0)


def test_halved_pays_simulate_as_the_whole_ones_halved():
    half = PROGRESSIVE_SCHEDULE.scaled(F(1, 2), "half")
    run = RunOptions(n=64, seed=5, workers=1, progress=False)
    whole = simulate_progressive(RULES, 30, "stand", 10_000, run=run, computer_bank=0)
    halved = simulate_progressive(
        RULES, 30, "stand", 5_000, schedule=half, run=run, computer_bank=0
    )
    assert halved.floor == 600
    assert np.array_equal(halved.final_banks * 2, whole.final_banks)
    assert halved.payout.estimate == pytest.approx(whole.payout.estimate / 2, rel=1e-12)


def test_a_fair_pay_simulates(fair_outcomes):
    run = RunOptions(n=64, seed=5, workers=1, progress=False)
    result = simulate_progressive(RULES, 20, "optimal", 10_000, schedule=fair_outcomes.schedule,
                                  run=run)  # fmt: skip
    assert result.final_banks.dtype == np.float64
    assert result.payout.ci_low <= 3 <= result.payout.ci_high


def test_the_quick_tour_schedule_steps(capsys, tmp_path, monkeypatch):
    """README quick tour: solve a fair pay, write it, compare with a session, simulate on it."""
    from cli_helpers import run_cli

    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "payout", "--solve", "five-of-a-kind/one-pair", "--target",
                             "3", "--schedule-out", "fair.csv")  # fmt: skip
    assert code == 0, err
    # the pay nearest 004's 1,200 of the two that give 3 points a round (the other: 214.3)
    assert "102658854755339/37521258750" in (tmp_path / "fair.csv").read_text()
    assert "other pays that meet it too: 214.3040536" in out
    code, out, err = run_cli(capsys, "payout", "--compare", "004", "fair.csv", "--rounds", "12",
                             "--format", "json")  # fmt: skip
    assert code == 0, err
    record = json.loads(out)
    assert Fraction(record["totals"]["expected_exact"]["b"]) == 3
    session = record["session"]["b"]
    assert session["rounds"] == 12 and session["arithmetic"].startswith("float64")
    code, out, err = run_cli(capsys, "simulate", "--what", "session", "--rules", "progressive",
                             "--schedule", "fair.csv", "--rounds", "20", "--n", "64",
                             "--format", "json")  # fmt: skip
    assert code == 0, err
    record = json.loads(out)
    assert "fair.csv" in record["schedule"]
    assert record["payout_per_round"]["n"] == 64 * 20
