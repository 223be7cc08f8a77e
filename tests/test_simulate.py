"""The simulation kernels: dice draws, tables, turns against the plain simulator and exact odds.

Statistical bounds.  Every comparison is a z-score with a fixed seed, so each
test is deterministic; the bound |z| < 4.5 is what a correct kernel meets
with overwhelming probability for *any* seed: P(|Z| > 4.5) = 6.8e-6 for one
figure, and with fewer than 300 figures in this file a union (Bonferroni)
bound gives a chance below 2e-3 that a correct kernel fails any of them under
a fresh seed.  A kernel that is wrong by a few per cent in one category, on the
other hand, moves that category's z by 10 or more at these sample sizes.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
import reference_simulate as ref

from pokerdice_stats import get_rules
from pokerdice_stats.engines.blind.simple_strategies import (
    distribution_of_keeps,
    strategy_distribution,
)
from pokerdice_stats.engines.simulation import policy_tables
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.run import chunk_state, play_chunk, run_one
from pokerdice_stats.engines.simulation.turns import TURN_CHUNK, TurnJob, policy_table
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds, simulate_turns
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.simulation import rng
from pokerdice_stats.turn.goals import parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.states import allowed_subkeeps

BOUND = 4.5


def z_proportion(count: int, n: int, p: float) -> float:
    if p in (0.0, 1.0):
        return 0.0 if count == round(p * n) else math.inf
    return (count / n - p) / math.sqrt(p * (1 - p) / n)


def z_two_samples(c1: int, n1: int, c2: int, n2: int) -> float:
    pooled = (c1 + c2) / (n1 + n2)
    if pooled in (0.0, 1.0):
        return 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return (c1 / n1 - c2 / n2) / se


def by_category(rules, hist: np.ndarray) -> np.ndarray:
    table = hand_table(rules)
    return np.bincount(table.category, weights=hist, minlength=len(rules.categories))


# ----------------------------------------------------------------------------
# The generator and the dice.


def test_xoshiro_matches_the_published_algorithm():
    """First outputs of xoshiro256** from state (1, 2, 3, 4), computed here in Python ints."""
    mask = (1 << 64) - 1

    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & mask

    s = [1, 2, 3, 4]
    expected = []
    for _ in range(5):
        expected.append(rotl((s[1] * 5) & mask, 7) * 9 & mask)
        t = (s[1] << 17) & mask
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    state = np.array([1, 2, 3, 4, 0, 0], dtype=np.uint64)
    got = [int(rng.next_u64(state)) for _ in range(5)]
    assert got == expected
    assert expected[0] == 11520  # the reference implementation's first output for this state


def test_throw_codes_are_uniform():
    """Chi-square over the 7,776 codes: |chi2 - df| / sqrt(2 df) < 4.5."""
    n = 7776 * 40
    out = np.empty(n, dtype=np.int64)
    rng.throw_codes(chunk_state(11, 0), n, out)
    assert out.min() >= 0 and out.max() < 7776
    counts = np.bincount(out, minlength=7776)
    expected = n / 7776
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    df = 7775
    assert abs(chi2 - df) / math.sqrt(2 * df) < BOUND
    # Each die (base-6 digit) is uniform too, and two digits are independent.
    digits = (out[:, None] // 6 ** np.arange(5)) % 6
    for d in range(5):
        for r, c in enumerate(np.bincount(digits[:, d], minlength=6)):
            assert abs(z_proportion(int(c), n, 1 / 6)) < BOUND, (d, r)
    pair = np.bincount(digits[:, 0] * 6 + digits[:, 4], minlength=36)
    for c in pair:
        assert abs(z_proportion(int(c), n, 1 / 36)) < BOUND


def test_dice_tables_give_the_reroll_model_exactly():
    """Every keep, every thrown outcome: the hands reached equal the REROLL row (ways)."""
    dice = dice_tables()
    for k in range(ix.N_KEEPS):
        m = ix.N_DICE - int(dice.keep_size[k])
        counter = Counter(
            int(dice.cc_to_hand[dice.keep_code[k] + dice.thrown_cc[m, c]]) for c in range(6**m)
        )
        row = slice(ix.REROLL.ptr[k], ix.REROLL.ptr[k + 1])
        scale = 6 ** int(dice.keep_size[k])
        expected = {
            int(h): int(w) // scale
            for h, w in zip(ix.REROLL.col[row], ix.REROLL.val[row], strict=True)
        }
        assert counter == expected, k
    assert list(dice.pow6) == [6**m for m in range(6)]
    assert all(int(t) == (1 << 32) % 6**m for m, t in enumerate(dice.thresholds))
    assert (dice.hand_keep == ix.HAND_KEEP).all()


def test_chunk_seeds_are_the_spawned_seed_sequences():
    children = np.random.SeedSequence(123).spawn(5)
    for i, child in enumerate(children):
        assert (chunk_state(123, i)[:4] == child.generate_state(4, np.uint64)).all()
    assert not (chunk_state(123, 0)[:4] == chunk_state(124, 0)[:4]).all()


# ----------------------------------------------------------------------------
# Policies as tables.


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"max_rethrow": "3"},
        {"max_rethrow": "2", "max_rethrow_scope": "turn"},
        {"max_rethrow": "3", "max_rethrow_scope": "throw"},
        {"sticky_holds": "true"},
        {"sticky_holds": "true", "max_rethrow": "2"},
    ],
)
@pytest.mark.parametrize("name", policy_tables.HEURISTICS)
def test_heuristic_tables_obey_the_turn_rules(name, options):
    rules = get_rules("gameweave", options)
    table = policy_tables.heuristic_table(rules, name)
    assert table.shape == (rules.throws - 1, policy_tables.n_states(rules))
    pairs = rules.sticky_holds or policy_tables.n_states(rules) > ix.N_HANDS
    for s, (aside, h) in enumerate(policy_tables.state_pairs(rules)):
        k = int(table[0, s])
        if k == ix.HAND_KEEP[h]:
            continue
        assert k in allowed_subkeeps(rules, h, aside if pairs else None), (s, k)


def test_largest_set_is_the_games_strategy():
    """The same heuristic as
    :mod:`pokerdice_stats.engines.blind.simple_strategies` (exact odds checked)."""
    from pokerdice_stats.engines.blind.simple_strategies import largest_set_keeps

    rules = get_rules("gameweave")
    assert (policy_tables.heuristic_table(rules, "largest-set")[0] == largest_set_keeps()).all()


def test_optimal_tables_are_the_policy_best_keeps():
    rules = get_rules("gameweave")
    goal = parse_goal("at-least:full-house", hand_table(rules))
    policy = solve(rules, goal)
    tables = policy_tables.optimal_tables(rules, [goal], exact=True)
    for t in (1, 2):
        for h in range(ix.N_HANDS):
            assert tables[0, t - 1, h] == policy.best_keep(h, t)


# ----------------------------------------------------------------------------
# Turns: kernel against the plain simulator and against exact distributions.


def _policy_fn(policy, sticky: bool):
    def fn(hand, left, aside):
        h = ix.hand_index(ix.counts_of_ranks(list(hand)))
        a = ix.keep_index(ix.counts_of_ranks(list(aside))) if sticky else None
        k = policy.best_keep(h, left, 0, a)
        return tuple(sorted(ix.ranks_of_counts(ix.KEEP_COUNTS[k])))

    return fn


@pytest.mark.parametrize("options", [{}, {"sticky_holds": "true", "max_rethrow": "3"}])
def test_kernel_matches_the_plain_simulator(options):
    """Category frequencies of the kernel and of the plain simulator agree (two-sample z)."""
    rules = get_rules("gameweave", options)
    table = hand_table(rules)
    goal = parse_goal("at-least:full-house", table)
    policy = solve(rules, goal)
    plain = ref.turns(
        5, 20_000, _policy_fn(policy, rules.sticky_holds), rules.throws, rules.sticky_holds
    )
    plain_hist = np.zeros(ix.N_HANDS)
    for hand, count in plain.items():
        plain_hist[ix.hand_index(ix.counts_of_ranks(list(hand)))] = count
    result = simulate_turns(
        rules, goal, run=RunOptions(n=200_000, seed=5, workers=1, progress=False)
    )
    a, b = by_category(rules, result.hist), by_category(rules, plain_hist)
    for c in range(len(rules.categories)):
        assert abs(z_two_samples(int(a[c]), 200_000, int(b[c]), 20_000)) < BOUND, c


CASES = [
    ("gameweave", {}, "at-least:full-house"),
    ("gameweave", {}, 'beat:"K K K Q Q"'),
    ("gameweave", {"throws": "2"}, "at-least:straight"),
    ("gameweave", {"sticky_holds": "true"}, "at-least:four-of-a-kind"),
    ("classic", {"max_rethrow": "3", "wild": "9"}, "at-least:full-house"),  # turn-scoped
    ("classic", {"max_rethrow": "3", "max_rethrow_scope": "throw"}, "at-least:full-house"),
    ("triple-snakes", {}, "at-least:small-straight"),
    ("progressive", {"throws": "4"}, "exactly:big-straight"),
]


@pytest.mark.parametrize(("preset", "options", "goal_text"), CASES)
def test_turns_match_the_exact_final_distribution(preset, options, goal_text):
    """Per category z-scores against the exact final distribution of the optimal policy."""
    rules = get_rules(preset, options)
    table = hand_table(rules)
    goal = parse_goal(goal_text, table)
    policy = solve(rules, goal)
    n = 300_000
    result = simulate_turns(rules, goal, run=RunOptions(n=n, seed=17, progress=False))
    exact = policy.final_by_category()
    counts = by_category(rules, result.hist)
    for c, cat in enumerate(rules.categories):
        assert abs(z_proportion(int(counts[c]), n, float(exact[cat.slug]))) < BOUND, cat.slug
    assert abs(result.estimate.z_score(policy.value())) < BOUND
    assert result.estimate.n == n and result.estimate.seed == 17
    assert result.throws_used.sum() == n


@pytest.mark.parametrize("name", ["stand", "largest-set", "chase-straights"])
def test_heuristic_turns_match_their_exact_distribution(name):
    rules = get_rules("gameweave")
    keeps = policy_tables.heuristic_table(rules, name)
    numerators, denominator = distribution_of_keeps(list(keeps), rules.throws)
    if name != "chase-straights":
        expected, _ = strategy_distribution(rules, name)
        assert (np.asarray(numerators) == np.asarray(expected)).all()
    n = 200_000
    result = simulate_turns(rules, None, name, run=RunOptions(n=n, seed=3, progress=False))
    table = hand_table(rules)
    for c, cat in enumerate(rules.categories):
        p = int(np.asarray(numerators)[table.category == c].sum()) / denominator
        count = int(result.hist[table.category == c].sum())
        assert abs(z_proportion(count, n, p)) < BOUND, cat.slug


def test_every_hand_of_a_single_throw():
    """Stand policy, per hand (252 cells): chi-square bound |chi2 - df| / sqrt(2 df) < 4.5."""
    rules = get_rules("gameweave")
    n = 500_000
    hist = simulate_turns(rules, None, "stand", run=RunOptions(n=n, seed=8, progress=False)).hist
    expected = ix.HAND_WAYS / 7776 * n
    chi2 = float(((hist - expected) ** 2 / expected).sum())
    assert abs(chi2 - 251) / math.sqrt(2 * 251) < BOUND


# ----------------------------------------------------------------------------
# Reproducibility.


def test_same_seed_same_result_for_any_number_of_threads():
    rules = get_rules("gameweave")
    runs = [
        simulate_turns(
            rules,
            "at-least:full-house",
            run=RunOptions(n=1_100_000, seed=42, workers=w, progress=False),
        )
        for w in (1, 2, 3)
    ]
    for other in runs[1:]:
        assert (other.hist == runs[0].hist).all()
        assert (other.throws_used == runs[0].throws_used).all()
        assert other.estimate == runs[0].estimate
    different = simulate_turns(
        rules, "at-least:full-house", run=RunOptions(n=1_100_000, seed=43, progress=False)
    )
    assert not (different.hist == runs[0].hist).all()


def test_a_larger_run_extends_a_smaller_one():
    """Chunk i's stream does not depend on the number of chunks."""
    rules = get_rules("gameweave")
    small = simulate_turns(
        rules, None, "stand", run=RunOptions(n=TURN_CHUNK, seed=9, progress=False)
    )
    large = simulate_turns(
        rules, None, "stand", run=RunOptions(n=2 * TURN_CHUNK, seed=9, progress=False)
    )
    job = TurnJob(policy_table(rules, "stand"), rules.throws - 1, False)
    second = run_one(play_chunk, job, 9, 1, TURN_CHUNK)["final_hands"]
    assert (large.hist == small.hist + second).all()


