"""The numpy twins of the kernels give the compiled kernels' answers on every state.

The quick commands run the hold program on the numpy twins
(:mod:`pokerdice_stats.kernels.numpy_reroll`) and build hand keys in plain
Python (:mod:`pokerdice_stats.kernels.numpy_keys`), so that they never import
numba; the games' big batches run the numba kernels.  Here both paths solve the
same problems: every hand (state) × throws left × goal of ``standard_goals``
for every preset and turn rule, exact values compared exactly and float values
bit for bit; then the JSON answers of the quick commands, byte for byte.
"""

from __future__ import annotations

import numpy as np
import pytest
from cli_helpers import run_cli

from pokerdice_stats.engines.report.strategy_charts import standard_goals
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels import _numba, hold_wide, numpy_reroll, reroll, reroll_serial
from pokerdice_stats.turn import forward, induction
from pokerdice_stats.turn.goals import Goal, beat, beat_all, float_goals
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import PRESETS, get_rules

RULES = {
    **{name: (name, {}) for name in PRESETS},
    "sticky": ("classic", {"sticky_holds": True}),
    "rethrow-turn": ("classic", {"max_rethrow": 3, "max_rethrow_scope": "turn"}),
    "rethrow-throw": ("classic", {"max_rethrow": 3, "max_rethrow_scope": "throw"}),
    "wild-aces": ("gameweave", {"wild": "A"}),
    "four-throws": ("triple-snakes", {"throws": 4}),
}


def _solve(rules, goals, *, numpy: bool, exact: bool, monkeypatch):
    with induction.quick_limit(10**9 if numpy else -1):
        return solve(rules, goals, exact=exact)


