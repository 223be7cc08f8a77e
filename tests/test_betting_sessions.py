"""Betting sessions of 001 (issue 10 item 3): the kernel against its plain-Python twin
on the same stream, chips conserved every round, seed and worker invariance, the first
round against the exact betting round (fixed seeds, |z| below BOUND), the command line."""

from __future__ import annotations

import numpy as np
import pytest
from reference_betting_stream import betting_sessions_chunk as twin_chunk

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import RunOptions, chunk_state, play_chunk
from pokerdice_stats.games.betting.simulation.sessions import (
    betting_session_job,
    simulate_betting_sessions,
)
from pokerdice_stats.ground.errors import OptionError

#: Largest |z| a simulated first-round figure may show against the exact round (fixed seeds).
BOUND = 4.5
SNAKES = get_rules("triple-snakes")


@pytest.mark.parametrize(
    ("players", "start", "ante", "raise_size", "raises", "rounds", "size", "short"),
    [
        (2, 5, 1, None, 1, 30, 40, "cut"),
        (3, 3, 1, 2, 1, 20, 40, "cut"),  # short stacks: raises cut and forced folds
        (3, 4, 1, 2, 1, 20, 40, "out"),  # out below the ante and a turn's raise
        (3, 6, "1/2", "3/2", 2, 15, 25, "cut"),
        (4, 4, 1, None, 1, 10, 15, "cut"),
    ],
)
def test_kernel_equals_twin(players, start, ante, raise_size, raises, rounds, size, short):
    job, tables = betting_session_job(
        SNAKES, players, rounds, start, ante, raise_size, raises, short
    )
    for index in range(2):
        got = play_chunk(job, chunk_state(11, index), size)
        want = twin_chunk(job, tables, chunk_state(11, index), size)
        assert set(got) == set(want)
        for key in want:
            np.testing.assert_array_equal(got[key], want[key], err_msg=key)


def test_short_stacks_change_decisions_and_chips_are_conserved():
    job, _ = betting_session_job(SNAKES, 3, 40, 3, 1, 2, 1)
    got = play_chunk(job, chunk_state(5, 0), 200)
    assert got["short"][0] > 0
    assert got["unbalanced"][0] == 0
    assert (got["each_chips"].sum(axis=1) == 3 * job.session.start).all()
    assert (got["each_first"].sum(axis=1) == 0).all()


def test_short_out_puts_a_seat_out_below_the_ante_and_a_raise():
    def out_rounds(short):
        job, _ = betting_session_job(SNAKES, 2, 60, 4, 1, 2, 1, short)
        got = play_chunk(job, chunk_state(8, 0), 300)
        ended = got["each_out_at"].max(axis=1) > 0
        return got, ended

    cut, cut_ended = out_rounds("cut")
    out, out_ended = out_rounds("out")
    # under "out" the loser of a session holds less than 3 chips; under "cut", less than 1
    loser_out = out["each_chips"][out_ended].min(axis=1)
    loser_cut = cut["each_chips"][cut_ended].min(axis=1)
    assert (loser_out < 3).all() and (loser_out >= 0).all() and (loser_out >= 1).any()
    assert (loser_cut < 1).all()
    assert out["each_length"].mean() < cut["each_length"].mean()  # seats go out sooner


def test_same_figures_for_any_worker_count():
    def run(workers):
        options = RunOptions(n=700, seed=9, workers=workers, progress=False)
        return simulate_betting_sessions(SNAKES, 3, rounds=12, start=5, run=options).record()

    assert run(1) == run(2)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_first_round_agrees_with_the_exact_round(players, seed):
    options = RunOptions(n=40_000, seed=seed, progress=False)
    result = simulate_betting_sessions(SNAKES, players, rounds=1, start=10, run=options)
    assert result.unbalanced == 0
    assert result.short == 0
    for seat, exact in zip(result.seats, result.exact_ev, strict=True):
        assert abs(seat.first_round.z_score(exact)) < BOUND
    total = sum(seat.first_round.estimate for seat in result.seats)
    assert abs(total) < 1e-9
    # 001's winner after one round is the seat that took the pot: the same sessions counted
    for seat in result.seats:
        assert seat.game_win.estimate == pytest.approx(seat.p_pot.estimate, abs=1e-12)
    assert sum(seat.game_win.estimate for seat in result.seats) == pytest.approx(1, abs=1e-12)


