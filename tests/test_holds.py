"""The hold kernels against the brute-force expectimax of ``reference_holds``, on every state.

Goals are built twice: with :mod:`pokerdice_stats.turn.goals` for the kernels, and
from the reference classifier of ``reference.py`` for the oracle; the goal
values are compared first, then every state value, every hold's value, the
canonical hold, the turn value and the distribution of final hands, exactly.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from reference import LADDERS, reference_category, reference_key, rules_args
from reference_holds import ReferenceTurn, all_hands, first_throws

from pokerdice_stats import get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import DiceError, OptionError
from pokerdice_stats.kernels import _numba, reroll
from pokerdice_stats.turn import induction
from pokerdice_stats.turn.goals import at_least, beat, beat_all, exactly, payout_against, score
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve

#: Sorted rank tuple of each hand index and each keep index (the test harness's bridge).
HANDS = [tuple(sorted(ix.ranks_of_counts(c))) for c in ix.HAND_COUNTS]
KEEPS = [tuple(sorted(ix.ranks_of_counts(c))) for c in ix.KEEP_COUNTS]
KEEP_OF = {k: i for i, k in enumerate(KEEPS)}
HAND_OF = {h: i for i, h in enumerate(HANDS)}

#: Turn rules: (label, options).
TURN_RULES = [
    ("free", {}),
    ("rethrow3", {"max_rethrow": 3, "max_rethrow_scope": "throw"}),
    ("rethrow2", {"max_rethrow": 2, "max_rethrow_scope": "throw"}),
    ("turn3", {"max_rethrow": 3}),
    ("turn2", {"max_rethrow": 2, "max_rethrow_scope": "turn"}),
    ("sticky", {"sticky_holds": True}),
    ("sticky-rethrow3", {"sticky_holds": True, "max_rethrow": 3}),
]

#: Per preset: goals as (kind, argument); "beat" arguments are written in the preset's chart.
GOAL_SPECS = {
    "gameweave": [
        ("at-least", "five-of-a-kind"),
        ("at-least", "full-house"),
        ("at-least", "two-pair"),
        ("exactly", "straight"),
        ("exactly", "three-of-a-kind"),
        ("beat", ("Q Q Q 9 9", 0)),
        ("beat", ("K K J J 10", Fraction(1, 2))),
        ("score", None),
        ("payout", None),
    ],
    "triple-snakes": [
        ("at-least", "four-of-a-kind"),
        ("at-least", "small-straight"),
        ("exactly", "straight"),
        ("exactly", "one-pair"),
        ("beat", ("4 4 4 2 2", 0)),
        ("beat", ("5 5 5 3 1", Fraction(1, 2))),
        ("score", None),
        ("payout", None),
    ],
}
PRESETS_TESTED = tuple(GOAL_SPECS)

#: Points of the score goal (negative for the weakest hands), by category.
POINTS = {
    "five-of-a-kind": 50,
    "four-of-a-kind": 20,
    "full-house": 8,
    "straight": 6,
    "small-straight": Fraction(7, 2),
    "three-of-a-kind": 3,
    "two-pair": 1,
    "one-pair": 0,
    "high-die": -2,
}
#: Payout against an opponent's single throw: win, tie, lose.
PAYOUT = (3, 0, -2)


def _rules(preset: str, options: dict):
    return get_rules(preset, options)


def _package_goal(table, kind, argument):
    rules = table.rules
    if kind == "at-least":
        return at_least(table, argument)
    if kind == "exactly":
        return exactly(table, argument)
    if kind == "beat":
        dice, tie = argument
        return beat(table, dice, tie)
    if kind == "score":
        return score(table, {c: POINTS[c] for c in rules.category_slugs})
    win, tie, lose = PAYOUT
    s = table.strength.astype(np.int64)
    payout = np.where(s[:, None] > s[None, :], win, np.where(s[:, None] == s[None, :], tie, lose))
    return payout_against(table, ix.HAND_WAYS, ix.N_THROWS, payout)


def _reference_goal(rules, kind, argument) -> dict:
    args = rules_args(rules)
    ladder = LADDERS[rules.straights]
    key = {h: reference_key(h, **args) for h in all_hands()}
    cat = {h: reference_category(h, **args) for h in all_hands()}
    if kind == "at-least":
        limit = ladder.index(argument)
        return {h: Fraction(int(ladder.index(cat[h]) <= limit)) for h in all_hands()}
    if kind == "exactly":
        return {h: Fraction(int(cat[h] == argument)) for h in all_hands()}
    if kind == "beat":
        dice, tie = argument
        labels = rules.face_chart.labels
        target = key[tuple(sorted(labels.index(d) for d in dice.split()))]
        return {
            h: Fraction(1) if key[h] > target else (Fraction(tie) if key[h] == target else 0)
            for h in all_hands()
        }
    if kind == "score":
        return {h: Fraction(POINTS[cat[h]]) for h in all_hands()}
    win, tie, lose = PAYOUT
    result = {}
    for h in all_hands():
        total = Fraction(0)
        for other, ways in first_throws():
            pay = win if key[h] > key[other] else (tie if key[h] == key[other] else lose)
            total += Fraction(ways * pay, 6**5)
        result[h] = total
    return result


@pytest.fixture(scope="module")
def cases():
    """Solved policies and reference turns, built once per (preset, turn rule)."""
    store: dict = {}

    def get(preset: str, label: str):
        if (preset, label) not in store:
            options = dict(TURN_RULES)[label]
            rules = _rules(preset, options)
            table = hand_table(rules)
            specs = GOAL_SPECS[preset]
            goals = [_package_goal(table, kind, arg) for kind, arg in specs]
            references = [
                ReferenceTurn(
                    _reference_goal(rules, kind, arg),
                    max_rethrow=rules.max_rethrow,
                    sticky=rules.sticky_holds,
                    scope=rules.max_rethrow_scope,
                )
                for kind, arg in specs
            ]
            # The compiled kernels, checked against the reference below; the numpy
            # twins must give the very same arrays (so they meet the reference too).
            with induction.quick_limit(-1):
                policies = {n: solve(rules, goals, throws=n) for n in (1, 2, 3)}
                floats = solve(rules, goals, throws=3, exact=False)
            with induction.quick_limit(10**9):
                twins = {n: solve(rules, goals, throws=n) for n in (1, 2, 3)}
                twins[0] = solve(rules, goals, throws=3, exact=False)
            for mine, theirs in [*((policies[n], twins[n]) for n in (1, 2, 3)), (floats, twins[0])]:
                assert np.array_equal(mine.turn, theirs.turn)
                for a, b in zip(mine.stages, theirs.stages, strict=True):
                    assert np.array_equal(a.state_values, b.state_values)
                    assert np.array_equal(a.keep_values, b.keep_values)
                    assert np.array_equal(a.best_keep, b.best_keep)
            store[preset, label] = (rules, goals, references, policies, floats)
        return store[preset, label]

    return get


def _turn_scoped(rules) -> bool:
    """Whether states are (untouched first-throw dice, hand) pairs."""
    return not rules.sticky_holds and rules.max_rethrow < 5 and rules.max_rethrow_scope == "turn"


def _states(rules):
    """Every state (hand index, aside or untouched keep index, or None) of the rules.

    Under a turn-scoped max_rethrow: the untouched dice are the whole hand (after
    the first throw) or at least ``5 - max_rethrow`` of its dice.
    """
    if not rules.sticky_holds and not _turn_scoped(rules):
        return [(h, None) for h in range(ix.N_HANDS)]
    states = []
    for h in range(ix.N_HANDS):
        for k in range(ix.N_KEEPS):
            if (ix.KEEP_COUNTS[k] <= ix.HAND_COUNTS[h]).all():
                if _turn_scoped(rules) and ix.KEEP_SIZE[k] < 5 - rules.max_rethrow:
                    continue
                states.append((h, k))
    return states


def _case(preset: str, label: str):
    """One (preset, turn rule) case; every test of a case runs in one process
    (``--dist loadgroup``), so the case's solves and its reference turns are built once."""
    return pytest.param(preset, label, marks=pytest.mark.xdist_group(f"holds-{preset}-{label}"))