def test_the_switch_picks_each_path(monkeypatch):
    """``kernels_for`` is the one decision: numpy for small batches while numba is not
    loaded and the twins have cost less than loading it; object batches always; the
    parallel build for big batches only when the process has more than one thread."""
    big = induction.PARALLEL_MIN_GOALS
    monkeypatch.setattr(_numba, "threads", lambda: 2)  # whatever this machine's cores
    with monkeypatch.context() as patch:  # a process without the compiled kernels
        patch.setattr(induction, "_COMPILED", "a module never imported")
        patch.setattr(induction, "_TWIN_SECONDS", [0.0])
        patch.setattr(induction, "NUMBA_LOAD_SECONDS", 0.05)  # a short test
        assert induction.kernels_for(1, np.int64) is numpy_reroll
        assert induction.one_goal_kernels() is None  # solve's one-goal path: not taken
        assert induction.kernels_for(induction.QUICK_GOALS, np.float64) is numpy_reroll
        assert induction.kernels_for(induction.QUICK_GOALS + 1, np.int64) is reroll_serial
        assert induction.kernels_for(big, np.int64) is reroll
        # The twins' bill reaches the price of loading numba: the kernels from then on.
        goals = beat_all(hand_table(get_rules("gameweave")))[:3]
        while induction._TWIN_SECONDS[0] < induction.NUMBA_LOAD_SECONDS:
            assert induction.kernels_for(3, np.int64) is numpy_reroll
            solve(get_rules("gameweave"), goals, exact=False).final_distribution()
        assert induction.kernels_for(1, np.int64) is reroll_serial
    # Numba loaded (the test imports it): the compiled kernels for every batch.
    assert induction.kernels_for(1, np.int64) is reroll_serial
    assert induction.one_goal_kernels() is reroll_serial
    assert induction.kernels_for(big - 1, np.float64) is reroll_serial
    assert induction.kernels_for(big, np.float64) is reroll
    assert induction.kernels_for(10**6, object) is numpy_reroll
    with monkeypatch.context() as patch:  # one thread: the serial build for every batch
        patch.setattr(_numba, "threads", lambda: 1)
        assert induction.kernels_for(big, np.float64) is reroll_serial
        assert induction.kernels_for(10**6, np.int64) is reroll_serial
    # An explicit limit decides by the batch alone.
    with induction.quick_limit(10):
        assert induction.kernels_for(10, np.int64) is numpy_reroll
        assert induction.one_goal_kernels() is None  # the twins: the general path
        assert induction.kernels_for(11, np.int64) is reroll_serial
        with induction.quick_limit(-1):
            assert induction.kernels_for(1, np.int64) is reroll_serial
            assert induction.one_goal_kernels() is reroll_serial
        bill = list(induction._TWIN_SECONDS)
        solve(get_rules("gameweave"), beat_all(hand_table(get_rules("gameweave")))[:2])
        assert induction._TWIN_SECONDS == bill  # the caller's choice: not on the bill


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("name", ["gameweave", "rethrow-throw", "four-throws", "wild-aces"])
def test_whole_pass_kernel_agrees_with_the_stages(name, exact, monkeypatch):
    """Over hands the compiled kernels run the whole backward pass in one call
    (``backward_hands``): the same numbers on every state as the stage-by-stage
    kernels, serial and on numba's threads."""
    rules = get_rules(*RULES[name])
    goals = beat_all(hand_table(rules))[::9]
    with induction.quick_limit(-1):
        whole = solve(rules, goals, exact=exact)
        with monkeypatch.context() as patch:
            patch.delattr(reroll_serial, "backward_hands")
            stages = solve(rules, goals, exact=exact)
        with monkeypatch.context() as patch:
            patch.setattr(induction, "PARALLEL_MIN_GOALS", 1)
            patch.setattr(_numba, "threads", lambda: 2)  # the threaded build on any machine
            assert induction.kernels_for(len(goals), np.int64) is reroll
            threads = solve(rules, goals, exact=exact)
    assert len(whole.stages) == rules.throws - 1
    for other in (stages, threads):
        for mine, theirs in zip(whole.stages, other.stages, strict=True):
            for field in ("keep_values", "state_values", "best_keep"):
                a, b = getattr(mine, field), getattr(theirs, field)
                assert a.dtype == b.dtype and a.shape == b.shape
                assert np.array_equal(a, b), (name, field)
        assert np.array_equal(whole.turn, other.turn)


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("name", list(RULES))
def test_hold_program_agrees_on_every_state(name, exact, monkeypatch):
    preset, options = RULES[name]
    rules = get_rules(preset, options)
    # standard_goals' middling hands fail when a wild face leaves a category empty.
    wild = rules.wild is not None
    goals = standard_goals(rules, with_beat=not wild)
    if wild:
        table = hand_table(rules)
        goals += [beat(table, h) for h in range(0, 252, 25)]
    quick = _solve(rules, goals, numpy=True, exact=exact, monkeypatch=monkeypatch)
    compiled = _solve(rules, goals, numpy=False, exact=exact, monkeypatch=monkeypatch)
    assert len(quick.stages) == rules.throws - 1
    for mine, theirs in zip(quick.stages, compiled.stages, strict=True):
        for field in ("keep_values", "state_values", "best_keep"):
            a, b = getattr(mine, field), getattr(theirs, field)
            assert a.dtype == b.dtype and a.shape == b.shape
            assert np.array_equal(a, b), (name, field)
    assert np.array_equal(quick.turn, compiled.turn)
    with induction.quick_limit(10**9):
        quick_final = quick.final_distribution()
    with induction.quick_limit(-1):
        compiled_final = compiled.final_distribution()
    assert quick_final[1] == compiled_final[1]
    assert np.array_equal(quick_final[0], compiled_final[0])
    assert quick_final[0].any()


QUICK_JSON = [
    ["hold", "K K J 10 9", "--format", "json"],
    ["hold", "K K J 10 9", "--format", "json", "--distribution"],
    ["hold", "3 3 2 1 6", "--rules", "triple-snakes", "--format", "json"],
    ["hold", "A A K 9 9", "--rules", "classic", "--set", "sticky_holds=true", "--format", "json"],
    ["chances", "--format", "json"],
    ["chances", "--rules", "classic", "--set", "max_rethrow=3", "--format", "json"],
    ["chances", "--goal", "at-least:full-house", "--format", "json"],
    ["odds", "--format", "json"],
    ["classify", "K K J 10 9", "--format", "json"],
    ["compare", "A A J J 9", "A A 10 10 K", "--format", "json"],
]