def test_the_most_chips_is_shared_among_seats_tied_for_it():
    options = RunOptions(n=4_000, seed=9, progress=False)
    result = simulate_betting_sessions(SNAKES, 4, rounds=6, start=5, run=options)
    assert sum(seat.game_win.estimate for seat in result.seats) == pytest.approx(1, abs=1e-12)
    assert all(0 < seat.game_win.estimate < 1 for seat in result.seats)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 6}, "players"),
        ({"rounds": 0}, "rounds"),
        ({"start": 0}, "start"),
        ({"start": "1/2"}, "start"),
        ({"ante": 2, "start": 1}, "cover the ante"),
        ({"raises": 9}, "raises"),
        ({"short": "all-in"}, "short must be one of cut, out"),
        ({"short": "out", "start": 1}, "a turn's raises"),
        ({"ante": -1}, "ante"),
    ],
)
def test_bad_sessions_are_refused(kwargs, words):
    with pytest.raises(OptionError, match=words):
        simulate_betting_sessions(SNAKES, **{"players": 2, **kwargs})


def test_rules_outside_the_game_are_refused():
    with pytest.raises(OptionError):
        simulate_betting_sessions(get_rules("classic"), 2)


def test_crosscheck_group_within_the_bound():
    from pokerdice_stats.games.checks import crosscheck

    checks = crosscheck(("betting-sessions",), run=RunOptions(n=30_000, seed=4, progress=False))
    assert len(checks) == 16  # 2 seats: 6 figures, 3 seats: 10 (no raise by the last seat)
    for check in checks:
        assert abs(check.z) < BOUND, check


def test_cli_betting_session_json(capsys):
    import json

    from cli_helpers import run_cli

    argv = ["simulate", "--what", "session", "--rules", "triple-snakes", "--players", "3"]
    argv += ["--start", "8", "--ante", "1", "--raise", "2", "--rounds", "5", "--n", "300"]
    code, out, _ = run_cli(capsys, *argv, "--seed", "6", "--no-progress", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["game"] == "betting session"
    assert {k: record[k] for k in ("what", "rules", "players", "rounds", "n", "seed")} == {
        "what": "session",
        "rules": "triple-snakes",
        "players": 3,
        "rounds": 5,
        "n": 300,
        "seed": 6,
    }
    assert (record["start"], record["ante"], record["raise"], record["unit"]) == (
        "8",
        "1",
        "2",
        "chips",
    )
    assert [row["seat"] for row in record["seats"]] == [1, 2, 3]
    for row in record["seats"]:
        for key in ("net_per_round", "p_pot", "raise_rate", "fold_rate", "ruin"):
            assert row[f"{key}_ci_low"] <= row[key] <= row[f"{key}_ci_high"]
    assert record["short"] == "cut"
    code, out, _ = run_cli(capsys, *argv, "--short", "out", "--no-progress", "--format", "json")
    assert code == 0 and json.loads(out)["short"] == "out"
    code, text, _ = run_cli(capsys, *argv, "--no-progress")
    assert code == 0 and "net chips per round" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rules", "triple-snakes", "--computer", "stand"], "--computer does not apply"),
        (["--rules", "triple-snakes", "--schedule", "x.csv"], "--schedule does not apply"),
        (["--rules", "classic", "--raise", "2"], "--raise does not apply"),
        (["--rules", "banking", "--raises", "2"], "--raises does not apply"),
        (["--rules", "classic", "--short", "out"], "--short does not apply"),
        (["--rules", "triple-snakes", "--raises", "5"], "raises a turn must be 0 to 4"),
        (["--rules", "triple-snakes", "--players", "6"], "players"),
        (["--rules", "triple-snakes", "--start", "1", "--ante", "2"], "cover the ante"),
        (
            ["--rules", "triple-snakes", "--raises", "0", "--raise", "5"],
            "--raise 5 with --raises 0",
        ),
    ],
)
def test_cli_betting_session_errors(capsys, argv, words):
    from cli_helpers import assert_cli_error

    assert_cli_error(
        capsys, ["simulate", "--what", "session", *argv, "--n", "5", "--no-progress"], words
    )