CASES = [_case(p, label) for p in PRESETS_TESTED for label, _ in TURN_RULES]


@pytest.mark.parametrize(("preset", "label"), CASES)
def test_goal_values_match_reference(cases, preset, label):
    _, goals, references, _, _ = cases(preset, label)
    for goal, ref in zip(goals, references, strict=True):
        assert [goal.value(h) for h in range(ix.N_HANDS)] == [ref.goal[h] for h in HANDS], goal.name


@pytest.mark.parametrize(("preset", "label"), CASES)
def test_every_state_and_hold_matches_reference(cases, preset, label):
    rules, goals, references, policies, floats = cases(preset, label)
    policy = policies[3]
    states = _states(rules)
    # under a turn scope: every untouched part each keep may carry on
    carried_by = {k: [None] for k in range(ix.N_KEEPS)}
    if _turn_scoped(rules):
        inside = (ix.KEEP_COUNTS[:, None, :] <= ix.KEEP_COUNTS[None, :, :]).all(axis=-1)
        for k in range(ix.N_KEEPS):
            carried_by[k] = [
                a
                for a in range(ix.N_KEEPS)
                if inside[a, k] and ix.KEEP_SIZE[a] >= 5 - rules.max_rethrow
            ]
    for g, ref in enumerate(references):
        for t in (0, 1, 2):
            for h, aside in states:
                aside_t = KEEPS[aside] if aside is not None else ()
                expected = ref.value(HANDS[h], t, aside_t)
                got = policy.state_value(h, t, g, aside)
                assert got == expected, (goals[g].name, t, HANDS[h], aside_t)
                assert abs(floats.state_value(h, t, g, aside) - float(expected)) <= 1e-12 * max(
                    1.0, abs(float(expected))
                )
                keep = policy.best_keep(h, t, g, aside)
                assert KEEPS[keep] == ref.best(HANDS[h], t, aside_t), (goals[g].name, t, HANDS[h])
        for t in (1, 2):
            for k in range(ix.N_KEEPS):
                if ix.KEEP_SIZE[k] == ix.N_DICE:
                    continue
                if not _turn_scoped(rules) and ix.KEEP_SIZE[k] < 5 - rules.max_rethrow:
                    # a keep that throws more dice again than the rules allow has no value
                    with pytest.raises(OptionError, match="max_rethrow"):
                        policy.keep_value(k, t, g)
                    continue
                for a in carried_by[k]:
                    if a is None:
                        expected = ref.hold_value(KEEPS[k], t)
                    else:
                        expected = ref.hold_value(KEEPS[k], t, KEEPS[a])
                    got = policy.keep_value(k, t, g, a)
                    assert got == expected, (goals[g].name, t, KEEPS[k], a)
                    got = floats.keep_value(k, t, g, a)
                    assert abs(got - float(expected)) <= 1e-12 * max(1.0, abs(float(expected)))


