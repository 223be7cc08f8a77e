"""Blind banking rounds (004): the simulation against exact figures and a plain simulator.

"When playing against the computer the player hand is developed without
knowledge of the computer's current hand": every seat plays its strategy
without seeing the others.  Exact figures: seat 1's share
``P(win) + P(tie) / 2 = (1 + x A y) / 2`` from the two final distributions
(``game_value``), :func:`pokerdice_stats.games.banking.exact.rounds.chances` (checked here
against a brute force over sparse distributions), and each pure strategy's
exact final distribution.

Bounds: every Monte Carlo figure is compared by a z-score with a fixed seed
and must meet |z| < 4.5 (P(|Z| > 4.5) = 6.8e-6 per figure; about 120 figures
here, so a correct engine fails under a fresh seed with chance below 1e-3).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest
import reference_simulate as ref
from cli_helpers import assert_cli_error

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.engines.blind.equilibrium import Mixture, game_value
from pokerdice_stats.engines.blind.simple_strategies import (
    distribution_of_keeps,
    strategy_distribution,
)
from pokerdice_stats.games.banking.exact.rounds import chances, tied_sets
from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium, banking_payout
from pokerdice_stats.games.banking.simulation.seats import blind_seats, table_distribution
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table

BOUND = 4.5
BANKING = get_rules("banking")
STICKY = get_rules("banking", {"sticky_holds": "true"})


@pytest.fixture(scope="module")
def equilibrium():
    return banking_equilibrium(BANKING)


@pytest.fixture(scope="module")
def sticky_equilibrium():
    return banking_equilibrium(STICKY)


def _z(count: int, n: int, p: float) -> float:
    if p in (0.0, 1.0):
        return 0.0 if count == round(p * n) else math.inf
    return (count / n - p) / math.sqrt(p * (1 - p) / n)


def _category_z(rules, hist: np.ndarray, dist: tuple) -> list[float]:
    """Per-category z-scores of simulated final hands against an exact distribution."""
    table = hand_table(rules)
    numerators, denominator = dist
    n = int(hist.sum())
    out = []
    for c in range(len(rules.categories)):
        mask = table.category == c
        p = sum(int(v) for v in np.asarray(numerators, dtype=object)[mask]) / denominator
        out.append(_z(int(hist[mask].sum()), n, p))
    return out


def _pure(mixture: Mixture, i: int) -> Mixture:
    """Pure strategy ``i`` of a mixture, as a one-strategy mixture."""
    return Mixture(
        np.array([1.0]),
        np.asarray(mixture.numerators)[i : i + 1],
        mixture.denominator,
        (Fraction(1),),
        (mixture.keeps[i],),
    )


# ----------------------------------------------------------------------------
# The equilibrium keeps what is needed to play it.


@pytest.mark.parametrize("sticky", [False, True])
def test_every_pure_strategy_plays_its_distribution_exactly(
    sticky, equilibrium, sticky_equilibrium
):
    rules, eq = (STICKY, sticky_equilibrium) if sticky else (BANKING, equilibrium)
    for mixture in (eq.first, eq.second):
        assert mixture.playable()
        assert len(mixture.keeps) == len(mixture.weights) == len(mixture.numerators)
        for keeps, numerators in zip(mixture.keeps, mixture.numerators, strict=True):
            assert keeps.shape == (rules.throws - 1, 4368 if sticky else 252)
            got, denominator = table_distribution(rules, keeps)
            assert denominator == mixture.denominator
            assert [int(v) for v in got] == [int(v) for v in numerators]
            if not sticky:  # an independent forward pass over the same tables
                other, _ = distribution_of_keeps(list(keeps), rules.throws)
                assert [int(v) for v in other] == [int(v) for v in numerators]


def test_fictitious_play_mixture_is_playable():
    from pokerdice_stats.engines.blind.equilibrium import solve_blind

    rules = get_rules("banking", {"throws": 2})
    eq = solve_blind(rules, banking_payout(rules), method="fictitious-play", max_iterations=20)
    for mixture in (eq.first, eq.second):
        assert mixture.playable()
        for keeps, numerators in zip(mixture.keeps, mixture.numerators, strict=True):
            got, _ = table_distribution(rules, keeps)
            assert [int(v) for v in got] == [int(v) for v in numerators]


def test_named_tables_match_the_named_strategies():
    for name in ("stand", "largest-set", "max-category", "at-least-three"):
        seats = blind_seats(BANKING, [name, name])
        expected = strategy_distribution(BANKING, name)
        assert seats.distributions[0][1] == expected[1]
        assert [int(v) for v in seats.distributions[0][0]] == [int(v) for v in expected[0]]


# ----------------------------------------------------------------------------
# Exact blind chances against brute force.


def _brute_force(rules, dists: list[dict], ties: str, depth: int = 60) -> list[float]:
    """Each seat's share by enumerating every combination of final hands.

    ``dists``: one ``{hand: Fraction}`` per seat.  Roll-offs: a sub-round
    among the tied seats, the all-tied loop cut after ``depth`` repeats.
    """
    strength = hand_table(rules).strength

    @functools.cache
    def play(seats: tuple[int, ...], level: int) -> list[float]:
        share = [0.0] * len(dists)
        if len(seats) == 1:
            share[seats[0]] = 1.0
            return share
        if level > depth:
            return share
        for combo in itertools.product(*(dists[s].items() for s in seats)):
            p = 1.0
            for _, q in combo:
                p *= float(q)
            values = [int(strength[h]) for h, _ in combo]
            top = max(values)
            if ties == "must-beat":
                winners = [seats[values.index(top)]]
            else:
                winners = [s for s, v in zip(seats, values, strict=True) if v == top]
            if ties == "roll-off" and len(winners) > 1:
                sub = play(tuple(winners), level + 1 if len(winners) == len(seats) else level)
                for s in range(len(dists)):
                    share[s] += p * sub[s]
            else:
                for s in winners:
                    share[s] += p / len(winners)
        return share

    return play(tuple(range(len(dists))), 0)


def _sparse(rng: random.Random, size: int) -> tuple[dict, tuple]:
    """A random distribution on a few of the 30 lowest hands (so that seats often tie)."""
    hands = rng.sample(range(30), size)
    weights = [rng.randint(1, 9) for _ in hands]
    total = sum(weights)
    numerators = np.zeros(ix.N_HANDS, dtype=np.int64)
    for h, w in zip(hands, weights, strict=True):
        numerators[h] += w
    return {h: Fraction(w, total) for h, w in zip(hands, weights, strict=True)}, (numerators, total)


@pytest.mark.parametrize(
    ("preset", "players"),
    [("banking", 2), ("banking", 3), ("gameweave", 3), ("triple-snakes", 3), ("progressive", 2)],
)
def test_blind_chances_match_brute_force(preset, players):
    rules = get_rules(preset)
    rng = random.Random(players * 31 + len(preset))
    for _ in range(3):
        parts = [_sparse(rng, 5) for _ in range(players)]
        exact = chances(rules, [d for _, d in parts])
        expected = _brute_force(rules, [p for p, _ in parts], rules.ties)
        assert sum(exact) == 1
        for a, b in zip(exact, expected, strict=True):
            assert float(a) == pytest.approx(b, abs=1e-12)
    same = _sparse(rng, 4)
    exact = chances(rules, [same[1]] * players)
    expected = _brute_force(rules, [same[0]] * players, rules.ties)
    for a, b in zip(exact, expected, strict=True):
        assert float(a) == pytest.approx(b, abs=1e-12)


def test_two_blind_seats_share_is_one_plus_value_over_two(equilibrium):
    pairs = [
        (strategy_distribution(BANKING, "stand"), strategy_distribution(BANKING, "largest-set")),
        (equilibrium.first.exact(), strategy_distribution(BANKING, "max-category")),
    ]
    payout = banking_payout(BANKING)
    for x, y in pairs:
        share = chances(BANKING, [x, y])
        assert share[0] == (1 + game_value(x, y, payout)) / 2
        assert share[0] + share[1] == 1
        tied = tied_sets(BANKING, [x, y])
        assert sum(tied.values()) == 1
        assert share[0] == tied[(0,)] + tied[(0, 1)] / 2


def test_blind_chances_refuse_bad_input():
    stand = strategy_distribution(BANKING, "stand")
    with pytest.raises(OptionError):
        chances(BANKING, [stand])
    with pytest.raises(OptionError):
        chances(BANKING, [stand] * 6)
    with pytest.raises(OptionError):
        chances(BANKING, [stand, (stand[0], stand[1] + 1)])


# ----------------------------------------------------------------------------
# Simulated blind rounds against the exact figures.


def test_banking_rounds_are_blind_by_default(equilibrium):
    assert BANKING.knowledge == "blind"
    assert get_rules("gameweave").knowledge == "seen"
    assert get_rules("progressive").knowledge == "seen"
    result = simulate_rounds(BANKING, 2, run=RunOptions(n=200_000, seed=11, progress=False))
    assert result.knowledge == "blind"
    assert result.policies == ("equilibrium", "equilibrium")
    assert result.exact == (0.5, 0.5)
    assert result.played == 1.0
    assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)
    for est in result.seats:
        assert abs(est.z_score(0.5)) < BOUND
    # Each seat's final hands follow the equilibrium's final distribution.
    for seat, mixture in enumerate((equilibrium.first, equilibrium.second)):
        for z in _category_z(BANKING, result.hist[seat], mixture.exact()):
            assert abs(z) < BOUND


def test_named_pair_matches_the_exact_share():
    pair = ("stand", "largest-set")
    x, y = (strategy_distribution(BANKING, name) for name in pair)
    share = (1 + game_value(x, y, banking_payout(BANKING))) / 2
    result = simulate_rounds(
        BANKING, 2, policy=pair, run=RunOptions(n=300_000, seed=12, progress=False)
    )
    assert result.policies == pair
    assert result.exact[0] == pytest.approx(float(share), abs=1e-15)
    assert abs(result.seats[0].z_score(share)) < BOUND
    assert abs(result.seats[1].z_score(1 - share)) < BOUND
    for seat, dist in enumerate((x, y)):
        for z in _category_z(BANKING, result.hist[seat], dist):
            assert abs(z) < BOUND
    # "a,b" on the command line means the same.
    again = simulate_rounds(
        BANKING, 2, policy="stand,largest-set", run=RunOptions(n=1_000, seed=12, progress=False)
    )
    first = simulate_rounds(
        BANKING, 2, policy=pair, run=RunOptions(n=1_000, seed=12, progress=False)
    )
    assert again.seats == first.seats


@pytest.mark.parametrize("sticky", [False, True])
def test_each_pure_strategy_reproduces_its_final_distribution(
    sticky, equilibrium, sticky_equilibrium
):
    """Every pure strategy of the equilibrium, played blind: final categories vs exact."""
    rules, eq = (STICKY, sticky_equilibrium) if sticky else (BANKING, equilibrium)
    mixture = eq.first
    for i in range(len(mixture.weights)):
        pure = _pure(mixture, i)
        result = simulate_rounds(
            rules, 2, policy=[pure, "stand"], run=RunOptions(n=60_000, seed=13 + i, progress=False)
        )
        assert result.policies == ("mixture", "stand")
        for z in _category_z(rules, result.hist[0], (mixture.numerators[i], mixture.denominator)):
            assert abs(z) < BOUND, (i, z)
        share = chances(rules, [pure.exact(), strategy_distribution(rules, "stand")])[0]
        assert abs(result.seats[0].z_score(share)) < BOUND


def test_a_mixture_is_drawn_with_its_weights(sticky_equilibrium):
    """The sticky banking equilibrium mixes three pure strategies: seat hands and shares."""
    eq = sticky_equilibrium
    support = eq.first.support()
    assert len(support) >= 2  # a genuine mixture, so the draw is tested
    policy = [eq.first, eq.second, eq.second]  # the two-player mixtures, at three seats
    result = simulate_rounds(
        STICKY, 3, policy=policy, run=RunOptions(n=200_000, seed=14, progress=False)
    )
    exact = chances(STICKY, [eq.first.exact(), eq.second.exact(), eq.second.exact()])
    for est, value, approx in zip(result.seats, exact, result.exact, strict=True):
        assert approx == pytest.approx(float(value), abs=1e-15)
        assert abs(est.z_score(value)) < BOUND
    for seat, mixture in enumerate((eq.first, eq.second, eq.second)):
        for z in _category_z(STICKY, result.hist[seat], mixture.exact()):
            assert abs(z) < BOUND
    # Weights far from the equilibrium's: the seat's hands follow them, not the equilibrium's.
    m = len(support)
    weights = tuple(Fraction(i + 1, m * (m + 1) // 2) for i in range(m))
    skewed = Mixture(
        np.array([float(w) for w in weights]),
        np.asarray(eq.first.numerators)[support],
        eq.first.denominator,
        weights,
        tuple(eq.first.keeps[i] for i in support),
    )
    result = simulate_rounds(
        STICKY, 2, policy=[skewed, skewed], run=RunOptions(n=100_000, seed=15, progress=False)
    )
    for seat in range(2):
        for z in _category_z(STICKY, result.hist[seat], skewed.exact()):
            assert abs(z) < BOUND


@pytest.mark.parametrize(
    ("preset", "options", "players"),
    [
        ("gameweave", {}, 3),
        ("triple-snakes", {}, 3),
        ("banking", {}, 4),
        ("banking", {"tiebreak": "category"}, 3),
        ("progressive", {}, 2),
    ],
)
def test_blind_rounds_under_every_tie_rule(preset, options, players):
    """Roll-off (tied seats play a blind round again), must-beat, split and push (equal
    categories tie under ``tiebreak=category`` and ``push``, so ties are common): against
    chances()."""
    rules = get_rules(preset, options)
    policy = ("largest-set", "stand", "max-category", "largest-set")[:players]
    result = simulate_rounds(
        rules,
        players,
        knowledge="blind",
        policy=policy,
        run=RunOptions(n=150_000, seed=16, progress=False),
    )
    exact = chances(rules, [strategy_distribution(rules, p) for p in policy])
    for est, value in zip(result.seats, exact, strict=True):
        assert abs(est.z_score(value)) < BOUND
    if rules.ties == "roll-off":
        assert result.played > 1.0
        assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)


# ----------------------------------------------------------------------------
# Against a plain simulator that shares no code with the kernels.


def _keep_fn(keeps: np.ndarray):
    def fn(hand, left, aside):
        h = ix.hand_index(ix.counts_of_ranks(list(hand)))
        k = int(keeps[left - 1, h])
        return tuple(sorted(ix.ranks_of_counts(ix.KEEP_COUNTS[k])))

    return fn


def _plain_blind_round(rng, seats, strength, throws) -> list[int]:
    """``seats``: per seat a list of ``(weight, keep function)``; split ties."""
    values = []
    for mixture in seats:
        u = rng.random()
        chosen = mixture[-1][1]
        for weight, keep_fn in mixture:
            if u < weight:
                chosen = keep_fn
                break
            u -= weight
        hand, _ = ref.turn(rng, chosen, throws)
        values.append(strength[ix.hand_index(ix.counts_of_ranks(list(hand)))])
    top = max(values)
    return [s for s, v in enumerate(values) if v == top]


def test_blind_kernel_matches_the_plain_simulator(equilibrium):
    """A three-seat blind round with a mixed seat: kernel against the plain simulator."""
    rules = BANKING
    stand = blind_seats(rules, ["stand"]).best[0]
    largest = blind_seats(rules, ["largest-set"]).best[0]
    eq_keeps = equilibrium.first.keeps[equilibrium.first.support()[0]]
    weights = (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    tables = (stand, largest, eq_keeps)
    mixed = Mixture(
        np.array([0.25, 0.25, 0.5]),
        np.array([table_distribution(rules, t)[0] for t in tables]),
        ix.N_THROWS**rules.throws,
        weights,
        tables,
    )
    policy = [mixed, "largest-set", "stand"]
    strength = hand_table(rules).strength
    plain_seats = [
        [(float(w), _keep_fn(t)) for w, t in zip(weights, tables, strict=True)],
        [(1.0, _keep_fn(largest))],
        [(1.0, _keep_fn(stand))],
    ]
    rng = random.Random(17)
    n_plain = 8_000
    shares = [0.0, 0.0, 0.0]
    for _ in range(n_plain):
        winners = _plain_blind_round(rng, plain_seats, strength, rules.throws)
        for w in winners:
            shares[w] += 1 / len(winners)
    result = simulate_rounds(
        rules, 3, policy=policy, run=RunOptions(n=200_000, seed=17, progress=False)
    )
    exact = chances(rules, [mixed.exact(), *blind_seats(rules, policy[1:]).distributions])
    for seat in range(3):
        a = result.seats[seat]
        b = shares[seat] / n_plain
        se = math.sqrt(b * (1 - b) / n_plain + a.std_error**2)
        assert abs(a.estimate - b) / se < BOUND, seat
        # Shares lie in [0, 1], so their standard deviation is at most 1/2.
        assert abs((b - float(exact[seat])) / math.sqrt(0.25 / n_plain)) < BOUND
        assert abs(a.z_score(exact[seat])) < BOUND


# ----------------------------------------------------------------------------
# Reproducibility, the other knowledge, bad input, the command line.


def test_same_seed_same_result_for_any_worker_count(sticky_equilibrium):
    n = 3 * 32_768 + 1_000  # several chunks and a remainder
    runs = [
        simulate_rounds(STICKY, 3, run=RunOptions(n=n, seed=18, workers=w, progress=False))
        for w in (1, 2, 3)
    ]
    for other in runs[1:]:
        assert other.seats == runs[0].seats
        assert np.array_equal(other.hist, runs[0].hist)
    different = simulate_rounds(STICKY, 3, run=RunOptions(n=n, seed=19, progress=False))
    assert not np.array_equal(different.hist, runs[0].hist)


def test_seen_banking_rounds_still_match_the_solved_round():
    from pokerdice_stats.games.seen.exact.rounds import solve_round

    result = simulate_rounds(
        BANKING, 2, knowledge="seen", run=RunOptions(n=100_000, seed=20, progress=False)
    )
    assert result.knowledge == "seen" and result.hist is None
    seen = dataclasses.replace(BANKING, knowledge="seen")
    for est, value in zip(result.seats, solve_round(seen, 2).win, strict=True):
        assert abs(est.z_score(float(value))) < BOUND


def test_bad_blind_options_are_refused():
    with pytest.raises(OptionError):
        simulate_rounds(BANKING, 2, knowledge="psychic", run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):
        simulate_rounds(BANKING, 2, policy="nonsense", run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):
        simulate_rounds(BANKING, 3, policy="stand,stand", run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):
        simulate_rounds(
            BANKING, 2, knowledge="seen", policy="stand", run=RunOptions(n=10, progress=False)
        )
    with pytest.raises(OptionError):
        simulate_rounds(BANKING, 6, run=RunOptions(n=10, progress=False))
    limited = get_rules("banking", {"throw_limit": "first-player"})
    with pytest.raises(OptionError):
        simulate_rounds(limited, 2, run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):  # a mixture without keep tables cannot be played
        bare = Mixture(np.array([1.0]), *strategy_distribution(BANKING, "stand"))
        simulate_rounds(BANKING, 2, policy=[bare, "stand"], run=RunOptions(n=10, progress=False))
    with pytest.raises(OptionError):  # tables of other turn rules
        two = get_rules("banking", {"throws": 2})
        simulate_rounds(
            two,
            2,
            policy=[banking_equilibrium(BANKING).first, "stand"],
            run=RunOptions(n=10, progress=False),
        )


def test_command_line_blind_round(capsys):
    import json

    code = main(
        [
            "simulate",
            "--what",
            "round",
            "--rules",
            "banking",
            "--policy",
            "stand,largest-set",
            "--n",
            "20000",
            "--seed",
            "3",
            "--no-progress",
            "--format",
            "json",
        ]
    )
    assert code == 0
    record = json.loads(capsys.readouterr().out)
    assert record["knowledge"] == "blind"
    assert record["policies"] == ["stand", "largest-set"]
    x, y = (strategy_distribution(BANKING, name) for name in ("stand", "largest-set"))
    share = float((1 + game_value(x, y, banking_payout(BANKING))) / 2)
    seat = record["seats"][0]
    assert seat["exact"] == pytest.approx(share, abs=1e-15)
    assert seat["ci_low"] < seat["estimate"] < seat["ci_high"]
    assert seat["n"] == 20_000 and seat["seed"] == 3
    code = main(
        ["simulate", "--what", "round", "--rules", "banking", "--n", "2000", "--no-progress"]
    )
    assert code == 0
    assert "blind" in capsys.readouterr().out
    for bad, words in (
        (["--knowledge", "seen", "--policy", "stand"], "named policies apply to blind rounds"),
        (["--policy", "stand,stand,stand"], "one for each of the 2 seats, got 'stand,stand,stand'"),
        (["--what", "match", "--knowledge", "blind"], "--knowledge does not apply to --what match"),
    ):
        args = ["simulate", "--rules", "banking", "--n", "10", "--no-progress"]
        if "--what" not in bad:
            args += ["--what", "round"]
        assert_cli_error(capsys, args + bad, words)


def test_crosscheck_blind_group():
    from pokerdice_stats.games.checks import crosscheck

    checks = crosscheck(("blind",), run=RunOptions(n=100_000, seed=21, progress=False))
    assert len(checks) == 6
    figures = {c.figure for c in checks}
    assert "seat 1 share (stand vs largest-set)" in figures
    assert "seat 1 share (equilibrium vs equilibrium)" in figures
    for check in checks:
        assert isinstance(check.exact, Fraction)
        assert abs(check.z) < BOUND, (check.group, check.figure, check.z)


def test_docstring_examples():
    import doctest

    import pokerdice_stats.games.banking.exact.rounds as blind

    result = doctest.testmod(blind)
    assert result.attempted > 0 and result.failed == 0


def test_blind_rounds_on_dask_equal_threads():
    """The blind chunks on an in-process Dask cluster (no network) give the same bits."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,
            dashboard_address="127.0.0.1:0",  # loopback only
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        local = simulate_rounds(
            STICKY, 3, run=RunOptions(n=70_000, seed=22, workers=2, progress=False)
        )
        remote = simulate_rounds(
            STICKY, 3, run=RunOptions(n=70_000, seed=22, scheduler=client, progress=False)
        )
    assert remote.seats == local.seats
    assert np.array_equal(remote.hist, local.hist)
