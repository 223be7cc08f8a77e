"""Simulated rounds, matches and sessions: against the plain simulator, the exact figures, and
their own bookkeeping.

Bounds: every figure is compared by a z-score with a fixed seed and must meet
|z| < 4.5 (P(|Z| > 4.5) = 6.8e-6 per figure; with well under 300 figures here
the union bound keeps the chance that a correct engine fails under a fresh
seed below 2e-3).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest
import reference_simulate as ref

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import run_chunks
from pokerdice_stats.games.checks import crosscheck
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.games.simulations import (
    RunOptions,
    simulate_matches,
    simulate_pots,
    simulate_progressive,
    simulate_rounds,
    simulate_turns,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table

BOUND = 4.5


def _keep_fn(policy, goal):
    def fn(hand, left, aside):
        h = ix.hand_index(ix.counts_of_ranks(list(hand)))
        k = policy.best_keep(h, left, goal)
        return tuple(sorted(ix.ranks_of_counts(ix.KEEP_COUNTS[k])))

    return fn


def _reference_seats(rules, players):
    """``seat_policy`` for the plain round simulator, read from the solved rounds' public API."""
    table = hand_table(rules)
    hand_of = {}
    for h in range(ix.N_HANDS):
        hand_of.setdefault(int(table.strength[h]), h)
    solved = {m: solve_round(rules, m) for m in range(2, players + 1)}

    def seat_policy(n, place, tied, best, allowed):
        rnd = solved[n]
        if place == 0:
            return _keep_fn(rnd.first, 0)
        policy, goal = rnd.policy(place + 1, hand_of[best], max(tied, 1))
        return _keep_fn(policy, goal)

    def strength(hand):
        return int(table.strength[ix.hand_index(ix.counts_of_ranks(list(hand)))])

    return seat_policy, strength


@pytest.mark.parametrize(
    ("preset", "players"), [("gameweave", 3), ("triple-snakes", 3), ("banking", 2)]
)
def test_round_kernel_matches_the_plain_simulator(preset, players):
    """Who wins (shares under split) in the kernel and in the plain simulator: two-sample z."""
    rules = get_rules(preset, {"knowledge": "seen"})  # banking's rules are blind: played seen
    seat_policy, strength = _reference_seats(rules, players)
    rng = random.Random(21)
    n_plain = 6_000
    shares = Counter()
    for _ in range(n_plain):
        winners = ref.round_winner(rng, players, seat_policy, strength, rules.throws, rules.ties)
        for w in winners:
            shares[w] += 1 / len(winners)
    n = 200_000
    result = simulate_rounds(
        rules, players, knowledge="seen", run=RunOptions(n=n, seed=21, progress=False)
    )
    for seat in range(players):
        a = result.seats[seat]
        b = shares[seat] / n_plain
        # Shares are in [0, 1]: their variance is at most p (1 - p).
        se = math.sqrt(b * (1 - b) / n_plain + a.std_error**2)
        assert abs(a.estimate - b) / se < BOUND, seat


@pytest.mark.parametrize(
    ("preset", "options", "players"),
    [
        ("gameweave", {}, 2),
        ("gameweave", {}, 4),
        ("gameweave", {"sticky_holds": "true"}, 2),
        ("triple-snakes", {}, 4),
        ("banking", {}, 3),
        ("classic", {"throw_limit": "first-player"}, 3),
    ],
)
def test_rounds_match_the_solved_round(preset, options, players):
    rules = get_rules(preset, {**options, "knowledge": "seen"})  # banking's too
    result = simulate_rounds(
        rules, players, knowledge="seen", run=RunOptions(n=150_000, seed=2, progress=False)
    )
    exact = solve_round(rules, players).win
    for est, value in zip(result.seats, exact, strict=True):
        assert abs(est.z_score(float(value))) < BOUND
    if rules.ties in ("roll-off", "must-beat"):
        assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)
        assert result.last_thrower.sum() == result.n


def test_last_thrower_table_matches_the_solved_round():
    """Winner and last thrower (roll-offs) of a 3-player gameweave round."""
    rules = get_rules("gameweave")
    n = 300_000
    result = simulate_rounds(rules, 3, run=RunOptions(n=n, seed=6, progress=False))
    exact = solve_round(rules, 3).last_thrower
    for w in range(3):
        for last in range(3):
            p = float(exact[w][last])
            count = int(result.last_thrower[w, last])
            if p == 0:
                assert count == 0
                continue
            assert abs((count / n - p) / math.sqrt(p * (1 - p) / n)) < BOUND


@pytest.mark.xdist_group("bidding_fine")  # one solve of the classic fine ladder per run
def test_crosscheck_small():
    """Every exact figure of the toolkit against a small simulation (fixed seed, |z| < 4.5).

    About 60 figures: by the union bound a correct toolkit fails this under a
    fresh seed with chance below 60 * 6.8e-6 = 4.1e-4.
    """
    checks = crosscheck(run=RunOptions(n=60_000, seed=7, progress=False))
    assert len(checks) >= 45
    groups = {c.group.split()[0] for c in checks}
    assert groups >= {
        "chances",
        "turn",
        "final",
        "round",
        "blind",
        "match",
        "hold-up",
        "progressive",
    }
    for check in checks:
        assert abs(check.z) < BOUND, (check.group, check.figure, check.z)
        assert check.estimate.n > 0 and check.estimate.seed == 7