@pytest.mark.parametrize(("preset", "label"), CASES)
def test_turn_value_and_final_distribution_match_reference(cases, preset, label):
    _, goals, references, policies, floats = cases(preset, label)
    for throws, policy in policies.items():
        numerators, denominator = policy.final_distribution()
        assert denominator == ix.N_THROWS**throws
        for g, ref in enumerate(references):
            assert policy.value(g) == ref.turn_value(throws), (goals[g].name, throws)
            expected = ref.final_distribution(throws)
            got = {
                HANDS[h]: Fraction(int(numerators[g, h]), denominator)
                for h in range(ix.N_HANDS)
                if numerators[g, h] != 0
            }
            assert got == expected, (goals[g].name, throws)
            assert sum(got.values()) == 1
            # The distribution reproduces the value.
            assert sum(p * ref.goal[h] for h, p in got.items()) == policy.value(g)
    float_final, one = floats.final_distribution()
    exact_final, denominator = policies[3].final_distribution()
    assert one == 1
    for g in range(len(goals)):
        assert abs(floats.value(g) - float(policies[3].value(g))) <= 1e-12 * max(
            1.0, abs(float(policies[3].value(g)))
        )
        expected = np.array([int(n) / denominator for n in exact_final[g]])
        np.testing.assert_allclose(float_final[g], expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("preset", "label"), [_case("gameweave", "free"), _case("gameweave", "sticky")]
)
def test_alternatives_table(cases, preset, label):
    """Every allowed hold listed once, best first, canonical order among equals."""
    _, _, references, policies, floats = cases(preset, label)
    policy = policies[3]
    hands = range(0, ix.N_HANDS, 7)
    for g in (0, 1, 5):
        ref = references[g]
        for h in hands:
            for t in (0, 1, 2):
                frame = policy.alternatives(h, t, g)
                expected = ref.alternatives(HANDS[h], t, ())
                got = {
                    KEEPS[k]: v for k, v in zip(frame["keep_index"], frame["value"], strict=True)
                }
                assert got == expected
                assert len(frame) == len(expected)
                values = list(frame["value"])
                assert values == sorted(values, reverse=True)
                top = values[0]
                assert list(frame["optimal"]) == [v == top for v in values]
                assert KEEPS[frame["keep_index"][0]] == ref.best(HANDS[h], t, ())
                assert frame["canonical"].sum() == 1 and frame["canonical"][0]
                ffloat = floats.alternatives(h, t, g)
                assert ffloat["canonical"][0] and ffloat["keep_index"][0] == frame["keep_index"][0]
                assert list(ffloat["optimal"]) == list(frame["optimal"])
                assert policy.optimal_keeps(h, t, g) == [
                    KEEP_OF[k] for k, v in expected.items() if v == top
                ]
                np.testing.assert_allclose(
                    ffloat["value_float"], frame["value_float"], rtol=0, atol=1e-12
                )


