"""The round's saved seat tables and the goal memo give the same play, bit for bit.

Twins: :func:`~pokerdice_stats.games.seen.exact.goal_memo.solve_goals` against the plain
batch solve (``holds.solve`` of every goal, as before the memo), and the advice
built from saved tables (:mod:`pokerdice_stats.games.seen.exact.round_tables`, one goal
solved on the numpy twins) against the advice from the solved round itself.
"""

from __future__ import annotations

import dataclasses
import pickle
import threading

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.seen.exact import advice as advice_module
from pokerdice_stats.games.seen.exact import round_tables, rounds
from pokerdice_stats.games.seen.exact.goal_memo import GoalMemo, solve_goals
from pokerdice_stats.games.seen.exact.strengths import goals_from_values, strength_distribution
from pokerdice_stats.ground.cache_dir import CACHE_ENV
from pokerdice_stats.turn.holds import Policy, solve


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    rounds.clear_caches()
    yield
    rounds.clear_caches()


def _rows(advice) -> list[tuple]:
    return [(r["keep_index"], r["value"], r["value_float"], r["optimal"]) for r in advice.rows]


def _same_bits(a: list[tuple], b: list[tuple]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert x[0] == y[0] and x[3] == y[3]
        for u, v in zip(x[1:3], y[1:3], strict=True):
            assert type(u) is type(v)
            assert u == v  # floats: the same number (so the same repr)
            if isinstance(u, float):
                assert np.float64(u).tobytes() == np.float64(v).tobytes()


CASES = [
    # rules, options, dice, against, tied, players_left, limit, throws_left
    ("gameweave", {}, "K K 9 10 J", "Q Q 9 9 10", 1, 1, None, 2),
    ("gameweave", {}, "K K 9 10 J", "Q Q 9 9 10", 2, 1, None, 1),
    ("gameweave", {}, "K K 9 10 J", None, 1, 2, None, None),
    ("gameweave", {"throw_limit": "first-player"}, "K K 9 10 J", "Q Q 9 9 10", 1, 1, 2, 1),
    ("gameweave", {"throw_limit": "first-player"}, "K K 9 10 J", None, 1, 1, None, None),
    ("triple-snakes", {}, "3 3 5 6 1", "4 4 4 2 2", 1, 2, None, None),
    ("triple-snakes", {}, "3 3 5 6 1", None, 1, 3, None, 1),
    ("progressive", {}, "3 3 5 6 1", "4 4 2 2 1", 2, 1, None, None),
    ("progressive", {"throw_limit": "first-player"}, "3 3 5 6 1", None, 1, 2, None, None),
    ("triple-snakes", {"sticky_holds": True}, "3 3 5 6 1", "4 4 2 2 1", 1, 1, None, None),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[5]}-{c[3]}" for c in CASES])
def test_advice_from_saved_tables_equals_advice_from_the_round(case, monkeypatch):
    preset, options, dice, against, tied, left, limit, throws_left = case
    rules = get_rules(preset, options)

    def ask():
        return advice_module.round_advice(
            rules, dice, throws_left, against=against, tied=tied, players_left=left, limit=limit
        )

    solved = ask()  # no tables yet: solves the round and saves them
    assert round_tables.load(rules, solved.context["players"], solved.exact) is not None
    rounds.clear_caches()

    def refuse(*args, **kwargs):
        raise AssertionError("the round was solved again")

    monkeypatch.setattr(rounds, "solve_round", refuse)
    again = ask()
    assert len(again.policy.turn) == 1  # one goal solved
    _same_bits(_rows(again), _rows(solved))
    assert again.context == solved.context


def test_unreadable_or_foreign_tables_are_ignored(tmp_path, monkeypatch):
    rules = get_rules("triple-snakes")
    first = advice_module.round_advice(rules, "3 3 5 6 1", against="4 4 4 2 2", players_left=1)
    path = round_tables._path(rules, 3, first.exact)
    assert path is not None and path.exists()
    path.write_text("{not json")
    assert round_tables.load(rules, 3, first.exact) is None
    again = advice_module.round_advice(rules, "3 3 5 6 1", against="4 4 4 2 2", players_left=1)
    _same_bits(_rows(again), _rows(first))
    # Tables of other code (another fingerprint) are another file.
    monkeypatch.setattr(round_tables, "fingerprint", lambda: "other code")
    assert round_tables._path(rules, 3, first.exact) != path
    assert round_tables.load(rules, 3, first.exact) is None


def test_no_tables_kept_when_the_folder_is_empty_or_unwritable(tmp_path, monkeypatch):
    rules = get_rules("triple-snakes")
    monkeypatch.setenv(CACHE_ENV, "")
    assert round_tables.cache_folder() is None
    advice_module.round_advice(rules, "3 3 5 6 1", against="4 4 4 2 2", players_left=1)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(CACHE_ENV, str(blocker))  # rounds/ cannot be made in it
    advice = advice_module.round_advice(rules, "3 3 5 6 1", against="4 4 4 2 2", players_left=1)
    assert advice.rows
    assert round_tables.load(rules, 3, advice.exact) is None


def _plain(rules, values, throws):
    """The batch as solved before the memo: every goal, one holds.solve."""
    goals = goals_from_values(values, rules, False, "g")
    policy = solve(rules, goals, throws=throws, exact=False)
    numerators, denominator = policy.final_distribution()
    return policy, strength_distribution(numerators, denominator, rules, False)


def test_goal_memo_equals_the_plain_batch_on_every_state():
    rules = get_rules("gameweave")
    size = 252
    rng = np.random.default_rng(12)
    first = rng.random((5, size))
    second = np.concatenate([first[[3, 0]], rng.random((2, size)), first[[0]]])
    memo = GoalMemo()
    for values in (first, second):
        policy, dist = solve_goals(rules, values, 3, False, "g", memo)
        plain, plain_dist = _plain(rules, values, 3)
        assert np.array_equal(dist, plain_dist)
        assert np.array_equal(policy.turn, plain.turn)
        assert np.array_equal(policy.stand, plain.stand)
        for stage, twin in zip(policy.stages, plain.stages, strict=True):
            assert np.array_equal(stage.keep_values, twin.keep_values)
            assert np.array_equal(stage.state_values, twin.state_values)
            assert np.array_equal(stage.best_keep, twin.best_keep)
    assert memo.asked == 10
    assert memo.solved == 7  # the second batch repeats two goals, one of them twice
    # the second batch is assembled from remembered rows: it copies and pickles as a policy
    assert type(policy).__name__ == "AssembledPolicy"
    for twin in (dataclasses.replace(policy), pickle.loads(pickle.dumps(policy))):
        assert isinstance(twin, Policy)
        assert np.array_equal(twin.stand, plain.stand) and np.array_equal(twin.turn, plain.turn)
        assert twin.final_distribution()[0].tobytes() == plain.final_distribution()[0].tobytes()


def test_a_full_goal_memo_forgets_and_still_gives_the_plain_batch():
    rules = get_rules("gameweave")
    rng = np.random.default_rng(5)
    first = rng.random((4, 252))
    second = np.concatenate([first[[1, 2]], rng.random((3, 252))])
    memo = GoalMemo()
    solve_goals(rules, first, 3, False, "g", memo)
    memo.limit = memo.held + 1  # the next batch does not fit beside the first
    policy, dist = solve_goals(rules, second, 3, False, "g", memo)
    plain, plain_dist = _plain(rules, second, 3)
    assert np.array_equal(dist, plain_dist)
    for stage, twin in zip(policy.stages, plain.stages, strict=True):
        assert np.array_equal(stage.state_values, twin.state_values)
        assert np.array_equal(stage.best_keep, twin.best_keep)
    assert memo.solved == 7
    assert len(memo.rows) == 3  # only the last batch's new goals are kept


def test_a_goal_memo_serves_one_solve_at_a_time():
    """The web coach solves in threads through one memo a rule set: a solve waits for the
    memo's lock (a batch read while another's ``remember`` forgot rows raised KeyError)."""
    rules = get_rules("gameweave")
    rng = np.random.default_rng(7)
    values = rng.random((3, 252))
    memo = GoalMemo()
    answers = []
    with memo.lock:
        worker = threading.Thread(
            target=lambda: answers.append(solve_goals(rules, values, 3, False, "g", memo))
        )
        worker.start()
        worker.join(0.5)
        assert worker.is_alive() and not answers  # waiting for the lock
    worker.join(60)
    assert not worker.is_alive() and len(answers) == 1
    assert np.array_equal(answers[0][1], _plain(rules, values, 3)[1])


def test_threads_sharing_a_full_goal_memo_give_the_plain_batches():
    """Many threads, overlapping goals, a memo that forgets at every batch: every answer
    is the plain batch's (the race this guards against failed with KeyError)."""
    rules = get_rules("gameweave")
    rng = np.random.default_rng(11)
    pool = rng.random((6, 252))
    batches = [pool[rng.choice(6, size=3)] for _ in range(8)]
    plain = [_plain(rules, values, 3)[1] for values in batches]
    memo = GoalMemo()
    solve_goals(rules, pool[:1], 3, False, "g", memo)
    memo.limit = memo.held + 1  # a second batch never fits beside the first: rows forgotten
    got: dict[int, np.ndarray] = {}
    failures: list[BaseException] = []

    def work(i: int) -> None:
        try:
            got[i] = solve_goals(rules, batches[i], 3, False, "g", memo)[1]
        except BaseException as err:  # handed to the test's thread
            failures.append(err)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(batches))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures
    for i, expected in enumerate(plain):
        assert np.array_equal(got[i], expected), i