def test_matches_bookkeeping():
    rules = get_rules("gameweave")
    result = simulate_matches(rules, 3, target=2, run=RunOptions(n=20_000, seed=1, progress=False))
    assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)
    # A match to 2 wins among 3 players takes 2 to 4 rounds.
    assert 2 <= result.expected_rounds.ci_low <= result.expected_rounds.ci_high <= 4
    with pytest.raises(OptionError):
        simulate_matches(get_rules("banking"), 2, run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):
        simulate_matches(rules, 2, target=0, run=RunOptions(n=10, progress=False))


def test_pots_are_zero_sum():
    split_ties = get_rules("gameweave", {"ties": "split"})  # banking's tie rule, seen hands
    for rules, players in (
        (get_rules("triple-snakes"), 3),
        (split_ties, 3),
        (get_rules("gameweave"), 2),
    ):
        preset = rules.label()
        result = simulate_pots(
            rules, players, rounds=7, ante=2, run=RunOptions(n=3_000, seed=4, progress=False)
        )
        total = sum(e.estimate for e in result.seats)
        assert total == pytest.approx(0.0, abs=1e-9), preset


def test_progressive_sessions_bookkeeping():
    rules = get_rules("progressive")
    result = simulate_progressive(
        rules,
        rounds=60,
        computer="stand",
        start=1_300,
        record_every=10,
        run=RunOptions(n=2_000, seed=3, progress=False),
    )
    banks, ruined_at, paths = result.final_banks, result.ruined_at, result.paths
    assert banks.shape == (2_000,) and paths.shape == (2_000, 7)
    assert (paths[:, 0] == 1_300).all()
    # Ruin: a bank that can no longer cover the largest loss of a round (1,200 points).
    assert result.floor == 1_200 and "1,200" in result.ruin_rule
    assert ((ruined_at > 0) == (banks < 1_200)).all()
    assert ((ruined_at < 0) == (2_600 - banks < 1_200)).all()  # the computer's bank of 1,300
    assert result.computer_ruin.estimate > 0
    assert 0 < result.ruin.estimate < 1
    alive = ruined_at == 0
    assert (paths[alive, -1] == banks[alive]).all()
    assert (paths[~alive, -1] == banks[~alive]).all()
    # The mean bank of a session with no ruin is start + rounds * expected payout.
    from pokerdice_stats.games.progressive.exact.payout import expected_payout

    exact = expected_payout(rules, "stand")
    big = simulate_progressive(
        rules, rounds=20, computer="stand", run=RunOptions(n=20_000, seed=5, progress=False)
    )
    assert big.ruin.estimate == 0.0
    mean = 10_000 + 20 * exact.expected_float
    std = math.sqrt(20 * exact.variance_float)
    assert abs(big.bank.z_score(mean, std)) < BOUND
    with pytest.raises(OptionError):
        simulate_progressive(get_rules("gameweave"), rounds=5, run=RunOptions(n=10, progress=False))


def _interrupting(job, state, size):
    if len(job["calls"]) == job["stop"]:
        raise KeyboardInterrupt
    job["calls"].append(size)
    return {"count": np.array([size])}


def test_ctrl_c_returns_the_partial_result():
    job = {"stop": 3, "calls": []}
    run = run_chunks(_interrupting, job, 10, RunOptions(n=100, seed=0, workers=1, progress=False))
    assert run.interrupted and run.chunks == 3 and run.n == 30
    assert int(run.totals["count"][0]) == 30


def _interrupt_in_a_thread(job, state, size):
    if job == "stop" and size == 7:  # the last, short chunk
        raise KeyboardInterrupt
    return {"count": np.array([size])}


def test_ctrl_c_in_a_thread_returns_the_other_chunks():
    run = run_chunks(
        _interrupt_in_a_thread,
        "stop",
        10,
        RunOptions(n=10 * 5 + 7, seed=0, workers=2, progress=False),
    )
    assert run.interrupted
    assert run.n == int(run.totals["count"][0]) <= 50
    assert run.n % 10 == 0


def test_bad_runs_are_refused():
    rules = get_rules("gameweave")
    with pytest.raises(OptionError, match="samples must be a whole number of at least 1, got 0"):
        RunOptions(n=0, progress=False)
    with pytest.raises(OptionError, match="workers must be at least 1, got 0"):
        RunOptions(n=10, workers=0, progress=False)
    with pytest.raises(OptionError, match="unknown policy 'nonsense'"):
        simulate_turns(rules, policy="nonsense", run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):
        simulate_rounds(rules, 6, run=RunOptions(n=10, progress=False))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"seed": -1}, "the seed must be a whole number from 0 to 2**63 - 1 (int64), got -1"),
        ({"seed": 1.5}, "the seed must be a whole number from 0 to 2**63 - 1 (int64), got 1.5"),
        (
            {"seed": 2**63},
            f"the seed must be a whole number from 0 to 2**63 - 1 (int64), got {2**63}",
        ),
        ({"seed": None}, "the seed must be a whole number from 0 to 2**63 - 1 (int64), got None"),
        ({"n": 2.0}, "the number of samples must be a whole number of at least 1, got 2.0"),
        ({"n": True}, "the number of samples must be a whole number of at least 1, got True"),
        ({"workers": -3}, "workers must be at least 1, got -3"),
    ],
)
def test_run_options_are_checked_once_when_made(options, words):
    with pytest.raises(OptionError) as err:
        RunOptions(**options)
    assert str(err.value) == words


def test_run_options_default_samples():
    assert RunOptions().samples(123) == 123
    assert RunOptions(n=7).samples(123) == 7
    assert RunOptions(n=7, seed=3).with_samples(9) == RunOptions(n=9, seed=3)
    assert RunOptions(n=np.int64(5), seed=np.int64(2)).samples(1) == 5