@pytest.mark.xdist_group("holds-gameweave-sticky")
def test_sticky_alternatives_respect_aside(cases):
    rules, _goals, references, policies, _ = cases("gameweave", "sticky")
    policy = policies[3]
    table = hand_table(rules)
    h = table.hand("K K J 10 9")
    aside = ix.keep_index(ix.counts_of_ranks([4]))  # one king set aside
    frame = policy.alternatives(h, 1, 0, aside)
    ref = references[0]
    expected = ref.alternatives(HANDS[h], 1, (4,))
    assert {
        KEEPS[k]: v for k, v in zip(frame["keep_index"], frame["value"], strict=True)
    } == expected
    assert all(4 in KEEPS[k] for k in frame["keep_index"])
    with pytest.raises(DiceError):
        policy.state_value(table.hand("Q Q J 10 9"), 1, 0, aside)


def test_published_five_of_a_kind_in_three_throws():
    """Keep the largest set: 2783176 / 60466176 (about 4.6029 %)."""
    rules = get_rules("gameweave")
    policy = solve(rules, at_least(hand_table(rules), "five-of-a-kind"))
    assert policy.value() == Fraction(2783176, 60466176) == Fraction(347897, 7558272)
    assert abs(float(policy.value()) - 0.046029) < 5e-7
    # Classic and banking rank the same sets, so the chance is the same.
    for preset in ("classic", "banking", "progressive"):
        other = get_rules(preset)
        assert solve(other, at_least(hand_table(other), "five-of-a-kind")).value() == policy.value()


@pytest.mark.parametrize("scope", ["throw", "turn"])
def test_object_path_matches_reference(scope):
    """Numerators too big for int64 go through Python integers, still exact."""
    rules = get_rules("gameweave", {"max_rethrow": 3, "max_rethrow_scope": scope})
    table = hand_table(rules)
    points = {"five-of-a-kind": 10**15 + 7, "full-house": Fraction(10**12, 3), "high-die": -(10**9)}
    goal = score(table, points)
    policy = solve(rules, [goal, at_least(table, "full-house")])
    assert policy.stand.dtype == object
    ref = ReferenceTurn(
        lambda h: Fraction(
            points.get(reference_category(h, **rules_args(rules)), 0),
        ),
        max_rethrow=3,
        scope=scope,
    )
    for h in range(ix.N_HANDS):
        for t in (0, 1, 2):
            # under the turn scope: every die untouched, as after the first throw
            aside = int(ix.HAND_KEEP[h]) if scope == "turn" else None
            untouched = HANDS[h] if scope == "turn" else ()
            assert policy.state_value(h, t, 0, aside) == ref.value(HANDS[h], t, untouched)
            assert KEEPS[policy.best_keep(h, t, 0, aside)] == ref.best(HANDS[h], t, untouched)
    assert policy.value(0) == ref.turn_value(3)
    numerators, denominator = policy.final_distribution()
    got = {HANDS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators[0]) if n}
    assert got == ref.final_distribution(3)
    # The probability goal batched with it is unaffected.
    plain = solve(rules, at_least(table, "full-house"))
    assert policy.value(1) == plain.value(0)
    floats = solve(rules, goal, exact=False)
    assert abs(floats.value() / float(policy.value(0)) - 1) < 1e-12
    # Equal holds stay equal in floats at this scale (the tolerance is relative).
    for h in range(ix.N_HANDS):
        for t in (1, 2):
            aside = int(ix.HAND_KEEP[h]) if scope == "turn" else None
            assert floats.best_keep(h, t, 0, aside) == policy.best_keep(h, t, 0, aside)