@pytest.mark.parametrize("argv", QUICK_JSON, ids=[" ".join(a) for a in QUICK_JSON])
def test_quick_commands_answer_alike_on_both_paths(argv, capsys, monkeypatch):
    outputs = []
    for limit in (10**9, -1):
        with induction.quick_limit(limit):
            code, out, err = run_cli(capsys, *argv)
        assert code == 0, err
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("{") or outputs[0].startswith("[")


KINDS = {"hand": "classic", "aside": "sticky", "original": "rethrow-turn"}


def _keep_tables(name: str) -> tuple[list[np.ndarray], str]:
    """The keep tables (first decision first) of a float solve of the standard goals."""
    from pokerdice_stats.turn.states import state_kind

    rules = get_rules(*RULES[name])
    policy = solve(rules, standard_goals(rules), exact=False)
    return [stage.best_keep for stage in reversed(policy.stages)], state_kind(rules)


@pytest.mark.parametrize("kind", list(KINDS))
def test_float_final_hands_are_the_exact_counts_divided_once(kind, monkeypatch):
    """Float chances of each final hand are the exact numerators over ``7776**throws``,
    divided once (so correctly rounded, whichever kernels add them up)."""
    keeps, found = _keep_tables(KINDS[kind])
    assert found == kind
    goals = keeps[0].shape[0]
    for limit in (10**9, -1):  # the twins, then the compiled kernels
        monkeypatch.setattr(induction, "_RAISED", [limit])
        chances, one = forward.final_hands(keeps, sticky=kind, exact=False, n_goals=goals)
        counts, denominator = forward.final_hands(keeps, sticky=kind, exact=True, n_goals=goals)
        assert one == 1 and denominator == 7776 ** (len(keeps) + 1)
        assert counts.dtype == np.int64 and chances.dtype == np.float64
        assert np.array_equal(chances, counts / float(denominator))
        by_throw, denominators = forward.final_hands_by_throw(
            keeps, sticky=kind, exact=False, n_goals=goals
        )
        exact_by_throw, _ = forward.final_hands_by_throw(
            keeps, sticky=kind, exact=True, n_goals=goals
        )
        for t, (mine, exact) in enumerate(zip(by_throw, exact_by_throw, strict=True), start=1):
            assert np.array_equal(mine, exact / float(7776**t))
        assert denominators == [1] * len(by_throw)


