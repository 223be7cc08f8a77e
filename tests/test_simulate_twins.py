"""Every simulation chunk kernel against its plain-Python twin on the same random stream.

The twins (:mod:`reference_stream`) read the numbers the kernels read, so on
the same chunk state a kernel and its twin give identical tallies: these
comparisons are exact, with fixed seeds and small chunks (no statistical
bound).  The cases cover every tie rule, the first player's throw limit,
sticky holds, every starter rule, a mixed blind strategy, and sessions that
stop when a bank runs out.
"""

from __future__ import annotations

import numpy as np
import pytest
import reference_stream as twin

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import chunk_state, play_chunk
from pokerdice_stats.engines.simulation.turns import TurnJob, policy_table
from pokerdice_stats.games.banking.simulation.rounds import BlindRoundJob, blind_round_game
from pokerdice_stats.games.progressive.simulation import progressive_job
from pokerdice_stats.games.seen.simulation.holdup import HoldupJob
from pokerdice_stats.games.seen.simulation.matches import MatchJob
from pokerdice_stats.games.seen.simulation.pots import PotJob
from pokerdice_stats.games.seen.simulation.rounds import RoundJob, seen_round_game
from pokerdice_stats.kernels.codes import STARTER_CODES
from pokerdice_stats.kernels.simulation import rng
from pokerdice_stats.kernels.simulation.records import (
    Holder,
    MatchFormat,
    PotSession,
    ProgressiveSession,
)
from pokerdice_stats.turn.goals import parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.states import state_code


def assert_same(kernel: dict, plain: dict) -> None:
    assert kernel.keys() == plain.keys()
    for key in kernel:
        assert np.array_equal(kernel[key], plain[key]), (key, kernel[key], plain[key])


def run_both(job, plain_chunk, size: int, seed: int, index: int = 0) -> dict:
    """The kernel's and the twin's tallies of chunk ``index``; asserts they are equal."""
    kernel = play_chunk(job, chunk_state(seed, index), size)
    assert_same(kernel, plain_chunk(job, chunk_state(seed, index), size))
    return kernel


# ----------------------------------------------------------------------------
# The generator.


def test_generator_outputs_and_draws_follow_the_stream():
    state = chunk_state(5, 2)
    stream = twin.Stream(state)
    expected = 0
    for _ in range(1000):
        expected ^= stream.next_u64()
    assert int(rng.raw_u64_xor(state.copy(), 1000)) == expected
    out = np.empty(3000, dtype=np.int64)
    rng.throw_codes(state.copy(), 3000, out)
    stream = twin.Stream(state)
    assert out.tolist() == [stream.below(7776) for _ in range(3000)]


# ----------------------------------------------------------------------------
# Turns and rounds.


@pytest.mark.parametrize(
    ("preset", "options", "goal"),
    [
        ("gameweave", {}, "at-least:full-house"),
        ("gameweave", {"sticky_holds": "true", "max_rethrow": "3"}, "at-least:four-of-a-kind"),
        ("classic", {"max_rethrow": "3"}, "at-least:four-of-a-kind"),  # turn-scoped
        ("progressive", {"throws": "4"}, "exactly:big-straight"),
    ],
)
def test_turns(preset, options, goal):
    rules = get_rules(preset, options)
    best = policy_table(rules, "optimal", parse_goal(goal, hand_table(rules)))
    job = TurnJob(best, rules.throws - 1, state_code(rules))
    tally = run_both(job, twin.turns_chunk, 1500, seed=3, index=1)
    assert tally["throws_used"][2:].sum() > 0  # some turns threw again


ROUND_CASES = [
    ("gameweave", {}, 3),  # roll-off
    ("triple-snakes", {}, 3),  # must-beat
    ("banking", {}, 3),  # split (seen)
    ("progressive", {}, 2),  # push
    ("classic", {"throw_limit": "first-player"}, 3),  # the first player's throw limit
    ("gameweave", {"sticky_holds": "true"}, 2),
    ("classic", {"max_rethrow": "2"}, 2),  # turn-scoped max_rethrow
]


@pytest.mark.parametrize(("preset", "options", "players"), ROUND_CASES)
def test_rounds(preset, options, players):
    rules = get_rules(preset, {**options, "knowledge": "seen"})  # banking's too
    game, _ = seen_round_game(rules, players)
    tally = run_both(RoundJob(players, game), twin.rounds_chunk, 400, seed=4)
    assert tally["no_policy"][0] == 0
    if rules.ties == "roll-off":
        assert tally["subrounds"][0] > 400  # roll-offs happened


# ----------------------------------------------------------------------------
# Matches, sessions of pots, hold-ups.


@pytest.mark.parametrize("starter", ["last-thrower", "rotate", "winner"])
@pytest.mark.parametrize(("preset", "players"), [("gameweave", 3), ("triple-snakes", 2)])
def test_matches(preset, players, starter):
    rules = get_rules(preset)
    game, _ = seen_round_game(rules, players)
    job = MatchJob(MatchFormat(players, 2, STARTER_CODES[starter]), game)
    tally = run_both(job, twin.matches_chunk, 60, seed=6)
    assert tally["wins"].sum() == 60
    assert tally["rounds_sum"][0] > 60