def test_batched_equals_one_at_a_time():
    rules = get_rules("triple-snakes", {"sticky_holds": True})
    table = hand_table(rules)
    goals = [at_least(table, c) for c in rules.category_slugs]
    batch = solve(rules, goals)
    for g, goal in enumerate(goals):
        alone = solve(rules, goal)
        assert batch.value(g) == alone.value()
        np.testing.assert_array_equal(batch.stages[1].best_keep[g], alone.stages[1].best_keep[0])


def test_more_throws_never_hurt_and_four_throws_is_exact():
    rules = get_rules("gameweave")
    table = hand_table(rules)
    goal = at_least(table, "four-of-a-kind")
    values = [solve(rules, goal, throws=n).value() for n in range(1, 7)]
    assert values == sorted(values)
    ref = ReferenceTurn(
        lambda h: Fraction(int(max(Counter(h).values()) >= 4)),
    )
    assert values[3] == ref.turn_value(4)
    for throws in (4, 6):
        policy = solve(rules, goal, throws=throws)
        numerators, denominator = policy.final_distribution()
        assert sum(int(n) for n in numerators[0]) == denominator == 7776**throws
        total = sum(
            Fraction(int(n), denominator) * goal.value(h) for h, n in enumerate(numerators[0])
        )
        assert total == policy.value() == values[throws - 1]


def test_bad_throws_left():
    rules = get_rules("gameweave")
    policy = solve(rules, at_least(hand_table(rules), "full-house"))
    with pytest.raises(OptionError):
        policy.state_value(0, 3)
    with pytest.raises(OptionError):
        policy.keep_value(0, 0)
    with pytest.raises(OptionError):
        solve(rules, at_least(hand_table(rules), "full-house"), throws=0)


@pytest.mark.parametrize("options", [{}, {"sticky_holds": True, "max_rethrow": 3}])
def test_threaded_kernels_match_serial(monkeypatch, options):
    """Large batches run on numba's threads: the same numbers as one thread."""
    rules = get_rules("gameweave", options)
    goals = beat_all(hand_table(rules))[::4]
    serial = solve(rules, goals)
    serial_final = serial.final_distribution()[0]
    monkeypatch.setattr(induction, "PARALLEL_MIN_GOALS", 1)
    monkeypatch.setattr(_numba, "threads", lambda: 2)  # the threaded build on any machine
    assert induction.kernels_for(len(goals), np.int64) is reroll
    threaded = solve(rules, goals)
    assert serial.values() == threaded.values()
    for a, b in zip(serial.stages, threaded.stages, strict=True):
        np.testing.assert_array_equal(a.state_values, b.state_values)
        np.testing.assert_array_equal(a.best_keep, b.best_keep)
    np.testing.assert_array_equal(serial_final, threaded.final_distribution()[0])


def test_goal_grammar_and_huge_scores(tmp_path):
    from pokerdice_stats.ground.errors import GoalError
    from pokerdice_stats.turn.goals import parse_goal

    table = hand_table(get_rules("gameweave"))
    spaced = parse_goal('beat:"Q Q Q 9 9", tie = 1/2', table)
    assert spaced.name == 'beat:"Q Q Q 9 9",tie=1/2'
    assert spaced.value(table.hand("Q Q Q 9 9")) == Fraction(1, 2)
    assert parse_goal("beat:QQQ99", table).name == 'beat:"Q Q Q 9 9"'
    points = tmp_path / "points.toml"
    points.write_text('[points]\nfive-of-a-kind = "1000000000000000000000"\nhigh-die = -1\n')
    goal = parse_goal(f"score:{points}", table)
    assert goal.numerators.dtype == object
    policy = solve(table.rules, goal)
    expected = Fraction(10**21) * Fraction(347897, 7558272)
    assert policy.value() > expected - 1  # at least the five-of-a-kind chase, less a point
    ref = ReferenceTurn(
        lambda h: Fraction(10**21) if len(set(h)) == 1 else (-1 if _is_bust(h) else 0)
    )
    assert policy.value() == ref.turn_value(3)
    with pytest.raises(GoalError):
        parse_goal('beat:"Q Q Q 9 9",tie=2', table)


