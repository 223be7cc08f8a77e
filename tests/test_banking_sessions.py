"""Blind banking sessions (issue 9 item 4) and progressive sessions under schedules (issue 11
item 4): the exact two-seat walk against enumeration, the simulation against the exact
figures (fixed seeds, |z| below BOUND), the rulings (split pots, ruin, rounds survived),
the N-seat equilibrium per table and the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.banking.exact.field import solve_field
from pokerdice_stats.games.banking.exact.sessions import RoundOdds, banking_session, round_odds
from pokerdice_stats.games.banking.simulation.seats import blind_seats
from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions
from pokerdice_stats.games.progressive.exact.bank import bank_distribution
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.exact.schedule_files import write_schedule
from pokerdice_stats.games.simulations import RunOptions, simulate_progressive
from pokerdice_stats.ground.errors import OptionError

#: Largest |z| a Monte Carlo figure may show against its exact value (fixed seeds).
BOUND = 4.5
BANKING = get_rules("banking")


def _equilibrium_odds(rules=BANKING) -> RoundOdds:
    return round_odds(rules, blind_seats(rules, ["equilibrium"] * 2).distributions)


def _enumerate(odds: RoundOdds, rounds: int, start: int, ante: int):
    """Every sequence of round outcomes, played out literally: final banks and ruin rounds."""
    final: dict[int, Fraction] = {}
    ruin = [[Fraction(0)] * (rounds + 1) for _ in range(2)]
    survived = [Fraction(0), Fraction(0)]
    length = Fraction(0)
    steps = ((ante, odds.win), (0, odds.split), (-ante, odds.loss))
    for path in itertools.product(steps, repeat=rounds):
        chance = Fraction(1)
        for _, p in path:
            chance *= p
        if not chance:
            continue
        banks = [start, start]
        out = [0, 0]
        played = 0
        for r, (move, _) in enumerate(path, start=1):
            banks[0] += move
            banks[1] -= move
            played = r
            for seat in (0, 1):
                if banks[seat] < ante:
                    out[seat] = r
            if any(out):
                break  # one seat left: the session ends (the rest of the path is unplayed)
        final[banks[0]] = final.get(banks[0], Fraction(0)) + chance
        for seat in (0, 1):
            if out[seat]:
                for r in range(out[seat], rounds + 1):
                    ruin[seat][r] += chance
            survived[seat] += chance * (out[seat] or rounds)
        length += chance * played
    return final, ruin, survived, length


@pytest.mark.parametrize(
    ("odds", "rounds", "start", "ante"),
    [
        (RoundOdds(Fraction(2, 5), Fraction(1, 10), Fraction(1, 2)), 6, 20, 10),
        (RoundOdds(Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)), 5, 25, 10),
        (None, 7, 30, 10),  # the banking equilibrium's own round
        (None, 4, 1000, 10),  # nobody can be out within 4 rounds
    ],
)
def test_exact_walk_against_enumeration(odds, rounds, start, ante):
    odds = odds or _equilibrium_odds()
    session = banking_session(odds, rounds, start, ante)
    assert session.exact
    final, ruin, survived, length = _enumerate(odds, rounds, start, ante)
    got = dict(zip(session.banks.tolist(), session.chances, strict=True))
    assert got == {b: c for b, c in final.items() if c}
    for seat in (0, 1):
        assert list(session.ruin_by_round[seat]) == ruin[seat]
        assert session.survived(seat) == survived[seat]
        assert session.mean_bank(seat) == sum(
            ((b if seat == 0 else 2 * start - b) * c for b, c in final.items()), Fraction(0)
        )
    assert session.length() == length
    assert sum(session.chances) == 1


def test_float_walk_within_its_tolerance():
    odds = _equilibrium_odds()
    exact = banking_session(odds, 150, 100, 10, exact=True)
    floats = banking_session(odds, 150, 100, 10, exact=False)
    assert not floats.exact and 0 < floats.tolerance < 1e-12
    assert np.array_equal(exact.banks, floats.banks)
    for a, b in zip(exact.chances, floats.chances, strict=True):
        assert abs(float(a) - b) <= floats.tolerance
    for seat in (0, 1):
        assert abs(float(exact.ruin(seat)) - floats.ruin(seat)) <= floats.tolerance
    assert floats.quantile(0, 0.5) == exact.quantile(0, Fraction(1, 2))


def test_symmetric_round_keeps_the_mean_bank():
    session = banking_session(_equilibrium_odds(), 120, 60, 10)
    assert (
        session.mean_bank(0) == session.mean_bank(1) == 60
    )  # a fair game: the walk is a martingale
    assert session.ruin(0) == session.ruin(1) > 0


@pytest.mark.parametrize(
    ("options", "rounds", "start"), [({}, 80, 70), ({"sticky_holds": "true"}, 40, 40)]
)
def test_simulated_two_seat_sessions_agree_with_the_exact_walk(options, rounds, start):
    rules = get_rules("banking", options)
    result = simulate_banking_sessions(
        rules, 2, rounds, start, 10, run=RunOptions(n=30_000, seed=21, progress=False)
    )
    exact = banking_session(result.exact_odds, rounds, start, 10)
    for seat in (0, 1):
        figures = result.seats[seat]
        assert abs(figures.bank.z_score(exact.mean_bank(seat))) < BOUND
        assert abs(figures.ruin.z_score(exact.ruin(seat))) < BOUND
        assert abs(figures.survived.z_score(exact.survived(seat))) < BOUND
        assert 0.05 < float(exact.ruin(seat)) < 0.95  # the figure is not trivially 0 or 1
        by_round = result.ruin_by_round(seat)
        z = (by_round[rounds // 2] - float(exact.ruin_by_round[seat][rounds // 2])) / np.sqrt(
            0.25 / result.n
        )
        assert abs(z) < BOUND
    assert abs(result.length.z_score(exact.length())) < BOUND


def test_same_figures_for_any_worker_count():
    runs = [
        simulate_banking_sessions(
            BANKING, 3, 60, 50, 10, run=RunOptions(n=700, seed=5, workers=w, progress=False)
        )
        for w in (1, 2)
    ]
    assert np.array_equal(runs[0].final_banks, runs[1].final_banks)
    assert np.array_equal(runs[0].out_at, runs[1].out_at)
    assert runs[0].seats == runs[1].seats


def test_split_pots_rounds_survived_and_paths():
    """Category ties split 3, 4 or 5 ways: shares of 1/60 point, nothing lost or made."""
    rules = get_rules("banking", {"tiebreak": "category"})
    result = simulate_banking_sessions(
        rules, 5, 40, 30, 10, record_every=5, run=RunOptions(n=400, seed=8, progress=False)
    )
    banks = result.final_banks
    assert np.allclose(banks.sum(axis=1), 5 * 30)
    units = banks * 60
    assert np.allclose(units, np.round(units))  # whole sixtieths of a point
    assert (np.abs(banks - np.round(banks)) > 1e-9).any()  # some 3-way split left a third
    out = result.out_at
    assert ((out > 0) == (banks < 10)).all()  # out exactly when the bank cannot ante
    assert result.paths.shape == (400, 5, 9)
    assert np.allclose(result.paths[:, :, 0], 30)
    assert np.allclose(result.paths[:, :, -1], banks)
    survived = np.where(out > 0, out, 40).mean(axis=0)
    assert [s.survived.estimate for s in result.seats] == pytest.approx(survived.tolist())


def test_each_table_plays_its_own_equilibrium():
    for players in (3, 4, 5):
        seats = blind_seats(BANKING, ["equilibrium"] * players)
        field = solve_field(BANKING, players).mixture.exact()
        for numerators, denominator in seats.distributions:
            assert denominator == field[1]
            assert [int(v) for v in numerators] == [int(v) for v in field[0]]
    smaller = blind_seats(BANKING, ["equilibrium"] * 4, players=3)
    field3 = solve_field(BANKING, 3).mixture.exact()
    assert [int(v) for v in smaller.distributions[0][0]] == [int(v) for v in field3[0]]


@pytest.mark.parametrize(
    ("rules", "kwargs", "words"),
    [
        (get_rules("gameweave"), {}, "knowledge=seen"),
        (get_rules("banking", {"ties": "roll-off"}), {}, "ties=roll-off"),
        (BANKING, {"players": 6}, "players must be 2 to 5"),
        (BANKING, {"start": 5, "ante": 10}, "must cover the ante"),
        (BANKING, {"rounds": 0}, "rounds must be 1 to 20,000 in a simulated session, got 0"),
        (BANKING, {"policy": "nonsense"}, "unknown blind policy"),
    ],
)
def test_bad_sessions_are_refused(rules, kwargs, words):
    with pytest.raises(OptionError, match=words):
        simulate_banking_sessions(rules, run=RunOptions(n=10, progress=False), **kwargs)


# ----------------------------------------------------------------------------
# Progressive sessions under a schedule: one ruin line with the exact program.


def test_progressive_sessions_agree_with_the_exact_bank_under_a_schedule(tmp_path):
    rules = get_rules("progressive")
    schedule = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", 900, "house")
    path = write_schedule(schedule, tmp_path / "house.csv", rules)
    from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule

    house = read_schedule(path)
    exact = bank_distribution(rules, schedule=house, rounds=8, start=1_700)
    result = simulate_progressive(
        rules,
        8,
        start=1_700,
        computer_bank=0,
        schedule=house,
        run=RunOptions(n=40_000, seed=13, progress=False),
    )
    assert result.floor == exact.floor == 1_200
    assert "house" in result.schedule
    assert abs(result.bank.z_score(exact.mean, exact.sd)) < BOUND
    assert abs(result.ruin.z_score(exact.ruin)) < BOUND
    assert 0.02 < float(exact.ruin) < 0.5
    with pytest.raises(OptionError, match="cannot cover the largest loss"):
        simulate_progressive(rules, 5, start=1_000, run=RunOptions(n=10, progress=False))


# ----------------------------------------------------------------------------
# The command line.


def test_cli_banking_session_json(capsys):
    code, out, _ = run_cli(
        capsys,
        "simulate", "--what", "session", "--rules", "banking", "--players", "2",
        "--start", "60", "--ante", "10", "--rounds", "30", "--n", "500",
        "--no-progress", "--format", "json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "banking session" and data["knowledge"] == "blind"
    assert data["start"] == 60 and data["ante"] == 10 and data["rounds"] == 30
    assert "below the ante" in data["ruin_rule"]
    assert data["policies"] == ["equilibrium", "equilibrium"]
    for seat in data["seats"]:
        for key in ("bank", "ruin", "rounds_survived", "ahead"):
            assert {"estimate", "ci_low", "ci_high", "n", "seed"} <= set(seat[key])
        assert set(seat["bank_quantiles"]) == {"q0.05", "q0.25", "q0.5", "q0.75", "q0.95"}
    exact = data["exact"]
    assert exact["arithmetic"].startswith("Fractions")
    assert "/" in exact["round"]["split_exact"]
    assert len(exact["seats"]) == 2 and exact["seats"][0]["bank"] == pytest.approx(60)


def test_cli_progressive_session_names_its_schedule(capsys):
    code, out, _ = run_cli(
        capsys,
        "simulate", "--what", "session", "--rules", "progressive", "--schedule",
        "results/games/progressive_schedule.csv", "--rounds", "5", "--n", "300",
        "--no-progress", "--format", "json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert "progressive_schedule.csv" in data["schedule"]
    assert "largest loss" in data["ruin_rule"] and "1,200" in data["ruin_rule"]
    code, out, _ = run_cli(
        capsys, "simulate", "--what", "session", "--rules", "progressive", "--rounds", "5",
        "--n", "300", "--no-progress",
    )  # fmt: skip
    assert "schedule 004" in out or "004" in out
    assert "ruin" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rules", "banking", "--computer", "optimal"], ("--computer", "blind banking session")),
        (["--rules", "banking", "--schedule", "x.csv"], ("--schedule", "progressive session")),
        (["--rules", "progressive", "--schedule", "nope.csv"], ("nope.csv", "not found")),
        (["--rules", "banking", "--start", "5"], ("must cover the ante",)),
        (["--rules", "banking", "--players", "6"], ("players must be 2 to 5",)),
    ],
)
def test_cli_session_errors(capsys, argv, words):
    assert_cli_error(capsys, ["simulate", "--what", "session", *argv, "--n", "10"], *words)
