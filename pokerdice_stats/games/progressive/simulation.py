"""Simulated progressive sessions against the computer: banks, ruin and payout per round.

The exact side is :mod:`pokerdice_stats.games.progressive.exact.payout` (the payout of a
round); the kernel is :mod:`pokerdice_stats.kernels.simulation.progressive`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.engines.blind.simple_strategies import max_category_goal
from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.policy_tables import (
    heuristic_table,
    optimal_tables,
    tables_of_policy,
)
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.progressive.exact.bank import MAX_BANK
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    optimal_computer,
    player_response,
)
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    SEED_NAME,
    PayoutSchedule,
    payout_matrix,
)
from pokerdice_stats.ground.bounds import MAX_SESSION_ROUNDS, chunk_sessions
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.simulation.progressive import progressive_chunk
from pokerdice_stats.kernels.simulation.records import (
    ProgressiveGame,
    ProgressiveSession,
    ProgressiveTally,
)
from pokerdice_stats.turn.goals import at_least
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code

#: Sessions a chunk (small: a session is many rounds).
SESSION_CHUNK = 1 << 8
#: Sessions simulated when the run options do not say.
DEFAULT_SESSIONS = 10_000
#: Most rounds a simulated session plays (the bound of every game's sessions).
MAX_ROUNDS = MAX_SESSION_ROUNDS
#: Starting bank of a progressive session (004).
PROGRESSIVE_BANK = 10_000


@dataclass(frozen=True)
class ProgressiveJob:
    """Progressive sessions (the player sees the computer's hand): what a chunk needs."""

    session: ProgressiveSession
    game: ProgressiveGame
    desc: str = "sessions"
    chunk_size: int = SESSION_CHUNK

    def new_tally(self, size: int) -> ProgressiveTally:
        every = self.session.record_every
        n_path = self.session.rounds // every + 1 if every else 0
        return zeros_tally(
            ProgressiveTally, each_bank=size, each_broke_at=size, each_path=(size, n_path)
        )

    def fill(self, state: np.ndarray, size: int, tally: ProgressiveTally) -> None:
        session = self.session._replace(record_every=max(self.session.record_every, 1))
        progressive_chunk(state, size, session, self.game, tally)


def computer_table(rules: RuleSet, computer: str, response) -> np.ndarray:
    """The ``(1, T - 1, S)`` table of a progressive computer policy."""
    computer = canonical_policy(computer)
    if computer == "optimal":
        return tables_of_policy(optimal_computer(rules, response)[0])
    if computer in ("stand", "largest-set"):
        return heuristic_table(rules, computer)[None]
    if computer == "at-least-three":
        return optimal_tables(rules, [at_least(hand_table(rules), "three-of-a-kind")], exact=True)
    if computer == "max-category":
        return optimal_tables(rules, [max_category_goal(rules)], exact=True)
    raise OptionError(
        f"unknown computer policy {computer!r}; choose one of: " + ", ".join(COMPUTER_POLICIES)
    )


def progressive_job(
    rules: RuleSet,
    computer: str = "optimal",
    session: ProgressiveSession | None = None,
    schedule=None,
) -> ProgressiveJob:
    """The :class:`ProgressiveJob` of sessions against a computer policy.

    ``session`` defaults to one round from :data:`PROGRESSIVE_BANK`, no ceiling,
    no recorded path, ruin at a bank of 0 or less (``floor`` 1: see
    :func:`simulate_progressive` for the ruin of a session); ``schedule`` to the
    progressive payout schedule.

    Raises
    ------
    OptionError
        For a bad number of rounds, starting bank or computer policy, or the
        first player's throw limit.
    """
    session = session or ProgressiveSession(1, PROGRESSIVE_BANK, 0, 0)
    schedule = schedule or PROGRESSIVE_SCHEDULE
    rounds = session.rounds
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"rounds must be a whole number from 1 to {MAX_ROUNDS:,}, got {rounds}")
    start = session.start_bank
    if not isinstance(start, int) or start < 1:
        raise OptionError(f"the starting bank must be a whole number of at least 1, got {start}")
    require_independent_turns(rules, "a progressive session")
    payout = payout_matrix(rules, schedule)
    response = player_response(rules, payout)
    game = ProgressiveGame(
        computer=computer_table(rules, computer, response),
        player=tables_of_policy(response.policy),
        column=np.asarray(response.column, dtype=np.int64),
        payout=np.ascontiguousarray(payout, dtype=np.int64),
        throws=rules.throws,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return ProgressiveJob(session, game, chunk_size=chunk_sessions(rounds, SESSION_CHUNK))


@dataclass(frozen=True)
class SessionResult:
    """Simulated progressive sessions.

    Attributes
    ----------
    bank : Estimate
        Mean bank after the session (normal interval).
    broke : Estimate
        Chance of ruin (Wilson): the player's bank fell below ``floor``, the
        largest loss of a round, so it could no longer cover it; the session stops.
    computer_broke : Estimate
        Chance the computer's bank did.
    payout : Estimate
        Mean payout to the player per round played (normal interval).
    final_banks : (n,) int64
    broke_at : (n,) int64
        Round the player went broke, minus the round the computer did (0: neither).
    paths : (n, K) int64
        Banks every ``record_every`` rounds (empty unless asked for).
    """

    bank: stats.Estimate
    broke: stats.Estimate
    computer_broke: stats.Estimate
    payout: stats.Estimate
    final_banks: np.ndarray
    broke_at: np.ndarray
    paths: np.ndarray
    rounds: int
    start: int
    computer: str
    n: int
    seed: int
    interrupted: bool = False
    schedule: str = SEED_NAME
    floor: int = 1
    computer_bank: int = 0

    @property
    def ruin_rule(self) -> str:
        """What ruin means here, in words (every output says it)."""
        return f"the bank can no longer cover the largest loss of a round ({self.floor:,} points)"


def simulate_progressive(
    rules: RuleSet,
    rounds: int = 100,
    computer: str = "optimal",
    start: int = PROGRESSIVE_BANK,
    *,
    record_every: int = 0,
    computer_bank: int | None = None,
    schedule: PayoutSchedule | None = None,
    run: RunOptions | None = None,
) -> SessionResult:
    """Simulate progressive sessions of ``rounds`` rounds from a bank of ``start``.

    The computer throws first and follows ``computer``; the player sees its
    final hand and plays the optimal answer; the loser pays by ``schedule``
    (default: the seed's, 004).  Ruin is the issue's (and the exact
    :func:`pokerdice_stats.games.progressive.exact.bank.bank_distribution`'s): a bank
    that can no longer cover the largest loss of a round (the most the
    schedule makes a loser pay) is ruined and the session stops there, for
    the player's bank and for the computer's (``computer_bank``, by default
    as large as the player's; 0 for a computer that never runs out).
    ``run``: samples (default 10,000 sessions), seed, workers, progress bar.

    Raises
    ------
    OptionError
        For bad rounds, banks or computer policy, rules other than
        ``ties=push``, or a starting bank that cannot cover the largest loss.
    ScheduleError
        For a schedule these rules cannot use (or amounts that are not whole).
    """
    run = run or RunOptions()
    if rules.ties != "push":
        raise OptionError("progressive sessions need the progressive rules (ties=push)")
    computer_bank = start if computer_bank is None else int(computer_bank)
    for whose, amount in (("starting", start), ("computer's", computer_bank)):
        if isinstance(amount, int) and amount > MAX_BANK:
            raise OptionError(
                f"the {whose} bank must be at most {MAX_BANK:,} points (banks are counted "
                f"exactly in 64-bit integers), got {amount:,}"
            )
    if computer_bank < 0:
        raise OptionError(f"the computer's bank must be 0 (unlimited) or more, got {computer_bank}")
    ceiling = start + computer_bank if computer_bank else 0
    schedule = schedule or PROGRESSIVE_SCHEDULE
    floor = largest_loss(rules, schedule)
    for whose, amount in (("starting", start), ("computer's", computer_bank or floor)):
        if isinstance(amount, int) and amount < floor:
            raise OptionError(
                f"the {whose} bank ({amount:,}) cannot cover the largest loss of a round "
                f"({floor:,} points under schedule {schedule.label}): ruined before the first round"
            )
    _check_tally(rules, schedule, rounds, start, run.samples(DEFAULT_SESSIONS))
    session = ProgressiveSession(rounds, start, ceiling, record_every, floor)
    done = run_job(progressive_job(rules, computer, session, schedule), run, DEFAULT_SESSIONS)
    t = done.totals
    banks = t["each_bank"]
    broke_at = t["each_broke_at"]
    seed = run.seed
    bank = stats.mean(
        float(banks.sum()), float((banks.astype(np.float64) ** 2).sum()), done.n, seed
    )
    broke = stats.proportion(int((broke_at > 0).sum()), done.n, seed)
    computer_broke = stats.proportion(int((broke_at < 0).sum()), done.n, seed)
    payout = stats.mean(
        float(t["payout_sum"][0]), float(t["payout_sum_sq"][0]), int(t["rounds_played"][0]), seed
    )
    return SessionResult(
        bank,
        broke,
        computer_broke,
        payout,
        banks,
        broke_at,
        t["each_path"],
        rounds,
        start,
        computer,
        done.n,
        seed,
        done.interrupted,
        schedule.label,
        floor,
        computer_bank,
    )


def _check_tally(rules: RuleSet, schedule: PayoutSchedule, rounds, start, n: int) -> None:
    """Refuse sessions whose int64 tallies could overflow (a silently wrong answer): the
    sums of pays and of squared pays over every round, and of the final banks."""
    if not isinstance(rounds, int) or not isinstance(start, int) or not 1 <= rounds <= MAX_ROUNDS:
        return  # progressive_job refuses them, naming the bound
    largest = int(np.abs(payout_matrix(rules, schedule)).max())
    if n * rounds * largest**2 >= 2**63 or n * (start + rounds * largest) >= 2**63:
        raise OptionError(
            f"{n:,} sessions of {rounds:,} rounds with pays up to {largest:,} points are past "
            "what the tally counts exactly (sums must stay below 2**63): lower --n, --rounds, "
            "--start or the schedule's pays"
        )


def largest_loss(rules: RuleSet, schedule: PayoutSchedule) -> int:
    """The most a round can cost the player (points): the ruin line of a session.

    The largest amount the schedule makes a loser pay among the categories of
    ``rules``, the same number
    :func:`pokerdice_stats.games.progressive.exact.bank.distribution_of_amounts` takes as
    its default ``floor`` (the largest loss of a round).
    """
    return max(int(-payout_matrix(rules, schedule).min()), 0)