def _is_bust(hand) -> bool:
    """Five different faces that are not a straight (gameweave)."""
    return len(set(hand)) == 5 and set(hand) not in ({0, 1, 2, 3, 4}, {1, 2, 3, 4, 5})


def test_object_path_sticky_matches_reference():
    """Python-integer values under sticky holds (the sticky object kernels)."""
    rules = get_rules("triple-snakes", {"sticky_holds": True, "max_rethrow": 3})
    table = hand_table(rules)
    points = {"five-of-a-kind": 10**16 + 1, "small-straight": 10**12, "one-pair": -7}
    goal = score(table, points)
    policy = solve(rules, goal)
    assert policy.stand.dtype == object
    args = rules_args(rules)
    ref = ReferenceTurn(
        lambda h: Fraction(points.get(reference_category(h, **args), 0)),
        max_rethrow=3,
        sticky=True,
    )
    for h, aside in _states(rules)[::3]:
        aside_t = KEEPS[aside] if aside is not None else ()
        for t in (1, 2):
            assert policy.state_value(h, t, 0, aside) == ref.value(HANDS[h], t, aside_t)
            assert KEEPS[policy.best_keep(h, t, 0, aside)] == ref.best(HANDS[h], t, aside_t)
    assert policy.value() == ref.turn_value(3)
    numerators, denominator = policy.final_distribution()
    got = {HANDS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators[0]) if n}
    assert got == ref.final_distribution(3)


def test_four_throws_sticky_final_distribution_in_python_integers():
    rules = get_rules("gameweave", {"sticky_holds": True, "max_rethrow": 2})
    table = hand_table(rules)
    goal = at_least(table, "full-house")
    policy = solve(rules, goal, throws=4)
    numerators, denominator = policy.final_distribution()
    assert numerators.dtype == object and denominator == 7776**4
    ref = ReferenceTurn(
        {h: Fraction(int(goal.value(HAND_OF[h]))) for h in HANDS}, max_rethrow=2, sticky=True
    )
    assert policy.value() == ref.turn_value(4)
    got = {HANDS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators[0]) if n}
    assert got == ref.final_distribution(4)


@pytest.mark.parametrize("options", [{}, {"sticky_holds": True, "max_rethrow": 3}])
@pytest.mark.parametrize("throws", [3, 4])
def test_one_forward_pass_pooled_and_by_throw_agree(options, throws):
    """The forward pass of holds and of the staged turn is one: its two read-outs agree.

    Weights by throw, scaled to one denominator and summed, are the pooled final
    distribution; following the keep tables gives the policy's own distribution.
    Four throws run the Python-integer path.
    """
    from pokerdice_stats.turn.forward import final_hands, final_hands_by_throw

    rules = get_rules("gameweave", {"throws": throws, **options})
    table = hand_table(rules)
    policy = solve(rules, [at_least(table, "full-house"), at_least(table, "four-of-a-kind")])
    pooled, denominator = policy.final_distribution()
    keeps = [stage.best_keep for stage in reversed(policy.stages)]
    sticky = rules.sticky_holds
    by_throw, denominators = final_hands_by_throw(keeps, sticky=sticky, exact=True, n_goals=2)
    assert denominators == [ix.N_THROWS**t for t in range(1, throws + 1)]
    scaled = sum(
        by_throw[t].astype(object) * (denominator // denominators[t]) for t in range(throws)
    )
    assert (scaled == pooled.astype(object)).all()
    assert all(int(s) == denominator for s in pooled.astype(object).sum(axis=1))
    # The int16 keep tables of each goal replay the same distribution.
    for goal in range(2):
        tables = policy.keep_tables(goal)
        assert tables.shape == (throws - 1, ix.N_STICKY_STATES if sticky else ix.N_HANDS)
        replay, _ = final_hands(
            [t[None, :] for t in tables[::-1]], sticky=sticky, exact=True, n_goals=1
        )
        assert (replay[0].astype(object) == pooled[goal].astype(object)).all()