@pytest.mark.parametrize(
    ("preset", "options", "players", "starter"),
    [
        ("triple-snakes", {}, 3, "winner"),
        ("gameweave", {}, 3, "last-thrower"),
        ("gameweave", {"ties": "split"}, 3, "rotate"),  # split pots
        ("progressive", {"ties": "split", "throws": "2"}, 2, "winner"),
    ],
)
def test_pots(preset, options, players, starter):
    rules = get_rules(preset, options)
    game, _ = seen_round_game(rules, players)
    job = PotJob(PotSession(players, 5, 2, STARTER_CODES[starter]), game)
    tally = run_both(job, twin.pots_chunk, 30, seed=7)
    assert tally["net"].sum() == 0  # every chip won was anted by someone


@pytest.mark.parametrize(
    ("preset", "options", "hand", "left"),
    [
        ("triple-snakes", {}, "4 4 4 2 1", 2),
        ("gameweave", {}, "K K K Q Q", 2),  # roll-offs when tied
        ("gameweave", {"ties": "split"}, "9 9 10 10 J", 3),
    ],
)
def test_holdups(preset, options, hand, left):
    rules = get_rules(preset, options)
    game, _ = seen_round_game(rules, left + 1)
    job = HoldupJob(Holder(left + 1, hand_table(rules).hand(hand), rules.throws), game)
    tally = run_both(job, twin.holdup_chunk, 400, seed=8)
    assert tally["share"].sum() == 400 * twin.SHARE_UNIT


# ----------------------------------------------------------------------------
# Progressive sessions.


@pytest.mark.parametrize(
    ("computer", "session"),
    [
        ("stand", ProgressiveSession(40, 300, 600, 7)),  # both banks can run out
        ("optimal", ProgressiveSession(5, 10_000, 0, 1)),
        ("max-category", ProgressiveSession(12, 500, 0, 1)),
    ],
)
def test_progressive_sessions(computer, session):
    rules = get_rules("progressive")
    job = progressive_job(rules, computer, session)
    tally = run_both(job, twin.progressive_chunk, 40, seed=9)
    if session.ceiling:
        assert (tally["each_broke_at"] != 0).any()  # some session stopped early


def test_progressive_sessions_without_a_path():
    rules = get_rules("progressive")
    job = progressive_job(rules, "stand", ProgressiveSession(10, 200, 0, 0))
    tally = run_both(job, twin.progressive_chunk, 30, seed=10)
    assert tally["each_path"].shape == (30, 0)


# ----------------------------------------------------------------------------
# Blind rounds.


@pytest.mark.parametrize(
    ("preset", "options", "players", "policy"),
    [
        ("banking", {}, 2, None),  # the equilibrium (a pure strategy): no draw
        ("banking", {"sticky_holds": "true"}, 2, None),  # a mixture: one draw a seat
        ("banking", {}, 4, "equilibrium"),  # the 4-seat equilibrium, a mixture of five
        ("gameweave", {}, 3, "largest-set,stand,max-category"),  # roll-off
        ("triple-snakes", {}, 3, "largest-set,stand,largest-set"),  # must-beat
        ("progressive", {}, 2, "stand,largest-set"),  # push
    ],
)
def test_blind_rounds(preset, options, players, policy):
    rules = get_rules(preset, options)
    game, seats = blind_round_game(rules, players, policy)
    tally = run_both(BlindRoundJob(players, game), twin.blind_rounds_chunk, 300, seed=11)
    assert tally["final_hands"].sum() == 300 * players
    if options.get("sticky_holds") or policy == "equilibrium":
        assert np.diff(seats.seat_ptr).max() > 1  # a genuine mixture was drawn from


# ----------------------------------------------------------------------------
# Blind banking sessions.


@pytest.mark.parametrize(
    ("options", "players", "policy", "rounds", "start", "ante", "every"),
    [
        ({}, 2, None, 30, 40, 10, 4),  # seats run out; the session ends with one left
        ({"sticky_holds": "true"}, 3, None, 25, 30, 10, 0),  # mixtures at 3 and 2 seats
        ({}, 4, "equilibrium,stand,largest-set,equilibrium", 40, 20, 5, 7),  # 3-way splits
        ({"tiebreak": "category"}, 5, None, 20, 30, 10, 3),  # many split pots
    ],
)
def test_banking_sessions(options, players, policy, rounds, start, ante, every):
    from pokerdice_stats.games.banking.simulation.sessions import banking_session_job

    rules = get_rules("banking", options)
    job, _ = banking_session_job(rules, players, rounds, start, ante, policy, every)
    tally = run_both(job, twin.banking_sessions_chunk, 60, seed=12)
    assert (tally["each_out_at"] > 0).any()  # some seat was out
    assert (tally["each_length"] < rounds).any()  # some session ended with one seat left
    assert (tally["each_bank"].sum(axis=1) == players * job.session.start).all()  # no chip lost
    if options.get("sticky_holds"):
        assert np.diff(job.game.seat_ptr).max() > 1  # genuine mixtures were drawn from


def test_every_game_hands_the_turn_one_kind_of_table():
    """The seen round, the blind round and the progressive session give the compiled
    Monte Carlo turn writable C-contiguous int16 tables, as a pickled job's arrive in a
    worker process: one compiled turn serves them all (a read-only table would compile it
    once more)."""
    tables = [
        seen_round_game(get_rules("gameweave"), 2)[0].best,
        blind_round_game(get_rules("banking"), 2)[0].best,
    ]
    job = progressive_job(get_rules("progressive"), "stand", ProgressiveSession(2, 10, 0, 0))
    tables += [job.game.computer, job.game.player]
    for table in tables:
        assert table.dtype == np.int16 and table.ndim == 3
        assert table.flags.c_contiguous and table.flags.writeable