def test_rounds_are_bitwise_reproducible_across_threads():
    rules = get_rules("gameweave")
    a = simulate_rounds(rules, 3, run=RunOptions(n=70_000, seed=1, workers=1, progress=False))
    b = simulate_rounds(rules, 3, run=RunOptions(n=70_000, seed=1, workers=2, progress=False))
    assert a.seats == b.seats and (a.last_thrower == b.last_thrower).all()


def test_tables_are_exhaustive_for_small_throws():
    """All 6**m throws of m dice reach each thrown multiset as often as the multinomial says."""
    thrown_cc = dice_tables().thrown_cc
    for m in range(4):
        codes = Counter(int(thrown_cc[m, c]) for c in range(6**m))
        brute = Counter(sum(6**d for d in dice) for dice in itertools.product(range(6), repeat=m))
        assert codes == brute


def test_a_run_that_would_take_hours_is_refused_after_its_pace_is_measured(monkeypatch):
    """The pace is measured on the run (after its first chunk); a run past the longest
    allowed is stopped with an OptionError that says how long it would take."""
    import pokerdice_stats.engines.simulation.pace as pace
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.engines.simulation.turns import simulate_turns
    from pokerdice_stats.ground.errors import OptionError

    monkeypatch.setattr(pace, "MAX_RUN_SECONDS", 0.05)  # seconds, to keep the test short
    monkeypatch.setattr(pace, "MEASURED_SECONDS", 0.01)
    with pytest.raises(OptionError, match=r"would take about .* at this run's pace"):
        simulate_turns(
            get_rules("gameweave"), "at-least:full-house",
            run=RunOptions(n=10**10, workers=1, progress=False),
        )  # fmt: skip