@pytest.mark.parametrize("scale", [50, 10**6], ids=["small-counts", "past-float-exact"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_integer_forward_steps_agree_with_the_kernels(kind, scale, monkeypatch):
    """Integer masses: the twins sum per row and throw once (float64 integers, exact
    below 2**53) or, past that bound, add entry by entry; the kernels' sums exactly."""
    from pokerdice_stats.turn.states import n_states

    keeps, _ = _keep_tables(KINDS[kind])
    goals = keeps[0].shape[0]
    start = np.random.default_rng(7).integers(0, scale, size=(goals, n_states(kind)))
    start[:, ::3] = 0  # dead states whatever keep their table names
    paths = []
    counted = numpy_reroll._scatter_counts

    def spy(mass, *args):
        paths.append(mass.max())
        counted(mass, *args)

    monkeypatch.setattr(numpy_reroll, "_scatter_counts", spy)
    outs = []
    for limit in (10**9, -1):
        monkeypatch.setattr(induction, "_RAISED", [limit])
        outs.append(forward.follow_keeps(keeps, start, kind=kind, exact=True))
    assert outs[0].dtype == outs[1].dtype == np.int64
    assert np.array_equal(outs[0], outs[1])
    assert outs[0].sum() == start.sum() * 7776 ** len(keeps)  # nothing lost
    # Each path is taken: every step on counts when small, not the last one when large.
    assert len(paths) == (len(keeps) if scale == 50 else len(keeps) - 1)


@pytest.mark.parametrize("values", ["signed", "nan"])
def test_whole_pass_kernel_orders_floats_as_the_stages_do(values):
    """The whole-pass kernels compare float values through integer keys: negative
    values, ``-0.0`` beside ``0.0``, near ties within the tolerance and (through their
    fallback) NaN give the numbers, bit for bit, of the stage-by-stage kernels; a few
    goals run one at a time, a batch side by side in blocks (the last one partial)."""
    rules = get_rules("gameweave")
    rng = np.random.default_rng(27)
    for n_goals in (4, induction.WIDE_MIN_GOALS + 54):
        rows = np.round(rng.normal(size=(n_goals, 252)), 1)  # many equal values: ties
        rows[0, ::3] = -0.0
        rows[1, ::5] = 0.0
        rows[2] = rows[2] * 1e-13  # everything within the tolerance of 1
        if values == "nan":
            rows[3, 7] = np.nan
        # a Goal refuses NaN (bad input); the rows of a game's seats (float_goals) are
        # not checked, so the kernels' ordering of one is checked through them
        goals = (
            list(float_goals("g", rows))
            if values == "nan"
            else [Goal(f"g{g}", row, 1) for g, row in enumerate(rows)]
        )
        with induction.quick_limit(-1):
            whole = solve(rules, goals, exact=False)
            with pytest.MonkeyPatch.context() as patch:
                patch.delattr(reroll_serial, "backward_hands")
                stages = solve(rules, goals, exact=False)
        for mine, theirs in zip(whole.stages, stages.stages, strict=True):
            for field in ("keep_values", "state_values", "best_keep"):
                a, b = getattr(mine, field), getattr(theirs, field)
                assert a.tobytes() == b.tobytes(), field
        assert whole.turn.tobytes() == stages.turn.tobytes()


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
def test_wide_kernel_is_the_goal_by_goal_kernel(exact, threads, monkeypatch):
    """``backward_hands_wide`` (a batch's goals side by side, its blocks on one thread or
    shared out among two) writes the numbers of ``backward_hands`` (one goal at a time)
    for batches of one partial block to several, signed numerators and odd denominators;
    it declines (False) a batch with a NaN, whichever thread meets it."""
    monkeypatch.setattr(_numba, "threads", lambda: threads)
    rules = get_rules("gameweave")
    rng = np.random.default_rng(28)
    tables = induction._hold_tables(reroll_serial, rules.max_rethrow)
    scales = induction._scales(exact, 2)
    for n_goals in (1, 17, hold_wide.WIDTH + 3, 3 * hold_wide.WIDTH + 5):
        numerators = rng.integers(-(10**6), 10**6 + 1, size=(n_goals, 252))
        stand = numerators.astype(np.int64) if exact else numerators / 7.0
        tolerance = 0 if exact else induction.float_tolerance(stand)
        throws = None if exact else ix.DIE_BY_DIE.throws
        outputs = []
        for kernel in (reroll_serial.backward_hands, hold_wide.backward_hands_wide):
            out = (
                np.zeros((2, n_goals, 462), dtype=stand.dtype),
                np.zeros((2, n_goals, 252), dtype=stand.dtype),
                np.zeros((2, n_goals, 252), dtype=np.int64),
            )
            kernel(stand, scales, tolerance, throws, tables, *out)
            outputs.append(out)
        for a, b in zip(*outputs, strict=True):
            assert a.tobytes() == b.tobytes()
    if not exact:
        stand[-1, 5] = np.nan
        out = (np.zeros((2, len(stand), 462)), np.zeros((2, len(stand), 252)))
        best = np.zeros((2, len(stand), 252), dtype=np.int64)
        args = (stand, scales, tolerance, throws, tables, *out, best)
        assert hold_wide.backward_hands_wide(*args) is False


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("kind", ["hand", "aside", "original"])
def test_wide_options_are_the_goal_by_goal_options(kind, exact, threads, monkeypatch):
    """``best_options_wide`` (a batch's goals side by side, its blocks on one thread or
    two) writes the values of ``best_options`` (one goal at a time) and its keeps through
    the labels, for every state kind, batches of one partial block to several, values
    with ties (small integers), signed zeros and NaN among the floats."""
    from pokerdice_stats.kernels import states_wide
    from pokerdice_stats.turn.states import state_options

    monkeypatch.setattr(_numba, "threads", lambda: threads)
    state_hand, opt_ptr, opt_keep = state_options(kind, 3)
    n_columns = int(opt_keep.max()) + 1
    offset = n_columns if kind == "original" else 0
    hand_keep = ix.HAND_KEEP_INT64 + offset
    labels = np.random.default_rng(3).permutation(offset + ix.N_KEEPS).astype(np.int64)
    for table in (hand_keep, labels):  # read-only, as the solver's tables: the same builds
        table.setflags(write=False)
    rng = np.random.default_rng(29)
    for n_goals in (1, 17, hold_wide.WIDTH + 3, 2 * hold_wide.WIDTH + 5):
        keep_values = rng.integers(-3, 4, size=(n_goals, n_columns))
        stand = rng.integers(-3, 4, size=(n_goals, ix.N_HANDS))
        if exact:
            keep_values, stand, tolerance = keep_values.astype(np.int64), stand.astype(np.int64), 0
        else:
            keep_values, stand = keep_values / 7.0, stand / 7.0
            # special values where states read them (the first options) and near-ties
            read = np.unique(opt_keep[:40])
            keep_values[0, read[:5]] = [np.nan, -0.0, 0.0, np.inf, -np.inf]
            keep_values[-1, read[5:10]] = stand[-1, 0] + np.array([0, 5e-13, -5e-13, 2e-12, 0])
            stand[-1, :3] = [np.nan, -0.0, 0.0]
            tolerance = 1e-12
        outputs = []
        for wide in (False, True):
            value = np.zeros((n_goals, len(state_hand)), dtype=stand.dtype)
            keep = np.zeros((n_goals, len(state_hand)), dtype=np.int64)
            arguments = (keep_values, stand, state_hand, opt_ptr, opt_keep, hand_keep, tolerance)
            if wide:
                states_wide.best_options_wide(*arguments, value, keep, labels)
            else:
                reroll_serial.best_options(*arguments, value, keep)
                keep = labels[keep]
            outputs.append((value.tobytes(), keep.tobytes()))
        assert outputs[0] == outputs[1], (kind, n_goals)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("kind", ["aside", "original"])
def test_wide_expectations_are_the_goal_by_goal_sums(kind, exact, threads, monkeypatch):
    """``expect_wide`` writes the sums of ``expect_keeps`` (carried keeps' rows) and
    ``expect_keeps_sticky`` (the reroll model's rows, its positions the states) bit for
    bit, with the ways the solver passes them (int64 ways for carried keeps, float ways
    under sticky holds), for batches of one partial block to several, with signed zeros,
    infinities and NaN among the floats (a first state's NaN or infinity starts every sum
    at NaN).  Where a sum meets NaNs of both signs, only the NaN's sign may differ."""
    from pokerdice_stats.kernels import states_wide
    from pokerdice_stats.turn.states import carried_keeps, carried_ways

    monkeypatch.setattr(_numba, "threads", lambda: threads)
    if kind == "original":
        _, _, ptr, index = carried_keeps()
        ways = carried_ways()
        n_states = ix.N_STICKY_STATES
    else:
        assert ix.REROLL.val is not None
        ptr, ways = ix.REROLL.ptr, ix.REROLL.val
        index = np.arange(len(ways), dtype=np.int64)
        index.setflags(write=False)  # read-only, as the solver's tables: the same builds
        n_states = len(ways)
    rng = np.random.default_rng(30)
    for n_goals in (1, 17, hold_wide.WIDTH + 3, 2 * hold_wide.WIDTH + 5):
        numerators = rng.integers(-(10**6), 10**6 + 1, size=(n_goals, n_states))
        if exact:
            values, row_ways = numerators.astype(np.int64), ways
        else:
            # as the solver passes them: float ways under sticky holds, int64 carried
            values = numerators / 7.0
            row_ways = ways if kind == "original" else ways.astype(np.float64)
            row_ways.setflags(write=False)
            values[0, :4] = [-0.0, 0.0, np.inf, -np.inf]
            values[-1, 0] = np.nan
            values[min(1, n_goals - 1), 0] = np.inf  # (inf * 0: a NaN of the other sign)
            values[min(1, n_goals - 1), 1:4] = np.nan
        outputs = []
        for wide in (False, True):
            out = np.zeros((n_goals, len(ptr) - 1), dtype=values.dtype)
            if wide:
                states_wide.expect_wide(values, ptr, index, row_ways, out)
            elif kind == "original":
                reroll_serial.expect_keeps(values, ptr, index, row_ways, out)
            else:
                reroll_serial.expect_keeps_sticky(values, ptr, row_ways, out)
            if not exact:
                nan = np.isnan(out)
                assert nan.any()
                out[nan] = np.nan  # one NaN (its sign may differ, see states_wide)
            outputs.append(out.tobytes())
        assert outputs[0] == outputs[1], (kind, n_goals)


def test_float_tolerance_without_a_pass():
    """``solve`` takes the float tolerance from the largest numerator: the very number
    :func:`~pokerdice_stats.turn.induction.float_tolerance` finds in the stand values."""
    from pokerdice_stats.turn import stands

    rng = np.random.default_rng(5)
    for denominator in (1, 3, 7, 7776, 10**6 + 3):
        for scale in (1, 10**3, 10**6):
            numerators = rng.integers(-scale, scale + 1, size=252).astype(np.int64)
            goal = Goal("g", numerators, denominator)
            stand, d, largest = stands.stack_int64([goal], 3)
            assert stand is not None and d == denominator
            expected = induction.float_tolerance(stand / denominator)
            assert stands.tolerance_of(largest, denominator) == expected


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("name", ["gameweave", "sticky", "rethrow-turn", "four-throws"])
def test_one_goal_path_is_the_general_path(name, exact, monkeypatch):
    """A single goal in a process with the compiled kernels takes its row from one pass
    of ``goal_row`` and (over hands) its stages as views of one kernel call: the very
    numbers of the general path, for signed numerators and odd denominators; too large
    a goal for int64 takes the general path."""
    from pokerdice_stats.turn import holds

    rules = get_rules(*RULES[name])
    rng = np.random.default_rng(27)
    for denominator in (1, 7, 7776, 10**6 + 3):
        numerators = rng.integers(-(10**6), 10**6 + 1, size=252).astype(np.int64)
        goal = Goal("g", numerators, denominator)
        with induction.quick_limit(-1):
            one = solve(rules, [goal], exact=exact)
            with monkeypatch.context() as patch:
                patch.setattr(holds, "one_goal_row", lambda *args: None)
                general = solve(rules, [goal], exact=exact)
        assert one.denominator == general.denominator
        pairs = [(one.stand, general.stand), (one.turn, general.turn)]
        assert len(one.stages) == len(general.stages) == rules.throws - 1
        for mine, theirs in zip(one.stages, general.stages, strict=True):
            pairs += [(mine.keep_values, theirs.keep_values)]
            pairs += [(mine.state_values, theirs.state_values)]
            pairs += [(mine.best_keep, theirs.best_keep)]
        for a, b in pairs:  # Python integers (object arrays) past int64: by value
            assert a.dtype == b.dtype and a.shape == b.shape
            assert np.array_equal(a, b) if a.dtype == object else a.tobytes() == b.tobytes()
    huge = Goal("huge", np.full(252, 2**60, dtype=np.int64), 1)
    with induction.quick_limit(-1):
        assert solve(rules, huge).value() == 2**60  # Python integers past int64


def test_stage_views_read_as_a_list():
    """The stages of a whole pass over hands are views made when asked, read as a list."""
    rules = get_rules("triple-snakes", {"throws": 4})
    with induction.quick_limit(-1):
        policy = solve(rules, "at-least:full-house", exact=False)
    stages = policy.stages
    assert isinstance(stages, induction.StageViews) and len(stages) == 3
    assert stages[-1] is stages[2] and stages[0] is not stages[1]
    assert [s.best_keep.shape for s in stages[1:]] == [(1, 252)] * 2
    assert next(reversed(stages)) is stages[2]
    with pytest.raises(IndexError):
        stages[3]
    assert np.shares_memory(stages[0].state_values, stages[1].state_values) is False


def test_pooled_forward_step_equals_the_twin_on_every_state():
    """``forward_step_pooled`` (integer masses pooled by keep, unsigned tables) gives the
    numpy twin's ``forward_step`` numbers on every hand, for random keep tables (any
    allowed keep of each hand, standing included) and masses with dead hands."""
    from pokerdice_stats.ground import indexing as ix
    from pokerdice_stats.turn.forward import _unsigned_tables
    from pokerdice_stats.turn.states import allowed_subkeeps

    rng = np.random.default_rng(11)
    rules = get_rules("gameweave")
    goals = 40
    options = [[int(ix.HAND_KEEP[h]), *allowed_subkeeps(rules, h, None)] for h in range(252)]
    best = np.array(
        [[options[h][rng.integers(len(options[h]))] for h in range(252)] for _ in range(goals)],
        dtype=np.int64,
    )
    mass = rng.integers(0, 10**6, size=(goals, 252)).astype(np.int64)
    mass[:, ::4] = 0
    hand_keep, ptr, col = _unsigned_tables()
    model = ix.REROLL
    outs = []
    for step, tables in [
        (numpy_reroll.forward_step, (ix.HAND_KEEP_INT64, model.ptr, model.col)),
        (reroll_serial.forward_step_pooled, (hand_keep, ptr, col)),
        (reroll.forward_step_pooled, (hand_keep, ptr, col)),
    ]:
        final = np.zeros((goals, 252), dtype=np.int64)
        nxt = np.zeros_like(mass)
        step(mass, best, tables[0], tables[1], tables[2], model.val, final, nxt)
        outs.append((final, nxt))
    for final, nxt in outs[1:]:
        assert np.array_equal(final, outs[0][0])
        assert np.array_equal(nxt, outs[0][1])
    assert outs[0][1].sum() + outs[0][0].sum() * 7776 == mass.sum() * 7776


@pytest.mark.parametrize("kind", ["aside", "original"])
def test_pooled_forward_steps_over_many_states_equal_the_others(kind):
    """``forward_step_sticky_pooled`` and ``forward_step_carried_pooled`` (integer masses
    pooled by keep) give the numbers of the unpooled kernels and of the numpy twin on
    every state, for random keep tables (any option of each state, standing included)
    and masses with dead states; every step writes the whole of ``nxt`` (the forward pass
    hands them an array of the last throw's masses)."""
    from pokerdice_stats.turn.states import carried_keeps, carried_ways, state_options

    rng = np.random.default_rng(12)
    state_hand, opt_ptr, opt_keep = state_options(kind, 3)
    pair_keep = carried_keeps()[1]
    goals = 24
    best = np.empty((goals, len(state_hand)), dtype=np.int64)
    for s, h in enumerate(state_hand):
        options = opt_keep[opt_ptr[s] : opt_ptr[s + 1]]
        keeps = [int(ix.HAND_KEEP[h]), *(pair_keep[options] if kind == "original" else options)]
        best[:, s] = rng.choice(keeps, size=goals)
    mass = rng.integers(0, 10**6, size=(goals, len(state_hand))).astype(np.int64)
    mass[:, ::3] = 0
    model = ix.REROLL
    if kind == "original":
        carried = forward.carried_states(carried_ways())
        steps = [
            numpy_reroll.forward_step_carried,
            reroll_serial.forward_step_carried,
            reroll_serial.forward_step_carried_pooled,
            reroll.forward_step_carried_pooled,
        ]
        tables: tuple = (carried,)
    else:
        steps = [
            numpy_reroll.forward_step_sticky,
            reroll_serial.forward_step_sticky,
            reroll_serial.forward_step_sticky_pooled,
            reroll.forward_step_sticky_pooled,
        ]
        tables = (model.ptr, model.col, model.val)
    outs = []
    for step in steps:
        final = np.zeros((goals, 252), dtype=np.int64)
        nxt = np.full_like(mass, 77)  # (a step writes every state)
        step(mass, best, ix.HAND_KEEP_INT64, *tables, final, nxt)
        outs.append((final, nxt))
    for final, nxt in outs[1:]:
        assert np.array_equal(final, outs[0][0])
        assert np.array_equal(nxt, outs[0][1])
    assert outs[0][1].sum() + outs[0][0].sum() * 7776 == mass.sum() * 7776


def test_keeps_die_by_die_are_the_reroll_sums_on_every_keep():
    """The keep values one die at a time (the kernels, threaded and serial, and their
    twin on int64 and on Python integers) are the reroll model's sums exactly on every
    keep, int64 numerators into an object output too (no wrapping: the exact sums past
    int64); as floats the three paths agree to the bit, within 1e-15 of the largest
    value of the sums over 7776."""
    rng = np.random.default_rng(6)
    die = ix.DIE_BY_DIE
    numerators = rng.integers(-(10**9), 10**9 + 1, size=(3, 252))
    reroll_model = ix.REROLL
    sums = np.zeros((3, 462), dtype=np.int64)
    numpy_reroll.expect_keeps(
        numerators, reroll_model.ptr, reroll_model.col, reroll_model.val, sums
    )
    hand_keep = ix.HAND_KEEP_INT64
    for expect in (reroll.expect_keeps_by_die, reroll_serial.expect_keeps_by_die):
        out = np.zeros((3, 462), dtype=np.int64)
        expect(numerators, hand_keep, die.grow, die.order, die.scale, None, out)
        assert np.array_equal(out, sums)
    twin = np.zeros((3, 462), dtype=np.int64)
    numpy_reroll.expect_keeps_by_die(
        numerators, hand_keep, die.grow, die.order, die.scale, None, twin
    )
    assert np.array_equal(twin, sums)
    big = numerators.astype(object) * 10**30
    twin_big = np.zeros((3, 462), dtype=object)
    numpy_reroll.expect_keeps_by_die(big, hand_keep, die.grow, die.order, die.scale, None, twin_big)
    assert np.array_equal(twin_big, sums.astype(object) * 10**30)
    near_top = np.full((1, 252), 2**62, dtype=np.int64)  # its sums are past int64
    exact = np.zeros((1, 462), dtype=object)
    numpy_reroll.expect_keeps_by_die(
        near_top, hand_keep, die.grow, die.order, die.scale, None, exact
    )
    assert (exact == 2**62 * 7776).all()
    values = numerators / 7.0
    means = []
    for expect in (
        reroll.expect_keeps_by_die,
        reroll_serial.expect_keeps_by_die,
        numpy_reroll.expect_keeps_by_die,
    ):
        out = np.zeros((3, 462))
        expect(values, hand_keep, die.grow, die.order, die.scale, die.throws, out)
        means.append(out)
    assert means[0].tobytes() == means[1].tobytes() == means[2].tobytes()
    reference = sums / 7.0 / 7776
    assert np.abs(means[0] - reference).max() <= 1e-15 * np.abs(reference).max()