# -- 001 as written: the ante named, entry, raise sizes (issue 24) -----------------


def _twin_equal(job, tables, size, seed=13):
    for index in range(2):
        got = play_chunk(job, chunk_state(seed, index), size)
        want = twin_chunk(job, tables, chunk_state(seed, index), size)
        assert set(got) == set(want)
        for key in want:
            np.testing.assert_array_equal(got[key], want[key], err_msg=key)
    return got


@pytest.mark.parametrize(
    ("players", "table", "start"),
    [
        (3, {"ante_max": 3, "raise_max": 2, "sit_out": False}, 6),  # the ante named per table
        (3, {"ante_max": 2, "raise_max": 2, "sit_out": True}, 6),  # nobody meets: void
        (2, {"ante": 2, "raise_max": 3, "sit_out": False}, 7),
    ],
)
def test_table_sessions_kernel_equals_twin(players, table, start):
    job, tables = betting_session_job(SNAKES, players, 12, start, table=table)
    got = _twin_equal(job, tables, 30)
    if table["sit_out"]:
        assert got["void"][0] == 30 * 12  # every round of the last chunk
        assert (got["sat_out"][1:] > 0).all() and got["pots"].sum() == 0
    else:
        assert got["void"][0] == 0 and got["sat_out"].sum() == 0


def test_a_seat_sitting_out_is_skipped_by_kernel_and_twin():
    """A plan where, of three seats at the table, the middle one sits out (the solved play
    never does this under triple-snakes, where every round is void, so the plan is set by
    hand): the two others play the round of two seats; as seats go out, the plan of two."""
    from fractions import Fraction

    from pokerdice_stats.games.betting.simulation.kernel_tables import BettingTables, _tables
    from pokerdice_stats.games.betting.simulation.sessions import BettingSessionJob

    job, tables = betting_session_job(SNAKES, 3, 15, 5, table={"ante_max": 2, "sit_out": False})
    solved = tables.solvers
    plan = {2: (Fraction(2), (1, 2)), 3: (Fraction(1), (1, 3))}
    game, unit = _tables(SNAKES, 3, solved, plan, {2: (2, Fraction(2)), 3: (2, Fraction(1))})
    hand_made = BettingTables(game, unit, solved, plan)
    got = _twin_equal(BettingSessionJob(job.session, game), hand_made, 40)
    assert got["sat_out"][1] > 0 and got["sat_out"][0] > 0  # seat 1 sits out when second
    assert got["unbalanced"][0] == 0 and got["void"][0] == 0


def test_table_first_round_agrees_with_the_exact_round():
    """Seat 1 naming an ante of 1 to 3, raises of 1 to 2, nobody sitting out: fixed seed."""
    options = RunOptions(n=30_000, seed=5, progress=False)
    result = simulate_betting_sessions(
        SNAKES, 3, rounds=1, start=10, run=options, ante_max=3, raise_max=2, sit_out=False
    )
    assert result.table["first_ante"] == "3"
    for seat, exact in zip(result.seats, result.exact_ev, strict=True):
        assert abs(seat.first_round.z_score(exact)) < BOUND
    assert all(seat.sit_out_rate.estimate == 0 for seat in result.seats)


def test_cli_table_session(capsys):
    import json

    from cli_helpers import assert_cli_error, run_cli

    argv = ["simulate", "--what", "session", "--rules", "triple-snakes", "--players", "3"]
    argv += ["--ante-max", "2", "--raise-max", "2", "--rounds", "5", "--n", "40"]
    code, out, _ = run_cli(capsys, *argv, "--no-progress", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["sit_out"] is True and record["void_rounds"] == 200
    assert [row["sit_out_rate"] for row in record["seats"]] == [0, 1, 1]
    base = ["simulate", "--what", "session", "--n", "5", "--no-progress", "--rules"]
    assert_cli_error(capsys, [*base, "classic", "--ante-max", "2"], "--ante-max does")
    assert_cli_error(
        capsys, [*base, "triple-snakes", "--ante-max", "2", "--ante", "1"], "--ante (fixed)"
    )
    assert_cli_error(
        capsys, [*base, "triple-snakes", "--raise-max", "2", "--raises", "2"], "--raise-max, or"
    )