def test_rounds_with_and_without_the_memo_agree_bit_for_bit(monkeypatch):
    rules = get_rules("gameweave")
    seen = []
    solve = rounds.solve_chain

    def spy(*args, **kwargs):
        seen.append(args[-1])
        return solve(*args, **kwargs)

    monkeypatch.setattr(rounds, "solve_chain", spy)
    with_memo = rounds.solve_round(rules, 3)
    assert seen and all(m is seen[0] for m in seen) and seen[0].solved < seen[0].asked
    assert not rounds._MEMOS  # forgotten once the round is solved
    rounds.clear_caches()
    monkeypatch.setattr(rounds, "_memo", lambda rules, throws, exact: None)
    plain = rounds.solve_round(rules, 3)
    assert with_memo.win == plain.win
    assert with_memo.iterations == plain.iterations
    for seat in (2, 3):
        a, b = with_memo.chain().policies[seat], plain.chain().policies[seat]
        assert np.array_equal(a.turn, b.turn)
        assert np.array_equal(a.stages[-1].best_keep, b.stages[-1].best_keep)
        assert np.array_equal(with_memo.chain().values[seat], plain.chain().values[seat])


def test_tables_missing_a_seat_are_ignored():
    rules = get_rules("triple-snakes")
    first = advice_module.round_advice(rules, "3 3 5 6 1", against="4 4 4 2 2", players_left=1)
    path = round_tables._path(rules, 3, first.exact)
    assert path is not None
    text = path.read_text()
    assert round_tables.load(rules, 3, first.exact) is not None
    path.write_text(text.replace('"3":', '"9":'))  # seat 3 gone
    assert round_tables.load(rules, 3, first.exact) is None


def test_the_smaller_rounds_of_a_rolloff_are_saved_too():
    rules = get_rules("gameweave")
    advice_module.round_advice(rules, "K K 9 10 J", 2, against="Q Q 9 9 10", players_left=1)
    assert round_tables.load(rules, 3, False) is not None
    assert round_tables.load(rules, 2, False) is not None  # solved for its roll-off chances
    rounds.clear_caches()
    solved = rounds.solve_round(rules, 2)
    tables = round_tables.load(rules, 2, False)
    assert tables is not None
    mine, goal = tables.policy(2, "Q Q 9 9 10", 1, None)
    theirs, their_goal = solved.policy(2, "Q Q 9 9 10", 1)
    hand = 100
    assert mine.hold_rows(hand, 2, goal) == theirs.hold_rows(hand, 2, their_goal)
